"""An unknown command may name a quantity (``2\\zzz`` is 2 times ``zzz``: ``_read._parser._names_a_quantity``), but
not a layout command: a name holding ``break`` (``\\allowbreak``, ``\\pagebreak``, ``\\nobreak``) or ``space`` is an
unknown command, reported as such, never a factor. Each refused row has a contrast, a name without those words, read
as a quantity.

Written for seed 103 (docs/testing.md): the test for ``"break"`` made ``"BREAK"`` read ``5\\allowbreak`` as
``5*allowbreak``.
"""

from __future__ import annotations

import pytest

from mathgrade._read import read

# (text with a layout command, the error's position, the name; the text with another name, its value)
_ROWS = [
    ("5 \\allowbreak", 2, "allowbreak", "5 \\allowzz", "5*allowzz"),
    ("5\\pagebreak", 1, "pagebreak", "5\\pagezz", "5*pagezz"),
    ("\\breakx", 0, "breakx", "\\brakex", "brakex"),
    ("2\\zzbreakzz", 1, "zzbreakzz", "2\\zzbrakezz", "2*zzbrakezz"),
    ("2\\zzspacezz", 1, "zzspacezz", "2\\zzspcezz", "2*zzspcezz"),
]


@pytest.mark.parametrize("text, pos, name, _other, _shown", _ROWS)
def test_a_layout_command_is_an_unknown_command(text: str, pos: int, name: str, _other: str, _shown: str) -> None:
    r = read(text)
    assert r.value is None and r.error is not None, (text, r.value)
    assert (r.error.pos, r.error.message) == (pos, f"unknown command '\\{name}'"), r.error


@pytest.mark.parametrize("_text, _pos, _name, other, shown", _ROWS)
def test_another_unknown_name_is_a_quantity(_text: str, _pos: int, _name: str, other: str, shown: str) -> None:
    r = read(other)
    assert r.error is None and str(r.value) == shown, (other, r)
