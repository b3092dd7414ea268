"""``mathgrade tasks``: list the bundled benchmark tasks with their sizes and sources."""

from __future__ import annotations

import argparse
from typing import Any

from .tasks import BUNDLED, load_task

__all__ = ["add_command", "run"]


def add_command(subparsers: Any, epilog: str) -> None:
    """Add ``mathgrade tasks`` to the command line."""
    p = subparsers.add_parser("tasks", help="list the bundled benchmark tasks (for mathgrade eval --task)",
                              description="List the benchmark tasks bundled with mathgrade: name, problems, the "
                                          "breakdowns they allow, the few-shot template of completion mode, and "
                                          "where they come from (details in src/mathgrade/data/tasks/SOURCES.md).",
                              epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rows = [("task", "problems", "by", "few-shot", "what", "source")]
    for name, info in BUNDLED.items():
        task = load_task(name)
        by = "/".join(k for k, present in (("subject", any(p.subject for p in task.problems)),
                                          ("level", any(p.level is not None for p in task.problems))) if present)
        rows.append((name, str(len(task)), by or "-", info.few_shot, info.description, info.source))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for r in rows:
        print("  ".join(c.ljust(w) if i != 1 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) + "  " + r[-1])
    return 0
