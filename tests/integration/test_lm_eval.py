"""lm-evaluation-harness runs mathgrade's task configs as its users run them: ``lm_eval --model
local-chat-completions`` against the replay server (``tests/eval/replay_server.py``, recorded real outputs, on
127.0.0.1) with ``--include_path`` pointing at mathgrade's configs and ``--limit`` small; then ``mathgrade eval
--predictions`` rescores the samples file lm-eval wrote and must print the same scores, counting a two-filter,
``repeats`` run once per response.

Installed by ``.ci/steps/70-lm-eval.sh``; skipped with a message when lm-eval is missing.
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, Tuple

import _paths
import pytest

pytestmark = [pytest.mark.slow, pytest.mark.integration]

pytest.importorskip("lm_eval", reason="needs lm-eval: pip install 'lm-eval[api]' (.ci/steps/70-lm-eval.sh)")

from mathgrade.integrations.lm_eval import TASKS_DIR  # noqa: E402

DATA = str(_paths.ROOT / "tests" / "data" / "replay_outputs.jsonl")
MODEL = "replay-model"


@pytest.fixture(scope="module")
def replay_port() -> Iterator[int]:
    sys.path.insert(0, str(_paths.ROOT / "tests" / "eval"))
    try:
        from replay_server import launch
    finally:
        sys.path.pop(0)
    proc, port = launch(DATA, MODEL)
    try:
        yield port
    finally:
        proc.kill()
        proc.wait(timeout=30)


def _lm_eval(port: int, task: str, limit: int, out: Path) -> Tuple[Dict[str, Any], str]:
    """Run lm_eval's command line; its results JSON and the samples file it wrote."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "HF_"))}
    env.update({"HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1", "OPENAI_API_KEY": "none"})
    done = subprocess.run(
        [sys.executable, "-m", "lm_eval", "--model", "local-chat-completions", "--model_args",
         f"model={MODEL},base_url=http://127.0.0.1:{port}/v1/chat/completions,num_concurrent=2,max_retries=1",
         "--tasks", task, "--include_path", TASKS_DIR, "--limit", str(limit), "--apply_chat_template",
         "--log_samples", "--output_path", str(out)],
        capture_output=True, text=True, timeout=900, env=env, cwd=out.parent)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    results = glob.glob(str(out / "**" / "results_*.json"), recursive=True)
    samples = glob.glob(str(out / "**" / f"samples_{task}_*.jsonl"), recursive=True)
    assert len(results) == 1 and len(samples) == 1, (results, samples)
    with open(results[0], encoding="utf-8") as f:
        return json.load(f)["results"][task], samples[0]


def _rescore(samples: str, out: Path, *extra: str) -> Tuple[Dict[str, Any], str]:
    done = subprocess.run([sys.executable, "-m", "mathgrade", "eval", "--predictions", samples, "--task", "math500",
                           "--response-field", "resps", "--predictions-key", "doc_id", "--match-by", "index",
                           "-o", str(out), "--workers", "1", *extra], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    with open(out / "results.json", encoding="utf-8") as f:
        return json.load(f), done.stdout + done.stderr


def test_lm_eval_scores_equal_mathgrades_rescoring_of_its_samples(replay_port: int, tmp_path: Path) -> None:
    scores, samples = _lm_eval(replay_port, "mathgrade_math500", 8, tmp_path / "lm")
    rows = [json.loads(line) for line in open(samples, encoding="utf-8")]
    assert len(rows) == 8 and all(r["filter"] == "mathgrade" for r in rows)
    per_doc = [r["exact_match"] for r in sorted(rows, key=lambda r: r["doc_id"])]
    # the recorded outputs of the first 8 problems: right on 6, wrong on problems 6 and 7 (labels in the data)
    assert per_doc == [1.0] * 6 + [0.0, 0.0], per_doc
    assert scores["exact_match,mathgrade"] == pytest.approx(0.75)
    results, said = _rescore(samples, tmp_path / "mg")
    assert results["samples"] == 8 and results["problems"] == 8
    assert results["accuracy"] == pytest.approx(scores["exact_match,mathgrade"])
    assert "the file answers 8 of the 500 problems" in said  # an lm_eval --limit run covers part of the task


def test_two_filters_and_repeats_are_counted_once_per_response(replay_port: int, tmp_path: Path) -> None:
    scores, samples = _lm_eval(replay_port, "mathgrade_math500_maj8", 8, tmp_path / "lm")
    rows = [json.loads(line) for line in open(samples, encoding="utf-8")]
    assert sorted({r["filter"] for r in rows}) == ["maj@8", "pass@1"] and len(rows) == 16
    assert all(sum(map(len, r["resps"])) == 8 for r in rows)  # 8 repeats of one request
    results, said = _rescore(samples, tmp_path / "mg")
    assert results["samples"] == 64 and results["problems"] == 8 and results["n"] == 8  # not 128, not n=16
    assert "scored the rows of filter 'maj@8'" in said and "'pass@1'" in said
    # lm-eval's maj@8, voted by mathgrade's filter, equals mathgrade's own maj@8
    assert results["maj_at_k"]["8"] == pytest.approx(scores["exact_match,maj@8"])
    other, said = _rescore(samples, tmp_path / "mg2", "--filter", "pass@1")
    assert other["samples"] == 64 and "filter 'pass@1'" in said
    done = subprocess.run([sys.executable, "-m", "mathgrade", "eval", "--predictions", samples, "--task", "math500",
                           "--response-field", "resps", "--predictions-key", "doc_id", "--match-by", "index",
                           "-o", str(tmp_path / "mg3"), "--filter", "strict-match"], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode != 0 and "its filters are 'maj@8', 'pass@1'" in done.stderr
