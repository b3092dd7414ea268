"""What the checks after an answer read: its sentence with the whitespace as the word lists expect it.

``_commit._after`` gives the refusal checks after a box or a phrase's answer (withdrawn, hedged, asked, supposed,
cut off) the text that follows the answer with its runs of spaces and tabs read as one space and a line break that
goes on with its sentence joined to it; a line break that starts a new sentence, or a blank line, ends what they read
(but for another value offered, a doubt and a question about it, which are read on to the next paragraph).
A text that goes on past the window is cut there, after a sentence end and a filler no pattern reads
(``_FILLER``). ``_loose_window`` makes that copy, however long the runs of whitespace are.

Each whitespace between a box and the words that refuse it must refuse it as one space does (the attack: a model
that learns to put two spaces, a tab or a line break before "is wrong" would otherwise be paid for it), and each
separator that ends the sentence must leave the box committed.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade
from mathgrade._extract._commit import _FILLER, _WINDOW_AFTER, _after, _loose_window

REACH = _WINDOW_AFTER + 40  # (the window _after reads after an answer)

# what follows a box, and the refusal it gives with one space before it
REFUSING: List[Tuple[str, str]] = [
    ("is wrong.", "the text calls it wrong"),
    ("or maybe 6.", "a hedge follows it naming another value (6.)"),
    ("or is it?", "it is asked, not stated"),
    ("if we assume that the", "the output stops in the middle of its sentence"),
    ("but I am not sure.", "a hedge follows it"),
]
COMMITTING = ["so the answer is 5.", "is right, so we are done."]
JOINING = ["  ", "\t", " \t ", "\n", " \n  ", "\t\n\t", " " * 40, "\t" * 30]
"""Whitespace read as one space: runs of spaces and tabs, a line break that goes on with its sentence."""
ENDING = ["\n\n", "\n\n\n", " \n \n "]
"""Whitespace that ends the sentence: a blank line."""


def _graded(separator: str, after: str) -> mathgrade.Verdict:
    return mathgrade.grade("We check it: $\\boxed{5}$" + separator + after, "5", policy="reward")


@pytest.mark.parametrize("after,why", REFUSING)
def test_one_space_before_refusing_words_refuses_the_box(after: str, why: str) -> None:
    v = _graded(" ", after)
    assert not v.correct and why in v.explain().splitlines()[0], v.explain()


@pytest.mark.parametrize("separator", JOINING)
@pytest.mark.parametrize("after,why", REFUSING)
def test_any_run_of_whitespace_before_refusing_words_refuses_as_one_space(separator: str, after: str,
                                                                         why: str) -> None:
    v = _graded(separator, after)
    assert not v.correct and why in v.explain().splitlines()[0], (separator, v.explain())


@pytest.mark.parametrize("separator", JOINING + ENDING)
@pytest.mark.parametrize("after", COMMITTING)
def test_committing_words_after_any_whitespace_leave_the_box_committed(separator: str, after: str) -> None:
    v = _graded(separator, after)
    assert v.correct, (separator, v.explain())


@pytest.mark.parametrize("separator", ENDING)
@pytest.mark.parametrize("after,why", REFUSING)
def test_a_blank_line_ends_the_sentence_the_checks_read(separator: str, after: str, why: str) -> None:
    v = _graded(separator, after)
    if "6" in after:  # (another value offered: the remark after the answer is read on, to its next paragraph)
        assert v.status.value == "ambiguous" and v.rule == "extract.ambiguous", (separator, v.explain())
    elif "not sure" in after:  # (a doubt, too, is read on to the next paragraph: "\n\nI am not sure.")
        assert not v.correct and why in v.explain().splitlines()[0], (separator, v.explain())
    elif after.endswith("?"):  # (and a question about it: "\n\nOr is it?" doubts it, as a hedge)
        assert not v.correct and v.rule == "answer.hedged", (separator, v.explain())
    else:
        assert v.correct, (separator, v.explain())


@pytest.mark.parametrize("after", ["Is wrong."])
def test_a_line_break_before_a_capital_ends_the_sentence(after: str) -> None:
    assert _graded("\n", after).correct
    assert not _graded(" ", after.lower()).correct  # (the same words in the sentence refuse it)


@pytest.mark.parametrize("separator", ["\n", "\n\n", " "])
def test_another_value_offered_after_the_sentence_is_still_read(separator: str) -> None:
    v = _graded(separator, "Or maybe 6.")
    assert v.status.value == "ambiguous", v.explain()


# _after itself: (what follows "$5$", then what it returns: the text, or None for "the output itself")
AFTER_ROWS: List[Tuple[str, object]] = [
    (" is wrong.", None),             # one space: nothing to loosen, the output itself
    ("\nIs wrong.", None),            # a line break that ends the sentence
    ("\n\nis wrong", None),           # a blank line
    ("x" * 300 + "  y", None),        # no run of whitespace on the first line, none joined
    ("  is wrong.", " is wrong."),
    ("\tis wrong.", " is wrong."),
    ("\nis wrong.", " is wrong."),    # a line break that goes on with its sentence
    ("\n  , so", " , so"),
    ("a  b\nIs", "a b\nIs"),          # a run on the first line loosens the whole window, the break kept
    (" " * 300 + "is wrong", " is wrong"),          # a run longer than the window is one space
    ("  " + "x" * (REACH - 1), " " + "x" * (REACH - 1)),    # the text ends at the window's last character
    ("  " + "x" * REACH, " " + "x" * (REACH - 1) + " ." + _FILLER * (_WINDOW_AFTER - 1)),   # it goes on
    ("x" * 150 + "  y" + "z" * 100, "x" * 150 + " y" + "z" * (REACH - 152) + " ." + _FILLER * (_WINDOW_AFTER - 1)),
]


@pytest.mark.parametrize("rest,want", AFTER_ROWS)
def test_after_gives_the_output_or_its_loosened_window(rest: str, want: object) -> None:
    text = "$5$" + rest
    got = _after(text, 3)
    if want is None:
        assert got[0] is text and got[1] == 3
    else:
        assert got == (want, 0)


def test_the_filler_is_read_by_no_check_and_is_no_whitespace() -> None:
    assert not _FILLER.isspace() and not _FILLER.isalnum() and len(_FILLER) == 1
    # a long committed sentence: the window ends in the middle of it, and the filler neither refuses nor cuts it off
    long = "  , " + "and then the count agrees with the table " * 8 + "so it holds."
    assert len(long) > REACH
    assert _graded("", long).correct
    # the same sentence ending on a connective within the window is cut off
    assert not _graded("", "  , which holds if we assume that the").correct


# _loose_window: (text, start, size) -> (window, whether the text ends inside it)
LOOSE_ROWS: List[Tuple[str, int, int, str, bool]] = [
    ("ab   cd", 0, 5, "ab cd", True),       # exactly the size once loosened
    ("ab   cd", 0, 4, "ab c", False),       # cut at the size: the text goes on
    (" " * 50 + "x", 0, 5, " x", True),     # a run longer than the size: read on past it
    ("a\t\tb", 1, 10, " b", True),          # from start
    ("x" * 10, 0, 10, "x" * 10, True),
    ("x" * 11, 0, 10, "x" * 10, False),
    ("  " + "x" * 9, 0, 10, " " + "x" * 9, True),   # a short window read on to the text's end
    ("  " + "x" * 10, 0, 10, " " + "x" * 9, False),
    ("  " + "x" * 8, 0, 10, " " + "x" * 8, True),
    ("x" * 9 + "   ", 0, 10, "x" * 9 + " ", False),    # a window ending in a run the text goes on with
    ("x" * 9 + "  ", 0, 10, "x" * 9 + " ", False),     # (one character of it past the window)
    ("a \n b", 0, 10, "a b", True),         # a line break with spaces around it, before a small letter: joined
    ("a \n B", 0, 10, "a \n B", True),      # before a capital: kept
]


@pytest.mark.parametrize("text,start,size,window,ends", LOOSE_ROWS)
def test_loose_window(text: str, start: int, size: int, window: str, ends: bool) -> None:
    assert _loose_window(text, start, size) == (window, ends)
