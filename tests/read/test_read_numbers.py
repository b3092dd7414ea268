"""Reader: numerals (integers, decimals, separators, scientific, repeating, mixed, percent, degrees, currency, words)."""

from fractions import Fraction as F

import pytest

from mathgrade._read import read
from mathgrade.values import Expression, Number, SetValue, TupleValue


def val(text):
    r = read(text)
    assert r.value is not None, r.error
    return r.value


@pytest.mark.parametrize("text, value", [
    ("70", 70), ("-3", -3), ("0", 0), ("007", 7), ("+5", 5),
    ("1,234", 1234), ("1 234", 1234), ("1{,}234", 1234), ("1\\,234", 1234), ("1\\!234", 1234),
    ("1\\,000\\,000", 1000000), ("10,\\!080", 10080), ("11,\\! 111,\\! 111,\\! 100", 11111111100),
    ("1,450,000", 1450000), ("\\$32,\\!348", 32348),
])
def test_integers_and_thousands_separators(text, value):
    v = val(text)
    assert v == Number(F(value)), text


@pytest.mark.parametrize("text", ["1,-2", "3, 5, 7", "2500,7500", "1,2345", "12,34"])
def test_commas_that_are_not_thousands_separators_make_lists(text):
    assert isinstance(val(text), SetValue)


def test_commas_inside_brackets_are_separators():
    assert val("(2,251,252)") == TupleValue((Number(F(2)), Number(F(251)), Number(F(252))))


@pytest.mark.parametrize("text, value, places", [
    ("1.25", F(5, 4), 2), (".35625", F(35625, 100000), 5), (".0000672", F(672, 10**7), 7), ("1.20", F(6, 5), 2),
    ("-0.875", F(-7, 8), 3), ("0{,}5", F(1, 2), 1), ("1,000.5", F(2001, 2), 1),
])
def test_decimals_keep_the_digits_written(text, value, places):
    assert val(text) == Number(value, places)


def test_decimal_places_distinguish_what_was_written():
    assert val("0.333") != val("0.3330")
    assert val("0.0000002") != val("0.0000001")


def test_a_decimal_comma_only_where_unambiguous():
    assert val("0,5") == Number(F(1, 2), 1)
    assert val("0,111") == Number(F(111, 1000), 3)
    assert val("-0,25") == Number(F(-1, 4), 2)
    assert val("1,5") == SetValue((Number(F(1)), Number(F(5))), braces=False)
    assert val("0, 5") == SetValue((Number(F(0)), Number(F(5))), braces=False)
    assert val("19,0,1") == SetValue((Number(F(19)), Number(F(0)), Number(F(1))), braces=False)


@pytest.mark.parametrize("text, value, places", [
    ("1.2e-4", F(12, 100000), 5), ("4.5e33", F(45) * 10**32, -32), ("3e6", F(3 * 10**6), -6),
    ("1.2\\times10^{-4}", F(12, 100000), 5), ("1.2 \\cdot 10^{-4}", F(12, 100000), 5),
    ("5.3\\times 10^{3}", F(5300), -2), ("1E5", F(10**5), -5),
])
def test_scientific_notation(text, value, places):
    assert val(text) == Number(value, places)


def test_scientific_notation_is_not_e_times_something():
    v = val("1.2e-4")
    assert isinstance(v, Number) and v.value < 1
    assert isinstance(val("2e"), Expression)  # 2 times Euler's number
    assert val("2e^{x}") != val("2e1")


@pytest.mark.parametrize("text, value", [
    ("0.\\overline{3}", F(1, 3)), ("0.\\overline{142857}", F(1, 7)), ("0.1\\overline{6}", F(1, 6)),
    ("1.\\overline{9}", F(2)), ("0.\\overline{12}", F(4, 33)),
])
def test_repeating_decimals_are_exact(text, value):
    assert val(text) == Number(value)


def test_repeating_decimal_differs_from_its_truncation():
    assert val("0.\\overline{3}") != val("0.3")


@pytest.mark.parametrize("text, value", [
    ("2\\frac12", F(5, 2)), ("2\\frac{1}{2}", F(5, 2)), ("2 1/2", F(5, 2)), ("1\\frac{4}{5}", F(9, 5)),
    ("137 \\frac{1}{2}", F(275, 2)), ("-2\\frac12", F(-5, 2)),
])
def test_mixed_numbers(text, value):
    assert val(text) == Number(value)


def test_things_that_are_not_mixed_numbers():
    assert val("2\\frac{3}{2}") == Number(F(3))  # an improper fraction: a product
    assert val("2\\frac{x}{3}") != val("2+\\frac{x}{3}")
    assert read("2 3").value is None  # two numbers side by side are not multiplied


@pytest.mark.parametrize("text", ["25\\%", "25%", "25 percent", "25\\text{ percent}", "25 \\%", "25 pct",
                                  "25 percentage"])
def test_percentages_keep_the_written_numeral(text):
    assert val(text) == Number(F(25), percent=True)


def test_percent_is_not_dropped_or_invented():
    assert val("25") != val("25\\%")
    assert val("62.5%") == Number(F(125, 2), 1, percent=True)


@pytest.mark.parametrize("text", ["30^\\circ", "30°", "30^{\\circ}", "30 \\text{ degrees}", "30\\degree",
                                  "30^{ \\circ }"])
def test_degrees(text):
    assert val(text) == Number(F(30), degrees=True)


def test_degrees_are_marked_and_not_confused():
    assert val("30") != val("30^\\circ")
    assert val("\\frac{270}7\\text{ degrees}") == Number(F(270, 7), degrees=True)
    assert val("18.8^{\\circ}") == Number(F(188, 10), 1, degrees=True)


@pytest.mark.parametrize("text, value", [("\\$10", F(10)), ("$10.00", F(10)), ("\\$18.90", F(189, 10)),
                                         ("10 dollars", F(10))])
def test_currency_is_dropped(text, value):
    assert val(text).value == value


@pytest.mark.parametrize("text, value", [("three", 3), ("Twelve", 12), ("zero", 0), ("\\text{five}", 5)])
def test_number_words(text, value):
    assert val(text) == Number(F(value))


def test_number_words_are_not_other_words():
    assert not isinstance(val("threes"), Number)


@pytest.mark.parametrize("text, value", [("52_8", 42), ("4210_{5}", 555), ("2516_8", 1358), ("101_2", 5)])
def test_numerals_in_a_base(text, value):
    assert val(text) == Number(F(value))


def test_invalid_numeral_in_a_base_is_an_error():
    assert read("19_8").value is None
    assert val("52_8") != val("52")


def test_fractions_fold_to_numbers():
    assert val("\\frac{9}{7}") == Number(F(9, 7))
    assert val("\\frac{9}{7}") != val("\\frac{9}{8}")
    assert val("-\\frac{35}{9}") == Number(F(-35, 9))
    assert val("2^{10}") == Number(F(1024))
    assert val("100!") == Number(F(__import__("math").factorial(100)))
    assert val("\\binom{5}{2}") == Number(F(10))
    assert val("10^{-2}") == Number(F(1, 100))
    assert val("\\frac12") == Number(F(1, 2))
    assert val("\\frac1{72}") == Number(F(1, 72))
    assert val("\\frac 59") == Number(F(5, 9))
    assert val("\\frac9{19}") == Number(F(9, 19))
    assert val("\\frac43") != val("\\frac{43}{1}")
    assert val("\\dfrac{33}{100}") == Number(F(33, 100))
