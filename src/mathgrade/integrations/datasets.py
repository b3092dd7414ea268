"""Hugging Face ``datasets``: grade a column of model outputs with ``Dataset.map(batched=True)``.

::

    from mathgrade.integrations.datasets import grade_batch
    graded = ds.map(grade_batch, batched=True, fn_kwargs={"output_column": "response", "gold_column": "answer"})

:func:`grade_batch` returns the plain columns of :data:`mathgrade.verdict.ROW_COLUMNS` (``correct`` a bool,
``status``, ``extracted``, ``rule``, ``reason`` strings; ``extracted`` is None where no answer was found), which
Arrow stores as they are. It is a module-level function and its settings go in ``fn_kwargs``, so ``map`` hashes it
by reference and caches its result: running the same ``map`` again loads the cache instead of grading again. A
function of your own that calls :func:`mathgrade.grade` caches too (``from mathgrade import grade``); return
``verdict.to_row()`` or ``verdict.to_dict()`` from it, never a :class:`~mathgrade.Verdict` itself.

Rows are graded in this process (``map(num_proc=N)`` spreads the batches over N processes).
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence

from ..batch import grade_many
from ..verdict import ROW_COLUMNS

__all__ = ["grade_batch", "PROBLEM_COLUMNS"]

PROBLEM_COLUMNS = ("problem", "question")
"""Columns read as the problem's text when ``problem_column`` is not given (the first one the dataset has)."""


def grade_batch(batch: Mapping[str, Sequence[Any]], *, output_column: str = "output", gold_column: str = "gold",
                problem_column: Optional[str] = None, **options: Any) -> Dict[str, List[Any]]:
    """Grade a batch of ``Dataset.map(batched=True)``: the outputs in ``output_column`` against the gold answers in
    ``gold_column``, with the problem's text from ``problem_column`` (default: the column ``problem`` or
    ``question`` if the dataset has one; it decides multiple-choice answers given as an option's content and, under
    the ``reward`` policy, answers that restate the problem). Other keyword arguments are the options of
    :func:`mathgrade.grade` (``policy``, ``timeout``...).

    Returns the columns ``correct``, ``status``, ``extracted``, ``rule`` and ``reason``, one value per row. A row
    whose output or gold is missing (None) or of the wrong type gets status ``bad_row``. Raises ``ValueError``
    naming the columns the batch has when a named column is not among them, or for a bad option.
    """
    outputs = _column(batch, output_column, "output_column")
    golds = _column(batch, gold_column, "gold_column")
    if problem_column is None:
        problem_column = next((name for name in PROBLEM_COLUMNS if name in batch), None)
    if problem_column is None:
        rows: Any = zip(outputs, golds)
    else:
        rows = zip(outputs, golds, _column(batch, problem_column, "problem_column"))
    columns: Dict[str, List[Any]] = {name: [] for name in ROW_COLUMNS}
    appends = [columns[name].append for name in ROW_COLUMNS]
    for verdict in grade_many(rows, workers=0, total=len(outputs), **options):
        for append, value in zip(appends, verdict.to_row().values()):
            append(value)
    return columns


def _column(batch: Mapping[str, Sequence[Any]], name: str, option: str) -> Sequence[Any]:
    if not isinstance(name, str) or name not in batch:
        raise ValueError(f"grade_batch: the dataset has no column {name!r} (its columns: "
                         f"{', '.join(map(repr, batch)) or 'none'}); name the column with fn_kwargs={{{option!r}: ...}}")
    return batch[name]
