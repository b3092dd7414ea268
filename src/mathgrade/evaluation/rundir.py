"""The run directory: ``config.json``, ``samples.jsonl``, ``results.json`` and ``cache.sqlite`` (see docs/eval.md).

One run at a time may use a directory (an advisory lock on ``OUT/.lock``). ``config.json`` and ``results.json`` are
written whole (to a temporary file, then renamed), so a reader never sees half of one; ``results.json`` is removed
when a run starts and written when it ends, so it is never left beside the samples of another run.
"""

from __future__ import annotations

import json
import os
from typing import IO, Any, Dict, Optional

from ..files import OutputError

__all__ = ["RunDir", "SamplesFile", "CONFIG", "SAMPLES", "RESULTS", "CACHE"]

CONFIG = "config.json"
SAMPLES = "samples.jsonl"
RESULTS = "results.json"
CACHE = "cache.sqlite"


class RunDir:
    """A run directory, created if needed and locked for this run; use as a context manager."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock: Optional[IO[str]] = None

    def __enter__(self) -> "RunDir":
        if os.path.exists(self.path) and not os.path.isdir(self.path):
            raise OutputError(f"-o {self.path} is a file; the output of eval is a directory")
        try:
            os.makedirs(self.path, exist_ok=True)
            self._lock = open(os.path.join(self.path, ".lock"), "w")
        except OSError as exc:
            raise OutputError(f"cannot write to {self.path}: {exc.strerror or exc}") from None
        try:
            import fcntl

            fcntl.flock(self._lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # pragma: no cover - not on POSIX: no lock
            pass
        except OSError:
            self._lock.close()
            self._lock = None
            raise OutputError(f"another mathgrade eval is writing {self.path}; wait for it or use another -o") \
                from None
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

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
