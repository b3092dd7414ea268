"""Worker processes never re-run the caller's main script (spawn would), and the program exits cleanly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import mathgrade
print("top-level ran")
print(mathgrade.grade("$x^2+2x+1$", "(x+1)^2").status.value)
print(mathgrade.grade("$x^2+2x+2$", "(x+1)^2").status.value)
"""


def _run(args: list, **kwargs: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120, **kwargs)


def test_script_without_main_guard_runs_once(tmp_path: Path) -> None:
    script = tmp_path / "no_guard.py"
    script.write_text(SCRIPT)
    done = _run([str(script)])
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["top-level", "ran", "correct", "incorrect"]
    assert "Traceback" not in done.stderr


def test_script_read_from_stdin_works() -> None:
    done = _run(["-"], input=SCRIPT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["top-level", "ran", "correct", "incorrect"]
    assert "Traceback" not in done.stderr and "Warning" not in done.stderr
