"""Polynomials without sympy: the expanded form of an expression tree that is a polynomial with rational
coefficients, so that a polynomial identity (``(x+1)^2`` and ``x^2+2x+1``, or the same terms in another order) is
shown by comparing two small dicts instead of a sympy job in a worker.

Only the positive answer is used: two trees with the same expanded form are equal everywhere (they are the same
polynomial). Anything else (functions, constants, division by a variable, powers that are not small non-negative
integers, an expansion past the size the symbolic budget allows) gives None and goes to sympy as before.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Dict, Optional, Tuple

__all__ = ["expanded", "same_polynomial"]

Monomial = Tuple[Tuple[str, int], ...]
"""Variables and their powers, sorted by name: ``x^2 y`` is ``(("x", 2), ("y", 1))``; a constant is ``()``."""
Poly = Dict[Monomial, Fraction]

_MAX_POWER = 64
"""Largest exponent expanded (larger ones go to sympy, within its budget)."""


class _NotPolynomial(Exception):
    pass


def same_polynomial(a: tuple, b: tuple, terms: int) -> bool:
    """True when both trees are polynomials with the same expanded form, each expansion at most ``terms`` terms."""
    pa = expanded(a, terms)
    return pa is not None and pa == expanded(b, terms)


def expanded(node: tuple, terms: int) -> Optional[Poly]:
    """The expanded form of ``node`` (monomial → non-zero coefficient), or None when it is not a polynomial with
    rational coefficients or has more than ``terms`` terms at any step."""
    try:
        return _expand(node, terms)
    except _NotPolynomial:
        return None


def _expand(node: tuple, terms: int) -> Poly:
    head = node[0]
    if head == "num":
        value = Fraction(node[1])
        return {(): value} if value else {}
    if head == "sym":
        return {((node[1], 1),): Fraction(1)}
    if head == "add":
        out: Poly = {}
        for child in node[1:]:
            _add_into(out, _expand(child, terms))
        return _checked(out, terms)
    if head == "neg" and len(node) == 2:
        return {m: -c for m, c in _expand(node[1], terms).items()}
    if head == "mul":
        out = {(): Fraction(1)}
        for child in node[1:]:
            out = _times(out, _expand(child, terms), terms)
        return out
    if head == "div" and len(node) == 3:
        denominator = _expand(node[2], terms)
        if len(denominator) != 1 or () not in denominator:
            raise _NotPolynomial  # division by a variable: not a polynomial
        d = denominator[()]
        return {m: c / d for m, c in _expand(node[1], terms).items()}
    if head == "pow" and len(node) == 3 and node[2][0] == "num":
        exponent = Fraction(node[2][1])
        if exponent.denominator != 1 or not 0 <= exponent <= _MAX_POWER:
            raise _NotPolynomial
        base = _expand(node[1], terms)
        out = {(): Fraction(1)}
        for _ in range(int(exponent)):
            out = _times(out, base, terms)
        return out
    raise _NotPolynomial  # functions, constants (π, e, i), ±, and anything else


def _add_into(out: Poly, more: Poly) -> None:
    for m, c in more.items():
        total = out.get(m, 0) + c
        if total:
            out[m] = total
        else:
            out.pop(m, None)


def _times(a: Poly, b: Poly, terms: int) -> Poly:
    out: Poly = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            m = _merge(ma, mb)
            total = out.get(m, 0) + ca * cb
            if total:
                out[m] = total
                if len(out) > terms:  # (checked as it grows: the work stays bounded by the size allowed)
                    raise _NotPolynomial
            else:
                out.pop(m, None)
    return out


def _merge(a: Monomial, b: Monomial) -> Monomial:
    if not a:
        return b
    if not b:
        return a
    powers = dict(a)
    for name, n in b:
        powers[name] = powers.get(name, 0) + n
    return tuple(sorted(powers.items()))


def _checked(poly: Poly, terms: int) -> Poly:
    if len(poly) > terms:
        raise _NotPolynomial
    return poly
