"""The digit limit (``limits.MAX_DIGITS``) counts every digit of a plain decimal, before and after its point, on the
reader's fast path for plain numbers (``_read._fast_number``) as in the tokenizer: a decimal of more than the limit
is refused by its digits wherever they are, and one at the limit reads. Plain decimals that long are longer than the
answer's length limit (``MAX_ANSWER_CHARS``), which is raised here as in ``test_read_limits.py``. Each refused row
has a contrast one digit shorter that must read.

Written for seed 79 (docs/testing.md): ``len(whole) + len(frac)`` made ``len(whole) - len(frac)`` let a decimal of
3,000 digits on each side of its point through the fast path.
"""

from __future__ import annotations

import pytest

from mathgrade._read import read
from mathgrade.limits import MAX_DIGITS


# (digits before the point, digits after it): each at MAX_DIGITS + 1 in all; the fast path reads up to 4,000 a side
_OVER = [(3000, 2001), (2501, 2500), (4000, 1001), (1001, 4000)]


@pytest.mark.parametrize("sign", ["", "-"])
@pytest.mark.parametrize("whole, frac", _OVER)
def test_a_decimal_over_the_limit_is_refused_by_its_digits(long_answers, sign: str, whole: int, frac: int) -> None:
    assert whole + frac == MAX_DIGITS + 1
    r = read(sign + "7" * whole + "." + "3" * frac)
    assert r.value is None and r.error is not None
    assert r.error.message == f"numeral has more than {MAX_DIGITS} digits", r.error


@pytest.mark.parametrize("sign", ["", "-"])
@pytest.mark.parametrize("whole, frac", _OVER)
def test_a_decimal_at_the_limit_reads(long_answers, sign: str, whole: int, frac: int) -> None:
    frac -= 1
    r = read(sign + "7" * whole + "." + "3" * frac)
    assert r.error is None and r.value is not None, r.error
    assert r.value.places == frac  # type: ignore[union-attr]
    assert abs(r.value.value) > 7 * 10 ** (whole - 1)  # type: ignore[union-attr]
