"""The best candidate of one output per extraction rule (and per way a rule answers), by its text, rule name, span
and choice flag, under the eval policy, and the rule the reward policy answers by (None: no candidate, the rule is
not one of the reward policy's).

Offsets were a kind of survivor in the samples of docs/testing.md (seeds 11, 17, 19 and the CI step): a span one
character off changes no verdict's status but every reported answer's position, which a user and the report read.
Each row was read by hand: the text is the answer the output gives, and the span is the answer itself
(``output[start:end] == text``) except where the row says the span is the region the rule read (a formula with its
dollars, an answer with its unit, a chain of parts).
"""

from __future__ import annotations

from typing import Optional, Tuple

import pytest

import mathgrade

# (output, choices, (text, rule, start, end, choice), the reward policy's rule)
ROWS = [
    ('<think>x</think><answer>42</answer>', False, ('42', 'answer_tag', 24, 26, False), 'answer_tag'),
    ('<answer>so \\boxed{42}</answer>', False, ('42', 'answer_tag', 18, 20, False), 'answer_tag'),
    ('We get \\boxed{6}. The final answer is 7.',
     False, ('7', 'final_answer_phrase', 38, 39, False), 'final_answer_phrase'),
    ('So \\boxed{42}.', False, ('42', 'boxed', 10, 12, False), 'boxed'),
    ('\\boxed 5.', False, ('5', 'boxed', 7, 8, False), 'boxed'),
    ('\\fbox{12}', False, ('12', 'boxed', 6, 8, False), 'boxed'),
    ('The final answer is $\\frac{1}{2}$. I hope it is correct.',
     False, ('\\frac{1}{2}', 'final_answer_phrase', 20, 33, False), 'final_answer_phrase'),
    ('Final Answer: 12', False, ('12', 'final_answer_phrase', 14, 16, False), 'final_answer_phrase'),
    ('**Final Answer**\n\n$12$', False, ('12', 'final_answer_heading', 18, 22, False), 'final_answer_heading'),
    ('## Final Answer\n12', False, ('12', 'final_answer_heading', 16, 18, False), 'final_answer_heading'),
    ('Natalia sold 72 clips.\n#### 72', False, ('72', 'gsm8k_hashes', 28, 30, False), 'gsm8k_hashes'),
    ('The answer is 12 apples.', False, ('12', 'answer_phrase', 14, 23, False), 'answer_phrase'),
    ('Answer: 12', False, ('12', 'answer_phrase', 8, 10, False), 'answer_phrase'),
    ('Q: what?\nA: 26', False, ('26', 'answer_label', 12, 14, False), 'answer_label'),
    ('A: 11, B: 9, C: 4', False, ('A: 11, B: 9, C: 4', 'answer_label', 0, 17, False), 'answer_label'),
    ('Option B is correct.', True, ('B', 'choice_phrase', 7, 8, True), 'choice_phrase'),
    ('(C) is the answer.', True, ('C', 'choice_phrase', 1, 2, True), 'choice_phrase'),
    ('最终答案是 12', False, ('12', 'final_answer_phrase_i18n:zh', 6, 8, False), 'final_answer_phrase_i18n:zh'),
    ('答案是 12。', False, ('12', 'answer_phrase_i18n:zh', 4, 6, False), 'answer_phrase_i18n:zh'),
    ('La réponse est 12.', False, ('12', 'answer_phrase_i18n:fr', 15, 17, False), 'answer_phrase_i18n:fr'),
    ('Ответ: 12', False, ('12', 'answer_phrase_i18n:ru', 7, 9, False), 'answer_phrase_i18n:ru'),
    ('So the total is **73**.', False, ('73', 'bold', 18, 20, False), None),
    ('Thus **Total: 73**', False, ('73', 'bold', 13, 16, False), None),
    ('```output\n42\n```', False, ('42', 'code_output', 10, 12, False), None),
    ('D. because it is', True, ('D', 'choice_edge', 0, 1, True), None),
    ('so it must be (D).', True, ('D', 'choice_edge', 15, 16, True), None),
    ('Thinking.\nB', True, ('B', 'choice_line', 10, 11, True), None),
    ('x^2+2x+1', False, ('x^2+2x+1', 'bare_answer', 0, 8, False), None),
    ('12 apples', False, ('12', 'bare_answer', 0, 9, False), None),
    ('We compute.\n\n2.88e16', False, ('2.88e16', 'final_line', 13, 20, False), None),
    ('So $a = -2$ and $b = 3$.', False, ('a = -2, b = 3', 'assignments', 0, 23, False), None),
    ('We compute $x^2 = 4$. So the result is 7.', False, ('7', 'last_number', 39, 40, False), None),
    ('We get $60 \\cdot 7 = 420$', False, ('420', 'math_env', 21, 24, False), None),
    ('Then \\(x + 1\\) holds', False, ('x + 1', 'math_env', 7, 12, False), None),
    ('thus \\dfrac{9}{7}', False, ('\\dfrac{9}{7}', 'latex', 5, 17, False), None),
    ('The total is 1,000 dollars in all', False, ('1,000', 'last_number', 13, 18, False), None),
    ('It costs 2 1/2 dollars in all', False, ('2 1/2', 'last_number', 9, 14, False), None),
    ('we find -3.5 here', False, ('-3.5', 'last_number', 8, 12, False), None),
    ("The answer is $12$ apples.", False, ("12", "answer_phrase", 14, 18, False), "answer_phrase"),
    ("The final answer is:\n$$x = 2 + 1 = 3$$", False,
     ("x = 2 + 1 = 3", "final_answer_phrase", 21, 38, False), "final_answer_phrase"),
    ("Answer: 12 apples and 3 pears", False, ("12 apples and 3 pears", "answer_phrase", 8, 29, False), "answer_phrase"),
    ("#### 1,000 dollars", False, ("1,000", "gsm8k_hashes", 5, 18, False), "gsm8k_hashes"),
]

REGIONS = {  # rows whose span is the region read, not the answer alone
    "The answer is $12$ apples.": "$12$",
    "The final answer is:\n$$x = 2 + 1 = 3$$": "$$x = 2 + 1 = 3$$",
    "#### 1,000 dollars": "1,000 dollars",
    "The final answer is $\\frac{1}{2}$. I hope it is correct.": "$\\frac{1}{2}$",
    "**Final Answer**\n\n$12$": "$12$",
    "The answer is 12 apples.": "12 apples",
    "Thus **Total: 73**": " 73",  # (what follows the colon, its space included)
    "12 apples": "12 apples",
    "So $a = -2$ and $b = 3$.": "So $a = -2$ and $b = 3$",
}


@pytest.mark.parametrize("output, choices, best, reward", ROWS, ids=[r[0][:40] for r in ROWS])
def test_the_best_candidate_of_each_rule(output: str, choices: bool, best: Tuple[str, str, int, int, bool],
                                         reward: Optional[str]) -> None:
    c = mathgrade.extract(output, choices=choices)[0]
    assert (c.text, c.rule, c.start, c.end, c.choice) == best
    assert output[c.start:c.end] == REGIONS.get(output, c.text)
    found = mathgrade.extract(output, choices=choices, policy="reward")
    assert (found[0].rule if found else None) == reward


def test_every_rule_of_the_table_has_a_row() -> None:
    from mathgrade._extract._table import RULES

    named = {r[2][1].split(":")[0] for r in ROWS} | {"option_list", "last_number_after_formula",
                                                      "final_answer_after_box"}
    assert {rule.name for rule in RULES} <= named, {rule.name for rule in RULES} - named


def test_options_listed_without_a_choice_are_ambiguous() -> None:
    c = mathgrade.extract("A) 1\nB) 2\nC) 3", choices=True)[0]
    assert (c.text, c.rule, c.choice, c.start) == ("C", "option_list", True, 0)
    assert mathgrade.grade("A) 1\nB) 2\nC) 3", "C").status.value == "ambiguous"
