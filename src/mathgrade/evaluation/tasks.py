"""Benchmark tasks: the bundled sets (MATH-500, GSM8K, AIME...), a file of problems, or a Hugging Face dataset, each
read into one :class:`Task` of :class:`Problem` rows (id, problem, answer, and subject and level where the set has
them; every other field under ``meta``).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple

from ..errors import InputError, MissingExtra
from ..files import RowReader

__all__ = ["Problem", "Task", "BundledTask", "BUNDLED", "Fields", "MATCH_BY", "load_task", "load_task_file",
           "load_hf_dataset"]

MATCH_BY = ("id", "index", "problem")
"""How another file's rows (predictions) name a task's problem: by its id, its position (0-based), or its text."""


@dataclass(frozen=True)
class Problem:
    """One problem of a task: its ``id`` (unique within the task), the ``problem`` text given to the model, the gold
    ``answer``, and where the set has them a ``subject`` and a ``level``; other fields of the source row in ``meta``."""

    id: str
    problem: str
    answer: str
    subject: Optional[str] = None
    level: Optional[Any] = None
    meta: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Task:
    """A named list of problems. ``source`` says where they came from (``bundled``, a file, a dataset);
    ``few_shot`` names the template that completion mode uses unless told otherwise."""

    name: str
    problems: Tuple[Problem, ...]
    source: str
    few_shot: str = "minerva_math_4shot"

    def __len__(self) -> int:
        return len(self.problems)

    def head(self, limit: Optional[int]) -> "Task":
        """The task cut to its first ``limit`` problems (all of them for None)."""
        if limit is None or limit >= len(self.problems):
            return self
        return Task(self.name, self.problems[:limit], self.source, self.few_shot)


@dataclass(frozen=True)
class BundledTask:
    """A benchmark shipped with mathgrade (``src/mathgrade/data/tasks``, attributed in its ``SOURCES.md``)."""

    description: str
    source: str
    few_shot: str = "minerva_math_4shot"


BUNDLED: Dict[str, BundledTask] = {
    "math500": BundledTask("MATH-500: the PRM800K test split of MATH", "OpenAI PRM800K, MIT"),
    "gsm8k": BundledTask("GSM8K test set, grade-school word problems", "openai/grade-school-math, MIT",
                         few_shot="gsm8k_8shot"),
    "aime24": BundledTask("AIME 2024 I and II", "QwenLM/Qwen2.5-Math evaluation data, MIT"),
    "aime25": BundledTask("AIME 2025 I and II", "math-ai/aime25 via AReaL, Apache-2.0"),
    "amc23": BundledTask("AMC 2023 (12A/12B)", "QwenLM/Qwen2.5-Math evaluation data, MIT"),
    "minerva": BundledTask("Minerva math: MIT OCW science and engineering problems",
                           "QwenLM/Qwen2.5-Math evaluation data, MIT"),
    "olympiadbench": BundledTask("OlympiadBench, English text-only math",
                                 "QwenLM/Qwen2.5-Math evaluation data, MIT"),
}
"""The bundled tasks, by name: what each is, and where it comes from (details in the data's SOURCES.md)."""


def load_task(name: str) -> Task:
    """A bundled task by name (see :data:`BUNDLED`); ``InputError`` naming the known tasks for another name."""
    info = BUNDLED.get(name)
    if info is None:
        raise InputError(f"unknown task {name!r}; the bundled tasks are {', '.join(BUNDLED)} (another set is read "
                         f"from a file or a Hugging Face dataset)", setting="task")
    from importlib import resources  # not at import: every mathgrade command imports this module

    path = resources.files("mathgrade").joinpath("data").joinpath("tasks").joinpath(name + ".jsonl")
    rows = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    problems = tuple(Problem(r["id"], r["problem"], r["answer"], r.get("subject"), r.get("level"), r.get("meta", {}))
                     for r in rows)
    return Task(name, problems, "bundled", info.few_shot)


@dataclass(frozen=True)
class Fields:
    """Which columns of a file or dataset hold what. ``id``, ``subject`` and ``level`` default to the columns of
    those names when present; without an id column, problems are numbered from 0."""

    problem: str = "problem"
    answer: str = "answer"
    id: Optional[str] = None
    subject: Optional[str] = None
    level: Optional[str] = None


def load_task_file(path: str, fields: Fields = Fields(), *, name: Optional[str] = None,
                   fmt: Optional[str] = None) -> Task:
    """A task read from a JSONL, CSV or Parquet file of problems (one per row), named after the file by default."""
    reader = RowReader(path, fmt=fmt, required=[fields.problem, fields.answer])
    task_name = name or os.path.splitext(os.path.basename(path))[0]
    return Task(task_name, _problems(reader.rows(), fields, path), path)


def load_hf_dataset(name_or_path: str, fields: Fields = Fields(), *, split: str = "test",
                    config: Optional[str] = None) -> Task:
    """A task from a Hugging Face dataset: a directory written by ``Dataset.save_to_disk`` (read with
    ``datasets.load_from_disk``), or a dataset name (``datasets.load_dataset(name, config, split=split)``).

    Needs the optional ``datasets`` extra: ``pip install '.[datasets]'``.
    """
    try:
        import datasets
    except ImportError:
        raise MissingExtra("reading a Hugging Face dataset", "the datasets library", "datasets") from None
    try:
        if os.path.isdir(name_or_path):
            data = datasets.load_from_disk(name_or_path)
            if isinstance(data, datasets.DatasetDict):
                if split not in data:
                    raise InputError(f"the dataset at {name_or_path} has no split {split!r}; its splits are "
                                     f"{', '.join(data)}", setting="split")
                data = data[split]
        else:
            data = datasets.load_dataset(name_or_path, config, split=split)
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - datasets raises many kinds; one clear line instead
        raise InputError(f"cannot load the dataset {name_or_path!r}: {type(exc).__name__}: {exc}") from None
    columns = list(data.column_names)
    missing = [c for c in (fields.problem, fields.answer) if c not in columns]
    if missing:
        raise InputError(f"the dataset {name_or_path!r} has no column {', '.join(map(repr, missing))}; its columns "
                         f"are {', '.join(map(repr, columns))}", kind="column", columns=missing)
    task_name = os.path.basename(os.path.normpath(name_or_path))
    return Task(task_name, _problems(iter(data), fields, name_or_path), f"hf:{name_or_path}:{split}")


def _problems(rows: Iterable[Mapping[str, Any]], fields: Fields, label: str) -> Tuple[Problem, ...]:
    problems: List[Problem] = []
    seen: Dict[str, int] = {}
    id_field = subject_field = level_field = None
    for i, row in enumerate(rows):
        if i == 0:
            id_field = fields.id or _present(row, "id", "unique_id", "idx")
            subject_field = fields.subject or _present(row, "subject")
            level_field = fields.level or _present(row, "level")
            for wanted, given in ((id_field, fields.id), (subject_field, fields.subject), (level_field, fields.level)):
                if given is not None and given not in row:
                    raise InputError(f"{label} has no column {given!r}; its columns are "
                                     f"{', '.join(map(repr, row))}", kind="column", columns=[given])
        where = f"{label} row {i + 1}"
        problem = _text(row.get(fields.problem), where, fields.problem)
        answer = _text(row.get(fields.answer), where, fields.answer)
        pid = str(row.get(id_field)) if id_field is not None else str(i)
        if pid in seen:
            raise InputError(f"{where}: id {pid!r} is also the id of row {seen[pid] + 1}; ids must be unique "
                             f"(name another column)", kind="row", setting="id_field")
        seen[pid] = i
        used = {fields.problem, fields.answer, id_field, subject_field, level_field}
        meta = {k: v for k, v in row.items() if k not in used}
        problems.append(Problem(pid, problem, answer, _optional_text(row.get(subject_field) if subject_field else None),
                                row.get(level_field) if level_field else None, meta))
    if not problems:
        raise InputError(f"{label} holds no problems")
    return tuple(problems)


def _present(row: Mapping[str, Any], *names: str) -> Optional[str]:
    return next((n for n in names if n in row), None)


def _text(value: Any, where: str, column: str) -> str:
    """A problem or answer as text: strings as they are, numbers written as numbers (``27.0`` as ``27``)."""
    if isinstance(value, bool) or value is None:
        raise InputError(f"{where}: column {column!r} is {'empty' if value is None else 'a boolean'}", kind="row")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (int, float)):
        return str(value)
    if not isinstance(value, str):
        raise InputError(f"{where}: column {column!r} is a {type(value).__name__}, not text", kind="row")
    if not value.strip():
        raise InputError(f"{where}: column {column!r} is empty", kind="row")
    return value


def _optional_text(value: Any) -> Optional[str]:
    return None if value is None or value == "" else str(value)
