"""Numbers against numbers: exact rationals, written decimals, percent and degree signs.

Everything here is :class:`fractions.Fraction` arithmetic: no sympy, no floats, microseconds per comparison.
"""

from __future__ import annotations

from fractions import Fraction
from typing import List, Optional, Tuple

from ..limits import MAX_EXPONENT
from ..options import Options
from ..values import Number, digit_count, fraction_text, int_text

__all__ = ["significant_digits", "rounds_to", "number_candidates", "compare_numbers", "gold_min_digits"]

NumberResult = Tuple[bool, str, str]
"""(equal, rule, reason) — turned into a Decision by the caller."""


def significant_digits(n: Number) -> int:
    """Significant digits written in a decimal ``n`` (``0.333`` → 3, ``1.20`` → 3, ``0.000`` → 0)."""
    if n.places is None or abs(n.places) > MAX_EXPONENT:
        return 0
    scaled = abs(n.value) * Fraction(10) ** n.places
    digits = scaled.numerator // scaled.denominator
    return 0 if digits == 0 else digit_count(digits)


def rounds_to(exact: Fraction, decimal: Fraction, places: int) -> bool:
    """True when ``exact`` rounded at ``places`` decimal places (negative: tens, hundreds...) is ``decimal``.

    Ties count either way (half-up and half-even are both accepted).
    """
    half_unit = Fraction(1, 2) / Fraction(10) ** places
    return abs(exact - decimal) <= half_unit


def _surely_rounds_to(n: Number, target: Fraction, places: int) -> bool:
    """The value of ``n`` rounds to ``target`` at ``places``; when ``n`` is itself a written decimal, every value it
    may stand for must (no double rounding: ``0.0215`` is not a safe ``0.022``)."""
    if n.places is None:
        return rounds_to(n.value, target, places)
    half = Fraction(1, 2) / Fraction(10) ** n.places
    return rounds_to(n.value - half, target, places) and rounds_to(n.value + half, target, places)


def number_candidates(n: Number, other: Number, options: Options) -> List[Tuple[Number, str]]:
    """The numbers ``n`` may stand for when compared with ``other``, each with a note for the reason.

    A percent sign may be dropped but never invented: ``50%`` stands for 50 and for 0.5 when the other side has no
    percent sign (only 0.5 when the ``percent`` option is off). Read as a fraction, a written decimal keeps the
    digits it was written with: ``19.3%`` is 0.193, written to 3 decimal places, not to 1. Degree signs are handled
    by the caller.
    """
    if n.percent and not other.percent:
        places = None if n.places is None else n.places + 2
        fraction = Number(n.value / 100, places, False, n.degrees)
        out = [(fraction, f"{n} is {_show(n.value / 100)}")]
        if options.percent:
            out.append((Number(n.value, n.places, False, n.degrees), "the percent sign is dropped"))
        return out
    return [(n, "")]


def compare_numbers(answer: Number, gold: Number, options: Options) -> NumberResult:
    """Compare two numbers exactly, or by the rounding rule when one of them is a written decimal."""
    if answer.degrees != gold.degrees and not options.degrees:
        return False, "number.degrees", "one side is in degrees and the other is not (degrees option is off)"
    best: Optional[NumberResult] = None
    for a_num, a_note in number_candidates(answer, gold, options):
        for g_num, g_note in number_candidates(gold, answer, options):
            result = _compare_values(a_num, g_num, options)
            note = a_note or g_note
            if result[0]:
                return result[0], result[1], result[2] + (f" ({note})" if note else "")
            if best is None:
                best = result
    assert best is not None
    return best


def _compare_values(answer: Number, gold: Number, options: Options) -> NumberResult:
    a, g = answer.value, gold.value
    if a == g:
        return True, "number.exact", f"{_show(a)} equals {_show(g)}"
    if any(p is not None and abs(p) > MAX_EXPONENT for p in (answer.places, gold.places)):
        return False, "number.exact", f"{_show(a)} differs from {_show(g)}"  # no rounding at absurd positions
    a_places, g_places = answer.places, gold.places
    if g_places is None and g.denominator == 1:
        # an exact integer gold is matched only exactly: 3.16×10³ is not 3159 (rounding is for non-integers)
        return False, "number.exact", f"{_show(a)} differs from the exact integer {_show(g)}"
    if a_places is not None and (g_places is None or a_places <= g_places):
        # the answer is the less precise one: it must be a rounding of the gold with enough digits
        if _surely_rounds_to(gold, a, a_places):
            return _enough_digits(answer, f"{_show(g)}", options) or (
                True, "number.rounded", f"{answer} is {_show(g)} rounded to {_places(a_places)}")
    elif g_places is not None:
        # the gold is a written decimal (a rounded value): the answer must round to it at the gold's digits, and
        # the gold must carry enough significant digits to be a rounding at all (0.3 does not stand for 1/4)
        if _surely_rounds_to(answer, g, g_places):
            return _enough_digits(gold, f"{_show(a)}", options, gold=True) or (
                True, "number.rounded", f"{_show(a)} rounds to the gold {gold} at {_places(g_places)}")
    return False, "number.exact", f"{_show(a)} differs from {_show(g)}"


def gold_min_digits(options: Options) -> int:
    """Significant digits a decimal *gold* needs to stand for a rounding: one fewer than an answer needs (2 by
    default). Benchmark authors round to two digits (Minerva's ``0.53`` for 0.5332, ``3.3e12``), and a model that
    gives more digits is right; a single digit is too coarse to be a rounding (``0.3`` would take every value from
    0.25 to 0.35), so such a gold is exact."""
    return max(1, options.min_significant_digits - 1)


def _enough_digits(decimal: Number, exact: str, options: Options, gold: bool = False) -> Optional[NumberResult]:
    """None when the written ``decimal`` (an answer's, or the ``gold``'s) has enough significant digits to stand
    for a rounding of ``exact``; else the failing result, which says so."""
    sig = significant_digits(decimal)
    needed = gold_min_digits(options) if gold else options.min_significant_digits
    if sig >= needed:
        return None
    whose = "the gold " if gold else ""
    return False, "number.too_few_digits", (
        f"{whose}{decimal} has {sig} significant digit{'s' if sig != 1 else ''}; "
        f"at least {needed} are needed to stand for {exact}")


def _show(v: Fraction) -> str:
    return fraction_text(v)


def _places(places: Optional[int]) -> str:
    if places is None:
        return "an exact value"
    if places >= 0:
        return f"{places} decimal place{'s' if places != 1 else ''}"
    return f"the nearest {int_text(10 ** (-places))}"
