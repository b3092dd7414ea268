"""``compare/_sympy.warm`` (run by every worker before its first task) loads what sympy loads lazily on first use:
after it, a symbolic job of each kind, on other inputs than the warm-up's, imports no module; the contrast, the
same jobs in a process that did not warm, imports some. Each runs in a fresh child process, which reads the
mathgrade source this test run reads.

Written for seed 109 (docs/testing.md): the warm-up's jobs called with no arguments (``within_budget(job, None,
...)``) raised at the first, so a worker loaded nothing but sympy's import, and its first real job paid the rest.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mathgrade

_SCRIPT = """
import json, sys
from mathgrade.compare import _sympy as s
if sys.argv[1] == "warm":
    assert s.warm() is None
x = ("sym", "x")
jobs = [
    (s.difference_is_zero, (("pow", ("add", x, ("num", 1)), ("num", 2)),
                            ("add", ("pow", x, ("num", 2)), ("add", ("mul", ("num", 2), x), ("num", 1))))),
    (s.same_real_set, (("relation", "x", (("pow", x, ("num", 2)), "<", ("num", 9))),
                       ("interval", ("num", -3), ("num", 3), False, False))),
    (s.same_zero_set, (("add", x, ("num", -2)), ("pow", ("add", x, ("num", -2)), ("num", 3)))),
]
out = []
for job, args in jobs:
    before = set(sys.modules)
    answer = s.within_budget(job, args, 60.0)
    out.append([answer, sorted(set(sys.modules) - before)])
print(json.dumps(out))
"""


def _jobs(mode: str) -> list:
    env = dict(os.environ, PYTHONPATH=str(Path(mathgrade.__file__).resolve().parent.parent))
    done = subprocess.run([sys.executable, "-c", _SCRIPT, mode], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize("mode", ["warm", "cold"])
def test_a_job_of_each_kind_after_the_warm_up_imports_nothing(mode: str) -> None:
    results = _jobs(mode)
    assert [answer for answer, _ in results] == [True, True, True], results
    imported = [name for _, names in results for name in names]
    if mode == "warm":
        assert imported == [], imported
    else:  # the contrast: without the warm-up, the first jobs load what sympy loads lazily
        assert len(imported) >= 5, imported
