"""Red team, a box that is a piece of a longer expression (family 2). Before, the box was credited when its formula
crossed a line break before it ("$2 \\times\\n\\boxed{21}$": the line before was not looked at) and for the
operators the rule did not know: a bracket raised to a power, a factorial, a glued variable, digit, constant or group
of digits, a function, an exponent or a subscript without braces, bars, ``\\over``. Now a line break inside the formula
holding the box does not end the expression, and outside a formula a Markdown list marker ("* ", "- ") is no operator
(a box after one was refused before, a false negative). What is a piece only inside a formula (a factorial, a glued
letter, a bar) is looked up in the formula holding the box."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import _commit

ATTACKS = [
    ("So the total is $2 \\times\n\\boxed{21}$.", "21"),
    ("$$63 -\n\\boxed{21}$$", "21"),
    ("\\[3 \\cdot\n\\boxed{21}\\]", "21"),
    ("$$\\frac{1}{\n\\boxed{21}}$$", "21"),
    ("$$2 \\times\n\n\\boxed{21}$$", "21"),
    ("$\\boxed{21}\n\\times 2$", "21"),
    ("The answer is $(\\boxed{21})^2$.", "21"),
    ("The answer is $\\left(\\boxed{21}\\right)^{2}$.", "21"),
    ("The answer is $\\boxed{21}!$.", "21"),
    ("The answer is $x\\boxed{21}$.", "21"),
    ("The answer is $\\log \\boxed{21}$.", "21"),
    ("The answer is $\\log_2 \\boxed{21}$.", "21"),
    ("The answer is $\\sin(\\boxed{21})$.", "21"),
    ("The answer is $\\sqrt\\boxed{21}$.", "21"),
    ("The answer is $10^\\boxed{21}$.", "21"),
    ("The answer is $\\boxed{21}\\pi$.", "21"),
    ("The answer is $\\boxed{21}\\sqrt{2}$.", "21"),
    ("The answer is $\\boxed{21} \\bmod 5$.", "21"),
    ("The answer is $\\boxed{21}x$.", "21"),
    ("The answer is $\\boxed{21}0$.", "21"),
    ("The answer is $\\boxed{21}.5$.", "21"),
    ("The answer is $\\boxed{21},000$.", "21"),
    ("The answer is $\\boxed{21}{,}000$.", "21"),
    ("The answer is $\\boxed{21}\\,000$.", "21"),
    ("The answer is $\\boxed{21}_8$.", "21"),
    ("The answer is $\\boxed{21}_{8}$.", "21"),
    ("The answer is $|\\boxed{-21}|$.", "-21"),
    ("The answer is $\\left|\\boxed{-21}\\right|$.", "-21"),
    ("The answer is $\\lfloor \\boxed{21.5} \\rfloor$.", "21.5"),
    ("The answer is $-(\\boxed{21})$.", "21"),
    ("The answer is $2(\\boxed{21})$.", "21"),
    ("The answer is ${\\boxed{21} \\over 2}$.", "21"),
    ("The answer is $\\boxed{21} \\choose 2$.", "21"),
    ("所以总数是 $2 \\times\n\\boxed{21}$。", "21"),
]
CONTROLS = [
    "Answer:\n* \\boxed{21}",
    "Answer:\n* $\\boxed{21}$",
    "Answer:\n- \\boxed{21}\n- checked by substitution",
    "* (\\boxed{21})",
    "$\\boxed{21}$\n- next, we check it",
    "$$x =\n\\boxed{21}$$",
    "$$\n\\boxed{21}\n$$",
    "We get 3 + 18\n$\\boxed{21}$",
    "We get 3 +\n\\boxed{21}",  # (no formula holds the line break)
    "Step 1: $5 \\times 4 = 20$\n\\boxed{21}",
    "The angle is $\\boxed{21}^\\circ$.",
    "The angle is $\\boxed{21}^{\\circ}$.",
    "The length is $\\boxed{21}\\,\\text{cm}$.",
    "The length is $\\boxed{21}\\text{ cm}$.",
    "The length is $\\boxed{21}\\ \\text{cm}$.",
    "The rate is $\\boxed{21}\\%$.",
    "The answer is $\\boxed{21}$!",
    "The answer is \\boxed{21}!",
    "So $x \\equiv \\boxed{21} \\pmod{35}$.",
    "So $x \\equiv \\boxed{21} \\mod 35$.",
    "The answer is $(\\boxed{21})$.",
    "Part 2 (\\boxed{21})",
    "The 5th term is $\\boxed{21}$.",
    "The answer is $\\boxed{21}\\\\$",
    "$\\boxed{21} \\quad \\text{(days)}$",
    "$x = \\boxed{21}$ and $x! = 21!$",
    "长度是 $\\boxed{21}\\,\\text{cm}$。",
]


@pytest.mark.parametrize("output, gold", ATTACKS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_box_that_is_a_piece_of_a_longer_expression_is_refused(output: str, gold: str, policy: str) -> None:
    v = mathgrade.grade(output, gold, policy=policy)
    assert not v.correct, v.explain()
    if policy == "reward":
        assert v.rule == "answer.partial_expression", v.explain()


@pytest.mark.parametrize("output", CONTROLS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_whole_box_is_credited(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "21", policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("text, formula, partial", [
    ("$2 \\times\n\\boxed{1}$", (0, 20, 1, 19), True),
    ("$2 \\times\n\\boxed{1}$", None, False),  # (no formula holds the line break: a new line)
    ("$2 \\times\n\\boxed{1}$", (10, 20, 11, 19), False),  # (the formula starts on the box's line)
    ("$\\boxed{1}!$", (0, 12, 1, 11), True),
    ("$\\boxed{1}!$", (0, 11, 1, 10), False),  # (the formula ends before the mark: an exclamation)
    ("$x\\boxed{1}$", (0, 12, 1, 11), True),
    ("$x\\boxed{1}$", None, False),
    ("\\boxed{1}\n- 2", (0, 13, 0, 13), True),
    ("\\boxed{1}\n- 2", None, False),
])
def test_what_is_a_piece_inside_a_formula_only(text: str, formula: object, partial: bool) -> None:
    start = text.index("\\boxed")
    end = text.index("}", start) + 1
    assert _commit._partial(text, start, end, lambda: formula) is partial  # type: ignore[arg-type,return-value]


@pytest.mark.parametrize("output, gold, credited", [
    ("The answer is $5!$.", "5", False),  # (the factorial was trimmed as an exclamation mark: credited before)
    ("The answer is \\(5!\\).", "5", False),
    ("Final answer: $n!$", "n", False),
    ("Final answer: $n!$", "n!", True),
    ("The answer is $42$!", "42", True),
    ("The answer is 42!", "42", True),
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_factorial_ending_a_phrase_answer_is_kept(output: str, gold: str, credited: bool, policy: str) -> None:
    v = mathgrade.grade(output, gold, policy=policy)
    assert v.correct is credited, v.explain()
