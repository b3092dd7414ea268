"""The ``mathgrade report`` command: graded files and eval runs in, one self-contained HTML page out."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from ..cli import UsageError, add_progress_options
from ..files import FORMATS, OutputError

__all__ = ["add_command", "run"]


def add_command(subparsers: Any, epilog: str) -> None:
    """Add ``report`` to the command line's subcommands."""
    p = subparsers.add_parser(
        "report", help="write a self-contained HTML report of graded files or eval runs",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=epilog,
        description="Write one HTML page (it opens offline, in any browser) showing a summary, charts, agreement "
                    "with a label column and every sample with its extracted answer highlighted. Each INPUT is a "
                    "graded file from `mathgrade grade` (.jsonl, .csv, .parquet) or a run directory from "
                    "`mathgrade eval`; several inputs are shown side by side. Needs: pip install "
                    "'mathgrade[report]'.")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="a graded file or an eval run directory")
    p.add_argument("-o", "--output", default="report.html", metavar="FILE.html",
                   help="where to write the page (default: report.html)")
    p.add_argument("--title", default=None, help="the page's title (default: from the runs' names)")
    p.add_argument("--name", action="append", default=[], metavar="NAME",
                   help="name of a run in the page, once per INPUT in order (default: the model of an eval run, "
                        "else the file name)")
    p.add_argument("--compare-field", default=None, metavar="NAME",
                   help="a column holding another judgement of each row (a human label, another grader: "
                        "true/false or 1/0): adds the 2x2 agreement matrix and its disagreeing rows")
    files = p.add_argument_group("graded files", "How graded files are read. Their rows are graded again in this "
                                 "process with the same options, for the answer spans and the values as read; the "
                                 "verdicts shown are the file's.")
    files.add_argument("--output-field", default="answer", metavar="NAME",
                       help="column of the model output (default: answer)")
    files.add_argument("--gold-field", default="gold", metavar="NAME", help="column of the gold answer (default: gold)")
    files.add_argument("--id-field", default=None, metavar="NAME",
                       help="column identifying a row (shown, and used to match rows of several files)")
    files.add_argument("--dataset-field", default=None, metavar="NAME",
                       help="column naming each row's data set (default: dataset, task or source, if present)")
    files.add_argument("--format", choices=FORMATS, default=None, help="format of the files when the extension "
                                                                      "does not say")
    files.add_argument("--policy", choices=("eval", "reward"), default="eval",
                       help="the policy the files were graded with (default: eval)")
    files.add_argument("--timeout", type=float, default=5.0, metavar="SECONDS",
                       help="the time limit per row they were graded with (default: 5)")
    files.add_argument("--workers", type=int, default=None, metavar="N",
                       help="worker processes for grading again (default: every core)")
    add_progress_options(p, during=" while grading again")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the report; print where, with each run's accuracy. Returns the exit code."""
    try:
        import jinja2  # noqa: F401 - checked before any work is done
    except ImportError:
        raise UsageError("mathgrade report needs Jinja2: pip install 'mathgrade[report]'") from None
    from . import Grading, write_report
    from ._summary import summarize

    _check(args)
    progress = args.progress if args.progress is not None else sys.stderr.isatty() and not os.environ.get("CI")
    grading = Grading(output_field=args.output_field, gold_field=args.gold_field, id_field=args.id_field,
                      dataset_field=args.dataset_field, compare_field=args.compare_field, fmt=args.format,
                      policy=args.policy, timeout=args.timeout, workers=args.workers, progress=bool(progress))
    started = time.perf_counter()
    runs = write_report(args.inputs, args.output, grading=grading, title=args.title, names=args.name)
    size = os.path.getsize(args.output)
    lines = [f"report:   {args.output} ({size / 1e6:.1f} MB, {sum(len(r.samples) for r in runs):,} rows, "
             f"{len(runs)} {'run' if len(runs) == 1 else 'runs'}, {time.perf_counter() - started:.1f} s)"]
    for r in runs:
        s = summarize(r)
        lines.append(f"  {r.name}: accuracy {s.accuracy:.4f} ({s.correct:,} of {s.rows:,} correct)")
        lines += [f"    note: {note}" for note in s.notes]
    print("\n".join(lines), flush=True)
    return 0


def _check(args: argparse.Namespace) -> None:
    if len(args.name) > len(args.inputs):
        raise UsageError(f"{len(args.name)} --name options for {len(args.inputs)} inputs; give one per input")
    if not args.timeout > 0:
        raise UsageError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    if args.workers is not None and args.workers < 0:
        raise UsageError(f"--workers must be 0 or more, not {args.workers}")
    if os.path.isdir(args.output):
        raise OutputError(f"{args.output} is a directory; give the name of the HTML file to write")
    folder = os.path.dirname(os.path.abspath(args.output))
    if not os.path.isdir(folder):
        raise OutputError(f"cannot write {args.output}: the folder {folder} does not exist")
    for path in args.inputs:
        if os.path.exists(path) and os.path.exists(args.output) and os.path.samefile(path, args.output):
            raise UsageError(f"the output {args.output} is the input {path}; write the report to another file")
