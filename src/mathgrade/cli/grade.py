"""``mathgrade grade``: grade every row of a file (JSONL, CSV, TSV, Parquet), or of a Ray cluster's data (``--ray``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Dict, Iterator, Optional

import click

from ..columns import GRADE_COLUMNS
from . import Command
from ._options import COUNT, grading_options, options_of, rows_options, show_progress
from ._summary import BAD_ROW

__all__ = ["command"]

_RESUMABLE = ("After exit code 3, 130 or 143 the rows written so far are kept in OUTPUT: run the same command again "
              "with --resume to continue it.")


@click.command("grade", cls=Command,
               help="Grade each row's model output against its gold answer. Writes every input row, in input order, "
                    "with added columns " + ", ".join(GRADE_COLUMNS) + "; prints a summary (rows, accuracy, counts "
                    "per status, time). " + _RESUMABLE)
@rows_options
@click.option("--gold-field", default="gold", metavar="NAME", show_default=True,
              help="field of the gold answer (a.b.0 for nested values)")
@click.option("--problem-field", default=None, metavar="NAME",
              help="field of the problem's text: a multiple-choice answer may then name an option by its content "
                   "(\\boxed{96} for the option (B) 96)")
@click.option("--workers", type=COUNT, default=None, metavar="N",
              help="worker processes (default: every core; 0 grades in this process; with --ray: actors)")
@click.option("--ray", metavar="CLUSTER", default=None,
              help="grade on a Ray cluster: auto (join the running one), local (start one here) or its address; "
                   "INPUT may then be a directory or pattern, OUTPUT is a directory of shards (docs/scale.md)")
@grading_options
def command(**params: Any) -> int:
    args = SimpleNamespace(**params)
    if args.ray:
        from ._ray import run

        return run(args)
    from ..batch import grade_many
    from ..columns import graded_columns
    from ..files import FieldPath
    from ..options import make_options
    from ._run import Job, Run

    options = options_of(params)
    make_options(**options)  # (a bad value is an error now, before any row is read)
    output, gold = FieldPath(args.output_field), FieldPath(args.gold_field)
    problem = FieldPath(args.problem_field) if args.problem_field else None
    progress = show_progress(args.progress)

    def results(rows: Iterator[Dict[str, Any]], total: Optional[int]) -> Iterator[Dict[str, Any]]:
        pairs = ((output.get(r), gold.get(r)) if problem is None else (output.get(r), gold.get(r), problem.get(r))
                 for r in rows)
        verdicts = grade_many(pairs, workers=args.workers, progress=progress, total=total, **options)
        try:
            for verdict in verdicts:
                yield graded_columns(verdict)
        finally:
            getattr(verdicts, "close", lambda: None)()  # stops the workers

    def bad(message: str) -> Dict[str, Any]:
        return dict(dict.fromkeys(GRADE_COLUMNS), correct=False, status=BAD_ROW, rule="input.bad_row",
                    reason=message)

    fields = {"output_field": args.output_field, "gold_field": args.gold_field, "id_field": args.id_field}
    if args.problem_field:  # (only when given: runs recorded before the option existed resume as they were)
        fields["problem_field"] = args.problem_field
    required = [args.output_field, args.gold_field] + ([args.problem_field] if args.problem_field else [])
    job = Job("grade", GRADE_COLUMNS, "status", required, fields, options, results, bad)
    return Run(args, job, progress).execute()
