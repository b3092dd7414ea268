"""Grading on a Ray cluster: :func:`grade_dataset` adds the verdict columns to a Ray Dataset.

For data that outgrows one machine (every rollout of a large RL run, millions of samples rescored across models),
the rows stay in Ray's object store and are graded where they are, with ``map_batches`` and a callable class on an
actor pool (``ActorPoolStrategy``): each actor imports the grading code once, then grades its batches in-process,
exactly as ``grade_many(rows, workers=0)`` does. So the verdicts are those of :func:`mathgrade.grade_many` on the
same rows, and the time limit works as in any thread: symbolic work that runs away is stopped by
:func:`mathgrade.runtime.run_bounded` (worker processes, no signals), so one slow row costs only itself.

What Ray adds: an actor that dies (killed, out of memory, its node lost) is restarted and the batch it held is
graded again (Ray Data's actor pools restart actors and retry their tasks by default), so no row is lost and none is
written twice. Input order is kept (``preserve_order``) and every input column is passed through unchanged (a
column named like a verdict column is replaced).

Ray is an optional dependency (``pip install '.[ray]'``): importing this module does not import Ray or
pyarrow; the first call that needs them does, or raises ``ImportError`` saying what to install.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from .batch import grade_many
from .columns import COLUMN_TYPES, GRADE_COLUMNS, graded_columns
from .errors import ColumnError, MissingExtra, install_hint
from .options import make_options
from .verdict import Status, Verdict

if TYPE_CHECKING:  # pragma: no cover
    import pyarrow
    from ray.data import Dataset

__all__ = ["grade_dataset", "batch_size_for", "ColumnError", "DEFAULT_BATCH_SIZE", "INSTALL_HINT"]

INSTALL_HINT = install_hint("ray")
"""What to install for this module (named in every error about a missing Ray or pyarrow)."""

Actors = Union[int, Tuple[int, int], None]
"""Size of the actor pool: a fixed number of actors, a ``(min, max)`` range that Ray scales within, or None for
Ray's default (from one actor up to as many as the cluster's CPUs allow)."""

# --- batch size: the cost model ---------------------------------------------------------------------------------
# Measured by bench/bench_ray.py (one run on this project's 2-core machine; see docs/scale.md): the cost of one
# batch in Ray Data beyond its rows (task dispatch to the actor, slicing the block, Arrow conversions, the result's
# trip through the object store), and the cost per row of the bundled real model outputs it grades.

BATCH_OVERHEAD_SECONDS = 0.0013
"""Ray Data's cost of one batch on top of grading its rows (measured: 1.26 ms)."""
ROW_SECONDS = 114e-6
"""Grading cost of a typical row: the mean over the bundled real model outputs (measured)."""
ROW_CHARS = 1000
"""Mean length of a model output in those rows."""
OVERHEAD_SHARE = 0.01
"""Batches are made large enough that the per-batch cost is at most this share of their grading time..."""
MAX_BATCH_SECONDS = 10.0
"""...but small enough that one batch is at most this much work (what a retry repeats after an actor dies, and the
grain of load balancing between actors)..."""
MAX_BATCH_CHARS = 64 << 20
"""...and holds at most this many characters of model output (what an actor holds in memory at once)."""
MIN_BATCH_SIZE = 16


def _size_from_costs(seconds_per_row: float, chars_per_row: float) -> int:
    """Rows per batch from the cost of a row: the per-batch cost amortized (``OVERHEAD_SHARE``), within
    ``MAX_BATCH_SECONDS`` of work and ``MAX_BATCH_CHARS`` of text, rounded down to a power of two."""
    per_row = max(seconds_per_row, 1e-7)
    wanted = BATCH_OVERHEAD_SECONDS / (OVERHEAD_SHARE * per_row)
    ceiling = min(MAX_BATCH_SECONDS / per_row, MAX_BATCH_CHARS / max(chars_per_row, 1.0))
    rows = max(MIN_BATCH_SIZE, min(wanted, ceiling))
    return max(MIN_BATCH_SIZE, 1 << int(math.log2(rows)))


DEFAULT_BATCH_SIZE = _size_from_costs(ROW_SECONDS, ROW_CHARS)
"""Rows per batch when none is given: sized from the measured cost of a typical row (:data:`ROW_SECONDS`)."""


def batch_size_for(sample: Iterable[Mapping[str, Any]], *, output_column: str = "answer",
                   gold_column: str = "gold", problem_column: Optional[str] = None, **options: Any) -> int:
    """Rows per batch for :func:`grade_dataset`, sized from the cost of grading ``sample`` here.

    ``sample`` is a few hundred rows of the data to grade (for example ``ds.take(256)``); they are graded in this
    process to measure the time and the output length per row. The batch is then as small as it can be while Ray's
    per-batch cost stays under 1% of the grading time, and never more than 10 s of work or 64 MB of text (see the
    constants of this module). Long chain-of-thought outputs get smaller batches than short answers.
    """
    make_options(**options)  # a bad option fails here, before any row is graded
    pairs = [(row.get(output_column), row.get(gold_column)) + ((row.get(problem_column),) if problem_column else ())
             for row in sample]
    if not pairs:
        return DEFAULT_BATCH_SIZE
    list(grade_many(pairs[:1], workers=0, **options))  # the first call imports the grading stages
    start = time.perf_counter()
    list(grade_many(pairs, workers=0, **options))
    seconds = (time.perf_counter() - start) / len(pairs)
    chars = sum(len(p[0]) for p in pairs if isinstance(p[0], str)) / len(pairs)
    return _size_from_costs(seconds, chars)


# --- errors -----------------------------------------------------------------------------------------------------


# ColumnError (a missing or non-text column) is defined in mathgrade.errors, with every other error.


# --- the public function ----------------------------------------------------------------------------------------


def grade_dataset(ds: "Dataset", *, output_column: str = "answer", gold_column: str = "gold",
                  problem_column: Optional[str] = None, actors: Actors = None, batch_size: Optional[int] = None,
                  skip_bad_rows: bool = False,
                  preserve_order: bool = True, **options: Any) -> "Dataset":
    """Add the verdict columns (``correct``, ``status``, ``extracted``, ``rule``, ``reason``; see
    :meth:`mathgrade.Verdict.to_row`) to every row of a Ray Dataset. Lazy, like any Ray Dataset transformation: the
    grading runs when the result is consumed (``write_parquet``, ``iter_batches``, ``take``...).

    ``output_column`` holds the model outputs, ``gold_column`` the gold answers (text; integers and floats are
    read as ``grade_many`` reads them, a null output is ``no_answer`` and a null gold ``invalid_gold``);
    ``problem_column``, if given, the problems' text (see ``grade(problem=...)``).
    ``actors``: the actor pool, one CPU per actor: a number of actors, a ``(min, max)`` range, or None for Ray's
    autoscaling default. ``batch_size``: rows per batch (default :data:`DEFAULT_BATCH_SIZE`; use
    :func:`batch_size_for` to size it from a sample of your rows). ``preserve_order``: keep the input order (set
    on the dataset's own ``DataContext``, not the global one); False lets Ray emit batches as they finish.
    Other keyword arguments are the options of :func:`mathgrade.grade` (``policy``, ``timeout``...), checked now.

    A missing column, or one that does not hold text (a list, a struct...), raises :class:`ColumnError` naming it:
    here when the schema is known without running the dataset (Parquet, ``from_items``), else when the batch that
    lacks it is graded. With ``skip_bad_rows=True`` such rows get status ``bad_row`` (as in :func:`grade_many`)
    with the reason instead, and the run goes on. Needs Ray: ``pip install '.[ray]'``.

    A fixed pool as large as the cluster's CPUs leaves none for the tasks that read and write the data, and they
    wait forever: read and write with ``num_cpus=0`` then (as ``mathgrade grade --ray`` does). Ray Data 2.60's
    newer file readers list files in a task that takes a CPU whatever ``num_cpus`` says (and keep an actor pool from
    growing past one actor): read with ``DataContext.get_current().use_datasource_v2 = False`` set first, as the
    command line does. After a run that fails, Ray frees its actors only once Python collects the failed run's
    objects (``gc.collect()``, or the program's end).
    """
    make_options(**options)  # a bad option fails here, not in every actor
    for name, value in (("output_column", output_column), ("gold_column", gold_column),
                        ("problem_column", problem_column)):
        if name == "problem_column" and value is None:
            continue
        if not isinstance(value, str) or not value:
            raise ValueError(f"{name} must be a column name, not {value!r}")
    if batch_size is None:
        batch_size = DEFAULT_BATCH_SIZE
    if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
        raise ValueError(f"batch_size must be a positive integer, not {batch_size!r}")
    pool = _pool_size(actors)
    data = _ray_data()
    spec = _Spec(output_column, gold_column, skip_bad_rows, dict(options), problem_column)
    if not skip_bad_rows:
        schema = ds.schema(fetch_if_missing=False)
        if schema is not None:
            spec.check_schema(list(schema.names), list(schema.types))
    if preserve_order:
        ds.context.execution_options.preserve_order = True
    return ds.map_batches(_GradeBatches, fn_constructor_args=(spec,), batch_size=batch_size, batch_format="pyarrow",
                          compute=data.ActorPoolStrategy(**pool), num_cpus=1, udf_modifying_row_count=False)


def _pool_size(actors: Actors) -> Dict[str, Any]:
    """The arguments of ``ActorPoolStrategy`` for ``actors`` (see :data:`Actors`); ValueError for a bad value."""
    def positive(n: Any) -> bool:
        return isinstance(n, int) and not isinstance(n, bool) and n >= 1

    if actors is None:
        return {"min_size": 1, "max_size": None}
    if positive(actors):
        return {"size": actors}
    if isinstance(actors, tuple) and len(actors) == 2 and all(positive(n) for n in actors) and actors[0] <= actors[1]:
        return {"min_size": actors[0], "max_size": actors[1]}
    raise ValueError(f"actors must be a positive integer, a (min, max) pair with 1 <= min <= max, or None; "
                     f"not {actors!r}")


def _ray_data() -> Any:
    """``ray.data``, or an ImportError that says what to install."""
    try:
        import pyarrow  # noqa: F401  - batches are Arrow tables
        import ray.data
    except ImportError as exc:
        raise MissingExtra(f"mathgrade.ray ({exc})", "Ray Data and pyarrow", "ray") from None
    return ray.data


# --- what runs in the actors ------------------------------------------------------------------------------------

# The Arrow type of each verdict column is fixed (mathgrade.columns.COLUMN_TYPES), so that every batch has the same
# schema even when a column is all null in it.


@dataclass(frozen=True)
class _Spec:
    """What an actor needs to grade a batch (pickled once, to each actor)."""

    output_column: str
    gold_column: str
    skip_bad_rows: bool
    options: Dict[str, Any]
    """The options of :func:`mathgrade.grade`, as keyword arguments (already checked)."""
    problem_column: Optional[str] = None

    def columns(self) -> List[Tuple[str, str]]:
        """The columns grading reads, each with what it holds."""
        named = [(self.output_column, "model outputs"), (self.gold_column, "gold answers")]
        return named + ([(self.problem_column, "problems")] if self.problem_column else [])

    def check_schema(self, names: Sequence[str], types: Sequence[Any]) -> None:
        """Raise :class:`ColumnError` if a column is missing or does not hold text."""
        for column, role in self.columns():
            if column not in names:
                raise ColumnError(f"no column {column!r} (the {role}); the columns are: "
                                  f"{', '.join(map(repr, names)) or 'none'}", column)
            kind = types[list(names).index(column)]
            if not _text_like(kind):
                raise ColumnError(f"column {column!r} (the {role}) holds {kind} values, not text", column)


def _text_like(kind: Any) -> bool:
    """An Arrow type whose values grade as text: strings, and numbers or nulls (read as ``grade_many`` reads them).
    A type Ray could not tell (None, from a dataset of Python objects) is left to the row-by-row checks."""
    if kind is None:
        return True
    import pyarrow.types as t

    if t.is_dictionary(kind):
        kind = kind.value_type
    return bool(t.is_string(kind) or t.is_large_string(kind) or getattr(t, "is_string_view", lambda _: False)(kind)
                or t.is_integer(kind) or t.is_floating(kind) or t.is_null(kind))


class _GradeBatches:
    """The callable class of ``map_batches``: one instance per actor, called with each batch (an Arrow table)."""

    def __init__(self, spec: _Spec) -> None:
        self.spec = spec
        grade_many([("The answer is $\\boxed{\\frac{1}{2}}$.", "0.5")], workers=0)  # import the stages now

    def __call__(self, batch: "pyarrow.Table") -> "pyarrow.Table":
        import pyarrow as pa

        spec = self.spec
        if not spec.skip_bad_rows:
            spec.check_schema(batch.column_names, [batch.schema.field(n).type for n in batch.column_names])
        columns = [column for column, _ in spec.columns()]
        values = [_values(batch, column) for column in columns]
        missing = [column for column, (_, absent) in zip(columns, values) if absent]
        golds = values[1][0]
        if missing:
            reason = f"the row has no column {missing[0]!r}"
            verdicts: Iterable[Verdict] = (
                Verdict(False, Status.BAD_ROW, reason, "input.row", "" if g is None else str(g)) for g in golds)
        else:
            verdicts = grade_many(zip(*(v for v, _ in values)), workers=0, **spec.options)
        rows = [graded_columns(v) for v in verdicts]
        out = batch.drop_columns([c for c in GRADE_COLUMNS if c in batch.column_names])
        for name in GRADE_COLUMNS:
            kind = pa.type_for_alias(COLUMN_TYPES[name])
            out = out.append_column(pa.field(name, kind), pa.array([r[name] for r in rows], type=kind))
        return out


def _values(batch: "pyarrow.Table", column: str) -> Tuple[List[Any], bool]:
    """The Python values of ``column`` (None for each row, and True, when the batch has no such column)."""
    if column not in batch.column_names:
        return [None] * batch.num_rows, True
    return batch.column(column).to_pylist(), False
