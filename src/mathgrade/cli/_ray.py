"""``mathgrade grade INPUT --ray CLUSTER``: the ``grade`` command on a Ray cluster (see :mod:`mathgrade.ray`).

``CLUSTER`` is ``auto`` (join the running cluster: ``RAY_ADDRESS``, or the one ``ray start`` started here),
``local`` (start a cluster on this machine for this run) or a cluster's address (``HOST:PORT``, ``ray://HOST:PORT``).
INPUT is any path Ray can read (a file, a directory, a ``*`` pattern in its last part; local or ``s3://``, ``gs://``
...) of JSONL, CSV or Parquet files. ``-o OUTPUT`` is a directory that gets the graded rows as shards: Parquet, or
JSONL or CSV when OUTPUT's name ends so (``graded.jsonl/``); its files, sorted by name, hold the rows in input order.
The summary (rows, accuracy, counts per status, time) is counted from what was written.

Differences from a local run: a line that is not valid JSON (or CSV) stops the run, even with ``--skip-bad-rows``
(Ray reads files whole); ``--resume`` and ``--group-by`` are not available; ``--workers`` is the number of actors
(default: as many as the cluster's CPUs allow). As in a local run, with ``--skip-bad-rows`` a row without the
output or gold column, or whose output is not text, is written with status ``bad_row`` and the reason.
"""

from __future__ import annotations

import fnmatch
import logging
import os
import re
import socket
import time
from collections import Counter
from contextlib import contextmanager
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from .. import __version__
from ..errors import ClusterError, ColumnError, InputError, MissingExtra, OutputError, UsageError
from ..files import FORMATS, detect_format
from ._options import options_of
from ._summary import Tally, grade_lines, print_summary, write_json

__all__ = ["run"]

SAMPLE_ROWS = 256
"""Rows graded in this process, before the run, to size the batches from their cost (:func:`batch_size_for`)."""
CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a cluster's address to answer before ``ray.init`` (which would retry for minutes)."""

IO_CPUS = 0
"""CPUs reserved by each read and write task: none. Reading and writing are light next to grading, and a task that
needs a CPU would wait forever when the actors hold every CPU (``--workers`` as many as the cluster has)."""

_EXTENSIONS = {f.name: [e[1:] for e in f.extensions] for f in FORMATS.values() if f.ray}
"""File extensions read from an input directory, per format that Ray Data reads (:data:`mathgrade.files.FORMATS`)."""


def run(args: Any) -> int:
    """Run ``mathgrade grade`` with ``--ray``; return the exit code (the summary is printed like a local run's)."""
    _check_args(args)
    try:
        import ray
    except ImportError:
        raise MissingExtra("--ray", "Ray", "ray") from None
    out_fmt = _output_format(args.output, args.output_format) if args.output else None
    with _cluster(ray, args.ray) as cluster:
        started = time.perf_counter()
        _configure(ray, bool(args.progress))
        graded, batch_size = _graded(ray, args)
        try:
            if args.output:
                _write(ray, graded, args.output, out_fmt or "parquet")
                seconds = time.perf_counter() - started
                statuses = _count(_read(ray, args.output, out_fmt or "parquet", columns=["status"]))
            else:
                statuses = _count(graded)
                seconds = time.perf_counter() - started
        except Exception as exc:  # noqa: BLE001 - Ray wraps what failed in its actors and read tasks
            raise _input_error(exc, args.input) or exc
    tally = Tally("status", [])
    tally.counts = statuses
    rows = tally.rows
    if args.summary_json:
        write_json(args.summary_json, {
            "schema_version": 1, "command": "grade", "mathgrade_version": __version__, "input": args.input,
            "output": args.output, **Tally.counts_json(statuses, "grade"), "seconds": round(seconds, 3),
            "complete": True,
            "options": options_of(vars(args)),
            "fields": {"output_field": args.output_field, "gold_field": args.gold_field},
            "ray": {"cluster": cluster, "batch_size": batch_size}})
    lines = [f"rows:     {rows}", *grade_lines(tally),
             f"time:     {seconds:.2f} s ({rows / seconds if seconds > 0 else 0:.0f} rows/s)",
             f"ray:      {cluster} ({batch_size} rows per batch)"]
    if args.output:
        lines.append(f"output:   {args.output} ({rows} rows, {out_fmt or 'parquet'} shards)")
    print_summary("\n".join(lines), "-" if args.summary_json == "-" else args.output)
    return 0


def _check_args(args: Any) -> None:
    if args.group_by:
        raise UsageError("--group-by is not available with --ray (count the output's shards by that column)")
    if args.resume:
        raise UsageError("--resume is not available with --ray (the output is a directory of shards written at once)")
    if args.input == "-" or args.output == "-":
        raise UsageError("--ray reads and writes files or directories, not - (stdin or stdout)")
    if args.output and os.path.abspath(args.output) == os.path.abspath(args.input):
        raise UsageError(f"the output {args.output} is the input; write to another directory")


# --- the cluster ------------------------------------------------------------------------------------------------


@contextmanager
def _cluster(ray: Any, where: str) -> Iterator[str]:
    """Connect to (``auto``, an address) or start (``local``) a Ray cluster for the run; yield a description of it.
    A program that already called ``ray.init`` keeps its connection."""
    if ray.is_initialized():
        yield f"the cluster this program is connected to ({_cpus(ray)} CPUs)"
        return
    options: Dict[str, Any] = {"logging_level": logging.WARNING}
    if where == "local":
        options.update(address="local", include_dashboard=False)
    elif where != "auto":
        _check_reachable(where)
        options.update(address=where)
    try:
        ray.init(**options)
    except ConnectionError as exc:
        hint = ("start one with `ray start --head`, set RAY_ADDRESS, or use --ray local" if where == "auto" else
                "if the cluster uses token authentication (Ray's default), set RAY_AUTH_MODE=token")
        raise ClusterError(f"--ray {where}: cannot join a Ray cluster ({exc}); {hint}") from None
    except (ValueError, RuntimeError) as exc:
        raise ClusterError(f"--ray {where}: cannot connect ({exc})") from None
    try:
        what = "a local cluster started for this run" if where == "local" else (
            f"cluster at {ray.get_runtime_context().gcs_address}")
        yield f"{what} ({_cpus(ray)} CPUs)"
    finally:
        ray.shutdown()


def _check_reachable(address: str) -> None:
    """Fail fast on an address that does not answer (``ray.init`` would retry for minutes)."""
    m = re.fullmatch(r"(?:ray://)?\[?([^\]]+?)\]?:(\d+)", address)
    if not m:
        raise UsageError(f"--ray {address}: expected auto, local, HOST:PORT or ray://HOST:PORT")
    try:
        socket.create_connection((m.group(1), int(m.group(2))), timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        raise ClusterError(f"--ray {address}: cannot reach a Ray cluster there ({exc.strerror or exc})") from None


def _cpus(ray: Any) -> int:
    return int(ray.cluster_resources().get("CPU", 0))


def _configure(ray: Any, progress: bool) -> None:
    """Ray Data's progress bars and notices only with --progress (the summary says it all, and a failure is reported
    by mathgrade in one line, not by Ray's traceback). Files are read by Ray Data's first generation of readers:
    those of 2.60 (``use_datasource_v2``) list files in a task that takes a CPU whatever ``num_cpus`` says, which
    never runs when the actors hold every CPU, and keep an actor pool from growing past one actor."""
    context = ray.data.DataContext.get_current()
    context.enable_progress_bars = progress
    if hasattr(context, "use_datasource_v2"):
        context.use_datasource_v2 = False
    logging.getLogger("ray.data").setLevel(logging.INFO if progress else logging.CRITICAL)


# --- input ------------------------------------------------------------------------------------------------------


def _graded(ray: Any, args: Any) -> Tuple[Any, int]:
    """The input as a Dataset with the verdict columns (lazy), and the batch size chosen for it."""
    from ..ray import batch_size_for, grade_dataset

    paths, fmt = _input(args.input, args.input_format)
    try:
        text = [c for c in (args.output_field, args.gold_field, args.problem_field) if c]
        ds = _read(ray, paths, fmt, text_columns=text)
        schema = ds.schema()
    except Exception as exc:  # noqa: BLE001 - pyarrow and Ray raise several kinds for an unreadable file
        raise _input_error(exc, args.input) or InputError(f"cannot read {args.input}: {_last_line(exc)}") from None
    if schema is None:
        raise InputError(f"{args.input} is empty: no rows")
    if args.limit is not None:
        ds = ds.limit(args.limit)
    options = options_of(vars(args))
    columns = {"output_column": args.output_field, "gold_column": args.gold_field,
               "problem_column": args.problem_field}
    sample = ds.take(SAMPLE_ROWS) if args.limit != 0 else []
    batch_size = batch_size_for(sample, **columns, **options)
    try:
        graded = grade_dataset(ds, **columns, actors=args.workers or None, batch_size=batch_size,
                               skip_bad_rows=args.skip_bad_rows, **options)
    except ColumnError as exc:
        raise InputError(f"{args.input}: {exc}", kind="column", columns=exc.columns) from None
    return graded, batch_size


def _input(spec: str, forced: Optional[str]) -> Tuple[Union[str, List[str]], str]:
    """The paths to read for INPUT (a file, a directory, or a pattern in its last part) and their format."""
    import pyarrow.fs as pafs

    fs, path = _filesystem(spec)
    folder, name = path.rsplit("/", 1) if "/" in path else ("", path)
    if any(c in name for c in "*?["):
        found = fs.get_file_info(pafs.FileSelector(folder or ".", allow_not_found=True))
        matches = sorted(f.path for f in found if f.is_file and fnmatch.fnmatch(f.base_name, name))
        if not matches:
            raise InputError(f"no file matches {spec}")
        fmt = detect_format(name, forced)
        return [_same_scheme(spec, path, m) for m in matches], fmt
    info = fs.get_file_info(path)
    if info.type == pafs.FileType.NotFound:
        raise InputError(f"no such file or directory: {spec}")
    if info.type == pafs.FileType.File:
        return spec, detect_format(spec, forced)
    if forced:
        return spec, forced
    found = fs.get_file_info(pafs.FileSelector(path, recursive=True))
    formats = {fmt for f in found if f.is_file for fmt, exts in _EXTENSIONS.items()
               if f.extension.lower() in exts}
    if len(formats) != 1:
        what = "no JSONL, CSV or Parquet file" if not formats else f"files of several formats ({', '.join(formats)})"
        raise InputError(f"{spec} holds {what}; give the format", setting="input_format")
    return spec, formats.pop()


def _filesystem(spec: str) -> Tuple[Any, str]:
    """pyarrow's filesystem for a path or URI, and the path within it."""
    import pyarrow.fs as pafs

    if "://" not in spec:
        return pafs.LocalFileSystem(), os.path.abspath(spec)
    try:
        return pafs.FileSystem.from_uri(spec)
    except Exception as exc:  # noqa: BLE001 - unknown scheme, missing credentials...
        raise InputError(f"cannot open {spec}: {exc}") from None


def _same_scheme(spec: str, path: str, found: str) -> str:
    """``found`` (a path within the filesystem of ``spec``) written as ``spec`` was (with its scheme, if any)."""
    if "://" not in spec:
        return found
    return spec[: len(spec) - len(path)] + found if spec.endswith(path) else spec.split("://")[0] + "://" + found


def _read(ray: Any, paths: Union[str, List[str]], fmt: str, *, text_columns: Sequence[str] = (),
          columns: Optional[List[str]] = None) -> Any:
    """A Dataset over ``paths`` in format ``fmt``. CSV columns in ``text_columns`` are read as text (Arrow would
    read ``018`` as 18 and ``1.50`` as 1.5, which grade differently), as a local run reads them."""
    extensions = None if isinstance(paths, list) else _EXTENSIONS[fmt]
    io = {"file_extensions": extensions, "num_cpus": IO_CPUS}
    if fmt == "parquet":
        return ray.data.read_parquet(paths, columns=columns, **io)
    if fmt == "csv":
        import pyarrow as pa
        import pyarrow.csv as pacsv

        convert = pacsv.ConvertOptions(column_types={c: pa.string() for c in text_columns},
                                       include_columns=columns or [])
        return ray.data.read_csv(paths, convert_options=convert, **io)
    ds = ray.data.read_json(paths, **io)
    return ds.select_columns(columns) if columns else ds


# --- output and summary -----------------------------------------------------------------------------------------


def _output_format(path: str, forced: Optional[str]) -> str:
    """The format of the output shards: ``--output-format``, else the extension of the directory's name (default:
    Parquet)."""
    ext = os.path.splitext(path.rstrip("/"))[1].lower()
    fmt = forced or next((f.name for f in FORMATS.values() if ext in f.extensions), "parquet")
    if not FORMATS[fmt].ray:
        raise OutputError(f"--ray writes {', '.join(n for n, f in FORMATS.items() if f.ray)} shards, not {fmt}",
                          setting="output_format")
    return fmt


def _write(ray: Any, graded: Any, path: str, fmt: str) -> None:
    """Write the shards into the directory ``path``, which must not hold anything yet (shards of two runs mixed in
    one directory could not be told apart)."""
    from ray.data import SaveMode

    if "://" not in path:
        if os.path.isfile(path) or (os.path.isdir(path) and os.listdir(path)):
            raise OutputError(f"{path} already exists and is not an empty directory; the shards need a new one")
        mode = SaveMode.APPEND  # into the new (or empty) directory
    else:
        mode = SaveMode.ERROR
    io = {"mode": mode, "ray_remote_args": {"num_cpus": IO_CPUS}}
    if fmt == "parquet":
        graded.write_parquet(path, **io)
    elif fmt == "csv":
        graded.write_csv(path, **io)
    else:
        graded.write_json(path, pandas_json_args_fn=lambda: {"force_ascii": False}, **io)


def _count(ds: Any) -> Counter:
    """Rows per status in ``ds`` (only its ``status`` column comes to this process)."""
    counts: Counter = Counter()
    for batch in ds.select_columns(["status"]).iter_batches(batch_format="pyarrow", batch_size=None):
        for item in batch.column("status").value_counts().to_pylist():
            counts[item["values"]] += item["counts"]
    return counts


_OUR_ERRORS = re.compile(r"^\s*(?:[\w.]*\.)?(ColumnError|ArrowInvalid|ArrowTypeError|JSONDecodeError): (.+)$", re.M)


def _input_error(exc: BaseException, source: str) -> Optional[InputError]:
    """An :class:`InputError` for a failure inside Ray that is a problem with the input ``source`` (a column missing
    from some files, a malformed JSON or CSV line), found in Ray's report of it; None for any other failure."""
    found = _OUR_ERRORS.findall(str(exc))
    if not found:
        return None
    kind, message = found[-1]
    if kind == "ColumnError":
        return InputError(f"{source}: {message.strip()}", kind="column")
    return InputError(f"{source}: cannot read a file: {message.strip()} (with --ray a malformed line stops the run, "
                      "even with --skip-bad-rows: grade the file without --ray to find it)", kind="file")


def _last_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[-1] if lines else type(exc).__name__
