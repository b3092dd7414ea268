"""An answer followed by another value in parentheses (``_read._offered_value``): the same number restated reads as
that number; two different values are a read error that names both, at the offered value, and the grade says so
(neither value is credited). Each row of two values has its contrast, the same text with the value restated.

Written for seed 79 (docs/testing.md): the error dropped (``Reading(None, )``) left such an answer with no value and
no error, and no test read the error.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import ReadError, read

# (text, the head as the error quotes it, the offered value, the error's position, the text restating the head)
_TWO_VALUES = [
    ("42 \\text{ (or 43)}", "42", "43", 14, "42 \\text{ (or 42)}"),
    ("42 \\text{ (43)}", "42", "43", 11, "42 \\text{ (42)}"),
    ("42 \\text{(or 43)}", "42", "43", 13, "42 \\text{(or 42)}"),
    ("\\frac12 \\text{ (i.e. 0.25)}", "\\frac12", "0.25", 21, "\\frac12 \\text{ (i.e. 0.5)}"),
    ("x+1 \\text{ (or 43)}", "x+1", "43", 15, None),
    ("50\\% \\text{ (or 0.5)}", "50%", "0.5", 15, "50\\% \\text{ (or 50\\%)}"),
]


@pytest.mark.parametrize("text, head, offered, pos, _restated", _TWO_VALUES)
def test_two_values_are_an_error_naming_both(text: str, head: str, offered: str, pos: int, _restated: object) -> None:
    r = read(text)
    assert r.value is None and r.error is not None, (text, r)
    assert r.error.message == f"two values: {head!r}, then {offered!r} offered beside it", r.error
    assert r.error.pos == pos, r.error


@pytest.mark.parametrize("text, head, offered, _pos, _restated", _TWO_VALUES)
def test_neither_of_two_values_is_credited(text: str, head: str, offered: str, _pos: int, _restated: object) -> None:
    for gold in ("42", "43", "\\frac12", "0.25", "x+1", "50\\%", "0.5"):
        v = mathgrade.grade(f"${text}$", gold)
        assert not v.correct and v.rule == "read.answer", v.explain()
        assert f"two values: {head!r}, then {offered!r} offered beside it" in v.explain(), v.explain()


@pytest.mark.parametrize("_text, head, _offered, _pos, restated", [r for r in _TWO_VALUES if r[4]])
def test_a_value_restated_reads_as_that_value(_text: str, head: str, _offered: str, _pos: int, restated: str) -> None:
    r = read(restated)
    assert r.error is None and r.value is not None, (restated, r.error)
    assert r.value == read(head.replace("%", "\\%")).value, (restated, r.value)
    gold = head.replace("%", "\\%")
    v = mathgrade.grade(f"${restated}$", gold)
    assert v.correct, v.explain()


# Written for seed 107 (docs/testing.md): the error built with no text (``None`` for ``s``) kept its message and
# position, which the tests above read, and lost the text its position is an offset in (the text as the reader
# holds it, trimmed, ``\%`` made ``%``).
@pytest.mark.parametrize("text, head, offered, pos, restated", [r for r in _TWO_VALUES if r[4]])
def test_the_error_of_two_values_holds_the_text_it_points_into(text: str, head: str, offered: str, pos: int,
                                                               restated: str) -> None:
    held = text.replace("\\%", "%")
    for written in (text, f"  {text} "):
        r = read(written)
        assert r.error is not None and r.error.text == held, (written, r.error)
        assert r.error.text[pos:].startswith(offered), (r.error.text, pos)
        assert r.error == ReadError(pos, f"two values: {head!r}, then {offered!r} offered beside it", held), r.error
        assert r.error != ReadError(pos, r.error.message, ""), r.error
        assert f"text={held!r}" in repr(r.error), repr(r.error)
    # the contrast: the same value restated is no error at all
    assert read(restated).error is None, restated
