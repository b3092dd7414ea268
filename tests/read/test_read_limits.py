"""Reader: bounds (length, digits, exponents, depth, matrix size), never raising, determinism, no sympy."""

import os
import subprocess
import sys
from fractions import Fraction as F

import pytest

from mathgrade.limits import MAX_ANSWER_CHARS, MAX_DEPTH, MAX_DIGITS, MAX_MATRIX_CELLS
from mathgrade._read import ReadError, read
from mathgrade.values import Expression, Number


def test_long_input_is_refused_with_the_limit_named():
    r = read("1+" * (MAX_ANSWER_CHARS // 2) + "1")
    assert r.value is None and "characters" in r.error.message


@pytest.mark.parametrize("text", ["1+" * (MAX_ANSWER_CHARS // 2) + "1", "x" * (MAX_ANSWER_CHARS + 1),
                                  " " * MAX_ANSWER_CHARS + "7"])
def test_the_length_error_holds_the_text_and_points_at_the_limit(text):
    """Written for seed 127 (docs/testing.md): the error built without its text (``None``). The contrast: the text
    one character shorter reads, or fails for another reason, never this one."""
    r = read(text)
    message = f"answer longer than the limit of {MAX_ANSWER_CHARS} characters"
    assert r.value is None and r.error == ReadError(MAX_ANSWER_CHARS, message, text), r.error
    assert r.error.text is text and str(r.error) == f"{message} at position {MAX_ANSWER_CHARS}"
    shorter = read(text[1:])
    assert shorter.error is None or shorter.error.message != message, shorter.error


def test_input_just_under_the_length_limit_reads():
    text = "1+" * ((MAX_ANSWER_CHARS - 2) // 2) + "1"
    assert len(text) <= MAX_ANSWER_CHARS
    assert read(text).value == Number(F((MAX_ANSWER_CHARS - 2) // 2 + 1))


def test_too_many_digits_is_an_error_not_a_crash(long_answers):
    r = read("7" * (MAX_DIGITS + 1) + "x")
    assert r.value is None and "digits" in r.error.message
    r = read("7" * (MAX_DIGITS + 1))
    assert r.value is None and "digits" in r.error.message
    big = "9" * 4500  # over Python's int/str conversion limit of 4300
    assert read(big).value == Number(F(10**4500 - 1))
    assert read(big + ".5x").value is not None


def test_huge_exponents_are_never_evaluated():
    v = read("9^{9^{9^9}}").value
    assert isinstance(v, Expression)
    assert v.tree[0] == "pow"
    assert read("2^{20000}").value == Expression(("pow", ("num", F(2)), ("num", F(20000))))
    assert read("2^{10}").value == Number(F(1024))
    assert isinstance(read("10^{10^{10}}").value, Expression)
    assert read("1e999999999").value is None
    assert isinstance(read("(10^{4000})^{2}").value, Expression)  # (folded numbers: test_read_big_numbers)


def test_huge_factorials_are_not_evaluated():
    assert isinstance(read("100000!").value, Expression)


def test_deep_nesting_is_an_error_not_a_crash():
    deep = "(" * (MAX_DEPTH + 5) + "1" + ")" * (MAX_DEPTH + 5)
    r = read(deep)
    assert r.value is None and "nesting" in r.error.message
    assert read("(" * 20 + "1" + ")" * 20).value == Number(F(1))
    assert read("-" * 500 + "1").value is None
    assert read("{" * 300 + "1" + "}" * 300).value is None


def test_long_flat_chains_read():
    assert read("+".join(["1"] * 1500)).value == Number(F(1500))
    r = read("/".join(["2"] * 1000))
    assert r.value is None or isinstance(r.value, Number)  # bounded either way


def test_matrix_size_is_bounded():
    row = " & ".join(["1"] * 30)
    text = "\\begin{pmatrix}" + " \\\\ ".join([row] * 20) + "\\end{pmatrix}"
    assert 30 * 20 > MAX_MATRIX_CELLS
    r = read(text)
    assert r.value is None and "matrix" in r.error.message


@pytest.mark.parametrize("junk", [
    "", " ", "\\", "{", "}", "\\frac{", "\\frac{1}{", "((((", "))))", "\\begin{pmatrix}", "\\end{pmatrix}",
    "^^^", "__", "x^", "\\sqrt", "\\sqrt[", "|", "||", "\\left(", "1,,2", ",", "\\text{", "$", "\\boxed{",
    "\x00", "😀", "1/0", "0^{-1}", "\\frac{1}{0}", "\\log_0 0", "0.\\overline{}", "1e", "1.2.3", "\\{", "\\}",
    "[1,2,3)", "(1,2,3]", "\\begin{foo}1\\end{foo}", "\\foo", "\\begin{cases} 1 & 2 \\end{cases}",
])
def test_reading_never_raises(junk):
    r = read(junk)
    assert r.value is not None or r.error is not None


def test_errors_say_where_and_what():
    r = read("\\frac{1}{2")
    assert r.value is None and "to close" in r.error.message
    r = read("1 + \\foo{2}")  # an unknown command with an argument (alone, \\foo names a quantity)
    assert r.error.message == "unknown command '\\foo'" and r.error.pos == 4
    assert "position 4" in str(r.error)


def test_non_string_input():
    assert read(None).value is None  # type: ignore[arg-type]


def test_same_result_in_another_process_whatever_the_hash_seed():
    texts = ["\\{1,2,x\\}", "x=2 \\text{ or } x=3", "(0,9) \\cup (9,36)", "\\frac{x+2}{7}", "1 \\pm \\sqrt{19}"]
    script = ("import sys; from mathgrade._read import read; "
              "print([repr(read(t).value) for t in sys.argv[1:]])")
    outs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        res = subprocess.run([sys.executable, "-c", script, *texts], capture_output=True, text=True, env=env,
                             check=True)
        outs.append(res.stdout)
    assert outs[0] == outs[1]
    assert outs[0].strip() == str([repr(read(t).value) for t in texts])


def test_reading_does_not_import_sympy():
    script = ("import sys; from mathgrade._read import read; "
              "[read(t) for t in ['1', '\\\\frac{x}{2}', '\\\\sin x', '(1,2]', '\\\\sqrt{2}']]; "
              "print('sympy' in sys.modules)")
    res = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert res.stdout.strip() == "False"


def test_results_are_cached_and_immutable():
    a = read("\\frac{9}{7}")
    b = read("\\frac{9}{7}")
    assert a is b
    with pytest.raises(AttributeError):
        a.value.value = 3  # type: ignore[misc]


_PIECES = ["\\frac", "\\sqrt", "{", "}", "(", ")", "[", "]", "\\{", "\\}", "|", "1", "23", ".5", "x", "e", "i",
           "^", "_", "-", "+", "\\pm", ",", "=", "<", "\\le", "\\cup", "\\infty", "\\pi", "\\sin", "\\log", "!",
           "%", "^\\circ", "\\text{ or }", "\\text{cm}", " ", "\\begin{pmatrix}", "\\end{pmatrix}", "&", "\\\\",
           "\\left(", "\\right)", "'", "0.\\overline{3}", "\\binom", "\\choose", ":", "\\$", "$", "\\boxed{", "A",
           "(B)", "\\lfloor", "\\rfloor", "\\mathrm{e}", "1{,}000", "\\,", "\\!", "2\\frac12", "apples", "and"]


def test_random_latex_never_raises():
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    @settings(max_examples=400, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.sampled_from(_PIECES), max_size=14))
    def check(pieces):
        r = read("".join(pieces))
        assert r.value is not None or r.error is not None

    check()


def test_random_text_never_raises():
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    @settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.text(max_size=40))
    def check(text):
        r = read(text)
        assert r.value is not None or r.error is not None

    check()


_NESTINGS = {
    "function": ("\\sin(", ")"), "bare function": ("\\sin ", ""), "degrees in a function": ("\\sin(", "^\\circ)"),
    "root": ("\\sqrt{", "}"), "fraction": ("\\frac{1}{", "}"), "bracket": ("(", ")"), "left/right": ("\\left(", "\\right)"),
    "power": ("2^{", "}"), "subscript": ("x_{", "}"), "absolute value": ("|", "|"), "logarithm": ("\\log(", ")"),
    "braces": ("{", "}"), "function value": ("f(", ")"), "negation": ("-(", ")"), "ratio": ("1:(", ")"),
    "percent": ("(", "\\%)"), "set": ("\\{", "\\}"), "interval": ("[0,", "]"), "factorial": ("(", ")!"),
    "tuple": ("(1,", ")"), "root of a function": ("\\sqrt{\\sin(", ")}"), "binomial": ("\\binom{", "}{2}"),
    "floor": ("\\lfloor ", " \\rfloor"),
}


def test_deep_nesting_is_read_in_linear_time():
    """Reading runs in this process, where nothing can stop it: nesting must never make it explode. (Nested
    functions once took twice as long per level: 90 levels of ``\\sin(`` ran for hours.) Each construct is read and
    graded at 95 levels, in a subprocess that is given 120 s in all; the run takes well under a second here."""
    code = (
        "import mathgrade\n"
        f"for a, b in {list(_NESTINGS.values())!r}:\n"
        "    s = a * 95 + 'x' + b * 95\n"
        "    mathgrade.read(s)\n"
        "    mathgrade.grade('$\\\\boxed{' + s + '}$', s, timeout=5)\n"
        "print('done')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "done", out.stderr[-2000:]
