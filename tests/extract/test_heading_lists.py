"""A "Final Answer" heading with a list under it gives no answer (the first item of a list of answers is not the
answer); a list elsewhere in the output (before the heading, or after the answer under it) does not stop the
heading's answer. Each row has its contrast: the same list placed where it does not matter, or no list at all.
Seed 71 of docs/testing.md: the test for a bullet at the answer's start made to read the output's first character
survived. Probing it found a list of ``*`` or ``•`` items under a heading credited its first item (the answer's
region starts after the mark, where the test for a list looked): ``**Final Answer**\n* 5\n* 6`` was correct for 5
under both policies; fixed. A letter under the heading, with choices, is a choice (seed 71: the heading's choice
branch made to build no candidate, an error, survived).

Since then a list of values under the heading is its answer, the items together ("- 5\n- 6" answers "5, 6"): a
gold with those parts is credited, a gold that is one of them is not (before, the heading gave nothing and the eval
policy's fallbacks credited the last item). Items that are sentences or labelled values still give nothing.
"""

from __future__ import annotations

from typing import Optional, Tuple

import pytest

import mathgrade

# (output, (text, start, end) of the heading's answer, or None when the heading gives none)
ROWS = [
    # a list under the heading: its items together
    ("**Final Answer**\n- 5\n- 6", ("5, 6", 19, 24)),
    ("## Final Answer\n- $x = 1$\n- $x = 2$", ("x = 1, x = 2", 18, 35)),
    ("**Final Answer**\n* 5\n* 6", ("5, 6", 19, 24)),  # (the region of "* 5" starts at 5: the mark is before it)
    ("**Final Answer**\n\n  * 5\n  * 6", ("5, 6", 22, 29)),
    ("**Final Answer**\n• 5\n• 6", ("5, 6", 19, 24)),
    ("**Final Answer**\n1. 5\n2. 6", ("5, 6", 20, 26)),
    # sentences or labelled values as items: no answer from the heading
    ("**Final Answer**\n- The first part is 5\n- The second part is 6", None),
    ("**Final Answer**\n- NH4OH: 5 g/mol\n- NaHCO3: 6 g/mol", None),
    # one item under the heading is its answer
    ("**Final Answer**\n* 5", ("5", 19, 20)),
    ("**Final Answer**\n* 5\n\nDone.", ("5", 19, 20)),
    # lists elsewhere: the heading's answer stands
    ("- step one\n**Final Answer**\n5\n- note", ("5", 28, 29)),
    ("- x\n- y\n**Final Answer**\n12\n\n- checked", ("12", 25, 27)),
    ("- first\n**Final Answer**\n12", ("12", 25, 27)),
    ("**Final Answer**\n12\n- checked", ("12", 17, 19)),
    ("**Final Answer**\n12", ("12", 17, 19)),
]


@pytest.mark.parametrize("output, answer", ROWS, ids=[r[0] for r in ROWS])
def test_a_list_under_a_heading_is_its_items_together(output: str, answer: Optional[Tuple[str, int, int]]) -> None:
    found = [(c.text, c.start, c.end) for c in mathgrade.extract(output) if c.rule == "final_answer_heading"]
    assert found == ([answer] if answer else [])
    verdict = mathgrade.grade(output, answer[0] if answer else "5")
    if answer:
        assert verdict.correct and verdict.answer is not None and verdict.answer.rule == "final_answer_heading"
    else:
        assert verdict.answer is None or verdict.answer.rule != "final_answer_heading", verdict.answer
    if answer is None or "," in answer[0]:  # (a list: neither its first item nor its last is the answer)
        for item in ("5", "6"):
            assert not mathgrade.grade(output, item, policy="reward").correct, item
        if answer is not None:
            assert not mathgrade.grade(output, answer[0].split(",")[-1].strip()).correct


# (output, the heading's candidate with choices: (text, start, end, choice), and without choices: its text or None)
HEADINGS = [
    ("**Final Answer**\n(B)", ("B", 17, 20, True), "(B)"),
    ("## Final Answer\nB", ("B", 16, 17, True), "B"),
    ("**Final Answer**\n\n$\\text{(C)}$", ("C", 18, 30, True), "\\text{(C)}"),
    # contrasts: no letter under the heading, or a letter in a sentence
    ("**Final Answer**\n12", ("12", 17, 19, False), "12"),
    ("**Final Answer**\nB is the one", ("B is the one", 17, 29, False), "B is the one"),
]


@pytest.mark.parametrize("output, with_choices, without", HEADINGS, ids=[r[0] for r in HEADINGS])
def test_a_letter_under_a_final_answer_heading_is_a_choice(output: str, with_choices: Tuple[str, int, int, bool],
                                                           without: Optional[str]) -> None:
    found = [(c.text, c.start, c.end, c.choice) for c in mathgrade.extract(output, choices=True)
             if c.rule == "final_answer_heading"]
    assert found == [with_choices]
    assert [c.text for c in mathgrade.extract(output) if c.rule == "final_answer_heading"] == [without]
    if with_choices[3]:
        assert mathgrade.grade(output, with_choices[0]).correct
        assert not mathgrade.grade(output, "D").correct
