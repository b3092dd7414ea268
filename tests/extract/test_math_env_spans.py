"""The span of the last formula's answer (rule ``math_env``) lies inside that formula, whether or not the same text
comes again after it: ``We get $60 \\cdot 7 = 420$ and 420 it is`` answers 420 at offsets 21 to 24, not at the
420 of the prose (which is the last number's). Each row that repeats the answer after the formula has a contrast
row that does not. Seed 71 of docs/testing.md: the search for the answer made to run on to the end of the output
survived (and took the prose's 420 for the formula's, dropping the last number's candidate as a duplicate).
"""

from __future__ import annotations

from typing import Optional, Tuple

import pytest

import mathgrade

# (output, (text, start, end) of the math_env candidate, (text, start) of the last number's candidate or None)
ROWS = [
    ("We get $60 \\cdot 7 = 420$ and 420 it is", ("420", 21, 24), ("420", 30)),
    ("We get $60 \\cdot 7 = 420$, which is the total", ("420", 21, 24), None),
    ("We get $x + 1$ and then x + 1 again", ("x + 1", 8, 13), ("1", 28)),
    ("We get $x + 1$ and nothing else", ("x + 1", 8, 13), None),
    ("We get $\\frac{1}{2}$, i.e. \\frac{1}{2} again", ("\\frac{1}{2}", 8, 19), None),
    ("We get $\\frac{1}{2}$, in lowest terms", ("\\frac{1}{2}", 8, 19), None),
    ("Then $a = 5 = 5$ and 5 it stays", ("a = 5", 6, 15), ("5", 21)),
    ("Then $a = 5 = 5$ and it stays", ("a = 5", 6, 15), None),
    # an answer not written as such in the formula (the chain's first and last): the whole formula is its span
    ("Then $a = 2 + 3 = 5$, so a = 5 holds", ("a = 5", 6, 19), ("5", 29)),
    ("Then $a = 2 + 3 = 5$ and it stays", ("a = 5", 6, 19), None),
]


@pytest.mark.parametrize("output, env, last", ROWS, ids=[r[0] for r in ROWS])
def test_the_last_formula_s_answer_is_found_inside_it(output: str, env: Tuple[str, int, int],
                                                      last: Optional[Tuple[str, int]]) -> None:
    found = mathgrade.extract(output)
    by_env = [c for c in found if c.rule == "math_env"]
    assert [(c.text, c.start, c.end) for c in by_env] == [env]
    opening = output.index("$")  # (each row has one formula)
    closing = output.index("$", opening + 1)
    assert output[env[1]:env[2]] == env[0] or (env[1], env[2]) == (opening + 1, closing)
    assert opening < env[1] and env[2] <= closing
    numbers = [(c.text, c.start) for c in found if c.rule == "last_number"]
    assert numbers == ([last] if last else [])
