"""A Markdown comment (``[//]: # (...)``, ``[comment]: # (...)``) hides its text only when it stands alone on its
line, with at most spaces before it (``_extract/_scan._Hider.end_of``); after other text on the same line it is
plain text, and what it holds is seen, wherever later line breaks fall. Each row of a shown comment has its contrast,
the same comment alone on its line, whose box is hidden.

Written for seed 101 (docs/testing.md): the line's start searched for before the end of the text instead of before
the mark (``rfind("\\n", 0, None)``) found the output's last line break, after the mark, and took every comment
followed by another line for one alone on its line: ``Answer: [//]: # ($\\boxed{7}$)\\nDone.`` lost its box.
"""

from __future__ import annotations

import pytest

import mathgrade

# (text before the mark on its line, the comment, what follows on later lines)
_ROWS = [
    ("Answer: ", "[//]: # ($\\boxed{7}$)", "\nDone."),
    ("So ", "[//]: # (the answer is $\\boxed{7}$)", "\nThat is all."),
    ("Note ", "[comment]: # ($\\boxed{7}$)", "\nok\nand more\n"),
    ("Answer: ", "[//]: # ($\\boxed{7}$)", ""),
]


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("before, comment, after", _ROWS)
def test_a_comment_after_text_on_its_line_is_shown(before: str, comment: str, after: str, policy: str) -> None:
    v = mathgrade.grade(before + comment + after, "7", policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("before, comment, after", _ROWS)
@pytest.mark.parametrize("indent", ["", "  ", "\t"])
def test_a_comment_alone_on_its_line_is_hidden(before: str, comment: str, after: str, indent: str,
                                               policy: str) -> None:
    output = before.strip() + "\n" + indent + comment + after
    v = mathgrade.grade(output, "7", policy=policy)
    assert not v.correct, v.explain()
