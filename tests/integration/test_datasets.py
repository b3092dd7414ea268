"""Hugging Face ``datasets`` runs mathgrade as its users would: ``Dataset.map(grade_batch, batched=True)`` gives the
verdict columns, and running the same ``map`` again, in this process or in a new one, is a cache hit (the real
``datasets`` hasher fingerprints the function; nothing here replaces it).

Installed by ``.ci/steps/35-datasets.sh``; skipped with a message when ``datasets`` is missing. The speed against a
plain loop is measured by ``bench/bench_datasets.py``.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.integration]

datasets = pytest.importorskip("datasets", reason="needs datasets: pip install '.[datasets]' (.ci/steps/35-datasets.sh)")

from mathgrade import grade  # noqa: E402
from mathgrade.integrations.datasets import grade_batch  # noqa: E402

_ROWS = {
    "response": ["So the answer is $\\boxed{\\frac{1}{2}}$.", "The answer is 41.", "Let me think.", None,
                 "It is $\\boxed{96}$.", "$\\boxed{7}$"],
    "answer": ["0.5", "42", "3", "4", "B", ""],
    "question": ["", "", "", "", "How many? (A) 12 (B) 96", ""],
}


def _saved(tmp_path: Path) -> Any:
    """The rows as a dataset with cache files (an in-memory dataset never caches ``map``)."""
    path = tmp_path / "data"
    datasets.Dataset.from_dict(_ROWS).save_to_disk(str(path))
    return datasets.load_from_disk(str(path))


def _no_random_hash(caplog: pytest.LogCaptureFixture) -> None:
    messages = [r.getMessage() for r in caplog.records]
    assert not [m for m in messages if "hashed properly" in m or "random hash" in m], messages


def test_map_gives_the_verdict_columns(tmp_path: Path) -> None:
    graded = _saved(tmp_path).map(grade_batch, batched=True,
                                  fn_kwargs={"output_column": "response", "gold_column": "answer"})
    assert graded["status"] == ["correct", "incorrect", "no_answer", "bad_row", "correct", "invalid_gold"]
    assert graded["correct"] == [True, False, False, False, True, False]
    assert graded["extracted"][:2] == ["\\frac{1}{2}", "41"] and graded["extracted"][2] is None
    assert graded["rule"][4] and graded["reason"][1]
    assert graded.features["correct"].dtype == "bool" and graded.features["status"].dtype == "string"
    # the problem column decided row 4: without it, 96 is not the letter B
    alone = _saved(tmp_path).remove_columns("question").map(
        grade_batch, batched=True, fn_kwargs={"output_column": "response", "gold_column": "answer"})
    assert alone["status"][4] == "incorrect"


def test_a_second_map_is_a_cache_hit(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    kwargs = {"output_column": "response", "gold_column": "answer", "policy": "reward"}
    first = _saved(tmp_path).map(grade_batch, batched=True, fn_kwargs=kwargs)
    files = sorted(os.listdir(tmp_path / "data"))
    stamp = os.stat(first.cache_files[0]["filename"]).st_mtime_ns
    again = _saved(tmp_path).map(grade_batch, batched=True, fn_kwargs=kwargs)
    assert again._fingerprint == first._fingerprint
    assert again.cache_files == first.cache_files
    assert sorted(os.listdir(tmp_path / "data")) == files  # nothing new written
    assert os.stat(again.cache_files[0]["filename"]).st_mtime_ns == stamp
    other = _saved(tmp_path).map(grade_batch, batched=True, fn_kwargs=dict(kwargs, policy="eval"))
    assert other._fingerprint != first._fingerprint  # the settings are part of the fingerprint
    _no_random_hash(caplog)


_SCRIPT = """
import json, sys, datasets
from mathgrade import grade
from mathgrade.integrations.datasets import grade_batch

def mine(batch):  # defined in __main__: pickled by value, with the globals it uses
    return {"ok": [grade(o or "", g or "0").correct for o, g in zip(batch["response"], batch["answer"])]}

ds = datasets.load_from_disk(sys.argv[1])
a = ds.map(grade_batch, batched=True, fn_kwargs={"output_column": "response", "gold_column": "answer"})
b = ds.map(mine, batched=True)
print(json.dumps({"a": [a._fingerprint, a.cache_files[0]["filename"]], "b": [b._fingerprint, b.cache_files[0]["filename"]],
                  "ok": list(b["ok"])}))
"""


def test_a_rerun_of_the_script_loads_the_cache(tmp_path: Path) -> None:
    _saved(tmp_path)
    script = tmp_path / "run.py"
    script.write_text(_SCRIPT, encoding="utf-8")
    runs = []
    for _ in range(2):
        done = subprocess.run([sys.executable, str(script), str(tmp_path / "data")], capture_output=True, text=True,
                              timeout=300, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert "hashed properly" not in done.stderr, done.stderr
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
        runs[-1]["mtimes"] = [os.stat(runs[-1][k][1]).st_mtime_ns for k in ("a", "b")]
    first, second = runs
    assert first == second  # same fingerprints, same cache files, not rewritten
    assert first["ok"] == [True, False, False, False, False, False]


def test_a_verdict_converts_with_to_dict(tmp_path: Path) -> None:
    ds = _saved(tmp_path)
    out = ds.map(lambda row: grade(row["response"] or "", row["answer"] or "0").to_dict(), remove_columns=ds.column_names)
    assert out[0]["status"] == "correct" and out[0]["answer"]["rule"] == "boxed"
    assert out[2]["answer"] is None and out[2]["status"] == "no_answer"
