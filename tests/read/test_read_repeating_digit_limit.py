"""The digit limit (``limits.MAX_DIGITS``) holds for the repeating part of a decimal too (``_read._tokens._number``):
``0.\\overline{3...3}`` with a repeating part of exactly the limit reads as its exact value; one digit more is
refused ("numeral has more than ... digits"). Repeating parts that long are longer than the answer's length limit
(``MAX_ANSWER_CHARS``), which is raised here as in ``test_read_fast_number_limit.py``.

Written for seed 173 (docs/testing.md): ``len(repeat) > MAX_DIGITS`` made ``>=`` refused a repeating part at the
limit.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mathgrade._read import read
from mathgrade.limits import MAX_DIGITS


@pytest.mark.parametrize("command", ["\\overline", "\\dot"])
@pytest.mark.parametrize("head", ["0.", "2.5"])
@pytest.mark.parametrize("digits", [MAX_DIGITS - 1, MAX_DIGITS])
def test_a_repeating_part_at_the_limit_reads(long_answers, command: str, head: str, digits: int) -> None:
    r = read(head + command + "{" + "3" * digits + "}")
    assert r.error is None, r.error
    exact = Fraction(head + "0") + Fraction(1, 3 * 10 ** (len(head) - 2))  # (3s repeating: a third of a unit)
    assert r.value.value == exact and r.value.places is None  # type: ignore[union-attr]


@pytest.mark.parametrize("command", ["\\overline", "\\dot"])
@pytest.mark.parametrize("head", ["0.", "2.5"])
@pytest.mark.parametrize("digits", [MAX_DIGITS + 1, MAX_DIGITS + 2])
def test_a_repeating_part_over_the_limit_is_refused(long_answers, command: str, head: str, digits: int) -> None:
    r = read(head + command + "{" + "3" * digits + "}")
    assert r.value is None and r.error is not None
    assert r.error.message == f"numeral has more than {MAX_DIGITS} digits", r.error
