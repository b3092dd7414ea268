"""The run directory: ``config.json``, ``samples.jsonl``, ``results.json`` and ``cache.sqlite`` (see docs/eval.md).

One run at a time may use a directory (an advisory lock on ``OUT/.lock``, removed when the run ends). ``config.json`` and ``results.json`` are
written whole (to a temporary file, then renamed), so a reader never sees half of one; ``results.json`` is removed
when a run starts and written when it ends, so it is never left beside the samples of another run.
"""

from __future__ import annotations

import contextlib
import json
import os
from typing import IO, Any, Dict, Optional

from ..errors import OutputError

__all__ = ["RunDir", "SamplesFile", "CONFIG", "SAMPLES", "RESULTS", "CACHE"]

CONFIG = "config.json"
SAMPLES = "samples.jsonl"
RESULTS = "results.json"
CACHE = "cache.sqlite"


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

    def read_config(self) -> Optional[Dict[str, Any]]:
        """The ``config.json`` of an earlier run here, or None."""
        path = self.file(CONFIG)
        if not os.path.exists(path):
            return None
        try:
            with open(path, encoding="utf-8") as f:
                config = json.load(f)
        except (OSError, ValueError) as exc:
            raise OutputError(f"cannot read {path}: {exc}") from None
        if not isinstance(config, dict):
            raise OutputError(f"{path} is not a JSON object")
        return config

    def start(self, config: Dict[str, Any]) -> None:
        """Begin a run: write ``config.json``, remove the results of an earlier run."""
        self.write_json(CONFIG, config)
        try:
            os.remove(self.file(RESULTS))
        except FileNotFoundError:
            pass

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
