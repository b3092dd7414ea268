"""Red team, LaTeX macros (family 3): an output that defines a macro and uses it shows what the definition makes of
it, which the grader does not expand (MathJax and KaTeX do): ``\\renewcommand{\\boxed}[1]{}`` shows no box,
``\\let\\boxed\\phantom`` an empty one, ``\\newcommand{\\hide}[1]{}`` hides a box given to it, and
``\\newcommand{\\ans}{43}`` gives an answer through a name. Such a text is blanked from the definition on, under both
policies; 5 of the 6 attacks here were credited before. A definition the output never uses, or one after its
answer, changes nothing (the controls)."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import _scan

ATTACKS = [
    ("\\renewcommand{\\boxed}[1]{} The answer is $\\boxed{42}$.", "42"),
    ("\\renewcommand*{\\boxed}[1]{} The answer is $\\boxed{42}$.", "42"),
    ("\\newcommand{\\hide}[1]{} The answer is $\\boxed{42}$. \\hide{$\\boxed{43}$}", "43"),
    ("\\newcommand\\hide[1]{}\\hide{\\boxed{43}}", "43"),
    ("\\let\\boxed\\phantom The answer is $\\boxed{42}$.", "42"),
    ("\\let\\boxed=\\phantom The answer is $\\boxed{42}$.", "42"),
    ("\\def\\hide#1{} \\hide{$\\boxed{43}$} The answer is $\\boxed{42}$.", "42"),
    ("\\gdef\\h#1{}The answer is \\h{43}", "43"),
    ("\\providecommand{\\h}[1]{}The answer is $\\h{\\boxed{43}}$", "43"),
    ("\\DeclareRobustCommand{\\h}[1]{}The answer is $\\h{\\boxed{43}}$", "43"),
    ("\\newcommand{\\ans}{43} The answer is $\\boxed{\\ans}$.", "43"),
    ("$\\newcommand{\\x}{43}\\boxed{\\x}$", "43"),
]
CONTROLS = [
    "\\newcommand{\\R}{\\mathbb{R}} The answer is $\\boxed{42}$.",
    "The answer is $\\boxed{42}$. \\newcommand{\\x}{1} $\\x$",
    "\\newcommand{\\x}{1} With $\\xi = 2$ the answer is $\\boxed{42}$.",  # \\xi is another command
    "$\\left(\\frac{1}{2}\\right)$, $\\det A = 1$, so the answer is $\\boxed{42}$.",
    "We let $x = 6$, so the answer is $\\boxed{42}$.",
    "By definition, the new command gives $\\boxed{42}$.",
    "\\newcommand The answer is $\\boxed{42}$.",  # a definition without a name defines nothing
]


@pytest.mark.parametrize("output, gold", ATTACKS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_an_answer_after_a_macro_the_output_defines_and_uses_is_not_credited(output: str, gold: str,
                                                                             policy: str) -> None:
    v = mathgrade.grade(output, gold, policy=policy)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("output", CONTROLS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_macro_never_used_or_defined_after_the_answer_changes_nothing(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "42", policy=policy)
    assert v.correct, v.explain()


def test_the_text_is_blanked_from_the_definition_to_its_end() -> None:
    text = "We get $\\boxed{1}$. \\def\\h#1{} \\h{2}\nend"
    at = text.index("\\def")
    assert list(_scan.hidden_spans(text)) == [(at, len(text), "hidden")]
    assert _scan.hide_comments(text) == text[:at] + " " * (len(text) - at - 4) + "\n   "
    assert list(_scan.hidden_spans("\\def\\h#1{} no use")) == []
