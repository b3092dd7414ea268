"""With the ``degrees`` option off, a number in degrees against one without (``30^\\circ`` against ``30``, either way
round) is refused by the rule ``number.degrees`` with its reason; with the option on (the default), or with the
sign on both sides, the numbers are compared as numbers. The reason is what a user reads in ``Verdict.explain()``.

Written for seed 131 (docs/testing.md): that reason wrapped in other text (``"XX...XX"``) was read by no test.
"""

from __future__ import annotations

import pytest

import mathgrade

_REFUSED = "one side is in degrees and the other is not (degrees option is off)"

# (answer, gold): one side in degrees, the other not
_MIXED = [("30^\\circ", "30"), ("30", "30^\\circ"), ("30°", "30"), ("30^{\\circ}", "31"), ("0.5", "0.5^\\circ"),
          ("-45^\\circ", "-45")]


@pytest.mark.parametrize("answer, gold", _MIXED)
def test_a_mixed_pair_with_the_option_off_is_refused_with_its_reason(answer: str, gold: str) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold, degrees=False)
    assert (v.correct, v.rule, v.reason) == (False, "number.degrees", _REFUSED), v.explain()
    # the contrast: the option on compares the numbers
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold, degrees=True)
    assert v.rule == "number.exact" and v.reason != _REFUSED, v.explain()
    assert v.correct == (answer.strip("-").split("^")[0].rstrip("°") == gold.strip("-").split("^")[0]), v.explain()


@pytest.mark.parametrize("answer, gold, correct, reason", [
    ("30^\\circ", "31^\\circ", False, "30 differs from the exact integer 31"),
    ("30", "31", False, "30 differs from the exact integer 31"),
    ("30.0^\\circ", "30^\\circ", True, "30 equals 30"),
])
def test_the_same_sign_on_both_sides_compares_the_numbers(answer: str, gold: str, correct: bool, reason: str) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold, degrees=False)
    assert (v.correct, v.rule, v.reason) == (correct, "number.exact", reason), v.explain()
