"""The command line on the inputs of issue 24 (items 1 and 2): a number past Python's int/str conversion limit and
text that is not valid Unicode are graded (never ``error``, never ``extracted: null`` when an answer was found) and
written back in every format, readable again."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROWS = [
    {"output": "so \\boxed{1e4300}", "gold": "3"},
    {"output": "\\boxed{10^{4999}}", "gold": "10^{4999}"},
    {"output": "\\boxed{\ud800}", "gold": "5"},
    {"output": "V_{\\end{{\udcff}}}", "gold": "1"},
    {"output": "ok \udcff \\boxed{5}", "gold": "5"},
]
EXPECTED = [("incorrect", "1e4300"), ("correct", "10^{4999}"), ("unparsable", "\ud800"),
            ("incorrect", "V_{\\end{{\udcff}}}"), ("correct", "5")]


def _grade(tmp_path: Path, out_name: str) -> Path:
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="ascii")  # JSON escapes: \ud800
    out = tmp_path / out_name
    res = subprocess.run([sys.executable, "-m", "mathgrade", "grade", str(src), "-o", str(out), "--output-field",
                          "output", "--gold-field", "gold", "--workers", "0", "--no-progress"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    return out


def test_jsonl_output_keeps_every_row_and_its_text(tmp_path: Path) -> None:
    out = _grade(tmp_path, "out.jsonl")
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["status"], r["extracted"]) for r in rows] == EXPECTED
    assert [r["output"] for r in rows] == [r["output"] for r in ROWS]  # read back exactly, surrogates included


@pytest.mark.parametrize("name", ["out.csv", "out.tsv"])
def test_csv_output_replaces_invalid_text(tmp_path: Path, name: str) -> None:
    out = _grade(tmp_path, name)
    with open(out, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="," if name.endswith("csv") else "\t"))
    assert [(r["status"], r["extracted"]) for r in rows] == [
        (status, text.replace("\ud800", "\ufffd").replace("\udcff", "\ufffd")) for status, text in EXPECTED]
