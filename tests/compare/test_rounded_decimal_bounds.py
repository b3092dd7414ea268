"""Decimals written inside an expression stand for any value they are roundings of (``compare/_scalars.
_rounded_decimals``): the difference of the two sides must lie within what moving each decimal up by half a unit of
its last digit changes. For a convex function of the decimal (``10^{0.120}``) moving it up changes more than
moving it down, so an exact exponent just under the upper end of the rounding (0.1204997) is accepted, and one just
over it (0.1205003) is not. Each accepted row has such a contrast, just outside, that must not pass.

Written for seed 97 (docs/testing.md): the decimal moved down instead of up (``node[1] - ...``) rejected the exponent
0.1204997, a value that rounds to 0.120.
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold inside the rounding, gold just outside it)
_ROWS = [
    ("10^{0.120} x", "10^{\\frac{1204997}{10000000}} x", "10^{\\frac{1205003}{10000000}} x"),
    ("10^{0.120} x", "10^{\\frac{1204990}{10000000}} x", "10^{\\frac{1205010}{10000000}} x"),
    ("x \\cdot 10^{0.250}", "x \\cdot 10^{\\frac{2504997}{10000000}}", "x \\cdot 10^{\\frac{2505003}{10000000}}"),
    ("x + 1.41", "x + \\sqrt{2}", "x + \\sqrt{2} + \\frac{1}{100}"),
    ("x + 2.72", "x + e", "x + e + \\frac{1}{100}"),
]


@pytest.mark.parametrize("answer, inside, _outside", _ROWS)
def test_a_decimal_stands_for_the_values_it_rounds(answer: str, inside: str, _outside: str) -> None:
    v = mathgrade.grade(f"${answer}$", inside)
    assert v.correct and v.rule == "expression.rounded", v.explain()
    assert "agree within the rounding of the answer's decimals" in v.reason, v.reason


@pytest.mark.parametrize("answer, _inside, outside", _ROWS)
def test_a_value_just_past_the_rounding_is_not_accepted(answer: str, _inside: str, outside: str) -> None:
    v = mathgrade.grade(f"${answer}$", outside)
    assert not v.correct, v.explain()
