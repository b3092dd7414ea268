"""Every worker of the pool loads pint's unit registry before its first task (``mathgrade._units.load``, a worker
setup): the first row with a unit then costs a worker no more than any other row. Before, a worker met it mid-chunk
(0.5 to 1.3 s on the 2-core machine) and the rows queued behind its chunk waited. Workers forked from the calling
process inherit what it loaded: the caller loads the registry (and sympy) once before forking them, instead of each
worker loading its own; spawned workers load their own, and the caller does not. The contrast is a worker of a pool
started before ``mathgrade._units`` was imported, which has no such setup registered and so does not load the
registry."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import mathgrade

_SCRIPT = """
import sys
if sys.argv[1] == "before":  # a pool started before the units module (and its setup) exists in this process
    from mathgrade.runtime import WorkerPool
    pool = WorkerPool(2)
    pool.warm_up()
    import mathgrade._units as units
else:
    import mathgrade, mathgrade._units as units
    from mathgrade.runtime import WorkerPool
    mathgrade.grade("1", "1")  # (the stages loaded: their worker setups registered)
    pool = WorkerPool(2, start_method=sys.argv[1])
    pool.warm_up()
workers = {pool.submit(units.loaded, timeout=60).result() for _ in range(8)}
print(sorted(workers), units.loaded(), "sympy.simplify.trigsimp" in sys.modules)
pool.close()
"""


def _run(mode: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(Path(mathgrade.__file__).resolve().parent.parent))
    done = subprocess.run([sys.executable, "-c", _SCRIPT, mode], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


@pytest.mark.parametrize("start_method, caller", [("fork", "True True"), ("spawn", "False False")])
def test_every_worker_has_loaded_pint_before_its_first_task(start_method: str, caller: str) -> None:
    assert _run(start_method) == f"[True] {caller}"  # the workers did; the caller did when it forked them


def test_a_pool_started_before_the_setup_was_registered_does_not_load_it() -> None:
    assert _run("before") == "[False] False False"
