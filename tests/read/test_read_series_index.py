"""The index of a sum or a product (``_read._parser.series``) is a letter, or a constant's letter that a sum may
rebind (``e``, ``i``), never ``\\pi`` or ``\\infty``, nor a number or a missing ``=``: those are refused by the
message that says how bounds are written, and the same series with a letter for its index reads as its value (each
refused row's contrast).

Written for seed 89 (docs/testing.md): the test of ``("pi", "oo")`` made ``("pi", "OO")`` let ``\\infty`` be an index.
"""

from __future__ import annotations

import pytest

from mathgrade._read import read

# (the series with a bad index, the same with the letter k)
_ROWS = [
    ("\\sum_{\\infty=1}^{3} k", "\\sum_{k=1}^{3} k"),
    ("\\sum_{\\infty = 1}^{3} \\infty", "\\sum_{k = 1}^{3} k"),
    ("\\prod_{\\infty=1}^{3} 2", "\\prod_{k=1}^{3} 2"),
    ("\\sum_{\\pi=1}^{3} k", "\\sum_{k=1}^{3} k"),
    ("\\prod_{\\pi=1}^{4} \\pi", "\\prod_{k=1}^{4} k"),
    ("\\sum_{2=1}^{3} k", "\\sum_{k=1}^{3} k"),
    ("\\sum_{k}^{3} k", "\\sum_{k=0}^{3} k"),
]


@pytest.mark.parametrize("bad, _good", _ROWS)
def test_a_series_over_a_constant_or_a_number_is_refused(bad: str, _good: str) -> None:
    r = read(bad)
    assert r.value is None and r.error is not None, (bad, r.value)
    name = bad[1:bad.index("_")]
    assert r.error.message == f"'\\{name}' without bounds written as _{{k=a}}^{{b}}", r.error
    assert r.error.pos == 0


@pytest.mark.parametrize("_bad, good", _ROWS)
def test_the_same_series_over_a_letter_reads(_bad: str, good: str) -> None:
    r = read(good)
    assert r.error is None and r.value is not None, (good, r.error)


@pytest.mark.parametrize("text, value", [("\\sum_{k=1}^{3} k", "6"), ("\\sum_{e=1}^{3} e", "6"),
                                         ("\\sum_{i=1}^{3} i", "6"), ("\\prod_{k=1}^{4} k", "24")])
def test_a_letter_is_an_index_even_when_it_names_a_constant(text: str, value: str) -> None:
    r = read(text)
    assert r.error is None and str(r.value) == value, (text, r)
