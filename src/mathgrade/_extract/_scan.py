"""Linear-time scanning of one model output: math environments, matching braces, and the answer after a marker.

Everything here runs in time linear (or n log n) in the length of the output, whatever it contains: unbalanced
braces, a thousand unclosed ``\\boxed{``, a megabyte of dollar signs. Searches that fail are remembered so they are
never repeated from a later position.
"""

from __future__ import annotations

import bisect
import re
from typing import Dict, List, NamedTuple, Optional, Tuple

__all__ = ["Scan", "Refused", "MathEnv", "hide_comments", "clean_answer", "strip_delimiters"]

MathEnv = Tuple[int, int, int, int]
"""A math environment: (start, end, inner_start, inner_end) offsets in the output."""

_CLOSER_OF = {"$$": "$$", "\\(": "\\)", "\\[": "\\]"}
_FENCE = re.compile(r"```")
_MATH_TOKEN = re.compile(r"\\\\|\\\$|\$\$|\$|\\\(|\\\[")
_BRACE_TOKEN = re.compile(r"\\.|[{}]", re.S)
_MAX_INLINE = 2_000
"""Longest ``$...$`` environment accepted (a longer one is a stray dollar sign, usually currency)."""
_MAX_REGION = 600
"""Longest answer region taken after a marker."""
_SKIP_BEFORE = " \t\r\n:：=*–—"
_CLAUSE_AFTER_COMMA = re.compile(
    r"[ \t]*(?:which|so|because|since|where|but|then|hence|thus|therefore|as|this|that|it|we|i|meaning|giving|"
    r"making|for|and (?:the|this|that|so|thus|we|it|hence|therefore|i)|"
    r"or (?:the|this|that|we|it|maybe|perhaps|possibly))\b"
    r"|[ \t]*(?:那么|所以|因此|因而|则|但|但是|因为|即|也就是|此时|这时|从而|于是)",
    re.I,
)
_CLAUSE_AFTER_SPACE = re.compile(
    r"(?:because|since|which|so that|as this|as it|where|when|if|for each|per|(?:or|but) (?:maybe|perhaps|possibly))\b",
    re.I,
)
_END_TAGS = ("<eoe>", "<eoa>")
"""GAOKAO-Bench's tags after an explanation and after an answer."""
_TRAILING = " \t\r\n.,;:!?。，；：！？．"


_HIDING = re.compile(r"(?<!\\)%|\\iffalse(?![A-Za-z])|<!--|\\begin\s*\{comment\}|^[ \t]*\[[^\]\n]*\]:[ \t]*#[^\n]*"
                     r"|<(span|div|p)\b[^>\n]*(?:display\s*:\s*none|visibility\s*:\s*hidden|\shidden\b)[^>\n]*>",
                     re.M | re.I)
"""The start of what is not shown: a LaTeX comment (``%``, ``\\iffalse``, the ``comment`` environment), an HTML
comment, a Markdown comment line (``[//]: # (...)``), an HTML element hidden by its style or attribute."""
_TAG = re.compile(r"<(?:!--|[sS][pP][aA][nN]|[dD][iI][vV]|[pP] )")
"""What each HTML mark of :data:`_HIDING` starts with (in any case); the other marks hold ``\\iffalse``, ``\\begin``
or ``]:``. Most outputs hold none of these, and are spared :data:`_HIDING`."""
_END_COMMENT = re.compile(r"\\end\s*\{comment\}")


def _percent_sign(text: str, at: int) -> bool:
    """The ``%`` at ``at`` follows a number (``50%``, ``20 %``, ``\\frac{1}{2}%``): a percent sign."""
    before = text[at - 1: at]
    if before.isdecimal() or before in (".", ")", "}") and before:
        return True
    return before in (" ", "\t") and text[at - 2: at - 1].isdecimal()
_FI = re.compile(r"\\fi(?![A-Za-z])")


def hide_comments(text: str) -> str:
    """``text`` with what LaTeX (or Markdown) does not show replaced by spaces, offsets unchanged: a comment from an
    unescaped ``%`` to the end of its line, ``\\iffalse ... \\fi``, ``\\begin{comment} ... \\end{comment}``,
    ``<!-- ... -->``, a Markdown comment line (``[//]: # (...)``), an HTML element hidden by ``display: none``,
    ``visibility: hidden`` or ``hidden``. A ``%`` right after a number
    (``50%``, ``20 %``, ``\\frac{1}{2}%``) is a percent sign, as models write it, not a comment."""
    if "\\iffalse" not in text and "\\begin" not in text and "]:" not in text and (
            "<" not in text or _TAG.search(text) is None):
        return _hide_percent_comments(text) if "%" in text else text
    return _hide_all(text)


def _hide_percent_comments(text: str) -> str:
    """:func:`hide_comments` of a text whose only hiding marks are ``%`` signs (the percent signs of most outputs):
    each found with ``str.find`` instead of a regex tried at every character (50 µs on a 600-character output)."""
    out: List[str] = []
    last = 0
    at = text.find("%")
    while at >= 0:
        if (at and text[at - 1] == "\\") or _percent_sign(text, at):  # escaped, or a percent sign: not a comment
            at = text.find("%", at + 1)
            continue
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        out.append(text[last:at])
        out.append(" " * (end - at))  # (the comment runs to its line's end: no line break in it)
        last = end
        at = text.find("%", end)
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def _hide_all(text: str) -> str:
    """:func:`hide_comments`, every kind of mark."""
    out: List[str] = []
    last = pos = 0
    while True:
        m = _HIDING.search(text, pos)
        if m is None:
            break
        s = m.start()
        if m.group() == "%":
            if _percent_sign(text, s):
                pos = s + 1
                continue
            e = text.find("\n", s)
            e = len(text) if e < 0 else e
        elif m.group() == "<!--":
            e = text.find("-->", s)
            e = len(text) if e < 0 else e + 3
        elif m.group(1):  # a hidden HTML element: to its closing tag
            close = re.compile(r"</\s*" + m.group(1) + r"\s*>", re.I).search(text, m.end())
            e = len(text) if close is None else close.end()
        elif m.group().startswith("\\begin"):
            end = _END_COMMENT.search(text, m.end())
            e = len(text) if end is None else end.end()
        elif m.group().lstrip(" \t").startswith("["):  # a Markdown comment line
            e = m.end()
        else:
            fi = _FI.search(text, m.end())
            e = len(text) if fi is None else fi.end()
        out.append(text[last:s])
        out.append("".join(c if c == "\n" else " " for c in text[s:e]))
        last = pos = e
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


class Refused(NamedTuple):
    """A box the text does not commit to: its span (with the formula holding it, and a value a hedge after it names),
    its content, and why (a rule of :mod:`._commit` and a reason)."""

    start: int
    end: int
    content_start: int
    content_end: int
    rule: str
    why: str
    other: str = ""


class Scan:
    """Facts about one output that several rules need, computed once and lazily."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._lowered: Optional[str] = None
        self._envs: Optional[List[MathEnv]] = None
        self._env_by_start: Dict[int, MathEnv] = {}
        self._braces: Optional[Dict[int, int]] = None
        self._braces_from = len(text)
        self._fences: Optional[List[int]] = None
        self.refused: List[Refused] = []
        """The boxes the text does not commit to ("definitely not $\\boxed{6}$", "could it be $\\boxed{6}$?"), in
        order, found by the box rule."""

    @property
    def lowered(self) -> str:
        """The output in lower case (for substring tests only: offsets may differ from ``text``)."""
        if self._lowered is None:
            self._lowered = self.text.lower()
        return self._lowered

    # -- math environments --------------------------------------------------------------------------------------
    @property
    def envs(self) -> List[MathEnv]:
        """All top-level math environments, in order: ``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]``."""
        if self._envs is None:
            self._envs = _find_envs(self.text)
            self._env_by_start = {e[0]: e for e in self._envs}
        return self._envs

    def env_at(self, pos: int) -> Optional[MathEnv]:
        """The math environment starting exactly at ``pos``, if any."""
        c = self.text[pos: pos + 1]
        if c != "$" and c != "\\":
            return None  # every environment starts with one or the other: no need to find them all
        if self._envs is None:
            _ = self.envs
        return self._env_by_start.get(pos)

    def env_containing(self, pos: int) -> Optional[MathEnv]:
        """The math environment whose span contains ``pos``, if any."""
        envs = self.envs
        i = bisect.bisect_right(envs, (pos, float("inf"))) - 1
        if i >= 0 and envs[i][0] <= pos < envs[i][1]:
            return envs[i]
        return None

    def in_code_block(self, pos: int) -> bool:
        """True when ``pos`` is inside a fenced code block (between a pair of ```` ``` ````)."""
        return self.code_block_start(pos) >= 0

    def code_block_start(self, pos: int) -> int:
        """Where the fenced code block holding ``pos`` opens, or -1 when ``pos`` is outside every block."""
        if self._fences is None:
            self._fences = [m.start() for m in _FENCE.finditer(self.text)] if "```" in self.text else []
        i = bisect.bisect_right(self._fences, pos)
        return self._fences[i - 1] if i % 2 == 1 else -1

    # -- braces -------------------------------------------------------------------------------------------------
    def closing_brace(self, open_pos: int) -> int:
        """Offset of the ``}`` matching the ``{`` at ``open_pos``, or -1 when it is never closed."""
        if self._braces is None or open_pos < self._braces_from:
            self._braces = _match_braces(self.text, open_pos)
            self._braces_from = open_pos
        return self._braces.get(open_pos, -1)

    # -- the answer after a marker ------------------------------------------------------------------------------
    def region_after(self, pos: int, *, stop_at_newline: bool = True) -> Tuple[int, int]:
        """The answer that starts at or after ``pos`` (after a marker): up to the end of the math or the sentence.

        Math environments and brackets are taken whole; outside them the region stops at a line break, a sentence
        end (``.`` ``!`` ``?`` followed by a space), a closing ``**``, an unmatched closing bracket, or a comma or
        word that starts a new clause (``, which``; `` because``).
        """
        text = self.text
        n = len(text)
        while pos < n and text[pos] in _SKIP_BEFORE:
            pos += 1
        start = j = pos
        limit = min(n, pos + _MAX_REGION)
        depth = 0
        while j < limit:
            c = text[j]
            if c == "$" or c == "\\":
                env = self.env_at(j)
                if env is not None:
                    j = env[1]
                    continue
                if c == "\\":
                    if j > start and depth == 0 and text.startswith(("\\boxed", "\\fbox"), j):
                        break  # another answer starts: "final answer is $9999$, \\boxed{1}"
                    j += 2
                    continue
            if c in "({[":
                depth += 1
            elif c in ")}]":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and _ends_region(text, j, stop_at_newline):
                break
            j += 1
        j = min(j, n)
        while j > start and text[j - 1] in _TRAILING:
            j -= 1
        return start, j


_POWER = re.compile(r"[0-9A-Za-z)]\*\*[-(0-9A-Za-z]")
"""``2**10``, ``x**2``: Python's power, not the end of Markdown bold."""


def _ends_region(text: str, j: int, stop_at_newline: bool) -> bool:
    c = text[j]
    if c == "\n":
        return stop_at_newline or text.startswith("\n\n", j)
    if c in ".!?;":
        nxt = text[j + 1: j + 2]
        prev = text[j - 1: j]
        if c == "." and (nxt == "." or prev == "."):
            return False
        return nxt == "" or nxt.isspace() or nxt in "*$"
    if c in "。！？；":
        return True
    if c == "*":
        return text.startswith("**", j) and not _POWER.match(text, max(0, j - 1))
    if c == "<":
        return text.startswith(_END_TAGS, j)
    if c == "," or c == "，":
        return _CLAUSE_AFTER_COMMA.match(text, j + 1) is not None
    if c == " ":
        return _CLAUSE_AFTER_SPACE.match(text, j + 1) is not None
    return False


_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def _find_envs(text: str) -> List[MathEnv]:
    envs: List[MathEnv] = []
    if "$" not in text and "\\" not in text:
        return envs  # every delimiter holds one or the other
    closers, dollars = _dollar_positions(text)
    blank_lines = [m.start() for m in _BLANK_LINE.finditer(text)] if dollars and "\n" in text else []
    missing = set()  # closing delimiters known to be absent after the current position
    pos = 0
    while True:
        m = _MATH_TOKEN.search(text, pos)
        if m is None:
            return envs
        tok = m.group()
        s, e = m.span()
        pos = e
        if tok == "$":
            env = _inline_dollar(text, s, closers, blank_lines, dollars)
        else:
            close = _CLOSER_OF.get(tok)
            if close is None or close in missing:  # an escaped "\\$" or a line break "\\\\"
                continue
            c = text.find(close, e)
            if c < 0:
                missing.add(close)
                continue
            env = (s, c + len(close), e, c)
        if env is not None:
            envs.append(env)
            pos = env[1]


def _dollar_positions(text: str) -> Tuple[List[int], List[int]]:
    """Offsets of the ``$`` that may close inline math (not escaped, after a non-space, not before a digit or
    another ``$``), and of every single ``$`` that is not escaped (may open or close ``$ .. $``).

    One pass over the dollar signs (``str.find`` skips everything else), instead of a regex with a lookbehind tried
    at every character of the output."""
    closers: List[int] = []
    dollars: List[int] = []
    n = len(text)
    i = text.find("$")
    while i >= 0:
        prev = text[i - 1] if i else ""
        nxt = text[i + 1] if i + 1 < n else ""
        if nxt != "$":
            if prev != "\\":
                dollars.append(i)
            if prev and prev != "$" and prev != "\\" and not prev.isspace() and not nxt.isdecimal():
                closers.append(i)
        i = text.find("$", i + 1)
    return closers, dollars


def _inline_dollar(text: str, s: int, closers: List[int], blank_lines: List[int],
                   dollars: List[int]) -> Optional[MathEnv]:
    if s + 1 >= len(text):
        return None
    if text[s + 1].isspace():
        return _spaced_dollar(text, s, blank_lines, dollars)
    i = bisect.bisect_right(closers, s + 1)
    c = closers[i] if i < len(closers) else -1
    j = bisect.bisect_right(dollars, s)
    if j < len(dollars) and (c < 0 or dollars[j] < c):
        # a dollar that cannot close strictly comes first: "$\\cfrac{1}{3} $" (clear LaTeX) closes there
        lax = _spaced_dollar(text, s, blank_lines, dollars)
        if lax is not None or c < 0:
            return lax
    if c < 0 or c - s > _MAX_INLINE:
        return None
    b = bisect.bisect_right(blank_lines, s)
    if b < len(blank_lines) and blank_lines[b] < c:
        return None
    return (s, c + 1, s + 1, c)


_LATEX_INSIDE = re.compile(r"[\\^_{]")


def _spaced_dollar(text: str, s: int, blank_lines: List[int], dollars: List[int]) -> Optional[MathEnv]:
    """``$ \\frac{1}{2} $``: spaces inside the dollars are math only when the content is clearly LaTeX (so that the
    currency in "costs $ 5 and $ 10" is not)."""
    i = bisect.bisect_right(dollars, s)
    if i == len(dollars):
        return None
    c = dollars[i]
    if c - s > _MAX_INLINE or text.startswith("$$", c):
        return None
    b = bisect.bisect_right(blank_lines, s)
    if b < len(blank_lines) and blank_lines[b] < c:
        return None
    if not _LATEX_INSIDE.search(text, s + 1, c):
        return None
    return (s, c + 1, s + 1, c)


def _match_braces(text: str, start: int) -> Dict[int, int]:
    match: Dict[int, int] = {}
    stack: List[int] = []
    for m in _BRACE_TOKEN.finditer(text, start):
        t = m.group()
        if t == "{":
            stack.append(m.start())
        elif t == "}" and stack:
            match[stack.pop()] = m.start()
    return match


# -- cleaning an answer text ------------------------------------------------------------------------------------
_WRAPPED_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")
_WORD = r"[^\W\d_]+(?:['’\-][^\W\d_]+)*"
_NUMBER_THEN_WORDS = re.compile(
    r"(-?\d[\d,]*(?:\.\d+)?(?:\s*/\s*\d+)?)\s*(?!(?:pi|e|i|mod|or|and|sqrt|cdot|percent|pct|per\s+cent|repeating|recurring|[a-zA-Z])\b)"
    + _WORD + r"(?:[ \t]+" + _WORD + r")*"
)


def strip_delimiters(scan: Scan, start: int, end: int) -> str:
    """``output[start:end]`` with the delimiters of the math environments inside it removed."""
    text = scan.text
    if "$" not in text[start:end] and "\\" not in text[start:end]:
        return text[start:end]  # no delimiter: no environment (and no need to find them all)
    envs = scan.envs
    i = bisect.bisect_left(envs, (start,))
    parts = []
    pos = start
    while i < len(envs) and envs[i][1] <= end:
        s, e, is_, ie = envs[i]
        if s >= pos:
            parts.append(text[pos:s])
            parts.append(text[is_:ie])
            pos = e
        i += 1
    parts.append(text[pos:end])
    return "".join(parts)


def clean_answer(answer: str) -> str:
    """Trim an answer text: outer whitespace and sentence punctuation, ``**``, a wrapping ``\\boxed{}``, and the
    words after a plain number (``12 apples`` → ``12``). LaTeX is kept as written."""
    s = _trim(answer)
    while s.startswith("**") or s.endswith("**"):
        s = _trim(s.strip("*"))
    m = _WRAPPED_BOX.match(s)
    if m is not None and s.endswith("}") and _balanced(s[m.end(): -1]):
        s = s[m.end(): -1].strip()
    if s.startswith("$") and s.endswith("$") and "$" not in s.strip("$"):
        s = s.strip("$").strip()
    m = _NUMBER_THEN_WORDS.fullmatch(s)
    if m is not None:
        s = m.group(1)
    return s


def _trim(s: str) -> str:
    """``s`` without outer whitespace and sentence punctuation, keeping the point of a leading decimal (``.5``)."""
    s = s.rstrip(_TRAILING)
    i = 0
    while i < len(s) and s[i] in _TRAILING and not (s[i] == "." and s[i + 1: i + 2].isdigit()):
        i += 1
    return s[i:]


def _balanced(s: str) -> bool:
    depth = 0
    for m in _BRACE_TOKEN.finditer(s):
        t = m.group()
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0
