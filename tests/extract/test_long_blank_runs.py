"""Hidden text is blanked to spaces of its own length before the rules read the output (so that spans keep their
offsets), and the rules read the spaces after an answer. Patterns that put two runs of spaces side by side with an
optional mark between (``[ \\t]*,?[ \\t]*``) tried every split of a long blank run: a box followed by an HTML comment of
1,200 characters took 72 s, and of 20,000 characters ran out of the default time limit (status ``timeout``). Each
such run is now read once. These rows grade outputs with 10,000 characters of hidden text, or of spaces, around an
answer, and ask for the verdict the same output gives without them: the whole grade must finish inside its time limit,
which the old patterns could not (no timing is asserted beyond that limit)."""

from __future__ import annotations

import pytest

import mathgrade

_HIDDEN = {
    "comment": "<!--" + "x" * 10000 + "-->",
    "iffalse": "\\iffalse " + "x" * 10000 + " \\fi ",
    "phantom": "\\phantom{" + "x" * 10000 + "}",
    "spaces": " " * 10000,
    "spaces between invisible characters": " \u200b" * 5000,  # (one run once they are dropped: 18 s for 100 of them)
}
_SHAPES = [
    "The answer is $\\boxed{5}${H} and that is all.",
    "The answer is $\\boxed{5}${H}, if n is odd.",
    "{H}The answer is $\\boxed{5}$.",
    "The answer is 5{H}.",
    "#### 5{H}",
    "A: 5{H}",
    "<answer>5</answer>{H}",
    "So $\\boxed{5}$ {H} or",
    "答案是 5{H}。",
    "The answer is $\\boxed{5}${H}",  # (the blanks end the output: nothing after them ends a failed match early)
    "\\boxed{5}{H}",
]


@pytest.mark.parametrize("hidden", sorted(_HIDDEN))
@pytest.mark.parametrize("shape", _SHAPES)
def test_a_long_blank_run_around_an_answer_is_read_once(shape: str, hidden: str) -> None:
    plain = mathgrade.grade(shape.replace("{H}", ""), "5", policy="reward")
    v = mathgrade.grade(shape.replace("{H}", _HIDDEN[hidden]), "5", policy="reward", timeout=5.0)
    assert v.status.value != "timeout", v.explain()
    assert (v.status, v.rule) == (plain.status, plain.rule), (v.explain(), plain.explain())


@pytest.mark.parametrize("hidden", ["comment", "spaces"])
def test_an_offer_after_a_long_blank_run_is_still_read(hidden: str) -> None:
    # the contrast: the words after the blank run are read as before ("or 6" offers another value)
    v = mathgrade.grade("The answer is $\\boxed{5}$" + _HIDDEN[hidden] + " or 6.", "5", policy="reward")
    assert not v.correct and v.status.value != "timeout", v.explain()
