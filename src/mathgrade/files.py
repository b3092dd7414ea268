"""Reading and writing row files for batch grading: JSONL, CSV, TSV and Parquet (with pyarrow), in one table.

:data:`FORMATS` holds what each format is: its extensions, how its rows are read, how they are written, how the
complete part of a torn output is found (for ``--resume``), and whether it streams through stdin and stdout. The
commands (``grade``, ``extract``, ``--ray``, ``eval --predictions``, ``report``), :mod:`mathgrade.resume` and the
documentation's table (:func:`formats_markdown`, in docs/cli.md) all read it.

Rows are dicts. Readers stream (one row in memory at a time, or one Parquet batch) and say where each problem is
(``line 5``, ``row 12``); a line longer than :data:`MAX_LINE_BYTES` is refused before it is read whole. Writers
stream too and never drop a column: a CSV or Parquet output's columns are fixed before the first row is written
(from the input's header or schema, or from a first pass over a JSONL input), and a row that does not fit them stops
the run with a message.

Every record these writers produce ends with a newline (JSONL, CSV) or is written whole (Parquet, see
:class:`ParquetOutput`), so that :mod:`mathgrade.resume` can tell a complete record from a torn one.

Problems with a file's content are :class:`~mathgrade.errors.InputError` or :class:`~mathgrade.errors.OutputError`;
the operating system refusing a read or a write (disk full, permission denied) is a
:class:`~mathgrade.errors.FileSystemError`. Their messages are meant for a person.
"""

from __future__ import annotations

import csv
import json
import os
import sys
from dataclasses import dataclass
from typing import IO, Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from .errors import FileSystemError, InputError, MissingExtra, OutputError
from .values import has_surrogate, replaced

__all__ = [
    "InputError",
    "OutputError",
    "FileSystemError",
    "Format",
    "FORMATS",
    "FORMAT_NAMES",
    "MAX_LINE_BYTES",
    "detect_format",
    "need_format",
    "output_format",
    "FieldPath",
    "BadLine",
    "RowReader",
    "RowWriter",
    "ParquetOutput",
    "open_writer",
    "count_rows",
    "jsonl_schema",
    "parquet_file",
    "Tail",
    "formats_markdown",
]

FORMAT_NAMES = ("jsonl", "csv", "tsv", "parquet")
"""The formats' names, in the order of :data:`FORMATS` (what ``--format`` and ``--output-format`` accept)."""
MAX_LINE_BYTES = 64 * 1024 * 1024
"""The longest line (JSONL, CSV, TSV) or JSON array file read, in bytes: a longer one is refused after reading this
much of it, with a message naming the line (a bad row under ``--skip-bad-rows`` for JSONL)."""
_DELIMITERS = {"csv": ",", "tsv": "\t"}
_CSV_FIELD_LIMIT = 2**31 - 1
PARQUET_ROW_GROUP = 8192
"""Rows per Parquet row group (and per batch read from a Parquet input)."""
_BAD_SHOWN = 5
"""Bad rows whose message is kept for the summary (the others are counted)."""

Row = Dict[str, Any]


def detect_format(path: str, forced: Optional[str] = None) -> str:
    """The format of the input ``path``: ``forced`` if given, else from its extension (``-``, stdin, is JSONL).
    :class:`InputError` when the extension says nothing (its message names ``format``, the setting to give)."""
    if forced:
        if forced not in FORMATS:
            raise InputError(f"unknown format {forced!r}; use one of {', '.join(FORMATS)}", setting="input_format")
        return forced
    if path == "-":
        return "jsonl"
    found = _by_extension(path)
    if found is None:
        raise InputError(f"cannot tell the format of {path!r} from its extension ({_extensions()}); give the "
                         f"format", setting="input_format")
    return found


def output_format(path: str, forced: Optional[str] = None) -> str:
    """The format of the output ``path``, like :func:`detect_format` but an :class:`OutputError`; ``-`` (stdout)
    and a path without a known extension (``/dev/null``) need ``forced`` unless they are JSONL (``-``)."""
    try:
        return detect_format(path, forced)
    except InputError as exc:
        raise OutputError(str(exc).replace("give the format", "give the output format"),
                          setting="output_format") from None


def _by_extension(path: str) -> Optional[str]:
    ext = os.path.splitext(path.rstrip("/"))[1].lower()
    return next((f.name for f in FORMATS.values() if ext in f.extensions), None)


def _extensions() -> str:
    return ", ".join(e for f in FORMATS.values() for e in f.extensions)


# --- fields -----------------------------------------------------------------------------------------------------


class FieldPath:
    """A column name, or a path into nested values: ``choices.0.message.content`` is
    ``row["choices"][0]["message"]["content"]``. A row that has the whole name as a key uses that key."""

    def __init__(self, name: str) -> None:
        if not name:
            raise InputError("a field name cannot be empty")
        self.name = name
        self.parts = tuple(name.split("."))

    def __repr__(self) -> str:
        return f"FieldPath({self.name!r})"

    def get(self, row: Row) -> Any:
        """The value at this path in ``row``; ``KeyError`` with a message saying where the path stops."""
        if self.name in row or len(self.parts) == 1:
            if self.name not in row:
                raise KeyError(f"no {self.name!r} field")
            return row[self.name]
        value: Any = row
        for depth, part in enumerate(self.parts):
            where = ".".join(self.parts[:depth]) or "the row"
            if isinstance(value, dict):
                if part not in value:
                    raise KeyError(f"no {self.name!r} field ({where} has no key {part!r})")
                value = value[part]
            elif isinstance(value, list):
                if not part.isdigit() or int(part) >= len(value):
                    raise KeyError(f"no {self.name!r} field ({where} is a list of {len(value)} items, "
                                   f"not indexed by {part!r})")
                value = value[int(part)]
            else:
                raise KeyError(f"no {self.name!r} field ({where} is a {type(value).__name__}, not an object)")
        return value

    def present(self, row: Row) -> bool:
        try:
            self.get(row)
        except KeyError:
            return False
        return True


# --- reading ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BadLine:
    """An input line that is not a usable row: where it is (``line 3``), what is wrong, and what could be read.
    (Not :class:`mathgrade.rows.BadRow`, the marker of a malformed row handed to ``grade_many``.)"""

    where: str
    problem: str
    row: Row

    def message(self, label: str) -> str:
        return f"{label} {self.where}: {self.problem}"


class RowReader:
    """Stream the rows of a JSONL, CSV, TSV or Parquet file as dicts.

    ``required`` names fields (see :class:`FieldPath`) every row must have: a file whose first row lacks one is an
    :class:`InputError` naming the columns that exist; a later row that lacks one is a bad row. Bad rows (malformed
    JSON, not an object, wrong number of CSV fields, a missing field) raise :class:`InputError` with their line
    number; with ``skip_bad_rows`` they are skipped, with ``keep_bad_rows`` yielded as :class:`BadLine` in their
    place. Either way ``bad_rows`` counts them and ``first_bad`` lists the first few messages. ``columns`` lists the
    columns of the file (for JSONL, the keys of the first row) once the first row has been read.
    """

    def __init__(self, path: str, *, fmt: Optional[str] = None, required: Sequence[str] = (),
                 skip_bad_rows: bool = False, keep_bad_rows: bool = False,
                 stdin: Optional[IO[bytes]] = None) -> None:
        self.path = path
        self.fmt = detect_format(path, fmt)
        self.required = tuple(FieldPath(r) for r in required)
        self.skip_bad_rows = skip_bad_rows
        self.keep_bad_rows = keep_bad_rows
        self.bad_rows = 0
        self.first_bad: List[str] = []
        self.columns: List[str] = []
        self._stdin = stdin
        if path != "-":
            _check_readable(path)

    @property
    def label(self) -> str:
        return "stdin" if self.path == "-" else self.path

    def __iter__(self) -> Iterator[Union[Row, BadLine]]:
        source = FORMATS[self.fmt].read(self)
        good = lines = 0
        for where, row in source:
            lines += 1
            if isinstance(row, BadLine):
                yield from self._bad(row)
                continue
            if good == 0:
                self._check_first(row)
            missing = [f for f in self.required if not f.present(row)]
            if missing:
                yield from self._bad(BadLine(where, "; ".join(_why_missing(f, row) for f in missing), row))
                continue
            good += 1
            yield row
        if good == 0:
            self._no_rows(lines)

    def rows(self) -> Iterator[Row]:
        """The good rows only: what iterating gives without ``keep_bad_rows`` (bad rows raise or are skipped)."""
        if self.keep_bad_rows:
            raise ValueError("rows() gives good rows only; iterate over the reader to get BadLine markers too")
        for row in self:
            assert not isinstance(row, BadLine)  # (bad rows raise, or are skipped, without keep_bad_rows)
            yield row

    def _no_rows(self, lines: int) -> None:
        if lines == 0:
            raise InputError(f"{self.label} is empty: no rows")
        shown = f" (first: {self.first_bad[0]})" if self.first_bad else ""
        kind = FORMATS[self.fmt].title
        raise InputError(f"{self.label} has no readable row: all {lines} rows are bad{shown}; is it a {kind} file?")

    def _check_first(self, row: Row) -> None:
        if not self.columns:
            self.columns = list(row)
        missing = [f for f in self.required if not f.present(row)]
        if missing:
            where = "its columns are" if self.fmt != "jsonl" else "its first row has"
            paths = [_why_missing(f, row) for f in missing if len(f.parts) > 1 and f.parts[0] in row]
            raise InputError(f"{self.label} has no column {_names([f.name for f in missing])}; {where}: "
                             f"{_names(list(row)) or 'none'}" + "".join(f" ({p})" for p in paths), kind="column",
                             columns=[f.name for f in missing])

    def _bad(self, bad: BadLine) -> Iterator[BadLine]:
        text = bad.message(self.label)
        if not (self.skip_bad_rows or self.keep_bad_rows):
            raise InputError(text, kind="row")
        self.bad_rows += 1
        if len(self.first_bad) < _BAD_SHOWN:
            self.first_bad.append(text)
        if self.keep_bad_rows:
            yield bad

    def open_binary(self) -> IO[bytes]:
        """The input, opened for reading (stdin for ``-``); close it unless it is stdin."""
        if self.path == "-":
            return self._stdin or sys.stdin.buffer
        try:
            return open(self.path, "rb")
        except OSError as exc:
            raise FileSystemError("read", self.path, exc) from None


Source = Iterator[Tuple[str, Union[Row, BadLine]]]
"""What a format's reader yields: (where, the row or what is wrong with it), in file order."""


def _read_jsonl(reader: RowReader) -> Source:
    f = reader.open_binary()
    try:
        head = f.peek(64)[:64] if hasattr(f, "peek") else b""
        if reader.path.lower().endswith(".json") and head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"["):
            yield from _read_json_array(reader, f)
            return
        for lineno, raw in enumerate(bounded_lines(f), 1):
            if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            where = f"line {lineno}"
            if raw is _TOO_LONG:
                yield where, BadLine(where, f"longer than {_mib(MAX_LINE_BYTES)} (the longest line read); it was "
                                            f"not read whole", {})
            elif raw.strip():
                yield where, parse_json_line(raw, where)
    except OSError as exc:
        raise FileSystemError("read", reader.label, exc) from None
    finally:
        if reader.path != "-":
            f.close()


def _read_json_array(reader: RowReader, f: IO[bytes]) -> Source:
    data = f.read(MAX_LINE_BYTES + 1)
    if len(data) > MAX_LINE_BYTES:
        raise InputError(f"{reader.label} is a JSON array larger than {_mib(MAX_LINE_BYTES)}, which is read whole; "
                         f"write it as JSON Lines (one object per line)")
    try:
        items = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{reader.label}: malformed JSON ({exc})") from None
    except RecursionError:
        raise InputError(f"{reader.label}: malformed JSON (nested too deeply)") from None
    for i, obj in enumerate(items, 1):
        where = f"item {i}"
        yield where, obj if isinstance(obj, dict) else BadLine(where, f"a JSON {_json_type(obj)}, not an object", {})


def _read_csv(reader: RowReader) -> Source:
    f = reader.open_binary()
    fmt = reader.fmt
    try:
        records = csv_records(f, _DELIMITERS[fmt], strict=False)
        header = next(records, None)
        if header is None:
            raise InputError(f"{reader.label} is empty: no header line")
        if header.problem:
            raise InputError(f"{reader.label} line 1: unreadable {fmt.upper()} header ({header.problem}); is it a "
                             f"{fmt.upper()} file?")
        if not any(header.fields):
            raise InputError(f"{reader.label} line 1: blank, but a {fmt.upper()} file starts with its header")
        reader.columns = header.fields
        n = len(reader.columns)
        for rec in records:
            where = f"line {rec.line}" if rec.lines == 1 else f"lines {rec.line}-{rec.line + rec.lines - 1}"
            if rec.problem:
                yield where, BadLine(where, rec.problem, {})
            elif not rec.fields:
                continue  # a blank line
            elif len(rec.fields) != n:
                yield where, BadLine(where, f"{len(rec.fields)} fields, but the header has {n}", {})
            else:
                yield where, dict(zip(reader.columns, rec.fields))
    except LineTooLong as exc:
        raise InputError(f"{reader.label} line {exc.line} is longer than {_mib(MAX_LINE_BYTES)} (the longest line "
                         f"read); it was not read whole") from None
    except OSError as exc:
        raise FileSystemError("read", reader.label, exc) from None
    finally:
        if reader.path != "-":
            f.close()


def _read_parquet(reader: RowReader) -> Source:
    if reader.path == "-":
        raise InputError("Parquet cannot be read from stdin; give a file name")
    pf = parquet_file(reader.path)
    reader.columns = list(pf.schema_arrow.names)
    n = 0
    for batch in pf.iter_batches(batch_size=PARQUET_ROW_GROUP):
        for row in batch.to_pylist():
            n += 1
            yield f"row {n}", row


def parquet_file(path: str) -> Any:
    """The Parquet file at ``path``, opened (its footer read)."""
    pq = _pyarrow_parquet("reading")
    try:
        return pq.ParquetFile(path)
    except OSError as exc:
        if exc.errno:
            raise FileSystemError("read", path, exc) from None
        raise InputError(f"{path} is not a readable Parquet file ({exc})") from None
    except Exception as exc:  # noqa: BLE001 - pyarrow raises several kinds for a file that is not Parquet
        raise InputError(f"{path} is not a readable Parquet file ({exc})") from None


_TOO_LONG = b"\0too long"
"""What :func:`bounded_lines` yields in place of a line longer than :data:`MAX_LINE_BYTES`."""


class LineTooLong(Exception):
    """A line longer than :data:`MAX_LINE_BYTES` (raised by :func:`bounded_lines` when told to)."""

    def __init__(self, line: int) -> None:
        super().__init__(f"line {line}")
        self.line = line


def bounded_lines(f: IO[bytes], *, raise_too_long: bool = False) -> Iterator[bytes]:
    """The lines of ``f``, each read with at most :data:`MAX_LINE_BYTES` in memory: a longer line is skipped to its
    end in pieces and yields :data:`_TOO_LONG` (or raises :class:`LineTooLong`)."""
    lineno = 0
    while True:
        raw = f.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        lineno += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            if raise_too_long:
                raise LineTooLong(lineno)
            while raw and not raw.endswith(b"\n"):
                raw = f.readline(1 << 20)
            yield _TOO_LONG
            continue
        yield raw


def _mib(size: int) -> str:
    return f"{size / (1 << 20):g} MiB"


def parse_json_line(raw: bytes, where: str) -> Union[Row, BadLine]:
    """One line of JSONL as a dict, or a :class:`BadLine` saying what is wrong with it."""
    try:
        line = raw.decode("utf-8").rstrip("\r\n")
        obj = json.loads(line)
    except UnicodeDecodeError as exc:
        return BadLine(where, f"not valid UTF-8 ({exc.reason} at byte {exc.start})", {})
    except json.JSONDecodeError as exc:
        return BadLine(where, _json_problem(line, exc), {})
    if not isinstance(obj, dict):
        return BadLine(where, f"a JSON {_json_type(obj)}, not an object", {})
    return obj


def _json_problem(line: str, exc: json.JSONDecodeError) -> str:
    if exc.pos == 0:
        return f"not JSON: {_snippet(line.strip())}"
    what = exc.msg[:-3] if exc.msg.endswith(" at") else exc.msg  # "Invalid control character at"
    content = line.rstrip()
    if exc.pos >= len(content):
        return f"malformed JSON: {what} at the end of the line, which ends {_snippet(content[-30:])}"
    return f"malformed JSON: {what} at character {exc.pos + 1} (near {_snippet(line[max(0, exc.pos - 10):])})"


def _snippet(text: str, size: int = 30) -> str:
    return repr(text[:size] + ("..." if len(text) > size else ""))


def _json_type(obj: Any) -> str:
    return {list: "array", str: "string", bool: "boolean", int: "number", float: "number",
            type(None): "null"}.get(type(obj), type(obj).__name__)


def _why_missing(field: FieldPath, row: Row) -> str:
    try:
        field.get(row)
    except KeyError as exc:
        reason = str(exc.args[0])
        if len(field.parts) == 1:
            reason += f" (this row has: {_names(list(row)) or 'nothing'})"
        return reason
    return ""  # pragma: no cover - only called for missing fields


@dataclass
class CsvRecord:
    """One record of a CSV file read by :func:`csv_records`: its fields (or the problem), its first line, how many
    lines it spans, where it ends (a byte offset) and whether its last line ended with a newline."""

    fields: List[str]
    line: int
    lines: int
    end: int
    complete: bool
    problem: str = ""


def csv_records(f: IO[bytes], delimiter: str, *, strict: bool) -> Iterator[CsvRecord]:
    """The records of a CSV (or TSV) file, each with the byte offset where it ends.

    The offsets let :mod:`mathgrade.resume` cut a torn file after its last *complete* record: CSV fields may hold
    newlines, so the last newline of a file is not always the end of a record. A record that is not valid UTF-8 or
    not valid CSV gets a ``problem`` (at the end of the file, ``complete`` says whether it was cut short).
    """
    if csv.field_size_limit() < _CSV_FIELD_LIMIT:
        csv.field_size_limit(_CSV_FIELD_LIMIT)  # model outputs are longer than the default 128 KB
    state = _ReadState()

    def lines() -> Iterator[str]:
        for raw in bounded_lines(f, raise_too_long=True):
            state.pos += len(raw)
            state.line += 1
            state.newline = raw.endswith(b"\n")
            if state.line == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            yield raw.decode("utf-8", "surrogateescape")

    reader = csv.reader(lines(), delimiter=delimiter, strict=strict)
    while True:
        first = state.line + 1
        try:
            fields = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            yield CsvRecord([], first, state.line - first + 1, state.pos, state.newline,
                            f"unreadable {'CSV' if delimiter == ',' else 'TSV'} ({exc})")
            continue
        problem = ""
        if any(has_surrogate(x) for x in fields):
            problem = "not valid UTF-8"
            fields = [x.encode("utf-8", "surrogateescape").decode("utf-8", "replace") for x in fields]
        yield CsvRecord(fields, first, state.line - first + 1, state.pos, state.newline, problem)


@dataclass
class _ReadState:
    pos: int = 0
    line: int = 0
    newline: bool = True


def _check_readable(path: str) -> None:
    if not os.path.exists(path):
        raise InputError(f"no such file: {path}")
    if os.path.isdir(path):
        raise InputError(f"{path} is a directory, not a file")
    if not os.access(path, os.R_OK):
        raise FileSystemError("read", path, PermissionError(13, "Permission denied"))
    if os.path.getsize(path) == 0:
        raise InputError(f"{path} is empty: 0 bytes")


def _names(cols: Sequence[str]) -> str:
    return ", ".join(repr(c) for c in cols)


def _pyarrow_parquet(what: str) -> Any:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise MissingExtra(f"{what} Parquet", "pyarrow", "parquet") from None
    return pq


def need_format(fmt: str, what: str) -> None:
    """Check that the software ``fmt`` needs is installed (:class:`MissingExtra` naming ``what`` is done with it,
    e.g. ``writing``), before any work is done."""
    if FORMATS[fmt].extra is not None:
        _pyarrow_parquet(what)


def count_rows(path: str, fmt: str) -> Optional[int]:
    """A quick count of the rows of a file (for a progress bar), or None when it cannot be known cheaply.

    JSONL counts lines; CSV counts lines minus the header (upper bounds: blank lines, fields that hold newlines);
    Parquet reads the count from the file's metadata.
    """
    if path == "-":
        return None
    try:
        if fmt == "parquet":
            return int(_pyarrow_parquet("reading").ParquetFile(path).metadata.num_rows)
        n, last = 0, b"\n"
        with open(path, "rb") as f:  # (newlines counted in pieces: a line may be longer than memory allows)
            for piece in iter(lambda: f.read(1 << 20), b""):
                n += piece.count(b"\n")
                last = piece[-1:]
        n += last != b"\n"
        return max(0, n - 1) if fmt in _DELIMITERS else n
    except Exception:  # noqa: BLE001 - only a progress hint
        return None


def jsonl_schema(path: str, *, types: bool) -> Tuple[List[str], Optional[Any]]:
    """A first pass over a JSONL file: every column of its rows, in order of first appearance, and (with ``types``)
    the Arrow type of each, unified over all rows (``int`` and ``float`` make ``double``; a column never set is
    ``null``). Bad lines are ignored here (the grading pass reports them). ``OutputError`` when a column holds
    values of types that Parquet cannot put in one column."""
    reader = RowReader(path, fmt="jsonl", keep_bad_rows=True)
    columns: Dict[str, None] = {}
    schemas: List[Any] = []
    batch: List[Row] = []

    def infer() -> None:
        import pyarrow as pa

        types = []
        for name in columns:
            try:
                types.append((name, pa.array([r.get(name) for r in batch]).type))
            except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
                raise OutputError(f"{path}: column {name!r} holds values of different types in rows "
                                  f"{rows - len(batch) + 1}-{rows} ({exc}); a Parquet column holds one type: write "
                                  f".jsonl or .csv instead") from None
        schemas.append(pa.schema(types))
        batch.clear()

    rows = 0
    for row in reader:
        if isinstance(row, BadLine):
            continue
        rows += 1
        for key in row:
            columns.setdefault(key, None)
        if types:
            batch.append(row)
            if len(batch) >= PARQUET_ROW_GROUP:
                infer()
    if not types:
        return list(columns), None
    if batch:
        infer()
    return list(columns), _unify(schemas, path)


def _unify(schemas: List[Any], path: str) -> Any:
    import pyarrow as pa

    try:
        return pa.unify_schemas(schemas, promote_options="permissive")
    except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
        raise OutputError(f"{path}: a column holds values of different types, which one Parquet column cannot "
                          f"hold ({exc}); write .jsonl or .csv instead") from None


# --- writing ---------------------------------------------------------------------------------------------------


class RowWriter:
    """Write rows (dicts) to a JSONL, CSV or TSV file, streaming. Use :func:`open_writer`; call :meth:`close`.

    ``columns`` fixes the columns of CSV and TSV output: a row with a key outside them is an :class:`OutputError`
    (a column is never dropped without a word). OS errors are :class:`FileSystemError`.
    """

    def __init__(self, path: str, fmt: str, columns: Sequence[str], stream: IO[str], append: bool) -> None:
        self.path = path
        self.fmt = fmt
        self.columns = list(columns)
        self.written = 0
        self._stream = stream
        self._known = set(self.columns)
        self._csv: Any = None
        if fmt in _DELIMITERS:
            # the default "\r\n" ends each record, and a field holding \r or \n is quoted
            self._csv = csv.writer(stream, delimiter=_DELIMITERS[fmt])
            if not append:
                self._guard("write", lambda: self._csv.writerow(self.columns))

    def write(self, row: Row) -> None:
        """Write one row."""
        if self.fmt == "jsonl":
            line = json.dumps(row, ensure_ascii=False, default=str) + "\n"
            if has_surrogate(line):  # text that is not valid Unicode: written as the JSON
                line = json.dumps(row, default=str) + "\n"  # escapes it was read from (\ud800), which read back
            self._guard("write", lambda: self._stream.write(line))
        else:
            extra = [k for k in row if k not in self._known]
            if extra:
                raise OutputError(f"row {self.written + 1} has {_names(extra)}, which is not among the columns of "
                                  f"{self.path} ({_names(self.columns)}); write .jsonl to keep every key")
            cells = [_csv_cell(row.get(c)) for c in self.columns]
            self._guard("write", lambda: self._csv.writerow(cells))
        self.written += 1

    def flush(self) -> None:
        self._guard("write", self._stream.flush)

    def close(self, complete: bool = True) -> None:
        """Flush and close the file (stdout is flushed, not closed); every record written is already complete."""
        try:
            self.flush()
        finally:
            if self.path != "-":
                try:
                    self._stream.close()
                except OSError:
                    pass  # the flush above already failed and said why

    def _guard(self, action: str, fn: Callable[[], Any]) -> None:
        try:
            fn()
        except OSError as exc:
            if self.path == "-" and isinstance(exc, BrokenPipeError):
                raise
            raise FileSystemError(action, "stdout" if self.path == "-" else self.path, exc) from None


def _csv_cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        value = json.dumps(value, ensure_ascii=False, default=str)
    if isinstance(value, str) and not value.isascii():
        return replaced(value)  # lone surrogates (not valid Unicode) as U+FFFD, as a CSV input's are read
    return value


class ParquetOutput:
    """A Parquet output that survives interruption: rows go first to an Arrow stream next to it (``OUT.partial``),
    a format with no footer, whose complete batches can be read back after a crash; :meth:`close` turns the stream
    into ``OUT`` (written to a temporary name, then renamed, so that ``OUT`` is never a torn file) and removes it.

    The Parquet file depends only on the rows and the schema (row groups of :data:`PARQUET_ROW_GROUP` rows), so an
    output completed by ``--resume`` is the same, byte for byte, as one written in a single run. ``earlier`` are
    batches already graded (read back by :mod:`mathgrade.resume`), copied first.
    """

    JOURNAL_ROWS = 1024
    """Rows buffered in memory before they are appended to the stream (lost, and graded again, on a SIGKILL)."""

    def __init__(self, path: str, schema: Any, earlier: Sequence[Any] = ()) -> None:
        import pyarrow as pa

        self.path = path
        self.journal = journal_path(path)
        self.schema = schema
        self.columns = list(schema.names)
        self.written = 0
        self._buffer: List[Row] = []
        self._pa = pa
        tmp = self.journal + ".tmp"
        try:
            self._sink = pa.OSFile(tmp, "wb")
            self._stream = pa.ipc.new_stream(self._sink, schema)
            for batch in earlier:
                self._stream.write_batch(batch)
            self._sink.flush()
            os.replace(tmp, self.journal)  # the earlier rows are safe in the new stream before the old one goes
        except OSError as exc:
            raise FileSystemError("write", tmp, exc) from None

    def write(self, row: Row) -> None:
        extra = [k for k in row if k not in self.schema.names]
        if extra:
            raise OutputError(f"row {self.written + 1} has {_names(extra)}, which is not among the columns of "
                              f"{self.path} ({_names(self.columns)}); write .jsonl to keep every key")
        self._buffer.append(row)
        self.written += 1
        if len(self._buffer) >= self.JOURNAL_ROWS:
            self.flush()

    def flush(self) -> None:
        if not self._buffer:
            return
        pa = self._pa
        rows, self._buffer = self._buffer, []
        try:
            batch = pa.RecordBatch.from_pydict({c: [r.get(c) for r in rows] for c in self.columns},
                                               schema=self.schema)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
            first = self.written - len(rows) + 1
            raise OutputError(f"rows {first}-{self.written} do not fit the columns of {self.path} ({exc}); "
                              f"write .jsonl instead") from None
        try:
            self._stream.write_batch(batch)
            self._sink.flush()
        except OSError as exc:
            raise FileSystemError("write", self.journal, exc) from None

    def close(self, complete: bool = True) -> None:
        """Write what is buffered; then, if the run is ``complete``, turn the stream into the Parquet file. An
        incomplete run (stopped, or a write failed) leaves its rows in the stream only, under the partial name, so
        that no finished-looking ``OUT`` stands beside it; ``--resume`` continues it. If the conversion fails (a
        full disk), the stream stays too and the error is raised."""
        try:
            self.flush()
        finally:
            try:
                self._stream.close()
                self._sink.close()
            except OSError:
                pass
        if complete:
            journal_to_parquet(self.journal, self.path)


def journal_path(path: str) -> str:
    """The Arrow stream that holds a Parquet output's rows until it is complete."""
    return path + ".partial"


def read_journal(journal: str) -> Tuple[Any, List[Any], bool]:
    """The schema and the complete batches of an Arrow stream, and whether it ended cleanly (False: torn). A stream
    cut before its schema was written whole has no schema (None) and no rows."""
    import pyarrow as pa

    batches: List[Any] = []
    try:
        reader = pa.ipc.open_stream(pa.OSFile(journal, "rb"))
    except OSError as exc:
        if exc.errno:
            raise FileSystemError("read", journal, exc) from None
        return None, [], False
    except pa.ArrowInvalid:
        return None, [], False
    schema = reader.schema
    while True:
        try:
            batches.append(reader.read_next_batch())
        except StopIteration:
            return schema, batches, True
        except (pa.ArrowInvalid, OSError):
            return schema, batches, False  # a torn last batch: the ones before it are whole


def journal_to_parquet(journal: str, path: str) -> None:
    """Write the rows of an Arrow stream to ``path`` as Parquet (temporary name, then rename) and remove the stream."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema, batches, _ = read_journal(journal)
    tmp = path + ".tmp"
    try:
        with pq.ParquetWriter(tmp, schema) as writer:
            table = pa.Table.from_batches(batches, schema=schema)
            if table.num_rows == 0:
                writer.write_table(table)
            for start in range(0, table.num_rows, PARQUET_ROW_GROUP):
                writer.write_table(table.slice(start, PARQUET_ROW_GROUP))
        os.replace(tmp, path)
        os.remove(journal)
    except OSError as exc:
        _remove_quietly(tmp)
        raise FileSystemError("write", path, exc) from None


def _remove_quietly(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


Writer = Union["RowWriter", "ParquetOutput"]


def open_writer(path: str, columns: Sequence[str], *, append: bool = False, fmt: Optional[str] = None,
                schema: Any = None, earlier: Sequence[Any] = ()) -> Writer:
    """A writer for ``path`` (``-`` is stdout), in the format ``fmt`` or that of its extension.

    ``columns`` fixes the columns of CSV and TSV output; ``append`` continues an existing JSONL, CSV or TSV file
    (no new header). A Parquet output needs its Arrow ``schema`` and starts with the ``earlier`` batches.
    """
    fmt = output_format(path, fmt)
    if path == "-" and not FORMATS[fmt].streams:
        raise OutputError(f"{FORMATS[fmt].title} cannot be written to stdout; give a file name")
    return FORMATS[fmt].write(path, fmt, columns, append, schema, earlier)


def _open_rows(path: str, fmt: str, columns: Sequence[str], append: bool, schema: Any,
               earlier: Sequence[Any]) -> Writer:
    if path == "-":
        return RowWriter(path, fmt, columns, sys.stdout, append)
    try:
        stream = open(path, "a" if append else "w", encoding="utf-8", newline="")
    except OSError as exc:
        raise FileSystemError("write", path, exc) from None
    return RowWriter(path, fmt, columns, stream, append)


def _open_parquet(path: str, fmt: str, columns: Sequence[str], append: bool, schema: Any,
                  earlier: Sequence[Any]) -> Writer:
    need_format(fmt, "writing")
    return ParquetOutput(path, schema, earlier)


# --- the complete part of a torn output (for --resume) -----------------------------------------------------------


@dataclass
class Tail:
    """Where the complete records of an output end: ``end`` (a byte offset), the file's ``size`` (more than ``end``
    when its last record is torn), how many complete ``rows`` it holds, and its ``columns`` (CSV, TSV: the header)."""

    end: int
    size: int
    rows: int
    columns: List[str]


def _jsonl_tail(path: str, fmt: str) -> Tail:
    """A JSONL record is a line: a last line without its newline is torn. Every complete line must be a JSON
    object (or blank)."""
    pos = rows = 0
    with open(path, "rb") as f:
        for lineno, raw in enumerate(bounded_lines(f, raise_too_long=True), 1):
            if not raw.endswith(b"\n"):
                return Tail(pos, pos + len(raw), rows, [])
            if raw.strip():
                row = parse_json_line(raw, f"line {lineno}")
                if isinstance(row, BadLine):
                    raise OutputError(f"cannot resume: {row.message(path)}; only a torn last line can be repaired")
                rows += 1
            pos += len(raw)
    return Tail(pos, pos, rows, [])


def _csv_tail(path: str, fmt: str) -> Tail:
    """A CSV or TSV record may span lines (fields hold newlines), so the file is parsed: the complete part ends
    after the last record whose last line ends with a newline and that has as many fields as the header."""
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        records = csv_records(f, _DELIMITERS[fmt], strict=True)
        header = next(records, None)
        if header is None or not header.complete:
            return Tail(0, size, 0, [])  # not even the header was written whole
        if header.problem:
            raise OutputError(f"cannot resume: {path} line 1 is not a header ({header.problem})")
        end, rows = header.end, 0
        for rec in records:
            if rec.complete and not rec.problem and len(rec.fields) == len(header.fields):
                end, rows = rec.end, rows + 1
                continue
            if rec.end >= size:  # the last record, cut short
                return Tail(end, size, rows, header.fields)
            what = rec.problem or f"{len(rec.fields)} fields, but the header has {len(header.fields)}"
            raise OutputError(f"cannot resume: {path} line {rec.line}: {what}; only a torn last record can be "
                              f"repaired")
    return Tail(end, size, rows, header.fields)


# --- the table ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Format:
    """One file format (a row of :data:`FORMATS`)."""

    name: str
    """What ``--format`` and ``--output-format`` call it."""
    title: str
    extensions: Tuple[str, ...]
    """The extensions that name it (the first is the usual one)."""
    read: Callable[[RowReader], Source]
    """Its rows, from a :class:`RowReader` (which checks the fields and counts bad rows)."""
    write: Callable[[str, str, Sequence[str], bool, Any, Sequence[Any]], Writer]
    """A writer: ``(path, format, columns, append, Arrow schema, earlier Arrow batches)``."""
    tail: Optional[Callable[[str, str], Tail]]
    """Where the complete part of a torn output ends (None: Parquet, whose rows wait in an Arrow stream)."""
    resume: str
    """How ``--resume`` finds the complete part of an interrupted output, for the documentation."""
    streams: bool
    """Whether it can be read from stdin and written to stdout (``-``)."""
    extra: Optional[str]
    """The optional extra it needs (``pip install '.[parquet]'``), if any."""
    ray: bool
    """Whether ``grade --ray`` reads and writes it (Ray Data)."""


FORMATS: Dict[str, Format] = {f.name: f for f in (
    Format("jsonl", "JSON Lines", (".jsonl", ".ndjson", ".json"), _read_jsonl, _open_rows, _jsonl_tail,
           "a record is a line: a last line without its newline is cut off", True, None, True),
    Format("csv", "CSV", (".csv",), _read_csv, _open_rows, _csv_tail,
           "parsed: cut after the last record that ends with a newline and has every field", True, None, True),
    Format("tsv", "TSV", (".tsv", ".tab"), _read_csv, _open_rows, _csv_tail,
           "as CSV", True, None, False),
    Format("parquet", "Parquet", (".parquet", ".pq"), _read_parquet, _open_parquet, None,
           "rows wait in an Arrow stream, OUT.partial, until the run is complete; its whole batches are kept",
           False, "parquet", True),
)}
"""Every file format, by name. A ``.json`` file holding one JSON array is read as JSON Lines (up to
:data:`MAX_LINE_BYTES`)."""
assert tuple(FORMATS) == FORMAT_NAMES


def formats_markdown() -> str:
    """The table of formats in docs/cli.md, made from :data:`FORMATS` (a test checks that the docs match)."""
    lines = ["| format | extensions | stdin/stdout | `--ray` | needs | `--resume` keeps |", "|---|---|---|---|---|---|"]
    for f in FORMATS.values():
        needs = f"`pip install '.[{f.extra}]'`" if f.extra else "-"
        lines.append(f"| `{f.name}` ({f.title}) | {', '.join(f'`{e}`' for e in f.extensions)} | "
                     f"{'yes' if f.streams else 'no'} | {'yes' if f.ray else 'no'} | {needs} | {f.resume} |")
    return "\n".join(lines) + "\n"
