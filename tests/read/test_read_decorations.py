"""A decoration (``\\hat``, ``\\vec``, ``\\bar``, ``\\overline``, ``\\widehat``...: ``_read._parser.command``) over a
name makes a new name (``\\bar{x}`` is ``bar(x)``, ``\\hat e`` is ``hat(e)``); over anything else it is refused by its
message, at the command's position, never by an internal error. Each refused row has a contrast, the same decoration
over a name, which reads.

Written for seed 103 (docs/testing.md): the refusal's message dropped (``ParseFailure(tok.pos, )``) made
``\\hat{2}`` an internal error of the reader.
"""

from __future__ import annotations

import pytest

from mathgrade._read import read

# (refused text, position, command; the decoration over a name, as read)
_ROWS = [
    ("\\hat{2}", 0, "hat", "\\hat{e}", "hat(e)"),
    ("\\vec{1+x}", 0, "vec", "\\vec{v}", "vec(v)"),
    ("x + \\overline{12}", 4, "overline", "x + \\overline{z}", "x + overline(z)"),
    ("\\widehat{\\pi}", 0, "widehat", "\\widehat{i}", "widehat(i)"),
    ("\\bar{3} + 1", 0, "bar", "\\bar{x} + 1", "bar(x) + 1"),
]


@pytest.mark.parametrize("text, pos, command, _named, _shown", _ROWS)
def test_a_decoration_over_a_value_is_refused(text: str, pos: int, command: str, _named: str, _shown: str) -> None:
    r = read(text)
    assert r.value is None and r.error is not None, (text, r.value)
    assert (r.error.pos, r.error.message) == (pos, f"'\\{command}' over something that is not a name"), r.error


@pytest.mark.parametrize("_text, _pos, _command, named, shown", _ROWS)
def test_a_decoration_over_a_name_is_a_name(_text: str, _pos: int, _command: str, named: str, shown: str) -> None:
    r = read(named)
    assert r.error is None and str(r.value) == shown, (named, r)
