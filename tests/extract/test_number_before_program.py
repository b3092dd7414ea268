"""The last number before a program is read whole wherever the backward search cuts the text.

When the last number of an output is inside a program (a fenced code block), ``last_number`` searches backwards
from the block in chunks of ``_NUMBER_STEP`` characters, each starting after a space so that no number is cut in
two. Seed 73 of docs/testing.md: starting a chunk one character late (``sp + 2``) survived; the number the chunk
boundary fell in then lost its first character: ``4321`` was read as ``4``, ``-4321`` as ``4321`` (a false
"correct" for 4321), ``4,321`` as ``321``. Each row is tried with the boundary at every place around the number;
the contrast is a number glued to a word (``v4321``, no number: the earlier 7 answers).
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

PADS = range(236, 266)
"""Lengths of the text between the number and the program: the chunk boundary falls before, in and after it."""

# (the number as written, the answer read, a gold it is, a gold it is not)
ROWS: List[Tuple[str, str, str, str]] = [
    ("4321", "4321", "4321", "4"),
    ("-4321", "-4321", "-4321", "4321"),
    ("4,321", "4,321", "4321", "321"),
    ("4321.5", "4321.5", "4321.5", "4"),
    ("v4321", "7", "7", "4321"),  # contrast: glued to a word, no number
]


def _output(number: str, pad: int) -> str:
    words = ("so it stays " * 30)[:pad]
    return "We had 7 apples. So the total is " + number + " " + words + "\n```python\nprint(5)\n```\n"


@pytest.mark.parametrize("number, read, gold, not_gold", ROWS, ids=[r[0] for r in ROWS])
def test_the_last_number_before_a_program_is_read_whole(number: str, read: str, gold: str, not_gold: str) -> None:
    for pad in PADS:
        out = _output(number, pad)
        best = mathgrade.extract(out)[0]
        assert (best.text, best.rule) == (read, "last_number"), pad
        assert out[best.start:best.end] == read, pad
        assert mathgrade.grade(out, gold).correct, (pad, mathgrade.grade(out, gold).explain())
        assert not mathgrade.grade(out, not_gold).correct, (pad, mathgrade.grade(out, not_gold).explain())
