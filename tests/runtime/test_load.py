"""Verdicts do not depend on load: the same rows get the same verdicts (status and rule) idle and with every core
saturated by other processes (busy loops started by the test where cores are idle), in a fresh process (whose worker pool starts during the run) and with a 1 s limit.

The busy loops are real processes started by the test and always stopped. No timing assertion: the point is that
the verdicts are equal, not how long they took.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections import Counter
from typing import Iterator, List

from _paths import DATA

ROWS = DATA / "symbolic_rows.jsonl"

_GRADE_SCRIPT = """
import json, sys
import mathgrade
rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
verdicts = [mathgrade.grade(r["output"], r["gold"], timeout=1.0) for r in rows]
print(json.dumps([[v.status.value, v.rule] for v in verdicts]))
"""


def _grade_in_a_fresh_process() -> List[List[str]]:
    proc = subprocess.run([sys.executable, "-c", _GRADE_SCRIPT, str(ROWS)], capture_output=True, text=True,
                          timeout=900)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 2)


def _runnable() -> int:
    """Processes running or ready to run, now (the median of a few samples of /proc/loadavg; 0 elsewhere)."""
    samples = []
    for _ in range(5):
        try:
            with open("/proc/loadavg") as f:
                samples.append(int(f.read().split()[3].split("/")[0]) - 1)  # without this reader
        except (OSError, ValueError, IndexError):
            return 0
        time.sleep(0.1)
    return sorted(samples)[len(samples) // 2]


@contextlib.contextmanager
def saturated() -> Iterator[int]:
    """Every core busy while the block runs: busy loops for the cores other processes leave idle (none when the
    machine is already saturated, e.g. by the CI step that runs the suite under load). Always stopped."""
    n = max(0, _cores() - _runnable())
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]
    try:
        yield n
    finally:
        for p in loops:
            p.kill()
        for p in loops:
            p.wait()


def test_same_verdicts_idle_and_with_every_core_saturated() -> None:
    idle = _grade_in_a_fresh_process()
    with saturated():
        loaded = _grade_in_a_fresh_process()
    changed = [(i, idle[i], loaded[i]) for i in range(len(idle)) if idle[i] != loaded[i]]
    assert changed == []
    # The rows are varied enough for this equality to mean something, and none is near the limit when idle.
    assert len(idle) == 200
    statuses = Counter(status for status, _ in idle)
    rules = Counter(rule for _, rule in idle)
    assert statuses["correct"] >= 80 and statuses["incorrect"] >= 80
    assert "timeout" not in statuses and "error" not in statuses
    assert rules["expression.symbolic"] >= 80 and len(rules) >= 6
