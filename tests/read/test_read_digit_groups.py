"""Thousands separators and decimal commas (``_read/_normalize._digit_groups``), one row per branch: each separator
joined (``{,}``, ``\\,``, ``\\!``, ``~``, ``\\;``, ``\\:``, ``\\ ``, a comma, a space), a decimal comma (``{,}``
before other than three digits, ``0,5`` alone), and what is not a separator: a comma inside brackets (a tuple or a
set), after a decimal point, an exponent or a subscript, a group of other than three digits, a space after a comma.

A number read as another (``1,000`` as 1 and 0, or ``1,23`` as 123) changes a verdict: each row asserts the value
read, each separator against its attack.
"""

from __future__ import annotations

import pytest

from mathgrade._read import read

ROWS = [
    # separators joined
    ("1{,}000", "Number", "1000"), ("1,000", "Number", "1000"), ("12,345,678", "Number", "12345678"),
    ("1\\,000", "Number", "1000"), ("1\\!000", "Number", "1000"), ("1~000", "Number", "1000"),
    ("1\\;000", "Number", "1000"), ("1\\:000", "Number", "1000"), ("1\\ 000", "Number", "1000"),
    ("1 000", "Number", "1000"), ("12 345 678", "Number", "12345678"), ("1 000.5", "Number", "1000.5"),
    ("1,000.25", "Number", "1000.25"), ("1,000 + 2,000", "Number", "3000"), ("1 000 + 2", "Number", "1002"),
    ("x = 1,000", "Relation", "x = 1000"), ("(1, 2), 1,000", "SetValue", "(1, 2), 1000"),
    ("5, 1 000", "SetValue", "5, 1000"), ("1,000,000 apples", "Number", "1000000"),
    # decimal commas
    ("0,5", "Number", "0.5"), ("-0,5", "Number", "-0.5"), ("1{,}5", "Number", "1.5"), ("0,000", "Number", "0"),
    ("0,5, 1", "SetValue", "0, 5, 1"), ("0,5x", "SetValue", "0, 5*x"),  # (a list: 0,5 is a decimal alone)
    # not separators: groups of other than three digits, a space after the comma, a leading zero
    ("1,23", "SetValue", "1, 23"), ("3,1415", "SetValue", "3, 1415"), ("1,0000", "SetValue", "1, 0"),
    ("1,000,00", "SetValue", "1, 0, 0"), ("1, 000", "SetValue", "1, 0"), ("01,000", "SetValue", "1, 0"),
    # not separators: inside brackets, after a point, an exponent, a subscript
    ("(1,000, 2)", "TupleValue", "(1, 0, 2)"), ("[1,000, 2]", "TupleValue", "(1, 0, 2)"),
    ("(1,000)", "TupleValue", "(1, 0)"), ("[1,000]", "Interval", "[1, 0]"), ("[1,000)", "Interval", "[1, 0)"),
    ("\\{1,000, 2\\}", "SetValue", "{1, 0, 2}"),
    ("0.5,000", "SetValue", "0.5, 0"), ("2^1,000", "SetValue", "2, 0"), ("x_1,000", "SetValue", "x_1, 0"),
    ("a,b", "SetValue", "a, b"),
]


@pytest.mark.parametrize("text, kind, value", ROWS)
def test_digit_groups_and_decimal_commas(text: str, kind: str, value: str) -> None:
    r = read(text)
    assert r.value is not None, (text, r.error)
    assert (type(r.value).__name__, str(r.value)) == (kind, value)
