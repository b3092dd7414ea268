"""Two boxes relate (``or``: alternatives; ``and`` or a comma: one answer in parts) across a gap of at most
``_rules._MAX_GAP`` (80) characters between them (``_rules._gap_kind``); one character more and they are separate
statements, the later box the answer. Each row is tried at 79, 80 (still related) and 81 characters (not).

Written for seed 131 (docs/testing.md): the limit tested as ``len(gap) >= _MAX_GAP`` separated boxes 80 characters
apart, so ``\\boxed{42} or ... \\boxed{43}`` credited 43 under the reward policy.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import _rules


def _output(core: str, fill: str, n: int) -> str:
    gap = (core + fill * n)[:n - 1] + " "
    assert len(gap) == n
    return "\\boxed{42}" + gap + "\\boxed{43}"


# (the words between the boxes, the filler after them, the best candidate's text and rule while related)
_GAPS = [(" or ", ",", "43", "boxed.alternatives"), (" or ", ";", "43", "boxed.alternatives"),
         (" and ", ",", "42, 43", "boxed.multiple"), (", ", "\\,", "42, 43", "boxed.multiple")]


def test_the_limit_is_80_characters() -> None:
    assert _rules._MAX_GAP == 80


@pytest.mark.parametrize("core, fill, text, rule", _GAPS)
@pytest.mark.parametrize("n", [79, 80])
def test_boxes_up_to_80_characters_apart_relate(core: str, fill: str, text: str, rule: str, n: int) -> None:
    out = _output(core, fill, n)
    best = mathgrade.extract(out)[0]
    assert (best.text, best.rule) == (text, rule), best
    assert not mathgrade.grade(out, "43", policy="reward").correct  # neither "or" nor one part is the answer


@pytest.mark.parametrize("core, fill, text, rule", _GAPS)
def test_boxes_81_characters_apart_are_separate_statements(core: str, fill: str, text: str, rule: str) -> None:
    out = _output(core, fill, 81)
    best = mathgrade.extract(out)[0]
    assert (best.text, best.rule, best.alternatives) == ("43", "boxed", ()), best
    assert mathgrade.grade(out, "43", policy="reward").correct
    assert not mathgrade.grade(out, "42", policy="reward").correct
