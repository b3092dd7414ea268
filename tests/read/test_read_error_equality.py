"""Two errors of the reader are equal when they say the same thing about the same input (``ReadError.__eq__`` and
``__hash__``): the same position, message, text and context, however each was made (mapped back through the
normalization's steps on first use, or given as input offsets). Each equal pair has a contrast that differs in one
field and must not be equal; an error is never equal to what is not an error.

Written for seed 79 (docs/testing.md): ``==`` made ``!=`` in ``ReadError.__eq__`` survived every other test.
"""

from __future__ import annotations

import pytest

from mathgrade._read import ReadError, clear_read_cache, read

_BAD = ["\\frac{1", "(1, 2", "x +", "\\frac{1} ", "\\begin{pmatrix} 1 & 2 \\\\ 3 \\end{pmatrix}", "1 // 2", "\\sqrt["]


@pytest.mark.parametrize("text", _BAD)
def test_two_readings_of_the_same_bad_text_give_equal_errors(text: str) -> None:
    clear_read_cache()
    first = read(text).error
    clear_read_cache()
    second = read(text).error
    assert first is not None and second is not None and first is not second, text
    assert first == second and not first != second, (first, second)
    assert hash(first) == hash(second)
    assert len({first, second}) == 1


@pytest.mark.parametrize("text", _BAD)
def test_errors_of_different_texts_are_not_equal(text: str) -> None:
    error = read(text).error
    other = read(text + " ").error  # the same fault, in another text
    assert error is not None and other is not None
    assert error != other and not error == other, (error, other)


_BASE = dict(pos=3, message="expected ')' to close it", text="(1, 2", context=("'(' opened", 0))


@pytest.mark.parametrize("field, value", [
    ("pos", 4), ("message", "expected ']' to close it"), ("text", "(1, 3"), ("context", ("'(' opened", 1)),
    ("context", None),
])
def test_errors_differing_in_one_field_are_not_equal(field: str, value: object) -> None:
    same, changed = ReadError(**_BASE), ReadError(**dict(_BASE, **{field: value}))
    assert ReadError(**_BASE) == same and not ReadError(**_BASE) != same
    assert same != changed and not same == changed, (same, changed)


def test_an_error_mapped_through_steps_equals_one_given_at_its_input_offsets() -> None:
    steps = ["(1,  2", "(1, 2"]  # the normalization dropped one space before the '2'
    mapped = ReadError(5, "expected ')' to close it", "(1,  2", ("'(' opened", 0), steps=steps)
    given = ReadError(mapped.pos, "expected ')' to close it", "(1,  2", mapped.context)
    assert mapped == given and hash(mapped) == hash(given), (mapped, given)
    assert mapped != ReadError(mapped.pos + 1, "expected ')' to close it", "(1,  2", mapped.context)


@pytest.mark.parametrize("other", [None, "expected ')' to close it", 3, ("'(' opened", 0)])
def test_an_error_is_not_equal_to_what_is_not_an_error(other: object) -> None:
    error = ReadError(**_BASE)
    assert error != other and not error == other
