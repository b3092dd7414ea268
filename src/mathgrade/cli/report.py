"""``mathgrade report``: graded files and eval runs in, one self-contained HTML page out."""

from __future__ import annotations

import os
import time
from types import SimpleNamespace
from typing import Any

import click

from ..errors import MissingExtra, OutputError, UsageError
from . import Command
from ._options import COUNT, FORMAT, POLICY, SECONDS, progress_option, show_progress

__all__ = ["command"]


@click.command("report", cls=Command,
               help="Write one HTML page (it opens offline, in any browser) showing a summary, charts, agreement "
                    "with a label column and every sample with its extracted answer highlighted. Each INPUT is a "
                    "graded file from `mathgrade grade` (.jsonl, .csv, .parquet) or a run directory from "
                    "`mathgrade eval`; several inputs are shown side by side. Without INPUT, the newest run under "
                    "runs/ (every benchmark and seed of it, for a run of several). The options under --output-field "
                    "are "
                    "how graded files are read: their rows are graded again in this process with the same options, "
                    "for the answer spans and the values as read; the verdicts shown are the file's. Needs: pip "
                    "install '.[report]'.")
@click.argument("inputs", nargs=-1, required=False, metavar="[INPUT]...")
@click.option("-o", "--output", default="report.html", metavar="FILE.html", show_default=True,
              help="where to write the page")
@click.option("--title", default=None, help="the page's title (default: from the runs' names)")
@click.option("--name", multiple=True, metavar="NAME",
              help="name of a run in the page, once per INPUT in order (default: the model of an eval run, else the "
                   "file name)")
@click.option("--compare-field", default=None, metavar="NAME",
              help="a column holding another judgement of each row (a human label, another grader: true/false or "
                   "1/0): adds the 2x2 agreement matrix and its disagreeing rows")
@click.option("--output-field", default="answer", metavar="NAME", show_default=True,
              help="graded files: column of the model output")
@click.option("--gold-field", default="gold", metavar="NAME", show_default=True,
              help="graded files: column of the gold answer")
@click.option("--id-field", default=None, metavar="NAME",
              help="graded files: column identifying a row (shown, and used to match rows of several files)")
@click.option("--dataset-field", default=None, metavar="NAME",
              help="graded files: column naming each row's data set (default: dataset, task or source, if present)")
@click.option("--format", "--input-format", "input_format", type=FORMAT, default=None,
              help="graded files: their format when the extension does not say")
@click.option("--policy", type=POLICY, default="eval", show_default=True,
              help="graded files: the policy they were graded with")
@click.option("--timeout", type=SECONDS, default=5.0, metavar="SECONDS", show_default=True,
              help="graded files: the time limit per row they were graded with")
@click.option("--workers", type=COUNT, default=None, metavar="N",
              help="graded files: worker processes for grading again (default: every core; 0: in this process)")
@progress_option(during=" while grading again")
def command(**params: Any) -> int:
    """Write the report; print where, with each run's accuracy. Returns the exit code."""
    args = SimpleNamespace(**params)
    try:
        import jinja2  # noqa: F401 - checked before any work is done
    except ImportError:
        raise MissingExtra("mathgrade report", "Jinja2", "report") from None
    from ..report import Grading, write_report
    from ..report._summary import summarize

    if not args.inputs:
        args.inputs = _newest()
    _check(args)
    grading = Grading(output_field=args.output_field, gold_field=args.gold_field, id_field=args.id_field,
                      dataset_field=args.dataset_field, compare_field=args.compare_field, fmt=args.input_format,
                      policy=args.policy, timeout=args.timeout, workers=args.workers,
                      progress=show_progress(args.progress))
    started = time.perf_counter()
    runs = write_report(list(args.inputs), args.output, grading=grading, title=args.title, names=list(args.name))
    size = os.path.getsize(args.output)
    lines = [f"report:   {args.output} ({size / 1e6:.1f} MB, {sum(len(r.samples) for r in runs):,} rows, "
             f"{len(runs)} {'run' if len(runs) == 1 else 'runs'}, {time.perf_counter() - started:.1f} s)"]
    for r in runs:
        s = summarize(r)
        lines.append(f"  {r.name}: accuracy {s.accuracy:.4f} ({s.correct:,} of {s.rows:,} correct)")
        lines += [f"    note: {note}" for note in s.notes]
    print("\n".join(lines), flush=True)
    return 0


def _newest() -> tuple:
    """The run directories of the newest eval run under runs/ (see :func:`mathgrade.evaluation.rundir.newest_runs`)."""
    from ..evaluation.rundir import RUNS, newest_runs

    found = newest_runs(RUNS)
    if not found:
        raise UsageError(f"no run found under {RUNS}/ (in {os.getcwd()}); give the run directories or graded files "
                         f"to show")
    print(f"report of the newest run: {', '.join(found)}", flush=True)
    return tuple(found)


def _check(args: Any) -> None:
    if len(args.name) > len(args.inputs):
        raise UsageError(f"{len(args.name)} --name options for {len(args.inputs)} inputs; give one per input")
    if os.path.isdir(args.output):
        raise OutputError(f"{args.output} is a directory; give the name of the HTML file to write")
    folder = os.path.dirname(os.path.abspath(args.output))
    if not os.path.isdir(folder):
        raise OutputError(f"cannot write {args.output}: the folder {folder} does not exist")
    for path in args.inputs:
        if os.path.exists(path) and os.path.exists(args.output) and os.path.samefile(path, args.output):
            raise UsageError(f"the output {args.output} is the input {path}; write the report to another file")
