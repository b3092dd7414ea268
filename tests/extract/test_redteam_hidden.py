"""Red team, hidden answers (family 3): what a reader of the rendered output does not see, or sees only as code, is
not its answer, also when its markup spans lines. Each attack was credited before (the hidden box against its gold,
under both policies): an HTML tag whose attributes go on to the next line (``<span\\nstyle="display:none">``), a
Markdown comment whose title spans lines (CommonMark allows it), a ``~~strike~~`` over a line break (GitHub's
Markdown allows it), a box in an inline code span (shown as the text ``\\boxed{43}``), an image's alternative text
and an HTML tag's attributes (never shown on the page). The controls are the visible forms of the same markup."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mathgrade
from mathgrade._extract import _scan

ATTACKS = [
    'The answer is $\\boxed{42}$. <span\nstyle="display:none">$\\boxed{43}$</span>',
    'The answer is $\\boxed{42}$. <div hidden\n>$\\boxed{43}$</div>',
    "The answer is $\\boxed{42}$.\n[//]: # (\n$\\boxed{43}$\n)",
    'The answer is $\\boxed{42}$.\n[//]: # "\n$\\boxed{43}$\n"',
    "The answer is $\\boxed{42}$.\n[note]: # ('\n$\\boxed{43}$\n')",
    "The answer is $\\boxed{42}$.\n<script\n>$\\boxed{43}$</script>",
    "The answer is $\\boxed{42}$.\n<del\n>$\\boxed{43}$</del>",
    "The answer is $\\boxed{42}$.\n~~Actually\n$\\boxed{43}$~~",
    "The answer is $\\boxed{42}$.\n`\\boxed{43}`",
    "The answer is $\\boxed{42}$.\nWrite it as ``x = \\boxed{43}`` here.",
    "The answer is $\\boxed{42}$. ![\\boxed{43}](x.png)",
    'The answer is $\\boxed{42}$. ![The answer is 43](x.png "figure")',
    'The answer is $\\boxed{42}$. <img alt="\\boxed{43}">',
    "The answer is $\\boxed{42}$. <img\nsrc='x.png' title='The answer is 43'>",
    '答案是 $\\boxed{42}$。<span\nstyle="display:none">$\\boxed{43}$</span>',
]
CONTROLS = [
    'The answer is <span\nstyle="color:red">$\\boxed{43}$</span>',
    '<div class="x"\n>The answer is $\\boxed{43}$.</div>',
    "[//]: # (a note)\nThe answer is $\\boxed{43}$.",
    "The answer is $\\boxed{42}$.\n[//]: # (\n\n$\\boxed{43}$",  # a blank line: no title, no comment
    "The answer is $\\boxed{42}$.\n[//]: # (a\nnote)\n$\\boxed{43}$",  # the comment ends on its title's line
    "<script\n>var x = 1;</script> The answer is $\\boxed{43}$.",
    "~~The answer is\n42~~\nThe answer is $\\boxed{43}$.",
    "~~\nThe answer is $\\boxed{43}$.",
    "The answer is $\\boxed{42}$.\n~~Actually\n\n$\\boxed{43}$~~",  # no strike over a blank line
    "Use `\\boxed{}` for answers. The answer is $\\boxed{43}$.",
    "`a` and `b`, so the answer is $\\boxed{43}$.",
    "The answer is ``\\boxed{42}` $\\boxed{43}$",  # backtick runs of different lengths make no span
    "![figure](a.png)\nThe answer is $\\boxed{43}$.",
    '<p class="answer">The answer is $\\boxed{43}$.</p>',
    "Since $a <b$ and $c = 'x' > 1$, the answer is $\\boxed{43}$.",
]


@pytest.mark.parametrize("output", ATTACKS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_box_hidden_by_markup_over_lines_is_not_credited(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "43", policy=policy)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("output", CONTROLS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_the_visible_forms_are_credited(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "43", policy=policy)
    assert v.correct, v.explain()


def test_what_is_blanked_keeps_offsets_and_names_its_kind() -> None:
    text = 'x <img\nalt="\\boxed{4}"> y ![a](b.png) z'
    spans = list(_scan.hidden_spans(text))
    assert [(text[s:e], kind) for s, e, kind in spans] == [('<img\nalt="\\boxed{4}">', "hidden"),
                                                          ("![a](b.png)", "hidden")]
    blanked = _scan.hide_comments(text)
    assert len(blanked) == len(text) and blanked.count("\n") == 1 and "boxed" not in blanked


def test_a_markdown_comment_title_ends_the_comment_on_its_closing_line() -> None:
    text = "[//]: # (one\ntwo) after\nshown"
    assert _scan.hide_comments(text) == " " * 12 + "\n" + " " * 10 + "\nshown"
    unclosed = "[//]: # (one\n\ntwo)"
    assert _scan.hide_comments(unclosed) == " " * 12 + "\n\ntwo)"


@pytest.mark.parametrize("text, pos, inside", [
    ("a `b` c", 3, True), ("a `b` c", 6, False), ("a `b` c", 0, False), ("a ``b`` c", 4, True),
    ("a `b\n` c", 3, False), ("a `b", 3, False), ("``a`` `b`", 7, True), ("`a`` b", 5, False),
])
def test_a_code_span_is_two_runs_of_backticks_of_one_length_on_a_line(text: str, pos: int, inside: bool) -> None:
    assert _scan.Scan(text).in_code_block(pos) is inside


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["<img", "<span", "\n", " ", "alt=", '"', "'", ">", "![", "](", ")", "[", "]",
                                 "x", "\\boxed{4}", "~~", "`", "[//]: # (", "#"]), max_size=14))
def test_the_quick_exit_hides_what_the_full_scan_hides(pieces: list) -> None:
    text = "".join(pieces)
    assert _scan.hide_comments(text) == _scan._hide_all(text)
    assert len(_scan.hide_comments(text)) == len(text)
