"""Repairs on the answer string, before tokenizing.

Each repair is a small named function ``str -> str``; :data:`REPAIRS` lists them in the order they run. They fix
what models and benchmark authors write (``\\dfrac``, ``\\left(``, ``1{,}000``, ``^\\circ``, ``\\$``, units, ...)
so that the tokenizer and the parser only see one spelling of each thing.
"""

from __future__ import annotations

import html
import re
import unicodedata
from fractions import Fraction
from difflib import SequenceMatcher
from os.path import commonprefix
from typing import Callable, List, Optional, Sequence, Tuple

__all__ = ["normalize", "normalize_steps", "input_offset", "balanced", "is_unit_phrase", "REPAIRS", "UNIT_WORDS",
           "strip_text_wrappers"]

# --- tables -------------------------------------------------------------------------------------------------------

_UNICODE = {
    "π": "\\pi ", "√": "\\sqrt", "≤": "\\le ", "≥": "\\ge ", "≠": "\\ne ", "∞": "\\infty ", "×": "\\times ",
    "·": "\\cdot ", "⋅": "\\cdot ", "÷": "\\div ", "−": "-", "–": "-", "—": "-", "∪": "\\cup ", "∩": "\\cap ",
    "∅": "\\emptyset ", "±": "\\pm ", "∓": "\\mp ", "≈": "\\approx ", "∈": "\\in ", "⩽": "\\le ", "⩾": "\\ge ",
    "θ": "\\theta ", "α": "\\alpha ", "β": "\\beta ", "γ": "\\gamma ", "δ": "\\delta ", "λ": "\\lambda ",
    "μ": "\\mu ", "σ": "\\sigma ", "φ": "\\phi ", "ω": "\\omega ", "ε": "\\epsilon ", "ρ": "\\rho ",
    "τ": "\\tau ", "Δ": "\\Delta ", "Ω": "\\Omega ", "½": "\\frac{1}{2}",
    "⁄": "/", "∗": "*", "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u200b": "", "’": "'", "′": "'",
    "″": "''", "º": "°", "（": "(", "）": ")", "，": ",", "Å": "angstrom", "µ": "\\mu ",
}

UNIT_WORDS = frozenset(
    """
    cm mm km nm pm um microns micron meter meters metre metres centimeter centimeters millimeter millimeters
    kilometer kilometers nanometer nanometers angstrom angstroms inch inches ft feet foot yard yards yd mile miles
    mi mph kph kmh au ly pc kpc mpc parsec parsecs lightyears
    kg mg gram grams kilogram kilograms lb lbs pound pounds ounce ounces oz ton tons tonnes amu
    liter liters litre litres ml gallon gallons quart quarts pint pints cup cups
    sec secs second seconds ms minute minutes min mins hour hours hr hrs day days week weeks month months
    year years yr yrs
    hz khz mhz ghz kj mj ev kev mev gev erg ergs cal kcal watt watts kw mw pa kpa atm bar mol mmol
    arcsec arcsecs arcseconds arcmin arcminutes mas rad radian radians sr ohm ohms kelvin
    dollar dollars cent cents usd euro euros yuan rupee rupees peso pesos yen
    unit units square sq cubic per degree degrees
    分钟 小时 秒 天 周 米 厘米 毫米 千米 公里 克 千克 公斤 吨 升 毫升 元 角 平方米 平方厘米 平方千米 立方米 立方厘米
    apple apples people persons students children books pages marbles cookies candies eggs pencils boxes balls
    cars trees points ways items pieces atoms molecules photons
    """.split()
)
"""Words dropped after a number (``5 \\text{ cm}``, ``12 apples``), compared in lower case."""

_UNIT_LETTERS = frozenset("smghkjnwvacl")
"""Single-letter unit symbols, accepted only inside a longer unit phrase (``erg s^{-1}``, ``kg m/s``): a single
letter alone is never a unit."""

_MATH_FONTS = ("mathrm", "mathbf", "mathit", "mathsf", "boldsymbol", "bm", "mathnormal", "rm", "bf", "mathcal",
               "mathscr")
_TEXT_FONTS = ("textbf", "textit", "textrm", "textnormal", "textsf", "texttt", "textup", "mbox", "hbox", "emph",
               "text")
_KNOWN_FUNCS = frozenset("sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh log ln exp sqrt gcd lcm max "
                         "min arg det".split())

_SPACED_DIGITS = re.compile(r"-?[0-9](?: [0-9])+")
"""Single digits a space apart, as OlympiadBench's solutions set their answers in bold (``\\mathbf{1 1}``): one
number in a math font, where TeX shows no space."""
_FONT_RE = re.compile(r"\\(" + "|".join(_MATH_FONTS + _TEXT_FONTS) + r"|operatorname)\s*\{([^{}]*)\}")
_BIG_RE = re.compile(r"\\(?:left|right|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr|big|Big|bigg|Bigg|middle)"
                     r"(?![a-zA-Z])\s*(\.)?")
_GROUP_SEP_RE = re.compile(r"(?<=[0-9])(?:\s*\{\s*,\s*\}|,\s*\\!|,\s*\\,|\\,|\\!|\\;|\\:|\\ |~)\s*(?=[0-9]{3}(?![0-9]))")
_DEC_COMMA_RE = re.compile(r"(?<=[0-9])\{,\}(?=[0-9])")
_COMMA_GROUPS_RE = re.compile(r"(?<![0-9.,])(?!0)[0-9]{1,3}(?:,[0-9]{3})+(?![0-9,.]|\s*\\overline)")
_ZERO_COMMA_RE = re.compile(r"(-?\s*0),([0-9]+)")
_SPACE_GROUPS_RE = re.compile(r"(?<![0-9.,/^_{])[0-9]{1,3}(?: [0-9]{3})+(?![0-9.,/]|\s*/)")
_DEGREE_RE = re.compile(r"\^\s*\{\s*\\circ\s*\}|\^\s*\\circ(?![a-zA-Z])|\\degree(?![a-zA-Z])|\{\s*\}\s*°")
_PRIME_RE = re.compile(r"\^\s*\{\s*((?:\\prime\s*)+)\}|\^\s*\\prime(?![a-zA-Z])")
_PERCENT_WORD_RE = re.compile(r"\s*\b(?:percent|per\s+cent|percentage|pct)\b", re.I)
_UNIT_TAIL_RE = re.compile(
    r"(?:\\text\s*\{([^{}]*)\}|(?<![A-Za-z\\])([A-Za-z][A-Za-z/^ ]*[A-Za-z2-3]|[A-Za-z]{2,}))"
    r"\s*(\^\s*\{?\s*-?[1-3]\s*\}?)?\s*$"
)


# --- repairs ------------------------------------------------------------------------------------------------------

_SUPERSCRIPT_CHARS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ", "0123456789+-=()ni")
_SUPERSCRIPTS = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ]+")


_RADICAND = re.compile(r"([√∛∜])\s*([0-9]+(?:\.[0-9]+)?|[A-Za-z](?![A-Za-z]))")
_ROOTS = {"√": "\\sqrt", "∛": "\\sqrt[3]", "∜": "\\sqrt[4]"}


def _unicode(s: str) -> str:
    """Replace Unicode math characters by their LaTeX spelling (superscripts as exponents: ``x⁻¹`` is ``x^{-1}``;
    subscripts are left alone, they are mostly chemistry: ``H₂O``); full-width forms (``１２３``, ``（Ｂ）``) and
    mathematical letters and digits (``𝑥``, ``𝟐``) by their plain ASCII ones."""
    if s.isascii():
        return s
    s = _SUPERSCRIPTS.sub(lambda m: "^{" + m.group().translate(_SUPERSCRIPT_CHARS) + "}", s)
    if "√" in s or "∛" in s or "∜" in s:  # √37 is the root of 37 (TeX's \sqrt37 would take one digit)
        s = _RADICAND.sub(lambda m: _ROOTS[m.group(1)] + "{" + m.group(2) + "}", s)
    return "".join(_UNICODE[ch] if ch in _UNICODE else _plain_form(ch) for ch in s)




def _plain_form(ch: str) -> str:
    code = ord(ch)
    if 0xFF01 <= code <= 0xFF5E:  # full-width ASCII
        return chr(code - 0xFEE0)
    if code == 0x3000:  # ideographic space
        return " "
    if 0x1D400 <= code <= 0x1D7FF:  # mathematical alphanumeric symbols: 𝑥 𝐀 𝟐
        return unicodedata.normalize("NFKC", ch)
    if 0x2150 <= code <= 0x215E or 0xBC <= code <= 0xBE:  # vulgar fractions: ⅝ is 5/8 (2⅝ a mixed number)
        numerator, _, denominator = unicodedata.normalize("NFKC", ch).partition("\u2044")
        if numerator.isdigit() and denominator.isdigit():
            return "\\frac{" + numerator + "}{" + denominator + "}"
    return ch


_CONTROL_RE = re.compile(r"\\?(?:\x0c(?=rac|box)|\x08(?=egin|inom|oxed|eta|ar|matrix)(?=[a-z]+(?![a-zA-Z])))")
_CONTROL_LETTERS = {"\x08": "b", "\x0c": "f"}


def _control_chars(s: str) -> str:
    """A backslash command eaten by a string escape: ``\\frac`` written in a JSON or Python string as ``"\\frac"``
    arrives as a form feed then ``rac`` (``\\b`` is a backspace: ``\\begin``, ``\\binom``, ``\\boxed``). Those two
    control characters never belong in an answer, so before the rest of such a command they are the command again
    (a backslash just before them is part of it). Tabs and newlines are left alone: they are real whitespace."""
    if s.isprintable() or ("\x0c" not in s and "\x08" not in s):
        return s
    return _CONTROL_RE.sub(lambda m: "\\" + _CONTROL_LETTERS[m.group()[-1]], s)


def _math_delimiters(s: str) -> str:
    """Drop math-mode delimiters: ``$``, ``\\(``, ``\\[``; a ``\\$`` (dollar sign) is dropped too."""
    s = s.replace("\\$", " ")
    s = s.replace("$", " ")
    for d in ("\\(", "\\)", "\\[", "\\]"):
        s = s.replace(d, " ")
    return s.strip()


_BACKSLASH_NUMBER = re.compile(r"(?<!\\)\\(?=[0-9])")
_HTML_ENTITY = re.compile(r"&(?:[a-zA-Z]{2,8}|#[0-9]{2,5}|#x[0-9a-fA-F]{2,4});")


def _escapes(s: str) -> str:
    """Doubly escaped LaTeX (``\\\\frac``, from JSON written twice), literal ``\\n`` newlines, and a backslash before
    a number (``\\15``: an escaped dollar sign that lost its ``$``)."""
    if "\\\\" in s and "\\begin" not in s:
        s = re.sub(r"\\\\(?=[a-zA-Z{}()\[\]$%,!])", r"\\", s)
    if "\\n" in s:
        s = re.sub(r"\\n(?=[\\\s$]|$)", " ", s)
    if "\\" in s:
        s = _BACKSLASH_NUMBER.sub("", s)
    return s


def _html_entities(s: str) -> str:
    """HTML entities (``&lt;``, ``&times;``, ``&#8722;``) as the characters they stand for."""
    if "&" not in s:
        return s
    return _HTML_ENTITY.sub(lambda m: html.unescape(m.group()), s)



_HTML_SCRIPT = re.compile(r"<(sup|sub)>\s*(.*?)\s*</\1>", re.I | re.S)
_HTML_TAG = re.compile(r"</?(?:b|i|em|strong|span|p|br|code)\s*/?>", re.I)


def _html_tags(s: str) -> str:
    """HTML superscripts and subscripts (``x<sup>2</sup>``, ``a<sub>1</sub>``) as ``^{2}`` and ``_{1}``; plain
    formatting tags (``<b>``, ``<br>``) dropped."""
    if "<" not in s or ">" not in s:
        return s
    s = _HTML_SCRIPT.sub(lambda m: ("^{" if m.group(1).lower() == "sup" else "_{") + m.group(2) + "}", s)
    return _HTML_TAG.sub(" ", s)


_CIRCLED = {chr(0x2460 + k): str(k + 1) for k in range(20)}
"""Circled numerals ``①``…``⑳`` (Chinese exams number statements with them)."""
_CIRCLED_RUN = re.compile("[" + "".join(_CIRCLED) + "](?:[\\s,，、;；和与及]*[" + "".join(_CIRCLED) + "])*")


def _circled(s: str) -> str:
    """Circled numerals as numbers, a run of them as a list: ``①④`` and ``①、④`` are ``1, 4``."""
    if s.isascii():
        return s
    return _CIRCLED_RUN.sub(lambda m: ", ".join(_CIRCLED[c] for c in m.group() if c in _CIRCLED), s)


_BASE_NUMBER = re.compile(r"(?<![\\A-Za-z0-9_^.}])(?:\(([0-9A-F]+(?:\.[0-9A-F]+)?)\)|([0-9A-F]+(?:\.[0-9A-F]+)?))"
                          r"_\s*(?:\{\s*([0-9]{1,2})\s*\}|([0-9]))(?![0-9])")


def _bases(s: str) -> str:
    """A number written in another base, its base as a subscript (``0.101_{2}``, ``(1011)_2``, ``FF_{16}``), as its
    exact value (``\\frac{5}{8}``, ``11``, ``255``). Left alone: a subscript that is not a base of the digits
    (``5_1``, ``12_{10}``), and letters unless the base is 16 (``AB_{12}`` names a segment)."""
    if "_" not in s:
        return s

    def value(m: "re.Match[str]") -> str:
        digits, base = m.group(1) or m.group(2), int(m.group(3) or m.group(4))
        whole, _, fraction = digits.partition(".")
        if not 2 <= base <= 16 or base == 10 or not digits.replace(".", "").isdigit() and base != 16 \
                or any(int(d, 16) >= base for d in whole + fraction):
            return m.group()
        numerator = int(whole + fraction, base)
        denominator = base ** len(fraction)
        if numerator % denominator == 0:
            return str(numerator // denominator)
        return "\\frac{" + str(numerator) + "}{" + str(denominator) + "}"

    return _BASE_NUMBER.sub(value, s)


def _boxed(s: str) -> str:
    """An answer that is all ``\\boxed{x}`` (or an unclosed ``\\boxed{x``) is ``x``; elsewhere ``\\boxed{x}`` and
    ``\\fbox{x}`` become the group ``{x}``."""
    m = re.fullmatch(r"\s*\\(?:boxed|fbox)\s*\{(.*)\}\s*", s, re.S)
    if m and balanced(m.group(1)):
        s = m.group(1)
    m = re.fullmatch(r"\s*\\(?:boxed|fbox)\s*\{(.*)", s, re.S)
    if m and balanced(m.group(1)):  # a box never closed (a cut-off gold or output): its content runs to the end
        s = m.group(1)
    return re.sub(r"\\(?:boxed|fbox)\s*(?=\{)", "", s)


def balanced(s: str) -> bool:
    """True when the braces of ``s`` (ignoring ``\\{`` and ``\\}``) are balanced."""
    depth = 0
    for k, ch in enumerate(s):
        if ch in "{}" and k > 0 and s[k - 1] == "\\":
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


_COLOR_RE = re.compile(r"\\textcolor\s*\{\s*([#\w!.,-]*)\s*\}|\\color\s*\{\s*([#\w!.,-]*)\s*\}")
_INVISIBLE = re.compile(r"white|#?f{3}(?:f{3})?|none|transparent|bg|background", re.I)
_NOT_RE = re.compile(r"\\not\s*(?:=|\\equiv(?![A-Za-z]))")


def _colors(s: str) -> str:
    """``\\textcolor{blue}{42}`` is 42 and ``\\color{red}`` changes nothing that is read; white (invisible) text
    stays as written, which no reading accepts: an answer hidden when rendered is not read. ``\\not=`` is
    ``\\neq``: a negated relation, never an assignment."""
    if "\\not" in s:
        s = _NOT_RE.sub(r"\\neq ", s)
    if "color" not in s:
        return s

    def repl(m: "re.Match[str]") -> str:
        name = m.group(1) if m.group(1) is not None else m.group(2)
        return m.group() if _INVISIBLE.fullmatch(name) else " "

    return _COLOR_RE.sub(repl, s)


def _display(s: str) -> str:
    """Drop ``\\displaystyle``, ``\\limits``, ``\\!``, ``\\quad`` and other layout-only commands."""
    s = re.sub(r"\\(?:displaystyle|textstyle|scriptstyle|limits|nolimits|mathstrut|strut|phantom\{[^{}]*\})"
               r"(?![a-zA-Z])", " ", s)
    return s


def _digit_groups(s: str) -> str:
    """Join thousands groups: ``1{,}234``, ``14 {, }916``, ``1\\,234``, ``10,\\!080``, ``1,234``, ``1 234`` -> ``1234``.

    Plain commas and spaces are only taken as separators outside brackets (``(2,251,252)`` is a tuple), when every
    group after the first has exactly three digits. ``0{,}5`` (a braced comma not followed by three digits) is a
    decimal comma, and so is ``0,5`` when it is the whole answer.
    """
    s = _GROUP_SEP_RE.sub("", s)
    s = _DEC_COMMA_RE.sub(".", s)
    if _ZERO_COMMA_RE.fullmatch(s.strip()):  # 0,5 alone: a decimal comma (a list would not start with 0)
        return s.replace(",", ".")
    if "," not in s and " " not in s:
        return s
    out: List[str] = []
    depth, last = 0, 0
    for m in re.finditer(r"[(\[\]){}]|\\[{}]|[0-9][0-9, ]*", s):
        tok = m.group()
        if tok in ("(", "[", "\\{"):
            depth += 1
        elif tok in (")", "]", "\\}"):
            depth = max(0, depth - 1)
        elif tok[0] in "0123456789" and depth == 0 and (m.start() == 0 or s[m.start() - 1] not in ".^_"):
            out.append(s[last:m.start()])
            fixed = _COMMA_GROUPS_RE.sub(lambda g: g.group().replace(",", ""), tok)
            out.append(_SPACE_GROUPS_RE.sub(lambda g: g.group().replace(" ", ""), fixed))
            last = m.end()
    out.append(s[last:])
    return "".join(out)


def _sizing(s: str) -> str:
    """Drop ``\\left``/``\\right`` and ``\\big``-style sizing (``\\left.`` disappears entirely)."""
    return _BIG_RE.sub("", s)


_QUAD_RE = re.compile(r"(?<!\\)\\q?quad(?![a-zA-Z])")
_RELATION_RE = re.compile(r"(?<![<>!\\])=|\\(?:le|ge|leq|geq|neq|ne|lt|gt)(?![a-zA-Z])|[<>]")


def _spacing(s: str) -> str:
    """Spacing commands become a space; ``\\!`` disappears. A ``\\quad`` between statements separates them as a comma
    does (``x + y = 1 \\quad x - y = 2`` is a system of two equations, not one chain)."""
    if "quad" in s:
        pieces = _QUAD_RE.split(s)
        if len(pieces) > 1 and all(_RELATION_RE.search(p) for p in pieces) and all(
                p.count("{") == p.count("}") and p.count("(") == p.count(")") for p in pieces):
            s = ", ".join(p.strip() for p in pieces)
    s = re.sub(r"(?<!\\)\\!", "", s)
    s = re.sub(r"(?<!\\)\\(?:,|;|:|>| |quad|qquad|enspace|thinspace|hspace\{[^{}]*\})", " ", s)
    return s.replace("~", " ")


def _spellings(s: str) -> str:
    """One spelling per command: ``\\dfrac`` -> ``\\frac``, ``\\leqslant`` -> ``\\le``, ``\\dbinom`` -> ``\\binom``."""
    s = re.sub(r"\\[dtc]frac(?![a-zA-Z])", r"\\frac", s)
    s = re.sub(r"\\[dt]binom(?![a-zA-Z])", r"\\binom", s)
    s = re.sub(r"\\(le|ge)qslant(?![a-zA-Z])", r"\\\1", s)
    s = re.sub(r"\\(?:varnothing)(?![a-zA-Z])", r"\\emptyset", s)
    s = re.sub(r"\\(?:vert|lvert|rvert)(?![a-zA-Z])", "|", s)
    s = re.sub(r"\\(?:mid)(?![a-zA-Z])", "|", s)
    s = re.sub(r"\bnp\.(?=[a-z])", r"\\", s)  # numpy spellings: np.arcsin(...)
    return s


_UPRIGHT_UNIT = re.compile(
    r"(-?[0-9]*\.[0-9]+)(?:\s|\\[,;: ]|~)*\\(?:mathrm|rm|text|textrm|mbox)\s*\{\s*~?\s*"
    r"(?:[smgNJWVAKLCTh]|Hz|Pa|mol|cd)\s*\}\s*(?:\^\s*\{?\s*-?[1-3]\s*\}?)?\s*$")
_PLAIN_UNIT_AFTER_DECIMAL = re.compile(r"(\s*-?[0-9]*\.[0-9]+)\s+(?:s|N|J|W|V|K|Hz|Pa)\s*$")


_TILDE_UNIT = re.compile(r"(?<=[0-9}])\s*\\mathrm\s*\{\s*~\s*[A-Za-z]{1,3}(?:\s*/\s*[A-Za-z]{1,3})?\s*\}"
                         r"(?:\s*\^\s*\{?\s*-?[1-3]\s*\}?)?\s*$")
"""``20 \\mathrm{~N}``, ``5 \\mathrm{~cm}^{2}``: a unit typeset with a leading tie, as OCR'd answers write them."""


def _tilde_units(s: str) -> str:
    """A unit typeset with a tie after a number, at the end (``20 \\mathrm{~N}``): dropped (the tie marks it as a
    unit, whatever its length)."""
    return _TILDE_UNIT.sub("", s) if "~" in s else s


def _upright_units(s: str) -> str:
    """A unit symbol after a decimal, at the end: written upright (``4.812 \\mathrm{s}``, ``9.8\\,\\text{m}``) or as
    a plain ``s``, ``N``, ``J``, ``W``, ``V``, ``K``, ``Hz``, ``Pa`` (``4.8 s``): dropped, as other units are.
    (Otherwise after a whole number a single letter stays a variable: ``5 \\text{ m}`` is not 5.)"""
    if "." not in s:
        return s
    if "\\" in s:
        s = _UPRIGHT_UNIT.sub(r"\1", s)
    m = _PLAIN_UNIT_AFTER_DECIMAL.fullmatch(s)
    return m.group(1) if m else s


def _fonts(s: str) -> str:
    """Font commands: math fonts around math are unwrapped (``\\mathbf{v}`` -> ``v``, ``\\mathrm{e}`` -> ``e``);
    ``\\operatorname{lcm}`` -> ``\\lcm``; text fonts become ``\\text{...}``."""
    def repl(m: "re.Match[str]") -> str:
        """Rewrite one font command."""
        cmd, body = m.group(1), m.group(2)
        word = body.strip()
        if cmd == "operatorname" or (cmd in _MATH_FONTS and word in _KNOWN_FUNCS):
            return "\\" + word + " "
        if cmd in _MATH_FONTS and _SPACED_DIGITS.fullmatch(word):
            return "{" + word.replace(" ", "") + "}"  # ("\\mathbf{1 1}": spaces in math are not shown: 11)
        if cmd in _MATH_FONTS and not re.search(r"[A-Za-z]{2,}", word.replace("~", "")):
            return "{" + body.replace("~", " ") + "}"
        return "\\text{" + body + "}"

    for _ in range(3):  # nested fonts (\textbf{\text{B}})
        new = _FONT_RE.sub(repl, s)
        if new == s:
            break
        s = new
    return s


def _degrees_primes(s: str) -> str:
    """``^\\circ``, ``^{\\circ}``, ``\\degree``, ``°`` -> ``°``; ``^{\\prime}`` -> ``'``;
    ``\\%`` and "percent" -> ``%``."""
    s = _DEGREE_RE.sub("°", s)
    s = _PRIME_RE.sub(lambda m: "'" * max(1, (m.group(1) or "").count("\\prime")), s)
    s = s.replace("\\%", "%")
    if "ercent" in s or "er cent" in s or "pct" in s:
        s = _PERCENT_WORD_RE.sub("%", s)
    return s


def _frac_digit_args(s: str) -> str:
    """``\\frac{a}7`` -> ``\\frac{a}{7}`` (a single digit as the second argument, TeX style)."""
    return re.sub(r"(\\frac\s*\{[^{}]*\})\s*([0-9])", r"\1{\2}", s)


def is_unit_phrase(phrase: str, in_text: bool = True) -> bool:
    """True for ``cm``, ``km/s``, ``erg s``, ``kg\\cdot m/s``, ``square feet`` (and, written in ``\\text{}``,
    ``m/s``); False for a single letter, which is never a unit."""
    lower = phrase.strip().lower()
    words = [w for w in re.split(r"(?:\s|/|\\cdot|\*|\^\{?-?[0-9]\}?|\bper\b)+", lower) if w]
    if not words or (len(words) == 1 and len(words[0]) == 1 and words[0].isascii()):
        return False  # single letters are never units (a Chinese unit is one character: 米)
    if all(len(w) == 1 and w.isascii() for w in words) and not (in_text and re.search(r"/|\\cdot", lower)):
        return False  # "n k" is a product; "\\text{ m/s}" is a unit
    return all(_unit_word(w) for w in words)


def _unit_word(word: str) -> bool:
    w = word.rstrip(".")
    return w in UNIT_WORDS or w.rstrip("s") in UNIT_WORDS or (len(w) == 1 and w in _UNIT_LETTERS)


_TEXT_OVER_RE = re.compile(
    r"\\text\s*\{([^{}]*)\}\s*/\s*(?:\\text\s*\{([^{}]*)\}|\{\s*([A-Za-z]+)\s*\}|([A-Za-z]+))\s*$")
_TEMPERATURE_RE = re.compile(r"\s*°\s*(?:\\text\s*\{\s*|\{\s*)?[CFK]\s*\}?\s*$")
_ORDINAL_RE = re.compile(r"(?<=[0-9])\s*(?:\^\s*\{?\s*\\text\s*\{\s*(?:st|nd|rd|th)\s*\}\s*\}?|(?:st|nd|rd|th)\b)")
_BARE_ORDINAL_RE = re.compile(r"(?<![0-9.])([0-9]+)\s*\^\s*(?:\{\s*(st|nd|rd|th)\s*\}|(st|nd|rd|th)\b)")
_ORDINAL_NOUN_RE = re.compile(r"\s*([0-9]+)\s*(?:\\text\s*\{\s*[A-Za-z][A-Za-z ]*\}|[A-Za-z][A-Za-z ]*)\s*")


_TEXT_PARENTHETICAL = re.compile(r"\s*\\text\s*\{\s*\([^{}()]*\)\s*\}\s*$")
_PLAIN_PARENTHETICAL = re.compile(r"(?<=[\s}])\(\s*[A-Za-z]*[A-Za-z]{4}[A-Za-z ]*\)\s*$")
_TEXT_WORDS_AFTER_NUMBER = re.compile(r"(?<=[0-9}%])\s*\\text\s*\{\s*([A-Za-z][A-Za-z' \-]*)\}\s*$")
_NOT_ANNOTATIONS = frozenset(
    "or and no none yes not more less than times fewer over under per hundred hundreds thousand thousands million "
    "millions billion billions trillion dozen dozens score percent most least above below ish squared cubed plus "
    "minus divided multiplied power half twice double triple reciprocal factorial also too best worst".split()
)
"""Words after a number that are not a mere annotation: connectives, and words that change the value."""


_SENTENCE_WORDS = frozenset(
    "is are was were be been isn aren wasn not no never wrong incorrect false correct right true invalid valid "
    "maybe perhaps possibly probably might could may should would must answer answers solution guess check "
    "checked unverified verified approx approximately about roughly nearly almost if unless but however "
    "likely unlikely hopefully presumably supposedly apparently est estimate estimated around think believe unsure "
    "uncertain tentative unconfirmed untested unchecked usually typically generally mostly often sometimes "
    "the this that it we i you rejected discarded excluded impossible otherwise else elsewhere".split()
)
"""Words of a sentence about a number rather than of a unit or a count noun."""
_WITHDRAWING = re.compile(r"\?|\b(?:not|no|never|wrong|incorrect|false|invalid|isn't|maybe|perhaps|possibly|"
                          r"probably|(?:un)?likely|hopefully|presumably|supposedly|guess(?:ed)?|think|believe|"
                          r"unverified|unchecked|unconfirmed|untested|unsure|uncertain|tentative|confidence|"
                          r"rejected|discarded|impossible|est|estimated?|approximate|approximately|approx|roughly|"
                          r"around|about|nearly|almost|bound|at most|at least|大概|大约|可能|也许|或许|应该|估计|估算|不确定|"
                          r"猜的?|左右)\b", re.I)
"""Words that make a parenthetical after an answer withdraw or hedge it: "7 (not the answer)", "7 (probably)" and
"7 (?)" are not 7."""
_CHANGES_VALUE = re.compile(r"\b(?:also|too|either|or|if|unless|otherwise|else|alternatively|alt|aka|another|other|"
                            r"works?|"
                            r"possible|squared|cubed|plus|minus|times|divided|multiplied|power|half|twice|double|"
                            r"triple|root|reciprocal|factorial|negative|opposite|inverse)\b", re.I)
"""Words that make a parenthetical after an answer offer another value or change the value: "5 (also 6)", "5 (6 if n
is odd)", "5 (squared)" are not 5."""
OFFERING = (r"(?:or|i\.?\s?e\.?|that\s+is|equivalently|alternatively|alt\.?|a\.?k\.?a\.?|approx\.?|approximately|"
            r"about|roughly)")
"""The words that offer a second value in brackets after an answer ("(or 43)", "(i.e. 0.5)")."""
OFFERED_NUMBER = r"(-?[0-9]+(?:\.[0-9]+)?(?:\s*/\s*[0-9]+)?\s*%?)"
"""The value offered: a number, a decimal or a fraction, with a percent sign or not."""
OFFERED_VALUE = r"\(\s*(?:" + OFFERING + r"|≈)?[\s,]*" + OFFERED_NUMBER + r"\s*\)"
"""A parenthetical that offers a value after an answer, with at most a connective (``(or 43)``, ``(i.e. 0.5)``,
``(43)``): not an annotation to drop; the reader compares the two values (:func:`mathgrade._read._offered_value`)."""
_OFFERED = re.compile(OFFERED_VALUE)


def _annotations(s: str) -> str:
    """Drop words that annotate an answer: a parenthetical after it (``17 \\text{ (any words)}``,
    ``x = 5 \\text{ (meters)}``, ``5 (meters)``), and words in ``\\text{}`` after a number (``65 \\text{ children
    tickets}``) other than connectives (``2 \\text{ or } 3``)."""
    if "(" not in s and "\\text" not in s:
        return s
    for pattern in (_TEXT_PARENTHETICAL, _PLAIN_PARENTHETICAL, _TEXT_WORDS_AFTER_NUMBER):
        m = pattern.search(s)
        if m is not None and m.start() > 0 and s[:m.start()].strip() and (
                _annotation_words(m.group(1)) if pattern is _TEXT_WORDS_AFTER_NUMBER else
                not _WITHDRAWING.search(m.group()) and not _OFFERED.search(m.group())
                and not _CHANGES_VALUE.search(m.group())):
            s = s[:m.start()].rstrip()
    return s



def _annotation_words(words: str) -> bool:
    """Words that only annotate the number before them: a word of three letters or more, none that changes the value
    or joins answers (:data:`_NOT_ANNOTATIONS`), and none of a sentence (:data:`_SENTENCE_WORDS`: "7 \\text{ is
    wrong}" is a statement about the number, not a number)."""
    found = words.lower().replace("-", " ").replace("'", " ").split()
    return any(len(w) >= 3 for w in found) and not any(w in _NOT_ANNOTATIONS or w in _SENTENCE_WORDS for w in found)





def _units(s: str) -> str:
    """Drop a unit after a number: ``5 \\text{ cm}``, ``5\\text{ cm}^2``, ``12 apples``,
    ``\\frac{270}7\\text{ degrees}``.

    "degrees" becomes a degree sign; a temperature (``700°C``) loses its degree sign too. Only words from
    :data:`UNIT_WORDS`, only at the end, only after something.
    """
    s = _TEXT_OVER_RE.sub(lambda m: "\\text{" + m.group(1) + "/" + "".join(g or "" for g in m.groups()[1:]) + "}", s)
    s = _TEMPERATURE_RE.sub("", s)
    s = _ordinals(s)
    for _ in range(3):
        m = _UNIT_TAIL_RE.search(s)
        if not m or m.start() == 0:
            return s
        phrase = m.group(1) if m.group(1) is not None else m.group(2)
        if not is_unit_phrase(phrase, in_text=m.group(1) is not None):
            return s
        head = s[:m.start()].rstrip()
        if not head or not (head[-1].isdigit() or head[-1] in "})%°."):
            return s
        s = head + ("°" if phrase.strip().lower().rstrip("s") in ("degree",) else "")
    return s


def ordinal_suffix(n: int) -> str:
    """The English ordinal suffix of ``n``: st, nd, rd or th (11th, 12th, 13th)."""
    if 11 <= n % 100 <= 13:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _ordinals(s: str) -> str:
    """Ordinals read as their number: ``3^{\\text{rd}}`` and ``21st`` (any suffix), ``12^{th}`` (only the suffix of
    that number: ``2^{th}`` stays a power); an ordinal then a noun and nothing else (``12^{th}\\text{ grade}``,
    ``1st place``) is the number."""
    before = s
    s = _BARE_ORDINAL_RE.sub(
        lambda m: m.group(1) if ordinal_suffix(int(m.group(1)[-2:])) == (m.group(2) or m.group(3)) else m.group(), s)
    s = _ORDINAL_RE.sub("", s)
    if s != before:
        m = _ORDINAL_NOUN_RE.fullmatch(s)
        if m is not None:
            return m.group(1)
    return s


_LABEL = re.compile(r"\s*[A-Za-z][A-Za-z0-9_]{0,3}\s*:\s*(?=[-+0-9\\(.])")


_PARAMETER_DOMAIN = re.compile(
    r"(?:\s|,|;|\\quad|\\qquad|\\[,;: ])*\(?\s*(?:\\text\s*\{\s*(?:where|for|with)\s*\}|(?:where|for|with)\s)?\s*"
    r"[nkmjl](?:\s*,\s*[nkmjl])*\s*(?:\\in\s*(?:\\mathbb\s*\{\s*[ZN]\s*\}|\\mathbb\s*[ZN]|ℤ|\\Z|Z)"
    r"|\\text\s*\{\s*(?:is\s+an?\s+|are\s+)?(?:any\s+)?(?:integers?|natural numbers?)\s*\})\s*\)?\s*$")


def _parameter_domain(s: str) -> str:
    """The domain of the parameter of a family of solutions, after it (``2k\\pi, k \\in \\mathbb{Z}``,
    ``\\frac{\\pi}{6} + n\\pi \\text{ where } n \\text{ is an integer}``, ``(k \\in \\mathbb{Z})``): dropped, as the
    comparison takes such a parameter for an integer."""
    if "\\in" not in s and "ℤ" not in s and "integer" not in s and "natural" not in s:
        return s
    m = _PARAMETER_DOMAIN.search(s)
    if m is None or m.start() == 0:
        return s
    return s[:m.start()]


_REPEATING = re.compile(r"(-?[0-9]*)\.([0-9]+)\s*(?:\\text\s*\{\s*)?\(?\s*(?:repeating|recurring|repeated)\s*\)?\s*\}?\s*$",
                        re.I)


def _repeating(s: str) -> str:
    """A repeating decimal written in words (``0.8333 repeating``): the digits that repeat at its end (a unit seen
    at least twice, ``3`` of ``0.8333``, ``142857`` of ``0.142857142857``; else all the decimals) under a bar:
    ``0.8\\overline{3}``."""
    m = _REPEATING.search(s)
    if m is None:
        return s
    whole, decimals = m.group(1), m.group(2)
    for size in range(1, len(decimals) // 2 + 1):
        unit = decimals[-size:]
        if decimals.endswith(unit * 2):
            head = decimals[:-size]
            while head.endswith(unit):
                head = head[:-size]
            break
    else:
        head, unit = "", decimals
    return s[:m.start()] + f"{whole}.{head}\\overline{{{unit}}}"


_DEGREES_MINUTES = re.compile(r"(?<![0-9.])([0-9]+)\s*°\s*([0-9]+(?:\.[0-9]+)?)\s*'(?:\s*([0-9]+(?:\.[0-9]+)?)\s*'')?")


def _degrees_minutes(s: str) -> str:
    """An angle in degrees and minutes (and seconds), ``35°17'`` or ``35^\\circ 17'``, as degrees:
    ``\\frac{2117}{60}°``."""
    if "'" not in s or "°" not in s:
        return s

    def degrees(m: "re.Match[str]") -> str:
        value = Fraction(m.group(1)) + Fraction(m.group(2)) / 60 + Fraction(m.group(3) or 0) / 3600
        if value.denominator == 1:
            return f"{value.numerator}°"
        return f"\\frac{{{value.numerator}}}{{{value.denominator}}}°"

    return _DEGREES_MINUTES.sub(degrees, s)


_WITH_PROBABILITY = re.compile(
    r"\s*(?:\\text\s*\{\s*with\s+(?:a\s+)?probabilit(?:y|ies)(?:\s+of)?\s*\}|(?<![A-Za-z])with\s+probability(?:\s+of)?)\s*"
    r"(?:\\[dt]?frac\s*\{[^{}]*\}\s*\{[^{}]*\}|\\[dt]?frac[0-9]{2}|[0-9]+(?:[./][0-9]+)?\s*%?)", re.I)


def _probabilities(s: str) -> str:
    """"with probability p" attached to the outcomes of a list (``E_1 \\text{ with probability } \\frac{1}{3},
    \\text{ and } E_2 \\text{ with probability } \\frac{2}{3}``): dropped, leaving the outcomes."""
    if "probabilit" not in s.lower():
        return s
    return _WITH_PROBABILITY.sub("", s)


_PM_ITEM = re.compile(r"\\(?:pm|mp)\s*")
_ATOM = re.compile(r"(?:[0-9]+(?:\.[0-9]+)?|[A-Za-z]|\\sqrt\s*(?:\{[^{}]*\}|[0-9A-Za-z])|\\[dt]?frac\s*\{[^{}]*\}\s*\{[^{}]*\}"
                   r"|\\[A-Za-z]+)(?:\s*(?:\\sqrt\s*(?:\{[^{}]*\}|[0-9A-Za-z])|[A-Za-z]))*")
_MAX_PM_TUPLES = 16


def _pm_tuples(s: str) -> str:
    """Tuples whose entries carry ``\\pm`` (``(\\pm 1, 0, \\pm\\sqrt3)``): the list of every tuple they stand for,
    ``(1, 0, \\sqrt3), (1, 0, -\\sqrt3), (-1, 0, \\sqrt3), (-1, 0, -\\sqrt3)`` (at most 16; only entries that are
    ``\\pm`` an atom, so the sign's reach is plain)."""
    if "\\pm" not in s or not s.startswith("("):
        return s
    groups = _top_level_tuples(s)
    if groups is None:
        return s
    out: List[str] = []
    for items in groups:
        expanded = [[]]  # type: List[List[str]]
        for item in items:
            item = item.strip()
            m = _PM_ITEM.match(item)
            if m is None:
                expanded = [e + [item] for e in expanded]
                continue
            rest = item[m.end():]
            if not _ATOM.fullmatch(rest):
                return s
            signs = ("", "-") if item.startswith("\\pm") else ("-", "")
            expanded = [e + [sign + rest] for e in expanded for sign in signs]
        out.extend("(" + ", ".join(e) + ")" for e in expanded)
        if len(out) > _MAX_PM_TUPLES:
            return s
    return ", ".join(out)


def _top_level_tuples(s: str) -> Optional[List[List[str]]]:
    """The items of each tuple of ``s`` when ``s`` is only tuples joined by commas; else None."""
    groups: List[List[str]] = []
    depth, start, items = 0, 0, []  # type: int, int, List[str]
    for k, c in enumerate(s):
        if c in "({[":
            if depth == 0:
                if c != "(" or s[start:k].strip(" ,"):
                    return None
                start, items = k + 1, []
            depth += 1
        elif c in ")}]":
            depth -= 1
            if depth < 0:
                return None
            if depth == 0:
                items.append(s[start:k])
                groups.append(items)
                start = k + 1
        elif c == "," and depth == 1:
            items.append(s[start:k])
            start = k + 1
    if depth != 0 or s[start:].strip(" ,") or not groups:
        return None
    return groups


def _labels(s: str) -> str:
    """A list of labelled values (``A: 11, B: 9, C: 4``) as the parts it names (``A = 11, B = 9, C = 4``: compared
    in the order of the labels)."""
    if ":" not in s or "," not in s:
        return s
    items = s.split(",")
    if len(items) < 2 or not all(_LABEL.match(item) for item in items):
        return s
    return ",".join(_LABEL.sub(lambda m: m.group().replace(":", "="), item) for item in items)


def _trailing(s: str) -> str:
    """Trailing punctuation (a sentence's period, a stray comma) and surrounding space."""
    s = s.strip()
    while s and s[-1] in ".,;:" and not s.endswith("\\,"):
        s = s[:-1].rstrip()
    return s


REPAIRS: Tuple[Tuple[str, Callable[[str], str]], ...] = (
    ("control_chars", _control_chars),
    ("html_entities", _html_entities),
    ("html_tags", _html_tags),
    ("circled", _circled),
    ("unicode", _unicode),
    ("escapes", _escapes),
    ("math_delimiters", _math_delimiters),
    ("boxed", _boxed),
    ("colors", _colors),
    ("display", _display),
    ("tilde_units", _tilde_units),
    ("digit_groups", _digit_groups),
    ("bases", _bases),
    ("sizing", _sizing),
    ("spacing", _spacing),
    ("spellings", _spellings),
    ("upright_units", _upright_units),
    ("fonts", _fonts),
    ("degrees_primes", _degrees_primes),
    ("degrees_minutes", _degrees_minutes),
    ("frac_digit_args", _frac_digit_args),
    ("units", _units),
    ("repeating", _repeating),
    ("probabilities", _probabilities),
    ("pm_tuples", _pm_tuples),
    ("parameter_domain", _parameter_domain),
    ("annotations", _annotations),
    ("labels", _labels),
    ("trailing", _trailing),
)
"""The repairs in the order they run: (name, function)."""


def normalize(text: str) -> str:
    """Apply every repair of :data:`REPAIRS` in order."""
    return normalize_steps(text)[-1]


def normalize_steps(text: str) -> List[str]:
    """The text after each repair of :data:`REPAIRS`, starting with ``text`` itself and ending with the normalized
    text (for :func:`input_offset`)."""
    steps = [text]
    for _name, fn in REPAIRS:
        text = fn(text)
        if text != steps[-1]:
            steps.append(text)
    stripped = text.strip()
    if stripped != text:
        steps.append(stripped)
    return steps


_MAX_ALIGNED = 250_000
"""Largest product of the lengths of the two changed middles that :func:`input_offset` aligns character by character;
past it an offset is mapped in proportion (the middle of a long answer that a repair rewrote throughout)."""


def input_offset(steps: Sequence[str], pos: int) -> int:
    """The offset in ``steps[0]`` (the input) of the character at offset ``pos`` of ``steps[-1]`` (the normalized
    text; ``pos`` may be its length, the end). A character that a repair put in place of others maps to where
    they began (the ``\\frac`` of ``\\dfrac``)."""
    for before, after in zip(reversed(steps[:-1]), reversed(steps[1:])):
        pos = _offset_before(before, after, pos)
    return pos


def _offset_before(before: str, after: str, pos: int) -> int:
    """Where the character at ``pos`` of ``after`` came from in ``before`` (one repair)."""
    head = len(commonprefix([before, after]))
    if pos < head:
        return pos
    tail = len(commonprefix([before[head:][::-1], after[head:][::-1]]))
    if pos >= len(after) - tail:
        return pos - len(after) + len(before)
    old, new = before[head:len(before) - tail], after[head:len(after) - tail]
    rel = pos - head
    if len(old) * len(new) > _MAX_ALIGNED:
        return head + rel * len(old) // len(new)
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if j1 <= rel < j2:
            return head + (i1 + rel - j1 if tag == "equal" else i1)
    return head + len(old)


def strip_text_wrappers(s: str) -> str:
    """``\\text{abc} d`` -> ``abc d`` (for the text value of an answer that is words)."""
    prev = None
    while prev != s:
        prev = s
        s = re.sub(r"\\text\s*\{([^{}]*)\}", r"\1", s)
    return s
