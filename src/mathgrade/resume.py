"""``--resume``: what an earlier output holds, repaired where a write was cut short, and what it was made from.

An output can be cut short anywhere: a SIGKILL, a full disk, a power cut. :func:`open_earlier` reads it back and
keeps its complete records only, found as the format's row of :data:`mathgrade.files.FORMATS` says (``tail``):

- JSONL: a record is a line; a last line without its newline is torn and cut off.
- CSV and TSV: a record may span lines (fields hold newlines), so the file is parsed and cut after the last record
  that is complete: its last line ends with a newline and it has as many fields as the header.
- Parquet: the rows wait in an Arrow stream (``OUT.partial``, see :class:`mathgrade.files.ParquetOutput`) whose
  complete batches are kept; without one, ``OUT`` itself must be a whole Parquet file (its footer is read).

Anything else that is wrong (a malformed record before the last one, a Parquet file without its footer, other
columns than this run writes) cannot be repaired: :class:`~mathgrade.files.OutputError` says what and where.

:class:`RunRecord`, a small JSON file next to the output (``OUT.run.json``), records what the output is made from:
the input file (path, size, a hash of its first MiB), the fields and the options. Resuming with anything different
is refused with a message naming the difference. The record is removed once the output holds every input row.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, Iterator, List, Optional

from .errors import FileSystemError, OutputError
from .files import FORMATS, BadLine, csv_records, journal_path, output_format, parse_json_line, read_journal

__all__ = ["Earlier", "open_earlier", "complete_rows", "RunRecord", "record_path", "input_fingerprint"]

Row = Dict[str, Any]
_HEAD_BYTES = 1 << 20
"""Bytes of the input hashed to recognize it."""


@dataclass
class Earlier:
    """The complete rows of an earlier output. ``rows()`` reads them (once per call); ``columns`` are those of its
    header or schema (for JSONL, of its first row); ``repair`` says what was cut off, if anything; ``batches`` are
    a Parquet output's rows as Arrow batches (to copy into the continued output)."""

    path: str
    fmt: str
    columns: List[str] = field(default_factory=list)
    repair: str = ""
    batches: List[Any] = field(default_factory=list)
    schema: Any = None
    exists: bool = False

    def rows(self) -> Iterator[Row]:
        if not self.exists:
            return
        if self.fmt == "parquet":
            for batch in self.batches:
                yield from batch.to_pylist()
        elif self.fmt == "jsonl":
            yield from _jsonl_rows(self.path)
        else:
            yield from _csv_rows(self.path, self.fmt, self.columns)


def open_earlier(path: str, fmt: Optional[str] = None, *, repair: bool = True) -> Earlier:
    """The earlier output at ``path``, its torn tail cut off (see the module docstring); with ``repair=False`` a
    torn tail is an :class:`~mathgrade.errors.OutputError` instead. A missing or empty file is an :class:`Earlier`
    with no rows."""
    fmt = output_format(path, fmt)
    found = Earlier(path, fmt)
    tail_of = FORMATS[fmt].tail
    if tail_of is None:
        return _parquet(found)
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return found
    found.exists = True
    try:
        tail = tail_of(path, fmt)
        found.columns = tail.columns
        if tail.end < tail.size and not repair:
            raise OutputError(f"cannot resume: the last record of {path} is torn, and there is no record of the run "
                              f"that made it ({record_path(path)}) to check it against this input; run again "
                              f"without --resume")
        if tail.end < tail.size:
            with open(path, "rb+") as f:
                f.truncate(tail.end)
            found.repair = f"cut off a torn last record ({tail.size - tail.end} bytes) that an interrupted write left"
    except OSError as exc:
        raise FileSystemError("repair", path, exc) from None
    if fmt == "jsonl":
        first = next(_jsonl_rows(path), None)
        found.columns = list(first) if first else []
    return found


def complete_rows(path: str, fmt: Optional[str] = None) -> Optional[int]:
    """How many complete records the output at ``path`` holds (what ``--resume`` keeps), without repairing it: after
    a failed write, the rows that reached the file. None if it is not a regular file (a pipe, ``/dev/full``),
    cannot be read, or (CSV, TSV) holds a malformed record before its last."""
    fmt = output_format(path, fmt)
    try:
        if os.path.exists(path) and not os.path.isfile(path):
            return None
        tail_of = FORMATS[fmt].tail
        if tail_of is None:
            found = _parquet(Earlier(path, fmt))
            return sum(batch.num_rows for batch in found.batches)
        if not os.path.exists(path):
            return 0
        if fmt == "jsonl":  # (no line is parsed: a line this run wrote whole is a row)
            with open(path, "rb") as f:
                return sum(1 for raw in f if raw.endswith(b"\n") and not raw.isspace())
        return tail_of(path, fmt).rows
    except (OSError, OutputError, FileSystemError):
        return None


def _parquet(found: Earlier) -> Earlier:
    journal = journal_path(found.path)
    if os.path.exists(journal):
        found.schema, found.batches, clean = read_journal(journal)
        if found.schema is not None:
            found.exists = True
            if not clean:
                found.repair = f"kept the complete batches of {journal}, the stream of a run that was stopped"
            found.columns = list(found.schema.names)
            return found
        found.repair = f"{journal}, the stream of a run stopped before its first row, held nothing to keep"
    if os.path.exists(found.path) and os.path.getsize(found.path) > 0:
        import pyarrow.parquet as pq

        try:
            table = pq.read_table(found.path)
        except OSError as exc:
            if exc.errno:
                raise FileSystemError("read", found.path, exc) from None
            raise _torn_parquet(found.path, exc) from None
        except Exception as exc:  # noqa: BLE001 - pyarrow raises ArrowInvalid for a file without its footer
            raise _torn_parquet(found.path, exc) from None
        found.schema, found.batches, found.exists = table.schema, table.to_batches(), True
        found.columns = list(found.schema.names)
    return found


def _torn_parquet(path: str, exc: BaseException) -> OutputError:
    return OutputError(f"cannot resume: {path} is not a whole Parquet file ({exc}); a Parquet file keeps its index "
                       f"in a footer written last, so a torn one cannot be repaired. mathgrade itself never leaves "
                       f"one (it writes OUT.partial first); run again without --resume")


def _jsonl_rows(path: str) -> Iterator[Row]:
    with open(path, "rb") as f:
        for lineno, raw in enumerate(f, 1):
            if raw.strip():
                row = parse_json_line(raw, f"line {lineno}")
                if isinstance(row, BadLine):
                    raise OutputError(f"cannot resume: {row.message(path)}")
                yield row


def _csv_rows(path: str, fmt: str, columns: List[str]) -> Iterator[Row]:
    with open(path, "rb") as f:
        records = csv_records(f, "," if fmt == "csv" else "\t", strict=True)
        next(records, None)
        for rec in records:
            yield dict(zip(columns, rec.fields))


# --- what an output was made from -------------------------------------------------------------------------------


def record_path(output: str) -> str:
    """The run record kept next to an output while it is incomplete."""
    return output + ".run.json"


def input_fingerprint(path: str) -> Dict[str, Any]:
    """The input's absolute path, size and the SHA-256 of its first MiB."""
    try:
        with open(path, "rb") as f:
            head = f.read(_HEAD_BYTES)
        size = os.path.getsize(path)
    except OSError as exc:
        raise FileSystemError("read", path, exc) from None
    return {"path": os.path.abspath(path), "size": size, "head_sha256": hashlib.sha256(head).hexdigest()}


@dataclass
class RunRecord:
    """What an output is made from: the command, the input file, the fields read and the options.

    ``differences`` lists, for a person, how another run differs; a file with the same size and first MiB is the
    same input even if it was moved."""

    command: str
    input: Dict[str, Any]
    fields: Dict[str, Any]
    options: Dict[str, Any]
    columns: List[str]
    mathgrade_version: str

    def save(self, output: str) -> None:
        path = record_path(output)
        tmp = path + ".tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(asdict(self), f, indent=1)
                f.write("\n")
            os.replace(tmp, path)
        except OSError as exc:
            raise FileSystemError("write", path, exc) from None

    @staticmethod
    def load(output: str) -> Optional["RunRecord"]:
        path = record_path(output)
        if not os.path.exists(path):
            return None
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            return RunRecord(**{k: data[k] for k in RunRecord.__dataclass_fields__})
        except OSError as exc:
            raise FileSystemError("read", path, exc) from None
        except (ValueError, KeyError, TypeError) as exc:
            raise OutputError(f"cannot resume: {path} is not a run record of mathgrade ({exc}); remove it and "
                              f"run again without --resume") from None

    @staticmethod
    def remove(output: str) -> None:
        try:
            os.remove(record_path(output))
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise FileSystemError("remove", record_path(output), exc) from None

    def differences(self, now: "RunRecord") -> List[str]:
        """What differs between the run that made the output (self) and this one (``now``)."""
        out = []
        if self.command != now.command:
            out.append(f"it was made by `mathgrade {self.command}`, not `mathgrade {now.command}`")
        a, b = self.input, now.input
        if (a["size"], a["head_sha256"]) != (b["size"], b["head_sha256"]):
            if a["path"] == b["path"]:
                out.append(f"its input {a['path']} has changed since ({a['size']} bytes then, {b['size']} now"
                           + (", and its first rows differ)" if a["head_sha256"] != b["head_sha256"] else ")"))
            else:
                out.append(f"it was made from {a['path']} ({a['size']} bytes), not {b['path']} ({b['size']} bytes)")
        for title, then, current in (("field", self.fields, now.fields), ("option", self.options, now.options)):
            for key in sorted(set(then) | set(current)):
                if then.get(key) != current.get(key):
                    out.append(f"it was made with {title} {key} = {then.get(key)!r}, not {current.get(key)!r}")
        if self.columns and now.columns and self.columns != now.columns:
            out.append(f"its columns are {', '.join(self.columns)}; this run writes {', '.join(now.columns)}")
        return out
