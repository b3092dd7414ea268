"""A list item's marker opening the line of a phrase's answer (``- ``, ``• ``, either followed by a tab, indented or
not) is no part of the answer (``Scan.region_after``): ``The answer is:\\n• 5`` answers 5, not -5 or nothing. The
contrasts: a ``-`` that does not open its line, or is not followed by a space or a tab, is a minus sign.

Written for seed 109 (docs/testing.md): the marker ``"• "`` tested as ``"XX• XX"`` left ``The answer is:\\n• 5``
with no answer.
"""

from __future__ import annotations

import pytest

import mathgrade

# (output, the gold it answers, a gold it must not)
_MARKED = [
    ("The answer is:\n• 5", "5", "-5"),
    ("The answer is:\n  • 5", "5", "-5"),
    ("The answer is:\n• 5.", "5", "-5"),
    ("Answer:\n• 5", "5", "-5"),
    ("The final answer is:\n• $\\frac{1}{2}$", "\\frac12", "-\\frac12"),
    ("The answer is:\n•\t5", "5", "-5"),
    ("The answer is:\n- 5", "5", "-5"),
    ("The answer is:\n  - 5", "5", "-5"),
    ("The answer is:\n-\t5", "5", "-5"),
]
# the contrasts: a minus sign
_MINUS = [
    ("The answer is: - 5", "-5", "5"),
    ("The answer is:\n-5", "-5", "5"),
    ("The answer is:\n-$5$", "-5", "5"),
]


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("output, right, wrong", _MARKED + _MINUS)
def test_a_list_items_marker_is_no_minus_sign(output: str, right: str, wrong: str, policy: str) -> None:
    v = mathgrade.grade(output, right, policy=policy)
    assert v.correct, v.explain()
    v = mathgrade.grade(output, wrong, policy=policy)
    assert not v.correct, v.explain()
