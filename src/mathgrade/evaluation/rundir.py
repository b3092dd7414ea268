"""The run directory: ``config.json``, ``samples.jsonl``, ``results.json`` and ``cache.sqlite`` (see docs/eval.md).

One run at a time may use a directory (an advisory lock on ``OUT/.lock``, removed when the run ends). ``config.json``
and ``results.json`` are written whole (to a temporary file, then renamed), so a reader never sees half of one;
``results.json`` is written when a run ends, so it is never left beside the samples of another run.

A finished run's files are never overwritten (:meth:`RunDir.begin`): a run started in a directory that holds a
finished run either finds it already done with the same settings (and writes nothing), or first renames its files
with the time that run started (``results_20250102T030405Z.json``...) and writes its own beside them, sharing the
cache. A directory holding an unfinished run of other settings is refused: that run is continued, or the new one goes
elsewhere. :func:`default_output` names a new folder under ``runs/``; :func:`newest_runs` finds the latest run there.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import re
from typing import IO, Any, Dict, List, Optional, Sequence, Tuple

from ..errors import OutputError

__all__ = ["RunDir", "SamplesFile", "UnfinishedRun", "CONFIG", "SAMPLES", "RESULTS", "CACHE", "RUNS", "SUMMARY",
           "differences", "default_output", "newest_runs", "keep_file", "is_run", "time_stamp"]

CONFIG = "config.json"
SAMPLES = "samples.jsonl"
RESULTS = "results.json"
CACHE = "cache.sqlite"
SUMMARY = "summary.json"
"""The combined summary of the runs of several benchmarks or seeds, in the folder that holds their run folders."""
RUNS = "runs"
"""The folder, in the working directory, under which runs go when no output folder is named."""
NOT_COMPARED = frozenset({"concurrency", "request_timeout", "max_retries", "api_key_env", "workers", "started_at"})
"""Keys of ``config.json`` that do not change what a run computes (how fast, with which key, when)."""


class UnfinishedRun(OutputError):
    """The run directory ``path`` holds an unfinished run whose settings differ from the new run's
    (``differences``: the keys of ``config.json`` that differ): it is continued, or the new run goes elsewhere."""

    def __init__(self, path: str, differences: Sequence[str], shown: str) -> None:
        super().__init__(f"{path} holds an unfinished run with other settings ({shown}); continue that run, or "
                         f"write this one to another folder")
        self.path = path
        self.differences = tuple(differences)

    def __reduce__(self) -> Any:
        return (type(self), (self.path, self.differences, str(self)))


def differences(old: Dict[str, Any], new: Dict[str, Any]) -> List[str]:
    """The keys of two ``config.json`` objects whose values differ, leaving out :data:`NOT_COMPARED`."""
    keys = (set(old) | set(new)) - NOT_COMPARED
    return sorted(k for k in keys if old.get(k) != new.get(k))


def _shown(old: Dict[str, Any], new: Dict[str, Any], keys: Sequence[str]) -> str:
    def value(v: Any) -> str:
        text = json.dumps(v, ensure_ascii=False)
        return text if len(text) <= 40 else text[:37] + "..."

    parts = [f"{k}: {value(old.get(k))} there, {value(new.get(k))} here" for k in keys[:3]]
    return "; ".join(parts) + (f"; and {len(keys) - 3} more" if len(keys) > 3 else "")


class RunDir:
    """A run directory, created if needed and locked for this run; use as a context manager.

    Nothing is left behind by a run that fails: the lock file goes when the run ends, and a directory this run
    created is removed again when the run fails before any answer reached its cache."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock: Optional[IO[str]] = None
        self._created = False

    @staticmethod
    def config_of(path: str) -> Optional[Dict[str, Any]]:
        """The ``config.json`` of the run directory ``path`` (None if there is none), read without creating or
        locking anything."""
        if not os.path.isdir(path):
            return None
        return RunDir(path).read_config()

    def __enter__(self) -> "RunDir":
        if os.path.exists(self.path) and not os.path.isdir(self.path):
            raise OutputError(f"{self.path} is a file; the output of eval is a directory")
        self._created = not os.path.exists(self.path)
        try:
            os.makedirs(self.path, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"cannot write to {self.path}: {exc.strerror or exc}") from None
        try:
            self._lock = _locked(os.path.join(self.path, ".lock"))
        except BaseException:
            self._remove_if_created()
            raise
        return self

    def __exit__(self, kind: Any, *exc: Any) -> None:
        if self._lock is not None:
            try:
                os.remove(self._lock.name)  # (while still locked: a run that opens it now sees it was removed)
            except OSError:
                pass
            self._lock.close()
            self._lock = None
        if kind is not None:
            self._remove_if_created()

    def _remove_if_created(self) -> None:
        """A directory this run created, that holds no answer worth keeping, goes."""
        if not self._created or _has_answers(self.file(CACHE)):
            return
        import shutil

        shutil.rmtree(self.path, ignore_errors=True)

    def file(self, name: str) -> str:
        return os.path.join(self.path, name)

    def _read_json(self, name: str) -> Any:
        """The JSON in this run's file ``name``, or None when there is no such file."""
        path = self.file(name)
        if not os.path.exists(path):
            return None
        try:
            with open(path, encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError) as exc:
            raise OutputError(f"cannot read {path}: {exc}") from None

    def read_config(self) -> Optional[Dict[str, Any]]:
        """The ``config.json`` of an earlier run here, or None."""
        config = self._read_json(CONFIG)
        if config is not None and not isinstance(config, dict):
            raise OutputError(f"{self.file(CONFIG)} is not a JSON object")
        return config

    def read_results(self) -> Optional[Dict[str, Any]]:
        """The ``results.json`` of a finished run here, or None."""
        results = self._read_json(RESULTS)
        return results if isinstance(results, dict) else None

    def begin(self, config: Dict[str, Any], reuse: bool = True) -> Optional[Dict[str, Any]]:
        """Begin a run of ``config`` here, keeping every finished run's files; see the module's docstring.

        Returns the stored results when this directory holds a finished run with the same settings (``reuse``,
        every request answered): nothing is written then. Otherwise writes ``config.json`` and returns None, after
        renaming a finished run's files (their new names are in :attr:`kept`). Raises :class:`UnfinishedRun` when
        an unfinished live run of other settings is here (a rescoring's is simply started again)."""
        self.kept: List[str] = []
        old = self.read_config()
        if old is not None:
            results = self.read_results()
            changed = differences(old, config)
            if results is None:
                if changed and not old.get("predictions"):
                    raise UnfinishedRun(self.path, changed, _shown(old, config, changed))
            elif reuse and not changed and not results.get("failed"):
                return results
            else:
                self.kept = self._keep_finished(old)
        self.write_json(CONFIG, config)
        try:
            os.remove(self.file(RESULTS))
        except FileNotFoundError:
            pass
        return None

    def _keep_finished(self, config: Dict[str, Any]) -> List[str]:
        """Rename the files of the finished run here with the time it started; return their new paths."""
        stamp = time_stamp(config.get("started_at"), self.file(RESULTS))
        kept = []
        for name in (CONFIG, SAMPLES, RESULTS):
            if os.path.exists(self.file(name)):
                kept.append(keep_file(self.file(name), stamp))
        return kept

    def open_samples(self) -> "SamplesFile":
        """``samples.jsonl``, emptied, for writing."""
        return SamplesFile(self.file(SAMPLES))

    def write_json(self, name: str, obj: Any) -> None:
        """Write ``name`` whole: to a temporary file, then renamed over the old one."""
        path = self.file(name)
        tmp = path + ".tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(obj, f, indent=2, ensure_ascii=False)
                f.write("\n")
            os.replace(tmp, path)
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None


def keep_file(path: str, stamp: str) -> str:
    """Rename ``path`` (``dir/results.json``) to ``dir/results_STAMP.json`` (``-2``, ``-3``... if that exists
    already) and return the new path."""
    stem, ext = os.path.splitext(path)
    target, count = f"{stem}_{stamp}{ext}", 1
    while os.path.exists(target):
        count += 1
        target = f"{stem}_{stamp}-{count}{ext}"
    try:
        os.rename(path, target)
    except OSError as exc:
        raise OutputError(f"cannot keep {path} as {target}: {exc.strerror or exc}") from None
    return target


def time_stamp(started_at: Any, fallback: str) -> str:
    """``20250102T030405Z`` from an ISO 8601 time (a ``started_at``), else from the modification time of
    ``fallback``."""
    when = None
    if isinstance(started_at, str):
        try:
            when = datetime.datetime.fromisoformat(started_at)
        except ValueError:
            when = None
    if when is None:
        try:
            when = datetime.datetime.fromtimestamp(os.path.getmtime(fallback), datetime.timezone.utc)
        except OSError:
            when = datetime.datetime.now(datetime.timezone.utc)
    if when.tzinfo is not None:
        when = when.astimezone(datetime.timezone.utc)
    return when.strftime("%Y%m%dT%H%M%SZ")


def default_output(label: Optional[str], root: str = RUNS, now: Optional[datetime.datetime] = None) -> str:
    """A new folder under ``root`` for a run: ``runs/<label>-<YYYYmmdd-HHMMSS>`` in local time, where the label
    (a model's name) keeps letters, digits, ``.``, ``_`` and ``-`` (``/`` becomes ``__``, as in lm-eval); a
    ``-2``, ``-3``... is added when that folder exists."""
    when = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", (label or "run").replace("/", "__")).strip("._") or "run"
    base = os.path.join(root, f"{slug}-{when}")
    path, count = base, 1
    while os.path.exists(path):
        count += 1
        path = f"{base}-{count}"
    return path


def is_run(path: str) -> bool:
    """Whether ``path`` is a run directory (it holds ``config.json`` and ``samples.jsonl``)."""
    return os.path.isfile(os.path.join(path, CONFIG)) and os.path.isfile(os.path.join(path, SAMPLES))


def newest_runs(root: str = RUNS) -> List[str]:
    """The run directories of the newest run under ``root``: a run directory of ``root`` itself, or every run
    directory of the folder one level down that holds the newest (the benchmarks and seeds of one ``eval
    --tasks``). Newest is by the time ``samples.jsonl`` was last written. An empty list when there is none."""
    found: List[Tuple[float, str]] = []
    try:
        entries = sorted(os.scandir(root), key=lambda e: e.name)
    except OSError:
        return []
    for entry in entries:
        if not entry.is_dir():
            continue
        if is_run(entry.path):
            found.append((_written(entry.path), entry.path))
            continue
        try:
            inner = sorted(os.scandir(entry.path), key=lambda e: e.name)
        except OSError:
            continue
        found += [(_written(e.path), e.path) for e in inner if e.is_dir() and is_run(e.path)]
    if not found:
        return []
    _, newest = max(found)
    parent = os.path.dirname(newest)
    if os.path.normpath(parent) == os.path.normpath(root):
        return [newest]
    return [path for _, path in sorted(found, key=lambda f: f[1]) if os.path.dirname(path) == parent]


def _written(run: str) -> float:
    try:
        return os.path.getmtime(os.path.join(run, SAMPLES))
    except OSError:
        return 0.0


def _locked(path: str) -> IO[str]:
    """The lock file at ``path``, opened and locked (an :class:`OutputError` if another run holds it). A lock taken
    on a file that another run removed meanwhile is taken again on the new one."""
    while True:
        try:
            f = open(path, "a")
        except OSError as exc:
            raise OutputError(f"cannot write to {os.path.dirname(path)}: {exc.strerror or exc}") from None
        try:
            import fcntl

            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # pragma: no cover - not on POSIX: no lock
            return f
        except OSError:
            f.close()
            raise OutputError(f"another mathgrade eval is writing {os.path.dirname(path)}; wait for it or use "
                              f"another output directory") from None
        try:
            same = os.path.samestat(os.fstat(f.fileno()), os.stat(path))
        except OSError:
            same = False
        if same:
            return f
        f.close()


def _has_answers(cache: str) -> bool:
    """Whether the response cache ``cache`` exists and holds at least one answer."""
    if not os.path.exists(cache):
        return False
    import sqlite3

    try:
        with contextlib.closing(sqlite3.connect(f"file:{cache}?mode=ro", uri=True)) as db:
            return db.execute("SELECT 1 FROM responses LIMIT 1").fetchone() is not None
    except sqlite3.Error:
        return True  # (not readable as a cache: not ours to remove)


class SamplesFile:
    """``samples.jsonl`` being written: a text file whose every failure (a full disk, a file size limit) is an
    :class:`OutputError` naming the file. Use as a context manager."""

    def __init__(self, path: str) -> None:
        self.name = path
        try:
            self._f: IO[str] = open(path, "w", encoding="utf-8")
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None

    def write(self, text: str) -> None:
        try:
            self._f.write(text)
        except OSError as exc:
            raise OutputError(f"cannot write {self.name}: {exc.strerror or exc}") from None

    def close(self) -> None:
        try:
            self._f.close()
        except OSError as exc:
            raise OutputError(f"cannot write {self.name}: {exc.strerror or exc}") from None

    def __enter__(self) -> "SamplesFile":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
