"""The rule name, text, span and alternatives of every way ``_rules.boxed`` answers, as a user reads them in a
verdict's ``answer`` (``Verdict.to_dict()["answer"]["rule"]``).

``boxed`` has one return for a single box, two for several boxes (``boxed.multiple``, letters or not) and three
that make an answer ambiguous (``boxed.alternatives``): boxes joined by "or" or a top-level comma, a box offered
after the committed ones ("Maybe", "Alternatively"), and alternatives merged into one box (``\\text{(B)} \\text{ or }
\\text{(A)}``). A survivor of seed 53 changed the rule name of the last of these and no test read it; each row here
asserts every field, so a renamed rule, a wrong span or a lost alternative on any return fails a row.

Each ambiguous row has its attack: a gold equal to one of the alternatives is not credited.
"""

from __future__ import annotations

from typing import Tuple

import pytest

import mathgrade

# (output, choices, text, rule, alternatives, (start, end), choice)
ROWS = [
    ("\\boxed{7}", False, "7", "boxed", (), (7, 8), False),
    ("\\boxed{7} \\boxed{7}", False, "7", "boxed", (), (17, 18), False),  # (the same box twice counts once)
    ("\\boxed{x = 2 \\text{ or } x = 3}", False, "x = 2 \\text{ or } x = 3", "boxed", (), (7, 30), False),
    ("\\boxed{7} and \\boxed{8}", False, "7, 8", "boxed.multiple", (), (0, 23), False),
    ("\\boxed{A} and \\boxed{C}", True, "A, C", "boxed.multiple", (), (0, 23), True),
    ("\\boxed{7} or \\boxed{8}", False, "8", "boxed.alternatives", ("7", "8"), (0, 22), False),
    ("\\boxed{1,2}, \\boxed{2}", False, "2", "boxed.alternatives", ("1,2", "2"), (0, 22), False),
    ("\\boxed{7}, but maybe \\boxed{8}", False, "8", "boxed.alternatives", ("7", "8"), (0, 9), False),
    ("\\boxed{42}. Maybe \\boxed{43}.", False, "43", "boxed.alternatives", ("42", "43"), (0, 10), False),
    ("\\boxed{42}. Alternatively, \\boxed{43}.", False, "43", "boxed.alternatives", ("42", "43"), (0, 37), False),
    ("\\boxed{\\text{(B)} \\text{ or } \\text{(A)}}", False, "\\text{(A)}", "boxed.alternatives",
     ("\\text{(B)}", "\\text{(A)}"), (7, 40), False),
    ("\\boxed{1,2,3 \\text{ or } 1,2}", False, "1,2", "boxed.alternatives", ("1,2,3", "1,2"), (7, 28), False),
    ("\\boxed{1,2,3 \\text{ or } 1,2} \\boxed{1,2,3 \\text{ or } 1,2}", False, "1,2", "boxed.alternatives",
     ("1,2,3", "1,2"), (37, 58), False),  # (the span of the last of the same boxes)
]


@pytest.mark.parametrize("output, choices, text, rule, alternatives, span, choice", ROWS)
def test_each_return_of_boxed_by_its_rule_text_span_and_alternatives(
        output: str, choices: bool, text: str, rule: str, alternatives: Tuple[str, ...], span: Tuple[int, int],
        choice: bool) -> None:
    best = mathgrade.extract(output, choices=choices)[0]
    assert (best.text, best.rule, best.alternatives, (best.start, best.end), best.choice) == (
        text, rule, alternatives, span, choice)


@pytest.mark.parametrize("output, alternatives", [(r[0], r[4]) for r in ROWS if r[3] == "boxed.alternatives"])
def test_alternatives_are_ambiguous_and_named_in_the_verdict(output: str, alternatives: Tuple[str, ...]) -> None:
    for gold in alternatives:
        verdict = mathgrade.grade(output, gold.replace("\\text{(B)}", "B").replace("\\text{(A)}", "A"))
        assert not verdict.correct
        assert (verdict.status.value, verdict.rule) == ("ambiguous", "extract.ambiguous"), verdict.explain()
        answer = verdict.to_dict()["answer"]
        assert answer["rule"] == "boxed.alternatives" and answer["text"] == alternatives[-1], answer
        assert verdict.reason == "the output commits to different answers: " + " and ".join(
            repr(a) for a in alternatives), verdict.reason


@pytest.mark.parametrize("output, gold", [
    ("\\boxed{7}", "7"), ("\\boxed{7} and \\boxed{8}", "7, 8"), ("\\boxed{x = 2 \\text{ or } x = 3}", "2, 3"),
])
def test_the_committed_returns_are_credited(output: str, gold: str) -> None:
    verdict = mathgrade.grade(output, gold)
    assert verdict.correct, verdict.explain()
    assert verdict.to_dict()["answer"]["rule"] == mathgrade.extract(output)[0].rule


# A value offered right after the last box ("or 43", "(or $x = 43$)"): the box's own text and span widened to the
# box, ambiguous. Seed 73: that return's rule name made empty (the candidate then read "boxed") survived. Each
# contrast offers the same value again, or joins another value with "and": a committed box.
# (output, text, rule, alternatives, span)
OFFERED_AFTER = [
    ("\\boxed{42} or 43", "42", "boxed.alternatives", ("42", "43"), (0, 10)),
    ("\\boxed{42} or $43$", "42", "boxed.alternatives", ("42", "43"), (0, 10)),
    ("\\boxed{42} or \\(43\\)", "42", "boxed.alternatives", ("42", "43"), (0, 10)),
    ("\\boxed{42} (or $x = 43$)", "42", "boxed.alternatives", ("42", "x = 43"), (0, 10)),
    ("\\boxed{42}，或 43", "42", "boxed.alternatives", ("42", "43"), (0, 10)),
    ("\\boxed{42} \\boxed{42} or 43", "42", "boxed.alternatives", ("42", "43"), (0, 21)),  # (from the first box)
    # contrasts
    ("\\boxed{42} or 42", "42", "boxed", (), (7, 9)),
    ("\\boxed{42} (or $42$)", "42", "boxed", (), (7, 9)),
    ("\\boxed{42} and 43", "42", "boxed", (), (7, 9)),
    ("\\boxed{42} \\boxed{42} or 42", "42", "boxed", (), (18, 20)),
]


@pytest.mark.parametrize("output, text, rule, alternatives, span", OFFERED_AFTER, ids=[r[0] for r in OFFERED_AFTER])
def test_a_value_offered_after_the_box_is_an_alternative(output: str, text: str, rule: str,
                                                         alternatives: Tuple[str, ...], span: Tuple[int, int]) -> None:
    best = mathgrade.extract(output)[0]
    assert (best.text, best.rule, best.alternatives, (best.start, best.end)) == (text, rule, alternatives, span)
    verdict = mathgrade.grade(output, "42")
    assert verdict.to_dict()["answer"]["rule"] == rule, verdict.explain()
    assert verdict.correct is not bool(alternatives), verdict.explain()
    assert verdict.status.value == ("ambiguous" if alternatives else "correct"), verdict.explain()
