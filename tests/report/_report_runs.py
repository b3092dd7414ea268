"""Inputs for the report's tests, made from real model outputs (``tests/data/report_samples.jsonl``, see
``tests/data/SOURCES.md``): graded files written by the real ``mathgrade grade`` command, and evaluation run
directories.

``write_eval_run`` makes evaluation run directories with the real ``mathgrade eval --predictions``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

import _paths

from mathgrade.cli import main as cli

DATA = _paths.DATA  # tests/data
SAMPLE = _paths.ROOT / "data" / "sample.jsonl"

HOSTILE = [
    "<script>window.__pwned = 'script'</script> so the answer is \\boxed{12}",
    "Look: </textarea><img src=x onerror=\"window.__pwned='img'\"> The answer is \\boxed{7}.",
    "]]> --> <!-- <svg onload=\"window.__pwned='svg'\"> \u2028 line\u2029sep. The answer is \\boxed{</script><b>3</b>}",
    "<iframe srcdoc=\"<script>parent.__pwned='iframe'</script>\"></iframe> & &amp; &lt; The answer is 5",
    "$\\frac{<style>body{display:none}</style>}{2}$ {{ 7*7 }} ${alert(1)} The final answer is $\\boxed{x<y}$",
    "$\\href{javascript:window.__pwned='href'}{\\text{click}}$ $\\url{javascript:window.__pwned='url'}$ "
    "$\\htmlId{x}{y}$ $\\includegraphics{x.png}$ **<img src=x onerror=\"window.__pwned='md'\">** "
    "[a](javascript:window.__pwned='link') ![i](x) `<b>code</b>`\n```\n<svg onload=\"window.__pwned='fence'\">\n```\n"
    "> <iframe></iframe>\n- $\\begin{matrix}<script>\\end{matrix}$ The answer is $\\boxed{1}$",
]
"""Model outputs that would run code or break the page if it were built carelessly (as text, as markdown or as math:
KaTeX's commands that make links, images or HTML attributes among them)."""


def samples(run: str) -> List[Dict[str, Any]]:
    """The rows of one run of ``report_samples.jsonl``."""
    rows = [json.loads(line) for line in open(DATA / "report_samples.jsonl", encoding="utf-8")]
    return [r for r in rows if r["run"] == run]


def reordered(rows: Sequence[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The same rows with each problem's samples in the opposite order (numbered again from 0): another run of the
    same model on the same problems, as far as any pairing by sample index can tell."""
    by_problem: Dict[str, List[Dict[str, Any]]] = {}
    for r in rows:
        by_problem.setdefault(r["problem_id"], []).append(r)
    return [dict(r, sample_index=i) for group in by_problem.values() for i, r in enumerate(reversed(group))]


def write_jsonl(path: Path, rows: Sequence[Dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def graded_file(tmp: Path, rows: Sequence[Dict[str, Any]], name: str = "graded.jsonl", **columns: str) -> Path:
    """``rows`` (with ``answer`` and ``gold``) graded by the real ``mathgrade grade`` command."""
    src = write_jsonl(tmp / ("in-" + name.rsplit(".", 1)[0] + ".jsonl"), rows)
    out = tmp / name
    args = ["grade", str(src), "-o", str(out), "--workers", "0", "--no-progress"]
    for option, value in columns.items():
        args += [f"--{option.replace('_', '-')}", value]
    assert cli(args) == 0
    return out


def read_jsonl(path: Path) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]


def write_eval_run(out: Path, rows: Sequence[Dict[str, Any]], *, model: str,
                   finish_reasons: Optional[Sequence[Optional[str]]] = None) -> Path:
    """An evaluation run directory of ``rows`` (``problem_id``, ``sample_index``, ``problem``, ``response``,
    ``gold``, ``subject``, ``level``), written by the real ``mathgrade eval --predictions``: the problems go in a task
    file (task ``math``), the responses (with ``finish_reasons``, and the prompt as a chat message) in a predictions
    file."""
    work = out.parent / f"{out.name}-inputs"
    work.mkdir(parents=True, exist_ok=True)
    problems: Dict[str, Dict[str, Any]] = {}
    for r in rows:
        problems.setdefault(r["problem_id"], {"id": r["problem_id"], "problem": r["problem"], "answer": r["gold"],
                                              "subject": r.get("subject"), "level": r.get("level")})
    task = write_jsonl(work / "math.jsonl", list(problems.values()))
    predictions = write_jsonl(work / "predictions.jsonl", [
        {"problem_id": r["problem_id"], "response": r["response"],
         "prompt": [{"role": "user", "content": r["problem"]}],
         "finish_reason": finish_reasons[i] if finish_reasons else None} for i, r in enumerate(rows)])
    assert cli(["eval", "--task-file", str(task), "--predictions", str(predictions), "--model", model,
                "-o", str(out), "--workers", "0", "--no-progress"]) == 0
    return out
