"""``_rules._last_of_chain`` takes the result of a computation chain (``60 \\cdot 7 = 420`` gives ``420``) only when
both its first and its last side hold something: a formula with an empty side (`` = 420``, ``x = ``, `` = 3 = 5``
after a space) is no chain and is kept whole, as the math environment rule reads it. The contrasts: the same
formulas with a first side are chains.

Written for seed 131 (docs/testing.md): the test ``not parts[-1].strip() or not parts[0].strip()`` made ``and``
read `` = 420`` as ``420`` (``Thus $$ = 420$$`` answered 420 under the eval policy).
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import _rules

# (formula, what _last_of_chain keeps)
_EMPTY_SIDE = [(" = 420", "= 420"), ("  = 420 ", "= 420"), (" = x", "= x"), ("x = ", "x ="), ("2 + 3 = ", "2 + 3 ="),
               (" = 3 = 5", "= 3 = 5")]
_CHAINS = [("60 \\cdot 7 = 420", "420"), ("1 = 420", "420"), ("2 + 3 = 5", "5"), ("x = 2 + 3 = 5", "x = 5"),
           (" 3 = 5", "5")]


@pytest.mark.parametrize("formula, kept", _EMPTY_SIDE + _CHAINS)
def test_a_chain_needs_both_ends(formula: str, kept: str) -> None:
    assert _rules._last_of_chain(formula) == kept


@pytest.mark.parametrize("delimiters", [("\\(", "\\)"), ("$$", "$$"), ("\\[", "\\]")])
def test_the_math_environment_rule_reads_a_formula_with_an_empty_side_whole(delimiters: tuple) -> None:
    opening, closing = delimiters
    best = mathgrade.extract(f"Thus {opening} = 420{closing}")[0]
    assert (best.text, best.rule) == ("= 420", "math_env"), best
    best = mathgrade.extract(f"Thus {opening}1 = 420{closing}")[0]  # the contrast: a chain
    assert (best.text, best.rule) == ("420", "math_env"), best
