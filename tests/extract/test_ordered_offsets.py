"""``_ordered`` maps the offsets of the text the rules read (without invisible characters) back to the output's:
a span's end is mapped from its last character, and an empty span (no character to map from) stays empty at its
start's place. Checked on the function itself, since no rule is known to give an empty span."""
import pytest

from mathgrade._extract import _ordered
from mathgrade._extract._rules import Found

# the output "4\u200b2 and 7": "42 and 7" read; offsets 0, 2, 3, ... of the output for 0, 1, 2, ... of the text
INDEX = [0, 2, 3, 4, 5, 6, 7, 8]


@pytest.mark.parametrize("start,end,expected", [
    (0, 2, (0, 3)),  # "42": ends after the output's "2" (offset 2), the invisible character inside
    (7, 8, (8, 9)),  # "7"
    (1, 1, (2, 2)),  # empty, at the "2"
    (8, 8, (9, 9)),  # empty, at the end
    (0, 0, (0, 0)),  # empty, at the start
])
def test_offsets_map_back_to_the_output(start: int, end: int, expected: tuple) -> None:
    found = Found("42 and 7"[start:end], start, end, "boxed", "boxed")
    cand = _ordered([found], 0, INDEX)[0]
    assert (cand.start, cand.end) == expected
    assert _ordered([found], 10, INDEX)[0].start == expected[0] + 10  # (and the offset of the part read is added)


def test_without_an_index_offsets_are_kept() -> None:
    cand = _ordered([Found("42", 3, 5, "boxed", "boxed")], 0)[0]
    assert (cand.start, cand.end) == (3, 5)
