"""Several runs in one go: benchmarks (``aime24:16,math500:4``, each with its own sample count) and seeds, each run
in a folder of its own under one output folder, then one summary of them all.

Layout: one benchmark with one seed is a run directory of its own (``OUT/config.json``...); otherwise ``OUT`` holds
one run directory per benchmark (``OUT/aime24``), or per benchmark and seed (``OUT/aime24-seed16``), and the
combined ``OUT/summary.json``. With ``seeds`` K > 1, run j sends sample i of a problem with seed ``SEED + j*n + i``
(``SEED`` 0 when not given), so that no two samples of the K runs share a seed and run 0 is the run of ``SEED``
alone.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ..errors import ConfigError
from .rundir import SUMMARY, RunDir, keep_file, time_stamp
from .run import EvalSettings, RunOutcome, evaluate

__all__ = ["TaskSpec", "parse_tasks", "seeds_for", "run_folder", "Planned", "evaluate_all", "write_summary"]


@dataclass(frozen=True)
class TaskSpec:
    """A benchmark of a multi-benchmark run: its name and, when given, its samples per problem."""

    name: str
    n: Optional[int] = None


_SPEC = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(?::\s*(\S+)\s*)?$")


def parse_tasks(text: str) -> List[TaskSpec]:
    """``aime24:16,math500:4,gsm8k`` as task specs, in order. Raises :class:`ConfigError` (setting ``tasks``) for
    an empty list, a malformed item, a count that is not a positive whole number, or a benchmark named twice."""
    specs: List[TaskSpec] = []
    for item in text.split(","):
        if not item.strip():
            continue
        match = _SPEC.match(item)
        if match is None:
            raise ConfigError("tasks", f"takes NAME or NAME:N items separated by commas, not {item.strip()!r}")
        name, count = match.group(1), match.group(2)
        n = None
        if count is not None:
            if not count.isdigit() or int(count) < 1:
                raise ConfigError("tasks", f"gives {name} a sample count of {count!r}: it must be a whole number of "
                                           f"at least 1")
            n = int(count)
        if any(s.name == name for s in specs):
            raise ConfigError("tasks", f"names {name} twice")
        specs.append(TaskSpec(name, n))
    if not specs:
        raise ConfigError("tasks", f"names no benchmark: {text!r}")
    return specs


def seeds_for(seed: Optional[int], count: int, n: int) -> List[Optional[int]]:
    """The base seed of each of ``count`` runs of ``n`` samples per problem: ``[seed]`` for one run, else
    ``SEED + j*n`` for run j (``SEED`` 0 when None)."""
    if count < 1:
        raise ConfigError("seeds", f"must be at least 1, not {count}")
    if count == 1:
        return [seed]
    base = seed or 0
    return [base + j * n for j in range(count)]


def run_folder(out: str, task: str, seed: Optional[int], *, alone: bool, seeds: int) -> str:
    """The run directory of ``task`` and ``seed`` under ``out`` (``out`` itself when the run is ``alone``)."""
    if alone:
        return out
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", task).strip("._") or "task"
    return os.path.join(out, name if seeds == 1 else f"{name}-seed{seed}")


@dataclass
class Planned:
    """One run of a plan: its settings, its directory, and the label of its progress lines."""

    settings: EvalSettings
    out_dir: str
    label: str = ""


def evaluate_all(plan: Sequence[Planned], *, progress: bool = False, log_every: Optional[float] = None,
                 on_done: Optional[Callable[[Planned, RunOutcome], None]] = None) -> List[Tuple[Planned, RunOutcome]]:
    """Run the plan in order; stop after a run that did not finish (Ctrl-C, SIGTERM). ``on_done`` is called after
    each run. Returns each run started with its outcome."""
    done: List[Tuple[Planned, RunOutcome]] = []
    for planned in plan:
        outcome = evaluate(planned.settings, planned.out_dir, progress=progress, log_every=log_every,
                           label=planned.label)
        done.append((planned, outcome))
        if on_done is not None:
            on_done(planned, outcome)
        if not outcome.complete:
            break
    return done


def write_summary(out: str, summary: Dict[str, Any]) -> Tuple[str, Optional[str]]:
    """Write ``OUT/summary.json``; an earlier one is kept, renamed with the time its runs started. Returns the path
    written and the earlier one's new path (None if there was none)."""
    path = os.path.join(out, SUMMARY)
    kept = None
    if os.path.exists(path):
        previous = _read(path)
        kept = keep_file(path, time_stamp(previous.get("started_at") if previous else None, path))
    RunDir(out).write_json(SUMMARY, summary)
    return path, kept


def _read(path: str) -> Optional[Dict[str, Any]]:
    import json

    try:
        with open(path, encoding="utf-8") as f:
            value = json.load(f)
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) else None
