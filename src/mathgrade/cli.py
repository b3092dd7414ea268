"""The command line: ``mathgrade grade`` and ``mathgrade extract`` over JSONL, CSV, TSV and Parquet files.

``main(argv)`` is the entry point (also ``python -m mathgrade``); it returns the exit code and never shows a
traceback for a problem of the user's: bad input or options are one line on stderr and exit code 2; the system
refusing a read or a write (disk full, permission denied) is one line naming the file and exit code 3.

What ``grade`` and ``extract`` guarantee:

- Every input row is written back, in input order, with the added columns; under ``--skip-bad-rows`` a malformed
  line becomes a row with status ``bad_row`` (``extract``: rule ``bad_row: ...``) and the reason, so that results
  join back by position. No input column is dropped (see :mod:`mathgrade.files`).
- Ctrl-C, SIGTERM, a full disk: the rows written so far are kept and the summary says how many; ``--resume``
  continues the file after its last complete record, and refuses an output made from another input or with other
  options (see :mod:`mathgrade.resume`).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections import Counter, deque
from dataclasses import dataclass, fields
from importlib import import_module
from typing import IO, Any, Callable, Deque, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import __version__
from ._stops import STEP, stopping_on
from .files import (FORMATS, BadRow, FieldPath, FileSystemError, InputError, OutputError, ParquetOutput, RowReader,
                    RowWriter, count_rows, csv_records, detect_format, journal_path, jsonl_schema, open_writer)
from .options import Options, make_options
from .resume import Earlier, RunRecord, complete_rows, input_fingerprint, open_earlier, record_path
from .verdict import ROW_COLUMNS, Status

__all__ = ["main", "UsageError", "BAD_ROW", "COMMANDS"]

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_IO = 3
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143

BAD_ROW = Status.BAD_ROW.value
"""The status a malformed input line gets under ``--skip-bad-rows`` (the same as a malformed row of grade_many)."""

GRADE_COLUMNS = ROW_COLUMNS
"""The columns ``grade`` adds to every row (see :meth:`mathgrade.Verdict.to_row`)."""
EXTRACT_COLUMNS = ("extracted", "rule", "start", "end")
_ADDED_TYPES = {"correct": "bool", "status": "string", "extracted": "string", "rule": "string", "reason": "string",
                "start": "int64", "end": "int64"}
"""The Arrow type of each added column in a Parquet output."""

_EPILOG = """\
exit codes:
  0    success (whatever the verdicts)
  1    internal error (a bug in mathgrade; please report it)
  2    usage or input error: missing file, missing column, malformed row, empty file, bad option
  3    the system refused a read or a write (disk full, permission denied...): the message names the file
  130  interrupted (Ctrl-C)
  143  stopped by SIGTERM
"""
_RESUMABLE = """
After exit code 3, 130 or 143 the rows written so far are kept in OUTPUT: run the same command again with --resume
to continue it.
"""

_HINTS = {
    "column": " (name the columns to use with --output-field and --gold-field)",
    "row": " (use --skip-bad-rows to write such rows with status bad_row instead of stopping)",
}
_BAD_SHOWN = 5
"""Bad rows named in the summary (all are counted)."""
_GROUPS_SHOWN = 30
"""Groups printed per --group-by column (the JSON summary has all, up to _MAX_GROUPS)."""
_MAX_GROUPS = 10_000
"""Distinct values counted per --group-by column; more are counted together as ``(other values)``."""


class UsageError(Exception):
    """A problem with the command line itself (reported like an input error, exit code 2). Commands defined in other
    modules raise it too."""


COMMANDS = (
    ".evaluation.eval_command",
    ".evaluation.tasks_command",
    ".serve._command",  # serve: the reward server
    ".report.command",
)
"""Modules that each add one more subcommand (``add_command(subparsers, epilog)``), imported when the parser is
built; ``grade`` and ``extract`` are defined below."""


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``) and return the exit code."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed by argparse
        return int(exc.code or 0) if not isinstance(exc.code, str) else EXIT_USAGE
    with stopping_on(signal.SIGTERM, Terminated):  # every command stops on SIGTERM as on Ctrl-C
        try:
            return int(args.run(args))
        except (InputError, OutputError, UsageError) as exc:
            _error(str(exc) + _HINTS.get(getattr(exc, "kind", ""), ""))
            return EXIT_USAGE
        except FileSystemError as exc:
            _error(f"{exc}; fix that (free some space, check the permissions), then run again"
                   + (" with --resume to continue the output" if getattr(args, "resume", None) is not None else ""))
            return EXIT_IO
        except BrokenPipeError:  # e.g. `mathgrade grade f.jsonl -o - | head`
            _silence_stdout()
            return EXIT_OK
        except KeyboardInterrupt as exc:  # before any row was written (e.g. while reading the input's columns)
            _error("terminated (SIGTERM)" if isinstance(exc, Terminated) else "interrupted", prefix=False)
            return EXIT_TERMINATED if isinstance(exc, Terminated) else EXIT_INTERRUPTED
        except Exception as exc:  # noqa: BLE001 - a bug in mathgrade: one line, not a traceback
            _error(f"internal error: {type(exc).__name__}: {exc} (please report this)")
            return EXIT_INTERNAL


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so that it stops a command the way Ctrl-C does."""


# --- arguments -------------------------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="mathgrade",
        description="Decide whether language-model answers to math problems are correct.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"mathgrade {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    _add_grade(sub)
    _add_extract(sub)
    modules: Sequence[str] = COMMANDS
    for module in modules:
        import_module(module, __package__).add_command(sub, _EPILOG)
    return p


def _add_grade(sub: Any) -> None:
    g = sub.add_parser("grade", help="grade every row of a file", epilog=_EPILOG + _RESUMABLE,
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Grade each row's model output against its gold answer. Writes every input row, "
                                   "in input order, with added columns " + ", ".join(GRADE_COLUMNS) +
                                   "; prints a summary (rows, accuracy, counts per status, time).")
    _common(g)
    g.add_argument("--gold-field", default="gold", metavar="NAME",
                   help="field of the gold answer (default: gold; a.b.0 for nested values)")
    g.add_argument("--problem-field", default=None, metavar="NAME",
                   help="field of the problem's text: a multiple-choice answer may then name an option by its "
                        "content (\\boxed{96} for the option (B) 96)")
    g.add_argument("--workers", type=_non_negative_int, default=None, metavar="N",
                   help="worker processes (default: every core; 0 or 1 grades in this process; with --ray: actors)")
    g.add_argument("--ray", metavar="CLUSTER", default=None,
                   help="grade on a Ray cluster: auto (join the running one), local (start one here) or its address; "
                        "INPUT may then be a directory or pattern, OUTPUT is a directory of shards (docs/scale.md)")
    _grading_options(g.add_argument_group("grading options (as mathgrade.grade's keyword arguments)"))
    g.set_defaults(run=_cmd_grade)


def _add_extract(sub: Any) -> None:
    e = sub.add_parser("extract", help="show the answer extracted from each row's model output",
                       description="Find the final answer in each row's model output. Writes every input row with "
                                   "added columns " + ", ".join(EXTRACT_COLUMNS) + ".", epilog=_EPILOG + _RESUMABLE,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    _common(e)
    e.add_argument("--policy", choices=("eval", "reward"), default="eval",
                   help="eval: any extraction rule (default); reward: only marked answers")
    e.set_defaults(run=_cmd_extract)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", metavar="INPUT", help="a .jsonl, .csv, .tsv or .parquet file (- for JSONL on stdin)")
    p.add_argument("-o", "--output", metavar="OUTPUT",
                   help="write rows here; format from the extension (.jsonl, .csv, .tsv, .parquet); - for JSONL on "
                        "stdout. Without -o only the summary is printed")
    p.add_argument("--output-field", default="answer", metavar="NAME",
                   help="field of the model output (default: answer; choices.0.message.content for nested values)")
    p.add_argument("--id-field", default=None, metavar="NAME",
                   help="field identifying a row (checked by --resume)")
    p.add_argument("--format", choices=FORMATS, default=None, help="format of INPUT when its extension does not say")
    p.add_argument("--skip-bad-rows", action="store_true",
                   help="write a malformed row (bad JSON, missing field...) with status bad_row and its reason, "
                        "instead of stopping")
    p.add_argument("--limit", type=_non_negative_int, default=None, metavar="N", help="only the first N rows")
    p.add_argument("--resume", action="store_true",
                   help="continue an interrupted OUTPUT: keep its complete rows, check that it was made from this "
                        "input with these options, and append the rest")
    p.add_argument("--summary-json", metavar="FILE", default=None,
                   help="also write the summary as JSON to FILE (- for stdout; the text summary then goes to stderr)")
    p.add_argument("--group-by", metavar="COLUMN", action="append", default=[],
                   help="break the summary down by the values of COLUMN (repeatable)")
    add_progress_options(p)


def add_progress_options(p: Any, during: str = "") -> None:
    """``--progress`` / ``--no-progress`` (default: a bar only on a terminal), for every command that has a bar;
    ``during`` says when it shows (" while grading again")."""
    bar = p.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help=f"always show a progress bar{during} (default: only on a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="never show a progress bar")


def _grading_options(group: Any) -> None:
    """One ``--option`` per field of :class:`mathgrade.Options`, from its type and its ``help`` metadata."""
    for f in fields(Options):
        flag = "--" + f.name.replace("_", "-")
        helptext = f.metadata["help"]
        if f.name == "policy":
            group.add_argument(flag, choices=("eval", "reward"), default=f.default, help=helptext)
        elif f.type in (bool, "bool"):
            group.add_argument(flag, action=argparse.BooleanOptionalAction, default=f.default, help=helptext)
        elif f.type in (float, "float"):
            group.add_argument(flag, type=_positive_float, default=f.default, metavar="SECONDS", help=helptext)
        else:
            group.add_argument(flag, type=_positive_int, default=f.default, metavar="N", help=helptext)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text!r}")
    return value


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text!r}")
    return value


def _positive_int(text: str) -> int:
    value = _non_negative_int(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be 1 or more, not 0")
    return value


# --- the two commands ------------------------------------------------------------------------------------------


@dataclass
class _Job:
    """What ``grade`` and ``extract`` do differently; the rest (:class:`_Run`) is shared."""

    command: str
    added: Tuple[str, ...]
    key: str
    """The added column whose values the summary counts (``status``, ``rule``)."""
    required: List[str]
    fields: Dict[str, Optional[str]]
    options: Dict[str, Any]
    results: Callable[[Iterator[Dict[str, Any]], Optional[int]], Iterator[Dict[str, Any]]]
    """The added columns of each good row, in order, from the rows and the number expected (for progress)."""
    bad: Callable[[str], Dict[str, Any]]
    """The added columns of a bad row, from the message saying what is wrong with it."""


def _cmd_grade(args: argparse.Namespace) -> int:
    if args.ray:
        return int(import_module("._ray_cli", __package__).run(args))
    from .batch import grade_many

    opts = make_options(**grading_options(args))
    output, gold = FieldPath(args.output_field), FieldPath(args.gold_field)
    problem = FieldPath(args.problem_field) if args.problem_field else None

    def results(rows: Iterator[Dict[str, Any]], total: Optional[int]) -> Iterator[Dict[str, Any]]:
        pairs = ((output.get(r), gold.get(r)) if problem is None else (output.get(r), gold.get(r), problem.get(r))
                 for r in rows)
        verdicts = grade_many(pairs, workers=args.workers, progress=_show_progress(args), total=total,
                              **_options_kwargs(opts))
        try:
            for verdict in verdicts:
                yield verdict.to_row()
        finally:
            getattr(verdicts, "close", lambda: None)()  # stops the workers

    def bad(message: str) -> Dict[str, Any]:
        return {"correct": False, "status": BAD_ROW, "extracted": None, "rule": "input.bad_row", "reason": message}

    fields_ = {"output_field": args.output_field, "gold_field": args.gold_field, "id_field": args.id_field}
    if args.problem_field:  # (only when given: runs recorded before the option existed resume as they were)
        fields_["problem_field"] = args.problem_field
    job = _Job("grade", GRADE_COLUMNS, "status",
               [args.output_field, args.gold_field] + ([args.problem_field] if args.problem_field else []), fields_,
               _options_kwargs(opts), results, bad)
    return _Run(args, job).execute()


def grading_options(args: argparse.Namespace) -> Dict[str, Any]:
    """The options of :func:`mathgrade.grade` given on the command line (one flag per field of :class:`Options`)."""
    return {f.name: getattr(args, f.name) for f in fields(Options)}


def _options_kwargs(opts: Options) -> Dict[str, Any]:
    return {f.name: getattr(opts, f.name) for f in fields(Options)}


def _cmd_extract(args: argparse.Namespace) -> int:
    from .grader import extract

    output = FieldPath(args.output_field)

    def results(rows: Iterator[Dict[str, Any]], total: Optional[int]) -> Iterator[Dict[str, Any]]:
        for row in rows:
            yield _extract_columns(extract, output.get(row), args.policy)

    def bad(message: str) -> Dict[str, Any]:
        return {"extracted": None, "rule": f"{BAD_ROW}: {message}", "start": None, "end": None}

    job = _Job("extract", EXTRACT_COLUMNS, "rule", [args.output_field],
               {"output_field": args.output_field, "id_field": args.id_field}, {"policy": args.policy}, results, bad)
    return _Run(args, job).execute()


def _extract_columns(extract: Any, output: Any, policy: str) -> Dict[str, Any]:
    none: Dict[str, Any] = {"extracted": None, "rule": None, "start": None, "end": None}
    if output is None:
        return none
    try:
        candidates = extract(str(output), policy=policy)
    except Exception as exc:  # noqa: BLE001 - one row never stops the file
        return dict(none, rule=f"error: {type(exc).__name__}: {exc}")
    if not candidates:
        return none
    c = candidates[0]
    return {"extracted": c.text, "rule": c.rule, "start": c.start, "end": c.end}


# --- one run ---------------------------------------------------------------------------------------------------


_END = object()


@dataclass
class _Progress:
    """How the run ended: ``exhausted`` once every input row was taken; else ``interrupted`` (Ctrl-C, SIGTERM) or
    ``error`` (the system refused a write) says why it stopped early."""

    exhausted: bool = False
    interrupted: Optional[BaseException] = None
    error: Optional[BaseException] = None


class _Run:
    """One ``grade`` or ``extract`` run: read, skip what an earlier output holds, write, count, summarize."""

    def __init__(self, args: argparse.Namespace, job: _Job) -> None:
        self.args = args
        self.job = job
        self.started = time.perf_counter()
        self.groups = [FieldPath(g) for g in args.group_by]
        self.earlier_tally = _Tally(job.key, self.groups)
        self.tally = _Tally(job.key, self.groups)
        self.earlier = Earlier(args.output or "-", "jsonl")
        self.progress = _Progress()
        self.verified = True
        """False when resuming an output that has no run record (then it must already hold every input row)."""
        self.last_id: Any = None
        self.bad_rows = 0
        """Bad rows written by this run (``bad_shown``: the messages of the first few)."""
        self.bad_shown: List[str] = []
        self.out: Optional[_Output] = None
        self.reader: Optional[RowReader] = None

    def execute(self) -> int:
        args, job = self.args, self.job
        self._check_paths()
        required = job.required + ([args.id_field] if args.id_field else [])
        self.reader = RowReader(args.input, fmt=args.format, required=required, keep_bad_rows=True)
        out_fmt = _output_format(args.output)
        columns, schema = self._plan(self.reader, out_fmt)
        record = self._record(columns)
        if args.resume:
            self._resume(record, columns, schema)
        items: Iterator[Union[Dict[str, Any], BadRow]] = iter(self.reader)
        items = self._skip_earlier(items)
        self.out = _Output(args.output, out_fmt, self.earlier, job.added, columns, schema, record)
        if self.earlier.exists and out_fmt == "parquet" and os.path.exists(journal_path(args.output)):
            self.out.open_now()  # the stream of an earlier run becomes the Parquet file even if no row is left
        self._loop(items)
        return self._finish()

    # -- planning ------------------------------------------------------------------------------------------------

    def _check_paths(self) -> None:
        """Refuse to write the output over the input (it would be emptied before it is read), and a resume that
        has nothing to check against."""
        args = self.args
        if args.output and args.output != "-" and args.input != "-" and os.path.exists(args.output) and \
                os.path.exists(args.input) and os.path.samefile(args.output, args.input):
            raise UsageError(f"the output {args.output} is the input file; write to another file")
        if args.resume and (not args.output or args.output == "-"):
            raise UsageError("--resume needs an output file (-o OUTPUT)")
        if args.resume and args.input == "-":
            raise UsageError("--resume needs an input file, not stdin (the output is checked against the input)")
        if args.summary_json == "-" and args.output == "-":
            raise UsageError("--summary-json - and -o - would both write to stdout; give one of them a file name")

    def _plan(self, reader: RowReader, out_fmt: Optional[str]) -> Tuple[List[str], Any]:
        """The columns (and for Parquet the Arrow schema) of the output, fixed before any row is written: the
        input's own columns (a JSONL file is read once first to collect every key and its type), then the added
        ones. Empty when they can only be learned from the first row (JSONL on stdin) or do not matter (JSONL)."""
        if out_fmt not in ("csv", "tsv", "parquet") or self.args.input == "-":
            return [], None
        types: Dict[str, Any] = {}
        if reader.fmt == "jsonl":
            names, schema = jsonl_schema(self.args.input, types=out_fmt == "parquet")
            if schema is not None:
                types = {f.name: f.type for f in schema}
        elif reader.fmt == "parquet":
            arrow = _parquet_schema(self.args.input)
            names, types = list(arrow.names), {f.name: f.type for f in arrow}
        else:
            names = _csv_header(self.args.input, reader.fmt)
        columns = names + [c for c in self.job.added if c not in names]
        return columns, (_arrow_schema(columns, types, self.job.added) if out_fmt == "parquet" else None)

    def _record(self, columns: List[str]) -> Optional[RunRecord]:
        if not self.args.output or self.args.output == "-" or self.args.input == "-":
            return None
        fields_ = dict(self.job.fields, input_format=self.reader.fmt if self.reader else None)
        return RunRecord(self.job.command, input_fingerprint(self.args.input), fields_, self.job.options,
                         columns, __version__)

    def _resume(self, record: Optional[RunRecord], columns: List[str], schema: Any) -> None:
        """Check the earlier output against this run, repair its torn tail, and count what it holds."""
        output = self.args.output
        then = RunRecord.load(output)
        if then is not None and record is not None:
            different = then.differences(record)
            if different:
                raise UsageError(f"cannot resume {output}: " + "; ".join(different) + ". Run the command it was "
                                 "made with, or run without --resume to start again")
        self.verified = then is not None
        self.earlier = open_earlier(output, repair=self.verified)
        if self.earlier.exists and not self.verified and self.earlier.fmt == "parquet" and \
                os.path.exists(journal_path(output)):
            raise OutputError(f"cannot resume: {journal_path(output)} is the unfinished stream of a run, but there is "
                              f"no record of that run ({record_path(output)}); run again without --resume")
        if self.earlier.exists and columns and self.earlier.columns and self.earlier.columns != columns:
            raise UsageError(f"cannot resume {output}: its columns are {', '.join(self.earlier.columns)}; this run "
                             f"writes {', '.join(columns)}")
        if schema is not None and self.earlier.schema is not None and not self.earlier.schema.equals(schema):
            raise UsageError(f"cannot resume {output}: its Parquet schema differs from this run's ({schema})")
        id_path = FieldPath(self.args.id_field) if self.args.id_field else None
        for row in self.earlier.rows():
            self.earlier_tally.add(row, row.get(self.job.key))
            if id_path is not None:
                self.last_id = _get_or_none(id_path, row)

    def _skip_earlier(self, items: Iterator[Any]) -> Iterator[Any]:
        """The input after the rows the earlier output holds; checks that they are as many, and that the last one
        has the same id (with --id-field)."""
        done = self.earlier_tally.rows
        if not done:
            return items
        last: Any = None
        for n in range(done):
            last = next(items, _END)
            if last is _END:
                raise UsageError(f"cannot resume: {self.args.output} holds {done} rows, more than the input "
                                 f"({n} rows); is it the output of this input?")
        if self.args.id_field and isinstance(last, dict) and self.last_id is not None:
            now = _get_or_none(FieldPath(self.args.id_field), last)
            if str(now) != str(self.last_id):
                raise UsageError(f"cannot resume: row {done} of {self.args.output} has {self.args.id_field} "
                                 f"{self.last_id!r} but the input has {now!r}; is it the output of this input?")
        following = next(items, _END)
        if following is _END:
            self.progress.exhausted = True
            return iter(())
        if not self.verified:
            raise UsageError(f"cannot resume {self.args.output}: the input has more than its {done} rows, and there "
                             f"is no record of the run that made it ({record_path(self.args.output)}; a run that "
                             f"finishes removes it), so it cannot be checked against this input; run again without "
                             f"--resume")
        return _chain(following, items)

    # -- the loop ------------------------------------------------------------------------------------------------

    def _limited(self, items: Iterator[Any]) -> Iterator[Any]:
        limit = None if self.args.limit is None else max(0, self.args.limit - self.earlier_tally.rows)
        n = 0
        for item in items:
            if limit is not None and n >= limit:
                return
            n += 1
            yield item
        self.progress.exhausted = True

    def _loop(self, items: Iterator[Any]) -> None:
        """Grade (or extract) the good rows, write every row in input order, count."""
        assert self.reader is not None and self.out is not None
        pending: Deque[Any] = deque()
        stop: List[InputError] = []
        reader, out = self.reader, self.out

        def good_rows() -> Iterator[Dict[str, Any]]:
            for item in self._limited(items):
                if isinstance(item, BadRow) and not self.args.skip_bad_rows:
                    stop.append(InputError(item.message(reader.label), kind="row"))
                    return  # the rows before it are finished and written first
                pending.append(item)
                if not isinstance(item, BadRow):
                    yield item

        def write_bad_rows() -> None:
            while pending and isinstance(pending[0], BadRow):
                bad = pending.popleft()
                added = self.job.bad(f"{bad.where}: {bad.problem}")
                with STEP:  # (written, then counted: a row whose write failed is not counted)
                    out.write(bad.row, added)
                    self.tally.add(bad.row, added[self.job.key])
                    self.bad_rows += 1
                if len(self.bad_shown) < _BAD_SHOWN:
                    self.bad_shown.append(bad.message(reader.label))

        total = self._total()
        results = self.job.results(good_rows(), total)
        try:
            # Ctrl-C waits for the step here only: asyncio.run (under `eval`) takes over Ctrl-C, to cancel its
            # tasks cleanly, only where SIGINT's handler is Python's own.
            with stopping_on(signal.SIGINT, KeyboardInterrupt):
                for added in results:
                    write_bad_rows()
                    row = pending.popleft()
                    with STEP:
                        out.write(row, added)
                        self.tally.add(row, added[self.job.key])
                write_bad_rows()
        except KeyboardInterrupt as exc:
            self.progress.interrupted = exc
        except FileSystemError as exc:
            self.progress.error = exc
        finally:
            getattr(results, "close", lambda: None)()
            try:
                out.close()
            except FileSystemError as exc:
                self.progress.error = self.progress.error or exc
        if stop:
            self.progress.exhausted = False
            self._print_summary()
            raise stop[0]

    def _total(self) -> Optional[int]:
        if self.args.input == "-" or self.reader is None:
            return None
        n = count_rows(self.args.input, self.reader.fmt)
        if n is None:
            return None
        n = max(0, n - self.earlier_tally.rows)
        return n if self.args.limit is None else min(n, max(0, self.args.limit - self.earlier_tally.rows))

    def _finish(self) -> int:
        assert self.out is not None
        p = self.progress
        if p.interrupted is None and p.error is None:
            self.out.finish()
            if p.exhausted:
                self.out.complete()
        self._print_summary()
        if p.error is not None:
            raise p.error
        if p.interrupted is not None:
            return EXIT_TERMINATED if isinstance(p.interrupted, Terminated) else EXIT_INTERRUPTED
        return EXIT_OK

    # -- the summary ---------------------------------------------------------------------------------------------

    def _print_summary(self) -> None:
        text, data = self._summary()
        _summary(text, "-" if self.args.summary_json == "-" else self.args.output)
        if self.args.summary_json:
            _write_json(self.args.summary_json, data)

    def _summary(self) -> Tuple[str, Dict[str, Any]]:
        args, job = self.args, self.job
        seconds = time.perf_counter() - self.started
        total = self.earlier_tally.merged(self.tally)
        earlier, now = self.earlier_tally.rows, self.tally.rows
        verb = "graded" if job.command == "grade" else "read"
        rows_line = f"rows:     {total.rows}" + (f" ({earlier} from the earlier run, {now} {verb} now)" if earlier
                                                 else "")
        lines = [rows_line] + (_grade_lines(total) if job.command == "grade" else _extract_lines(total))
        if self.bad_rows:
            more = f" (the first {len(self.bad_shown)}:)" if self.bad_rows > len(self.bad_shown) else ":"
            lines.append(f"bad rows: {self.bad_rows} written with {job.key} {BAD_ROW}{more}")
            lines += [f"  {m}" for m in self.bad_shown]
        for name, groups in total.groups.items():
            lines.append(f"by {name}:")
            lines += _group_lines(groups, job.command)
        lines.append(f"time:     {seconds:.2f} s ({now / seconds if seconds > 0 else 0:.0f} rows/s)")
        if self.earlier.repair:
            lines.append(f"resumed:  {self.earlier.repair}")
        out, p = self.out, self.progress
        to_file = out is not None and bool(out.path) and out.path != "-"
        in_file = None  # the rows in the output file, counted there when a write failed (it may have lost some)
        if out is not None and out.path and to_file:
            in_file = earlier + out.written
            if p.error is not None:
                in_file = complete_rows(out.path, out.fmt)
            line = f"output:   {out.path} ({out.written} rows written" + (
                f" now, {earlier + out.written} in all" if earlier else "")
            if in_file is not None and in_file < earlier + out.written:
                line += f"; {in_file} reached the file before the write failed"
            lines.append(line + ")")
        how = None
        if p.interrupted is not None:
            how = "terminated (SIGTERM)" if isinstance(p.interrupted, Terminated) else "interrupted"
        elif p.error is not None:
            how = f"stopped: {p.error}"
        if how is not None:
            kept = (f"the {in_file} rows in the file are kept" if p.error is not None and in_file is not None
                    else "the rows above are kept") + ("; run again with --resume to continue" if to_file else "")
            lines.append(f"{how}: {kept}")
        data = {
            "schema_version": 1, "command": job.command, "mathgrade_version": __version__,
            "input": args.input, "output": args.output, "rows": total.rows, "rows_earlier": earlier,
            "rows_now": now, "rows_in_output": in_file, **total.as_json(job.command),
            "bad_rows": {"count": self.bad_rows, "first": list(self.bad_shown)},
            "groups": {name: {value: _Tally.counts_json(c, job.command) for value, c in groups.items()}
                       for name, groups in total.groups.items()},
            "seconds": round(seconds, 3), "complete": p.exhausted and how is None,
            "stopped": how, "options": job.options, "fields": job.fields,
        }
        return "\n".join(lines), data


def _grade_lines(t: "_Tally") -> List[str]:
    correct = t.counts.get(Status.CORRECT.value, 0)
    accuracy = f"{correct / t.rows:.4f} ({correct} of {t.rows} correct)" if t.rows else "n/a (no rows)"
    return [f"accuracy: {accuracy}", f"status:   {_status_counts(t.counts)}"]


def _extract_lines(t: "_Tally") -> List[str]:
    found = t.rows - t.counts.get("none", 0) - t.counts.get(BAD_ROW, 0)
    return [f"answers:  {found} found, {t.counts.get('none', 0)} none",
            "rules:    " + (", ".join(f"{r} {c}" for r, c in t.counts.most_common()) or "none")]


def _group_lines(groups: Dict[str, Counter], command: str) -> List[str]:
    ordered = sorted(groups.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
    width = min(40, max((len(v) for v, _ in ordered), default=0))
    lines = []
    for value, counts in ordered[:_GROUPS_SHOWN]:
        n = sum(counts.values())
        if command == "grade":
            c = counts.get(Status.CORRECT.value, 0)
            lines.append(f"  {value:<{width}}  rows {n:>6}  accuracy {c / n:.4f}  ({_status_counts(counts)})")
        else:
            lines.append(f"  {value:<{width}}  rows {n:>6}  ({', '.join(f'{r} {k}' for r, k in counts.most_common())})")
    if len(ordered) > _GROUPS_SHOWN:
        lines.append(f"  ... and {len(ordered) - _GROUPS_SHOWN} more values (all are in --summary-json)")
    return lines


def _status_counts(counts: Counter) -> str:
    """``correct 5, incorrect 3`` in the order of :class:`Status` (``bad_row`` last), then anything else."""
    known = [s.value for s in Status]
    names = [s for s in known if counts.get(s)] + sorted(s for s in counts if s not in known and counts[s])
    return ", ".join(f"{s} {counts[s]}" for s in names) or "none"


class _Tally:
    """Counts of the ``key`` column's values (status, rule), overall and per value of each --group-by column."""

    def __init__(self, key: str, group_by: Sequence[FieldPath]) -> None:
        self.key = key
        self.group_by = list(group_by)
        self.counts: Counter = Counter()
        self.groups: Dict[str, Dict[str, Counter]] = {g.name: {} for g in group_by}

    @property
    def rows(self) -> int:
        return sum(self.counts.values())

    def add(self, row: Dict[str, Any], value: Any) -> None:
        text = _key_text(value)
        self.counts[text] += 1
        for g in self.group_by:
            groups = self.groups[g.name]
            name = _group_text(g, row)
            if name not in groups and len(groups) >= _MAX_GROUPS:
                name = "(other values)"
            groups.setdefault(name, Counter())[text] += 1

    def merged(self, other: "_Tally") -> "_Tally":
        both = _Tally(self.key, self.group_by)
        both.counts = self.counts + other.counts
        for name in both.groups:
            for source in (self.groups[name], other.groups[name]):
                for value, counts in source.items():
                    both.groups[name].setdefault(value, Counter()).update(counts)
        return both

    def as_json(self, command: str) -> Dict[str, Any]:
        return _Tally.counts_json(self.counts, command)

    @staticmethod
    def counts_json(counts: Counter, command: str) -> Dict[str, Any]:
        n = sum(counts.values())
        if command == "grade":
            correct = counts.get(Status.CORRECT.value, 0)
            return {"rows": n, "correct": correct, "accuracy": correct / n if n else None,
                    "status_counts": dict(sorted(counts.items()))}
        none = counts.get("none", 0) + counts.get(BAD_ROW, 0)
        return {"rows": n, "answers_found": n - none, "rule_counts": dict(sorted(counts.items()))}


def _key_text(value: Any) -> str:
    """A status or rule as counted: ``none`` for no value, and ``error: ...``/``bad_row: ...`` by their kind."""
    if value is None or value == "":
        return "none"
    return str(value).split(":", 1)[0]


def _group_text(path: FieldPath, row: Dict[str, Any]) -> str:
    try:
        value = path.get(row)
    except KeyError:
        return "(missing)"
    if value is None or value == "":
        return "(empty)"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return str(value)


def _get_or_none(path: FieldPath, row: Dict[str, Any]) -> Any:
    try:
        return path.get(row)
    except KeyError:
        return None


def _chain(first: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    yield from rest


# --- output ----------------------------------------------------------------------------------------------------


class _Output:
    """The output file, opened on the first row (or at once to finish an earlier Parquet run), or nothing; with
    the run record next to it while it is incomplete."""

    def __init__(self, path: Optional[str], fmt: Optional[str], earlier: Earlier, added: Sequence[str],
                 columns: List[str], schema: Any, record: Optional[RunRecord]) -> None:
        self.path = path
        self.fmt = fmt
        self.earlier = earlier
        self.added = tuple(added)
        self.columns = columns
        self.schema = schema
        self.record = record
        self.written = 0
        self._writer: Optional[Union[RowWriter, ParquetOutput]] = None
        self._warned = False

    def write(self, row: Dict[str, Any], added: Dict[str, Any]) -> None:
        if not self.path:
            return
        if self._writer is None:
            self._writer = self._open(row)
        clash = [c for c in self.added if c in row]
        if clash and not self._warned:
            _error(f"warning: input column {', '.join(map(repr, clash))} is replaced by mathgrade's", prefix=False)
            self._warned = True
        out = dict(row)
        out.update(added)
        self._writer.write(out)
        self.written += 1

    def open_now(self) -> None:
        if self.path and self._writer is None:
            self._writer = self._open({})

    def _open(self, first: Dict[str, Any]) -> Union[RowWriter, ParquetOutput]:
        assert self.path is not None
        columns, schema = self.columns, self.schema
        if not columns:  # JSONL on stdin: the first row says
            columns = list(first) + [c for c in self.added if c not in first]
            if self.fmt == "parquet":
                schema = _arrow_schema(columns, _first_row_types(first), self.added)
        if self.path != "-" and not self.earlier.exists:
            self._fresh_start()
        if self.fmt == "parquet":
            return open_writer(self.path, columns, schema=schema, earlier=self.earlier.batches)
        append = self.earlier.exists and (self.fmt == "jsonl" or bool(self.earlier.columns))
        return open_writer(self.path, columns, append=append)

    def _fresh_start(self) -> None:
        """A new output replaces an earlier one: its record and any unfinished Parquet stream go."""
        assert self.path is not None
        for stale in (journal_path(self.path), record_path(self.path)):
            try:
                os.remove(stale)
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise FileSystemError("remove", stale, exc) from None
        if self.record is not None:
            self.record.save(self.path)

    def close(self) -> None:
        """Close the file if it was opened (also after an error: the rows written so far are kept)."""
        if self._writer is not None:
            writer, self._writer = self._writer, None
            writer.close()

    def finish(self) -> None:
        """After a run without error: a run that wrote no row (``--limit 0``) still leaves an output file."""
        if self.path and self.path != "-" and not self.earlier.exists and self.written == 0:
            self._writer = self._open({})
            self.close()

    def complete(self) -> None:
        """The output holds every input row: the run record is no longer needed."""
        if self.path and self.path != "-":
            RunRecord.remove(self.path)


def _output_format(path: Optional[str]) -> Optional[str]:
    """The output's format; fails early (before grading) on an unknown extension."""
    if not path:
        return None
    try:
        return detect_format(path)
    except InputError as exc:
        raise OutputError(str(exc).replace(" (or --format)", "")) from None


def _csv_header(path: str, fmt: str) -> List[str]:
    try:
        with open(path, "rb") as f:
            header = next(csv_records(f, "," if fmt == "csv" else "\t", strict=False), None)
    except OSError as exc:
        raise FileSystemError("read", path, exc) from None
    return header.fields if header is not None and not header.problem else []


def _parquet_schema(path: str) -> Any:
    import pyarrow.parquet as pq

    try:
        return pq.ParquetFile(path).schema_arrow
    except OSError as exc:
        if exc.errno:
            raise FileSystemError("read", path, exc) from None
        raise InputError(f"{path} is not a readable Parquet file ({exc})") from None
    except Exception as exc:  # noqa: BLE001 - pyarrow raises several kinds for a file that is not Parquet
        raise InputError(f"{path} is not a readable Parquet file ({exc})") from None


def _arrow_schema(columns: Sequence[str], types: Dict[str, Any], added: Sequence[str]) -> Any:
    """The Parquet output's schema: an added column has its own type, an input column the type it was read with
    (strings for CSV)."""
    import pyarrow as pa

    def type_of(name: str) -> Any:
        if name in added:
            return pa.type_for_alias(_ADDED_TYPES[name])
        return types.get(name, pa.string())

    return pa.schema([(c, type_of(c)) for c in columns])


def _first_row_types(row: Dict[str, Any]) -> Dict[str, Any]:
    import pyarrow as pa

    try:
        return {k: f.type for k, f in zip(row, pa.table({k: [v] for k, v in row.items()}).schema)}
    except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
        raise OutputError(f"the first row cannot be written to Parquet ({exc}); write .jsonl instead") from None


# --- printing --------------------------------------------------------------------------------------------------


def _summary(text: str, output: Optional[str]) -> None:
    """Print a command's summary: on stdout, or on stderr when stdout carries the output rows (``-o -``)."""
    stream: IO[str] = sys.stderr if output == "-" else sys.stdout
    print(text, file=stream, flush=True)


def _write_json(path: str, data: Dict[str, Any]) -> None:
    text = json.dumps(data, indent=1, ensure_ascii=False, default=str) + "\n"
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        raise FileSystemError("write", path, exc) from None


def _show_progress(args: argparse.Namespace) -> bool:
    if args.progress is not None:
        return bool(args.progress)
    return _isatty(sys.stderr) and not os.environ.get("CI")


def _error(message: str, prefix: bool = True) -> None:
    print(("mathgrade: error: " if prefix else "mathgrade: ") + message, file=sys.stderr, flush=True)


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
