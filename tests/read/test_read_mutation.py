"""Behaviour tests for mutants of the reader that a sampled mutation run (``scripts/mutation.py sample --count 40
--modules 4 --seed 7``) found alive: each asserts what the mutated line decides, both ways."""

from __future__ import annotations

import inspect
import sys
from fractions import Fraction

import pytest

import mathgrade
from mathgrade import read
from mathgrade._read import clear_read_cache
from mathgrade.values import Choice, Number


def _number(text: str) -> Fraction:
    value = read(text).value
    assert isinstance(value, Number), (text, value)
    return value.value


@pytest.mark.parametrize("text, value", [("10_{11}", 11), ("0.1_{11}", Fraction(1, 11)), ("(10)_{11}", 11), ("A_{11}", None), ("10_{2}", 2), ("FF_{16}", 255),
                                         ("0.101_{2}", Fraction(5, 8))])
def test_a_number_in_base_eleven_is_read_as_others_are(text: str, value: object) -> None:
    if value is None:
        assert not isinstance(read(text).value, Number)  # a letter in base 11 names something (a segment)
    else:
        assert _number(text) == value


@pytest.mark.parametrize("text", ["\\textcolor{red}{42}", "\\color{blue} 42"])
def test_colored_numbers_are_read_as_their_number(text: str) -> None:
    assert _number(text) == 42


def test_white_text_is_not_read() -> None:
    assert read("\\textcolor{white}{42}").value != Number(Fraction(42))


@pytest.mark.parametrize("text, value", [("21^{st}", 21), ("22^{nd}", 22), ("23^{rd}", 23), ("11^{th}", 11),
                                         ("101^{st}", 101), ("111^{th}", 111)])
def test_ordinals_are_read_as_their_number(text: str, value: int) -> None:
    assert _number(text) == value


@pytest.mark.parametrize("text", ["21^{th}", "11^{st}", "2^{th}"])
def test_a_power_whose_exponent_is_not_its_ordinal_suffix_stays_a_power(text: str) -> None:
    assert not isinstance(read(text).value, Number)


def test_a_restated_left_side_is_a_name_and_the_right_side_its_value() -> None:
    # (seed 11: mutants of _restated_left_side and _top_level_equals were alive)
    from mathgrade.values import Expression, Relation

    value = read("\\lim_{x\\to 0} \\frac{\\sin x}{x} = 1").value
    assert value == Relation((Expression(("sym", "\\lim_{x\\to 0} \\frac{\\sin x}{x}")), Number(Fraction(1))), ("=",))
    value = read("\\lim_{x\\to 0} (1 + x)^{1/x} = e").value
    assert isinstance(value, Relation) and value.sides[0] == Expression(("sym", "\\lim_{x\\to 0} (1 + x)^{1/x}"))
    assert read("\\lim_{x\\to 0} f(x) = 1 = 2").value is None  # two equals signs restate nothing


@pytest.mark.parametrize("text, words", [("Yes.", "yes"), ("\\text{No;}", "no"), ("  Both,  ", "both")])
def test_a_text_answer_drops_its_closing_punctuation(text: str, words: str) -> None:
    from mathgrade.values import Text

    value = read(text).value
    assert isinstance(value, Text) and value.text == words


# -- seed 11's survivors in _read/__init__.py -----------------------------------------------------------------------
@pytest.mark.parametrize("text", ["{(B)}{(C)}", "{B}{C}", "{(B) 12}{(C) 13}"])
def test_two_braced_groups_are_not_one_choice(text: str) -> None:
    # braces are peeled off a choice only when they wrap all of it (killed: the test of the braces' balance made on
    # an empty slice, which peeled "{(B)}{(C)}" into "(B)}{(C)" and read it as choice B)
    assert not isinstance(read(text).value, Choice), read(text)
    output = f"The answer is $\\boxed{{{text}}}$"
    assert not mathgrade.grade(output, "B").correct, mathgrade.grade(output, "B").explain()


@pytest.mark.parametrize("text, letter", [("{(B)}", "B"), ("{{C}}", "C"), ("{\\text{(A)}}", "A")])
def test_a_braced_choice_is_the_choice(text: str, letter: str) -> None:
    value = read(text).value
    assert isinstance(value, Choice) and value.letter == letter, value


def test_input_read_when_the_stack_is_nearly_spent_is_reported_on_it_and_read_again_later() -> None:
    # the reader's own depth limit stops deep input; Python's stack runs out first only when the caller is itself
    # deep in recursion (as under mutmut's trampolines). The error then points at the input (killed: the error made
    # without its text), and it is not kept by the cache: the same text read from a shallow stack is read.
    text = "(" * 40 + "x+1" + ")" * 40
    clear_read_cache()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 60)
    try:
        spent = read(text)
    finally:
        sys.setrecursionlimit(limit)
    assert spent.value is None and spent.error is not None
    assert spent.error.message == "input nested too deeply" and spent.error.text == text, spent.error
    again = read(text)
    assert again.error is None and again.value is not None, again


# -- seed 13's survivors in _read/_parser.py ------------------------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("3 \\cdot 2^{6} 5^{2}", 4800), ("2^6 3^5", 15552), ("x^{2} 2^{3}", None),
])
def test_powers_side_by_side_multiply_after_a_product_that_ends_in_one(text: str, value: object) -> None:
    # a number right after a power (or a product whose last factor is one) starts another power
    r = read(text)
    if value is None:
        assert r.value is not None, r
    else:
        assert _number(text) == value


@pytest.mark.parametrize("text", ["2^{6} \\cdot 3 5^{2}", "2^{6} x 3"])
def test_a_number_after_a_product_that_ends_in_a_plain_factor_is_not_multiplied(text: str) -> None:
    # "3 5^{2}" is not 3 times 25 ("2 3" is not 6): no value, an error at the second number (killed: the factor
    # before the last tested for a power, which read "2^{6} \cdot 3 5^{2}" as a product)
    r = read(text)
    assert r.value is None and r.error is not None, r


@pytest.mark.parametrize("text", ["f \\circ g", "(f \\circ g)(x)", "a \\odot b"])
def test_composition_is_not_read_as_a_product(text: str) -> None:
    # \circ between two functions is composition, which the reader does not evaluate: an error naming it (killed:
    # \circ dropped from the list, which read "f \circ g" as the product of f, circ and g)
    r = read(text)
    assert r.value is None and r.error is not None and r.error.message.startswith("unexpected '\\"), r


def test_a_binomial_missing_its_second_argument_says_so() -> None:
    # killed: the opener not passed for the second argument (the error became an internal TypeError)
    r = read("\\binom{5}")
    assert r.value is None and r.error is not None
    assert (r.error.message, r.error.pos) == ("missing argument", 9) and r.error.context == ("'\\binom'", 0)
    assert _number("\\binom{5}{2}") == 10


def test_a_subscript_on_a_function_other_than_log_is_an_error_at_the_function() -> None:
    # killed: the error made without its position (it became an internal TypeError)
    r = read("\\sin_{2} x")
    assert r.error is not None and (r.error.message, r.error.pos) == ("a subscript on '\\sin'", 0), r
    assert read("\\log_{2} 8").value is not None


@pytest.mark.parametrize("output, gold, correct", [
    ("$\\lg 100$", "2", True), ("$\\lg 1000$", "3", True), ("$\\lg 100$", "\\log_{10} 100", True),
    ("$\\lg 100$", "\\log_{11} 100", False), ("$\\lg 100$", "\\ln 100", False),
])
def test_lg_is_the_logarithm_in_base_ten(output: str, gold: str, correct: bool) -> None:
    # killed: base 11 for \lg
    v = mathgrade.grade(output, gold)
    assert v.correct is correct, v.explain()


# -- seed 19's survivors in _read/_parser.py ------------------------------------------------------------------------
@pytest.mark.parametrize("text, pos", [("\\sqrt[3 8", 8), ("\\sqrt[3}{8}", 7)])
def test_an_unclosed_root_index_is_an_error_at_its_bracket(text: str, pos: int) -> None:
    # the error names the bracket that was opened (killed: the opener not passed, an internal error instead)
    r = read(text)
    assert r.value is None and r.error is not None
    assert (r.error.pos, r.error.context) == (pos, ("'[' opened", 5)), r.error
    assert r.error.message.startswith("expected ']' to close it"), r.error
    assert str(read("\\sqrt[3]{8}").value) == "root(8, 3)"


@pytest.mark.parametrize("text, pos", [("\\mathbb{Z}", 0), ("x \\in \\mathbb{N}", 6)])
def test_a_number_set_other_than_the_reals_is_an_error_at_it(text: str, pos: int) -> None:
    # killed: the error made without its position (an internal TypeError instead)
    r = read(text)
    assert r.value is None and r.error is not None
    assert (r.error.message, r.error.pos) == ("a number set other than the real numbers", pos), r.error
    assert read("\\mathbb{R}").value is not None


@pytest.mark.parametrize("text, subscript", [("1011_{(2}", "(2"), ("1011_{2)}", "2)"), ("101_{(210}", "(210")])
def test_a_base_subscript_with_one_parenthesis_is_not_a_base(text: str, subscript: str) -> None:
    # only "(2)" around a base is dropped (killed: "(" or ")" alone dropped with the next character, which read
    # "101_{(210}" in base 21)
    r = read(text)
    assert r.value is None and r.error is not None, r
    assert r.error.message == f"a numeral with subscript {subscript!r} (not a base from 2 to 36)", r.error
    assert _number("1011_{(2)}") == 11


@pytest.mark.parametrize("text, closer, pos", [("(1, 2}", ")", 5), ("[1, 2}", "]", 5), ("(1, 2\\}", ")", 5)])
def test_brackets_closed_by_a_brace_are_an_error(text: str, closer: str, pos: int) -> None:
    # killed: any operator accepted as the closer, which read "(1, 2}" as the tuple (1, 2)
    r = read(text)
    assert r.value is None and r.error is not None, r
    assert r.error.message.startswith(f"expected '{closer}' to close it") and r.error.pos == pos, r.error
    assert r.error.context == (f"'{text[0]}' opened", 0)


@pytest.mark.parametrize("text, shown", [("f(x)", "f(x)"), ("g(x+1)", "g(x+1)"), ("f (x)", "f*x")])
def test_a_letter_applied_to_parentheses_only_when_they_touch_it(text: str, shown: str) -> None:
    # "f(x)" is f applied to x; "f (x)", with a space, is a product (killed: the test of the space inverted)
    assert str(read(text).value) == shown, read(text)


@pytest.mark.parametrize("text, shown", [("x_\\alpha", "x_alpha"), ("a_{\\alpha}", "a_alpha"), ("T_{\\max}", "T_max")])
def test_a_command_in_a_subscript_is_part_of_the_name(text: str, shown: str) -> None:
    # killed: a command token not taken by the subscript ("unexpected '\alpha' in a subscript" for x_\alpha)
    assert str(read(text).value) == shown, read(text)


@pytest.mark.parametrize("output, gold, correct", [
    ("$\\lim_{x\\to 0} \\frac{\\sin 3x}{x}=12$", "12", True), ("$\\lim_{x\\to 0} \\frac{\\sin 3x}{x}=12$", "2", False),
])
def test_a_restated_left_side_without_spaces_keeps_its_whole_right_side(output: str, gold: str, correct: bool) -> None:
    # the right side starts right after "=" (killed: one character more skipped, which read "=12" as 2)
    v = mathgrade.grade(output, gold)
    assert v.correct is correct, v.explain()


@pytest.mark.parametrize("text", ["", "  ", "\\,", "$$"])
def test_an_empty_answer_says_so(text: str) -> None:
    # killed: the error made without its message
    r = read(text)
    assert r.value is None and r.error is not None and r.error.message == "empty answer", r


@pytest.mark.parametrize("output", ["$\\lim_{x\\to 0} \\frac{\\sin x}{x} != 1$", "$\\lim_{x\\to 0} \\frac{\\sin x}{x} := 1$"])
def test_a_restated_left_side_needs_a_plain_equals_sign(output: str) -> None:
    # "!=" and ":=" are no equals signs (killed: the character two before "=" tested instead of the one before, which
    # read "... != 1" as an equation whose value is 1)
    v = mathgrade.grade(output, "1")
    assert not v.correct, v.explain()
    assert mathgrade.grade(output.replace("!=", "=").replace(":=", "="), "1").correct


# -- seed 37's survivors in _read/_tokens.py and _read/__init__.py ---------------------------------------------------
@pytest.mark.parametrize("text, opened", [("\\begin{pmatrix", 0), ("x + \\begin{pmatrix 1 & 2", 4)])
def test_an_unclosed_environment_name_says_where_it_opened(text: str, opened: int) -> None:
    # killed: _environment giving _braced no opening position (the error then became an internal TypeError)
    e = read(text).error
    assert e is not None and e.message.startswith("expected '}'") and e.context == ("'\\begin{' opened", opened), e


@pytest.mark.parametrize("text, tree", [
    ("\\text{x}", ("sym", "x")), ("\\text{i}", ("const", "i")), ("\\text{x+1}", ("add", ("sym", "x"), ("num", 1))),
])
def test_one_letter_in_text_is_math_not_a_word(text: str, tree: tuple) -> None:
    # a word needs two letters in a row (killed: _has_word's count starting at 1, which made any text that starts
    # with a letter a word: \text{x} was the word "x")
    from mathgrade.values import Expression

    value = read(text).value
    assert isinstance(value, Expression) and value.tree == tree, value
    assert mathgrade.grade("$\\text{x}^2$", "x^2").correct
    assert read("\\text{ab}").value is not None and not isinstance(read("\\text{ab}").value, Expression)


@pytest.mark.parametrize("text, pos", [("x five", 2), ("five five", 5)])
def test_an_unexpected_number_word_is_reported_where_it_is(text: str, pos: int) -> None:
    # killed: the token of a number word made without its position (the error then had none)
    e = read(text).error
    assert e is not None and e.message == "unexpected 'five'" and e.pos == pos, e


@pytest.mark.parametrize("text", ["1e6000", "2e-6000", "1e0000005"])
def test_an_exponent_over_the_limit_is_refused_however_written(text: str) -> None:
    # refused when it has more than 6 digits or exceeds MAX_DIGITS (killed: `or` made `and`, which let 1e6000 be
    # built, 6001 digits, and read 1e0000005 as 10^5)
    r = read(text)
    assert r.value is None and r.error is not None and "exceeds the limit" in r.error.message, r
    assert isinstance(read("1e5000").value, Number)


@pytest.mark.parametrize("text", ["\\text{x.}", "\\text{x .}"])
def test_a_point_at_the_end_of_text_is_an_unexpected_character(text: str) -> None:
    # the look at the character after a point stays inside the text (killed: `pos + 1 < end` made `pos - 1 < end`,
    # which read past the end: an internal IndexError)
    e = read(text).error
    assert e is not None and e.message == "unexpected character '.'", e


@pytest.mark.parametrize("text, letter, content", [("B) 12", "B", 12), ("(B) 12", "B", 12), ("C) 7", "C", 7)])
def test_a_letter_and_parenthesis_before_content_is_the_choice(text: str, letter: str, content: int) -> None:
    # "B) 12" is choice B with content 12 (killed: the letter taken from the content's group: the "letter" 12)
    assert read(text).value == Choice(letter, Number(Fraction(content)))
    assert mathgrade.grade(f"$\\boxed{{{text}}}$", letter).correct


# -- seed 43 (_read/_parser.py) ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, same", [("2|x|", "2 \\cdot |x|"), ("x|y|", "x \\cdot |y|"),
                                        ("3|x - 1| + 1", "3 \\cdot |x - 1| + 1")])
def test_bars_after_an_operand_are_an_absolute_value_times_it(text: str, same: str) -> None:
    # outside bars, a "|" after an operand opens an absolute value multiplied by it (killed: the parser starting as
    # if inside bars, `in_bars = True`, which made "2|x|" unreadable)
    assert read(text).value == read(same).value is not None
    assert mathgrade.grade(f"$\\boxed{{{text}}}$", same).correct


@pytest.mark.parametrize("text", ["\\{x \\mid x > 1, x < 3\\}", "\\{x : x > 1, x < 3\\}"])
def test_a_set_builder_with_several_conditions_reads_as_their_list(text: str) -> None:
    # (killed: the list of conditions given an unknown tree kind, which made the set-builder unreadable)
    assert read(text).value == read("x > 1, x < 3").value is not None
    assert mathgrade.grade(f"$\\boxed{{{text}}}$", "x > 1, x < 3").correct
    assert read("\\{x \\mid x > 1\\}").value == read("x > 1").value  # (one condition: the condition itself)


def test_a_function_value_names_its_argument_without_braces_around_a_product() -> None:
    # "f(2 \cdot 10^{3})" and "f(2 \cdot 10^3)" name one value: the braces go even when the argument holds \cdot
    # (killed: the \cdot no longer set aside before looking for other commands, which kept the braces)
    assert mathgrade.grade("$\\boxed{f(2 \\cdot 10^{3})}$", "f(2 \\cdot 10^3)").correct
    assert mathgrade.grade("$\\boxed{f(2 \\cdot 10^{3}) = 5}$", "f(2 \\cdot 10^3) = 5").correct
    assert not mathgrade.grade("$\\boxed{f(2 \\cdot 10^{4})}$", "f(2 \\cdot 10^3)").correct


@pytest.mark.parametrize("text, same", [("; 1, 2", "1, 2"), ("(;1, 2)", "(1, 2)"), ("\\{;1;2\\}", "\\{1, 2\\}"),
                                        ("x=1;;x=2", "x=1, x=2"), ("(1; ;2)", "(1, 2)")])
def test_stray_semicolons_between_items_are_skipped(text: str, same: str) -> None:
    # (killed: the stray separator ";" no longer skipped: each of these unreadable)
    assert read(text).value == read(same).value is not None


@pytest.mark.parametrize("text, opener, closer, at", [("\\lfloor 2.5", "lfloor", "rfloor", 11),
                                                     ("\\lfloor 2.5 \\rceil", "lfloor", "rfloor", 12),
                                                     ("1 + \\lceil 2.5 )", "lceil", "rceil", 15)])
def test_an_unclosed_floor_or_ceiling_says_where_it_opened(text: str, opener: str, closer: str, at: int) -> None:
    # (killed: the error's context, where the \lfloor opened, dropped)
    error = read(text).error
    assert error is not None and error.message == f"expected '\\{closer}' to close it" and error.pos == at
    start = text.index("\\" + opener)
    assert error.context == (f"'\\{opener}' opened", start)
    assert str(error) == f"'\\{opener}' opened at position {start}: expected '\\{closer}' to close it at position {at}"


@pytest.mark.parametrize("text, same", [("\\frac e2", "\\frac{e}{2}"), ("\\sqrt e", "e^{1/2}"), ("\\frac 1e", "e^{-1}"),
                                        ("\\frac i2", "\\frac{i}{2}"), ("\\frac 1i", "-i")])
def test_e_and_i_as_the_bare_argument_of_a_command_are_the_constants(text: str, same: str) -> None:
    # a letter right after \frac or \sqrt, without braces, is read by identifier_plain: e and i there are the
    # constants, as everywhere (killed: "e" dropped from its table, which made \frac e2 a variable e over 2)
    verdict = mathgrade.grade(f"$\\boxed{{{text}}}$", same)
    assert verdict.correct, verdict.explain()
    assert not mathgrade.grade(f"$\\boxed{{{text.replace('e', 'E').replace('i', 'I')}}}$", same).correct


# -- seed 53 (_read/__init__.py) ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("value, kind", [(5, "int"), (None, "NoneType"), (b"5", "bytes"), (3.5, "float")])
def test_reading_what_is_not_a_string_says_what_it_was(value: object, kind: str) -> None:
    # read never raises: a value that is not a string is an error naming its type, at position 0 (killed: the
    # error left out, a reading with neither a value nor an error)
    r = read(value)  # type: ignore[arg-type]
    assert r.value is None and r.error is not None, r
    assert (r.error.pos, r.error.message) == (0, f"expected a string, not {kind}")


class _FaultyText(str):
    """A string whose own methods fail (a str subclass, as numpy.str_ is one): a real fault inside the reader."""

    def _fail(self, *args: object, **kwargs: object) -> str:
        raise ValueError("a fault in the input's own method")

    replace = strip = split = find = lower = startswith = endswith = rstrip = lstrip = translate = _fail  # type: ignore
    __contains__ = __getitem__ = _fail  # type: ignore


def test_an_internal_error_of_the_reader_is_a_reading_that_holds_the_input() -> None:
    # reading never raises: a failure inside the reader is an error reading, which keeps the input it was reading
    # (killed: the input left out of that error, text None)
    text = _FaultyText("x^2 + 1 + y_{seed 53}")
    r = read(text)
    assert r.value is None and r.error is not None, r
    assert r.error.message == "internal reader error (ValueError: a fault in the input's own method)"
    assert r.error.text == "x^2 + 1 + y_{seed 53}" and r.error.pos == 0
    clear_read_cache()  # (the cache keeps that reading under the equal plain string)
    assert read("x^2 + 1 + y_{seed 53}").error is None  # the same text as a plain string reads
