"""Each branch of ``_rules.promote_late_number``: when the last number, stated as a value after the last formula,
ranks above that formula (priority 49, ``last_number_after_formula``) and when it stays the last resort (70).

A row per branch, both ways: no formula; the number before the formula; an unclosed formula before the number; a
number not stated as a value (an aside); and the four ways a stated number is final (it closes the output, the
formula is a display, the formula ends its own sentence, a sentence break lies between), against the same number in
the formula's sentence with words after it. The window in which the value's verb is looked for (40 characters
before the number) is pinned on both sides.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

FORMULA = ("x^2 = 4", "math_env", 50)
PROMOTED = ("7", "last_number", 49)
LAST = ("7", "last_number", 70)
MORE = " and we check it again here"

ROWS: List[Tuple[str, List[Tuple[str, str, int]]]] = [
    # a sentence break between the formula and the number
    ("We compute $x^2 = 4$. So the result is 7" + MORE, [PROMOTED, FORMULA]),
    ("We compute $x^2 = 4$.\nThe result is 7" + MORE, [PROMOTED, FORMULA]),
    ("We compute $x^2 = 4$. The price = 7" + MORE, [PROMOTED, FORMULA]),
    ("We compute $x^2 = 4$\n\nso the result is 7" + MORE, [PROMOTED, FORMULA]),  # (a paragraph break)
    ("We compute $x^2 = 4$ \n \t\nso the result is 7" + MORE, [PROMOTED, FORMULA]),
    ("We compute $x^2 = 4$\nso the result is 7" + MORE, [FORMULA, LAST]),  # (a line break is no sentence break)
    ("We compute $x^2 = 4$. so the result is 7" + MORE, [FORMULA, LAST]),  # (nor a point before a small letter)
    # the number in the formula's sentence, words after it: not final
    ("We compute $x^2 = 4$ so the result is 7" + MORE, [FORMULA, LAST]),
    # ... unless it closes the output
    ("We compute $x^2 = 4$ so the result is 7.", [PROMOTED, FORMULA]),
    ("We compute $x^2 = 4$ so the result is 7", [PROMOTED, FORMULA]),
    # ... or the formula is a display, or ends its own sentence
    ("We compute $$x^2 = 4$$ so the result is 7" + MORE, [PROMOTED, FORMULA]),
    ("We compute \\[x^2 = 4\\] so the result is 7" + MORE, [PROMOTED, FORMULA]),
    ("We compute $x^2 = 4.$ so the result is 7" + MORE, [PROMOTED, FORMULA]),
    ("We compute $x^2 = 4!$ so the result is 7" + MORE, [PROMOTED, FORMULA]),
    ("We compute $x^2 = 4?$ so the result is 7" + MORE, [PROMOTED, FORMULA]),
    # an aside is not a value
    ("We compute $x^2 = 4$. This took 7 steps" + MORE, [FORMULA, LAST]),
    ("We compute $x^2 = 4$. This took 7 steps.", [FORMULA, LAST]),
    # a formula opened and never closed before the number (a cut-off output)
    ("We compute $x^2 = 4$. So $y = 7", [FORMULA, LAST]),
    ("We compute $x^2 = 4$. So \\(y is 7", [FORMULA, LAST]),
    ("We compute $x^2 = 4$. So \\[y is 7", [FORMULA, LAST]),
    # the number before the formula; no formula
    ("The total is 7. Then $x^2 = 4$.", [FORMULA]),
    ("So the result is 7.", [LAST]),
    # currency and percent after a verb
    ("We compute $x^2 = 4$. It gets $7.", [PROMOTED, FORMULA]),
    ("We compute $x^2 = 4$. We improve it by 100%.", [("100%", "last_number", 49), FORMULA]),
    # two adverbs between the verb and the number
    ("We compute $x^2 = 4$. So the total is currently approximately 7" + MORE, [PROMOTED, FORMULA]),
    # the verb's window: 40 characters before the number (in runs of spaces no longer than the 8 an output is read
    # with: a longer run is read as 8 spaces)
    ("We compute $x^2 = 4$. So the total is" + " " * 8 + "currently" + " " * 7 + "approximately 7" + MORE,
     [PROMOTED, FORMULA]),
    ("We compute $x^2 = 4$. So the total is" + " " * 8 + "currently" + " " * 8 + "approximately 7" + MORE,
     [FORMULA, LAST]),
    ("We compute $x^2 = 4$. So the total is" + " " * 39 + "7" + MORE, [PROMOTED, FORMULA]),
]


@pytest.mark.parametrize("output, ranked", ROWS)
def test_when_the_last_number_ranks_above_the_last_formula(output: str, ranked: List[Tuple[str, str, int]]) -> None:
    found = mathgrade.extract(output)
    assert [(c.text, c.rule, c.priority) for c in found][:len(ranked)] == ranked, found
    for c in found:
        if c.rule == "last_number":
            assert output[c.start:c.end] == c.text


@pytest.mark.parametrize("output, ranked", [r for r in ROWS if r[1][0][2] in (49, 50)])
def test_the_verdict_follows_the_ranking(output: str, ranked: List[Tuple[str, str, int]]) -> None:
    """Under the eval policy the first candidate answers: the promoted number, or the formula (then 7 is wrong)."""
    promoted = ranked[0][2] == 49
    number = ranked[0][0] if promoted else "7"
    assert mathgrade.grade(output, number).correct is promoted, mathgrade.grade(output, number).explain()
