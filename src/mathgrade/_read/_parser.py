"""The Pratt parser: tokens -> a syntax tree of plain tuples (built into values by :mod:`._build`).

Top-down operator precedence, as the technique is usually shown: every operator token is registered once, with its
left binding power and the handler that builds its tree from the operand on its left (:data:`_OPERATORS`, filled by
the ``@_operator`` lines below the parser); every token that can start an expression has a handler too
(:data:`_PREFIX` for operator tokens, :data:`_ATOMS` for numbers, letters, commands and environments). The loop in
:meth:`_Parser.expression` reads a start, then hands the tree to each following operator that binds tighter than
its caller. Two atoms side by side multiply (:data:`_JUXTAPOSITION`). Adding an operator is one registration and, if
it needs a new tree shape, one case in :mod:`._build`. The parser reads its token list and never changes it.

Syntax tree shapes (a superset of :data:`mathgrade.values.Node`)::

    ("num", Fraction, places)          a numeral as written (places: see Number)
    ("sym", name) ("const", c)
    ("add", a, ...) ("mul", a, ...) ("neg", a) ("div", a, b) ("pow", a, b) ("func", name, a, ...)
    ("pm", a | None, b, pos) ("mp", a | None, b, pos)    a ± b; ± b
    ("percent", a) ("deg", a)
    ("list", items, pos)               a bare list: 2, 3  /  x=2 or x=3
    ("tuple", items, open, close, pos) (a, b, ...), [a, b, ...], \\langle a, b \\rangle
    ("set", items, pos)                \\{a, b\\}, \\emptyset
    ("setop", op, a, b, pos)           a \\cup b, a \\cap b, a \\setminus b
    ("rel", sides, ops, pos)           a = b, 1 < x <= 3
    ("in", a, b, pos)                  x \\in S
    ("ratio", a, b, pos)               a : b (a / b; an error when b is 0, e.g. the time 12:00)
    ("matrix", rows, env, pos)

The nodes that the builder may reject (the structures, ratios and ±) end with ``pos``, the offset of the token they
start at, so that an error such as "a tuple inside arithmetic" points at the tuple.
"""

from __future__ import annotations

import re

from fractions import Fraction
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple

from ..limits import MAX_DEPTH, MAX_MATRIX_CELLS
from ._tokens import _PLAIN_FUNCS, _PROGRAM_CALLS, ALIGNMENT_ENVS, ParseFailure, Token, safe_int

__all__ = ["parse", "POSITIONED"]

Tree = Any  # a tuple tree, see the module docstring

POSITIONED = frozenset({"pm", "mp", "list", "tuple", "set", "setop", "rel", "in", "ratio", "matrix"})
"""The heads of the nodes whose last item is the position of their first token."""

# ---- binding powers, loosest first (the reason for each, by example) ---------------------------------------------
_CHOOSE_BP = 5  # {n+1 \\choose k}: takes whole sums on both sides
_RELATION_BP = 10  # x + 1 = 2 relates two sums; 1 < x <= 3 chains; x \\in A \\cup B
_SET_BP = 20  # A \\cup B: between relations and arithmetic
_SUM_BP = 30  # + - \\pm \\mp
_SERIES_BODY_BP = 35  # the body of \\sum takes products, not sums: \\sum_k k + 1 is (\\sum_k k) + 1
_PRODUCT_BP = 40  # * / : (a ratio)
_PREFIX_BP = 41  # unary minus / plus / ±: -2x is -(2x); -x^2 is -(x^2). Also where the argument of a function
#                  written without brackets stops: \\sin 2x is sin(2x), \\sin x/2 is sin(x)/2
_IMPLICIT_BP = 42  # 2x, 2\\pi r, 3(x+1); binds tighter than / so 2\\pi/\\omega is (2π)/ω
_SCRIPT_BP = 59  # an exponent without braces: one atom and its postfixes (plain text 2^10, x^-1)
_POWER_BP = 60  # ^: right associative, its right side is read at _SCRIPT_BP
_POSTFIX_BP = 70  # ! % ° ': bind tightest (2x! is 2(x!))

Led = Callable[["_Parser", Token, Tree], Tree]
"""An operator's handler: the parser (past the operator), the operator token, the tree on its left → the tree."""
Nud = Callable[["_Parser", Token], Tree]
"""A start's handler: the parser (past the token), the token → the tree it starts."""


class _Operator(NamedTuple):
    lbp: int
    """Left binding power: how tightly the operator holds the operand on its left."""
    led: Led


_OPERATORS: Dict[str, _Operator] = {}
"""Operator token → its binding power and handler (filled by :func:`_operator` below the parser)."""
_PREFIX: Dict[str, Nud] = {}
"""Operator token that starts an expression (``-x``, ``(a, b)``, ``|x|``) → its handler (see :func:`_prefix`)."""
_ATOMS: Dict[str, Nud] = {}
"""Token kind (``num``, ``ident``, ``cmd``, ``begin``) → the handler of the atom it starts (filled below the parser)."""


def _operator(lbp: int, *ops: str) -> Callable[[Led], Led]:
    """Register a handler for the operators ``ops``, which bind with ``lbp``."""
    def register(led: Led) -> Led:
        for op in ops:
            _OPERATORS[op] = _Operator(lbp, led)
        return led
    return register


def _prefix(*ops: str) -> Callable[[Nud], Nud]:
    """Register a handler for the operator tokens ``ops`` where they start an expression."""
    def register(nud: Nud) -> Nud:
        for op in ops:
            _PREFIX[op] = nud
        return nud
    return register


def _juxtaposed(p: "_Parser", tok: Token, left: Tree) -> Tree:
    return _mul(left, p.expression(_IMPLICIT_BP))


_JUXTAPOSITION = _Operator(_IMPLICIT_BP, _juxtaposed)
"""Two atoms side by side (``2x``, ``3(x+1)``): a product; the token after the left atom starts the right one."""


_OPENERS = frozenset({"(", "[", "{", "\\{", "langle"})
"""Brackets that, right after an atom, multiply it: ``2(x+1)``, ``x[1, 2]``."""
_CLOSING_COMMANDS = frozenset({"rfloor", "rceil", "right"})
_ENDS_FUNCTION_ARGUMENT = frozenset({"sqrt", "frac"})
"""Commands (besides functions) that end the argument of a function written without brackets: ``\\sin x \\sqrt 2``."""

_CLOSERS = {"(": ")", "[": "]", "\\{": "\\}", "{": "}", "langle": "rangle", "|": "|"}

_GREEK = frozenset(
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi omicron rho "
    "varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi "
    "Psi Omega hbar ell".split()
)
_FUNCS = {
    "sin": "sin", "cos": "cos", "tan": "tan", "cot": "cot", "sec": "sec", "csc": "csc", "cosec": "csc",
    "arcsin": "asin", "arccos": "acos", "arctan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh",
    "log": "log", "ln": "log", "lg": "log10", "exp": "exp", "gcd": "gcd", "lcm": "lcm", "max": "max", "min": "min",
    "Re": "re", "Im": "im", "arg": "arg", "abs": "abs", "floor": "floor", "ceil": "ceil", "det": "det",
    "factorial": "factorial", "binomial": "binom",
}
_INVERSE = {"sin": "asin", "cos": "acos", "tan": "atan"}
_PROGRAM_RELATIONS = {"Eq": "=", "Ne": "!=", "Lt": "<", "Le": "<=", "Gt": ">", "Ge": ">="}
"""SymPy's relations written as calls (``Eq(a, b)``), see the tokenizer's program calls."""
FUNCTION_NAMES = frozenset(_FUNCS) | _PLAIN_FUNCS | frozenset(
    name for name, command in _PROGRAM_CALLS.items() if command not in _PROGRAM_RELATIONS) | frozenset(
    "lceil lfloor choose binom".split())
"""Every name the reader evaluates as a function of its arguments, as a LaTeX command or a word before ``(``
(``\\gcd``, ``max(1, 42)``, ``\\lceil``, ``{5 \\choose 2}``, ``factorial(5)``): an answer that holds one and equals a
plain number leaves arithmetic undone (:func:`mathgrade._forms.unfinished_arithmetic`)."""
_DECORATIONS = frozenset("dot ddot hat bar vec tilde overline widehat widetilde overrightarrow mathring".split())
_FUNC_LETTERS = frozenset("fghFGHIPQNu")  # f(x) is a name, not f times x
_MAX_NAMED_ARGS = 8  # E(2020, 1993) = 76: the most arguments of a named value
_MATRIX_ENVS = frozenset("pmatrix bmatrix Bmatrix vmatrix Vmatrix matrix smallmatrix array".split())
_LIST_ENVS = ALIGNMENT_ENVS | {"cases"}
_CONSTS = {"pi": ("const", "pi"), "infty": ("const", "oo"), "infinity": ("const", "oo")}
_NOT_NAMES = frozenset(
    "ldots cdots dots vdots ddots dotsc dotsb therefore because forall exists nexists neg lnot not int iint oint lim "
    "limsup liminf sup inf nabla partial to mapsto rightarrow leftarrow leftrightarrow Leftarrow Leftrightarrow iff "
    "subset subseteq supset supseteq notin ni perp parallel propto cong sim prime degree circ bullet star dagger "
    "qed square blacksquare box checkmark hline newline linebreak label tag nonumber notag item ref cite end begin "
    "frac sqrt binom text mathbb mathcal mathfrak overline underline hat vec bar tilde dot ddot lbrack rbrack "
    "lparen rparen lvert rvert lVert rVert Vert vert mod bmod pmod pod deg dim ker hom Pr det arcsec arccsc arccot "
    "coth sech csch arsinh arcosh artanh sgn sign erf li Li si Si color textcolor cancel boxed fbox big Big bigg Bigg "
    "left right middle displaystyle limits nolimits over atop cr hfill vfill quad qquad relax phantom "
    "hphantom vphantom smash displaylines".split()
)
"""Commands that never name a quantity, so an unknown one of them stays a reading error (see ``command``): layout,
brackets, logic, arrows, operators and functions we do not read. Names beginning with ``text``, ``math``,
``operator``, ``display`` and names with ``space`` or ``break`` in them are never names either."""


def _names_a_quantity(name: str) -> bool:
    """True for an unknown command that may stand for a quantity (``\\zzz``): ASCII letters only, not in
    :data:`_NOT_NAMES`, not a text, font, spacing or layout command."""
    return (name.isascii() and name.isalpha() and name not in _NOT_NAMES
            and not name.startswith(("text", "math", "operator", "display", "script", "begin", "end"))
            and "space" not in name and "break" not in name)

_FRAC_BRACED = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_FRAC_DIGITS = re.compile(r"\\[dt]?frac\s*([0-9A-Za-z])\s*([0-9A-Za-z])")


def _argument_text(text: str) -> str:
    """The argument of a function value as one spelling (``g(\\tfrac12)`` and ``g(\\frac{1}{2})`` are one name):
    fractions as ``(a)/(b)``, without spaces or braces."""
    text = "".join(text.split())
    if "frac" in text:
        text = _FRAC_DIGITS.sub(r"(\1)/(\2)", _FRAC_BRACED.sub(r"(\1)/(\2)", text))
    return text.replace("{", "").replace("}", "") if "\\" not in text.replace("\\cdot", "") else text


def _real_line(pos: int) -> Tree:
    """The real numbers (``\\mathbb{R}``) as the interval (-∞, ∞)."""
    return ("tuple", (("neg", ("const", "oo")), ("const", "oo")), "(", ")", pos)


def parse(tokens: List[Token], src: str) -> Tree:
    """Parse a whole answer: a comma-separated list of items (one item is returned as itself)."""
    return _Parser(tokens, src).parse_answer()


class _Parser:
    """Recursive descent for structures, the Pratt loop for operators. ``i`` indexes the current token."""

    def __init__(self, tokens: List[Token], src: str) -> None:
        self.toks = tokens
        self.src = src
        self.i = 0
        self.depth = 0
        self.in_bars = False

    # ---- token helpers --------------------------------------------------------------------------------------
    def peek(self, k: int = 0) -> Token:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else self.toks[-1]

    def advance(self) -> Token:
        tok = self.toks[self.i]
        if tok.kind != "eof":
            self.i += 1
        return tok

    def at_op(self, text: str) -> bool:
        tok = self.toks[self.i]
        return tok.kind == "op" and tok.text == text

    def expect_op(self, text: str, opener: Token) -> Token:
        """Consume the closing ``text`` or fail, naming the opener and where it was opened."""
        tok = self.peek()
        if tok.kind == "op" and tok.text == text:
            return self.advance()
        shown = opener.text if opener.kind == "op" else "\\" + opener.text
        found = "the end" if tok.kind == "eof" else repr(tok.text)
        raise ParseFailure(tok.pos, f"expected '{_show(text)}' to close it, found {found}",
                           context=(f"'{_show(shown)}' opened", opener.pos))

    def fail(self, tok: Token, message: Optional[str] = None) -> ParseFailure:
        if tok.kind == "word":
            return ParseFailure(tok.pos, f"words ({tok.text!r})", words=True)
        if message is None:
            message = "unexpected end" if tok.kind == "eof" else f"unexpected {_describe(tok)}"
        return ParseFailure(tok.pos, message)

    # ---- lists and the answer ---------------------------------------------------------------------------------
    def parse_answer(self) -> Tree:
        pos = self.peek().pos
        items = self.parse_items(("eof",))
        tok = self.peek()
        if tok.kind != "eof":
            raise self.fail(tok)
        return items[0] if len(items) == 1 else ("list", tuple(items), pos)

    def parse_items(self, closers: Tuple[str, ...], allow_empty: bool = False) -> List[Tree]:
        """Items separated by ``,`` or ``;`` until one of ``closers`` (not consumed)."""
        items: List[Tree] = []
        if allow_empty and self._at_closer(closers):
            return items
        while True:
            while self.at_op(",") or self.at_op(";"):  # stray separators: "x=2, or x=3"
                self.advance()
            items.append(self.expression(0))
            if (self.at_op(",") or self.at_op(";") or self.at_op("rowsep")) and not self._sep_then_closer(closers):
                self.advance()
                continue
            while self.at_op(",") or self.at_op(";") or self.at_op("rowsep"):
                self.advance()  # a trailing separator
            return items

    def _at_closer(self, closers: Tuple[str, ...]) -> bool:
        tok = self.peek()
        return tok.kind == "eof" if closers == ("eof",) else (tok.kind == "op" and tok.text in closers)

    def _sep_then_closer(self, closers: Tuple[str, ...]) -> bool:
        k = 0
        while self.peek(k).kind == "op" and self.peek(k).text in (",", ";", "rowsep"):
            k += 1
        tok = self.peek(k)
        return tok.kind == "eof" or (tok.kind == "op" and tok.text in closers)

    # ---- the Pratt loop ---------------------------------------------------------------------------------------
    def expression(self, rbp: int, *, function_argument: bool = False) -> Tree:
        """An expression whose operators bind tighter than ``rbp``: a start (nud), then each operator (led) while
        it binds tighter. ``function_argument``: the argument of a function written without brackets, which ends
        before another function (``\\sin x \\cos x`` is sin(x)·cos(x))."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ParseFailure(self.peek().pos, f"nesting deeper than the limit of {MAX_DEPTH}")
        left = self.nud(self.advance())
        while True:
            tok = self.peek()
            op = self.operator(tok, left, function_argument)
            if op is None or op.lbp <= rbp:
                break
            if op is not _JUXTAPOSITION:
                self.advance()
            left = op.led(self, tok, left)
        self.depth -= 1
        return left

    def nud(self, tok: Token) -> Tree:
        """The tree that ``tok`` starts: an atom, a bracket, or a prefix operator with its operand."""
        start = _PREFIX.get(tok.text) if tok.kind == "op" else _ATOMS.get(tok.kind)
        if start is None:
            raise self.fail(tok)
        return start(self, tok)

    def operator(self, tok: Token, left: Tree, function_argument: bool) -> Optional[_Operator]:
        """The operator that ``tok`` is when it follows the operand ``left``, or None when it ends the expression."""
        if tok.kind == "op":
            op = _OPERATORS.get(tok.text)
            if op is not None:
                return op
            if tok.text in _OPENERS or (tok.text == "|" and not self.in_bars):
                return _JUXTAPOSITION  # 2(x+1), 2|x|
            return None
        if tok.kind in ("ident", "begin"):
            return _JUXTAPOSITION
        if tok.kind == "cmd":
            if tok.text in _CLOSING_COMMANDS:
                return None
            if function_argument and (tok.text in _FUNCS or tok.text in _ENDS_FUNCTION_ARGUMENT):
                return None
            return _JUXTAPOSITION
        if tok.kind == "word":
            raise self.fail(tok)
        if tok.kind == "num":
            before = self.toks[self.i - 1]
            if before.kind == "op" and before.text == ")":
                return _JUXTAPOSITION  # (n-2) 2^n
            if _ends_in_power(left) and self.peek(1).kind == "op" and self.peek(1).text == "^":
                return _JUXTAPOSITION  # powers side by side: 2^6 3^5, 2^{k} 2^{-n}
        return None  # otherwise numbers never multiply implicitly from the right ("2 3" is not 6); eof

    def script(self) -> Tree:
        """The exponent after ``^``: a braced group, or one atom (plain text ``2^10``, ``x^-1`` too)."""
        tok = self.peek()
        if tok.kind == "op" and tok.text == "{":
            return self.group(self.advance())
        return self.expression(_SCRIPT_BP)

    # ---- atoms ------------------------------------------------------------------------------------------------
    def number(self, tok: Token) -> Tree:
        node = _numeral(tok)
        value, places = node[1], node[2]
        if places is None and value.denominator == 1 and tok.text.isdigit():
            mixed = self.mixed_fraction(value)
            if mixed is not None:
                return mixed
            if self.at_op("_"):  # 52_8: a numeral in base 8
                return self.base_numeral(tok)
        return node

    def mixed_fraction(self, whole: Fraction) -> Optional[Tree]:
        """``2\\frac12``, ``1\\frac{4}{5}``, ``2 1/2``: a whole number and a proper fraction of whole numbers."""
        tok = self.peek()
        if tok.kind == "cmd" and tok.text == "frac":
            j = self.i + 1
            num, j = self._int_arg(j)
            den, j = self._int_arg(j) if num is not None else (None, j)
            if num is not None and den is not None and 0 < num < den:
                self.i = j
                return ("num", whole + Fraction(num, den), None)
        slash, den_tok, after = self.peek(1), self.peek(2), self.peek(3)
        if (tok.kind == "num" and tok.space and tok.text.isdigit() and slash.kind == "op" and slash.text == "/"
                and den_tok.kind == "num" and den_tok.text.isdigit()
                and not (after.kind == "op" and after.text in ("^", "!", "_"))):
            num, den = safe_int(tok.text), safe_int(den_tok.text)
            if 0 < num < den:
                self.i += 3
                return ("num", whole + Fraction(num, den), None)
        return None

    def _int_arg(self, j: int) -> Tuple[Optional[int], int]:
        """A whole-number argument at token ``j``: ``{12}`` or a digit token. (value, next index)."""
        toks = self.toks
        if j < len(toks) and toks[j].kind == "num" and toks[j].text.isdigit():
            return safe_int(toks[j].text), j + 1
        if (j + 2 < len(toks) and toks[j].kind == "op" and toks[j].text == "{" and toks[j + 1].kind == "num"
                and toks[j + 1].text.isdigit() and toks[j + 2].kind == "op" and toks[j + 2].text == "}"):
            return safe_int(toks[j + 1].text), j + 3
        return None, j

    def base_numeral(self, tok: Token) -> Tree:
        self.advance()  # _
        base_text = self.subscript_text()
        if base_text.startswith("(") and base_text.endswith(")"):
            base_text = base_text[1:-1]  # 1011_{(2)}
        if not (base_text.isascii() and base_text.isdigit() and len(base_text) <= 2) or not 2 <= int(base_text) <= 36:
            raise ParseFailure(tok.pos, f"a numeral with subscript {base_text!r} (not a base from 2 to 36)")
        try:
            return ("num", Fraction(int(tok.text, int(base_text))), None)
        except ValueError:
            raise ParseFailure(tok.pos, f"{tok.text!r} is not a numeral in base {base_text}") from None

    def identifier(self, tok: Token) -> Tree:
        """A letter: a name with subscripts and primes, ``e`` or ``i``, or a function name such as ``f(x)``."""
        name = tok.text
        if name in _FUNC_LETTERS and self.at_op("(") and not self.peek().space:
            return self.applied_name(name)
        name = self.name_suffixes(name)
        if name in ("e", "i") and not (self.at_op("(") and self.defines_function()):
            return ("const", name)  # i(2-i) is a product; i(t) = ... defines a function
        if (name in _FUNC_LETTERS or self.defines_function()) and self.at_op("(") and not self.peek().space:
            return self.applied_name(name)  # f'(x), x(t) = ...
        return ("sym", name)

    def defines_function(self) -> bool:
        """``x(t) = ...``, ``\\omega(r) = ...``, ``E(2020, 1993) = ...``: a name applied to one variable, or to
        several variables or numbers (a tuple could not be a factor), left of ``=``: it names the right side."""
        toks = self.toks[self.i:self.i + 2 * _MAX_NAMED_ARGS + 2]
        if len(toks) < 4 or not (toks[0].kind == "op" and toks[0].text == "(" and not toks[0].space):
            return False
        for k in range(1, len(toks) - 2, 2):
            sep = toks[k + 1]
            if toks[k].kind not in ("ident", "num") or sep.kind != "op" or sep.text not in (",", ")"):
                return False
            if sep.text == ")":
                single_number = k == 1 and toks[k].kind == "num"  # x(3) = 6 is x times 3
                return not single_number and toks[k + 2].kind == "op" and toks[k + 2].text == "="
        return False

    def name_suffixes(self, name: str) -> str:
        """Subscripts and primes that are part of a name: ``a_1``, ``v_{0}``, ``x'``, ``f''``."""
        if self.at_op("_"):
            self.advance()
            name = f"{name}_{self.subscript_text()}"
        while self.at_op("'"):
            self.advance()
            name += "'"
        return name

    def subscript_text(self) -> str:
        """The text of a subscript (``_1``, ``_{10}``, ``_{\\max}``, ``_{\\text{red}}``), without spaces or TeX."""
        tok = self.advance()
        if tok.kind == "op" and tok.text == "{":
            start, depth = tok.pos + 1, 1
            while True:
                t = self.advance()
                if t.kind == "eof":
                    raise ParseFailure(t.pos, "expected '}' to close it, found the end", context=("'{' opened", tok.pos))
                if t.kind == "op" and t.text == "{":
                    depth += 1
                elif t.kind == "op" and t.text == "}":
                    depth -= 1
                    if depth == 0:
                        raw = self.src[start:t.pos]
                        break
        elif tok.kind in ("num", "ident", "cmd", "word"):
            raw = tok.text
        else:
            raise self.fail(tok, f"unexpected {_describe(tok)} in a subscript")
        text = raw.replace("\\text", "").replace("\\mathrm", "").replace("\\", "")
        return "".join(ch for ch in text if ch not in "{} ")

    def applied_name(self, name: str) -> Tree:
        """``f(x)``, ``g(n)``, ``I(0)``: a function value kept as one name (its source text)."""
        opener = self.advance()
        self.nested_items(opener, (")",))
        close = self.expect_op(")", opener)
        inner = _argument_text(self.src[opener.pos + 1:close.pos])
        return ("sym", f"{name}({inner})")

    def command(self, tok: Token) -> Tree:
        """A backslash command in atom position: constants, Greek letters, functions, ``\\frac``, ``\\sqrt``, ..."""
        name = tok.text
        if name in _CONSTS:
            return _CONSTS[name]
        if name == "emptyset":
            return ("set", (), tok.pos)
        if name == "Gamma" and self.at_op("(") and not self.peek().space:
            opener = self.advance()
            args = self.nested_items(opener, (")",))
            self.expect_op(")", opener)
            return ("func", "gamma") + tuple(args)
        if name in _GREEK:
            greek = self.name_suffixes(name[3:] if name.startswith("var") else name)
            if self.defines_function():
                return self.applied_name(greek)
            return ("sym", greek)
        if name in _FUNCS:
            return self.function(tok)
        if name in _PROGRAM_RELATIONS or name == "Rational":
            return self.program_call(tok)
        if name == "frac":
            num = self.argument(tok)
            den = self.argument(tok)
            return ("div", num, den)
        if name == "sqrt":
            return self.sqrt(tok)
        if name == "binom":
            return ("func", "binom", self.argument(tok), self.argument(tok))
        if name in ("lfloor", "lceil"):
            inner = self.nested_expr(tok, ("r" + name[1:],), cmd_closer=True)
            return ("func", name[1:], inner)
        if name in _DECORATIONS:
            inner = self.argument(tok)
            if inner[0] != "sym" and not (inner[0] == "const" and inner[1] in "ei"):
                raise ParseFailure(tok.pos, f"'\\{name}' over something that is not a name")
            return ("sym", self.name_suffixes(f"{name}({inner[1]})"))
        if name in ("mathbb", "R", "Bbb"):
            letter = self.argument(tok) if name != "R" else ("sym", "R")
            if letter == ("sym", "R"):
                return _real_line(tok.pos)
            raise ParseFailure(tok.pos, "a number set other than the real numbers")
        if name in ("angle", "triangle", "partial"):
            return ("sym", name)
        if name in ("sum", "prod"):
            return self.series(tok)
        if name in ("odot", "circ"):
            raise ParseFailure(tok.pos, f"unexpected '\\{name}'")
        if _names_a_quantity(name) and not (self.at_op("{") or self.at_op("[")):
            return ("sym", name)  # an unknown command without arguments (\zzz) names something
        raise ParseFailure(tok.pos, f"unknown command '\\{name}'")

    def series(self, tok: Token) -> Tree:
        """``\\sum_{k=0}^{n} body`` and ``\\prod``: ``("func", "sum" | "prod", body, ("sym", k), lo, hi)``. The body
        binds tighter than ``+`` (``\\sum_k k + 1`` is ``(\\sum_k k) + 1``) and takes products (``F_k F_{n-k}``)."""
        lower: Optional[Tree] = None
        upper: Optional[Tree] = None
        for _ in range(2):
            if self.at_op("_") and lower is None:
                self.advance()
                lower = self.script()
            elif self.at_op("^") and upper is None:
                self.advance()
                upper = self.script()
        if (lower is None or upper is None or lower[0] != "rel" or len(lower[1]) != 2 or lower[2] != ("=",)
                or lower[1][0][0] not in ("sym", "const") or lower[1][0][1] in ("pi", "oo")):
            raise ParseFailure(tok.pos, f"'\\{tok.text}' without bounds written as _{{k=a}}^{{b}}")
        var = lower[1][0][1]
        body = self.expression(_SERIES_BODY_BP)
        if var in ("e", "i"):
            body = _rename_constant(body, var)
        return ("func", tok.text, body, ("sym", var), lower[1][1], upper)

    def program_call(self, tok: Token) -> Tree:
        """``Eq(a, b)`` (and ``Ne``, ``Lt``, ``Le``, ``Gt``, ``Ge``): the relation; ``Rational(p, q)``: ``p/q``."""
        opener = self.advance()
        args = self.nested_items(opener, (")",))
        self.expect_op(")", opener)
        if len(args) != 2:
            raise ParseFailure(tok.pos, f"'{tok.text}' with {len(args)} arguments instead of 2")
        if tok.text == "Rational":
            return ("div", args[0], args[1])
        return ("rel", (args[0], args[1]), (_PROGRAM_RELATIONS[tok.text],), tok.pos)

    def argument(self, opener: Token) -> Tree:
        """One argument of ``\\frac``, ``\\sqrt``, ``\\binom``: a braced group or a single token."""
        tok = self.peek()
        if tok.kind == "op" and tok.text == "{":
            return self.group(self.advance())
        if tok.kind == "eof":
            raise ParseFailure(tok.pos, "missing argument", context=(f"'\\{opener.text}'", opener.pos))
        self.advance()
        if tok.kind == "num":
            return _numeral(tok)
        if tok.kind == "ident":
            return self.identifier_plain(tok)
        if tok.kind == "cmd":
            return self.command(tok)
        raise self.fail(tok, f"unexpected {_describe(tok)} as the argument of '\\{opener.text}'")

    def identifier_plain(self, tok: Token) -> Tree:
        return ("const", tok.text) if tok.text in ("e", "i") else ("sym", tok.text)

    def sqrt(self, tok: Token) -> Tree:
        index: Optional[Tree] = None
        if self.at_op("["):
            opener = self.advance()
            index = self.nested_expr(opener, ("]",))
        if self.at_op("("):  # \sqrt(2): a plain-text habit
            arg = self.brackets(self.advance())
        else:
            arg = self.argument(tok)
        return ("func", "sqrt", arg) if index is None else ("func", "root", arg, index)

    def function(self, tok: Token) -> Tree:
        """``\\sin x``, ``\\sin(x)``, ``\\sin^2 x``, ``\\sin^{-1} x``, ``\\log_2 x``, ``\\log _{10} 250``,
        ``\\max(a, b)``."""
        name = _FUNCS[tok.text]
        base: Optional[Tree] = None
        power: Optional[Tree] = None
        if self.at_op("_"):
            self.advance()
            base = self.script()
        if self.at_op("^"):
            self.advance()
            power = self.script()
            if power == ("neg", ("num", Fraction(1), None)) and tok.text in _INVERSE:
                name, power = _INVERSE[tok.text], None
        if self.at_op("("):
            opener = self.advance()
            args = self.nested_items(opener, (")",))
            self.expect_op(")", opener)
        elif self.at_op("{"):
            args = [self.group(self.advance())]
        else:
            args = [self.expression(_PREFIX_BP, function_argument=True)]
        if base is not None:
            if name != "log":
                raise ParseFailure(tok.pos, f"a subscript on '\\{tok.text}'")
            node: Tree = ("func", "log_base", args[0], base)
        elif name == "log10":
            node = ("func", "log_base", args[0], ("num", Fraction(10), None))
        else:
            node = ("func", name) + tuple(args)
        return node if power is None else ("pow", node, power)

    # ---- brackets and structures ------------------------------------------------------------------------------
    def nested_items(self, opener: Token, closers: Tuple[str, ...]) -> List[Tree]:
        saved, self.in_bars = self.in_bars, False
        items = self.parse_items(closers, allow_empty=opener.text in ("\\{",))
        self.in_bars = saved
        return items

    def nested_expr(self, opener: Token, closers: Tuple[str, ...], cmd_closer: bool = False) -> Tree:
        """One expression inside an opener, up to its closer (a command closer such as ``\\rfloor`` too)."""
        saved, self.in_bars = self.in_bars, False
        inner = self.expression(0)
        self.in_bars = saved
        tok = self.peek()
        if cmd_closer:
            if tok.kind == "cmd" and tok.text in closers:
                self.advance()
                return inner
            raise ParseFailure(tok.pos, f"expected '\\{closers[0]}' to close it",
                               context=(f"'\\{opener.text}' opened", opener.pos))
        self.expect_op(closers[0], opener)
        return inner

    def group(self, opener: Token) -> Tree:
        """A TeX group ``{...}``: one expression (or ``{n \\choose k}``); ``{1, 2}`` is a bare list."""
        items = self.nested_items(opener, ("}",))
        self.expect_op("}", opener)
        return items[0] if len(items) == 1 else ("list", tuple(items), opener.pos)

    def brackets(self, opener: Token) -> Tree:
        """``(x)`` grouping; ``(a, b)`` tuple; ``[a, b)``, ``(a, b]``, ``[a, b]`` intervals (via "tuple" shapes)."""
        items = self.nested_items(opener, (")", "]"))
        close = self.peek()
        if not (close.kind == "op" and close.text in (")", "]")):
            self.expect_op(_CLOSERS[opener.text], opener)
        self.advance()
        if len(items) == 1 and opener.text + close.text in ("()", "[]"):
            return items[0]
        return ("tuple", tuple(items), opener.text, close.text, opener.pos)

    def set_braces(self, opener: Token) -> Tree:
        """``\\{1, 2\\}``; a set-builder ``\\{x \\mid x > 0\\}`` or ``\\{x : x > 0\\}`` reads as its condition."""
        if self.peek().kind == "ident" and self.peek(1).kind == "op" and self.peek(1).text in ("|", ":"):
            self.i += 2
            conditions = self.nested_items(opener, ("\\}",))
            self.expect_op("\\}", opener)
            return conditions[0] if len(conditions) == 1 else ("list", tuple(conditions), opener.pos)
        items = self.nested_items(opener, ("\\}",))
        self.expect_op("\\}", opener)
        return ("set", tuple(items), opener.pos)

    def bars(self, opener: Token) -> Tree:
        """``|x|``: inside the bars a ``|`` closes instead of starting a new absolute value."""
        saved, self.in_bars = self.in_bars, True
        inner = self.expression(0)
        self.in_bars = saved
        self.expect_op("|", opener)
        return ("func", "abs", inner)

    def environment(self, tok: Token) -> Tree:
        """A matrix environment (rows of cells) or a list environment (``cases``, ``aligned``: one item per row)."""
        env = tok.text
        if env not in _MATRIX_ENVS and env not in _LIST_ENVS:
            raise ParseFailure(tok.pos, f"unknown environment '{env}'")
        rows: List[List[Tree]] = [[]]
        cells = 0
        while True:
            nxt = self.peek()
            if nxt.kind == "end":
                if nxt.text != env:
                    raise ParseFailure(nxt.pos, f"'\\end{{{nxt.text}}}' closes it",
                                       context=(f"'\\begin{{{env}}}' opened", tok.pos))
                self.advance()
                break
            if nxt.kind == "eof":
                raise ParseFailure(nxt.pos, f"expected '\\end{{{env}}}' to close it, found the end",
                                   context=(f"'\\begin{{{env}}}' opened", tok.pos))
            if nxt.kind == "op" and nxt.text == "rowsep":
                self.advance()
                rows.append([])
                continue
            if nxt.kind == "op" and nxt.text == "&":
                self.advance()
                continue
            rows[-1].append(self.expression(0))
            cells += 1
            if cells > MAX_MATRIX_CELLS:
                raise ParseFailure(nxt.pos, f"more than {MAX_MATRIX_CELLS} matrix entries")
        rows = [r for r in rows if r]
        if env in _LIST_ENVS:
            items = [_join_aligned(r, tok.pos) for r in rows]
            return items[0] if len(items) == 1 else ("list", tuple(items), tok.pos)
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise ParseFailure(tok.pos, f"rows of different lengths in '{env}'")
        return ("matrix", tuple(tuple(r) for r in rows), env, tok.pos)


# ---- the operators ---------------------------------------------------------------------------------------------
@_operator(_CHOOSE_BP, "choose")
def _choose(p: _Parser, tok: Token, left: Tree) -> Tree:
    return ("func", "binom", left, p.expression(_CHOOSE_BP))


@_operator(_RELATION_BP, "=", "<", ">", "<=", ">=", "!=", "approx")
def _relation(p: _Parser, tok: Token, left: Tree) -> Tree:
    """``a = b``; a chain ``1 < x <= 3`` is one relation."""
    right = p.expression(_RELATION_BP)
    if left[0] == "rel":
        return ("rel", left[1] + (right,), left[2] + (tok.text,), left[3])
    return ("rel", (left, right), (tok.text,), tok.pos)


@_operator(_RELATION_BP, "in")
def _membership(p: _Parser, tok: Token, left: Tree) -> Tree:
    return ("in", left, p.expression(_RELATION_BP), tok.pos)


@_operator(_SET_BP, "cup", "cap", "setminus")
def _set_operation(p: _Parser, tok: Token, left: Tree) -> Tree:
    return ("setop", tok.text, left, p.expression(_SET_BP), tok.pos)


@_operator(_SUM_BP, "+")
def _plus(p: _Parser, tok: Token, left: Tree) -> Tree:
    return _add(left, p.expression(_SUM_BP))


@_operator(_SUM_BP, "-")
def _minus(p: _Parser, tok: Token, left: Tree) -> Tree:
    return _add(left, ("neg", p.expression(_SUM_BP)))


@_operator(_SUM_BP, "pm", "mp")
def _plus_minus(p: _Parser, tok: Token, left: Tree) -> Tree:
    return (tok.text, left, p.expression(_SUM_BP), tok.pos)


@_operator(_PRODUCT_BP, "*")
def _times(p: _Parser, tok: Token, left: Tree) -> Tree:
    return _mul(left, p.expression(_PRODUCT_BP))


@_operator(_PRODUCT_BP, "/")
def _over(p: _Parser, tok: Token, left: Tree) -> Tree:
    return ("div", left, p.expression(_PRODUCT_BP))


@_operator(_PRODUCT_BP, ":")
def _ratio(p: _Parser, tok: Token, left: Tree) -> Tree:
    return ("ratio", left, p.expression(_PRODUCT_BP), tok.pos)


@_operator(_POWER_BP, "^")
def _power(p: _Parser, tok: Token, left: Tree) -> Tree:
    return ("pow", left, p.script())


@_operator(_POSTFIX_BP, "!")
def _factorial(p: _Parser, tok: Token, left: Tree) -> Tree:
    return ("func", "factorial", left)


@_operator(_POSTFIX_BP, "%")
def _percent(p: _Parser, tok: Token, left: Tree) -> Tree:
    return ("percent", left)


@_operator(_POSTFIX_BP, "°")
def _degrees(p: _Parser, tok: Token, left: Tree) -> Tree:
    return ("deg", left)


@_operator(_POSTFIX_BP, "'")
def _prime(p: _Parser, tok: Token, left: Tree) -> Tree:
    """``x'``, ``f'``: a prime makes a new name."""
    if left[0] == "sym":
        return ("sym", left[1] + "'")
    raise ParseFailure(tok.pos, "a prime after something that is not a name")


# ---- the starts -------------------------------------------------------------------------------------------------
@_prefix("-", "+", "pm", "mp")
def _signed(p: _Parser, tok: Token) -> Tree:
    operand = p.expression(_PREFIX_BP)
    if tok.text == "-":
        return ("neg", operand)
    return operand if tok.text == "+" else (tok.text, None, operand, tok.pos)


@_prefix("langle")
def _angle_tuple(p: _Parser, tok: Token) -> Tree:
    """``\\langle a, b \\rangle``: a tuple."""
    items = p.nested_items(tok, ("rangle",))
    p.expect_op("rangle", tok)
    return ("tuple", tuple(items), "<", ">", tok.pos)


_PREFIX.update({"(": _Parser.brackets, "[": _Parser.brackets, "{": _Parser.group, "\\{": _Parser.set_braces,
                "|": _Parser.bars})
_ATOMS.update(num=_Parser.number, ident=_Parser.identifier, cmd=_Parser.command, begin=_Parser.environment)


def _ends_in_power(tree: Tree) -> bool:
    """``2^6``, ``2^6 3^5``: a power, or a product whose last factor is one."""
    return bool(tree[0] == "pow" or (tree[0] == "mul" and tree[-1][0] == "pow"))


def _numeral(tok: Token) -> Tree:
    """The node of a number token."""
    assert tok.value is not None  # (the tokenizer gives every number token its value)
    value, places = tok.value
    return ("num", value, places)


def _join_aligned(cells: List[Tree], pos: int) -> Tree:
    """One row of a ``cases`` environment: a single cell is an item; a value with its condition (``x & x > 0``)
    is a piecewise definition, which is not supported."""
    if len(cells) == 1:
        return cells[0]
    raise ParseFailure(pos, "a piecewise definition (cells separated by '&')")


def _rename_constant(tree: Tree, name: str) -> Tree:
    """``tree`` with the constant ``e`` or ``i`` read as the variable ``name`` (the index of ``\\sum_{i=1}``)."""
    if not isinstance(tree, tuple) or not tree or not isinstance(tree[0], str):
        return tree
    if tree == ("const", name):
        return ("sym", name)
    if tree[0] in ("num", "sym", "const"):
        return tree
    return (tree[0],) + tuple(_rename_constant(c, name) if isinstance(c, tuple) else c for c in tree[1:])


def _add(left: Tree, right: Tree) -> Tree:
    if left[0] == "add":
        return left + (right,)
    return ("add", left, right)


def _mul(left: Tree, right: Tree) -> Tree:
    if left[0] == "mul":
        return left + (right,)
    return ("mul", left, right)


def _show(op: str) -> str:
    return {"\\}": "\\}", "rangle": "\\rangle", "rowsep": "\\\\"}.get(op, op)


def _describe(tok: Token) -> str:
    if tok.kind == "cmd":
        return f"'\\{tok.text}'"
    if tok.kind in ("begin", "end"):
        return f"'\\{tok.kind}{{{tok.text}}}'"
    return f"{tok.text!r}"
