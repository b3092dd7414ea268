"""The columns a row gains when it is graded or its answer extracted: one set of names for ``grade``, ``extract``,
``grade --ray`` and ``eval``'s ``samples.jsonl``.

``extracted`` is the answer's text, ``extracted_start``/``extracted_end`` its span in the output (character
offsets), ``extraction_rule`` the extraction rule that found it (docs/extraction.md); ``rule`` is always the rule
that *decided* the verdict (docs/comparison.md), and ``reason`` says why in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

if TYPE_CHECKING:  # pragma: no cover
    from ._extract import Candidate
    from .verdict import Verdict

__all__ = ["GRADE_COLUMNS", "EXTRACT_COLUMNS", "COLUMN_TYPES", "graded_columns", "extracted_columns"]

GRADE_COLUMNS: Tuple[str, ...] = ("correct", "status", "extracted", "extracted_start", "extracted_end",
                                  "extraction_rule", "rule", "reason")
"""The columns ``grade`` adds to every row, in order."""
EXTRACT_COLUMNS: Tuple[str, ...] = ("extracted", "extracted_start", "extracted_end", "extraction_rule")
"""The columns ``extract`` adds to every row, in order."""
COLUMN_TYPES: Dict[str, str] = {"correct": "bool", "status": "string", "extracted": "string",
                                "extracted_start": "int64", "extracted_end": "int64", "extraction_rule": "string",
                                "rule": "string", "reason": "string"}
"""The Arrow type of each added column (Parquet outputs, Ray Data)."""


def graded_columns(verdict: "Verdict") -> Dict[str, Any]:
    """The :data:`GRADE_COLUMNS` of a verdict."""
    row = verdict.to_row()
    answer = verdict.answer
    return {"correct": row["correct"], "status": row["status"], "extracted": row["extracted"],
            "extracted_start": answer.start if answer else None, "extracted_end": answer.end if answer else None,
            "extraction_rule": answer.rule if answer else None, "rule": row["rule"], "reason": row["reason"]}


def extracted_columns(candidate: Optional["Candidate"]) -> Dict[str, Any]:
    """The :data:`EXTRACT_COLUMNS` of the best candidate answer (None: no answer found)."""
    if candidate is None:
        return dict.fromkeys(EXTRACT_COLUMNS)
    return {"extracted": candidate.text, "extracted_start": candidate.start, "extracted_end": candidate.end,
            "extraction_rule": candidate.rule}
