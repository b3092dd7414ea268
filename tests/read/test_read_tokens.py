"""The tokens of the reader's tokenizer (``_read/_tokens.py``), one input per branch, by kind, text, offset, the
space flag and the value: numerals (decimals, a bare point, repeating parts written three ways, exponents, an ``e``
that is a constant), single-digit arguments (``\\frac12``), letters (identifiers, words, ``or`` glued between two
formulas, number words, plain functions and constants, units after a number), ``\\text`` (connectives, spaces,
units, number words, math), environments, two-character operators, and each error by position and message.

The module was drawn by one sample (seed 37), whose survivors included offsets and a flag no test read; a token's
offset is where every error of the parser points.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any, List, Tuple

import pytest

from mathgrade._read._tokens import ParseFailure, tokenize

# (input, its tokens without the final "eof": (kind, text, offset, space[, value]))
ROWS: List[Tuple[str, List[Tuple[Any, ...]]]] = [
    ('3.5', [('num', '3.5', 0, False, (F(7, 2), 1))]),
    ('.5', [('num', '.5', 0, False, (F(1, 2), 1))]),
    ('1.', [('num', '1.', 0, False, (F(1, 1), None))]),
    ('0.1\\overline{6}', [('num', '0.1\\overline{6}', 0, False, (F(1, 6), None))]),
    ('0.\\overline{3}', [('num', '0.\\overline{3}', 0, False, (F(1, 3), None))]),
    ('0.1\\dot{6}', [('num', '0.1\\dot{6}', 0, False, (F(1, 6), None))]),
    ('0.1\\overline 6', [('num', '0.1\\overline 6', 0, False, (F(1, 6), None))]),
    ('1.2e-4', [('num', '1.2e-4', 0, False, (F(3, 25000), 5))]),
    ('1.2E+3', [('num', '1.2E+3', 0, False, (F(1200, 1), -2))]),
    ('2e5x', [
        ('num', '2', 0, False, (F(2, 1), None)), ('ident', 'e', 1, False), ('num', '5', 2, False, (F(5, 1), None)),
        ('ident', 'x', 3, False)]),
    ('1e', [('num', '1', 0, False, (F(1, 1), None)), ('ident', 'e', 1, False)]),
    ('3ex', [('num', '3', 0, False, (F(3, 1), None)), ('ident', 'e', 1, False), ('ident', 'x', 2, False)]),
    ('\\frac12', [
        ('cmd', 'frac', 0, False), ('num', '1', 5, False, (F(1, 1), None)), ('num', '2', 6, False, (F(2, 1), None))]),
    ('\\frac123', [
        ('cmd', 'frac', 0, False), ('num', '1', 5, False, (F(1, 1), None)), ('num', '2', 6, False, (F(2, 1), None)),
        ('num', '3', 7, False, (F(3, 1), None))]),
    ('\\sqrt32', [
        ('cmd', 'sqrt', 0, False), ('num', '3', 5, False, (F(3, 1), None)), ('num', '2', 6, False, (F(2, 1), None))]),
    ('\\binom{5}2', [
        ('cmd', 'binom', 0, False), ('op', '{', 6, False), ('num', '5', 7, False, (F(5, 1), None)),
        ('op', '}', 8, False), ('num', '2', 9, False, (F(2, 1), None))]),
    ('x  y', [('ident', 'x', 0, False), ('ident', 'y', 3, True)]),
    ('xy', [('ident', 'x', 0, False), ('ident', 'y', 1, False)]),
    ('1orx=2', [
        ('num', '1', 0, False, (F(1, 1), None)), ('op', ',', 1, False), ('ident', 'x', 3, False),
        ('op', '=', 4, False), ('num', '2', 5, False, (F(2, 1), None))]),
    ('1 or x', [('num', '1', 0, False, (F(1, 1), None)), ('op', ',', 2, True), ('ident', 'x', 5, True)]),
    ('for', [('word', 'for', 0, False)]),
    ('AB', [('ident', 'A', 0, False), ('ident', 'B', 1, False)]),
    ('Area', [('word', 'Area', 0, False)]),
    ('and', [('op', ',', 0, False)]),
    ('three', [('num', 'three', 0, False, (F(3, 1), None))]),
    ('sin', [('cmd', 'sin', 0, False)]),
    ('pi', [('cmd', 'pi', 0, False)]),
    ('abs(x)', [('cmd', 'abs', 0, False), ('op', '(', 3, False), ('ident', 'x', 4, False), ('op', ')', 5, False)]),
    ('12 apples', [('num', '12', 0, False, (F(12, 1), None))]),
    ('\\text{ or }', [('op', ',', 0, False)]),
    ('\\text{and,}', [('op', ',', 0, False)]),
    ('\\text{ }', []),
    ('\\text{, }', [('op', ',', 0, False)]),
    ('\\text{cm}', []),
    ('\\text{five}', [('num', 'five', 0, False, (F(5, 1), None))]),
    ('\\text{(B)}', [('op', '(', 6, False), ('ident', 'B', 7, False), ('op', ')', 8, False)]),
    ('\\begin{array}{cc}', [('begin', 'array', 0, False)]),
    ('\\end{pmatrix*}', [('end', 'pmatrix', 0, False)]),
    ('<=', [('op', '<=', 0, False)]),
    ('!=', [('op', '!=', 0, False)]),
    ('>=', [('op', '>=', 0, False)]),
    ('x\\le 1', [('ident', 'x', 0, False), ('op', '<=', 1, False), ('num', '1', 5, True, (F(1, 1), None))]),
    (' 2', [('num', '2', 1, True, (F(2, 1), None))]),
    ('1..5', [('num', '1.', 0, False, (F(1, 1), None)), ('num', '.5', 2, False, (F(1, 2), 1))]),
    ('1e+x', [('num', '1', 0, False, (F(1, 1), None)), ('ident', 'e', 1, False), ('op', '+', 2, False),
              ('ident', 'x', 3, False)]),
    ('1 orx=2', [
        ('num', '1', 0, False, (F(1, 1), None)), ('ident', 'o', 2, True), ('ident', 'r', 3, False),
        ('ident', 'x', 4, False), ('op', '=', 5, False), ('num', '2', 6, False, (F(2, 1), None))]),
    ('2 AB', [('num', '2', 0, False, (F(2, 1), None)), ('ident', 'A', 2, True), ('ident', 'B', 3, False)]),
    ('1e+', [('num', '1', 0, False, (F(1, 1), None)), ('ident', 'e', 1, False), ('op', '+', 2, False)]),
]

ERRORS = [
    ('1..', 2, "unexpected character '.'"),
    ('1.5...', 3, "unexpected character '.'"),
    ('1...', 1, "unexpected character '.'"),
    ('#', 0, "unexpected character '#'"),
    ('x + \\', 4, 'a lone backslash'),
]


@pytest.mark.parametrize("text, tokens", ROWS, ids=[r[0] for r in ROWS])
def test_tokens(text: str, tokens: List[Tuple[Any, ...]]) -> None:
    got = tokenize(text)
    assert got[-1].kind == "eof" and got[-1].pos == len(text)
    assert [(t.kind, t.text, t.pos, t.space) + ((t.value,) if t.value is not None else ()) for t in got[:-1]] == tokens


@pytest.mark.parametrize("text, pos, message", ERRORS)
def test_tokenizer_errors(text: str, pos: int, message: str) -> None:
    with pytest.raises(ParseFailure) as raised:
        tokenize(text)
    assert (raised.value.pos, raised.value.message) == (pos, message)


# A word read as a command keeps the space before it, whichever table names it (a program's call, a plain function,
# a plain constant); glued to what comes before it, it has none. Written for seed 107 (docs/testing.md): the token
# of a program's call made without its space flag.
# (text with a space before the word, the command, its offset; the contrast: the word glued on, its offset)
_SPACED_WORDS = [
    ("2 factorial(3)", "factorial", 2, "2factorial(3)", 1),
    ("x  Eq(x, 1)", "Eq", 3, "(x)Eq(x, 1)", 3),
    ("2 binomial(5, 2)", "binomial", 2, "2binomial(5, 2)", 1),
    ("2 ceiling(x)", "ceil", 2, "2ceiling(x)", 1),
    ("2 Abs(x)", "abs", 2, "2Abs(x)", 1),
    ("2 sin", "sin", 2, "2sin", 1),
    ("2 pi", "pi", 2, "2pi", 1),
]


@pytest.mark.parametrize("text, command, pos, glued, glued_pos", _SPACED_WORDS)
def test_a_word_read_as_a_command_keeps_the_space_before_it(text: str, command: str, pos: int, glued: str,
                                                            glued_pos: int) -> None:
    got = [(t.text, t.pos, t.space) for t in tokenize(text) if t.kind == "cmd"]
    assert got == [(command, pos, True)], (text, got)
    got = [(t.text, t.pos, t.space) for t in tokenize(glued) if t.kind == "cmd"]
    assert got == [(command, glued_pos, False)], (glued, got)
