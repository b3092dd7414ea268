"""Bars inside the items of a bracket (``_read._parser.nested_items``): a tuple, a set, an interval or a function's
arguments start outside any absolute value, so ``|`` after an operand there multiplies it by an absolute value
(``(2|-3|, 1)`` is (6, 1)), even when the bracket itself sits inside bars. Each row reads to its value; its
contrast, the same items with parentheses for the bars, reads to another.

Written for seed 89 (docs/testing.md): items started as if inside bars (``in_bars = True``), so a ``|`` after an
operand was taken for a closing bar: ``(2|-3|, 1)`` and ``\\max(2|-3|, 1)`` were unreadable.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read

# (text, its value as shown, the text with parentheses for bars, its value as shown)
_ROWS = [
    ("(2|-3|, 1)", "(6, 1)", "(2(-3), 1)", "(-6, 1)"),
    ("\\max(2|-3|, 1)", "max(6, 1)", "\\max(2(-3), 1)", "max(-6, 1)"),
    ("\\{2|-3|, 1\\}", "{6, 1}", "\\{2(-3), 1\\}", "{-6, 1}"),
    ("[1, 2|-3|]", "[1, 6]", "[1, 2(-3)]", "[1, -6]"),
    ("(x|y|, 1)", "(x*abs(y), 1)", "(x(y), 1)", "(x*y, 1)"),
    ("|\\max(2|-3|, 1)|", "abs(max(6, 1))", "|\\max(2(-3), 1)|", "abs(max(-6, 1))"),
    ("(|-3|, 2)", "(3, 2)", "((-3), 2)", "(-3, 2)"),
    ("\\gcd(|-4|, 6)", "gcd(4, 6)", "\\gcd((-4), 6)", "gcd(-4, 6)"),
]


@pytest.mark.parametrize("text, shown, _plain, _plain_shown", _ROWS)
def test_bars_open_an_absolute_value_inside_items(text: str, shown: str, _plain: str, _plain_shown: str) -> None:
    r = read(text)
    assert r.error is None and str(r.value) == shown, (text, r)


@pytest.mark.parametrize("text, shown, plain, plain_shown", _ROWS)
def test_items_without_bars_keep_their_signs(text: str, shown: str, plain: str, plain_shown: str) -> None:
    r = read(plain)
    assert r.error is None and str(r.value) == plain_shown, (plain, r)
    gold = {"(6, 1)": "(6, 1)", "{6, 1}": "\\{1, 6\\}", "[1, 6]": "[1, 6]", "(3, 2)": "(3, 2)"}.get(shown)
    if gold is not None:
        assert mathgrade.grade(f"${text}$", gold).correct
        assert not mathgrade.grade(f"${plain}$", gold).correct
