"""Time spent loading libraries is charged to no call's time limit (``mathgrade.limits.not_charged``): a deadline
running meanwhile moves by the time of the outermost block, once, however the blocks nest; and the loading that a
pool does in this process before forking its workers (sympy, pint: they inherit it) is such a block."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import mathgrade
from mathgrade.limits import Deadline, not_charged


def _moved(block: "object") -> "tuple[float, float]":
    """How far a deadline moved while ``block()`` ran, and the time measured around it."""
    deadline = Deadline(1000.0)
    due = deadline.due
    started = time.monotonic()
    block()  # type: ignore[operator]
    return deadline.due - due, time.monotonic() - started


def test_a_block_gives_its_time_back() -> None:
    def block() -> None:
        with not_charged():
            time.sleep(0.05)

    moved, around = _moved(block)
    assert 0.05 <= moved <= around


def test_nested_blocks_give_their_time_back_once() -> None:
    def block() -> None:
        with not_charged():
            with not_charged():
                with not_charged():
                    time.sleep(0.05)
            time.sleep(0.05)

    moved, around = _moved(block)
    assert 0.1 <= moved <= around  # (counted three times, the inner 0.05 s would make it 0.2 s at least)


def test_blocks_in_two_threads_are_each_given_back() -> None:
    def one() -> None:
        with not_charged():
            time.sleep(0.05)

    def block() -> None:
        threads = [threading.Thread(target=one) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    moved, _ = _moved(block)
    assert moved >= 0.1  # (each thread's block is its own: the depth is per thread)


_SCRIPT = """
import sys, time
import mathgrade
from mathgrade.limits import Deadline
from mathgrade.runtime import WorkerPool
mathgrade.grade("1", "1")  # (the stages loaded: their worker setups registered)
deadline = Deadline(1000.0)
due, started, cpu = deadline.due, time.monotonic(), time.thread_time()
pool = WorkerPool(1, start_method="fork")
pool.warm_up()
around, cpu = time.monotonic() - started, time.thread_time() - cpu
moved = deadline.due - due
# (the loads are most of this thread's work in the start: their time is given back, once)
print("sympy.simplify.trigsimp" in sys.modules, 0.7 * cpu <= moved <= around)
pool.close()
"""


def test_what_a_pool_loads_here_before_forking_is_not_charged() -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(mathgrade.__file__).resolve().parent.parent))
    done = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["True", "True"]
