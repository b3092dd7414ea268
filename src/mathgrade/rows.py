"""One row of a batch: where its output and gold are, and what a row of the wrong shape or type becomes.

A row is an ``(output, gold)`` pair, an ``(output, gold, problem)`` triple or a mapping. In a mapping the output is
under ``output_key`` (by default ``output``, else ``answer``, Math-Verify's name), the gold under ``gold_key``
(default ``gold``) and, when ``problem_key`` is given, the problem's text under it (see ``grade(problem=...)``).

Types follow :func:`mathgrade.grade` exactly: a row gets the verdict ``grade(output, gold)`` would give, and where
``grade`` raises ``TypeError`` (an output that is not a string, a gold that is not a string or a number, ``None``
for either) the row gets status ``bad_row`` with that message. Rows of the wrong shape (not a pair, or a mapping
without the fields) also get ``bad_row``: one bad row among millions never stops a batch. ``error`` stays for bugs.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Tuple

from .grader import grade_with
from .options import Options
from .verdict import Status, Verdict

__all__ = ["BadRow", "pair_of", "grade_pair", "OUTPUT_KEYS"]

OUTPUT_KEYS = ("output", "answer")
"""The keys looked for, in this order, when no ``output_key`` is given."""


class BadRow:
    """Stands for the output of a row whose shape is wrong; ``reason`` says what was wrong. Picklable."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __getstate__(self) -> str:
        return self.reason

    def __setstate__(self, state: str) -> None:
        self.reason = state

    def __repr__(self) -> str:
        return f"BadRow({self.reason!r})"


def pair_of(row: Any, output_key: Optional[str] = None, gold_key: str = "gold",
            problem_key: Optional[str] = None) -> Tuple[Any, ...]:
    """The ``(output, gold)`` of a row, or ``(output, gold, problem)``; for a row of the wrong shape,
    ``(BadRow(reason), None)``."""
    if type(row) is tuple and len(row) == 2:  # the common case, without the cost of an ABC check
        return row
    if isinstance(row, Mapping):
        if problem_key is not None:
            if problem_key not in row:
                return BadRow(_missing(row, repr(problem_key), "problem_key")), None
            return pair_of(row, output_key, gold_key) + (row[problem_key],)
        keys = OUTPUT_KEYS if output_key is None else (output_key,)
        for key in keys:
            if key in row:
                break
        else:
            return BadRow(_missing(row, " or ".join(map(repr, keys)), "output_key")), None
        if gold_key not in row:
            return BadRow(_missing(row, repr(gold_key), "gold_key")), None
        return row[key], row[gold_key]
    if isinstance(row, (tuple, list)) and len(row) in (2, 3):
        return tuple(row)
    if isinstance(row, (tuple, list)):
        return BadRow(f"the row is a {type(row).__name__} of {len(row)} items, not an (output, gold) pair or an "
                      "(output, gold, problem) triple"), None
    return BadRow(f"the row is a {type(row).__name__}, not an (output, gold) pair or a mapping"), None


def _missing(row: Mapping, wanted: str, option: str) -> str:
    found = ", ".join(repr(k) for k in list(row)[:12]) + (", ..." if len(row) > 12 else "")
    return f"the row has no key {wanted} (its keys: {found or 'none'}); name the field with {option}="


def grade_pair(output: Any, gold: Any, options: Options, problem: Any = None) -> Verdict:
    """The verdict of one row: :func:`mathgrade.grade`'s, or ``bad_row`` where grade() would raise ``TypeError``."""
    if isinstance(output, BadRow):
        return Verdict(False, Status.BAD_ROW, output.reason, "input.row", "")
    try:
        return grade_with(output, gold, options, problem=problem)
    except TypeError as exc:  # grade()'s documented type rule: a value of the wrong type, None included
        shown = str(gold) if isinstance(gold, (str, int, float)) and not isinstance(gold, bool) else ""
        return Verdict(False, Status.BAD_ROW, str(exc), "input.type", shown)
