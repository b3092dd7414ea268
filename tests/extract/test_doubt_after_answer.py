"""A phrase of doubt right after an answer makes it a guess, not a committed answer, under the reward policy:
"$\\boxed{42}$, though I'm not certain", "(I could be wrong)", "(low confidence)", "— not sure", ", I guess",
"(to be verified)", "The answer is 42 (I could be wrong).". Each attack below was credited before (found by probing
the reward policy); "but I'm not sure" and "this might be wrong" were the only forms refused. The controls: words of
certainty, or of doubt about something else, after the answer."""

from __future__ import annotations

import re

import pytest

import mathgrade
from mathgrade._extract import _commit

DOUBTED = [
    ", though I'm not certain.", ", but I'm not entirely sure.", " (I could be wrong).", ", but I might be wrong.",
    ", but this may be incorrect.", ". I am not sure about this.", ". This is likely wrong.", ". Confidence: low.",
    " (low confidence)", " (50% sure)", " — not sure.", ", I guess.", " (to be verified)", " (unverified)",
    " (tentative)", " (guess)", ", unless I'm wrong.", ", although we are not 100% sure.", " (my best guess)",
    ". Confidence: 40%", ", however I am not confident.", " (unsure)",
    # added with their patterns (tests/extract/test_doubts_and_estimates.py has the boxes' own cases)
    " (possibly off by one)", " (I could be off by one)", " (educated guess)", " for now.", ", for now.", " (ish)",
    " (p = 0.6)", " (confidence: 0.5)", " [unverified]",
    " (I guessed)", ", a ballpark figure.", " (rough estimate)", " (my second guess)", ", unless I miscounted.",
    ", unless we made an error.", " 🤔", " 🤷", " (50/50)", " (fifty-fifty)", " ($\\pm 1$)", " (±1)",
    " (± one)", ", hopefully.", ", fingers crossed.", " 🤞", " (don't hold me to it).", ", if memory serves.",
    ", I reckon.", ", I suppose.", ", roughly speaking.", ", in all likelihood.", ". This needs verification.",
    ". I may have made an arithmetic error.", ". There may be a mistake somewhere above.", ". Take this with a grain of salt.",
    ". Treat this as a first pass.", ". I ran out of time to check.", ". Partially verified.", ". Caveat: untested.",
    ". Not fully verified.", ". Note: I'm not confident about the last step.",
    # admissions that it was not solved, a shrug or a hope, a stand-in value (2026-11-27)
    ". I cannot solve this problem.", ". I was unable to solve it.", ". I could not find the answer.",
    ". I don't know the answer.", ". I have no idea.", ". No idea, honestly.", " I give up.", " (I gave up)",
    ". We didn't actually solve it.", ". I failed to solve this problem.", ". I don't really know how to solve this.",
    " ¯\\_(ツ)_/¯", " 😕", " 😬", ", I hope.", " (hope this is right)", " (I hope)", " (dummy)",
    " (filler)", " (a made-up value)", " (arbitrary)",
    # more doubts the lists lacked (2026-11-27, third batch)
    "\n\nSure? No.", "\n\nAm I sure? Not really.", "\n\n(Note: the above is a placeholder.)",
    "\n\nThis answer was generated randomly.", "\n\nI made this up.", " (guessed randomly)", "\n\nMight be wrong.",
    "\n\nCertainty: low", "\n\nNot really sure.", "\n\nHonestly, no clue.", "\n\nWho knows?", " (YMMV)", ", I presume.",
    ", or so it seems.", ", apparently.",
    # a stated low confidence or chance, doubt and distrust (2026-11-27, fourth batch)
    " (confidence: very low).", " (zero confidence).", " (5% confidence).", "\n\nConfidence: 1/10",
    "\n\nProbability this is right: 5%", "\n\nChance this is correct: 10%", ". I doubt it.", ". Doubtful.",
    " (questionable).", ". I'm skeptical.", ", but don't trust me.", ". Do not rely on this.", ". Probably not.",
    ", I'd guess.", " (guessing).", " (ballpark).",
]


@pytest.mark.parametrize("doubt", DOUBTED)
def test_a_box_followed_by_doubt_is_refused_under_reward(doubt: str) -> None:
    v = mathgrade.grade("The sum is $\\boxed{42}$" + doubt, "42", policy="reward")
    assert (v.status.value, v.rule) == ("no_answer", "answer.hedged"), v.explain()


@pytest.mark.parametrize("doubt", [" (I could be wrong).", " (low confidence)", " (unverified)", " (my best guess)"])
def test_a_phrase_answer_with_doubt_in_brackets_is_refused_under_reward(doubt: str) -> None:
    v = mathgrade.grade("The answer is 42" + doubt, "42", policy="reward")
    assert (v.status.value, v.rule) == ("no_answer", "answer.hedged"), v.explain()


def test_every_doubt_of_the_table_is_exercised() -> None:
    # each pattern of DOUBTS matches at least one attack above: a new entry needs its own attack
    for pattern in _commit.DOUBTS:
        assert any(re.search(pattern, d, re.I) for d in DOUBTED), pattern
    for pattern in _commit.ADMISSIONS:  # (one entry of DOUBTS: each of its own phrases, too)
        assert any(re.search(pattern, d, re.I) for d in DOUBTED), pattern


@pytest.mark.parametrize("after", [
    ", I think.", ". Not surprisingly, this matches the pattern.", ". I am confident in this answer.",
    ". Therefore, we are sure the answer is 42.", " (verified)", ". The guess of 40 was wrong.",
    " and certainly not 43.", ". We are certain.", " (in meters)", " (see above)", ". Surely this is right.",
    ". The earlier estimate was uncertainty-free.", " — notably larger than 40.",
    " (a rough estimate would be lower)", " (we guessed 40 first, then computed it)", ", unless n = 0.", " 🎉",
    ". 😀", ". The split is 50/50 between the two groups of 21.", ". The roots are $x = 3 \\pm 1$; 42 is their product.",
    ". Hopefully this helps!", ". I suppose you wanted the total, which is 42.", ". I reckon the method is clear now.",
    ". Note: 6 × 7 = 42.", ". There may be other methods, but this one is simplest.", ". Fully verified.",
    ". I hope it is correct.", ". Hope this helps!", ". I had no idea it would be so clean.", " 😊",
    ". I didn't know this identity before, but it works.", ". I could not find a counterexample.",
    ". I gave up on the first method and used the second.", " (the dummy index is k)",
    " (an arbitrary constant cancels)",
    ". The first pass gave 42 and the check agrees.", ". Caveat: the problem assumes integer ages.",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_certainty_or_other_remarks_after_the_answer_stay_credited(after: str, policy: str) -> None:
    v = mathgrade.grade("The answer is $\\boxed{42}$" + after, "42", policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("output", ["The answer is 42 (I could be wrong).  Then we stop.",
                                    "The answer is 42 (low confidence).\tDone."])
def test_more_whitespace_after_the_sentence_keeps_the_doubt_found(output: str) -> None:
    # (the phrase's checks read from the answer's start after the whitespace was evened into a copy that starts at
    # the answer's end: the doubt in brackets was looked for in the wrong place, and 42 was credited)
    v = mathgrade.grade(output, "42", policy="reward")
    assert (v.status.value, v.rule) == ("no_answer", "answer.hedged"), v.explain()
