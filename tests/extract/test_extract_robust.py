"""Hostile and broken outputs: extraction never raises, stays linear, and says "no answer" when there is none."""

from __future__ import annotations

import random
import re
import time
from typing import List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mathgrade
from mathgrade._extract import WINDOW, extract

_M = 1_000_000

ADVERSARIAL = {
    "open_boxes": "\\boxed{" * (_M // 7),
    "dollars": "$" * _M,
    "dollar_words": "$a " * (_M // 3),
    "open_braces": "{" * _M,
    "backslashes": "\\" * _M,
    "open_parens": "\\(" * (_M // 2),
    "digits": "9" * _M,
    "answer_is": "the answer is " * (_M // 14),
    "answer_is_correct": "the answer is correct. " * (_M // 23),
    "bold_run": "**x" * (_M // 3),
    "output_blocks": "```output\n" * (_M // 10),
    "options": "(A) " * (_M // 4),
    "minus_signs": "-" * _M,
}


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_megabyte_adversarial_inputs_do_not_blow_up(name: str) -> None:
    text = ADVERSARIAL[name]
    for policy in ("eval", "reward"):
        for choices in (False, True):
            t = time.perf_counter()
            found = extract(text, policy=policy, choices=choices)
            elapsed = time.perf_counter() - t
            assert elapsed < 20, f"{name}: {elapsed:.1f} s looks super-linear"  # generous: measured ~0.05 s
            for c in found:
                assert 0 <= c.start <= c.end <= len(text)


def test_work_is_bounded_by_the_window_not_the_length() -> None:
    # an answer before the window is not seen; one inside it is, at the right offset
    tail = "\\boxed{7}" + " pad" * (WINDOW // 8)
    text = "\\boxed{3}\n" + "x " * WINDOW + "\n" + tail
    c = extract(text)[0]
    assert c.text == "7" and text[c.start:c.end] == "7"


def test_a_thousand_identical_boxes_are_one_answer() -> None:
    found = extract("\\boxed{1} " * 1000)
    assert found[0].text == "1" and found[0].rule == "boxed"


def test_a_thousand_different_boxes_are_one_long_list_not_the_last() -> None:
    found = extract(" ".join(f"\\boxed{{{i}}}" for i in range(1000)))
    assert found[0].rule == "boxed.multiple" and found[0].text.startswith("0, 1, 2")


def test_a_thousand_separate_boxes_give_the_last() -> None:
    # only the last boxes are examined (bench/bench_extract.py prints the time); the answer is the same as examining all
    text = "".join(f"Step {i}: we get $\\boxed{{{i}}}$.\n" for i in range(1000))
    found = extract(text)
    assert (found[0].text, found[0].rule) == ("999", "boxed")
    assert text[found[0].start:found[0].end] == "999"
    assert mathgrade.grade(text, "999").correct and not mathgrade.grade(text, "998").correct


def test_a_box_withdrawn_far_back_still_withdraws_the_same_answer_at_the_end() -> None:
    # "\\boxed{6} is wrong", then 40 other boxes, then \\boxed{6}: the 6 at the end is the withdrawn answer again
    text = "\\boxed{6} is wrong. " + "Try $\\boxed{1}$. " * 40 + "So \\boxed{6}"
    assert not mathgrade.grade(text, "6").correct
    top = extract(text)[0]
    assert top.text != "6" or top.refused == "answer.withdrawn"  # (the box at the end, refused as withdrawn)
    # without the withdrawal, the last box answers
    assert mathgrade.grade(text.replace(" is wrong", ""), "6").correct


def _withdrawn_boxes() -> List[Tuple[str, str]]:
    """(output, boxed answer) of the adversarial suite's attacks whose box is withdrawn (every language)."""
    from adversarial.measure import cases

    out = []
    for case in cases():
        if case["kind"] != "attack" or "\\boxed" not in case["output"]:
            continue
        found = extract(case["output"])
        if found and found[0].refused == "answer.withdrawn" and found[0].rule == "boxed":
            out.append((case["output"], found[0].text))
    return out


def test_every_withdrawal_of_the_adversarial_suite_reaches_past_the_boxes_examined_first() -> None:
    # only the last 12 boxes are examined unless a word of a withdrawal is in the output: for each withdrawn box of
    # the suite, 40 other boxes and then the same answer boxed again: the answer stays withdrawn at the end
    withdrawn = _withdrawn_boxes()
    assert len(withdrawn) >= 10
    for output, answer in withdrawn:
        filler = "12345" if answer != "12345" else "54321"
        text = output + "\n" + f"Try $\\boxed{{{filler}}}$. " * 40 + f"So \\boxed{{{answer}}}"
        found = extract(text)
        assert found and (found[0].text != answer or found[0].refused == "answer.withdrawn"), (output, answer, found[:1])


def test_a_committed_box_before_many_refused_ones_is_still_found() -> None:
    # the last 12 boxes are all asked, not stated: the boxes further back are examined until a committed one
    text = "So \\boxed{3}. " + "Maybe \\boxed{4}? " * 100
    found = extract(text)
    assert (found[0].text, found[0].rule, found[0].refused) == ("3", "boxed", "")
    assert mathgrade.grade(text, "3").correct and not mathgrade.grade(text, "4").correct


def test_joined_boxes_reaching_past_the_examined_ones_are_one_list() -> None:
    text = "".join(f"\\boxed{{{i}}} " for i in range(100))
    found = extract(text)
    assert found[0].rule == "boxed.multiple"
    assert found[0].text == ", ".join(str(i) for i in range(100))


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "\n\n\t",
        "\x00\x01\x02",
        "\\boxed{",
        "\\boxed{\\boxed{\\boxed{",
        "}}}}{{{{",
        "$$$",
        "\\[ \\( $ $$ \\] \\)",
        "```output\n",
        "**",
        "####",
        "The answer is",
        "The final answer is:",
        "答案是",
        "\ud800",  # a lone surrogate
    ],
)
def test_nothing_to_find(text: str) -> None:
    assert extract(text) == []
    assert extract(text, policy="reward", choices=True) == []


def test_no_answer_status_end_to_end() -> None:
    for text in ("", "   ", "\\boxed{", "I cannot solve this."):
        v = mathgrade.grade(text, "5")
        assert v.status == "no_answer" and not v.correct


def test_random_junk_never_raises() -> None:
    rng = random.Random(1234)
    pieces = ["\\boxed{", "}", "{", "$", "$$", "\\(", "\\)", "\\[", "\\]", "answer is ", "Final Answer: ", "**",
              "#### ", "```output\n", "```", "A: ", "(B) ", "1", "-2.5", "3/4", " ", "\n", "答案是", "ответ: ", "\\frac",
              "or ", "and ", ", ", ". ", "\\text{", "x = "]
    for _ in range(400):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        for choices in (False, True):
            for c in extract(text, choices=choices):
                assert 0 <= c.start <= c.end <= len(text)
                assert c.priority >= 0 and c.rule


def test_deterministic() -> None:
    text = "We get $\\frac12$, so \\boxed{2} or \\boxed{3}; the answer could be 4 or 5. 6"
    assert extract(text) == extract(text)


_ALPHABET = list("0123456789 -+=.,:;$\\{}()[]*#`\n") + ["\\boxed{", "\\frac", "answer is ", "Final Answer: ", "or ",
                                                      "and ", "(B) ", "答案是", "```output\n", "\\(", "\\)", "$$"]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_ALPHABET), max_size=60), st.booleans(), st.sampled_from(["eval", "reward"]))
def test_properties_on_generated_outputs(pieces: List[str], choices: bool, policy: str) -> None:
    text = "".join(pieces)
    found = extract(text, policy=policy, choices=choices)
    assert [c.priority for c in found] == sorted(c.priority for c in found)
    for c in found:
        assert 0 <= c.start <= c.end <= len(text)
        assert c.text.strip() == c.text and c.text
        assert not c.alternatives or len(c.alternatives) >= 2
    if policy == "reward":
        assert all(c.priority <= 32 or c.rule == "option_list" for c in found)
    # the reward policy only ever drops candidates: it never finds an answer eval does not
    reward = {(c.text, c.start, c.rule) for c in extract(text, policy="reward", choices=choices)}
    assert reward <= {(c.text, c.start, c.rule) for c in extract(text, choices=choices)}


_SPAN_ALPHABET = [
    "\\boxed{", "}", "{", "$", "$$", "\\(", "\\)", "\\[", "\\]", "**", "x = ", " = ", "2 + 3", "-4", ".5", "7", "10",
    "\\frac{1}{2}", "\\sqrt{2}", "\\text{ or }", " and ", " or ", ", ", ". ", "\n", "\n\n", " papers ", " apples",
    "The answer is ", "Final Answer: ", "answer is: ", "#### ", "A: ", "(B) ", "B", "option ", " is correct",
    "```output\n", "```", "</think>", "<|im_end|>", "We get ", "Hence ", "maybe ", "but ", "答案是", "\\cdot ", "x",
]
_DELIMITERS = re.compile(r"\s|\$|\\[()\[\]]")


def _grounded(part: str, span: str) -> bool:
    """``part`` is written in ``span`` (ignoring spaces, math delimiters and case), or, for the result of a chain
    (``x = 5`` from ``x = 2 + 3 = 5``), each side of it is."""
    def norm(s: str) -> str:
        return _DELIMITERS.sub("", s).lower()

    if norm(part) in norm(span):
        return True
    sides = part.split("=")
    return len(sides) == 2 and all(norm(side) in norm(span) for side in sides)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_SPAN_ALPHABET), max_size=40), st.booleans(), st.sampled_from(["eval", "reward"]))
def test_every_candidate_is_written_inside_its_span(pieces: List[str], choices: bool, policy: str) -> None:
    text = "".join(pieces)
    for c in extract(text, policy=policy, choices=choices):
        span = text[c.start:c.end]
        parts = list(c.alternatives) or (c.text.split(", ") if c.rule.endswith(".multiple") else [c.text])
        parts += [c.content] if c.content else []
        for part in parts:
            assert _grounded(part, span), (c, span)


@pytest.mark.parametrize(
    "output",
    [
        "The solutions are $\\boxed{2}$ and $\\boxed{3}$.",
        "\\boxed{1} papers and \\boxed{2} bins",
        "The answer is $\\boxed{2}$ or $\\boxed{3}$.",
        "We get $x = 2 + 3 = 5$",
        "The answer is (B) 12.",
        "$x = 2$ or $x = 3$",
        "12 apples",
        "The answer is \\(\\frac{1}{2}\\) because",
    ],
)
def test_spans_of_known_candidates(output: str) -> None:
    for choices in (False, True):
        for c in extract(output, choices=choices):
            parts = list(c.alternatives) or (c.text.split(", ") if c.rule.endswith(".multiple") else [c.text])
            assert all(_grounded(p, output[c.start:c.end]) for p in parts), c


def test_the_grounding_check_can_fail() -> None:
    assert not _grounded("3", "\\boxed{2}")
    assert not _grounded("x = 5", "y = 2 + 3 = 6")
    assert _grounded("x = 5", "x = 2 + 3 = 5")


def test_no_fallback_takes_back_an_answer_withdrawn_before() -> None:
    # every box refused (withdrawn, then tried, then the withdrawn answer boxed again): the last number, which lies
    # inside the last box, is not an answer either (under both policies); the same output without the withdrawal is
    text = "\\boxed{6} is wrong. Try $\\boxed{1}$. So \\boxed{6}"
    for policy in ("eval", "reward"):
        v = mathgrade.grade(text, "6", policy=policy)
        assert not v.correct and v.status.value == "no_answer", v.explain()
    assert mathgrade.grade(text.replace(" is wrong", ""), "6").correct
