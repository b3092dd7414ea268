"""WorkerPool, the runtime's pool of worker processes (contract: start, ready, warm_up, grow, submit, close), and
rows graded on it (``mathgrade.rows.submit_rows``).

Real processes and real faults (SIGKILL from outside, a worker dying while it holds the lock of pebble's task
channel). A fault test provokes races (a worker killed while it starts, exits or takes a task): each is written to
pass whichever way the race goes (a process already gone is not an error). No timing assertions: where time
matters, the bounds are several seconds wide. Functions run by the workers are module-level functions of this file
(workers import it by name).
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
import sys
import time
from typing import Any, List, Tuple

import pytest

import mathgrade
from mathgrade import Status, Verdict
from mathgrade.options import Options, make_options
from mathgrade.rows import grade_pair, submit_rows
from mathgrade.runtime import PoolUnusable, WorkerPool

ROWS: List[Tuple[Any, Any]] = [
    ("The answer is $\\boxed{\\frac{3}{4}}$.", "0.75"),
    ("So $x \\in \\boxed{[2, 5)}$.", "[2,5)"),
    ("I think it is $\\boxed{x^2 + 2x + 1}$", "(x+1)^2"),
    ("I think it is $\\boxed{x^2 + 2x + 2}$", "(x+1)^2"),
    ("", "17"),
    ("It is $\\boxed{3}$ or maybe $\\boxed{4}$.", "3"),
    ("$\\boxed{\\sin^2 x + \\cos^2 x}$", "1"),
    (["not", "text"], "1"),
]


# --- functions for the workers ---------------------------------------------------------------------------------


def _state() -> Tuple[int, bool, bool]:
    """This worker's pid, and whether sympy and the grader are already loaded."""
    return os.getpid(), "sympy.simplify.trigsimp" in sys.modules, "mathgrade.grader" in sys.modules


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _square(x: int) -> int:
    return x * x


def _die_holding_the_channel_lock() -> None:
    """Take the lock of pebble's task channel, as a worker does while it takes a task, and die holding it."""
    frame = sys._getframe()
    while frame is not None and "channel" not in frame.f_locals:
        frame = frame.f_back  # type: ignore[assignment]
    assert frame is not None, "pebble's worker loop not found on the stack"
    frame.f_locals["channel"].mutex.acquire()
    os._exit(3)


def _slow_start_worker(ready: Any, memory_bytes: int, setups: Any) -> None:
    """A worker that takes 3 s longer than usual to start (spawned: the child's mathgrade.runtime._pool is
    unpatched)."""
    import mathgrade.runtime._pool

    time.sleep(3.0)
    mathgrade.runtime._pool._start_worker(ready, memory_bytes, setups)


def _grader(output: Any, gold: Any, options: Options) -> Verdict:
    """Grades normally, except that ``HANG`` never finishes and ``CRASH`` kills its worker."""
    if output == "HANG":
        while True:
            time.sleep(0.05)
    if output == "CRASH":
        os._exit(7)
    return grade_pair(output, gold, options)


@pytest.fixture(scope="module")
def pool() -> Any:
    with WorkerPool(2) as p:
        p.warm_up()
        yield p


# --- the contract ------------------------------------------------------------------------------------------------


def test_warm_up_starts_every_worker_warm_and_is_idempotent(pool: WorkerPool) -> None:
    pool.warm_up()  # again: returns at once
    states = {pool.submit(_state, timeout=30).result(timeout=120) for _ in range(20)}
    assert all(sympy and grader for _, sympy, grader in states)  # no task pays for imports
    assert len({pid for pid, _, _ in states}) <= 2


def test_submit_rows_gives_verdicts_in_order(pool: WorkerPool) -> None:
    options = make_options()
    future = submit_rows(pool, ROWS, options)
    assert isinstance(future, concurrent.futures.Future)
    seconds, got = future.result(timeout=120)
    assert seconds > 0
    assert got == [grade_pair(o, g, options) for o, g in ROWS]
    assert [v.status for v in got] == [Status.CORRECT, Status.CORRECT, Status.CORRECT, Status.INCORRECT,
                                       Status.NO_ANSWER, Status.AMBIGUOUS, Status.CORRECT, Status.BAD_ROW]
    assert submit_rows(pool, [], options).result(timeout=60)[1] == []


def test_submit_rows_from_many_threads(pool: WorkerPool) -> None:
    options = make_options(policy="reward")
    expected = [grade_pair(o, g, options) for o, g in ROWS]
    with concurrent.futures.ThreadPoolExecutor(12) as threads:  # each thread submits and waits on its own chunk
        results = list(threads.map(
            lambda i: submit_rows(pool, ROWS[i % 3:] + ROWS[:i % 3], options).result(timeout=300)[1], range(12)))
    assert results == [expected[i % 3:] + expected[:i % 3] for i in range(12)]


def test_a_hung_and_a_crashed_row_cost_only_themselves(pool: WorkerPool) -> None:
    rows = [(str(i), str(i if i % 2 == 0 else i + 1)) for i in range(10)]
    rows[3] = ("HANG", "3")
    rows[6] = ("CRASH", "6")
    options = make_options(timeout=0.5)
    seconds, got = submit_rows(pool, rows, options, _grader).result(timeout=300)
    assert got[3].status == Status.TIMEOUT and "stopped" in got[3].reason
    assert got[6].status == Status.ERROR and "died" in got[6].reason and got[6].error
    others = [v for i, v in enumerate(got) if i not in (3, 6)]
    assert [v.correct for v in others] == [i % 2 == 0 for i in range(10) if i not in (3, 6)]
    assert seconds > 0


def test_the_time_limit_counts_from_the_start_of_the_work() -> None:
    # One worker, busy for 6 s: a task queued behind it waits that long, but its own 4 s start when it starts.
    with WorkerPool(1) as one:
        one.warm_up()
        first = one.submit(_sleep, 6.0, timeout=30)
        second = one.submit(_sleep, 0.5, timeout=4.0)
        assert first.result(timeout=120) == 6.0
        assert second.result(timeout=120) == 0.5
        stopped = one.submit(_sleep, 60.0, timeout=1.0)
        with pytest.raises(concurrent.futures.TimeoutError):
            stopped.result(timeout=120)
        assert one.submit(_square, 7, timeout=30).result(timeout=120) == 49  # the worker was replaced


def test_cancel_stops_a_running_task(pool: WorkerPool) -> None:
    job = pool.submit(_sleep, 60.0, timeout=120)
    give_up = time.monotonic() + 120
    while not job.running():
        assert time.monotonic() < give_up
        time.sleep(0.01)
    assert job.cancel() and job.cancelled()
    assert pool.submit(_square, 5, timeout=30).result(timeout=120) == 25


def test_close_and_context_manager() -> None:
    with WorkerPool(1) as p:
        assert p.submit(_square, 3, timeout=30).result(timeout=120) == 9
        pending = p.submit(_sleep, 60.0, timeout=120)
    assert pending.cancelled()
    with pytest.raises(RuntimeError, match="closed"):
        submit_rows(p, ROWS, make_options())
    p.close()  # idempotent


def test_start_does_not_wait_and_ready_counts_the_warm_workers() -> None:
    with WorkerPool(2) as p:
        assert p.ready() == 0  # nothing started by asking
        p.start()
        give_up = time.monotonic() + 300
        while p.ready() < 2:
            assert time.monotonic() < give_up
            time.sleep(0.05)
        assert p.submit(_state, timeout=30).result(timeout=120)[1:] == (True, True)  # ready means warm


def test_grow_starts_a_larger_generation_and_loses_no_task() -> None:
    with WorkerPool(1) as p:
        p.warm_up()
        slow = p.submit(_sleep, 2.0, timeout=60)
        give_up = time.monotonic() + 120
        while not slow.running():
            assert time.monotonic() < give_up
            time.sleep(0.01)
        p.grow(2)  # the running task finishes on the old generation; the next ones go to the new one
        p.grow(1)  # (never shrinks)
        jobs = [p.submit(_square, i, timeout=30) for i in range(20)]
        assert slow.result(timeout=120) == 2.0
        assert [j.result(timeout=120) for j in jobs] == [i * i for i in range(20)]
        p.warm_up()
        assert p.workers == 2 and len(_workers_of(p)) == 2 and p._generations == 2


def test_bad_arguments() -> None:
    for workers in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="workers"):
            WorkerPool(workers)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="start_method"):
        WorkerPool(1, start_method="forkserver")


# --- faults ------------------------------------------------------------------------------------------------------


def test_pool_recovers_when_workers_are_killed_at_random() -> None:
    # Measured with pebble alone: killing both workers while small tasks flow breaks the pool, and the tasks not yet
    # handed to a worker are never answered (their futures stay pending for ever). Every task must finish here.
    # The kill races the pool: a worker may have exited or been replaced between the listing and the kill (once in
    # three runs, ProcessLookupError), so the workers are this pool's own, and one already gone is skipped.
    import random

    rng = random.Random(7)
    with WorkerPool(2) as p:
        p.warm_up()
        for _ in range(2):
            before = _workers_of(p)
            assert len(before) == 2
            jobs = [p.submit(_square, i, timeout=30) for i in range(1000)]
            time.sleep(rng.uniform(0.0, 0.3))
            for pid in before:
                _kill(pid)
            outcomes = [_outcome(j) for j in jobs]
            # A task whose worker is killed just as it takes the task may be reported as timed out (after its 30 s)
            # instead of died: pebble 5.2's handle_worker_expiration ignores a death while the worker's receipt of
            # the task is still unread, and the receipt read later starts the task's clock on the dead worker. Once
            # in a few dozen runs at load 8; either way it is a task of a killed worker, reported as failed.
            assert all(o in ("ok", "died", "timeout") for o in outcomes), set(outcomes)
            assert len(outcomes) - outcomes.count("ok") <= 2  # only the tasks running when their worker was killed
            assert [j.result() for j, o in zip(jobs, outcomes) if o == "ok"] == [
                i * i for i, o in zip(range(1000), outcomes) if o == "ok"]
            p.warm_up()  # the replacements are ready before the next round lists them


def test_stuck_pool_is_replaced_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import mathgrade.runtime._pool as pool_module

    monkeypatch.setattr(pool_module, "_STUCK_AFTER", 2.0)
    with WorkerPool(2) as p:
        p.warm_up()
        doomed = p.submit(_die_holding_the_channel_lock, timeout=30)
        with pytest.raises(Exception) as died:
            doomed.result(timeout=120)
        assert type(died.value).__name__ == "ProcessExpired"
        # No worker can take a task now; the pool notices (a ready worker idles while tasks wait) and starts anew.
        jobs = [p.submit(_square, i, timeout=30) for i in range(10)]
        assert [j.result(timeout=120) for j in jobs] == [i * i for i in range(10)]
        assert p._generations == 2  # replaced once, not in a loop


def test_a_slow_start_is_not_a_stuck_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    # Workers that take long to start (here 3 s each, more than the stuck threshold) are waited for, not replaced.
    import mathgrade.runtime._pool as pool_module

    monkeypatch.setattr(pool_module, "_STUCK_AFTER", 1.0)
    monkeypatch.setattr(pool_module, "_start_worker", _slow_start_worker)
    with WorkerPool(2, start_method="spawn") as p:
        jobs = [p.submit(_square, i, timeout=30) for i in range(6)]
        assert [j.result(timeout=300) for j in jobs] == [i * i for i in range(6)]
        assert p._generations == 1


def test_unusable_where_workers_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    import mathgrade.runtime._pool as pool_module

    monkeypatch.setattr(pool_module, "_start_worker", sys.exit)  # every worker dies as it starts
    with WorkerPool(1, start_method="spawn") as p:
        with pytest.raises(PoolUnusable):
            p.warm_up()
        with pytest.raises(PoolUnusable):
            p.submit(_square, 2, timeout=30)


def test_grade_many_and_warm_up_are_public() -> None:
    assert "warm_up" in mathgrade.__all__
    mathgrade.warm_up()
    mathgrade.warm_up()
    assert mathgrade.grade("$\\boxed{(x+1)^2}$", "x^2+2x+1", timeout=1.0).rule == "expression.symbolic"


# --- helpers -------------------------------------------------------------------------------------------------------


def _workers_of(pool: WorkerPool) -> List[int]:
    """The pids of the pool's ready workers that are alive now."""
    pool.ready()  # (notes the workers that said they are ready, and reaps those that ended)
    gen = pool._gen
    return [] if gen is None else [pid for pid in gen.ready if _alive(pid)]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _kill(pid: int) -> None:
    """SIGKILL ``pid``; a process that already ended (the race the fault tests provoke) is not an error."""
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _outcome(job: Any) -> str:
    try:
        job.result(timeout=300)
        return "ok"
    except concurrent.futures.TimeoutError:
        return "timeout" if job.done() else "never answered"
    except Exception as exc:  # noqa: BLE001 - classified for the assertion
        return "died" if type(exc).__name__ == "ProcessExpired" else type(exc).__name__
