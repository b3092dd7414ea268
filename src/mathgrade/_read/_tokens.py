"""The tokenizer: plain functions over ``(src, pos)`` that turn a normalized answer into a list of tokens.

Token kinds:

- ``num``: a numeral; ``value`` is ``(Fraction, places)`` (places as in :class:`mathgrade.values.Number`).
- ``ident``: one letter (``xy`` is two tokens).
- ``cmd``: a command, ``text`` without the backslash (``frac``, ``pi``, ``sin``, ``lfloor``).
- ``op``: an operator or bracket, canonical spelling (``\\cdot`` -> ``*``, ``\\le`` -> ``<=``, ``\\{`` -> ``\\{``,
  ``\\pm`` -> ``pm``, ``\\cup`` -> ``cup``, ``\\\\`` -> ``rowsep``, ``\\text{ or }`` -> ``,``).
- ``word``: English words (``\\text{Evelyn}``, ``no solution``): the answer is text, not math.
- ``begin`` / ``end``: an environment, ``text`` is its name.
- ``eof``: the end.

Errors raise :class:`ParseFailure` with the position and what was wrong.
"""

from __future__ import annotations

from fractions import Fraction
from typing import List, NamedTuple, Optional, Tuple

from ..limits import MAX_DIGITS
from ._normalize import UNIT_WORDS, is_unit_phrase

__all__ = ["Token", "ParseFailure", "tokenize", "safe_int", "ALIGNMENT_ENVS"]


class Token(NamedTuple):
    kind: str
    text: str
    pos: int
    space: bool = False
    value: Optional[Tuple[Fraction, Optional[int]]] = None


class ParseFailure(Exception):
    """A reading error: ``pos`` (offset in the normalized text), ``message``, whether the input is words, and the
    ``context``: what the error is about and where that is (``("'(' opened", 6)``), if it is elsewhere."""

    def __init__(self, pos: int, message: str, words: bool = False,
                 context: Optional[Tuple[str, int]] = None) -> None:
        super().__init__(f"{message} at position {pos}")
        self.pos = pos
        self.message = message
        self.words = words
        self.context = context


_CMD_OPS = {
    "cdot": "*", "times": "*", "ast": "*", "div": "/", "le": "<=", "leq": "<=", "ge": ">=", "geq": ">=",
    "lt": "<", "gt": ">", "ne": "!=", "neq": "!=", "approx": "approx", "pm": "pm", "mp": "mp", "cup": "cup",
    "cap": "cap", "in": "in", "choose": "choose", "{": "\\{", "}": "\\}", "\\": "rowsep", "%": "%",
    "langle": "langle", "rangle": "rangle", "lbrace": "\\{", "rbrace": "\\}", "colon": ":", "cr": "rowsep",
    "equiv": "=", "simeq": "approx", "sim": "approx", "setminus": "setminus", "backslash": "setminus",
    "cdotp": "*", "land": "and", "wedge": "and", "lor": ",", "vee": ",", "Rightarrow": "=>", "implies": "=>",
    "to": "to", "rightarrow": "to",
}
_SINGLE_OPS = "+-*/^_!'=<>,;&|()[]{}%°:"
_TWO_CHAR_OPS = {"<=": "<=", ">=": ">=", "!=": "!=", "=<": "<=", "=>": ">=", "**": "^"}

_NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000,
}
_PLAIN_FUNCS = frozenset("sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh log ln exp sqrt gcd lcm "
                         "abs floor ceil max min".split())
_PLAIN_CONSTS = {"pi": "pi", "inf": "infty", "infty": "infty", "infinity": "infty", "oo": "infty"}
_PROGRAM_CALLS = {
    "factorial": "factorial", "binomial": "binomial", "ceiling": "ceil", "Abs": "abs", "Rational": "Rational",
    "Eq": "Eq", "Ne": "Ne", "Lt": "Lt", "Le": "Le", "Gt": "Gt", "Ge": "Ge",
}
"""Functions of programming languages (SymPy, Python) written as calls, ``factorial(n)``, ``Eq(a, b)``: the command
each one reads as (only when ``(`` follows)."""
_SHORT_WORDS = frozenset("no yes all any odd not the none are is for with if when where real set of".split())
_DIGIT_ARG_CMDS = {"frac": 2, "binom": 2, "sqrt": 1}
_DIGITS = frozenset("0123456789")
ALIGNMENT_ENVS = frozenset("aligned align gathered gather split eqnarray alignat".split())
"""Environments whose ``&`` only aligns (``x &= 2`` is ``x = 2``): their marks are not tokens."""


_INT_CHUNK = 600
"""Digits converted by one ``int()``: under Python's int/str conversion limit at its least setting (640), which is
the host program's to choose (mathgrade never changes it)."""


def safe_int(digits: str) -> int:
    """``int(digits)`` for a string of decimal digits of any length, whatever the int/str conversion limit."""
    if len(digits) <= _INT_CHUNK:
        return int(digits)
    value = 0
    for k in range(0, len(digits), _INT_CHUNK):
        chunk = digits[k:k + _INT_CHUNK]
        value = value * 10 ** len(chunk) + int(chunk)
    return value


def tokenize(src: str) -> List[Token]:
    """All tokens of ``src``, ending with an ``eof`` token."""
    out: List[Token] = []
    _tokenize_into(src, 0, len(src), out, 0)
    out.append(Token("eof", "", len(src), False))
    return _without_alignment_marks(out) if "&" in src else out


def _without_alignment_marks(tokens: List[Token]) -> List[Token]:
    """``tokens`` without the ``&`` directly inside an environment of :data:`ALIGNMENT_ENVS`."""
    envs: List[str] = []
    out = []
    for tok in tokens:
        if tok.kind == "begin":
            envs.append(tok.text)
        elif tok.kind == "end" and envs:
            envs.pop()
        elif tok.kind == "op" and tok.text == "&" and envs and envs[-1] in ALIGNMENT_ENVS:
            continue
        out.append(tok)
    return out


def _tokenize_into(src: str, pos: int, end: int, out: List[Token], offset: int) -> None:
    space = False
    digit_args = 0  # after \frac, \binom, \sqrt: a run of digits gives one digit per argument (\frac12)
    while pos < end:
        ch = src[pos]
        if ch.isspace():
            pos += 1
            space = True
            continue
        start = pos
        if ch in _DIGITS or (ch == "." and pos + 1 < end and src[pos + 1] in _DIGITS):
            pos = _number(src, pos, end, out, space, digit_args, offset)
            digit_args = 0
        elif ch == "\\":
            pos, digit_args = _command(src, pos, end, out, space, offset)
        elif ch.isascii() and ch.isalpha():
            pos = _letters(src, pos, end, out, space, offset)
            digit_args = 0
        elif src.startswith(tuple(_TWO_CHAR_OPS), pos):
            out.append(Token("op", _TWO_CHAR_OPS[src[pos:pos + 2]], pos + offset, space))
            pos += 2
        elif ch in _SINGLE_OPS:
            out.append(Token("op", ch, pos + offset, space))
            pos += 1
            digit_args = 0
        else:
            raise ParseFailure(pos + offset, f"unexpected character {ch!r}")
        space = False if pos > start else space


def _number(src: str, pos: int, end: int, out: List[Token], space: bool, digit_args: int, offset: int) -> int:
    """A numeral: digits, a decimal part, a repeating part ``\\overline{3}``, an exponent ``e-4``."""
    start = pos
    while pos < end and src[pos] in _DIGITS:
        pos += 1
    int_digits = src[start:pos]
    if digit_args and pos - start > 1:  # \frac12 -> 1, 2 ; \sqrt32 -> 3, 2
        for k in range(min(digit_args, pos - start)):
            d = src[start + k]
            out.append(Token("num", d, start + k + offset, space and k == 0, (Fraction(int(d)), None)))
        rest = start + min(digit_args, pos - start)
        if rest < pos:
            return _number(src, rest, end, out, False, 0, offset)
        return pos
    frac_digits: Optional[str] = None
    repeat = ""
    if pos < end and src[pos] == "." and not src.startswith("...", pos):
        pos += 1
        f0 = pos
        while pos < end and src[pos] in _DIGITS:
            pos += 1
        frac_digits = src[f0:pos]
        rep = _repeating(src, pos, end)
        if rep is not None:
            repeat, pos = rep
    exp = 0
    if pos + 1 < end and src[pos] in "eE":
        k = pos + 1
        if k < end and src[k] in "+-":
            k += 1
        k0 = k
        while k < end and src[k] in _DIGITS:
            k += 1
        if k > k0 and not (k < end and src[k].isalpha()) and not repeat:
            exp_text = src[pos + 1:k]
            if len(exp_text.lstrip("+-")) > 6 or abs(int(exp_text)) > MAX_DIGITS:
                raise ParseFailure(start + offset, f"exponent of {src[start:k]!r} exceeds the limit of {MAX_DIGITS}")
            exp = int(exp_text)
            pos = k
    digits = int_digits + (frac_digits or "")
    if len(digits.lstrip("0")) > MAX_DIGITS or len(repeat) > MAX_DIGITS:
        raise ParseFailure(start + offset, f"numeral has more than {MAX_DIGITS} digits")
    value, places = _numeral_value(int_digits, frac_digits, repeat, exp)
    out.append(Token("num", src[start:pos], start + offset, space, (value, places)))
    return pos


def _repeating(src: str, pos: int, end: int) -> Optional[Tuple[str, int]]:
    """A repeating part right after a decimal: ``\\overline{3}``, ``\\overline3``, ``\\dot{3}``."""
    for cmd in ("\\overline", "\\dot"):
        if src.startswith(cmd, pos):
            k = pos + len(cmd)
            while k < end and src[k] == " ":
                k += 1
            if k < end and src[k] == "{":
                close = src.find("}", k)
                body = src[k + 1:close].strip() if close > 0 else ""
                if body and all(c in _DIGITS for c in body):
                    return body, close + 1
            elif k < end and src[k] in _DIGITS:
                return src[k], k + 1
    return None


def _numeral_value(int_digits: str, frac_digits: Optional[str], repeat: str, exp: int
                   ) -> Tuple[Fraction, Optional[int]]:
    """The exact value and written places of a numeral's parts."""
    frac_digits_s = frac_digits or ""
    base = safe_int((int_digits or "0") + frac_digits_s)
    value = Fraction(base, 10 ** len(frac_digits_s))
    places: Optional[int] = len(frac_digits_s) if frac_digits is not None else None
    if frac_digits == "" and not repeat:
        places = None  # "1." is the integer 1
    if repeat:
        value += Fraction(safe_int(repeat), 10 ** len(frac_digits_s) * (10 ** len(repeat) - 1))
        places = None
    if exp:
        value *= Fraction(10) ** exp
        places = (places or 0) - exp
    return value, places


def _command(src: str, pos: int, end: int, out: List[Token], space: bool, offset: int) -> Tuple[int, int]:
    """A backslash command; returns the new position and how many single-digit arguments follow."""
    start = pos
    pos += 1
    if pos >= end:
        raise ParseFailure(start + offset, "a lone backslash")
    if src[pos].isalpha():
        while pos < end and src[pos].isalpha():
            pos += 1
    else:
        pos += 1
    name = src[start + 1:pos]
    if name in (",", ";", ":", "!", " ", "quad", "qquad"):
        return pos, 0
    if name in _CMD_OPS:
        out.append(Token("op", _CMD_OPS[name], start + offset, space))
        return pos, 0
    if name == "text":
        return _text(src, pos, end, out, space, start, offset), 0
    if name in ("begin", "end"):
        return _environment(src, pos, end, out, space, start, name, offset), 0
    out.append(Token("cmd", name, start + offset, space))
    return pos, _DIGIT_ARG_CMDS.get(name, 0)


def _braced(src: str, pos: int, end: int, opener: int, offset: int, what: str) -> Tuple[str, int]:
    """The content of a balanced ``{...}`` starting at ``pos`` (after spaces), and the position after it."""
    while pos < end and src[pos] == " ":
        pos += 1
    if pos >= end or src[pos] != "{":
        raise ParseFailure(pos + offset, f"expected '{{' after '{what}'")
    depth, k = 0, pos
    while k < end:
        if src[k] == "{" and src[k - 1] != "\\":
            depth += 1
        elif src[k] == "}" and src[k - 1] != "\\":
            depth -= 1
            if depth == 0:
                return src[pos + 1:k], k + 1
        k += 1
    raise ParseFailure(end + offset, "expected '}' to close it, found the end",
                       context=(f"'{what}{{' opened", opener + offset))


def _text(src: str, pos: int, end: int, out: List[Token], space: bool, start: int, offset: int) -> int:
    """``\\text{...}``: a connective (``or``, ``and``) is a comma; a unit is dropped; math-like content (``(B)``,
    ``i``) is tokenized as math; anything else is a word token."""
    body, after = _braced(src, pos, end, start, offset, "\\text")
    word = " ".join(body.split()).strip(" ,.")
    lower = word.lower()
    if lower in ("or", "and", ",", "or,", "and,") or (not word and "," in body):
        out.append(Token("op", ",", start + offset, space))
    elif not word or is_unit_phrase(lower):
        pass
    elif lower in _NUMBER_WORDS:
        out.append(Token("num", word, start + offset, space, (Fraction(_NUMBER_WORDS[lower]), None)))
    elif not _has_word(word):
        _tokenize_into(body, 0, len(body), out, offset + pos + 1)
    else:
        out.append(Token("word", word, start + offset, space))
    return after


def _has_word(text: str) -> bool:
    run = 0
    for ch in text:
        run = run + 1 if ch.isalpha() else 0
        if run >= 2:
            return True
    return False


def _environment(src: str, pos: int, end: int, out: List[Token], space: bool, start: int, kind: str,
                 offset: int) -> int:
    """``\\begin{name}`` or ``\\end{name}`` (an ``array`` column spec is skipped)."""
    name, pos = _braced(src, pos, end, start, offset, "\\" + kind)
    name = name.strip().rstrip("*")
    out.append(Token(kind, name, start + offset, space))
    if kind == "begin" and name in ("array", "tabular"):
        _spec, pos = _braced(src, pos, end, start, offset, "\\begin{array}")
    return pos


def _joined_or(run: str, out: List[Token], space: bool) -> bool:
    """``or`` glued to the end of one formula and the first letter of the next (``1orW(x)``, ``1orx=2``): the run
    is ``or`` plus one letter, right after a number, a letter or a closing bracket. Words (``for``, ``order``,
    ``floor``) never qualify: their runs are longer or do not start with ``or``."""
    if len(run) != 3 or run[:2] != "or" or space or not out:
        return False
    prev = out[-1]
    return prev.kind in ("num", "ident") or (prev.kind == "op" and prev.text in (")", "]", "}"))


def _letters(src: str, pos: int, end: int, out: List[Token], space: bool, offset: int) -> int:
    """A run of letters: a known word (``and``, ``percent``, ``three``, ``sin``, ``pi``), an English word (four
    letters or more, not all capitals), or single-letter identifiers (``xy`` is ``x`` times ``y``)."""
    start = pos
    while pos < end and src[pos].isascii() and src[pos].isalpha():
        pos += 1
    run = src[start:pos]
    lower = run.lower()
    if len(run) == 1:
        out.append(Token("ident", run, start + offset, space))
    elif _joined_or(run, out, space):  # W(x)=1orW(x)=-1: "or" glued between two formulas
        out.append(Token("op", ",", start + offset, False))
        out.append(Token("ident", run[2], start + 2 + offset, False))
    elif lower in ("or", "and"):
        out.append(Token("op", ",", start + offset, space))
    elif lower in _NUMBER_WORDS:
        out.append(Token("num", run, start + offset, space, (Fraction(_NUMBER_WORDS[lower]), None)))
    elif run in _PROGRAM_CALLS and src.startswith("(", pos):
        out.append(Token("cmd", _PROGRAM_CALLS[run], start + offset, space))
    elif lower in _PLAIN_FUNCS and run.islower():
        out.append(Token("cmd", lower, start + offset, space))
    elif lower in _PLAIN_CONSTS and run.islower():
        out.append(Token("cmd", _PLAIN_CONSTS[lower], start + offset, space))
    elif lower in UNIT_WORDS and len(run) >= 3 and out and out[-1].kind in ("num", "op") and \
            out[-1].text not in ("(", "[", ",", "+", "-", "*", "/", "="):
        pass  # "12 apples", "5 cm^2" in the middle of an answer
    elif (lower in _SHORT_WORDS and not run.isupper()) or (len(run) >= 4 and not run.isupper()):
        out.append(Token("word", run, start + offset, space))
    else:
        for k, letter in enumerate(run):
            out.append(Token("ident", letter, start + k + offset, space and k == 0))
    return pos
