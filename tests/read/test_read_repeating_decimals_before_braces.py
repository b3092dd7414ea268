"""A repeating decimal inside or before other braced groups: ``\\overline{3}``'s part ends at its own closing brace,
not at the last one of the text (``\\frac{0.\\overline{3}}{2}`` is 1/6, ``\\{0.\\overline{3}, 2\\}`` the set of 1/3
and 2). Each row is graded against its value, and against a contrast that differs from it. Seed 211 of
docs/testing.md: ``_read._tokens._repeating`` looking for the last ``}`` (``rfind``) survived: each row below was left
unread.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read

# (text, its value as written by the reader, a gold it equals, a gold it does not)
ROWS = [
    ("\\frac{0.\\overline{3}}{2}", "1/6", "\\frac{1}{6}", "\\frac{1}{3}"),
    ("\\{0.\\overline{3}, 2\\}", "{1/3, 2}", "\\{\\frac13, 2\\}", "\\{\\frac13, 3\\}"),
    ("0.\\overline{3} + \\frac{1}{3}", "2/3", "\\frac{2}{3}", "\\frac{1}{3}"),
    ("\\sqrt{0.\\overline{1}}", "sqrt(1/9)", "\\frac{1}{3}", "\\frac{1}{9}"),
    ("2.\\dot{3} \\cdot \\frac{3}{7}", "1", "1", "\\frac{3}{7}"),
    # contrasts: nothing braced after the repeating part
    ("0.\\overline{3}", "1/3", "\\frac{1}{3}", "\\frac{1}{6}"),
    ("0.\\overline{12}", "4/33", "\\frac{4}{33}", "\\frac{12}{100}"),
]


@pytest.mark.parametrize("text, shown, right, wrong", ROWS, ids=[r[0] for r in ROWS])
def test_a_repeating_part_ends_at_its_own_brace(text: str, shown: str, right: str, wrong: str) -> None:
    reading = read(text)
    assert reading.error is None, reading.error
    assert str(reading.value) == shown
    assert mathgrade.grade(text, right).correct
    assert not mathgrade.grade(text, wrong).correct
