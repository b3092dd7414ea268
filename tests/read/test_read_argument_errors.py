"""The errors of a command's missing or unreadable argument (``_read._parser.argument``, ``sqrt``): the message names
the token met and the command, the position is the token's, and a missing argument's context is where the command
opened. Each refused text has a contrast with an argument, which reads.

Written for seed 89 (docs/testing.md): the token described as ``None`` (``_describe(None)``) and ``\\sqrt`` passing
``None`` for itself to its argument both turned these errors into internal errors of the reader.
"""

from __future__ import annotations

import pytest

from mathgrade._read import read

# (text, position, message, context, the text with an argument)
_ROWS = [
    ("\\frac+1", 5, "unexpected '+' as the argument of '\\frac'", None, "\\frac21"),
    ("\\frac)2", 5, "unexpected ')' as the argument of '\\frac'", None, "\\frac32"),
    ("\\sqrt+", 5, "unexpected '+' as the argument of '\\sqrt'", None, "\\sqrt4"),
    ("\\sqrt}", 5, "unexpected '}' as the argument of '\\sqrt'", None, "\\sqrt{4}"),
    ("\\sqrt )", 6, "unexpected ')' as the argument of '\\sqrt'", None, "\\sqrt (4)"),
    ("\\binom,1", 6, "unexpected ',' as the argument of '\\binom'", None, "\\binom41"),
    ("\\sqrt", 5, "missing argument", ("'\\sqrt'", 0), "\\sqrt 9"),
    ("2\\sqrt", 6, "missing argument", ("'\\sqrt'", 1), "2\\sqrt9"),
    ("\\sqrt[3]", 8, "missing argument", ("'\\sqrt'", 0), "\\sqrt[3]8"),
    ("\\frac{1}", 8, "missing argument", ("'\\frac'", 0), "\\frac{1}2"),
]


@pytest.mark.parametrize("text, pos, message, context, _fixed", _ROWS)
def test_an_argument_error_names_the_token_and_the_command(text: str, pos: int, message: str, context: object,
                                                           _fixed: str) -> None:
    r = read(text)
    assert r.value is None and r.error is not None, text
    assert (r.error.pos, r.error.message, r.error.context) == (pos, message, context), r.error


@pytest.mark.parametrize("_text, _pos, _message, _context, fixed", _ROWS)
def test_the_same_command_with_an_argument_reads(_text: str, _pos: int, _message: str, _context: object,
                                                 fixed: str) -> None:
    r = read(fixed)
    assert r.error is None and r.value is not None, (fixed, r.error)
