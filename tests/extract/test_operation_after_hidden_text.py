"""Words that go on with an operation on a box (``$\\boxed{5}$ times 2``, ``$\\boxed{5}$ squared.``:
``_commit._OPERATED_AFTER``) make it a piece of a longer expression (``answer.partial_expression``), and so they do
when hidden text stands between the box and them: a comment, ``\\iffalse...\\fi`` or a phantom is not shown, and
``$\\boxed{5}$<!-- ... --> times 2`` renders ``5 times 2``. The rules read such text blanked (spaces); each run of
blanks counts as one space here, however long the hidden text (the words are read up to 80 characters after the
box, as before). The contrasts: the same hidden text followed by the end of the sentence, or by the operation
words on a line of their own after a blank line, leave the box the answer.

Written for seed 151 (docs/testing.md): the words were looked for in the 80 characters after the box as they are,
blanks included, so a comment of about 70 characters or more hid the operation: ``The answer is
$\\boxed{5}$<!-- (70 characters) --> times 2.`` was credited 5 under both policies (a false "correct").
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import extract

_HIDERS = ["<!--{}-->", "\\iffalse {} \\fi", "\\phantom{{{}}}"]
_OPERATIONS = [" times 2.", " squared.", " plus 3.", " divided by 4.", " to the power of 3.", " minus $1$."]


def _output(hider: str, n: int, tail: str) -> str:
    return "The answer is $\\boxed{5}$" + hider.format("x" * n) + tail


def _box(output: str) -> str:
    found = [c for c in extract(output) if c.rule == "boxed"]
    assert len(found) == 1, (output, found)
    return found[0].refused


@pytest.mark.parametrize("hider", _HIDERS)
@pytest.mark.parametrize("n", [1, 40, 70, 75, 80, 200, 5_000])
@pytest.mark.parametrize("tail", _OPERATIONS)
def test_an_operation_after_hidden_text_is_still_read(hider: str, n: int, tail: str) -> None:
    output = _output(hider, n, tail)
    assert _box(output) == "answer.partial_expression"
    assert not mathgrade.grade(output, "5", policy="reward").correct


@pytest.mark.parametrize("hider", _HIDERS)
@pytest.mark.parametrize("n", [1, 20, 40])  # (longer hidden text with no operation after it is slow to read)
@pytest.mark.parametrize("tail", [".", ". That is all.", " apples.", " (see above).", "\n\nTimes 2 was a step."])
def test_hidden_text_then_no_operation_leaves_the_answer(hider: str, n: int, tail: str) -> None:
    output = _output(hider, n, tail)
    assert _box(output) == ""
    assert mathgrade.grade(output, "5", policy="reward").correct
    assert not mathgrade.grade(output, "10", policy="reward").correct


@pytest.mark.parametrize("n", [1, 8, 70, 200])
def test_visible_spaces_before_the_operation(n: int) -> None:
    # runs of spaces past 8 are shortened before any rule reads them; the operation is read after any run
    output = "The answer is $\\boxed{5}$" + " " * n + "times 2."
    assert _box(output) == "answer.partial_expression"
    assert _box("The answer is $\\boxed{5}$" + " " * n + "in all.") == ""
