"""The response cache of a run directory: every answer received, on disk, before it is graded (SQLite in WAL mode).

Keys are SHA-256 digests of everything that determines a sample's answer: the endpoint, the request body (model,
prompt, sampling parameters, the sample's seed) and the sample index. :func:`key_prefix` digests what every sample
of a run shares and :func:`prompt_digest` each problem's prompt once, so that a key costs one small hash.

A transaction commits each batch of answers; WAL mode with ``synchronous=NORMAL`` keeps every committed answer
through a killed process (``kill -9``). Readers never block the writer.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from typing import Any, Dict, Iterable, List, Mapping, Sequence, Tuple

from ..files import OutputError
from .client import Completion

__all__ = ["ResponseCache", "key_prefix", "prompt_digest", "sample_key"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    id INTEGER PRIMARY KEY,
    key BLOB NOT NULL UNIQUE,
    problem_id TEXT,
    sample_index INTEGER,
    text TEXT NOT NULL,
    finish_reason TEXT,
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    latency_s REAL,
    attempts INTEGER,
    reasoning TEXT,
    created REAL
)
"""
_VERSION = 1
"""The cache's schema version (``PRAGMA user_version``). Answers live in a rowid table (appended in order, so writes
are sequential) with a separate index of keys, which stays small enough to look 100k keys up in well under a
second; a table clustered on the key would spread 4 KB answers over random pages."""
_LOOKUP_BATCH = 500
"""Keys per ``SELECT ... IN (...)`` (SQLite allows 999 parameters in old builds)."""


def _canonical(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def key_prefix(base_url: str, shared: Mapping[str, Any]) -> bytes:
    """The digest of what every sample of a run shares: the endpoint, and ``shared``, the request's fields other than
    the prompt (model, sampling parameters, the run's seed)."""
    return hashlib.sha256(_canonical({"endpoint": base_url.rstrip("/"), "request": shared})).digest()


def prompt_digest(prompt: Any) -> bytes:
    """The digest of one prompt (a string, or a list of chat messages)."""
    return hashlib.sha256(_canonical(prompt)).digest()


def sample_key(prefix: bytes, prompt: bytes, sample_index: int) -> bytes:
    """The cache key of one sample: the run's ``prefix``, the prompt's digest and the sample index."""
    return hashlib.sha256(prefix + prompt + str(sample_index).encode()).digest()


class ResponseCache:
    """The SQLite file at ``path`` (created if missing). Not shared between threads: open one per thread."""

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            self._db = sqlite3.connect(path, timeout=30.0, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, _VERSION):
                raise OutputError(f"the response cache {path} has schema version {version}, not {_VERSION}: it was "
                                  f"written by another version of mathgrade; use another run directory")
            self._db.execute(_SCHEMA)
            self._db.execute(f"PRAGMA user_version={_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise OutputError(f"cannot open the response cache {path}: {exc}") from None

    def get_many(self, keys: Sequence[bytes]) -> Dict[bytes, Completion]:
        """The cached answers among ``keys``, by key."""
        found: Dict[bytes, Completion] = {}
        for start in range(0, len(keys), _LOOKUP_BATCH):
            part = keys[start:start + _LOOKUP_BATCH]
            marks = ",".join("?" * len(part))
            rows = self._db.execute(
                "SELECT key, text, finish_reason, prompt_tokens, completion_tokens, latency_s, attempts, reasoning "
                f"FROM responses WHERE key IN ({marks})", part)
            for key, text, finish, ptok, ctok, latency, attempts, reasoning in rows:
                found[key] = Completion(text, finish, ptok, ctok, latency, attempts or 1, reasoning)
        return found

    def put_many(self, items: Iterable[Tuple[bytes, str, int, Completion]]) -> None:
        """Store answers, ``(key, problem id, sample index, answer)`` each, in one transaction (committed when this
        returns). The problem id and sample index are kept to make the cache readable, not to find answers."""
        now = time.time()
        rows: List[Tuple[Any, ...]] = [(k, pid, i, c.text, c.finish_reason, c.prompt_tokens, c.completion_tokens,
                                        c.latency_s, c.attempts, c.reasoning, now) for k, pid, i, c in items]
        if not rows:
            return
        try:
            with self._db:
                self._db.execute("BEGIN")
                self._db.executemany(
                    "INSERT OR REPLACE INTO responses (key, problem_id, sample_index, text, finish_reason, "
                    "prompt_tokens, completion_tokens, latency_s, attempts, reasoning, created) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        except sqlite3.Error as exc:
            raise OutputError(f"cannot write to the response cache {self.path}: {exc} (the answers committed "
                              f"before are kept)") from None

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "ResponseCache":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

