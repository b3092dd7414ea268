"""An answer followed by a condition clause reads as the answer (``x^2 \\text{ for } n \\text{ is odd}``: ``x^2``,
``_read._before_condition``) when the clause has at most 3 words of two letters or more; with 4 or more it is prose
and the whole is words. Both sides of the bound, for several clause words.

Written for seed 157 (docs/testing.md): the bound tested as ``>= 3`` made a clause of exactly 3 words prose.
"""

from __future__ import annotations

import pytest

from mathgrade._read import read
from mathgrade.values import Text

# (the clause after the answer, its number of words)
ROWS = [
    ("\\text{ for } n \\text{ ab}", 1), ("\\text{ for } n \\text{ ab cd}", 2), ("\\text{ for } n \\text{ ab cd ef}", 3),
    ("\\text{ for } n \\text{ ab cd ef gh}", 4), ("\\text{ for } n \\text{ ab cd ef gh ij}", 5),
    (", \\text{if } n \\text{ is odd}", 2), (", \\text{if } n \\text{ is odd prime}", 3),
    (", \\text{if } n \\text{ is an odd prime}", 4), (", \\text{when } n \\text{ is even and positive}", 4),
    (", \\text{when } n \\text{ is even}", 2),
]


@pytest.mark.parametrize("clause, words", ROWS)
def test_a_condition_of_up_to_3_words_is_a_condition(clause: str, words: int) -> None:
    r = read("x^2" + clause)
    if words <= 3:
        assert str(r.value) == "x^2" and r.error is None, (r.value, r.error)
    else:
        assert isinstance(r.value, Text), r.value
