"""Verdicts and time limits on a busy machine: the same rows graded idle and with every core saturated.

Usage (from the repository root)::

    python bench/bench_load.py [--timeout 1.0] [--busy N] [--rounds 3]

Each round grades the 200 symbolic rows of ``tests/data/symbolic_rows.jsonl`` (our own templates, see
``bench/make_symbolic_rows.py``) twice, each time in a fresh process with ``timeout`` seconds per row: once as the
machine is, once with ``N`` busy-loop processes (default: one per core) started by this script and stopped after.
It prints:

- the share of rows whose verdict (status or rule) differs between the idle and the loaded run (goal 0);
- the worst overrun of the time limit under load: for every graded row, its time past ``timeout`` (rows that finish
  early count 0); and for bounded work that never ends (:func:`mathgrade.runtime.run_bounded` of a Python-level sleep
  and of a C-level ``math.factorial`` that ignores signals until done), the time from the call to its
  ``GradingTimeout`` past the limit (goal <= 0.25 s), and how long the next call (a trivial job) takes: after the
  second runaway both workers are being replaced, and that wait (charged to no limit) is the start of a worker;
- the time a fresh process waits for its workers to start (``mathgrade.warm_up()``), which is charged to no row;
- the worst time of each symbolic step of :data:`mathgrade.compare._sympy.STEPS` on the rows' symbolic jobs, idle
  (what the budget's table must stay above).

The machine this runs on may be shared: the "idle" run is idle only as far as other users allow; say so with the
numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List

ROOT = Path(__file__).resolve().parent.parent
ROWS = ROOT / "tests" / "data" / "symbolic_rows.jsonl"


# --- in the child process ---------------------------------------------------------------------------------------


def child(timeout: float) -> None:
    """Grade every row in this fresh process; print one JSON object with verdicts and times."""
    import math

    import mathgrade
    from mathgrade.limits import Deadline, GradingTimeout
    from mathgrade.runtime import run_bounded

    rows = [json.loads(line) for line in ROWS.read_text(encoding="utf-8").splitlines() if line.strip()]
    t0 = time.perf_counter()
    mathgrade.warm_up()
    start_up = time.perf_counter() - t0
    verdicts, overruns = [], []
    for row in rows:
        t = time.perf_counter()
        v = mathgrade.grade(row["output"], row["gold"], timeout=timeout)
        elapsed = time.perf_counter() - t
        verdicts.append([v.status.value, v.rule])
        overruns.append(max(0.0, elapsed - timeout))
    runaway: Dict[str, float] = {}
    after: Dict[str, float] = {}
    for name, fn, args in (("sleep (Python level)", time.sleep, (3600,)),
                           ("factorial (C level)", math.factorial, (10**8,))):
        t = time.perf_counter()
        try:
            run_bounded(fn, *args, deadline=Deadline(timeout))
        except GradingTimeout:
            pass
        runaway[name] = time.perf_counter() - t - timeout
        t = time.perf_counter()  # the next call, while the stopped worker is being replaced
        run_bounded(abs, -1, deadline=Deadline(timeout))
        after[name] = time.perf_counter() - t
    print(json.dumps({"start_up": start_up, "verdicts": verdicts, "overruns": overruns, "runaway": runaway,
                      "after": after}))


def step_costs() -> Dict[str, float]:
    """Worst seconds of each symbolic step on the rows' symbolic jobs, cold caches, in this process."""
    import mathgrade
    import mathgrade.compare._core as core
    import mathgrade.runtime._pool as pool
    from mathgrade.compare import _sympy

    jobs: List[Any] = []
    real = core.run_bounded

    def record(fn: Any, *args: Any, deadline: Any) -> Any:
        jobs.append(args)  # (job, job_args, timeout) of within_budget
        return real(fn, *args, deadline=deadline)

    core.run_bounded = record  # type: ignore[assignment]
    try:
        for row in map(json.loads, ROWS.read_text(encoding="utf-8").splitlines()):
            mathgrade.grade(row["output"], row["gold"], timeout=30.0)
    finally:
        core.run_bounded = real  # type: ignore[assignment]
    import sympy
    from sympy.core.cache import clear_cache

    worst: Dict[str, float] = {}
    pool._in_worker = True  # run the jobs here, one step at a time

    def timed(name: str, fn: Any, *args: Any) -> None:
        clear_cache()
        t = time.perf_counter()
        try:
            fn(*args)
        except Exception:  # noqa: BLE001 - a failing step still took its time
            pass
        worst[name] = max(worst.get(name, 0.0), time.perf_counter() - t)

    for job, args, _ in jobs:
        if job is _sympy.difference_is_zero:
            symbols: Dict[str, Any] = {}
            diff = _sympy.to_sympy(args[0], symbols) - _sympy.to_sympy(args[1], symbols)
            for name in ("expand", "cancel", "trigsimp", "simplify"):
                timed(name, getattr(sympy, name), diff)
        else:
            timed("sets", job, *args)
    return worst


# --- the driver ---------------------------------------------------------------------------------------------------


def run_child(timeout: float) -> Dict[str, Any]:
    proc = subprocess.run([sys.executable, __file__, "--child", str(timeout)], capture_output=True, text=True,
                          cwd=ROOT, timeout=3600)
    if proc.returncode != 0:
        raise SystemExit(f"the grading process failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def busy_loops(n: int) -> List[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def stop(procs: List[subprocess.Popen]) -> None:
    for p in procs:
        p.kill()
    for p in procs:
        p.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=1.0, help="time limit per row (default 1.0 s)")
    parser.add_argument("--busy", type=int, default=len(os.sched_getaffinity(0)),
                        help="busy-loop processes during the loaded run (default: one per core)")
    parser.add_argument("--rounds", type=int, default=3, help="idle/loaded pairs of runs (default 3)")
    parser.add_argument("--child", type=float, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child)
        return
    print(f"# {ROWS.name}: {sum(1 for _ in ROWS.open())} rows, timeout {args.timeout:g} s, "
          f"{args.busy} busy loops when loaded, {args.rounds} rounds; load average before: {os.getloadavg()[0]:.1f}")
    changed_total = rows_total = 0
    worst_row = worst_runaway = worst_after = 0.0
    start_ups: Dict[str, List[float]] = {"idle": [], "loaded": []}
    for r in range(args.rounds):
        idle = run_child(args.timeout)
        procs = busy_loops(args.busy)
        try:
            time.sleep(1.0)
            loaded = run_child(args.timeout)
        finally:
            stop(procs)
        changed = [i for i, (a, b) in enumerate(zip(idle["verdicts"], loaded["verdicts"])) if a != b]
        changed_total += len(changed)
        rows_total += len(idle["verdicts"])
        worst_row = max(worst_row, max(loaded["overruns"]))
        worst_runaway = max(worst_runaway, max(loaded["runaway"].values()))
        start_ups["idle"].append(idle["start_up"])
        start_ups["loaded"].append(loaded["start_up"])
        worst_after = max(worst_after, max(loaded["after"].values()))
        print(f"round {r + 1}: {len(changed)} of {len(idle['verdicts'])} verdicts changed {changed[:10]}; "
              f"worst row overrun {max(loaded['overruns']):.3f} s; runaway work overrun "
              + ", ".join(f"{k} {v:.3f} s" for k, v in loaded["runaway"].items())
              + "; the next call took " + ", ".join(f"{v:.3f} s" for v in loaded["after"].values()))
    print(f"verdicts changed between idle and loaded runs: {changed_total} of {rows_total} "
          f"({changed_total / max(1, rows_total):.2%})")
    print(f"worst overrun of the {args.timeout:g} s limit under load: graded rows {worst_row:.3f} s, "
          f"work that never ends {worst_runaway:.3f} s; a call right after one took at most {worst_after:.3f} s")
    print("workers' start-up (warm_up, charged to no row): idle "
          + "/".join(f"{s:.2f}" for s in start_ups["idle"]) + " s, loaded "
          + "/".join(f"{s:.2f}" for s in start_ups["loaded"]) + " s")
    costs = step_costs()
    from mathgrade.compare._sympy import STEPS

    print("symbolic steps, worst seconds idle (cold caches) vs the budget's table: "
          + ", ".join(f"{k} {v:.3f}/{STEPS[k].seconds:g}" for k, v in sorted(costs.items())))


if __name__ == "__main__":
    main()
