"""An output longer than ``WINDOW`` (100,000) characters is read from its last ``WINDOW`` characters, cut at the
first line start in the 2,000 characters after the cut (``_extract._window_start``); with no line break there, at
the cut itself. So a box on the window's first whole line is read, and one on the line the cut falls in is not,
unless no line break comes within 2,000 characters (then the window starts at the cut, mid-line).

Written for seed 149 (docs/testing.md): the window started at the *last* line break of those 2,000 characters
(``rfind``), which dropped every whole line before it: the box on the window's first line was lost.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import WINDOW, extract

_LINE = "Nothing to see on this line.\n"  # no number, no answer
_BOX = "\\boxed{7}"
_CUT = 5_000  # where the last WINDOW characters start


def _output(box_at: int, break_at: int) -> str:
    """An output of ``WINDOW + _CUT`` characters of filler lines, with a line break ``break_at`` characters after the
    cut, a box ``box_at`` characters after it (both may be negative), and no other line break between the cut and
    them; filler lines (a line break every 29 characters) go on after both."""
    size = WINDOW + _CUT
    chars = list((_LINE * (size // len(_LINE) + 1))[:size])
    end = _CUT + max(break_at, box_at + len(_BOX)) + 2
    chars[_CUT - 100:end] = "y" * (end - _CUT + 100)
    chars[_CUT + box_at - 1:_CUT + box_at + len(_BOX) + 1] = " " + _BOX + " "
    chars[_CUT + break_at] = "\n"  # (a blank before the box may be this line break)
    text = "".join(chars)
    assert len(text) == size and text.index(_BOX) == _CUT + box_at and text[_CUT + break_at] == "\n"
    return text


def _window_start(break_at: int) -> int:
    return _CUT + break_at + 1 if 0 <= break_at < 2_000 else _CUT


# (the box's offset from the cut, the line break's offset, the box read?)
ROWS = [
    # the box's line is the first whole line of the window (and more line breaks follow it within 2,000)
    (1, 0, True), (2, 1, True), (6, 5, True), (101, 100, True), (1_901, 1_900, True), (1_999, 1_998, True),
    (2_000, 1_999, True),
    # the box is on the line the cut falls in, and that line ends within 2,000 characters: not read
    (1, 15, False), (5, 100, False), (100, 1_900, False), (1_000, 1_999, False), (1_980, 1_999, False),
    # ... and that line ends 2,000 or more characters after the cut: the window starts at the cut, mid-line
    (1, 2_000, True), (5, 2_000, True), (1_980, 2_000, True), (5, 2_001, True), (1_000, 3_000, True),
    # the box starts before the cut: never read
    (-1, 10, False), (-5, 100, False), (-1, 2_000, False), (-5, 3_000, False), (-100, -50, False),
]


@pytest.mark.parametrize("box_at, break_at, read", ROWS)
def test_the_window_starts_at_the_first_line_start_after_the_cut(box_at: int, break_at: int, read: bool) -> None:
    text = _output(box_at, break_at)
    assert (_CUT + box_at >= _window_start(break_at)) is read  # (the rule as this file states it)
    found = [c for c in extract(text) if c.rule.startswith("boxed")]
    if read:
        assert [(c.text, c.start) for c in found] == [("7", _CUT + box_at + len("\\boxed{"))]
        assert mathgrade.grade(text, "7").correct
        assert not mathgrade.grade(text, "8").correct
    else:
        assert found == []
        assert not mathgrade.grade(text, "7").correct


def test_a_short_output_is_read_whole() -> None:
    text = _BOX + " " + _LINE * ((WINDOW - 20) // len(_LINE))
    assert len(text) <= WINDOW
    assert [c.start for c in extract(text) if c.rule == "boxed"] == [len("\\boxed{")]
    longer = _BOX + " " + "y" * 30 + _LINE * ((WINDOW - 20) // len(_LINE))  # (the contrast: over the window)
    assert len(longer) > WINDOW
    assert [c for c in extract(longer) if c.rule == "boxed"] == []
