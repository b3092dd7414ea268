"""A binomial coefficient with a variable is confirmed equal to its polynomial by sympy (``compare/_sympy._function``
builds ``binomial(top, bottom)``), after the random points agree: the rule is ``expression.symbolic``, not
``expression.random_points``. Each row has a contrast, a polynomial off by a term or a factor, that must not pass.

Written for seed 89 (docs/testing.md): ``sp.binomial(args[0], args[1])`` made ``sp.binomial(args[1], args[1])``
(always 1) left every such identity unconfirmed, and no test read the rule.
"""

from __future__ import annotations

import pytest

import mathgrade

_IDENTITIES = [
    ("\\binom{n}{2}", "\\frac{n(n-1)}{2}", "\\frac{n(n+1)}{2}"),
    ("\\binom{n+1}{2}", "\\frac{n(n+1)}{2}", "\\frac{n(n-1)}{2}"),
    ("\\binom{n}{3}", "\\frac{n(n-1)(n-2)}{6}", "\\frac{n(n-1)(n-2)}{3}"),
    ("\\binom{2n}{2}", "n(2n-1)", "n(2n+1)"),
    ("\\binom{m}{2} + m", "\\frac{m(m+1)}{2}", "\\frac{m(m-1)}{2} + 1"),
]


@pytest.mark.parametrize("answer, gold, _wrong", _IDENTITIES)
def test_a_binomial_is_confirmed_equal_to_its_polynomial(answer: str, gold: str, _wrong: str) -> None:
    v = mathgrade.grade(f"${answer}$", gold, timeout=60)
    assert v.correct and v.rule == "expression.symbolic", v.explain()
    assert v.reason.endswith("confirmed symbolically"), v.reason


@pytest.mark.parametrize("answer, _gold, wrong", _IDENTITIES)
def test_a_binomial_is_not_another_polynomial(answer: str, _gold: str, wrong: str) -> None:
    v = mathgrade.grade(f"${answer}$", wrong, timeout=60)
    assert not v.correct, v.explain()
