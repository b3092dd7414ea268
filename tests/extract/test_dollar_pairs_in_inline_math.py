"""``$$`` met inside an inline formula ``$..$`` ends it and opens the next, as MathJax and KaTeX read it: ``$x$$y$``
is two formulas, ``$x$`` and ``$y$``. What a colour switch (``\\color{white}``) hides depends on it: made inside a
formula, it whitens that formula's rest only; made outside one, its group's rest (here, the rest of the output). So
in ``Then $x$$\\color{white} 1$ Wait, the answer is $\\boxed{6}$.`` the switch hides ``1`` only, and 6 is the answer.

Written for seed 163 (docs/testing.md), whose mutant of ``_Hider._in_math`` (``inside == "$"`` made ``"XX$XX"``: a
``$$`` no longer ended a ``$``) turned out to read these outputs as the renderers do, where the code did not: it took
``$$`` for the end of the ``$`` formula only, so the switch after it counted as outside any formula and hid the final
box, and the earlier box was credited (a false "correct": 5 for the first row). Fixed in ``_scan._Hider._in_math``.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract._scan import hidden_spans

# (output, what is hidden, the answer credited)
ROWS = [
    ("So $\\boxed{5}$ at first. Then $x$$\\color{white} 1$ Wait, the answer is $\\boxed{6}$.",
     "\\color{white} 1", "6"),
    ("Let $a$$\\color{white}\\boxed{7}$ and the answer is $\\boxed{6}$.", "\\color{white}\\boxed{7}", "6"),
    ("Let $a$$b$$\\color{white}\\boxed{7}$ and the answer is $\\boxed{6}$.", "\\color{white}\\boxed{7}", "6"),
    ("So $\\boxed{5}$ at first. Then $x$$y$ and $\\color{white} 1$ Wait, the answer is $\\boxed{6}$.",
     "\\color{white} 1", "6"),
    # the switch after two formulas side by side is outside any: it hides the rest, the final box with it
    ("So $\\boxed{5}$ at first. Then $x$$y$ \\color{white} 1 Wait, the answer is $\\boxed{6}$.",
     "\\color{white} 1 Wait, the answer is $\\boxed{6}$.", "5"),
    # the contrasts: the formulas apart, a switch outside any formula, a display after a blank line
    ("So $\\boxed{5}$ at first. Then $x$ $\\color{white} 1$ Wait, the answer is $\\boxed{6}$.",
     "\\color{white} 1", "6"),
    ("So $\\boxed{5}$ at first. Then \\color{white} 1 Wait, the answer is $\\boxed{6}$.",
     "\\color{white} 1 Wait, the answer is $\\boxed{6}$.", "5"),
    ("So $\\boxed{5}$ at first. Then $x$\n\n$$\\color{white} 1$$ Wait, the answer is $\\boxed{6}$.",
     "\\color{white} 1", "6"),
]


@pytest.mark.parametrize("output, hidden, answer", ROWS)
def test_a_colour_switch_after_a_dollar_pair(output: str, hidden: str, answer: str) -> None:
    assert [output[s:e] for s, e, _ in hidden_spans(output)] == [hidden]
    other = "5" if answer == "6" else "6"
    for policy in ("eval", "reward"):
        assert mathgrade.grade(output, answer, policy=policy).correct, (output, policy)
        assert not mathgrade.grade(output, other, policy=policy).correct, (output, policy)
        assert not mathgrade.grade(output, "7", policy=policy).correct, (output, policy)
