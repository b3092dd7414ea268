"""Evaluate a model on a math benchmark: ``mathgrade eval`` and ``mathgrade tasks``, and their Python API.

Modules, in the order data flows::

    tasks ─▶ prompts ─▶ client ⇄ cache ─▶ (live) ─▶ scoring ─▶ metrics ─▶ rundir ─▶ summary
                          predictions ───────────────┘                 (suite: several runs)

- :mod:`.tasks`: the bundled benchmarks, task files and Hugging Face datasets, as :class:`Task` / :class:`Problem`;
- :mod:`.prompts`: the prompt of each problem (chat or few-shot completion);
- :mod:`.client`: the async OpenAI-compatible client (aiohttp: ``pip install '.[eval]'``), retries;
- :mod:`.cache`: the SQLite response cache; :mod:`.live`: the pipeline of a live run;
- :mod:`.predictions`: generations made elsewhere, read as samples;
- :mod:`.scoring`: grading, answer clusters and ``samples.jsonl`` rows; :mod:`.metrics`: pass@k, maj@k, results;
- :mod:`.progress`: the bar or the log lines; :mod:`.rundir`: the run directory (never overwritten), the default
  output folder, the newest run; :mod:`.run`: :func:`evaluate` and :func:`rescore`;
- :mod:`.suite`: several benchmarks and seeds in one go; :mod:`.summary`: their markdown table and JSON.

The commands ``mathgrade eval`` and ``mathgrade tasks`` are in :mod:`mathgrade.cli` (they import this package).

The run directory's format is documented in docs/eval.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import exports

if TYPE_CHECKING:  # pragma: no cover - for type checkers; at run time the names load on first use
    from ..errors import EndpointError
    from .client import RetryPolicy, Sampling
    from .metrics import majority_correct, pass_at_k
    from .predictions import PredictionFields
    from .prompts import INSTRUCTION, Prompter, Template, load_template
    from .run import EvalSettings, RunOutcome, evaluate, rescore
    from .tasks import BUNDLED, Fields, Problem, Task, load_hf_dataset, load_task, load_task_file

__all__ = [
    "evaluate", "rescore", "EvalSettings", "RunOutcome",
    "Task", "Problem", "Fields", "BUNDLED", "load_task", "load_task_file", "load_hf_dataset",
    "Prompter", "Template", "load_template", "INSTRUCTION",
    "Sampling", "RetryPolicy", "EndpointError", "PredictionFields",
    "pass_at_k", "majority_correct",
]

_WHERE = {
    "evaluate": ".run", "rescore": ".run", "EvalSettings": ".run", "RunOutcome": ".run",
    "Task": ".tasks", "Problem": ".tasks", "Fields": ".tasks", "BUNDLED": ".tasks", "load_task": ".tasks",
    "load_task_file": ".tasks", "load_hf_dataset": ".tasks",
    "Prompter": ".prompts", "Template": ".prompts", "load_template": ".prompts", "INSTRUCTION": ".prompts",
    "Sampling": ".client", "RetryPolicy": ".client", "EndpointError": "..errors",
    "PredictionFields": ".predictions", "pass_at_k": ".metrics", "majority_correct": ".metrics",
}
"""The module that defines each public name, imported the first time the name is used (importing the package
does not import the client)."""


__getattr__, __dir__ = exports(__name__, _WHERE, __all__)
