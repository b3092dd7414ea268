"""An equation whose left side restates the question in notation the reader does not evaluate (``\\lim_{x\\to 0}
\\frac{\\sin x}{x} = 1``) reads as a name given the right side's value (``_read._restated_left_side``) only when the
right side is a value: words (``\\text{one apple}``, ``\\text{undefined}``) or a relation (``y > 2``) on the right
leave the whole unread as an equation. The contrasts: a number, a fraction, a number word.

Written for seed 163 (docs/testing.md): the refusal of a right side that is words or a relation never applied
(``or`` made ``and``).
"""

from __future__ import annotations

import pytest

from mathgrade._read import read
from mathgrade.values import Relation

LEFT = "\\lim_{x\\to 0} \\frac{\\sin x}{x} = "

# (the right side, read as a restated equation?)
ROWS = [
    ("\\text{one apple}", False), ("\\text{undefined}", False), ("y > 2", False), ("y \\le 2", False),
    ("1", True), ("\\frac{1}{2}", True), ("\\text{one}", True), ("-3", True),
]


@pytest.mark.parametrize("right, restated", ROWS)
def test_only_a_value_on_the_right_is_restated(right: str, restated: bool) -> None:
    r = read(LEFT + right)
    assert isinstance(r.value, Relation) is restated, (r.value, r.error)
