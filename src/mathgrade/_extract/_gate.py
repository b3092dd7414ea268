"""Skipping a regex that cannot match: the words a pattern requires, found once from the pattern itself.

Many rules look for words in a window of the output (a hedge before a box, a withdrawal after it) with large
alternations matched ignoring case. Python's ``re`` has no fast start for those (every position tries every branch),
so one search over a short sentence costs more than the rest of a row's extraction. Yet any match of such a pattern
contains one of a few literal strings (``might``, ``may``, ``could`` for "it might be ..."): :func:`required` finds
them in the parsed pattern, and :class:`Gate` runs the pattern only when the window holds one of them.

The test is exact, never a heuristic: it is applied only to ASCII text (where matching ignoring case is comparing
lower-cased characters; a pattern character that matches an ASCII one only through ``re``'s special case equivalences,
such as ``ı`` for ``i``, counts as that ASCII character), and a pattern whose requirements cannot be derived (inline
flags, constructs not understood) is always run. ``tests/extract/test_extract_fast_paths.py`` checks gated and plain
matches agree on real and generated text, and grades the bundled rows with the gates off (:data:`ENABLED`).
"""

from __future__ import annotations

import re
import sys
from typing import FrozenSet, Iterator, List, Optional

try:  # Python 3.11+
    from re import _constants as _c  # type: ignore[attr-defined,unused-ignore]
    from re import _parser  # type: ignore[attr-defined,unused-ignore]
    from re._casefix import _EXTRA_CASES as _FIXES  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _c  # type: ignore[no-redef,unused-ignore]
    import sre_parse as _parser  # type: ignore[no-redef,unused-ignore]
    from sre_compile import _ignorecase_fixes as _FIXES  # type: ignore[attr-defined,no-redef,unused-ignore]

import _sre  # type: ignore[import-not-found,unused-ignore]

__all__ = ["Gate", "required", "trie", "ENABLED"]

ENABLED = True
"""Internal switch: False runs every gated pattern (the tests compare both ways)."""

MAX_WINDOW = 500
"""Longest window a gate tests (a box near the end of an output is followed by a few characters; one in the middle of
1,000 boxes by thousands, where testing each would make the work quadratic)."""

Needs = Optional[FrozenSet[str]]
"""Lower-case ASCII strings one of which every match on ASCII text contains; ``frozenset()``: no match on ASCII text
is possible; None: nothing known (the pattern is always run)."""

_NOTHING: FrozenSet[str] = frozenset()
_REPEATS = tuple(getattr(_c, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") if hasattr(_c, name))
_ATOMIC = getattr(_c, "ATOMIC_GROUP", None)


class _Unknown(Exception):
    """A construct whose effect on the requirements is not modelled: the pattern gets no gate."""


def _char(code: int, ignore_case: bool) -> Optional[str]:
    """The lower-case ASCII character a pattern character matches in ASCII text, or None when it matches none."""
    if not ignore_case:
        return chr(code).lower() if code < 128 else None
    low = _sre.unicode_tolower(code)  # (re's own folding: one character to one, and its special equivalences)
    ascii_ = {chr(x) for x in (low, *_FIXES.get(low, ())) if x < 128}
    if len(ascii_) > 1:
        raise _Unknown(chr(code))
    return ascii_.pop().lower() if ascii_ else None


def _needs(items: object, ignore_case: bool) -> Needs:
    """What a sequence of parsed items requires: the best requirement of one of its items (a run of literals is one
    string); ``frozenset()`` when one item can never match ASCII text."""
    found: List[FrozenSet[str]] = []
    run: List[str] = []
    for op, av in items:  # type: ignore[attr-defined]
        if op is _c.LITERAL:
            ch = _char(av, ignore_case)
            if ch is None:
                return _NOTHING
            run.append(ch)
            continue
        if run:
            found.append(frozenset(["".join(run)]))
            run = []
        need: Needs = None
        if op is _c.SUBPATTERN:
            _group, add, remove, sub = av
            if add or remove:
                raise _Unknown("inline flags")
            need = _needs(sub, ignore_case)
        elif op is _c.BRANCH:
            alternatives = [_needs(alt, ignore_case) for alt in av[1]]
            if all(a is not None for a in alternatives):
                need = frozenset().union(*alternatives)  # type: ignore[arg-type]
        elif op is _c.IN and all(iop is _c.LITERAL for iop, _ in av) and all(
                _char(code, ignore_case) is None for _, code in av):
            need = _NOTHING  # (a set of characters none of which is ASCII, "[✗✘]": no match on ASCII text)
        elif op in _REPEATS:
            low, _high, sub = av
            if low >= 1:
                need = _needs(sub, ignore_case)
        elif _ATOMIC is not None and op is _ATOMIC:
            need = _needs(av, ignore_case)
        elif op in (_c.GROUPREF, getattr(_c, "GROUPREF_EXISTS", None)):
            raise _Unknown("group reference")
        # IN (otherwise), ANY, NOT_LITERAL, AT, CATEGORY, ASSERT, ASSERT_NOT: nothing required (assertions may look outside the
        # match, so what they hold is not counted)
        if need is not None:
            if not need:
                return _NOTHING
            found.append(need)
    if run:
        found.append(frozenset(["".join(run)]))
    if not found:
        return None
    return max(found, key=_selectivity)


_COMMON = frozenset("answer answers result value total number is are was be the a an and or of to in it so".split())
"""Words in most sentences around an answer: a requirement naming one of them rarely skips anything."""


def _selectivity(strings: FrozenSet[str]) -> "tuple[bool, int, int]":
    """How rarely a requirement is met by chance, to choose among the requirements of a sequence (any choice is
    exact; a rare one skips the pattern more often): no common word, long strings, few of them."""
    return not any(s.strip() in _COMMON for s in strings), min(map(len, strings)), -len(strings)


def required(pattern: "re.Pattern[str]") -> Needs:
    """Lower-case ASCII strings one of which every match of ``pattern`` on ASCII text contains (see :data:`Needs`)."""
    try:
        return _needs(_parser.parse(pattern.pattern, pattern.flags), bool(pattern.flags & re.IGNORECASE))
    except (_Unknown, RecursionError, TypeError, ValueError):
        return None


def trie(strings: List[str]) -> str:
    """A regex matching exactly the (sorted, distinct) ``strings``, as a tree by first character: ``re`` tries an
    alternation's branches one by one at every position, so a flat list of 60 words costs several times more."""
    if strings and not strings[0]:
        rest = strings[1:]
        return "(?:" + trie(rest) + ")?" if rest else ""
    by_first: "dict[str, List[str]]" = {}
    for s in strings:
        by_first.setdefault(s[0], []).append(s[1:])
    branches = [re.escape(first) + trie(tails) for first, tails in by_first.items()]
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"


class Gate:
    """A compiled pattern with its requirements: ``search``, ``match`` and ``finditer`` as the pattern's, returning
    "no match" at once when the window is ASCII and holds none of the required strings."""

    __slots__ = ("pattern", "needs", "_any")

    def __init__(self, pattern: "re.Pattern[str]") -> None:
        self.pattern = pattern
        self.needs = required(pattern)
        self._any = re.compile(trie(sorted(self.needs))) if self.needs else None

    def possible(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> bool:
        """False only when the pattern cannot match within ``text[pos:endpos]``. A window longer than
        :data:`MAX_WINDOW` is not tested (the pattern runs): the test costs at most a constant per call."""
        if self.needs is None or not ENABLED or min(endpos, len(text)) - pos > MAX_WINDOW:
            return True
        window = text[pos:endpos] if pos or endpos < len(text) else text
        if not window.isascii():
            return True
        return self._any is not None and self._any.search(window.lower()) is not None

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> "Optional[re.Match[str]]":
        return self.pattern.search(text, pos, endpos) if self.possible(text, pos, endpos) else None

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> "Optional[re.Match[str]]":
        return self.pattern.match(text, pos, endpos) if self.possible(text, pos, endpos) else None

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> "Iterator[re.Match[str]]":
        return self.pattern.finditer(text, pos, endpos) if self.possible(text, pos, endpos) else iter(())
