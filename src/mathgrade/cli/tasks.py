"""``mathgrade tasks``: list the bundled benchmark tasks with their sizes and sources."""

from __future__ import annotations

import click

from . import Command

__all__ = ["command"]


@click.command("tasks", cls=Command,
               help="List the benchmark tasks bundled with mathgrade: name, problems, the breakdowns they allow, the "
                    "few-shot template of completion mode, and where they come from (details in "
                    "src/mathgrade/data/tasks/SOURCES.md).")
def command() -> int:
    from ..evaluation.tasks import BUNDLED, load_task

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
