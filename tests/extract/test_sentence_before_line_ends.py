"""The sentence before an answer displayed on a line of its own takes in the line before it, to its last character
that is not a space or a tab (``_commit.sentence_before``), whatever that character is: ``Maybe it is 5X`` then a
display reads ``Maybe it is 5X``, not ``Maybe it is 5``. A line that ends a sentence (``.``, ``!``, ``?``, ``;``...)
is not taken in. The refusal checks read that sentence for its words.

Written for seed 137 (docs/testing.md): the blanks stripped from the end of the line before tested as
``"XX \\tXX"`` (an ``X`` stripped too). Every printable ASCII character ends the line in a row, with and without
blanks after it.
"""

from __future__ import annotations

import string

import pytest

from mathgrade._extract._commit import sentence_before

_DISPLAY = "$$\\boxed{7}$$"
_FINISHED = ".!?;"
_CHARS = [c for c in string.printable if not c.isspace()]


@pytest.mark.parametrize("blanks", ["", " ", "\t", " \t "])
@pytest.mark.parametrize("char", _CHARS, ids=[repr(c) for c in _CHARS])
def test_the_line_before_a_display_is_taken_in_to_its_last_character(char: str, blanks: str) -> None:
    line = "Maybe it is 5" + char
    text = line + blanks + "\n" + _DISPLAY
    got = sentence_before(text, text.index(_DISPLAY))
    if char in _FINISHED:
        assert got == "", got  # the contrast: a finished line is another sentence
    else:
        assert got == line + " ", got
