"""What a relation may assign a value to: a name (``y``, ``f(x)``, ``AB``, ``N/B``) but not a radical, an
exponential or a logarithm, whose equations (``\\ln x = 2``) are restated questions or equations to solve. The trees
are built here as the module ``mathgrade.values`` documents them: ``("func", "ln", x)`` is the natural logarithm as
``("func", "log", x)`` is, although the reader writes ``\\ln`` as ``log``; the contrasts are names, which a gold
``name = 2`` assigns (the answer 2 is right), where a gold ``\\ln x = 2`` states no value. Seed 193 of
docs/testing.md: ``_relations._name_tree`` not excluding ``ln`` (made ``"LN"``) survived: ``ln(x) = 2`` became an
assignment to the name ``ln(x)``, and the gold ``ln(x) = 2`` took the answer 2.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mathgrade.compare import compare
from mathgrade.limits import Deadline
from mathgrade.options import make_options
from mathgrade.values import Expression, Number, Relation

X = ("sym", "x")
TWO = Number(Fraction(2))

# (the left side's tree, the rule deciding the answer `left = 2` against the gold 2, and whether the gold `left = 2`
# takes the answer 2: only an assignment states a value)
ROWS = [
    (("func", "ln", X), "relation.restated", False),
    (("func", "log", X), "relation.restated", False),
    (("func", "exp", X), "relation.restated", False),
    (("func", "sqrt", X), "relation.restated", False),
    (("func", "root", X, ("num", Fraction(3))), "relation.restated", False),
    (("func", "log_base", X, ("num", Fraction(3))), "relation.restated", False),
    # names: assigned
    (("sym", "y"), "relation.assignment", True),
    (("div", ("sym", "N"), ("sym", "B")), "relation.assignment", True),
    (("sym", "f(x)"), "relation.assignment", True),
    (("mul", ("sym", "A"), ("sym", "B")), "relation.assignment", True),
]


@pytest.mark.parametrize("left, rule, states", ROWS, ids=[str(r[0][:2]) for r in ROWS])
def test_a_logarithm_radical_or_exponential_is_no_name(left: tuple, rule: str, states: bool) -> None:
    relation = Relation((Expression(left), TWO), ("=",))
    as_answer = compare(relation, TWO, make_options(), Deadline(30))
    assert (as_answer.equal, as_answer.rule) == (True, rule), as_answer
    as_gold = compare(TWO, relation, make_options(), Deadline(30))
    assert as_gold.equal is states, as_gold
    assert as_gold.rule == ("relation.assignment" if states else "kind.mismatch"), as_gold
