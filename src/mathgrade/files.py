"""Reading and writing row files for batch grading: JSONL, CSV, and Parquet (with pyarrow).

Rows are dicts. Readers stream (one row in memory at a time, or one Parquet batch), report problems with the line
number, and can skip bad rows and count them. Writers stream too, in the format named by the file's extension.
Every problem with a file is an :class:`InputError` (or :class:`OutputError`) whose message is meant for a person.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from dataclasses import dataclass, field
from typing import IO, Any, Dict, Iterator, List, Optional, Sequence, Tuple

__all__ = [
    "InputError",
    "OutputError",
    "FORMATS",
    "detect_format",
    "RowReader",
    "RowWriter",
    "open_writer",
    "count_rows",
    "scan_existing",
    "Existing",
]

FORMATS = ("jsonl", "csv", "parquet")
_EXTENSIONS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl", ".csv": "csv", ".parquet": "parquet",
               ".pq": "parquet"}
_CSV_FIELD_LIMIT = 2**31 - 1
_PARQUET_BATCH = 8192

Row = Dict[str, Any]


class InputError(Exception):
    """A problem with an input file (missing, empty, malformed row, missing column).

    ``kind`` says which: ``"file"``, ``"column"`` (a required column is missing) or ``"row"`` (a bad row).
    """

    def __init__(self, message: str, kind: str = "file") -> None:
        super().__init__(message)
        self.kind = kind


class OutputError(Exception):
    """A problem with an output file (unknown format, cannot write, cannot resume)."""


def detect_format(path: str, forced: Optional[str] = None) -> str:
    """The format of ``path`` from its extension (``-`` is JSONL on stdin/stdout), or ``forced`` if given."""
    if forced:
        if forced not in FORMATS:
            raise InputError(f"unknown format {forced!r}; use one of {', '.join(FORMATS)}")
        return forced
    if path == "-":
        return "jsonl"
    ext = os.path.splitext(path)[1].lower()
    if ext not in _EXTENSIONS:
        raise InputError(f"cannot tell the format of {path!r} from its extension; use .jsonl, .csv or .parquet "
                         f"(or --format)")
    return _EXTENSIONS[ext]


# --- reading ---------------------------------------------------------------------------------------------------


class RowReader:
    """Stream the rows of a JSONL, CSV or Parquet file as dicts.

    ``required`` names columns every row must have: a file whose first row lacks one is an :class:`InputError`
    naming the columns that exist; a later row that lacks one is a bad row. Bad rows (malformed JSON, not an
    object, wrong number of CSV fields, a missing column) raise :class:`InputError` with their line number, or are
    skipped and counted in ``bad_rows`` when ``skip_bad_rows`` is set. ``columns`` lists the columns of the file
    (for JSONL, the keys of the first row) once the first row has been read.
    """

    def __init__(self, path: str, *, fmt: Optional[str] = None, required: Sequence[str] = (),
                 skip_bad_rows: bool = False, stdin: Optional[IO[bytes]] = None) -> None:
        self.path = path
        self.fmt = detect_format(path, fmt)
        self.required = tuple(required)
        self.skip_bad_rows = skip_bad_rows
        self.bad_rows = 0
        self.first_bad: Optional[str] = None
        self.columns: List[str] = []
        self._stdin = stdin
        if path != "-":
            _check_readable(path)

    def __iter__(self) -> Iterator[Row]:
        source = {"jsonl": self._jsonl, "csv": self._csv, "parquet": self._parquet}[self.fmt]()
        first = True
        for where, row in source:
            if first:
                self._check_first(row)
                first = False
            missing = [c for c in self.required if c not in row]
            if missing:
                self._bad(where, f"no {_names(missing)} field (this row has: {_names(list(row)) or 'nothing'})")
                continue
            yield row
        if first:
            what = "no rows" if self.bad_rows == 0 else f"no good rows ({self.bad_rows} bad rows skipped)"
            raise InputError(f"{self._label()} is empty: {what}")

    def _check_first(self, row: Row) -> None:
        if not self.columns:
            self.columns = list(row)
        missing = [c for c in self.required if c not in self.columns]
        if missing:
            raise InputError(f"{self._label()} has no column {_names(missing)}; its columns are: "
                             f"{_names(self.columns)}", kind="column")

    def _bad(self, where: str, message: str) -> None:
        text = f"{self._label()} {where}: {message}"
        if not self.skip_bad_rows:
            raise InputError(text, kind="row")
        self.bad_rows += 1
        if self.first_bad is None:
            self.first_bad = text

    def _label(self) -> str:
        return "stdin" if self.path == "-" else self.path

    def _open_binary(self) -> IO[bytes]:
        if self.path == "-":
            return self._stdin or sys.stdin.buffer
        try:
            return open(self.path, "rb")
        except OSError as exc:
            raise InputError(f"cannot read {self.path}: {exc.strerror or exc}") from None

    def _jsonl(self) -> Iterator[Tuple[str, Row]]:
        f = self._open_binary()
        try:
            head = f.peek(64)[:64] if hasattr(f, "peek") else b""
            if self.path.lower().endswith(".json") and head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"["):
                yield from self._json_array(f)
                return
            for lineno, raw in enumerate(f, 1):
                row = self._json_line(lineno, raw)
                if row is not None:
                    yield f"line {lineno}", row
        finally:
            if f is not self._stdin and self.path != "-":
                f.close()

    def _json_line(self, lineno: int, raw: bytes) -> Optional[Row]:
        if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        if not raw.strip():
            return None
        try:
            obj = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            self._bad(f"line {lineno}", f"not valid UTF-8 ({exc.reason} at byte {exc.start})")
            return None
        except json.JSONDecodeError as exc:
            self._bad(f"line {lineno}", f"malformed JSON ({exc.msg} at column {exc.colno})")
            return None
        if not isinstance(obj, dict):
            self._bad(f"line {lineno}", f"a JSON {type(obj).__name__}, not an object")
            return None
        return obj

    def _json_array(self, f: IO[bytes]) -> Iterator[Tuple[str, Row]]:
        try:
            data = json.loads(f.read().decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise InputError(f"{self._label()}: malformed JSON ({exc})") from None
        for i, obj in enumerate(data, 1):
            if not isinstance(obj, dict):
                self._bad(f"item {i}", f"a JSON {type(obj).__name__}, not an object")
                continue
            yield f"item {i}", obj

    def _csv(self) -> Iterator[Tuple[str, Row]]:
        if csv.field_size_limit() < _CSV_FIELD_LIMIT:
            csv.field_size_limit(_CSV_FIELD_LIMIT)  # model outputs are longer than the default 128 KB
        raw = self._open_binary()
        text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
        try:
            reader = csv.reader(text)
            try:
                header = next(reader, None)
            except (csv.Error, UnicodeDecodeError) as exc:
                raise InputError(f"{self._label()} line 1: unreadable CSV header ({exc})") from None
            if not header:
                raise InputError(f"{self._label()} is empty: no header line")
            self.columns = header
            while True:
                try:
                    fields = next(reader)
                except StopIteration:
                    return
                except (csv.Error, UnicodeDecodeError) as exc:
                    self._bad(f"line {reader.line_num}", f"unreadable CSV ({exc})")
                    continue
                if not fields:
                    continue
                if len(fields) != len(header):
                    self._bad(f"line {reader.line_num}", f"{len(fields)} fields, but the header has {len(header)}")
                    continue
                yield f"line {reader.line_num}", dict(zip(header, fields))
        finally:
            if self.path != "-":
                text.close()
            else:
                text.detach()

    def _parquet(self) -> Iterator[Tuple[str, Row]]:
        pq = _pyarrow_parquet("reading")
        if self.path == "-":
            raise InputError("Parquet cannot be read from stdin; give a file name")
        try:
            pf = pq.ParquetFile(self.path)
        except Exception as exc:  # noqa: BLE001 - pyarrow raises several kinds
            raise InputError(f"{self.path} is not a readable Parquet file ({exc})") from None
        self.columns = list(pf.schema_arrow.names)
        n = 0
        for batch in pf.iter_batches(batch_size=_PARQUET_BATCH):
            for row in batch.to_pylist():
                n += 1
                yield f"row {n}", row


def _check_readable(path: str) -> None:
    if not os.path.exists(path):
        raise InputError(f"no such file: {path}")
    if os.path.isdir(path):
        raise InputError(f"{path} is a directory, not a file")
    if os.path.getsize(path) == 0:
        raise InputError(f"{path} is empty")


def _names(cols: Sequence[str]) -> str:
    return ", ".join(repr(c) for c in cols)


def _pyarrow_parquet(what: str) -> Any:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError(f"{what} Parquet needs pyarrow: pip install 'mathgrade[parquet]'") from None
    return pq


def count_rows(path: str, fmt: str) -> Optional[int]:
    """A quick count of the rows of a file (for a progress bar), or None when it cannot be known cheaply.

    JSONL counts non-blank lines; CSV counts lines minus the header (an upper bound when fields hold newlines);
    Parquet reads the count from the file's metadata.
    """
    if path == "-":
        return None
    try:
        if fmt == "parquet":
            return int(_pyarrow_parquet("reading").ParquetFile(path).metadata.num_rows)
        n = 0
        with open(path, "rb") as f:
            for line in f:
                if line.strip():
                    n += 1
        return max(0, n - 1) if fmt == "csv" else n
    except Exception:  # noqa: BLE001 - only a progress hint
        return None


# --- writing ---------------------------------------------------------------------------------------------------


class RowWriter:
    """Write rows (dicts) to a file, streaming. Use :func:`open_writer`; call :meth:`close` (or use ``with``)."""

    def __init__(self, path: str, fmt: str, columns: Sequence[str], stream: IO[str], append: bool) -> None:
        self.path = path
        self.fmt = fmt
        self.columns = list(columns)
        self.written = 0
        self._stream = stream
        self._csv: Any = None
        self._parquet: Any = None
        self._buffer: List[Row] = []
        if fmt == "csv":
            self._csv = csv.writer(stream)
            if not append:
                self._csv.writerow(self.columns)

    def write(self, row: Row) -> None:
        """Write one row (columns not in ``columns`` are dropped in CSV and Parquet; JSONL keeps every key)."""
        if self.fmt == "jsonl":
            self._stream.write(json.dumps(row, ensure_ascii=False, default=str))
            self._stream.write("\n")
        elif self.fmt == "csv":
            self._csv.writerow([_csv_cell(row.get(c)) for c in self.columns])
        else:
            self._buffer.append({c: row.get(c) for c in self.columns})
            if len(self._buffer) >= _PARQUET_BATCH:
                self._flush_parquet()
        self.written += 1

    def flush(self) -> None:
        if self.fmt != "parquet":
            self._stream.flush()

    def close(self) -> None:
        """Write what is buffered and close the file (stdout is flushed, not closed)."""
        try:
            if self.fmt == "parquet":
                self._flush_parquet()
                if self._parquet is not None:
                    self._parquet.close()
                elif self.written == 0:
                    self._empty_parquet()
            else:
                self._stream.flush()
        finally:
            if self.path != "-" and self._stream is not None:
                self._stream.close()

    def __enter__(self) -> "RowWriter":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _flush_parquet(self) -> None:
        if not self._buffer:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        rows, self._buffer = self._buffer, []
        try:
            if self._parquet is None:
                table = pa.Table.from_pylist(rows)
                self._parquet = pq.ParquetWriter(self.path, table.schema)
            else:
                table = pa.Table.from_pylist(rows, schema=self._parquet.schema_arrow)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
            raise OutputError(f"cannot write these rows to Parquet ({exc}); write .jsonl instead") from None
        self._parquet.write_table(table)

    def _empty_parquet(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        pq.write_table(pa.table({c: pa.array([], type=pa.string()) for c in self.columns}), self.path)


def _csv_cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, default=str)
    return value


def open_writer(path: str, columns: Sequence[str], *, append: bool = False, fmt: Optional[str] = None) -> RowWriter:
    """A :class:`RowWriter` for ``path`` (``-`` is JSONL on stdout), in the format of its extension.

    ``columns`` fixes the columns of CSV and Parquet output. ``append`` continues an existing JSONL or CSV file
    (no new CSV header).
    """
    try:
        fmt = detect_format(path, fmt)
    except InputError as exc:
        raise OutputError(str(exc)) from None
    if fmt == "parquet":
        try:
            _pyarrow_parquet("writing")
        except InputError as exc:
            raise OutputError(str(exc)) from None
        if append:
            raise OutputError("a Parquet output cannot be resumed; write .jsonl or .csv to use --resume")
        return RowWriter(path, fmt, columns, None, append=False)  # type: ignore[arg-type]
    if path == "-":
        return RowWriter(path, fmt, columns, sys.stdout, append)
    try:
        stream = open(path, "a" if append else "w", encoding="utf-8", newline="")
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
    return RowWriter(path, fmt, columns, stream, append)


@dataclass
class Existing:
    """What an earlier, interrupted output file holds (see :func:`scan_existing`)."""

    rows: int = 0
    columns: List[str] = field(default_factory=list)
    statuses: Dict[str, int] = field(default_factory=dict)
    last_id: Any = None


def scan_existing(path: str, *, id_field: Optional[str] = None, fmt: Optional[str] = None) -> Existing:
    """For ``--resume``: count the rows already in an output file, after cutting off a partial last line.

    Streams the file; keeps only the count, the columns, the count of each ``status`` and the last row's
    ``id_field``. A missing or empty file is an empty :class:`Existing`.
    """
    fmt = detect_format(path, fmt)
    if fmt == "parquet":
        raise OutputError("a Parquet output cannot be resumed; write .jsonl or .csv to use --resume")
    found = Existing()
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return found
    _truncate_partial_line(path)
    for row in _existing_rows(path, fmt):
        if not found.columns:
            found.columns = list(row)
        found.rows += 1
        status = str(row.get("status", ""))
        found.statuses[status] = found.statuses.get(status, 0) + 1
        if id_field is not None:
            found.last_id = row.get(id_field)
    return found


def _existing_rows(path: str, fmt: str) -> Iterator[Row]:
    if fmt == "jsonl":
        with open(path, "rb") as f:
            for lineno, raw in enumerate(f, 1):
                if raw.strip():
                    try:
                        yield json.loads(raw)
                    except json.JSONDecodeError:
                        raise OutputError(f"cannot resume: {path} line {lineno} is not JSON") from None
        return
    if csv.field_size_limit() < _CSV_FIELD_LIMIT:
        csv.field_size_limit(_CSV_FIELD_LIMIT)
    with open(path, encoding="utf-8-sig", newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None) or []
        if not header:
            return
        for fields in reader:
            if fields:
                yield dict(zip(header, fields))


def _truncate_partial_line(path: str) -> None:
    """Cut a last line that was not finished (an interrupted write) so that appending starts on a fresh line."""
    with open(path, "rb+") as f:
        f.seek(0, os.SEEK_END)
        size = f.tell()
        if size == 0:
            return
        f.seek(size - 1)
        if f.read(1) == b"\n":
            return
        block = 1 << 16
        pos = size
        while pos > 0:
            start = max(0, pos - block)
            f.seek(start)
            chunk = f.read(pos - start)
            nl = chunk.rfind(b"\n")
            if nl >= 0:
                f.truncate(start + nl + 1)
                return
            pos = start
        f.truncate(0)
