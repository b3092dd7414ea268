"""The requirements ``_extract/_gate.required`` derives from a pattern, one construct per row (a run of literals,
alternatives, repeats that may be absent or not, groups, inline flags and group references, sets of characters no
ASCII text holds, case folding, look-arounds, the choice of the most selective requirement), the ``trie`` it tests
them with, and :class:`Gate`'s window rules. The gate may only skip a pattern that cannot match: each pattern is also
run with and without its gate on texts that hold and lack its words, and the two must agree.
"""

from __future__ import annotations

import re
from typing import List, Optional

import pytest

from mathgrade._extract import _gate
from mathgrade._extract._gate import MAX_WINDOW, Gate, required, trie

ROWS = [
    ("abc", 0, {"abc"}), ("abc|de", 0, {"abc", "de"}), ("(?:might|may) be", 0, {"ay", "ight"}),
    ("x*abc", 0, {"abc"}), ("(?:ab)*cd", 0, {"cd"}), ("(?:ab)+", 0, {"ab"}), ("(?:ab){0,2}", 0, None),
    ("(?:ab){2}", 0, {"ab"}), ("(?i:ab)", 0, None), ("(a)\\1", 0, None), ("[✗✘]", 0, set()), ("[✗a]", 0, None),
    ("é", 0, set()), ("K", re.I, {"k"}), ("ſ", re.I, {"s"}), ("MAYBE", 0, {"maybe"}), ("Maybe", re.I, {"maybe"}),
    ("the answer|wrong", 0, {"the answer", "wrong"}), ("\\bnot\\b", 0, {"not"}), ("(?=abc)x", 0, {"x"}),
    ("[ab]c", 0, {"c"}), ("a.b", 0, {"b"}), ("(?>ab)", 0, {"ab"}), ("ab|", 0, None), ("", 0, None),
    ("a(?:bc|de)f", 0, {"bc", "de"}), ("(?:x|yz)+w", 0, {"w"}), ("so|the", 0, {"so", "the"}),
    ("x(?:so|the)", 0, {"x"}), ("abcd(?:e|f)", 0, {"abcd"}), ("(?:e|f)abcd", 0, {"abcd"}),
    ("z(?:ab|x*)", 0, {"z"}),  # (an alternative that requires nothing: the branch requires nothing)
    # the last ASCII code point and the first past it, alone, in a run and in a set (seed 83: `code < 128` made
    # `<= 128` required "\x80" of ASCII text instead of nothing possible)
    ("\x7f", 0, {"\x7f"}), ("\x80", 0, set()), ("a\x7fb", 0, {"a\x7fb"}), ("a\x80b", 0, set()),
    ("[\x80\x81]", 0, set()), ("[\x7f\x80]", 0, None), ("\x7f", re.I, {"\x7f"}), ("\x80", re.I, set()),
]


@pytest.mark.parametrize("pattern, flags, needs", ROWS)
def test_required(pattern: str, flags: int, needs: Optional[set]) -> None:
    got = required(re.compile(pattern, flags))
    assert (None if got is None else set(got)) == needs


@pytest.mark.parametrize("strings, regex", [
    (["a", "ab", "b"], "(?:a(?:b)?|b)"), (["", "a"], "(?:a)?"), ([""], ""), (["abc"], "abc"),
    (["ab", "ac"], "a(?:b|c)"), (["a.b", "a+b"], "a(?:\\.b|\\+b)"),
])
def test_trie(strings: List[str], regex: str) -> None:
    assert trie(strings) == regex
    for s in strings:
        assert re.fullmatch(regex, s)
    assert not re.fullmatch(regex, "zz")


TEXTS = ["it might be 7", "it may be 7", "MAYBE SO", "so the answer is wrong", "abcd e", "abcdf", "xso", "a-b",
         "nothing here", "cd", "ababcd", "é", "✗ no", "", "the K", "a" * (MAX_WINDOW + 10) + "abc"]


@pytest.mark.parametrize("pattern, flags", [(p, f) for p, f, _ in ROWS if p])
def test_the_gate_never_changes_a_result(pattern: str, flags: int) -> None:
    compiled = re.compile(pattern, flags)
    gate = Gate(compiled)
    for text in TEXTS:
        assert bool(gate.search(text)) == bool(compiled.search(text)), (pattern, text)
        assert bool(gate.match(text)) == bool(compiled.match(text)), (pattern, text)
        assert [m.span() for m in gate.finditer(text)] == [m.span() for m in compiled.finditer(text)]
        for pos in (0, 2):
            assert bool(gate.search(text, pos, pos + 6)) == bool(compiled.search(text, pos, pos + 6)), (pattern, text)
            assert [m.span() for m in gate.finditer(text, pos, pos + 6)] == [
                m.span() for m in compiled.finditer(text, pos, pos + 6)], (pattern, text, pos)


@pytest.mark.parametrize("text, pos, endpos, spans", [
    ("ab ab ab", 0, 4, [(0, 2)]), ("ab ab ab", 0, 5, [(0, 2), (3, 5)]), ("ab ab ab", 1, 8, [(3, 5), (6, 8)]),
    ("ab ab ab", 4, 8, [(6, 8)]), ("ab ab ab", 0, 1, []), ("ab ab ab", 0, 8, [(0, 2), (3, 5), (6, 8)]),
])
def test_finditer_stays_within_its_window(text: str, pos: int, endpos: int, spans: list) -> None:
    # seed 83: the window's end dropped (`finditer(text, pos, )`) found every match after pos
    for gate in (Gate(re.compile("ab")), Gate(re.compile("AB", re.I))):
        assert [m.span() for m in gate.finditer(text, pos, endpos)] == spans
    assert [m.span() for m in Gate(re.compile("ab")).finditer(text.replace("ab", "xy"), pos, endpos)] == []


def test_when_the_gate_skips_and_when_it_runs_the_pattern() -> None:
    gate = Gate(re.compile("maybe", re.I))
    assert not gate.possible("it is 7")  # ASCII, without the word: skipped
    assert gate.possible("it is MAYBE 7")  # the word, in any case
    assert gate.possible("it is 7 é")  # not ASCII: run
    assert gate.possible("x" * (MAX_WINDOW + 1))  # a window longer than MAX_WINDOW: run
    assert not gate.possible("x" * MAX_WINDOW)
    assert not gate.possible("maybe it is", 1)  # the window starts after the word
    assert gate.possible("it is maybe", 0, 11) and not gate.possible("it is maybe", 0, 10)
    assert Gate(re.compile("(a)\\1")).possible("zzz")  # nothing known: always run
    assert not Gate(re.compile("[✗✘]")).possible("no cross here")  # no match on ASCII text is possible
    _gate.ENABLED = False
    try:
        assert gate.possible("it is 7")
    finally:
        _gate.ENABLED = True
