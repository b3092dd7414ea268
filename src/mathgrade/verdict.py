"""The result of grading: :class:`Verdict`, its :class:`Status`, and the extracted :class:`Answer`."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

from .values import Value, printable, replaced

__all__ = ["Status", "Answer", "Verdict", "ROW_COLUMNS"]

_set = object.__setattr__

ROW_COLUMNS = ("correct", "status", "extracted", "rule", "reason")
"""The columns a graded row gains (:meth:`Verdict.to_row`), in the command line's output files and elsewhere."""


class Status(str, enum.Enum):
    """What happened to one (output, gold) pair. Only ``CORRECT`` means the answer is right."""

    CORRECT = "correct"
    """The extracted answer is equivalent to the gold answer."""
    INCORRECT = "incorrect"
    """An answer was found and read, and it differs from the gold answer."""
    NO_ANSWER = "no_answer"
    """No final answer could be found in the output."""
    AMBIGUOUS = "ambiguous"
    """The output commits to several different answers, or only lists options without choosing."""
    UNPARSABLE = "unparsable"
    """An answer was found but could not be read, and it does not match the gold answer as text either."""
    TIMEOUT = "timeout"
    """The time limit was hit before a decision."""
    INVALID_GOLD = "invalid_gold"
    """The gold answer itself could not be read."""
    ERROR = "error"
    """An internal error stopped grading (a bug in mathgrade); ``Verdict.error`` holds the exception."""
    BAD_ROW = "bad_row"
    """The input row is malformed (batch grading): not an (output, gold) pair, a missing field, or a value of a type
    :func:`mathgrade.grade` refuses; the reason says which."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, init=False)
class Answer:
    """The answer taken from a model output: its text, where it is (``output[start:end]``), and the rule that found
    it (``boxed``, ``final_answer_phrase``, ``last_number``, ...)."""

    text: str
    start: int
    end: int
    rule: str

    def __init__(self, text: str, start: int, end: int, rule: str) -> None:
        # One write of all the fields (a frozen dataclass's own __init__ makes one call per field: made per row).
        _set(self, "__dict__", {"text": text, "start": start, "end": end, "rule": rule})

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict; lone surrogates in the text (not valid Unicode) become U+FFFD, one for one."""
        return {"text": replaced(self.text), "start": self.start, "end": self.end, "rule": self.rule}


@dataclass(frozen=True, init=False)
class Verdict:
    """Whether a model output answers a gold answer, and why.

    ``bool(verdict)`` is ``verdict.correct`` and ``float(verdict)`` is 1.0 or 0.0 (a reward). ``rule`` names the comparison rule that decided (``number.exact``,
    ``expression.random_points``, ...) or, when no comparison happened, the stage that stopped (``extract.none``).
    ``answer_value`` and ``gold_value`` are the values read from each side (None where reading failed).
    ``error`` holds the text of an internal exception, if one happened (grading never raises).
    """

    correct: bool
    status: Status
    reason: str
    rule: str
    gold: str
    answer: Optional[Answer] = None
    answer_value: Optional[Value] = None
    gold_value: Optional[Value] = None
    error: Optional[str] = None

    def __init__(self, correct: bool, status: Status, reason: str, rule: str, gold: str,
                 answer: Optional[Answer] = None, answer_value: Optional[Value] = None,
                 gold_value: Optional[Value] = None, error: Optional[str] = None) -> None:
        # One write of all the fields (a frozen dataclass's own __init__ makes one call per field: one verdict is
        # made per row, so this is a few percent of a short row's time). Nothing is validated: the pipeline makes
        # verdicts from values it already checked.
        _set(self, "__dict__", {"correct": correct, "status": status, "reason": reason, "rule": rule, "gold": gold,
                                "answer": answer, "answer_value": answer_value, "gold_value": gold_value,
                                "error": error})

    def __bool__(self) -> bool:
        return self.correct

    def __reduce__(self) -> Tuple[Any, ...]:
        # Pickled as plain fields (verdicts cross from grade_many's workers, one per row): a dataclass and an enum
        # pickled the default way cost more than grading a short answer.
        a = self.answer
        return (_verdict, (self.correct, self.status.value, self.reason, self.rule, self.gold,
                           None if a is None else (a.text, a.start, a.end, a.rule), self.answer_value,
                           self.gold_value, self.error))

    def __float__(self) -> float:
        """1.0 when correct, else 0.0: the verdict as a reward."""
        return 1.0 if self.correct else 0.0

    def explain(self) -> str:
        """A short multi-line account of the verdict, for a person."""
        lines = [f"{self.status.value.upper()}: {printable(self.reason)}"]
        if self.answer is not None:
            lines.append(
                f"  answer:  {self.answer.text!r}  (rule {self.answer.rule}, chars {self.answer.start}-{self.answer.end})"
            )
        else:
            lines.append("  answer:  none found")
        if self.answer_value is not None:
            lines.append(f"  read as: {self.answer_value}  [{self.answer_value.kind.value}]")
        lines.append(f"  gold:    {self.gold!r}")
        if self.gold_value is not None:
            lines.append(f"  read as: {self.gold_value}  [{self.gold_value.kind.value}]")
        lines.append(f"  decided by: {self.rule}")
        if self.error:
            lines.append(f"  internal error: {printable(self.error)}")
        return "\n".join(lines)

    def to_row(self) -> Dict[str, Any]:
        """The flat columns of :data:`ROW_COLUMNS` that a graded row gains: ``correct``, ``status``, ``extracted``
        (the answer's text, or None), ``rule`` (the rule that decided) and ``reason`` (with the internal error, if
        any)."""
        reason = self.reason if not self.error or self.error in self.reason else f"{self.reason} ({self.error})"
        return {"correct": self.correct, "status": self.status.value,
                "extracted": self.answer.text if self.answer else None, "rule": self.rule, "reason": printable(reason)}

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict (values are rendered as strings). Every string in it is valid Unicode, so that it can be
        written in any encoding: lone surrogates become U+FFFD in the gold and the answer's text (one for one, so the
        answer's span still holds) and escapes (``\\udcff``) in the renderings."""
        return {
            "correct": self.correct,
            "status": self.status.value,
            "reason": printable(self.reason),
            "rule": self.rule,
            "gold": replaced(self.gold),
            "answer": self.answer.to_dict() if self.answer else None,
            "answer_value": None if self.answer_value is None else str(self.answer_value),
            "gold_value": None if self.gold_value is None else str(self.gold_value),
            "error": None if self.error is None else printable(self.error),
        }


_STATUSES = {s.value: s for s in Status}


def _verdict(correct: bool, status: str, reason: str, rule: str, gold: str,
             answer: Optional[Tuple[str, int, int, str]], answer_value: Optional[Value], gold_value: Optional[Value],
             error: Optional[str]) -> Verdict:
    """A :class:`Verdict` from its pickled fields."""
    return Verdict(correct, _STATUSES[status], reason, rule, gold, None if answer is None else Answer(*answer),
                   answer_value, gold_value, error)
