"""Numbers past Python's int/str conversion limit (4,300 digits by default, as low as 640 if the host program says so)
are read, decided and printed like any other: never ``error``, never a changed host setting (issue 24, item 1)."""

import json
import subprocess
import sys
from fractions import Fraction as F

import pytest

from mathgrade import grade, read
from mathgrade.limits import MAX_DIGITS
from mathgrade.values import (EXACT_DIGITS, Expression, Number, SetValue, TupleValue, digit_count, fraction_text,
                              int_text)

# (output, gold, correct): each over the limit on one side at least
BIG_ROWS = [
    ("3", "1e4300", False),
    ("1", "10^{4999}", False),
    ("\\boxed{1e4300}", "3", False),
    ("\\boxed{1e4300}", "10^{4300}", True),
    ("\\boxed{10^{4300}}", "1e4300", True),
    ("\\boxed{10^{4300}+1}", "1e4300", False),
    ("\\boxed{1e4300}", "1e4301", False),
    ("\\boxed{-1e4300}", "1e4300", False),
    ("\\boxed{10^{4999}}", "10^{4999}", True),
    ("\\boxed{10^{4999}}", "10^{4998}", False),
    ("\\boxed{2^{20000}}", "2^{20000}", True),
    ("\\boxed{2^{20000}}", "2^{19999}", False),
    ("\\boxed{1.5e4400}", "15e4399", True),
    ("\\boxed{1.5e4400}", "1.6e4400", False),
    ("\\boxed{\\frac{1}{10^{4500}}}", "1e-4500", True),
    ("\\boxed{\\frac{1}{10^{4500}}}", "2e-4500", False),
    ("\\boxed{1e-4500}", "0", False),
    ("\\boxed{10^{3000}\\cdot 10^{3000}}", "10^{6000}", True),
    ("\\boxed{10^{3000}\\cdot 10^{3000}}", "10^{5999}", False),
    ("\\boxed{(1e4300, 2)}", "(10^{4300}, 2)", True),
    ("\\boxed{(1e4300, 2)}", "(10^{4300}, 3)", False),
    ("\\boxed{x = 1e4300}", "10^{4300}", True),
    ("\\boxed{1e4300 \\%}", "1e4298", True),
    ("\\boxed{1400!}", "1400!", True),
]


@pytest.mark.parametrize("output, gold, correct", BIG_ROWS)
def test_numbers_past_the_conversion_limit_are_decided(output, gold, correct):
    v = grade(output, gold)
    assert v.status.value != "error", v.error
    assert v.correct is correct, v.explain()
    _assert_printable(v)


def _assert_printable(v):
    for text in (str(v.answer_value), str(v.gold_value), repr(v), v.explain(), v.reason):
        assert isinstance(text, str)
        text.encode("utf-8")
    json.dumps(v.to_dict(), ensure_ascii=False).encode("utf-8")
    json.dumps(v.to_row(), ensure_ascii=False)


def test_a_read_value_past_the_limit_prints():
    v = read("1e4300").value
    assert v == Number(F(10) ** 4300, -4300)
    assert str(v) == "1" + "0" * 4300  # in full: 4,301 digits is within EXACT_DIGITS
    assert "Fraction(1000" in repr(v)
    big = read("(1e4300, 10^{4999}, 2^{20000})").value
    assert isinstance(big, TupleValue)
    assert str(big).startswith("(1000") and repr(big).startswith("TupleValue(items=(Number(")


def test_integers_print_exactly_up_to_the_display_size_and_abbreviated_beyond():
    for n in (0, 7, -7, 10**599, 10**600 - 1, 10**600, -(10**4300), 3**20000, 10**EXACT_DIGITS - 1):
        text = int_text(n)
        assert digit_count(n) == len(text.lstrip("-"))
        assert int(text) == n if len(text) <= 4300 else text[-4:] == f"{abs(n) % 10**4:04d}"
    huge = 10**EXACT_DIGITS + 12345
    text = int_text(huge)
    assert text == f"1{'0' * 11}…{'0' * 7}12345 ({EXACT_DIGITS + 1:,} digits)"
    assert int_text(-huge).startswith("-1000")
    assert fraction_text(F(-(10**5000), 3)).endswith("/3")


def test_exact_text_matches_python_without_the_limit():
    """The pieces ``int_text`` joins are the digits Python itself prints once the limit is lifted (in a child
    process: the limit is the host's setting, which a test must not change either)."""
    code = (
        "import sys\n"
        "from mathgrade.values import int_text, digit_count\n"
        "sys.set_int_max_str_digits(0)\n"
        "for n in [10**4300 + 7, 3**20000, -(7**9000), 2**33219, 10**9999]:\n"
        "    assert int_text(n) == str(n), n % 1000\n"
        "    assert digit_count(n) == len(str(abs(n)))\n"
        "print('same')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "same", out.stderr[-2000:]


def test_a_low_host_limit_is_respected_and_never_changed():
    """A host program that lowered the limit to its least (640 digits) still gets every verdict, and keeps its
    setting."""
    code = (
        "import json, sys\n"
        "sys.set_int_max_str_digits(640)\n"
        "from mathgrade import grade\n"
        f"rows = {[(o, g) for o, g, _ in BIG_ROWS]!r} + [('\\\\boxed{{0.' + '3' * 700 + '}}', '\\\\frac13'),\n"
        "      ('\\\\boxed{' + '7' * 900 + '}', '7' * 900), ('\\\\boxed{' + '7' * 900 + '}', '7' * 899 + '8')]\n"
        "out = []\n"
        "for o, g in rows:\n"
        "    v = grade(o, g)\n"
        "    json.dumps(v.to_dict())\n"
        "    v.explain()\n"
        "    out.append(v.status.value)\n"
        "print(json.dumps([out, sys.get_int_max_str_digits()]))\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    statuses, limit = json.loads(res.stdout)
    assert limit == 640
    expected = ["correct" if c else "incorrect" for _, _, c in BIG_ROWS] + ["correct", "correct", "incorrect"]
    assert statuses == expected


def test_grading_leaves_the_host_limit_alone():
    before = sys.get_int_max_str_digits()
    grade("\\boxed{1e4300}", "3")
    assert sys.get_int_max_str_digits() == before


def test_folded_numbers_stay_within_the_digit_limit():
    """A rational constant is folded to a Number while it has at most MAX_DIGITS digits; a bigger one stays a tree
    (compare evaluates it exactly), so one answer never holds a huge integer."""
    v = read("10^{3990}").value
    assert isinstance(v, Number) and len(str(v)) == 3991
    assert isinstance(read(f"10^{{{MAX_DIGITS - 1}}}").value, Number)
    assert isinstance(read(f"10^{{{MAX_DIGITS + 1}}}").value, Expression)
    assert isinstance(read("10^{3000} \\cdot 10^{3000}").value, Expression)
    assert isinstance(read("10^{3000} \\cdot 10^{1000}").value, Number)
    many = read("*".join(["1e4000"] * 300)).value  # 1,200,000 digits if folded
    assert isinstance(many, Expression)
    assert isinstance(read("1e4000 + 1e-4000").value, Expression)
    assert read("\\frac{10^{4000}}{10^{3999}}").value == Number(F(10))
    mixed = read("\\{10^{4999}, 1e4300\\}").value
    assert isinstance(mixed, SetValue) and all(isinstance(x, Number) for x in mixed.items)
