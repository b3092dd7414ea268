"""The command line: ``mathgrade grade`` and ``mathgrade extract`` over JSONL, CSV and Parquet files.

``main(argv)`` is the entry point (also ``python -m mathgrade``); it returns the exit code and never shows a
traceback for bad input: a missing file, a missing column, a malformed row or an empty file is one clear line on
stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from importlib import import_module
from collections import Counter, deque
from typing import IO, Any, Deque, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from . import __version__
from .files import (FORMATS, Existing, InputError, OutputError, RowReader, RowWriter, count_rows, detect_format,
                    open_writer, scan_existing)
from .verdict import ROW_COLUMNS, Status, Verdict

__all__ = ["main"]

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

GRADE_COLUMNS = ROW_COLUMNS
"""The columns ``grade`` adds to every row (see :meth:`mathgrade.Verdict.to_row`)."""
EXTRACT_COLUMNS = ("extracted", "rule", "start", "end")

_EPILOG = """\
exit codes:
  0    success (whatever the verdicts)
  1    internal error (a bug in mathgrade; please report it)
  2    usage or input error: missing file, missing column, malformed row, empty file, bad option
  130  interrupted (Ctrl-C); rows graded so far are kept in the output (continue with --resume)
"""


_HINTS = {
    "column": " (name the columns to use with --output-field and --gold-field)",
    "row": " (use --skip-bad-rows to skip such rows and count them)",
}


class UsageError(Exception):
    """A problem with the command line itself (reported like an input error, exit code 2). Commands defined in other
    modules raise it too."""


COMMANDS = (
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
    try:
        return int(args.run(args))
    except (InputError, OutputError, UsageError) as exc:
        _error(str(exc) + _HINTS.get(getattr(exc, "kind", ""), ""))
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `mathgrade grade f.jsonl -o - | head`
        _silence_stdout()
        return EXIT_OK
    except Exception as exc:  # noqa: BLE001 - a bug in mathgrade: one line, not a traceback
        _error(f"internal error: {type(exc).__name__}: {exc} (please report this)")
        return EXIT_INTERNAL


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

    g = sub.add_parser("grade", help="grade every row of a file", epilog=_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Grade each row's model output against its gold answer. Writes every input row, "
                                   "in input order, with added columns " + ", ".join(GRADE_COLUMNS) +
                                   "; prints a summary (rows, accuracy, counts per status, time).")
    _common(g)
    g.add_argument("--gold-field", default="gold", metavar="NAME", help="column of the gold answer (default: gold)")
    g.add_argument("--policy", choices=("eval", "reward"), default="eval",
                   help="eval: lenient, any extraction rule (default); reward: only marked answers (boxed...)")
    g.add_argument("--timeout", type=_positive_float, default=5.0, metavar="SECONDS",
                   help="time limit per row (default: 5)")
    g.add_argument("--workers", type=_non_negative_int, default=None, metavar="N",
                   help="worker processes (default: every core; 0 or 1 grades in this process)")
    g.add_argument("--resume", action="store_true",
                   help="continue an interrupted OUTPUT file: skip the rows it already holds and append")
    g.set_defaults(run=_cmd_grade)

    e = sub.add_parser("extract", help="show the answer extracted from each row's model output",
                       description="Find the final answer in each row's model output. Writes every input row with "
                                   "added columns " + ", ".join(EXTRACT_COLUMNS) + ".", epilog=_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    _common(e)
    e.add_argument("--policy", choices=("eval", "reward"), default="eval",
                   help="eval: any extraction rule (default); reward: only marked answers")
    e.set_defaults(run=_cmd_extract)
    for module in COMMANDS:
        import_module(module, __package__).add_command(sub, _EPILOG)
    return p


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", metavar="INPUT", help="a .jsonl, .csv or .parquet file (- for JSONL on stdin)")
    p.add_argument("-o", "--output", metavar="OUTPUT",
                   help="write rows here; format from the extension (.jsonl, .csv, .parquet); - for JSONL on "
                        "stdout. Without -o only the summary is printed")
    p.add_argument("--output-field", default="answer", metavar="NAME",
                   help="column of the model output (default: answer)")
    p.add_argument("--id-field", default=None, metavar="NAME",
                   help="column identifying a row (checked by --resume, named in messages)")
    p.add_argument("--format", choices=FORMATS, default=None, help="format of INPUT when its extension does not say")
    p.add_argument("--skip-bad-rows", action="store_true",
                   help="skip malformed rows (bad JSON, missing field...) and count them, instead of stopping")
    p.add_argument("--limit", type=_non_negative_int, default=None, metavar="N", help="only the first N rows")
    bar = p.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="always show a progress bar (default: only on a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="never show a progress bar")


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


# --- grade -----------------------------------------------------------------------------------------------------


def _cmd_grade(args: argparse.Namespace) -> int:
    from .batch import grade_many

    _check_paths(args)
    started = time.perf_counter()
    required = [args.output_field, args.gold_field] + ([args.id_field] if args.id_field else [])
    reader = RowReader(args.input, fmt=args.format, required=required, skip_bad_rows=args.skip_bad_rows)
    existing = _existing(args)
    rows: Iterable[Dict[str, Any]] = _skip_done(iter(reader), existing, args.id_field)
    if args.limit is not None:
        rows = itertools.islice(rows, max(0, args.limit - existing.rows))
    total = _total(args, reader.fmt, existing.rows)
    pending: Deque[Dict[str, Any]] = deque()

    def pairs() -> Iterator[Tuple[Any, Any]]:
        for row in rows:
            pending.append(row)
            yield row[args.output_field], row[args.gold_field]

    verdicts = grade_many(pairs(), workers=args.workers, progress=_show_progress(args), total=total,
                          timeout=args.timeout, policy=args.policy)
    out = _Output(args.output, existing, GRADE_COLUMNS)
    statuses: Counter = Counter()
    interrupted = False
    try:
        for verdict in verdicts:
            row = pending.popleft()
            statuses[verdict.status.value] += 1
            out.write(row, verdict.to_row(), reader.columns)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        verdicts.close()
        out.close()
    out.finish()
    _print_grade_summary(args, reader, existing, statuses, out, time.perf_counter() - started, interrupted)
    return EXIT_INTERRUPTED if interrupted else EXIT_OK


def _check_paths(args: argparse.Namespace) -> None:
    """Refuse to write the output over the input (it would be emptied before it is read)."""
    if not args.output or args.output == "-" or args.input == "-":
        return
    if os.path.exists(args.output) and os.path.exists(args.input) and os.path.samefile(args.output, args.input):
        raise UsageError(f"the output {args.output} is the input file; write to another file")


def _existing(args: argparse.Namespace) -> Existing:
    if not args.resume:
        return Existing()
    if not args.output or args.output == "-":
        raise UsageError("--resume needs an output file (-o OUTPUT.jsonl or .csv)")
    return scan_existing(args.output, id_field=args.id_field)


def _skip_done(rows: Iterator[Dict[str, Any]], existing: Existing, id_field: Optional[str]) -> Iterator[Dict[str, Any]]:
    """The input rows after the ``existing.rows`` already graded, checking that the output matches the input."""
    last: Optional[Dict[str, Any]] = None
    for _ in range(existing.rows):
        last = next(rows, None)
        if last is None:
            raise UsageError(f"cannot resume: the output already holds {existing.rows} rows, more than the input")
    if last is not None and id_field is not None and str(last.get(id_field)) != str(existing.last_id):
        raise UsageError(f"cannot resume: row {existing.rows} of the output has {id_field} {existing.last_id!r} "
                          f"but the input has {last.get(id_field)!r}; is it the output of this input?")
    yield from rows


def _total(args: argparse.Namespace, fmt: str, done: int) -> Optional[int]:
    n = count_rows(args.input, fmt)
    if n is None:
        return None
    n = max(0, n - done)
    return n if args.limit is None else min(n, max(0, args.limit - done))


def _show_progress(args: argparse.Namespace) -> bool:
    if args.progress is not None:
        return bool(args.progress)
    return _isatty(sys.stderr) and not os.environ.get("CI")


def _print_grade_summary(args: argparse.Namespace, reader: RowReader, existing: Existing, statuses: Counter,
                         out: "_Output", seconds: float, interrupted: bool) -> None:
    new = sum(statuses.values())
    allstat = Counter(statuses)
    for status, n in existing.statuses.items():
        allstat[status] += n
    rows = new + existing.rows
    correct = allstat.get(Status.CORRECT.value, 0)
    accuracy = f"{correct / rows:.4f} ({correct} of {rows} correct)" if rows else "n/a (no rows)"
    lines = [f"rows:     {rows}" + (f" ({existing.rows} from the earlier run, {new} graded now)" if existing.rows
                                   else ""),
             f"accuracy: {accuracy}",
             f"status:   {_status_counts(allstat)}",
             f"time:     {seconds:.2f} s ({new / seconds if seconds > 0 else 0:.0f} rows/s)"]
    lines += _tail_lines(reader, out, interrupted)
    _summary("\n".join(lines), args.output)


def _status_counts(counts: Counter) -> str:
    """``correct 5, incorrect 3`` in the order of :class:`Status` (then any unknown status from a resumed file)."""
    known = [s.value for s in Status]
    names = [s for s in known if counts.get(s)] + sorted(s for s in counts if s not in known and counts[s])
    return ", ".join(f"{s} {counts[s]}" for s in names) or "none"


def _tail_lines(reader: RowReader, out: "_Output", interrupted: bool) -> List[str]:
    lines = []
    if reader.bad_rows:
        lines.append(f"skipped:  {reader.bad_rows} bad rows (first: {reader.first_bad})")
    if out.path and out.path != "-":
        lines.append(f"output:   {out.path} ({out.written} rows written)")
    if interrupted:
        lines.append("interrupted: the rows above are kept" +
                     ("; run again with --resume to continue" if out.path and out.path != "-" else ""))
    return lines


# --- extract ---------------------------------------------------------------------------------------------------


def _cmd_extract(args: argparse.Namespace) -> int:
    from .grader import extract

    _check_paths(args)
    started = time.perf_counter()
    required = [args.output_field] + ([args.id_field] if args.id_field else [])
    reader = RowReader(args.input, fmt=args.format, required=required, skip_bad_rows=args.skip_bad_rows)
    rows: Iterable[Dict[str, Any]] = reader
    if args.limit is not None:
        rows = itertools.islice(rows, args.limit)
    out = _Output(args.output, Existing(), EXTRACT_COLUMNS)
    rules: Counter = Counter()
    interrupted = False
    try:
        for row in rows:
            added = _extract_columns(extract, row.get(args.output_field), args.policy)
            rules[added["rule"] or "none"] += 1
            out.write(row, added, reader.columns)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        out.close()
    out.finish()
    n = sum(rules.values())
    seconds = time.perf_counter() - started
    found = n - rules.get("none", 0)
    lines = [f"rows:     {n}", f"answers:  {found} found, {n - found} none",
             "rules:    " + (", ".join(f"{r} {c}" for r, c in rules.most_common()) or "none"),
             f"time:     {seconds:.2f} s ({n / seconds if seconds > 0 else 0:.0f} rows/s)"]
    lines += _tail_lines(reader, out, interrupted)
    _summary("\n".join(lines), args.output)
    return EXIT_INTERRUPTED if interrupted else EXIT_OK


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


# --- output ----------------------------------------------------------------------------------------------------


class _Output:
    """The output file, opened on the first row (CSV and Parquet need the input's columns), or nothing."""

    def __init__(self, path: Optional[str], existing: Existing, added: Sequence[str]) -> None:
        self.path = path
        self.existing = existing
        self.added = tuple(added)
        self.written = 0
        self._writer: Optional[RowWriter] = None
        self._warned = False
        if path and path != "-":
            _detect_format_or_fail(path)

    def write(self, row: Dict[str, Any], added: Dict[str, Any], input_columns: Sequence[str]) -> None:
        if not self.path:
            return
        if self._writer is None:
            self._writer = self._open(input_columns)
        clash = [c for c in self.added if c in row]
        if clash and not self._warned:
            _error(f"warning: input column {', '.join(map(repr, clash))} is replaced by mathgrade's", prefix=False)
            self._warned = True
        out = dict(row)
        out.update(added)
        self._writer.write(out)
        self.written += 1

    def _open(self, input_columns: Sequence[str]) -> RowWriter:
        assert self.path is not None
        if self.existing.rows:
            return open_writer(self.path, self.existing.columns, append=True)
        columns = list(input_columns) + [c for c in self.added if c not in input_columns]
        return open_writer(self.path, columns)

    def close(self) -> None:
        """Close the file if rows were written (also after an error: the rows written so far are kept)."""
        if self._writer is not None:
            self._writer.close()

    def finish(self) -> None:
        """After a run without error: a run that wrote no row (``--limit 0``) still leaves an output file."""
        if self._writer is None and self.path and self.path != "-" and not self.existing.rows:
            open_writer(self.path, list(self.added)).close()


def _detect_format_or_fail(path: str) -> None:
    """Fail early (before grading) on an output name whose format is unknown."""
    try:
        detect_format(path)
    except InputError as exc:
        raise OutputError(str(exc).replace("--format", "a known extension")) from None


# --- printing --------------------------------------------------------------------------------------------------


def _summary(text: str, output: Optional[str]) -> None:
    stream: IO[str] = sys.stderr if output == "-" else sys.stdout
    print(text, file=stream, flush=True)


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
