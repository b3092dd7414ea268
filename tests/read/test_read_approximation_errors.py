"""The error of an answer followed by a decimal that does not approximate it (``5 \\approx 6``): it names both
values, points at the decimal (its offset in the text read) and holds that text, so ``str(error)`` shows where.
The contrasts, decimals that do approximate the answer, read as the answer with no error.

Written for seed 139 (docs/testing.md): ``_before_approximation`` building that error without its position (the
message passed as the position, the text as the message) was read only for the words "does not approximate".
"""

from __future__ import annotations

import pytest

from mathgrade._read import read

# (written, the value's text, the decimal's text, what approximates the value instead)
_ROWS = [
    ("5 \\approx 6", "5", "6", "5 \\approx 5.0"),
    ("4.5 \\sim 6", "4.5", "6", "4.5 \\sim 4.5"),
    ("\\frac{1}{3} \\approx 0.4", "\\frac{1}{3}", "0.4", "\\frac{1}{3} \\approx 0.33"),
    ("-\\frac{2}{3} \\approx 0.67", "-\\frac{2}{3}", "0.67", "-\\frac{2}{3} \\approx -0.67"),
    ("\\frac{2}{3} \\simeq 0.68", "\\frac{2}{3}", "0.68", "\\frac{2}{3} \\simeq 0.67"),
]


@pytest.mark.parametrize("written, value, decimal, approximated", _ROWS)
def test_the_error_names_both_values_and_points_at_the_decimal(written: str, value: str, decimal: str,
                                                               approximated: str) -> None:
    error = read(written).error
    assert error is not None
    message = f"{decimal!r} does not approximate {value!r}: two values"
    pos = written.rindex(decimal)
    assert (error.message, error.text, error.pos) == (message, written, pos)
    assert str(error) == f"{message} at position {pos}"
    reading = read(approximated)  # the contrast
    assert reading.error is None and reading.value == read(value).value, reading
