"""What a refused box takes out of the fallbacks' reach: the whole formula around it, not only the box.

A box the text does not commit to (cut into an expression, negated, supposed, hedged, asked) is refused; the
fallback rules (the last formula, the last number) may not then answer with the rest of the same formula, which is
the same unconfirmed statement: ``It is not $\\boxed{7}, 3$.`` commits to neither 7 nor 3. ``_rules._find_boxes``
records the span of the formula holding a refused box (``Scan.env_containing``) for that; a survivor of seed 53 made
it record the box alone, and every row below then answered 3 (a false "correct" against the gold 3).

The attack, both ways: a formula or number *after* the refused formula is still an answer (the span ends where the
formula ends), and the same sentence with no formula delimiters leaves the number after the box to the fallbacks.
"""

from __future__ import annotations

from typing import Tuple

import pytest

import mathgrade

FORMULAS = [("$", "$"), ("$$", "$$"), ("\\(", "\\)"), ("\\[", "\\]")]

# (sentence around the formula, formula content, the refusal's rule)
REFUSED = [
    ("We get {f} apples.", "\\boxed{7} = 3", "answer.partial_expression"),
    ("It is not {f}.", "\\boxed{7}, 3", "answer.withdrawn"),
    ("It is not {f}.", "\\boxed{7} = 3", "answer.partial_expression"),
    ("Suppose {f}.", "\\boxed{7}, 3", "answer.supposed"),
    ("Maybe it is {f}.", "\\boxed{7}, 3", "answer.hedged"),
    ("Is it {f}?", "\\boxed{7}, 3", "answer.question"),
    ("Is it {f}?", "\\boxed{7} = 3", "answer.partial_expression"),
]


def _cases() -> list:
    return [pytest.param(sentence.format(f=o + inner + c), rule, id=f"{rule}-{o}")
            for sentence, inner, rule in REFUSED for o, c in FORMULAS]


@pytest.mark.parametrize("output, rule", _cases())
def test_no_fallback_takes_the_rest_of_a_refused_boxs_formula(output: str, rule: str) -> None:
    found = mathgrade.extract(output)
    assert [(c.text, c.rule, c.refused) for c in found] == [("7", "boxed", rule)], output
    for gold in ("3", "7"):
        verdict = mathgrade.grade(output, gold)
        assert (verdict.status.value, verdict.rule) == ("no_answer", rule), verdict.explain()


@pytest.mark.parametrize("output, rule", _cases())
def test_a_formula_after_the_refused_one_still_answers(output: str, rule: str) -> None:
    later = output + " Hence $5$."
    assert mathgrade.grade(later, "5").correct, mathgrade.grade(later, "5").explain()
    assert not mathgrade.grade(later, "3").correct


@pytest.mark.parametrize("output, number", [
    ("It is not \\boxed{7}, 3.", ("3", "last_number")),
    ("Maybe it is \\boxed{7}, 3.", ("3", "last_number")),
])
def test_without_a_formula_the_refused_span_is_the_box_alone(output: str, number: Tuple[str, str]) -> None:
    found = mathgrade.extract(output)
    assert found[0].refused and found[0].text == "7"
    assert (found[1].text, found[1].rule) == number, found
