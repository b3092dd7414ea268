"""Every example of docs/eval.md and of the README's "Evaluate a model" section (and its first screen), executed
against the replay server.

The examples are written for a real server: the test runs them with the replay server's URL and model name in place
of ``http://localhost:8000/v1`` and ``Qwen/Qwen2.5-Math-7B-Instruct``, with answers for every problem (the server's
fallback), in a temporary directory. Two kinds of line are not run: ``pip install`` (the test environment has the
package) and ``vllm serve`` (it needs a GPU; the replay server stands in for it). Files the examples read that only
a user has (another harness's outputs) are made first from the first run's samples, in those harnesses' formats.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from typing import Any, Dict, List, Tuple

import pytest

from mathgrade.cli import main

ReplayServer = Any  # the fixture's class, in conftest.py

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
URL, MODEL = "http://localhost:8000/v1", "Qwen/Qwen2.5-Math-7B-Instruct"
NOT_RUN = ("pip install", "vllm serve")


def _blocks(path: str, section: str = "") -> List[Tuple[str, str]]:
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = f.read()
    if section:
        start = text.index(section)
        end = text.find("\n## ", start + len(section))
        text = text[start:end if end >= 0 else len(text)]
    return re.findall(r"```(\w*)\n(.*?)```", text, flags=re.S)


def _commands(block: str) -> List[str]:
    lines = block.replace("\\\n", " ").splitlines()
    return [line.split("  #")[0].strip() for line in lines if line.strip() and not line.startswith(NOT_RUN)]


def _harness_files(run: str) -> None:
    """Another harness's files, made from the samples of ``run``: Qwen2.5-Math's scripts (one row per problem,
    outputs in ``code``, position in ``idx``), lm-evaluation-harness (``doc``, ``resps``), and a generic file."""
    from mathgrade.evaluation import load_task

    positions = {p.id: i for i, p in enumerate(load_task("math500").problems)}
    by_problem: Dict[str, List[Dict[str, Any]]] = {}
    with open(os.path.join(run, "samples.jsonl"), encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            by_problem.setdefault(row["problem_id"], []).append(row)
    with open("qwen_math500.jsonl", "w", encoding="utf-8") as qwen, \
            open("samples_minerva_math500.jsonl", "w", encoding="utf-8") as lm_eval, \
            open("generations.jsonl", "w", encoding="utf-8") as generic:
        for pid, rows in by_problem.items():
            qwen.write(json.dumps({"idx": positions[pid], "code": [r["response"] for r in rows]}) + "\n")
            lm_eval.write(json.dumps({"doc_id": positions[pid], "doc": {"problem": rows[0]["prompt"][-1]["content"]
                                                                         .rsplit("\n", 1)[0]},
                                      "resps": [[r["response"]] for r in rows]}) + "\n")
            for r in rows:
                generic.write(json.dumps({"question_id": pid, "output": r["response"], "gold": r["gold"]}) + "\n")


def test_every_eval_example_runs(replay: ReplayServer, tmp_path: Any, monkeypatch: Any, capsys: Any) -> None:
    replay.faults(fallback=True)
    monkeypatch.chdir(tmp_path)
    blocks = _blocks("docs/eval.md") + _blocks("README.md", "## Evaluate a model") + [
        (lang, code) for lang, code in _blocks("README.md", "## In one screen") if lang == "bash"]
    ran: List[str] = []
    for language, code in blocks:
        code = code.replace(URL, replay.url).replace(MODEL, replay.model)
        if language == "bash":
            for command in _commands(code):
                if command.startswith("mathgrade eval --predictions") and not os.path.exists("qwen_math500.jsonl"):
                    _harness_files("runs/qwen7b/math500")
                argv = shlex.split(command)
                assert argv[0] == "mathgrade", command
                assert main(argv[1:] + (["--no-progress"] if argv[1] == "eval" else [])) == 0, \
                    (command, capsys.readouterr().err)
                ran.append(command)
        elif language == "python":
            exec(compile(code, "docs/eval.md", "exec"), {})  # noqa: S102 - our own documentation's example
            ran.append("python")
    assert "python" in ran
    assert sum(c.startswith("mathgrade eval --tasks aime24:16,math500:4") for c in ran) == 3  # docs (2), README
    assert sum("--dry-run" in c for c in ran) == 1 and sum("--seeds 3" in c for c in ran) == 1
    assert any(c.startswith("mathgrade report runs/") for c in ran)  # the README's first screen
    assert "mathgrade report" in ran and os.path.getsize("report.html") > 0  # the newest run's page
    assert sum("--predictions" in c for c in ran) >= 4
    for task, size in (("math500", (500, 4)), ("aime24", (30, 16))):
        results = json.load(open(f"runs/qwen7b/{task}/results.json", encoding="utf-8"))
        assert (results["problems"], results["n"]) == size and results["failed"] == 0
    assert [r["task"] for r in json.load(open("runs/qwen7b/summary.json", encoding="utf-8"))["runs"]] == [
        "aime24", "math500"]
    assert sorted(os.listdir("runs/qwen7b-aime24-seeds")) == ["aime24-seed0", "aime24-seed4", "aime24-seed8",
                                                              "summary.json"]
    rescored = json.load(open("runs/qwen7b-math500-rescored/results.json", encoding="utf-8"))
    for other in ("runs/qwen-scripts", "runs/lm-eval"):
        theirs = json.load(open(os.path.join(other, "results.json"), encoding="utf-8"))
        assert theirs["pass_at_k"] == rescored["pass_at_k"] and theirs["maj_at_k"] == rescored["maj_at_k"], other


@pytest.mark.parametrize("path", ["docs/eval.md", "README.md"])
def test_the_examples_are_found(path: str) -> None:
    sections = ["## Evaluate a model", "## In one screen"] if path == "README.md" else [""]
    for section in sections:
        assert any(lang == "bash" for lang, _ in _blocks(path, section))
