"""Verdicts do not depend on load: the same rows get the same verdicts idle and with every core saturated by other
processes (busy loops started by the test where cores are idle), each time in a fresh process (whose worker pool
starts during the run): the 200 symbolic rows with a 1 s limit (status and rule), and 20,000 varied rows through
``grade_many`` with its defaults (status, rule and reason).

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
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

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


_MANY_SCRIPT = """
import json, sys
import mathgrade
rows = json.load(open(sys.argv[1], encoding="utf-8"))
print(json.dumps([[v.status.value, v.rule, v.reason] for v in mathgrade.grade_many(rows)]))
"""


def _varied_rows(n: int) -> List[Tuple[str, str]]:
    """``n`` rows of many kinds, the same every time: the 200 symbolic rows, and the same outputs against the next
    row's gold (mostly different); then, in turn, real model outputs with their gold (GSM8K, MATH, Sky-T1 chains of
    thought up to 40,000 characters), real gold answers of many kinds boxed against themselves and against the next
    one, and real outputs against another row's gold. Files: tests/data/SOURCES.md."""
    def jsonl(name: str) -> List[Dict[str, Any]]:
        return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]

    symbolic = [(r["output"], r["gold"]) for r in jsonl("symbolic_rows.jsonl")]
    real = ([(r["text"], r["gold"]) for r in jsonl("extract_outputs.jsonl")]
            + [(r["text"], r["gold"]) for r in jsonl("replay_outputs.jsonl")]
            + [(r["response"], r["gold"]) for r in jsonl("report_samples.jsonl")])
    golds = [r["gold"] for r in jsonl("gold_answers.jsonl")]
    rows = symbolic + [(symbolic[i][0], symbolic[(i + 1) % len(symbolic)][1]) for i in range(len(symbolic))]
    k = 0
    while len(rows) < n:
        kind, i = k % 4, k // 4
        if kind == 0:
            rows.append(real[i % len(real)])
        elif kind == 1:
            rows.append((f"Step {i}. So the answer is $\\boxed{{{golds[i % len(golds)]}}}$.", golds[i % len(golds)]))
        elif kind == 2:
            rows.append((f"Step {i}. So the answer is $\\boxed{{{golds[i % len(golds)]}}}$.",
                         golds[(i + 1) % len(golds)]))
        else:
            rows.append((real[i % len(real)][0], real[(7 * i + 3) % len(real)][1]))
        k += 1
    return rows


def _grade_many_in_a_fresh_process(path: Path) -> List[List[str]]:
    proc = subprocess.run([sys.executable, "-c", _MANY_SCRIPT, str(path)], capture_output=True, text=True,
                          timeout=1800)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_20000_varied_rows_get_the_same_verdicts_rules_and_reasons_idle_and_saturated(tmp_path: Path) -> None:
    rows = _varied_rows(20_000)
    path = tmp_path / "rows.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    idle = _grade_many_in_a_fresh_process(path)
    with saturated():
        loaded = _grade_many_in_a_fresh_process(path)
    assert len(idle) == len(loaded) == 20_000
    changed = [(i, idle[i], loaded[i]) for i in range(len(idle)) if idle[i] != loaded[i]]
    assert changed == []
    # The rows are varied enough for this equality to mean something, and none is near the limit when idle.
    statuses = Counter(status for status, _, _ in idle)
    rules = Counter(rule for _, rule, _ in idle)
    assert statuses["correct"] >= 4000 and statuses["incorrect"] >= 4000
    assert "timeout" not in statuses and "error" not in statuses
    assert rules["expression.symbolic"] >= 100 and len(rules) >= 15
