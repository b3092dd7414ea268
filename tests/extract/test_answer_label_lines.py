"""``A:`` is an answer label only where it opens its line, after nothing but spaces or tabs
(``_rules._last_label_end``): ``Q: why?\\n  A: 26`` answers 26 by the rule ``answer_label``; after any other
character on its line (``Plan A: 26``, ``X A: 26``, ``- A: 26``) the ``A`` is a word and the rule gives nothing.

Written for seed 131 (docs/testing.md): the characters walked back over before the ``A`` tested as ``"XX \\tXX"``
(so an ``X`` counted as a space) made ``X A: 26`` a label. Every printable ASCII character is tried before the
label, so that any change to that set of characters fails some row.
"""

from __future__ import annotations

import string

import pytest

import mathgrade
from mathgrade._extract import _rules

_BLANKS = " \t"
_OTHERS = [c for c in string.printable if c not in _BLANKS + "\n\r\x0b\x0c"]


def _label_rules(output: str) -> list:
    return [c for c in mathgrade.extract(output) if c.rule == "answer_label"]


@pytest.mark.parametrize("blank", [" ", "\t", "  ", " \t ", ""])
def test_a_label_after_blanks_opens_its_line(blank: str) -> None:
    output = "Q: what is it?\n" + blank + "A: 26"
    assert _rules._last_label_end(output) == len(output) - 3
    found = _label_rules(output)
    assert [(c.text, c.start) for c in found] == [("26", len(output) - 2)]


@pytest.mark.parametrize("char", _OTHERS, ids=[repr(c) for c in _OTHERS])
@pytest.mark.parametrize("blank", [" ", ""])
def test_a_label_after_any_other_character_is_a_word(char: str, blank: str) -> None:
    output = "Q: what is it?\n" + char + blank + "A: 26"
    assert _rules._last_label_end(output) == -1, output
    assert _label_rules(output) == []
    # the contrast: the same line with the character moved after the label is one
    moved = "Q: what is it?\n" + blank + "A: 26 " + char
    assert _rules._last_label_end(moved) == len("Q: what is it?\n" + blank + "A:")


def test_the_last_label_at_a_line_start_wins_over_a_later_word() -> None:
    output = "Q: what?\nA: 26\nPlan A: 30"
    assert _rules._last_label_end(output) == len("Q: what?\nA:")
    assert _rules._last_label_end("Plan A: 30\nA: 26") == len("Plan A: 30\nA:")
