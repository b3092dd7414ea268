"""Red team, several values in R1-style answer tags (family 10): a value offered right after the tag
("<answer>42</answer> or 43") and a second tag right after the first ("<answer>42</answer><answer>43</answer>") were
not looked at: the last tag alone was taken, and all 4 attacks of the suite were credited. Now they are alternatives
of the tag's answer, which commits to one value only when they are equal."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import extract


@pytest.mark.parametrize("output", [
    "<answer>42</answer> or 43",
    "<answer>42</answer>, or 43.",
    "<answer>42</answer> (or 43)",
    "<answer>42</answer><answer>43</answer>",
    "<answer>42</answer>\n<answer>43</answer>",
    "<answer>43</answer>\n\n<answer>42</answer>",
    "<think>六乘七</think><answer>42</answer> 或 43",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_two_values_around_answer_tags_are_ambiguous(output: str, policy: str) -> None:
    for gold in ("42", "43"):
        v = mathgrade.grade(output, gold, policy=policy)
        assert (v.correct, v.status.value) == (False, "ambiguous"), v.explain()


@pytest.mark.parametrize("output", [
    "<answer>42</answer>",
    "<answer>42</answer> or $\\frac{84}{2}$",
    "<answer>42</answer>\n<answer>42</answer>",
    "The format is <answer>7</answer>. <answer>42</answer>",
    "<answer>7</answer> was my first try; then <answer>42</answer>",
    "<answer>42</answer>. Hope this helps or 43 people ask.",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_one_value_in_answer_tags_is_credited(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "42", policy=policy)
    assert v.correct, v.explain()


def test_the_alternatives_keep_the_last_tags_span() -> None:
    output = "<answer>42</answer> <answer>43</answer>"
    c = extract(output, policy="reward")[0]
    assert (c.text, c.rule, c.alternatives) == ("43", "answer_tag.alternatives", ("43", "42"))
    assert output[c.start:c.end] == "43"
