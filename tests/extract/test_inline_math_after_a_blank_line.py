"""An inline formula ``$...$`` never runs over a blank line (``_extract/_scan._find_envs`` reads the blank lines
when the output holds a dollar and a line break): a currency dollar before a blank line (``We pay $5 first.``) opens
no formula reaching into the next paragraph, so the formula there (``$\\frac{1}{2}$``) is read whole, as the eval
policy's last formula (as it is with the formula alone, the contrast).

Written for seed 191 (docs/testing.md): the blank lines made never to be read (``... and False``) let the currency
dollar open a formula that ran over the blank line, and the eval policy then read no fraction.
"""

from __future__ import annotations

import pytest

import mathgrade

# (output, gold)
ROWS = [
    ("We pay $5 first.\n\nThen we get $\\frac{1}{2}$.", "\\frac{1}{2}"),
    ("We pay $5 first.\n\nThen we get $\\frac{3}{4}$.", "\\frac{3}{4}"),
    ("It costs $12 today.\n\nThus $\\sqrt{2}$.", "\\sqrt{2}"),
    ("We pay $5 first.\n  \nThen we get $\\frac{1}{2}$.", "\\frac{1}{2}"),
    ("Then we get $\\frac{1}{2}$.", "\\frac{1}{2}"),
]


@pytest.mark.parametrize("output, gold", ROWS)
def test_the_formula_after_a_blank_line_is_the_answer(output: str, gold: str) -> None:
    verdict = mathgrade.grade(output, gold, policy="eval")
    assert verdict.correct, (output, verdict.rule, verdict.reason)
    assert not mathgrade.grade(output, "5", policy="eval").correct
