"""The braced argument of ``\\text`` and ``\\begin`` (``_read._tokens._braced``) is closed by a ``}`` that no
backslash escapes: ``\\}`` inside it is content (a set's closing brace in ``\\text{\\{1, 2\\}}``). Each row reads to its
value or its error; its contrast, the same text without the escape, reads otherwise.

Written for seed 103 (docs/testing.md): the escape test against ``"XX\\\\XX"`` (always true) closed the argument at
``\\}``, leaving a lone backslash: ``\\text{\\{1, 2\\}}`` was unreadable.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read

# (text, its value as shown or None, the error's (position, message) or None)
_ROWS = [
    ("\\text{\\{1, 2\\}}", "{1, 2}", None),
    ("\\text{\\{3\\}}", "{3}", None),
    ("\\text{a\\}b}", None, (7, "unexpected '\\\\}'")),
    ("\\text{\\}}", None, (6, "unexpected '\\\\}'")),
    ("\\begin{pmatrix\\}} 1 \\end{pmatrix}", None, (0, "unknown environment 'pmatrix\\}'")),
    # contrasts: an escaped brace that opens a set left unclosed, a closing one after the content
    ("\\text{\\{1, 2}", None, (13, "expected '\\}' to close it, found the end")),
    ("\\text{1, 2\\}}", None, (10, "unexpected '\\\\}'")),
]


@pytest.mark.parametrize("text, shown, error", _ROWS)
def test_an_escaped_brace_does_not_close_the_argument(text: str, shown: object, error: object) -> None:
    r = read(text)
    if shown is not None:
        assert r.error is None and str(r.value) == shown, (text, r)
    else:
        assert r.value is None and r.error is not None and (r.error.pos, r.error.message) == error, (text, r)


def test_a_set_in_text_is_graded_as_the_set() -> None:
    assert mathgrade.grade("$\\text{\\{1, 2\\}}$", "\\{1, 2\\}").correct
    assert not mathgrade.grade("$\\text{\\{1, 2\\}}$", "\\{1, 3\\}").correct
