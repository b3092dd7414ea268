"""The random points of the numeric comparison (``compare/_numeric.random_points``) are non-integral rationals of
both signs with ``1 < |v| <= 7 + 1/3``, away from 0 and ±1 where special cases hide: a numerator drawn as a multiple
of its denominator is moved up by one, never elsewhere. Drawn from a seed of the names alone: the same names give
the same points.

Written for seed 149 (docs/testing.md): a numerator that was a multiple of its denominator was set to 1 (``num =
1``), which put the point at ``±1/den``, between -1/3 and 1/3, where ``x^2`` and ``|x|``, or ``x`` and ``x^3``, are
as near as anywhere.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mathgrade.compare._numeric import integer_points, random_points

_NAMES = [frozenset({"x"}), frozenset({"x", "y"}), frozenset({"a", "b", "n"}), frozenset({"t_1"})]


def _away(v: Fraction) -> bool:
    """A value the points may take."""
    return v.denominator != 1 and 1 < abs(v) <= 7 + Fraction(1, 3) and v.denominator <= 29


def test_the_check_refuses_what_the_points_must_avoid() -> None:  # (each value here must fail)
    for v in (Fraction(1, 3), Fraction(-1, 29), Fraction(2), Fraction(-1), Fraction(0), Fraction(15, 2),
              Fraction(-23, 3), Fraction(2, 3), Fraction(63, 31)):
        assert not _away(v), v
    for v in (Fraction(4, 3), Fraction(-22, 3), Fraction(3, 2), Fraction(204, 29), Fraction(-30, 29)):
        assert _away(v), v


@pytest.mark.parametrize("names", _NAMES, ids=lambda n: ",".join(sorted(n)))
@pytest.mark.parametrize("salt", ["", "relations", "x"])
def test_every_point_is_away_from_0_and_1_and_not_an_integer(names: frozenset, salt: str) -> None:
    points = list(random_points(names, 400, salt))
    assert len(points) == 400
    values = [p[name] for p in points for name in sorted(names)]
    assert all(set(p) == set(names) for p in points)
    bad = [v for v in values if not _away(v)]
    assert bad == []
    assert any(v > 0 for v in values) and any(v < 0 for v in values)
    assert points == list(random_points(names, 400, salt))  # the same names and salt, the same points


def test_integer_points_are_integers() -> None:  # (the contrast: the other kind of point)
    values = [p["x"] for p in integer_points(frozenset({"x"}), 200)]
    assert all(v.denominator == 1 for v in values)
    assert not any(_away(v) for v in values)
