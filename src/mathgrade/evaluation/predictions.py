"""Generations made elsewhere (an offline vLLM run, another harness's sample file, an earlier ``samples.jsonl``),
read as the samples of a run so that they are scored like a live run's.

Each row names its problem (``--predictions-key``, matched to the task by id, by position, or by the problem's text;
``doc.problem`` names a field inside an object) and holds one response, or a list of responses (several samples per
problem). Rows may come in any order: they are
staged in a temporary SQLite table next to the run's outputs and read back in (problem order, row order), so memory
stays flat however large the file. Without a task, the problems are the file's own (``--gold-field`` gives the gold
answer) in order of first appearance.

An lm-evaluation-harness samples file has one row per doc *and filter* (gsm8k writes each doc twice, for
``strict-match`` and ``flexible-extract``), each with the doc's responses (``resps``: one list per repeat). Only the
rows of one filter are read (``--filter NAME``, by default the first in the file), so that each response counts once;
:attr:`Predictions.notes` says which, and whether the file covers only part of the task (an ``lm_eval --limit`` run).
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional

from ..errors import ConfigError, InputError
from ..files import RowReader
from .client import Completion
from .scoring import Sample
from .tasks import MATCH_BY, Problem, Task

__all__ = ["PredictionFields", "Predictions"]
_CARRIED = ("finish_reason", "prompt_tokens", "completion_tokens", "latency_s", "prompt", "reasoning")
"""Fields of a row kept with its sample when present (the columns of mathgrade's own samples.jsonl)."""


@dataclass(frozen=True)
class PredictionFields:
    """Which columns of a predictions file hold what: ``response`` (a string or a list of strings), ``key`` (the
    problem, matched as ``match_by`` says), and ``gold`` (the gold answer; needed only without a task)."""

    response: str = "response"
    key: str = "problem_id"
    match_by: str = "id"
    gold: Optional[str] = None
    filter: Optional[str] = None
    """The lm-evaluation-harness filter whose rows are read (None: the first one in the file)."""


class Predictions:
    """The samples of a predictions file, staged in ``stage_dir`` for reading in order; use as a context manager
    (the staging file is removed on exit)."""

    def __init__(self, path: str, task: Optional[Task], fields: PredictionFields, stage_dir: str, *,
                 fmt: Optional[str] = None, limit: Optional[int] = None) -> None:
        if fields.match_by not in MATCH_BY:
            raise ConfigError("match_by", f"must be one of {', '.join(MATCH_BY)}, not {fields.match_by!r}")
        if task is None and not fields.gold:
            raise ConfigError("gold_field", "must name the column of the gold answer when no task is given")
        self.path = path
        self.fields = fields
        self.limit = limit
        self.samples = 0
        self._given = task
        self._own: Dict[str, Problem] = {}
        self._own_positions: Dict[str, int] = {}
        self._stage = os.path.join(stage_dir, "predictions.tmp.sqlite")
        self._db: Optional[sqlite3.Connection] = None
        named = [fields.response, fields.key] + ([fields.gold] if task is None and fields.gold else [])
        self._reader = RowReader(path, fmt=fmt, required=[f.split(".")[0] for f in named])
        self._lookup = self._index(task) if task is not None else {}
        self.filters: Dict[str, int] = {}
        """lm-evaluation-harness filters found in the file, with their rows."""
        self.filter: Optional[str] = None
        """The filter whose rows were read (None: the file has no filters)."""
        self.notes: List[str] = []
        """What a person should know about how the file was read (said in the summary)."""

    def __enter__(self) -> "Predictions":
        try:
            return self._stage_rows()
        except BaseException:
            self.__exit__()  # (a bad row: the staging file does not outlive the error)
            raise

    def _stage_rows(self) -> "Predictions":
        self._remove_stage()
        self._db = sqlite3.connect(self._stage, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=OFF")
        self._db.execute("PRAGMA synchronous=OFF")
        self._db.execute("CREATE TABLE s (pos INTEGER, seq INTEGER, data TEXT)")
        self._db.execute("BEGIN")
        seq = 0
        for where, row in enumerate(self._reader.rows(), 1):
            if not self._kept(row):
                continue
            pos = self._position(row, where)
            if pos is None:
                continue
            for sample in self._responses(row, where):
                self._db.execute("INSERT INTO s VALUES (?, ?, ?)", (pos, seq, json.dumps(sample, default=str)))
                seq += 1
        self._db.execute("COMMIT")
        self._db.execute("CREATE INDEX s_order ON s (pos, seq)")
        self.samples = seq
        self._check_filter()
        self._note_coverage()
        return self

    def _kept(self, row: Dict[str, Any]) -> bool:
        """Whether a row is read: every row, but in an lm-evaluation-harness file only the chosen filter's."""
        name = row.get("filter")
        if not isinstance(name, str) or not ("resps" in row or "filtered_resps" in row):
            return True
        self.filters[name] = self.filters.get(name, 0) + 1
        if self.filter is None:
            self.filter = self.fields.filter or name
        return name == self.filter

    def _check_filter(self) -> None:
        wanted = self.fields.filter
        if wanted is not None and not self.filters:
            raise ConfigError("filter", f"{wanted!r}: {self.path} is not an lm-evaluation-harness samples file (its "
                                        "rows have no 'filter')")
        if wanted is not None and wanted not in self.filters:
            raise ConfigError("filter", f"{wanted!r}: {self.path} has no rows of that filter; its filters are "
                                        f"{', '.join(map(repr, self.filters))}")
        if self.filters:
            others = [name for name in self.filters if name != self.filter]
            self.notes.append(f"lm-evaluation-harness samples: scored the rows of filter {self.filter!r}"
                              + (f" (the file repeats each doc for the filters {', '.join(map(repr, others))} too; "
                                 "choose with --filter NAME)" if others else ""))

    def _note_coverage(self) -> None:
        if self._given is None:
            return
        expected = len(self._given.problems) if self.limit is None else min(self.limit, len(self._given.problems))
        covered = self.problems_covered()
        if covered < expected:
            self.notes.append(f"the file answers {covered} of the {expected} problems of the task "
                              f"{self._given.name} (a run with --limit?): the metrics cover those {covered} only")

    def __exit__(self, *exc: Any) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
        self._remove_stage()

    @property
    def task(self) -> Task:
        """The task scored: the one given, or the file's own problems."""
        if self._given is not None:
            return self._given
        name = os.path.splitext(os.path.basename(self.path))[0]
        return Task(name, tuple(self._own.values()), self.path)

    def problems_covered(self) -> int:
        assert self._db is not None
        return int(self._db.execute("SELECT count(DISTINCT pos) FROM s").fetchone()[0])

    def __iter__(self) -> Iterator[Sample]:
        """The samples, in (problem order, order in the file); sample indexes count from 0 within each problem."""
        assert self._db is not None
        problems = self.task.problems
        last, index = -1, 0
        for pos, data in self._db.execute("SELECT pos, data FROM s ORDER BY pos, seq"):
            index = index + 1 if pos == last else 0
            last = pos
            yield _sample(problems[pos], pos, index, json.loads(data))

    # --- reading ----------------------------------------------------------------------------------------------

    def _index(self, task: Task) -> Dict[str, int]:
        if self.fields.match_by == "id":
            return {p.id: i for i, p in enumerate(task.problems)}
        if self.fields.match_by == "problem":
            return {_normal(p.problem): i for i, p in enumerate(task.problems)}
        return {str(i): i for i in range(len(task.problems))}

    def _position(self, row: Dict[str, Any], where: int) -> Optional[int]:
        """The position of the row's problem in the task (None: past ``limit``)."""
        raw = _get(row, self.fields.key)
        if raw is None:
            raise InputError(f"{self.path} row {where}: no {self.fields.key!r} (the problem this row answers)",
                             kind="row")
        key = _normal(str(raw)) if self.fields.match_by == "problem" else _key_text(raw)
        if self._given is None:
            return self._own_position(key, row, where)
        pos = self._lookup.get(key)
        if pos is None:
            example = next(iter(self._lookup), "")
            raise InputError(f"{self.path} row {where}: {self.fields.key} {str(raw)[:80]!r} matches no problem of "
                             f"the task {self._given.name} by {self.fields.match_by} (its keys look like "
                             f"{example[:80]!r})", kind="row", setting="match_by")
        return None if self.limit is not None and pos >= self.limit else pos

    def _own_position(self, key: str, row: Dict[str, Any], where: int) -> Optional[int]:
        gold = _get(row, self.fields.gold or "")
        if gold is None or str(gold).strip() == "":
            raise InputError(f"{self.path} row {where}: no gold answer in {self.fields.gold!r}", kind="row")
        gold = str(int(gold)) if isinstance(gold, float) and gold.is_integer() else str(gold)
        known = self._own.get(key)
        if known is None:
            if self.limit is not None and len(self._own) >= self.limit:
                return None
            text = row.get("problem")
            known = Problem(key, str(text) if text is not None else "", gold, _opt(row.get("subject")),
                            row.get("level"))
            self._own[key] = known
            self._own_positions[key] = len(self._own_positions)
        elif known.answer != gold:
            raise InputError(f"{self.path} row {where}: problem {key!r} has gold {gold!r} here but {known.answer!r} "
                             f"in an earlier row", kind="row")
        return self._own_positions[key]

    def _responses(self, row: Dict[str, Any], where: int) -> Iterator[Dict[str, Any]]:
        value = _get(row, self.fields.response)
        if isinstance(value, str) or value is None:
            yield {"response": value, **{k: row[k] for k in _CARRIED if k in row}}
            return
        if not isinstance(value, (list, tuple)):
            raise InputError(f"{self.path} row {where}: {self.fields.response!r} is a {type(value).__name__}, not "
                             f"text or a list of texts", kind="row")
        for item in _flatten(value):
            if item is not None and not isinstance(item, str):
                raise InputError(f"{self.path} row {where}: {self.fields.response!r} holds a "
                                 f"{type(item).__name__}, not text", kind="row")
            yield {"response": item}

    def _remove_stage(self) -> None:
        try:
            os.remove(self._stage)
        except FileNotFoundError:
            pass


def _sample(problem: Problem, pos: int, index: int, data: Dict[str, Any]) -> Sample:
    text = data.get("response")
    if text is None:
        return Sample(problem, pos, index, data.get("prompt"), None, "no response in the predictions file")
    reasoning = data.get("reasoning")
    completion = Completion(text, data.get("finish_reason"), _int(data.get("prompt_tokens")),
                            _int(data.get("completion_tokens")), _float(data.get("latency_s")),
                            reasoning=reasoning if isinstance(reasoning, str) else None)
    return Sample(problem, pos, index, data.get("prompt"), completion)


def _get(row: Dict[str, Any], name: str) -> Any:
    """A row's field; ``a.b`` is field ``b`` of the object in field ``a`` (lm-evaluation-harness keeps the problem
    in ``doc``), unless the row has a field named ``a.b`` itself."""
    if name in row or "." not in name:
        return row.get(name)
    value: Any = row
    for part in name.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _flatten(items: Any) -> Iterator[Any]:
    """Responses nested in lists (lm-evaluation-harness writes ``[[text], [text]]``), in order."""
    for item in items:
        if isinstance(item, (list, tuple)):
            yield from _flatten(item)
        else:
            yield item


def _key_text(raw: Any) -> str:
    return str(int(raw)) if isinstance(raw, float) and raw.is_integer() else str(raw)


def _normal(text: str) -> str:
    return " ".join(text.split())


def _int(value: Any) -> Optional[int]:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _float(value: Any) -> Optional[float]:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _opt(value: Any) -> Optional[str]:
    return None if value is None or value == "" else str(value)

