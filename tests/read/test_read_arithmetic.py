"""Reader: operators, implicit multiplication, fractions, radicals, functions, constants, names."""

from fractions import Fraction as F

import pytest

from mathgrade._read import read
from mathgrade.values import Expression, Number, Relation


def tree(text):
    r = read(text)
    assert isinstance(r.value, Expression), (text, r)
    return r.value.tree


def val(text):
    r = read(text)
    assert r.value is not None, r.error
    return r.value


def num(q):
    return ("num", F(q))


X, Y, PI, E, I = ("sym", "x"), ("sym", "y"), ("const", "pi"), ("const", "e"), ("const", "i")
SQRT2 = ("func", "sqrt", num(2))


@pytest.mark.parametrize("text, value", [
    ("1+2", 3), ("7-10", -3), ("2\\cdot 3", 6), ("2\\times 3", 6), ("6\\div 4", F(3, 2)), ("6/4", F(3, 2)),
    ("2^3", 8), ("2^{-1}", F(1, 2)), ("5!", 120), ("-2^2", -4), ("(-2)^2", 4), ("2*3", 6), ("2**3", 8),
    ("\\frac{1}{2}+\\frac{1}{3}", F(5, 6)), ("2021 \\cdot 505 \\cdot 337", 2021 * 505 * 337),
    ("\\frac{4 \\cdot 999^{4}}{27}", F(4 * 999**4, 27)), ("\\frac{100!}{2^{50}}", F(__import__("math").factorial(100), 2**50)),
    ("|-3|", 3), ("\\lfloor 2.5 \\rfloor", 2), ("\\lceil 2.5 \\rceil", 3), ("{5 \\choose 2}", 10),
    ("2^3^2", 512), ("12 - 3 - 4", 5), ("2/4/2", F(1, 4)),
])
def test_rational_arithmetic_folds(text, value):
    v = val(text)
    assert isinstance(v, Number) and v.value == F(value), text


@pytest.mark.parametrize("text, expected", [
    ("2x", ("mul", num(2), X)),
    ("2\\pi r", ("mul", num(2), PI, ("sym", "r"))),
    ("3(x+1)", ("mul", num(3), ("add", X, num(1)))),
    ("\\sqrt{2}\\pi", ("mul", SQRT2, PI)),
    ("4\\sqrt(2)", ("mul", num(4), SQRT2)),
    ("4\\sqrt{2}", ("mul", num(4), SQRT2)),
    ("\\sqrt3", ("func", "sqrt", num(3))),
    ("\\sqrt[3]{x}", ("func", "root", X, num(3))),
    ("\\frac{x+2}{7}", ("div", ("add", X, num(2)), num(7))),
    ("\\dfrac{x}{2}", ("div", X, num(2))),
    ("\\tfrac{x}{2}", ("div", X, num(2))),
    ("\\cfrac{x}{2}", ("div", X, num(2))),
    ("\\frac1x", ("div", num(1), X)),
    ("x^2-1", ("add", ("pow", X, num(2)), num(-1))),
    ("-x^2", ("neg", ("pow", X, num(2)))),
    ("x y", ("mul", X, Y)),
    ("2\\pi/\\omega", ("div", ("mul", num(2), PI), ("sym", "omega"))),
    ("|x|", ("func", "abs", X)),
    ("|x|+|y|", ("add", ("func", "abs", X), ("func", "abs", Y))),
    ("\\lfloor x \\rfloor", ("func", "floor", X)),
    ("\\lceil x\\rceil", ("func", "ceil", X)),
    ("\\binom{n}{k}", ("func", "binom", ("sym", "n"), ("sym", "k"))),
    ("{n \\choose k}", ("func", "binom", ("sym", "n"), ("sym", "k"))),
    ("n!", ("func", "factorial", ("sym", "n"))),
    ("(n-2)2^{n}", ("mul", ("add", ("sym", "n"), num(-2)), ("pow", num(2), ("sym", "n")))),
])
def test_expression_trees(text, expected):
    assert tree(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("\\sin x", ("func", "sin", X)),
    ("\\sin(x)", ("func", "sin", X)),
    ("\\sin 2x", ("func", "sin", ("mul", num(2), X))),
    ("\\sin^2 x", ("pow", ("func", "sin", X), num(2))),
    ("\\sin^{-1} x", ("func", "asin", X)),
    ("\\arcsin x", ("func", "asin", X)),
    ("\\sin x \\cos x", ("mul", ("func", "sin", X), ("func", "cos", X))),
    ("\\cos (2 t-\\pi / 4)", ("func", "cos", ("add", ("mul", num(2), ("sym", "t")), ("neg", ("div", PI, num(4)))))),
    ("\\ln 2", ("func", "log", num(2))),
    ("\\log x", ("func", "log", X)),
    ("\\log_2 x", ("func", "log_base", X, num(2))),
    ("\\log _{10} 250", ("func", "log_base", num(250), num(10))),
    ("\\exp(x)", ("func", "exp", X)),
    ("e^{x}", ("pow", E, X)),
    ("\\max(x, y)", ("func", "max", X, Y)),
    ("sqrt(2)", SQRT2),
    ("sin(x)", ("func", "sin", X)),
])
def test_functions(text, expected):
    assert tree(text) == expected


def test_function_argument_boundaries():
    assert tree("\\sin x + 1") == ("add", ("func", "sin", X), num(1))
    assert tree("\\sin x + 1") != tree("\\sin (x + 1)")
    assert tree("\\sin^2 x") != tree("\\sin x^2")


@pytest.mark.parametrize("text, expected", [
    ("\\pi", PI), ("\\infty", ("const", "oo")), ("e", E), ("i", I), ("π", PI), ("∞", ("const", "oo")),
    ("6 - 5i", ("add", num(6), ("neg", ("mul", num(5), I)))),
    ("a_1", ("sym", "a_1")), ("v_{0}", ("sym", "v_0")), ("x'", ("sym", "x'")), ("y^{\\prime}", ("sym", "y'")),
    ("\\theta", ("sym", "theta")), ("θ", ("sym", "theta")), ("\\varphi", ("sym", "phi")),
    ("e_1", ("sym", "e_1")), ("m_{\\max }", ("sym", "m_max")), ("\\lambda_{\\text {red}}", ("sym", "lambda_red")),
    ("f(x)", ("sym", "f(x)")), ("x(x+1)", ("mul", X, ("add", X, num(1)))),
])
def test_constants_and_names(text, expected):
    assert tree(text) == expected


def test_e_and_i_are_constants_unless_named():
    assert tree("e") != tree("e_1")
    assert tree("i") != tree("i'")
    assert tree("x_i") == ("sym", "x_i")


def test_unicode_operators():
    assert val("√2") == val("\\sqrt{2}")
    assert val("2×3") == Number(F(6))
    assert val("x ≤ 3") == val("x \\le 3")
    assert val("5−2") == Number(F(3))


def test_grouping_of_fractions_is_kept():
    assert tree("\\frac{x+2}{7}") != tree("x+\\frac{2}{7}")
    assert tree("\\frac{1}{2x}") != tree("\\frac{1}{2}x")


def test_numbers_inside_expressions_are_exact():
    assert tree("2.5x") == ("mul", ("num", F(5, 2), 1), X)  # exact, with the decimal places written
    assert tree("1/3 x") == ("div", num(1), ("mul", num(3), X))


def test_big_powers_stay_exact_trees():
    assert tree("2^{20000}") == ("pow", num(2), num(20000))
    v = val("2^{100}")
    assert v == Number(F(2**100))


def test_relations_read_with_expressions():
    v = val("x^2 + y^2 = 1")
    assert isinstance(v, Relation) and v.ops == ("=",)
