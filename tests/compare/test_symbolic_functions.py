"""An n-th root, a gcd, an lcm, a minimum and a maximum reach sympy as themselves (``compare/_sympy._function``): an
identity the random points cannot decide (a gcd of a variable has no value at a real point) is shown symbolically,
and one they agree on is confirmed there; the rule is ``expression.symbolic``. Each row has a contrast, the gold
changed by an argument, a power or the function, that must not pass.

Written for seeds 109 and 113 (docs/testing.md): the root built as ``sp.root(None, ...)`` (a failed job) left
identities of roots unconfirmed; ``lcm`` tested as ``"LCM"`` built an undefined function, so that
``\\operatorname{lcm}(n, 6)`` was graded wrong against ``\\operatorname{lcm}(6, n)``; ``min`` tested as ``"MIN"``
left ``\\min(x, 1) = \\min(1, x)`` unconfirmed. Probing it found a false "correct", fixed: sympy's ``gcd`` and
``lcm`` are those of polynomials (``gcd(n, 6)`` is 1, ``lcm(n, 6)`` is ``6n``), so ``\\gcd(n, 6)`` was correct for
``\\gcd(n, 4)`` and ``\\operatorname{lcm}(n, 6)`` for ``6n``. A gcd or an lcm of anything but integers now stays a
function of its arguments (in a fixed order: both commute).
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, a gold it equals, a gold it does not)
_IDENTITIES = [
    ("\\operatorname{lcm}(n, 6)", "\\operatorname{lcm}(6, n)", "\\operatorname{lcm}(n, 4)"),
    ("\\operatorname{lcm}(n, 6) + 1", "\\operatorname{lcm}(6, n) + 1", "\\operatorname{lcm}(6, n) + 2"),
    ("\\operatorname{lcm}(n, 6)", "\\operatorname{lcm}(6, n)", "\\gcd(n, 6)"),
    ("\\operatorname{lcm}(4, 6) x", "12x", "24x"),
    ("\\gcd(n, 6)", "\\gcd(6, n)", "\\gcd(n, 4)"),
    ("\\gcd(n, 6, 4)", "\\gcd(4, n, 6)", "\\gcd(4, n, 3)"),
    ("\\gcd(12, 18) n", "6n", "3n"),
    ("\\sqrt[3]{x}", "x^{1/3}", "x^{1/2}"),
    ("\\sqrt[3]{x^6}", "x^2", "x^3"),
    ("\\sqrt[n]{x}", "x^{1/n}", "x^{2/n}"),
    ("\\min(x, 1)", "\\min(1, x)", "\\max(1, x)"),
    ("\\min(x^2, 0)", "0", "x^2"),
    ("\\min(n, 3)", "\\min(3, n)", "\\min(n, 2)"),
    ("\\max(x, 1)", "\\max(1, x)", "\\min(x, 1)"),
]

# (answer, a gold sympy's gcd or lcm of polynomials would equal, but the integers' is not)
_POLYNOMIAL_GCDS = [
    ("\\gcd(n, 6)", "\\gcd(n, 4)"),
    ("\\gcd(n, 6)", "\\gcd(n, 12)"),
    ("\\gcd(n, 6) + n", "n + 1"),
    ("\\operatorname{lcm}(n, 6)", "6n"),
    ("\\operatorname{lcm}(n, m)", "nm"),
    ("\\operatorname{lcm}(n, 6) - 6n", "0 n"),
]


@pytest.mark.parametrize("answer, gold, _wrong", _IDENTITIES)
def test_roots_gcds_and_lcms_are_shown_equal_symbolically(answer: str, gold: str, _wrong: str) -> None:
    v = mathgrade.grade(f"${answer}$", gold, timeout=60)
    assert v.correct and v.rule == "expression.symbolic", v.explain()


@pytest.mark.parametrize("answer, _gold, wrong", _IDENTITIES)
def test_roots_gcds_and_lcms_are_not_another_value(answer: str, _gold: str, wrong: str) -> None:
    v = mathgrade.grade(f"${answer}$", wrong, timeout=60)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("answer, gold", _POLYNOMIAL_GCDS)
def test_a_gcd_of_a_variable_is_not_the_gcd_of_polynomials(answer: str, gold: str, policy: str) -> None:
    v = mathgrade.grade(f"The answer is $\\boxed{{{answer}}}$.", gold, timeout=60, policy=policy)
    assert not v.correct, v.explain()
    v = mathgrade.grade(f"The answer is $\\boxed{{{answer}}}$.", answer, timeout=60, policy=policy)
    assert v.correct, v.explain()
