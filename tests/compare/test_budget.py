"""The symbolic budget: which sympy steps a job tries depends on the sizes of its trees and the timeout option only.

Nothing here is timed: the point is that the same inputs get the same rule whatever the clock says.
"""

from __future__ import annotations

from math import comb

import pytest

import mathgrade
from mathgrade.compare import _sympy
from mathgrade._read import read


def _tree(text: str) -> tuple:
    value = read(text).value
    assert value is not None, text
    return value.tree  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize("text, terms", [
    ("x", 1), ("x+1", 2), ("(x+1)^2", 3), ("(x+y+z)^{12}", comb(14, 12)), ("(x+1)(y+1)(z+1)", 8),
    ("\\frac{x^2-1}{x-1}", 4), ("(x+1)^{100000}", 100001), ("(a+b+c+d+e+f)^{10000}", _sympy._TERMS_CAP),
])
def test_expanded_terms_bound_the_expansion_before_it_is_done(text: str, terms: int) -> None:
    assert _sympy.expanded_terms(_tree(text)) == terms


def test_monomials_count_exactly_and_stop_at_the_cap() -> None:
    assert all(_sympy._monomials(k, n) == comb(k + n - 1, n) for k in range(1, 9) for n in range(40))
    assert _sympy._monomials(50, 10**6) == _sympy._TERMS_CAP


def test_steps_allowed_by_size_and_time_limit() -> None:
    small, huge = _tree("(x+1)^2"), _tree("(x+y+z+w)^{40}")
    for timeout, expected in ((5.0, {"expand", "cancel", "trigsimp", "simplify", "doit", "sets"}),
                              (1.0, {"expand", "cancel", "trigsimp", "sets"}),
                              (0.3, {"expand"})):
        got = {name for name in _sympy.STEPS if _sympy.within_budget(_sympy.allowed, (name, small), timeout)}
        assert got == expected, timeout
    assert not _sympy.within_budget(_sympy.allowed, ("expand", huge), 60.0)  # too many terms at any limit


def test_the_rule_depends_on_the_timeout_option_not_on_the_clock() -> None:
    row = ("$\\boxed{\\frac{e^{t} + e^{-t}}{2}}$", "\\cosh t")
    assert {mathgrade.grade(*row, timeout=5.0).rule for _ in range(3)} == {"expression.symbolic"}
    short = {(v.status, v.rule) for v in (mathgrade.grade(*row, timeout=1.0) for _ in range(3))}
    assert short == {(mathgrade.Status.CORRECT, "expression.random_points")}  # simplify is not tried under 2 s


def test_a_huge_expansion_is_refused_not_timed_out() -> None:
    # (x+1)^{2000} has 2001 terms: past the budget, so sympy never expands it; the numbers decide, at once.
    v = mathgrade.grade("$\\boxed{(x+1)^{2000} + 1}$", "(x+1)^{2000}", timeout=1.0)
    assert v.status == mathgrade.Status.INCORRECT and v.rule == "expression.random_points"
