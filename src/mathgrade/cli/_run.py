"""One run of ``grade`` or ``extract`` over a file: read, skip what an earlier output holds, write, count, summarize.

What a run guarantees:

- Every input row is written back, in input order, with the added columns; under ``--skip-bad-rows`` a malformed
  line becomes a row with status ``bad_row`` (``extract``: extraction rule ``bad_row: ...``) and the reason, so that
  results join back by position. No input column is dropped (see :mod:`mathgrade.files`).
- Ctrl-C, SIGTERM, a full disk: the rows written so far are kept and the summary says how many; ``--resume``
  continues the file after its last complete record, and refuses an output made from another input or with other
  options (see :mod:`mathgrade.resume`). A run without ``--resume`` never replaces an interrupted output.
- A Parquet output stays under its partial name (``OUT.partial``) until the run is complete.
"""

from __future__ import annotations

import os
import signal
import time
from collections import deque
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Callable, Deque, Dict, Iterator, List, Optional, Tuple, Union

from .. import __version__
from ..runtime import STEP, stopping_on
from ..columns import COLUMN_TYPES
from ..errors import EXIT_INTERRUPTED, EXIT_OK, EXIT_TERMINATED, FileSystemError, InputError, OutputError, UsageError
from ..files import (FORMATS, BadLine, FieldPath, RowReader, Writer, count_rows, csv_records, jsonl_schema,
                     journal_path, need_format, open_writer, output_format, parquet_file)
from ..resume import Earlier, RunRecord, complete_rows, input_fingerprint, open_earlier, record_path
from . import Terminated, error
from ._summary import BAD_ROW, Tally, extract_lines, grade_lines, group_lines, print_summary, write_json

__all__ = ["Job", "Run"]

_BAD_SHOWN = 5
"""Bad rows named in the summary (all are counted)."""
_END = object()


@dataclass
class Job:
    """What ``grade`` and ``extract`` do differently; the rest (:class:`Run`) is shared."""

    command: str
    added: Tuple[str, ...]
    key: str
    """The added column whose values the summary counts (``status``, ``extraction_rule``)."""
    required: List[str]
    fields: Dict[str, Optional[str]]
    options: Dict[str, Any]
    results: Callable[[Iterator[Dict[str, Any]], Optional[int]], Iterator[Dict[str, Any]]]
    """The added columns of each good row, in order, from the rows and the number expected (for progress)."""
    bad: Callable[[str], Dict[str, Any]]
    """The added columns of a bad row, from the message saying what is wrong with it."""


@dataclass
class _Progress:
    """How the run ended: ``exhausted`` once every input row was taken; else ``interrupted`` (Ctrl-C, SIGTERM) or
    ``error`` (the system refused a write) says why it stopped early."""

    exhausted: bool = False
    interrupted: Optional[BaseException] = None
    error: Optional[BaseException] = None


class Run:
    """One ``grade`` or ``extract`` run, from the command's parameters (``args``) and its :class:`Job`."""

    def __init__(self, args: SimpleNamespace, job: Job, show_progress: bool) -> None:
        self.args = args
        self.job = job
        self.show_progress = show_progress
        self.started = time.perf_counter()
        self.groups = [FieldPath(g) for g in args.group_by]
        self.earlier_tally = Tally(job.key, self.groups)
        self.tally = Tally(job.key, self.groups)
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
        self.out_fmt: Optional[str] = None
        self._checked_groups = False

    def execute(self) -> int:
        args, job = self.args, self.job
        self._check_paths()
        required = job.required + ([args.id_field] if args.id_field else [])
        self.reader = RowReader(args.input, fmt=args.input_format, required=required, keep_bad_rows=True)
        self.out_fmt = out_fmt = output_format(args.output, args.output_format) if args.output else None
        if out_fmt is not None:
            need_format(out_fmt, "writing")
        if FORMATS[self.reader.fmt].extra is not None:
            need_format(self.reader.fmt, "reading")
        if not args.resume:
            self._refuse_to_replace_an_interrupted_output()
        columns, schema = self._plan(self.reader, out_fmt)
        record = self._record(columns)
        if args.resume:
            self._resume(record, columns, schema)
        items: Iterator[Union[Dict[str, Any], BadLine]] = iter(self.reader)
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

    def _refuse_to_replace_an_interrupted_output(self) -> None:
        """An output with a run record (or an unfinished Parquet stream) holds the rows of an interrupted run: a
        new run would throw them away. Say how to continue it, or how to start again."""
        output = self.args.output
        if not output or output == "-" or not os.path.isfile(record_path(output)):
            return
        if not (os.path.exists(output) or os.path.exists(journal_path(output))):
            return
        raise UsageError(f"{output} holds the rows of a run that did not finish (it was stopped, or cut short by "
                         f"--limit; {record_path(output)} records it): run the same command with --resume to continue "
                         f"it, or remove {output} and {record_path(output)} to start again")

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
        """What the output is made from (None: nothing to resume, as for stdout or a device such as /dev/null)."""
        output = self.args.output
        if not output or output == "-" or self.args.input == "-" or (os.path.exists(output) and
                                                                      not os.path.isfile(output)):
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
        self.earlier = open_earlier(output, self.out_fmt, repair=self.verified)
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

    def _check_groups(self, row: Dict[str, Any]) -> None:
        """``--group-by`` names a column of the input (checked on its first row, before anything is written)."""
        self._checked_groups = True
        missing = [g.name for g in self.groups if not g.present(row)]
        if missing:
            raise InputError(f"--group-by {missing[0]}: the input has no such column; its first row has "
                             f"{', '.join(map(repr, row)) or 'no column'}", kind="column", columns=missing)

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
                if isinstance(item, BadLine) and not self.args.skip_bad_rows:
                    stop.append(InputError(item.message(reader.label), kind="row"))
                    return  # the rows before it are finished and written first
                if not isinstance(item, BadLine) and not self._checked_groups and self.groups:
                    self._check_groups(item)
                pending.append(item)
                if not isinstance(item, BadLine):
                    yield item

        def write_bad_rows() -> None:
            while pending and isinstance(pending[0], BadLine):
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
            p = self.progress
            try:
                out.close(complete=p.interrupted is None and p.error is None and not stop)
            except FileSystemError as exc:
                p.error = p.error or exc
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
        print_summary(text, "-" if self.args.summary_json == "-" else self.args.output)
        if self.args.summary_json:
            write_json(self.args.summary_json, data)

    def _summary(self) -> Tuple[str, Dict[str, Any]]:
        args, job = self.args, self.job
        seconds = time.perf_counter() - self.started
        total = self.earlier_tally.merged(self.tally)
        earlier, now = self.earlier_tally.rows, self.tally.rows
        verb = "graded" if job.command == "grade" else "read"
        rows_line = f"rows:     {total.rows}" + (f" ({earlier} from the earlier run, {now} {verb} now)" if earlier
                                                 else "")
        lines = [rows_line] + (grade_lines(total) if job.command == "grade" else extract_lines(total))
        if self.bad_rows:
            more = f" (the first {len(self.bad_shown)}:)" if self.bad_rows > len(self.bad_shown) else ":"
            what = "status" if job.command == "grade" else "extraction rule"
            lines.append(f"bad rows: {self.bad_rows} written with {what} {BAD_ROW}{more}")
            lines += [f"  {m}" for m in self.bad_shown]
        for name, groups in total.groups.items():
            lines.append(f"by {name}:")
            lines += group_lines(groups, job.command)
        lines.append(f"time:     {seconds:.2f} s ({now / seconds if seconds > 0 else 0:.0f} rows/s)")
        if self.earlier.repair:
            lines.append(f"resumed:  {self.earlier.repair}")
        out, p = self.out, self.progress
        to_file = out is not None and bool(out.path) and out.path != "-"
        in_file = None  # the rows in the output file, counted there when a write failed (it may have lost some)
        how = None
        if p.interrupted is not None:
            how = "terminated (SIGTERM)" if isinstance(p.interrupted, Terminated) else "interrupted"
        elif p.error is not None:
            how = f"stopped: {p.error}"
        if out is not None and out.path and to_file:
            in_file = earlier + out.written
            if p.error is not None:
                in_file = complete_rows(out.path, out.fmt)
            line = f"output:   {out.path} ({out.written} rows written" + (
                f" now, {earlier + out.written} in all" if earlier else "")
            if in_file is not None and in_file < earlier + out.written:
                line += f"; {in_file} reached the file before the write failed"
            if out.fmt == "parquet" and how is not None:
                line += f"; they wait in {journal_path(out.path)} until the run is complete"
            lines.append(line + ")")
        if how is not None:
            kept = (f"the {in_file} rows in the file are kept" if p.error is not None and in_file is not None
                    else "the rows above are kept") + ("; run again with --resume to continue" if to_file else "")
            lines.append(f"{how}: {kept}")
        data = {
            "schema_version": 1, "command": job.command, "mathgrade_version": __version__,
            "input": args.input, "output": args.output, "rows": total.rows, "rows_earlier": earlier,
            "rows_now": now, "rows_in_output": in_file, **total.as_json(job.command),
            "bad_rows": {"count": self.bad_rows, "first": list(self.bad_shown)},
            "groups": {name: {value: Tally.counts_json(c, job.command) for value, c in groups.items()}
                       for name, groups in total.groups.items()},
            "seconds": round(seconds, 3), "complete": p.exhausted and how is None,
            "stopped": how, "options": job.options, "fields": job.fields,
        }
        return "\n".join(lines), data


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

    def __init__(self, path: Optional[str], fmt: Optional[str], earlier: Earlier, added: Tuple[str, ...],
                 columns: List[str], schema: Any, record: Optional[RunRecord]) -> None:
        self.path = path
        self.fmt = fmt
        self.earlier = earlier
        self.added = tuple(added)
        self.columns = columns
        self.schema = schema
        self.record = record
        self.written = 0
        self._writer: Optional[Writer] = None
        self._warned = False

    def write(self, row: Dict[str, Any], added: Dict[str, Any]) -> None:
        if not self.path:
            return
        if self._writer is None:
            self._writer = self._open(row)
        clash = [c for c in self.added if c in row]
        if clash and not self._warned:
            error(f"warning: input column {', '.join(map(repr, clash))} is replaced by mathgrade's", prefix=False)
            self._warned = True
        out = dict(row)
        out.update(added)
        self._writer.write(out)
        self.written += 1

    def open_now(self) -> None:
        if self.path and self._writer is None:
            self._writer = self._open({})

    def _open(self, first: Dict[str, Any]) -> Writer:
        assert self.path is not None and self.fmt is not None
        columns, schema = self.columns, self.schema
        if not columns:  # JSONL on stdin: the first row says
            columns = list(first) + [c for c in self.added if c not in first]
            if self.fmt == "parquet":
                schema = _arrow_schema(columns, _first_row_types(first), self.added)
        if self.path != "-" and not self.earlier.exists:
            self._fresh_start()
        if self.fmt == "parquet":
            return open_writer(self.path, columns, fmt=self.fmt, schema=schema, earlier=self.earlier.batches)
        append = self.earlier.exists and (self.fmt == "jsonl" or bool(self.earlier.columns))
        return open_writer(self.path, columns, fmt=self.fmt, append=append)

    def _fresh_start(self) -> None:
        """A new output replaces an earlier one: its record and any unfinished Parquet stream go."""
        assert self.path is not None
        if os.path.exists(self.path) and not os.path.isfile(self.path):
            return  # (not a file to resume: a device, a pipe)
        for stale in (journal_path(self.path), record_path(self.path)):
            try:
                os.remove(stale)
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise FileSystemError("remove", stale, exc) from None
        if self.record is not None:
            self.record.save(self.path)

    def close(self, complete: bool = True) -> None:
        """Close the file if it was opened (also after an error: the rows written so far are kept); a Parquet
        output becomes ``OUT`` only if the run is ``complete``."""
        if self._writer is not None:
            writer, self._writer = self._writer, None
            writer.close(complete)

    def finish(self) -> None:
        """After a run without error: a run that wrote no row (``--limit 0``) still leaves an output file."""
        if self.path and self.path != "-" and not self.earlier.exists and self.written == 0:
            self._writer = self._open({})
            self.close()

    def complete(self) -> None:
        """The output holds every input row: the run record is no longer needed."""
        if self.path and self.path != "-" and self.record is not None:
            RunRecord.remove(self.path)


def _csv_header(path: str, fmt: str) -> List[str]:
    try:
        with open(path, "rb") as f:
            header = next(csv_records(f, "," if fmt == "csv" else "\t", strict=False), None)
    except OSError as exc:
        raise FileSystemError("read", path, exc) from None
    return header.fields if header is not None and not header.problem else []


def _parquet_schema(path: str) -> Any:
    return parquet_file(path).schema_arrow


def _arrow_schema(columns: List[str], types: Dict[str, Any], added: Tuple[str, ...]) -> Any:
    """The Parquet output's schema: an added column has its own type, an input column the type it was read with
    (strings for CSV)."""
    import pyarrow as pa

    def type_of(name: str) -> Any:
        if name in added:
            return pa.type_for_alias(COLUMN_TYPES[name])
        return types.get(name, pa.string())

    return pa.schema([(c, type_of(c)) for c in columns])


def _first_row_types(row: Dict[str, Any]) -> Dict[str, Any]:
    import pyarrow as pa

    try:
        return {k: f.type for k, f in zip(row, pa.table({k: [v] for k, v in row.items()}).schema)}
    except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
        raise OutputError(f"the first row cannot be written to Parquet ({exc}); write .jsonl instead") from None
