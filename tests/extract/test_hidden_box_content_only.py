"""A box whose content is hidden when rendered (a phantom, white text: ``_commit._HIDDEN``) answers nothing
(``answer.hidden``); only the box's own content is read for it. The same marks after the box, or before it, hide
something else: the box is the answer. Each hiding mark is tried in the three places.

Written for seed 151 (docs/testing.md): the search for a hiding mark ran from the box's content to the end of the
output, so a phantom or a white word anywhere after a box refused it (a right answer graded wrong).
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import extract

# hiding marks, each wrapping a 7
_MARKS = ["\\phantom{7}", "\\hphantom{7}", "\\vphantom{7}", "{\\color{white} 7}", "\\textcolor{white}{7}",
          "\\textcolor{#FFFFFF}{7}", "\\textcolor{#fff}{7}", "{\\color{white!80} 7}", "{\\color{black!0} 7}",
          "\\mathcolor{white}{7}", "\\textcolor{transparent}{7}", "\\textcolor{none}{7}",
          # written without braces, which the blanking of hidden text leaves: only this check reads them
          "\\phantom 7", "\\phantom7", "\\hphantom 7", "\\vphantom 7", "\\mathcolor{transparent} 7",
          "\\color{transparent}7"]


def _boxes(output: str) -> list:
    return [(c.text, c.refused) for c in extract(output) if c.rule == "boxed"]


@pytest.mark.parametrize("mark", _MARKS)
def test_a_hiding_mark_inside_the_box_refuses_it(mark: str) -> None:
    output = f"The answer is $\\boxed{{{mark}}}$."
    assert [r for _, r in _boxes(output)] == ["answer.hidden"]
    assert not mathgrade.grade(output, "7", policy="reward").correct


@pytest.mark.parametrize("mark", _MARKS)
@pytest.mark.parametrize("where", ["after", "after, next line", "before"])
def test_a_hiding_mark_outside_the_box_does_not(mark: str, where: str) -> None:
    box = "The answer is $\\boxed{5}$."
    output = {"after": f"{box} {mark}", "after, next line": f"{box}\n\n${mark}$ done",
              "before": f"Note ${mark}$.\n{box}"}[where]
    assert _boxes(output) == [("5", "")]
    assert mathgrade.grade(output, "5", policy="reward").correct
    assert not mathgrade.grade(output, "7", policy="reward").correct
