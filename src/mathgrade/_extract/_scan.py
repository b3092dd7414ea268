"""Linear-time scanning of one model output: math environments, matching braces, and the answer after a marker.

Everything here runs in time linear (or n log n) in the length of the output, whatever it contains: unbalanced
braces, a thousand unclosed ``\\boxed{``, a megabyte of dollar signs. Searches that fail are remembered so they are
never repeated from a later position.
"""

from __future__ import annotations

import bisect
import re
from typing import Dict, Iterator, List, NamedTuple, Optional, Tuple

__all__ = ["Scan", "Refused", "MathEnv", "hide_comments", "hidden_spans", "clean_answer", "strip_delimiters"]

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


PAGE_COLOR = (r"(?:\{\s*(?i:white(?:![0-9.]+)?|#?f{3}(?:f{3})?|bg|background|none|transparent|[a-z]+!0*(?:\.0*)?)\s*\}"
              r"|\[\s*rgb\s*\]\s*\{\s*1(?:\.0*)?\s*,\s*1(?:\.0*)?\s*,\s*1(?:\.0*)?\s*\}"
              r"|\[\s*RGB\s*\]\s*\{\s*255\s*,\s*255\s*,\s*255\s*\}|\[\s*HTML\s*\]\s*\{\s*(?i:f{6})\s*\}"
              r"|\[\s*gray\s*\]\s*\{\s*1(?:\.0*)?\s*\}"
              r"|\[\s*cmyk\s*\]\s*\{\s*0(?:\.0*)?\s*,\s*0(?:\.0*)?\s*,\s*0(?:\.0*)?\s*,\s*0(?:\.0*)?\s*\})")
"""A colour argument that is the page's (after ``\\color``, ``\\textcolor``...): white (by name, ``#FFF``, xcolor's
``white!80``, ``black!0`` which is 0% black, or the models ``[rgb]{1,1,1}``, ``[RGB]{255,255,255}``, ``[HTML]{FFFFFF}``,
``[gray]{1}``, ``[cmyk]{0,0,0,0}``), ``transparent``, ``none``, or the background's name."""
_PAGE_COLOR = re.compile(r"\s*" + PAGE_COLOR)

_LATEX_HIDING = {
    "phantom": "hidden", "hphantom": "hidden", "vphantom": "hidden",
    "textcolor": "coloured", "mathcolor": "coloured", "color": "switch",
    "cancel": "struck", "bcancel": "struck", "xcancel": "struck", "sout": "struck", "st": "struck", "xout": "struck",
    "cancelto": "struck_second",
    "scalebox": "scaled", "resizebox": "resized", "resizebox*": "resized",
}
"""How each LaTeX command of :data:`_HIDING` hides: ``hidden`` and ``struck``, its argument (``\\phantom{..}``,
``\\cancel{..}``, ``\\sout{..}``); ``struck_second``, its second one (``\\cancelto{0}{..}``); ``coloured``, its
second argument when the first is the page's colour (:data:`PAGE_COLOR`); ``switch``, the rest of its group
(``{\\color{white} ..}``) when its colour is the page's; ``scaled`` (``\\scalebox{0}{..}``) and ``resized``
(``\\resizebox{0pt}{..}{..}``), their last argument when a factor or a size is (nearly) zero. Inside a box's braces
these are left to the box rule, which refuses the box (``answer.hidden``)."""
_HTML_UNSHOWN = {"del": "struck", "s": "struck", "strike": "struck", "script": "hidden", "style": "hidden",
                 "template": "hidden"}
"""HTML elements whose content is never rendered (``hidden``) or is struck out (``struck``), whatever their style."""
_DEFINING = r"(?:re)?newcommand|providecommand|DeclareRobustCommand|[gex]?def|let"
"""LaTeX's commands that define a macro (MathJax and KaTeX follow them too). What a text that uses a macro it defines
(or redefines: ``\\renewcommand{\\boxed}[1]{}``, ``\\let\\boxed\\phantom``) shows cannot be read from the text: it
is blanked from the definition to its end (a definition never used changes nothing)."""
_DEFINED_NAME = re.compile(r"\*?[ \t]*\{?[ \t]*(\\(?:[A-Za-z]+|.))")
_LATEX_COMMANDS = "|".join(re.escape(c) for c in sorted(_LATEX_HIDING, key=len, reverse=True))
_HIDING = re.compile(
    r"%|\\(?-i:iffalse)(?![A-Za-z])|<!--|\\(?-i:begin)\s*\{(?-i:comment)\}|\[[^\]\n]*\]:[ \t]*#[^\n]*"
    r"|<(?P<tag>[A-Za-z][\w-]*)(?=[\s/>])[^<>]*(?:display\s*:\s*none|visibility\s*:\s*hidden|\shidden\b"
    r"|opacity\s*:\s*(?:0+(?:\.0*)?|\.0+)\s*(?:[;\"'>]|$)"
    r"|font-size\s*:\s*(?:0+(?:\.0*)?|\.0+)\s*(?:px|pt|em|rem|%)?\s*(?:[;\"'>]|$)"
    r"|(?<![\w-])color\s*:\s*(?:white|#fff(?:fff)?|transparent)\b)[^<>]*>"
    r"|<(?P<unshown>" + "|".join(_HTML_UNSHOWN) + r")(?=[\s/>])[^<>]*>"
    r"|(?P<attributes><[A-Za-z][\w-]*\s[^<>]*?=\s*[\"'][^<>]*>)"
    r"|(?P<image>!\[[^\]\n]{0,500}\]\([^)\s]*(?:[ \t]+\"[^\"\n]*\")?\))"
    r"|\\(?-i:(?P<latex>" + _LATEX_COMMANDS + r"))(?![A-Za-z])"
    r"|\\(?-i:(?P<define>" + _DEFINING + r"))(?![A-Za-z])"
    r"|~~(?=[^\s~])",
    re.I)
"""The start of what is not shown, or is struck out: a LaTeX comment (``%``, ``\\iffalse``, the ``comment``
environment; their names matched case-sensitively, as LaTeX reads them: ``\\IFFALSE`` hides nothing), an HTML
comment, a Markdown comment line (``[//]: # (...)``), an HTML element hidden by its style
(``display: none``, ``visibility: hidden``, ``opacity: 0``, ``font-size: 0``, white or transparent text) or its
``hidden`` attribute, an element that is never rendered or is struck out (``<script>``, ``<style>``, ``<template>``,
``<del>``, ``<s>``, ``<strike>``), an HTML tag's quoted attributes (``<img alt="..">``: never shown on the page), an
image's alternative text (Markdown's ``![..](..)``: the image is shown instead), a LaTeX command that hides, whitens, shrinks to nothing or crosses out its argument
(:data:`_LATEX_HIDING`), Markdown's ``~~struck out~~``. Each branch starts with a character of its own and no
lookbehind or anchor (so that ``re`` skips to those characters): what a mark needs before it (an unescaped ``%``, a
Markdown comment alone on its line, ``~~`` after no word) is checked by :meth:`_Hider.end_of`."""
_TAG = re.compile(r"<(?:!--|[A-Za-z][\w-]*[\s/>])")
"""What each HTML mark of :data:`_HIDING` starts with: a comment, or a tag's name followed by a space or its end (not
``0<x<1``). Most outputs hold none of these, and are spared :data:`_HIDING`."""
_LATEX_MARK = re.compile(r"\\(?:iffalse|begin|" + _LATEX_COMMANDS + "|" + _DEFINING + ")")
"""What each LaTeX mark of :data:`_HIDING` starts with: a text whose backslashes start none of these, that holds no
``]:`` (a Markdown comment), no ``~~`` and no HTML mark of :data:`_TAG`, has nothing of :data:`_HIDING` but ``%``
signs (a regex that skips from backslash to backslash: 2.4 µs on a typical LaTeX output, against 8 µs for a test of
each word with ``in``)."""
_NEAR_ZERO_SCALE = 0.05
"""A ``\\scalebox`` factor at or below this (in absolute value) leaves nothing legible."""
_ZERO_SIZE = re.compile(r"\s*[-+]?(?:0+(?:\.0*)?|\.0+)\s*(?:pt|cm|mm|em|ex|in|bp|sp|pc|px)?\s*")
_STRIKE_CLOSE = re.compile(r"(?<=[^\s~])~~(?![~\w])")
_DELIMITER = re.compile(r"\\\\|\\\$|\$\$|\$|\\[()\[\]]|\n[ \t]*\n")
_BOX_OPEN = re.compile(r"\\(?:boxed|fbox)\s*\{")
_GROUP_TOKEN = re.compile(r"\\.|[{}$]|\n[ \t]*\n", re.S)
_END_COMMENT = re.compile(r"\\end\s*\{comment\}")


def _percent_sign(text: str, at: int) -> bool:
    """The ``%`` at ``at`` follows a number (``50%``, ``20 %``, ``\\frac{1}{2}%``): a percent sign."""
    before = text[at - 1: at]
    if before.isdecimal() or before in (".", ")", "}") and before:
        return True
    return before in (" ", "\t") and text[at - 2: at - 1].isdecimal()
_FI = re.compile(r"\\fi(?![A-Za-z])")


def hide_comments(text: str) -> str:
    """``text`` with what is not shown when rendered, or is struck out, replaced by spaces (offsets unchanged; line
    breaks kept): a LaTeX comment from an unescaped ``%`` to the end of its line, ``\\iffalse ... \\fi``,
    ``\\begin{comment} ... \\end{comment}``, ``<!-- ... -->``, a Markdown comment line (``[//]: # (...)``), the other
    marks of :data:`_HIDING` (hidden or struck-out HTML elements, ``\\phantom{..}``, white text, ``\\scalebox{0}``,
    ``\\cancel{..}``, ``~~..~~``). A ``%`` right after a number (``50%``, ``20 %``, ``\\frac{1}{2}%``) is a percent
    sign, as models write it, not a comment."""
    if (("\\" not in text or _LATEX_MARK.search(text) is None)
            and ("]" not in text or ("]:" not in text and "![" not in text))
            and ("~" not in text or "~~" not in text) and ("<" not in text or _TAG.search(text) is None)):
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
    last = 0
    for s, e, _ in hidden_spans(text):
        out.append(text[last:s])
        out.append("".join(c if c == "\n" else " " for c in text[s:e]))
        last = e
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def hidden_spans(text: str) -> Iterator[Tuple[int, int, str]]:
    """What :func:`hide_comments` blanks in ``text``, in order: ``(start, end, kind)``, the kind ``"hidden"`` (not
    shown when rendered: a phantom, white or zero-sized text, a hidden HTML element), ``"struck"`` (crossed out) or
    ``"comment"``. Linear in the length of ``text`` (the braces are matched once, every look-around is bounded)."""
    hider = _Hider(text)
    pos = 0
    while True:
        m = _HIDING.search(text, pos)
        if m is None:
            return
        e = hider.end_of(m)
        if e < 0:  # (a mark that hides nothing here: a percent sign, a colour that shows, a box's own content)
            pos = m.start() + 1
            continue
        yield m.start(), e, _kind(m)
        pos = e


def _kind(m: "re.Match[str]") -> str:
    latex, unshown = m.group("latex"), m.group("unshown")
    if latex:
        return "struck" if _LATEX_HIDING[latex].startswith("struck") else "hidden"
    if unshown:
        return _HTML_UNSHOWN[unshown.lower()]
    if m.group("tag") or m.group("attributes") or m.group("image") or m.group("define"):
        return "hidden"
    return "struck" if m.group() == "~~" else "comment"


_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_STRIKE_REACH = 1_000
_SPAN_REACH = 1_000
"""Characters looked at on either side of a position for the backticks of a code span around it."""
_BACKTICKS = re.compile(r"`+|\n")
"""Longest ``~~struck out~~`` span looked for (in one paragraph: GitHub's Markdown strikes over a line break)."""
_TITLE_OPEN = re.compile(r"#[ \t]*([(\"'])")
_TITLE_CLOSER = {"(": ")", '"': '"', "'": "'"}


def _title_end(text: str, m: "re.Match[str]") -> int:
    """Where a Markdown comment line (``[//]: # (...)``, matched by ``m`` to its line's end) ends: at its line's end,
    or, when its title opens there and closes on a later line of its paragraph (a title may span lines), at the end
    of that line."""
    title = _TITLE_OPEN.search(text, m.start(), m.end())
    if title is None or text.find(_TITLE_CLOSER[title.group(1)], title.end(), m.end()) >= 0:
        return m.end()
    paragraph = _BLANK_LINE.search(text, m.end(), m.end() + _STRIKE_REACH)
    stop = m.end() + _STRIKE_REACH if paragraph is None else paragraph.start()
    close = text.find(_TITLE_CLOSER[title.group(1)], m.end(), stop)
    if close < 0:
        return m.end()
    line_end = text.find("\n", close)
    return len(text) if line_end < 0 else line_end


class _Hider:
    """Where each mark of :data:`_HIDING` in one text ends (the text's braces matched once, when first needed)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._braces: Optional[Dict[int, int]] = None
        self._math_at = 0
        self._math: Optional[str] = None  # (the closing delimiter of the formula open at _math_at)

    def end_of(self, m: "re.Match[str]") -> int:
        """Where what the mark ``m`` hides ends (the end of the text when it is never closed), or -1 when it hides
        nothing."""
        text = self.text
        s, mark = m.start(), m.group()
        if mark == "%":
            if text[s - 1: s] == "\\" or _percent_sign(text, s):  # (escaped, or a percent sign)
                return -1
            e = text.find("\n", s)
            return len(text) if e < 0 else e
        if mark == "<!--":
            e = text.find("-->", s)
            return len(text) if e < 0 else e + 3
        tag = m.group("tag") or m.group("unshown")
        if tag:  # an HTML element: to its closing tag
            close = re.compile(r"</\s*" + re.escape(tag) + r"\s*>", re.I).search(text, m.end())
            return len(text) if close is None else close.end()
        if m.group("latex"):
            return self._latex_end(m.end(), m.group("latex"), s)
        if m.group("define"):  # a macro's definition: from it on, when the output uses the macro
            name = _DEFINED_NAME.match(text, m.end())
            if name is None:
                return -1
            use = re.compile(re.escape(name.group(1)) + r"(?![A-Za-z])").search(text, name.end())
            return -1 if use is None else len(text)
        if mark == "~~":
            before = text[s - 1: s]
            if before and (before in "~\\" or before.isalnum() or before == "_"):  # (LaTeX ties: "x~~=~~5")
                return -1
            paragraph_end = _BLANK_LINE.search(text, s, s + _STRIKE_REACH)  # (a strike goes on over a line break)
            close = _STRIKE_CLOSE.search(text, m.end(), s + _STRIKE_REACH if paragraph_end is None
                                         else paragraph_end.start())
            return -1 if close is None else close.end()
        if mark.startswith("\\begin"):
            end = _END_COMMENT.search(text, m.end())
            return len(text) if end is None else end.end()
        if m.group("attributes") or m.group("image"):  # (the tag or the image markup itself: nothing after it)
            return m.end()
        if mark.startswith("["):  # a Markdown comment line: alone on its line
            line_start = text.rfind("\n", 0, s) + 1
            return _title_end(text, m) if not text[line_start:s].strip(" \t") else -1
        fi = _FI.search(text, m.end())  # \iffalse
        return len(text) if fi is None else fi.end()

    def _latex_end(self, pos: int, command: str, start: int) -> int:
        """Where the argument that the LaTeX ``command`` (its name ends at ``pos``, it starts at ``start``) hides
        ends, or -1 when it hides nothing here (see :data:`_LATEX_HIDING`)."""
        text = self.text
        how = _LATEX_HIDING[command]
        if self._inside_box(start):
            return -1
        if how in ("coloured", "switch"):
            color = _PAGE_COLOR.match(text, pos)
            if color is None:
                return -1
            pos = color.end()
            if how == "switch":
                return self._group_end(pos, start)
        elif how == "struck_second":
            first = self._argument(pos)
            if first is None:
                return -1
            pos = first[1] + 1
        elif how == "scaled":
            first = self._argument(pos)
            if first is None or not _near_zero(text[first[0] + 1: first[1]]):
                return -1
            pos = first[1] + 1
            if text.startswith("[", pos):  # (the vertical factor)
                close = text.find("]", pos, pos + 40)
                pos = pos if close < 0 else close + 1
        elif how == "resized":
            width, height = self._argument(pos), None
            if width is not None:
                height = self._argument(width[1] + 1)
            if width is None or height is None or not any(
                    _ZERO_SIZE.fullmatch(text, a + 1, b) for a, b in (width, height)):
                return -1
            pos = height[1] + 1
        argument = self._argument(pos)
        return -1 if argument is None else argument[1] + 1

    def _closing(self, open_pos: int) -> int:
        if self._braces is None:
            self._braces = _match_braces(self.text, 0)
        return self._braces.get(open_pos, -1)

    def _argument(self, pos: int) -> Optional[Tuple[int, int]]:
        """The braced argument at ``pos`` (after spaces): the offsets of its ``{`` and its matching ``}``; None when
        there is none, or it is never closed."""
        text = self.text
        while pos < len(text) and text[pos] in " \t\n":
            pos += 1
        if not text.startswith("{", pos):
            return None
        close = self._closing(pos)
        return None if close < 0 else (pos, close)

    def _inside_box(self, at: int) -> bool:
        """Whether ``at`` lies inside the braces of a ``\\boxed{..}`` (or ``\\fbox``) that opens before it (within
        :data:`_MAX_REGION` characters)."""
        for m in _BOX_OPEN.finditer(self.text, max(0, at - _MAX_REGION), at):
            close = self._closing(m.end() - 1)
            if close < 0 or close > at:
                return True
        return False

    def _in_math(self, at: int) -> bool:
        """Whether ``at`` lies inside a formula (``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]``; a blank line
        closes any), reading the delimiters on from the last offset asked about (marks are met in order)."""
        inside = self._math
        for t in _DELIMITER.finditer(self.text, self._math_at, max(at, self._math_at)):
            g = t.group()
            if g[0] == "\n":
                inside = None
            elif g in ("\\\\", "\\$"):
                continue
            elif inside is None:
                inside = _CLOSER_OF.get(g, g)
            elif g == inside:  # ("$$" inside "$..$" closes it and opens another, as MathJax and KaTeX read it)
                inside = None
        self._math, self._math_at = inside, max(at, self._math_at)
        return inside is not None

    def _group_end(self, pos: int, start: int) -> int:
        """Where the group in which a colour switch at ``start`` is made ends (its text is in that colour up to
        there): its closing brace, the end of the formula when the switch is made inside one, a blank line, or the
        text's end."""
        text = self.text
        in_math = self._in_math(start)
        depth = 0
        for t in _GROUP_TOKEN.finditer(text, pos):
            g = t.group()
            if g == "{":
                depth += 1
            elif g == "}":
                depth -= 1
                if depth < 0:
                    return t.start()
            elif g == "$" or g == "\\)" or g == "\\]":
                if in_math and depth <= 0:
                    return t.start()
            elif g[0] == "\n":
                return t.start()
        return len(text)


def _near_zero(factor: str) -> bool:
    try:
        return abs(float(factor.strip())) <= _NEAR_ZERO_SCALE
    except ValueError:  # (not a number: shown)
        return False


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

    def __init__(self, text: str, source: Optional[str] = None) -> None:
        self.text = text
        self.source = source
        """The output before :func:`hide_comments` blanked what is not shown (None when it blanked nothing)."""
        self._lowered: Optional[str] = None
        self._envs: Optional[List[MathEnv]] = None
        self._env_by_start: Dict[int, MathEnv] = {}
        self._braces: Optional[Dict[int, int]] = None
        self._braces_from = len(text)
        self._fences: Optional[List[int]] = None
        self._ticks: Optional[bool] = None
        self.refused: List[Refused] = []
        """The boxes the text does not commit to ("definitely not $\\boxed{6}$", "could it be $\\boxed{6}$?"), in
        order, found by the box rule."""

    def hidden_at(self, pos: int) -> Optional[Tuple[int, int, str]]:
        """The span :func:`hide_comments` blanked at ``pos`` (see :func:`hidden_spans`), if any."""
        if self.source is None or self.source[pos: pos + 1] == self.text[pos: pos + 1]:
            return None
        return next(((s, e, kind) for s, e, kind in hidden_spans(self.source) if s <= pos < e), None)

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
        """True when ``pos`` is inside a fenced code block (between a pair of ```` ``` ````) or an inline code span
        (```..``` on its line): code is shown as it is written, not rendered."""
        return self.code_block_start(pos) >= 0 or self._in_code_span(pos)

    def _in_code_span(self, pos: int) -> bool:
        """``pos`` lies between two runs of backticks of the same length on its line (a Markdown code span)."""
        if self._ticks is None:
            self._ticks = "`" in self.text
        if not self._ticks:
            return False
        text = self.text
        lo, hi = max(0, pos - _SPAN_REACH), min(len(text), pos + _SPAN_REACH)
        opening: Optional["re.Match[str]"] = None
        for run in _BACKTICKS.finditer(text, text.rfind("\n", lo, pos) + 1 or lo, hi):
            if run.group() == "\n" or (run.start() > pos and opening is None):
                return False
            if opening is None:
                opening = run
            elif len(run.group()) == len(opening.group()):
                if opening.end() <= pos < run.start():
                    return True
                opening = None
        return False

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
        word that starts a new clause (``, which``; `` because``). A list item's marker opening its line (``- 5``)
        and an emphasis around the answer (``*7*``) are not part of it.
        """
        text = self.text
        n = len(text)
        while pos < n and text[pos] in _SKIP_BEFORE:
            pos += 1
        if text.startswith(("- ", "-\t", "• ", "•\t"), pos) and not text[text.rfind("\n", 0, pos) + 1: pos].strip():
            pos += 2  # a list item's marker opening its line ("**Final Answer**\n- 5"): not a minus sign
            while pos < n and text[pos] in " \t":
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
        if j - 1 > start and text[j - 1] == "*" and text[start - 1: start] == "*" and text[j - 2] != "*":
            j -= 1  # the emphasis it opened with, closed ("*7*")
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
