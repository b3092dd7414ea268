"""A box glued to an operator or a digit before it is a piece of a longer expression (``2\\boxed{5}``, ``-\\boxed{5}``:
``answer.partial_expression``, ``_commit._partial``), wherever the box stands: at the very start of the output, after
a line break, or after a word. Every printable ASCII character (and ``×``, ``÷``, ``·``) is tried right before the box
in the three places; the verdict is the same in each, and the box is refused exactly for the digits and
``+ - * / ^ _ × ÷ ·``.

Written for seed 151 (docs/testing.md): the text read before a box started at ``max(1, start - 40)`` instead of
``max(0, ...)``, so the output's first character was never read: ``2\\boxed{5}`` and ``-\\boxed{5}`` as whole outputs
credited 5.
"""

from __future__ import annotations

import string
from typing import Optional, Tuple

import pytest

import mathgrade
from mathgrade._extract import extract

_CHARS = sorted(set(string.printable) - set("\r\x0b\x0c")) + ["×", "÷", "·"]
_OPERATORS = set(string.digits) | set("+-*/^_×÷·")


def _box(output: str) -> Optional[Tuple[str, str]]:
    found = [c for c in extract(output) if c.rule == "boxed"]
    assert len(found) <= 1, (output, found)
    return (found[0].text, found[0].refused) if found else None


@pytest.mark.parametrize("ch", _CHARS, ids=repr)
def test_a_character_glued_before_a_box_reads_the_same_at_the_output_start(ch: str) -> None:
    first = _box(ch + "\\boxed{5}")
    assert first == _box("\n" + ch + "\\boxed{5}") == _box("Thus " + ch + "\\boxed{5}")
    if ch == "%":  # (a comment: the box is not there)
        assert first is None
    else:
        assert first == ("5", "answer.partial_expression" if ch in _OPERATORS else ""), first


@pytest.mark.parametrize("output", ["2\\boxed{5}", "-\\boxed{5}", "+\\boxed{5}", "9\\boxed{5}.", "/\\boxed{5}"])
def test_an_operand_at_the_output_start_is_not_credited(output: str) -> None:
    for policy in ("eval", "reward"):
        assert not mathgrade.grade(output, "5", policy=policy).correct, (output, policy)
    # the contrast: the same box after a word and a space is the answer
    assert mathgrade.grade("Thus \\boxed{5}.", "5", policy="reward").correct
