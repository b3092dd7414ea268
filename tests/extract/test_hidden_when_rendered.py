"""What a reader of the rendered output does not see is not its answer: a box in a LaTeX ``comment`` environment, a
Markdown comment line, an HTML element hidden by its style or attribute, or coloured as the page with xcolor's mix
syntax (``black!0`` is 0% black: white). Each of these was credited before (the hidden box against its gold); the
controls are the visible forms of the same markup."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mathgrade
from mathgrade._extract import _scan


@pytest.mark.parametrize("output", [
    "The answer is \\boxed{42}<span style=\"display:none\">\\boxed{43}</span>",
    "The answer is \\boxed{42}<SPAN STYLE=\"visibility: hidden\">\\boxed{43}</SPAN>",
    "The answer is \\boxed{42}<div hidden>\\boxed{43}</div>",
    "The answer is 42.\n\n[//]: # (\\boxed{43})",
    "The answer is 42.\n[comment]: # (The answer is 43)",
    "\\begin{comment}\\boxed{43}\\end{comment} The answer is 42.",
    "The answer is $\\boxed{\\color{black!0}43}$",
    "The answer is $\\boxed{\\textcolor{white!100}{43}}$",
    "The answer is $\\boxed{\\mathcolor{white}{43}}$",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_box_hidden_when_rendered_is_not_credited(output: str, policy: str) -> None:
    assert not mathgrade.grade(output, "43", policy=policy).correct


@pytest.mark.parametrize("output", [
    "The answer is $\\boxed{\\textcolor{white!50!black}{43}}$",  # grey: visible
    "$\\boxed{\\color{red!80}43}$",
    "See [1]: the answer is \\boxed{43}.",
    "<span>The answer is \\boxed{43}</span>",
    "<p style=\"color:red\">\\boxed{43}</p>",
    "<div class=\"hidden-proof\">\\boxed{43}</div>",
    "Since $a < b$ and $p < q$, the answer is $\\boxed{43}$.",
    "\\begin{proof}We get \\boxed{43}.\\end{proof}",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_the_visible_forms_are_credited(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "43", policy=policy)
    assert v.correct, v.explain()


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(["<span", "<SPAN", "<div", "<p ", " hidden", " style=\"display:none\"", ">", "</span>",
                                 "</div>", "[//]: # (", ")", "\\begin{comment}", "\\end{comment}", "\\iffalse", "\\fi",
                                 "<!--", "-->", "%", "5", "\n", " ", "x", "\\boxed{4}"]), max_size=14))
def test_the_quick_exit_hides_what_the_full_scan_hides(pieces: list) -> None:
    text = "".join(pieces)
    assert _scan.hide_comments(text) == _scan._hide_all(text)
    assert len(_scan.hide_comments(text)) == len(text)
