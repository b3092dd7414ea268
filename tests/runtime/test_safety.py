"""Safety: grade() under threads, runaway inputs, a real time limit (run_bounded), determinism across hash seeds.

No timing assertions: wall-clock checks use bounds far above the time limit, only to catch work that never stops.
Functions run by run_bounded's worker processes are module-level functions of this file (workers import it).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from typing import Any, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mathgrade
from mathgrade import Status, Verdict, runtime
from mathgrade.limits import Deadline, GradingTimeout
from mathgrade.runtime import run_bounded

ALL_STATUSES = set(Status)
NOT_CORRECT = ALL_STATUSES - {Status.CORRECT}


# --- functions for the workers ---------------------------------------------------------------------------------


def _square(x: int) -> int:
    return x * x


def _spin(_: Any) -> None:
    while True:
        pass


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _raise_value_error() -> None:
    raise ValueError("raised in the worker")


def _die() -> None:
    os._exit(9)


def _pid() -> int:
    return os.getpid()


# --- run_bounded ---------------------------------------------------------------------------------------------------


def test_run_bounded_returns_the_result() -> None:
    assert run_bounded(_square, 12, deadline=Deadline(30)) == 144


def test_run_bounded_stops_runaway_work() -> None:
    t0 = time.monotonic()
    with pytest.raises(GradingTimeout):
        run_bounded(_spin, 0, deadline=Deadline(0.5))
    assert time.monotonic() - t0 < 20  # generous: the point is that it returns at all
    # The killed worker is replaced: the next call works.
    assert run_bounded(_square, 3, deadline=Deadline(30)) == 9


def test_run_bounded_past_deadline_raises_without_running() -> None:
    deadline = Deadline(0.0)
    with pytest.raises(GradingTimeout):
        run_bounded(_square, 2, deadline=deadline)


def test_run_bounded_passes_exceptions_through() -> None:
    with pytest.raises(ValueError, match="raised in the worker"):
        run_bounded(_raise_value_error, deadline=Deadline(30))


def test_run_bounded_reports_a_dead_worker() -> None:
    with pytest.raises(RuntimeError, match="died"):
        run_bounded(_die, deadline=Deadline(30))
    assert run_bounded(_square, 4, deadline=Deadline(30)) == 16


def test_run_bounded_runs_out_of_process_and_leaves_signals_alone() -> None:
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM, signal.SIGCHLD)}
    assert run_bounded(_pid, deadline=Deadline(30)) != os.getpid()
    with pytest.raises(GradingTimeout):
        run_bounded(_spin, 0, deadline=Deadline(0.3))
    after = {s: signal.getsignal(s) for s in before}
    assert after == before


def test_run_bounded_in_threads() -> None:
    results: List[Any] = [None] * 24
    errors: List[BaseException] = []

    def work(i: int) -> None:
        try:
            if i % 8 == 0:
                try:
                    run_bounded(_spin, 0, deadline=Deadline(0.5))
                    results[i] = "finished?"
                except GradingTimeout:
                    results[i] = "timeout"
            else:
                results[i] = run_bounded(_square, i, deadline=Deadline(60))
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors
    assert not any(t.is_alive() for t in threads)
    assert results == ["timeout" if i % 8 == 0 else i * i for i in range(24)]


def test_no_zombie_or_extra_process_left_after_timeouts() -> None:
    for _ in range(3):
        with pytest.raises(GradingTimeout):
            run_bounded(_spin, 0, deadline=Deadline(0.3))
    assert run_bounded(_square, 5, deadline=Deadline(30)) == 25
    give_up = time.monotonic() + 20
    while True:
        zombies = _zombie_children()
        if not zombies or time.monotonic() > give_up:
            break
        time.sleep(0.1)
    assert zombies == []
    import multiprocessing

    workers = [p for p in multiprocessing.active_children() if p.name.endswith("pebble_pool_worker")]
    assert len(workers) <= runtime.current_pool().workers  # type: ignore[union-attr]


def test_pool_is_recreated_in_a_forked_child() -> None:
    assert run_bounded(_square, 6, deadline=Deadline(30)) == 36  # the parent's pool exists
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: use run_bounded, report, exit without running pytest's teardown
        try:
            value = run_bounded(_square, 7, deadline=Deadline(30))
            other = run_bounded(_pid, deadline=Deadline(30))
            os.write(write_fd, json.dumps([value, other != os.getpid()]).encode())
        finally:
            runtime._shared._shutdown()
            os._exit(0)
    os.close(write_fd)
    give_up = time.monotonic() + 60
    while os.waitpid(pid, os.WNOHANG) == (0, 0):
        if time.monotonic() > give_up:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail("the forked child did not finish")
        time.sleep(0.05)
    with os.fdopen(read_fd) as f:
        assert json.loads(f.read()) == [49, True]
    assert run_bounded(_square, 8, deadline=Deadline(30)) == 64  # the parent's pool still works


def test_killed_workers_are_replaced_and_the_wait_is_not_charged() -> None:
    import multiprocessing

    assert run_bounded(_square, 2, deadline=Deadline(30)) == 4
    # Kill every worker from outside, as the OOM killer would: the next call waits for the replacements (a start is
    # not charged to its time limit, however slow the machine) and gets its result the first time.
    for p in multiprocessing.active_children():
        if p.name.endswith("pebble_pool_worker") and p.pid:
            try:
                os.kill(p.pid, signal.SIGKILL)
            except ProcessLookupError:  # (it ended between the listing and the kill: the race is not the point)
                pass
    assert run_bounded(_square, 11, deadline=Deadline(1.0)) == 121


def _zombie_children() -> List[int]:
    me = str(os.getpid())
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        state, ppid = fields[0], fields[1]
        if ppid == me and state == "Z":
            found.append(int(entry))
    return found


# --- grade() never raises, stops runaway inputs ----------------------------------------------------------------------

RUNAWAY = [
    "9^{9^{9^9}}",
    "2^{2^{2^{2^{2^2}}}}",
    "10^{10^{10^{10}}}",
    "(" * 10_000 + "1" + ")" * 10_000,
    "{" * 10_000 + "1" + "}" * 10_000,
    "\\frac{" * 3_000 + "1" + "}{2}" * 3_000,
    "\\sqrt{" * 5_000 + "2" + "}" * 5_000,
    "x^" * 5_000 + "2",
    "1" * 100_000,
    "9" * 5_000 + "!",
    "\\sin(10^{10^{6}})",
    "(x+1)^{100000}",
    "\\boxed{" * 2_000 + "7" + "}" * 2_000,
]


@pytest.mark.parametrize("text", RUNAWAY, ids=lambda t: t[:24])
def test_runaway_answer_ends_within_the_limit(text: str) -> None:
    for output, gold in ((f"The answer is $\\boxed{{{text}}}$.", "7"), ("7", text), (text, text)):
        t0 = time.monotonic()
        v = mathgrade.grade(output, gold, timeout=2.0)
        elapsed = time.monotonic() - t0
        assert isinstance(v, Verdict)
        assert v.status in ALL_STATUSES
        if (output == "7" or gold == "7") and "7" not in text:
            assert not v.correct  # none of these values is 7
        assert elapsed < 2.0 + 15  # generous; catches work that is never stopped


def test_megabyte_output() -> None:
    output = ("Let me think about this carefully. " * 30_000)[:1_000_000] + " The answer is $\\boxed{42}$."
    t0 = time.monotonic()
    v = mathgrade.grade(output, "42", timeout=2.0)
    assert isinstance(v, Verdict) and v.status in ALL_STATUSES
    assert time.monotonic() - t0 < 2.0 + 30
    wrong = mathgrade.grade(output.replace("{42}", "{41}"), "42", timeout=2.0)
    assert not wrong.correct


@settings(max_examples=150, deadline=None, derandomize=True)
@given(output=st.text(max_size=300), gold=st.text(max_size=60))
def test_grade_never_raises(output: str, gold: str) -> None:
    v = mathgrade.grade(output, gold, timeout=2.0)
    assert isinstance(v, Verdict)
    assert v.correct == (v.status == Status.CORRECT)


LATEXISH = st.text(alphabet="0123456789+-*/^_{}()[]\\,.=<>xyzabcfrqtsinpo ", max_size=120)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(output=LATEXISH, gold=LATEXISH)
def test_grade_never_raises_on_latexish_text(output: str, gold: str) -> None:
    v = mathgrade.grade("$\\boxed{" + output + "}$", gold, timeout=2.0)
    assert isinstance(v, Verdict)
    assert v.correct == (v.status == Status.CORRECT)


# --- threads and determinism -----------------------------------------------------------------------------------------

CASES: List[Tuple[str, str]] = [
    ("42", "42"),
    ("41", "42"),
    ("The answer is $\\boxed{\\frac{9}{7}}$.", "\\frac{9}{7}"),
    ("The answer is $\\boxed{\\frac{9}{8}}$.", "\\frac{9}{7}"),
    ("So $x = 3$.", "3"),
    ("The final answer is $(1, 2]$.", "(1,2]"),
    ("The final answer is $[1, 2]$.", "(1,2]"),
    ("Answer: $\\sqrt{2}/2$", "\\frac{\\sqrt{2}}{2}"),
    ("Answer: $x^2+2x+1$", "(x+1)^2"),
    ("Answer: $x^2+2x+2$", "(x+1)^2"),
    ("We get \\boxed{\\{1,2,3\\}}", "\\{3,2,1\\}"),
    ("We get \\boxed{0.5}", "\\frac12"),
    ("We get \\boxed{50\\%}", "0.5"),
    ("Therefore the answer is B.", "B"),
    ("no answer here at all", "7"),
    ("\\boxed{2} or \\boxed{3}", "2"),
    ("The total is $1{,}000$ dollars.", "1000"),
    ("\\boxed{\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}"),
    ("$\\boxed{y=2x+1}$", "y=2x+1"),
    ("\\boxed{\\text{Evelyn}}", "\\text{Evelyn}"),
]


def _sig(v: Verdict) -> Tuple[Any, ...]:
    return (v.correct, v.status, v.rule, v.answer.text if v.answer else None)


def test_obvious_cases_first() -> None:
    assert mathgrade.grade("42", "42").correct
    assert not mathgrade.grade("41", "42").correct


def test_threads_give_the_sequential_verdicts() -> None:
    expected = [_sig(mathgrade.grade(o, g)) for o, g in CASES]
    calls = [(i % len(CASES)) for i in range(3200)]
    got: List[Any] = [None] * len(calls)
    errors: List[BaseException] = []
    lock = threading.Lock()
    cursor = iter(range(len(calls)))

    def worker() -> None:
        while True:
            with lock:
                k = next(cursor, None)
            if k is None:
                return
            o, g = CASES[calls[k]]
            try:
                got[k] = _sig(mathgrade.grade(o, g))
            except BaseException as exc:  # noqa: BLE001 - collected for the assertion
                errors.append(exc)
                return

    threads = [threading.Thread(target=worker) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not errors
    assert got == [expected[c] for c in calls]


_SEED_SCRIPT = """
import json, sys
import mathgrade
cases = json.loads(sys.stdin.read())
print(json.dumps([mathgrade.grade(o, g).to_dict() for o, g in cases], sort_keys=True))
"""


def test_same_verdicts_under_different_hash_seeds() -> None:
    outputs = []
    for seed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        proc = subprocess.run([sys.executable, "-c", _SEED_SCRIPT], input=json.dumps(CASES), env=env,
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert len(json.loads(outputs[0])) == len(CASES)


_DYING_WORKERS_SCRIPT = """
import operator, sys, warnings
warnings.simplefilter("always")
import mathgrade.runtime._pool
from mathgrade.limits import Deadline
from mathgrade.runtime import run_bounded
mathgrade.runtime._pool._start_worker = sys.exit  # every worker dies as it starts
print([run_bounded(operator.mul, 6, i, deadline=Deadline(30)) for i in range(4)])
"""


def test_run_bounded_works_when_workers_cannot_start() -> None:
    # Workers that die at start (here: their initializer exits) must not be started again and again: run_bounded
    # runs the work in-process and warns once.
    proc = subprocess.run([sys.executable, "-c", _DYING_WORKERS_SCRIPT], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[0, 6, 12, 18]"
    assert proc.stderr.count("RuntimeWarning: mathgrade could not start worker processes") == 1
