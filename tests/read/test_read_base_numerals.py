"""A numeral with a base subscript (``_read._parser.base_numeral``) reads in any base from 2 to 36, written with one
digit or two, braced or in parentheses; a subscript outside 2..36 (one, three digits, 37, 99) or a digit the base
does not have is refused by its message. Each numeral is also graded against its value and against the digits as
written in base ten (the contrast, which must not pass).

Written for seed 89 (docs/testing.md): ``len(base_text) <= 2`` made ``< 2`` refused every base from 10 to 36.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read

_READ = [
    ("1011_{16}", 4113), ("1011_{(16)}", 4113), ("12_{36}", 38), ("10_{11}", 11), ("777_{10}", 777),
    ("21_{3}", 7), ("1011_{2}", 11), ("11_{02}", 3), ("777_{8}", 511), ("100_{12}", 144),
]
_REFUSED = [
    ("12_{37}", "a numeral with subscript '37' (not a base from 2 to 36)"),
    ("99_{99}", "a numeral with subscript '99' (not a base from 2 to 36)"),
    ("1_{100}", "a numeral with subscript '100' (not a base from 2 to 36)"),
    ("11_{010}", "a numeral with subscript '010' (not a base from 2 to 36)"),
    ("12_{1}", "a numeral with subscript '1' (not a base from 2 to 36)"),
    ("19_{8}", "'19' is not a numeral in base 8"),
]


@pytest.mark.parametrize("text, value", _READ)
def test_a_numeral_in_a_base_from_2_to_36_reads(text: str, value: int) -> None:
    r = read(text)
    assert r.error is None and str(r.value) == str(value), (text, r)
    assert mathgrade.grade(f"${text}$", str(value)).correct
    digits = text.split("_")[0]
    if digits != str(value):
        assert not mathgrade.grade(f"${text}$", digits).correct, text


@pytest.mark.parametrize("text, message", _REFUSED)
def test_a_subscript_that_is_no_base_is_refused(text: str, message: str) -> None:
    r = read(text)
    assert r.value is None and r.error is not None and r.error.message == message, (text, r)
    assert not mathgrade.grade(f"${text}$", text.split("_")[0]).correct
