"""Every branch of the reader's builder, ``_read/_build.py``, read through ``read`` by one row each: what folds to an
exact ``Number`` (with its decimal places, percent and degree marks) and what stays a tree, at each bound of each
folding rule; the ``±`` expansion; the bracket shapes; matrix arithmetic; and each error by its message and
position.

The module was drawn by none of the twelve samples of docs/testing.md; the kinds they found elsewhere (a bound off by
one, a flag dropped, an error's position) are what these rows pin: each bound has a row on both sides of it
(``1400!`` folds, ``1401!`` stays a factorial), each flag is read, each error's message and offset asserted.
"""

from __future__ import annotations

import math
from fractions import Fraction as F
from typing import Any, Tuple

import pytest

from mathgrade._read import read
from mathgrade.limits import MAX_DEPTH, MAX_DIGITS, MAX_MATRIX_CELLS
from mathgrade.values import Expression, Matrix, Number


def described(text: str) -> Tuple[Any, ...]:
    """A row's view of what ``read`` gave: ("num", value, places, percent, degrees), ("expr", str, degrees),
    (type name, str) or ("err", position, message)."""
    r = read(text)
    v = r.value
    if v is None:
        assert r.error is not None
        return ("err", r.error.pos, r.error.message)
    if isinstance(v, Number):
        return ("num", v.value, v.places, v.percent, v.degrees)
    if isinstance(v, Expression):
        return ("expr", str(v), v.degrees)
    return (type(v).__name__, str(v))


def num(q: Any, places: Any = None, percent: bool = False, degrees: bool = False) -> Tuple[Any, ...]:
    return ("num", F(q), places, percent, degrees)


def expr(s: str, degrees: bool = False) -> Tuple[Any, ...]:
    return ("expr", s, degrees)


# -- the functions of rational arguments (_fold_func), at each bound ------------------------------------------------
FUNCTIONS = [
    ("5!", num(120)), ("0!", num(1)), ("(-1)!", expr("factorial(-1)")), ("(5/2)!", expr("factorial(5/2)")),
    ("1401!", expr("factorial(1401)")),
    ("\\binom{5}{2}", num(10)), ("\\binom{0}{0}", num(1)), ("\\binom{5}{7}", num(0)), ("\\binom{5}{-1}", num(0)),
    ("\\binom{4000}{1}", num(4000)), ("\\binom{4001}{1}", expr("binom(4001, 1)")),
    ("\\binom{-1}{1}", expr("binom(-1, 1)")), ("\\binom{5/2}{1}", expr("binom(5/2, 1)")),
    ("\\Gamma(5)", num(24)), ("\\Gamma(1)", num(1)), ("\\Gamma(0)", expr("gamma(0)")),
    ("\\Gamma(1402)", expr("gamma(1402)")), ("\\Gamma(5/2)", expr("gamma(5/2)")),
    ("|-3/2|", num(F(3, 2))), ("|3|", num(3)), ("|x|", expr("abs(x)")),
    ("\\lfloor 7/2 \\rfloor", num(3)), ("\\lceil 7/2 \\rceil", num(4)), ("\\lceil 3 \\rceil", num(3)),
    ("\\lfloor 3 \\rfloor", num(3)), ("\\lfloor -7/2 \\rfloor", num(-4)), ("\\lceil -7/2 \\rceil", num(-3)),
    ("\\lfloor x \\rfloor", expr("floor(x)")),
]

# -- powers (_fold_pow): the special bases, the exponent's kind, the digit limit -----------------------------------
POWERS = [
    ("0^0", num(1)), ("0^3", num(0)), ("0^{-1}", expr("0^(-1)")), ("1^{-5}", num(1)), ("1^{x}", expr("1^x")),
    ("(-1)^{7}", num(-1)), ("(-1)^{-8}", num(1)), ("(-1)^{0}", num(1)), ("(-2)^{3}", num(-8)), ("2^{-3}", num(F(1, 8))),
    ("(2/3)^3", num(F(8, 27))), ("2^{1/2}", expr("2^(1/2)")), ("2^{0.5}", expr("2^0.5")), ("2^{x}", expr("2^x")),
    (f"10^{{{MAX_DIGITS}}}", expr(f"10^{MAX_DIGITS}")), (f"10^{{-{MAX_DIGITS}}}", expr(f"10^(-{MAX_DIGITS})")),
]

# -- scientific notation and decimal places (_scientific, _fold_add, _fold_mul) ------------------------------------
PLACES = [
    ("1.2 \\times 10^{-4}", num(F(3, 25000), 5)), ("1.2 \\times 10^{4}", num(12000, -3)),
    ("1.20 \\times 10^{3}", num(1200, -1)), ("3 \\times 10^{2}", num(300, -2)), ("1.2 \\cdot 10^{3}", num(1200, -2)),
    ("2 \\times 10^{x}", expr("2*(10^x)")), ("2 \\times 10^{1.5}", expr("2*(10^1.5)")),
    ("2 \\times 100^{2}", num(20000)), ("2 \\times 10.0^{2}", num(200)), ("x \\times 10^{2}", expr("x*100")),
    ("2 \\times 10^{-2} \\times 3", num(F(3, 50))),
    (f"2 \\times 10^{{{MAX_DIGITS + 1}}}", expr(f"2*(10^{MAX_DIGITS + 1})")),
    ("1.5 + 2.25", num(F(15, 4), 2)), ("1.5 + 2", num(F(7, 2), 1)), ("1.50 + 2", num(F(7, 2), 2)),
    ("1 + 2", num(3)), ("1.5 \\cdot 2", num(3)), ("-1.50", num(F(-3, 2), 2)), ("-(1.50)", num(F(-3, 2), 2)),
    ("-(1.50) + 1", num(F(-1, 2), 2)), ("0.5 \\times 10^{2}", num(50, -1)),
]

# -- percent and degree marks (_fold's "percent" and "deg", _node, _degrees_to_radians) ---------------------------
MARKS = [
    ("50\\%", num(50, percent=True)), ("-50\\%", num(-50, percent=True)), ("12.5\\%", num(F(25, 2), 1, True)),
    ("50\\% + 1", num(F(3, 2))), ("50\\% \\cdot 2", num(1)), ("\\frac{50\\%}{2}", num(F(1, 4))),
    ("x\\%", expr("x/100")), ("x + 50\\%", expr("x + (1/2)")),
    ("30^\\circ", num(30, degrees=True)), ("-30^\\circ", num(-30, degrees=True)),
    ("30^\\circ + 15^\\circ", num(45, degrees=True)), ("2 \\cdot 30^\\circ", num(60, degrees=True)),
    ("\\frac{60^\\circ}{2}", num(30, degrees=True)), ("x^\\circ", expr("x", degrees=True)),
    ("x + 30^\\circ", expr("x + 30", degrees=True)), ("x^\\circ + 1", expr("x + 1", degrees=True)),
    ("\\sin 30^\\circ", expr("sin((30*π)/180)")), ("\\sin(x^\\circ)", expr("sin((x*π)/180)")),
    ("\\cos(30^\\circ + 15^\\circ)", expr("cos((45*π)/180)")),
    ("\\sin(90^\\circ - x)", expr("sin(((90*π)/180) + (-x))")),
]

# -- sums and products (_fold_series, _substitute, _has_series) ---------------------------------------------------
SERIES = [
    ("\\sum_{k=1}^{4} k", num(10)), ("\\prod_{k=1}^{4} k", num(24)), ("\\sum_{k=3}^{1} k", num(0)),
    ("\\sum_{k=1}^{200} k", num(20100)), ("\\sum_{k=1}^{201} k", expr("sum(k, k, 1, 201)")),
    ("\\sum_{k=0}^{199} 1", num(200)), ("\\sum_{k=1}^{3} \\frac{1}{k}", num(F(11, 6))),
    ("\\prod_{k=1}^{3} \\frac{1}{k}", num(F(1, 6))), ("\\sum_{k=1}^{n} k", expr("sum(k, k, 1, n)")),
    ("\\sum_{k=1}^{3} x", expr("sum(x, k, 1, 3)")), ("\\sum_{k=1/2}^{3} k", expr("sum(k, k, 1/2, 3)")),
    ("\\sum_{k=1}^{3} \\sum_{j=1}^{k} j", expr("sum(sum(j, j, 1, k), k, 1, 3)")),
    ("\\sum_{k=-2}^{2} k^2", num(10)),
]

# -- ±, brackets, unions, matrices, and the errors of structures in arithmetic -------------------------------------
STRUCTURES = [
    ("\\pm 2", ("SetValue", "2, -2")), ("1 \\pm 2", ("SetValue", "3, -1")), ("1 \\mp 2", ("SetValue", "-1, 3")),
    ("\\pm 1 \\mp 2", ("SetValue", "-1, 1")), ("\\pm 1, 3", ("SetValue", "1, -1, 3")),
    ("x = \\pm 2", ("SetValue", "x = 2, x = -2")), ("\\{\\pm 1\\}", ("SetValue", "{1, -1}")),
    ("(1 \\pm 2, 3)", ("err", 3, "'\\pm' inside a tuple, a matrix or a relation")),
    ("(1, 2)", ("TupleValue", "(1, 2)")), ("[1, 2]", ("Interval", "[1, 2]")), ("[1, 2)", ("Interval", "[1, 2)")),
    ("(1, 2]", ("Interval", "(1, 2]")), ("(1, \\infty)", ("Interval", "(1, ∞)")),
    ("(-\\infty, 1)", ("Interval", "(-∞, 1)")), ("(1, 2, 3)", ("TupleValue", "(1, 2, 3)")),
    ("[1, 2, 3]", ("TupleValue", "(1, 2, 3)")), ("\\langle 1, 2 \\rangle", ("TupleValue", "(1, 2)")),
    ("[1, 2, 3)", ("err", 0, "an interval '[...)' with 3 endpoints")),
    ("(1, 2) \\cup (3, 4)", ("Union_", "(1, 2) ∪ (3, 4)")), ("(1, 2) \\cap (3, 4)", ("Union_", "(1, 2) ∩ (3, 4)")),
    ("[1,2] \\cup [3,4] \\cup [5,6]", ("Union_", "[1, 2] ∪ [3, 4] ∪ [5, 6]")),
    ("A \\setminus B", ("err", 2, "a set difference")),
    ("x \\neq 1 \\in S", ("err", 2, "a relation said to be in a set")),
    ("1 + (2, 3)", ("err", 4, "a tuple or interval inside arithmetic")),
    ("\\frac{(1,2)}{2}", ("err", 6, "a tuple or interval inside arithmetic")),
    ("1 + \\{1\\}", ("err", 4, "a set inside arithmetic")), ("2 (x = 1)", ("err", 5, "a relation inside arithmetic")),
    ("\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix} + \\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}", ("Matrix", "[2, 2; 3, 5]")),
    ("2\\begin{pmatrix}1&2\\end{pmatrix}", ("Matrix", "[2, 4]")),
    ("-\\begin{pmatrix}1&2\\end{pmatrix}", ("Matrix", "[-1, -2]")),
    ("\\begin{pmatrix}1&2\\end{pmatrix} \\cdot 3", ("Matrix", "[3, 6]")),
    ("\\begin{pmatrix}1&2\\end{pmatrix}\\begin{pmatrix}3\\\\4\\end{pmatrix}", ("Matrix", "[11]")),
    ("\\begin{pmatrix}1\\\\2\\end{pmatrix}\\begin{pmatrix}3&4\\end{pmatrix}", ("Matrix", "[3, 4; 6, 8]")),
    ("\\begin{pmatrix}x&2\\end{pmatrix}\\begin{pmatrix}3\\\\4\\end{pmatrix}", ("Matrix", "[(x*3) + 8]")),
    ("\\begin{pmatrix}1&2\\end{pmatrix} + 1", ("err", 0, "a matrix plus a scalar")),
    ("\\begin{pmatrix}1&2\\end{pmatrix} + \\begin{pmatrix}1\\\\2\\end{pmatrix}",
     ("err", 0, "a sum of matrices of different shapes")),
    ("\\begin{pmatrix}1&2\\end{pmatrix}\\begin{pmatrix}3&4\\end{pmatrix}",
     ("err", 31, "a product of a 1×2 matrix and a 1×2 matrix")),
    ("\\begin{pmatrix}1&2\\end{pmatrix}^2", ("err", 0, "a matrix inside arithmetic")),
]

ROWS = FUNCTIONS + POWERS + PLACES + MARKS + SERIES + STRUCTURES


@pytest.mark.parametrize("text, expected", ROWS, ids=[r[0] for r in ROWS])
def test_each_branch_of_the_builder(text: str, expected: Tuple[Any, ...]) -> None:
    assert described(text) == expected


def test_the_largest_factorials_and_powers_that_fold() -> None:
    """The upper bounds themselves (their values are too long for a row's id)."""
    assert described("1400!") == num(math.factorial(1400))
    assert described("\\Gamma(1401)") == num(math.factorial(1400))
    assert described(f"10^{{{MAX_DIGITS - 1}}}") == num(10 ** (MAX_DIGITS - 1))
    assert described(f"10^{{-{MAX_DIGITS - 1}}}") == num(F(1, 10 ** (MAX_DIGITS - 1)))
    assert described(f"2 \\times 10^{{{MAX_DIGITS}}}") == num(2 * 10 ** MAX_DIGITS, -MAX_DIGITS)


def test_nesting_up_to_the_depth_limit_reads_and_beyond_it_is_an_error() -> None:
    """The builder's own check (the parser's, "nesting deeper than ...", counts brackets and operands; a chain of
    postfix factorials reaches the builder's): a tree ``MAX_DEPTH`` deep reads, one level more does not."""
    assert read("3" + "!" * (MAX_DEPTH - 1)).value is not None
    assert described("3" + "!" * MAX_DEPTH) == ("err", 0, f"expression nested deeper than the limit of {MAX_DEPTH}")
    assert described("3" + "\\%" * MAX_DEPTH) == ("err", 0, f"expression nested deeper than the limit of {MAX_DEPTH}")


def _ones(rows: int, columns: int) -> str:
    return "\\begin{pmatrix}" + "\\\\".join("&".join(["1"] * columns) for _ in range(rows)) + "\\end{pmatrix}"


def test_a_matrix_product_of_at_most_the_limit_of_terms_reads() -> None:
    """``n·p·m`` products of entries: 4×5 by 5×20 is exactly MAX_MATRIX_CELLS (400) and reads (every entry 5);
    3×7 by 7×20 is 420, an error at the second factor."""
    assert MAX_MATRIX_CELLS == 400
    value = read(_ones(4, 5) + _ones(5, 20)).value
    assert isinstance(value, Matrix) and value.shape == (4, 20), value
    assert {str(c) for row in value.rows for c in row} == {"5"}
    assert described(_ones(3, 7) + _ones(7, 20)) == (
        "err", len(_ones(3, 7)), f"a matrix product of more than {MAX_MATRIX_CELLS} terms")


def test_a_matrix_products_entry_keeps_its_degree_mark() -> None:
    """An entry of a product folds back to a numeral only when it has no percent or degree mark to lose."""
    value = read("\\begin{pmatrix}30^\\circ\\end{pmatrix}\\begin{pmatrix}2\\end{pmatrix}").value
    assert isinstance(value, Matrix)
    (cell,), = value.rows
    assert isinstance(cell, Number) and (cell.value, cell.degrees) == (F(60), True)
