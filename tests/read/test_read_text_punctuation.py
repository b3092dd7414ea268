"""A point or a comma at the ends of a ``\\text{...}`` is punctuation (``_read._tokens._text`` strips it): ``5
\\text{.}`` (a sentence's full stop written in the formula) reads as 5, ``\\text{five.}`` as 5, ``2 \\text{ and. }
3`` as two answers; a ``\\text{}`` holding only a comma still separates items. The contrasts, without the
punctuation, read the same.

Written for seed 173 (docs/testing.md): the strip made ``strip(None)`` (blanks only) left ``5 \\text{.}`` unreadable
("unexpected character '.'") and ``\\text{five.}`` a word.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read
from mathgrade.values import Number, Relation, SetValue

# (input, the same without its punctuation)
ROWS = [
    ("5\\text{.}", "5"), ("5 \\text{.}", "5"), ("5\\text{ . }", "5"), ("5\\text{,}", "5"),
    ("-\\frac{3}{4}\\text{.}", "-\\frac{3}{4}"),
    ("x = 5 \\text{.}", "x = 5"), ("\\text{five.}", "\\text{five}"), ("\\text{ten, }", "\\text{ten}"),
    ("\\text{ Twelve. }", "\\text{twelve}"), ("2 \\text{ and. } 3", "2 \\text{ and } 3"),
    ("3 \\text{ or. } 4", "3 \\text{ or } 4"), ("3 \\text{, or } 4", "3 \\text{ or } 4"),
    ("\\{1\\text{,} 2\\}", "\\{1, 2\\}"),
]


@pytest.mark.parametrize("s, plain", ROWS)
def test_punctuation_at_the_ends_of_text_is_dropped(s: str, plain: str) -> None:
    r, p = read(s), read(plain)
    assert r.error is None and r.value is not None, (s, r.error)
    assert r.value == p.value, (s, r.value, p.value)
    assert isinstance(r.value, (Number, Relation, SetValue))


@pytest.mark.parametrize("s, gold", [("5\\text{.}", "5"), ("\\text{five.}", "5"), ("x = 5 \\text{.}", "5"),
                                     ("\\text{ten, }", "10")])
def test_graded_as_the_number(s: str, gold: str) -> None:
    assert mathgrade.grade(s, gold).correct
    assert not mathgrade.grade(s, "6").correct
