"""What the extraction pipeline (``_extract/__init__.py``) does with the flags of the rules' table, one output per
flag and its contrast, by the full list of candidates (text, rule, priority, span): a fragment inside a formula is
dropped but not one inside the bare answer; the bare answer (used alone) is dropped when a better rule answers; the
unmarked guesses of an output that looks cut off are dropped, its marked answers kept; the option list yields to a
chosen letter; an ``A:`` label is an answer only when the gold is not a letter; the eval-only rules are not the
reward policy's; and the answer is looked for in the model's own turn, after its thinking.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

import mathgrade

CUT = "Let me think about the geometry of this problem once more. " * 60
"""An output longer than 3,000 characters, so that an ending mid-sentence looks cut off by a token limit."""

Row = Tuple[str, Dict[str, Any], List[Tuple[str, str, int, int, int]]]
ROWS: List[Row] = [
    # fragments: the 9 of \frac{10}{9}
    ("\\frac{10}{9}", {}, [("\\frac{10}{9}", "bare_answer", 46, 0, 12), ("9", "last_number", 70, 10, 11)]),
    ("We get $\\frac{10}{9}$ here", {}, [("\\frac{10}{9}", "math_env", 50, 8, 20)]),
    ("We get $12x$ here", {}, [("12x", "math_env", 50, 8, 11)]),  # (a fragment at the formula's start)
    ("x + 1 = 12", {}, [("x + 1 = 12", "bare_answer", 46, 0, 10), ("12", "last_number", 70, 8, 10)]),
    # the bare answer, used alone
    ("\\boxed{5}", {}, [("5", "boxed", 10, 7, 8)]),
    ("Answer: 5", {}, [("5", "answer_phrase", 22, 8, 9)]),
    ("12", {}, [("12", "bare_answer", 46, 0, 2)]),
    # guesses of an output cut off
    (CUT + "So far we have $x = 3$ and the value 7 and then we", {}, []),
    (CUT + "So far we have $x = 3$ and the value 7.", {},
     [("x = 3", "math_env", 50, 3556, 3561), ("7", "last_number", 70, 3577, 3578)]),
    (CUT + "The answer is 7 and then we", {}, [("7", "answer_phrase", 22, 3554, 3567)]),
    # letters
    ("A) 1\nB) 2\nThe answer is B", {"choices": True},
     [("B", "answer_phrase", 22, 24, 25), ("2", "last_number", 70, 8, 9)]),
    ("A) 1\nB) 2\nC) 3", {"choices": True}, [("C", "option_list", 45, 0, 13), ("3", "last_number", 70, 13, 14)]),
    ("Q: what?\nA: 26", {"choices": True}, [("A: 26", "final_line", 47, 9, 14)]),
    ("Q: what?\nA: 26", {}, [("26", "answer_label", 24, 12, 14), ("A: 26", "final_line", 47, 9, 14)]),
    # the model's turn, after its thinking
    ("<|im_start|>assistant\nThe answer is 5<|im_end|><|im_start|>user\nThe answer is 6", {},
     [("5", "answer_phrase", 22, 36, 37)]),
    ("The answer is 5 <eoa> The answer is 6", {}, [("5", "answer_phrase", 22, 14, 15)]),
    ("<think>The answer is 6</think>The answer is 5", {}, [("5", "answer_phrase", 22, 44, 45)]),
    ("<think>x</think>42", {}, [("42", "bare_answer", 46, 16, 18)]),  # (the answer part starts after the tag)
    ("<think>7</think>\\frac{1}{2}", {},
     [("\\frac{1}{2}", "bare_answer", 46, 16, 27), ("2", "last_number", 70, 25, 26)]),
    # policies
    ("So $\\boxed{5}$. **7**", {}, [("5", "boxed", 10, 11, 12), ("7", "bold", 34, 18, 19)]),
    ("So $\\boxed{5}$. **7**", {"policy": "reward"}, [("5", "boxed", 10, 11, 12)]),
    ("The total is **7**", {"policy": "reward"}, []),
]


@pytest.mark.parametrize("output, options, candidates", ROWS, ids=[r[0][-40:] for r in ROWS])
def test_candidates_after_the_tables_flags(output: str, options: Dict[str, Any],
                                           candidates: List[Tuple[str, str, int, int, int]]) -> None:
    found = mathgrade.extract(output, **options)
    assert [(c.text, c.rule, c.priority, c.start, c.end) for c in found] == candidates
