"""The vertical factor of ``\\scalebox{0}[v]{...}`` is looked for in the 40 characters after its ``[`` (a bounded
look-around: ``hidden_spans`` stays linear in the text, whatever it holds): a factor whose ``]`` comes within them
(38 characters of factor or fewer) is skipped and the argument after it hidden; a ``[`` whose ``]`` comes later is no
vertical factor, and the scalebox then hides nothing. Rows on both sides of the bound. Seed 197 of docs/testing.md:
``_Hider._latex_end`` searching for the ``]`` to the end of the text survived.
"""

from __future__ import annotations

import pytest

from mathgrade._extract._scan import hidden_spans, hide_comments


def _output(factor_length: int) -> str:
    factor = "1" + "0" * (factor_length - 1)
    return f"So $\\scalebox{{0}}[{factor}]{{\\boxed{{7}}}}$ and then $\\boxed{{5}}$."


@pytest.mark.parametrize("factor_length, hidden", [
    (1, True), (3, True), (20, True), (37, True), (38, True),
    (39, False), (40, False), (45, False), (80, False), (200, False),
])
def test_a_vertical_factor_is_read_within_40_characters(factor_length: int, hidden: bool) -> None:
    output = _output(factor_length)
    shown = hide_comments(output)
    assert len(shown) == len(output)
    assert ("\\boxed{7}" not in shown) is hidden
    assert "\\boxed{5}" in shown  # (the box after the scalebox is never hidden)
    spans = list(hidden_spans(output))
    if hidden:
        assert len(spans) == 1 and spans[0][2] == "hidden"
        assert output[spans[0][0]:spans[0][1]].endswith("{\\boxed{7}}")
    else:
        assert spans == []
