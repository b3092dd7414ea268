"""Inside a daemonic process, which Python forbids to start processes (a ``multiprocessing.Pool`` worker,
``Process(daemon=True)``: where ``datasets.map(num_proc=...)`` runs), grading still works: symbolic rows are graded
in the process itself, under a time limit that still holds, never ``error``; ``warm_up()`` and
``grade_many(workers=2)`` do not raise. With both start methods that start a fresh interpreter (spawn, forkserver).

Real processes: a script run by a fresh interpreter starts the daemonic process and reports what happened there.
"""

from __future__ import annotations

import json
import multiprocessing
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict

import pytest

import mathgrade

ROWS = [("So $\\boxed{\\frac{x^2-1}{x-1}}$.", "x+1"), ("So $\\boxed{\\frac{x^2-1}{x-1}}$.", "x+2"),
        ("$\\boxed{\\sin^2 x + \\cos^2 x}$", "1"), ("$\\boxed{(x+1)^2}$", "x^2+2x+1"), ("The answer is 42.", "42"),
        ("It is $\\boxed{[2, 5)}$.", "[2,5)"), ("$\\boxed{x^2 - 4 < 0}$", "(-2, 2)")]
"""Symbolic rows of several kinds (a cancellation, trigonometry, an expansion, a solved inequality), and plain ones."""

SCRIPT = r'''
import json, multiprocessing as mp, sys, time

ROWS = ROWS_HERE


def calls(depth):
    return depth if depth < 1 else calls(depth - 1)


def runaway():
    """Work made of Python calls (as sympy's is) that never ends."""
    while True:
        calls(20)


def report(_=None):
    import mathgrade
    from mathgrade.errors import GradingTimeout
    from mathgrade.limits import Deadline
    from mathgrade.runtime import run_bounded, unusable

    out = {"daemon": mp.current_process().daemon, "unusable": unusable()}
    mathgrade.warm_up()
    out["grade"] = [[v.status.value, v.rule] for v in (mathgrade.grade(o, g, timeout=5.0) for o, g in ROWS)]
    out["many"] = [[v.status.value, v.rule] for v in mathgrade.grade_many(ROWS * 30, workers=2, timeout=5.0)]
    t = time.monotonic()
    try:
        run_bounded(runaway, deadline=Deadline(0.5))
        out["runaway"] = "finished"
    except GradingTimeout:
        out["runaway"] = "timeout"
    out["runaway_seconds"] = time.monotonic() - t
    out["children"] = len(mp.active_children())
    return out


def in_process(queue):
    queue.put(report())


if __name__ == "__main__":
    ctx = mp.get_context(sys.argv[1])
    with ctx.Pool(1) as pool:
        from_pool = pool.apply(report)
    queue = ctx.Queue()
    p = ctx.Process(target=in_process, args=(queue,), daemon=True)
    p.start()
    from_process = queue.get(timeout=600)
    p.join(60)
    print(json.dumps({"pool": from_pool, "process": from_process}))
'''


def _run(method: str, tmp_path: Path) -> Dict[str, Any]:
    script = tmp_path / "daemonic.py"
    script.write_text(SCRIPT.replace("ROWS_HERE", repr(ROWS)))
    proc = subprocess.run([sys.executable, str(script), method], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "Warning" not in proc.stderr, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_symbolic_rows_are_graded_inside_a_daemonic_process(method: str, tmp_path: Path) -> None:
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} here")
    expected = [[v.status.value, v.rule] for v in (mathgrade.grade(o, g, timeout=5.0) for o, g in ROWS)]
    assert [s for s, _ in expected] == ["correct", "incorrect", "correct", "correct", "correct", "correct",
                                        "correct"]
    got = _run(method, tmp_path)
    for where in ("pool", "process"):
        report = got[where]
        assert report["daemon"] is True and "daemonic" in report["unusable"]
        assert report["grade"] == expected  # the verdicts and rules of a process that has workers
        assert report["many"] == expected * 30
        # The time limit still holds without workers: runaway work is stopped (generous bound: a busy machine).
        assert report["runaway"] == "timeout" and report["runaway_seconds"] < 30
        assert report["children"] == 0


def test_the_in_process_bound_never_stops_an_import_half_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The in-process bound (a daemonic process's) that runs out during an import lets the import finish and stops
    the work right after: stopped half-way, an import leaves its package half made (issue 24 item 3, found in this
    round: after a time limit ran out while sympy loaded, every later symbolic row in the process was ``error``,
    ``module 'sympy' has no attribute 'polys'``)."""
    from mathgrade.errors import GradingTimeout
    from mathgrade.limits import Deadline
    from mathgrade.runtime._bounded import _bounded_here

    (tmp_path / "slow_to_import_pkg").mkdir()
    (tmp_path / "slow_to_import_pkg" / "__init__.py").write_text(
        "import time\n"
        "def _calls(n):\n"
        "    return n if n < 1 else _calls(n - 1)\n"
        "_end = time.monotonic() + 0.5\n"
        "while time.monotonic() < _end:\n"
        "    _calls(20)\n"
        "from . import part\n")
    (tmp_path / "slow_to_import_pkg" / "part.py").write_text("VALUE = 7\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    def load() -> int:
        import slow_to_import_pkg

        while True:  # (work made of calls, which the bound sees, that never ends once the import is done)
            slow_to_import_pkg._calls(slow_to_import_pkg.part.VALUE)

    with pytest.raises(GradingTimeout):
        _bounded_here(load, (), Deadline(0.05))
    done = sys.modules.get("slow_to_import_pkg")  # (an import stopped half-way is taken out of sys.modules)
    assert done is not None and done.part.VALUE == 7


_AFTER_TIMEOUTS = r'''
import json, multiprocessing as mp, sys

ROWS = ROWS_HERE


def report(_=None):
    import mathgrade
    out = {"daemon": mp.current_process().daemon, "short": []}
    for timeout in (0.05, 0.1, 0.2, 0.4, 0.8):  # (limits that ran out while sympy loaded, before it was loaded
                                                # ahead of the first bounded work)
        v = mathgrade.grade(*ROWS[-1], timeout=timeout)
        out["short"].append(v.status.value)
    out["grade"] = [[v.status.value, v.rule] for v in (mathgrade.grade(o, g, timeout=5.0) for o, g in ROWS)]
    return out


if __name__ == "__main__":
    with mp.get_context("spawn").Pool(1) as pool:
        print(json.dumps(pool.apply(report)))
'''


def test_time_limits_running_out_while_sympy_loads_harm_no_later_row(tmp_path: Path) -> None:
    if "spawn" not in multiprocessing.get_all_start_methods():
        pytest.skip("no spawn here")
    expected = [[v.status.value, v.rule] for v in (mathgrade.grade(o, g, timeout=5.0) for o, g in ROWS)]
    script = tmp_path / "after_timeouts.py"
    script.write_text(_AFTER_TIMEOUTS.replace("ROWS_HERE", repr(ROWS)))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["daemon"] is True
    assert "error" not in got["short"], got["short"]
    assert got["grade"] == expected
