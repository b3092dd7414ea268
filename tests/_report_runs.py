"""Inputs for the report's tests, made from real model outputs (``tests/data/report_samples.jsonl``, see
``tests/data/SOURCES.md``): graded files written by the real ``mathgrade grade`` command, and evaluation run
directories.

``write_eval_run`` writes a run directory in the layout that ``mathgrade eval`` writes, as ``docs/eval.md`` describes
it (``config.json``, ``samples.jsonl``, ``results.json``), grading each output with :func:`mathgrade.grade`; it stands
in for ``mathgrade eval --predictions`` until that command is on main. Its pass@k is the unbiased estimator
(Chen et al. 2021) and its maj@k the vote over the first k samples.
"""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

import mathgrade
from mathgrade.cli import main as cli

DATA = Path(__file__).parent / "data"
SAMPLE = Path(__file__).parent.parent / "data" / "sample.jsonl"

HOSTILE = [
    "<script>window.__pwned = 'script'</script> so the answer is \\boxed{12}",
    "Look: </textarea><img src=x onerror=\"window.__pwned='img'\"> The answer is \\boxed{7}.",
    "]]> --> <!-- <svg onload=\"window.__pwned='svg'\"> \u2028 line\u2029sep. The answer is \\boxed{</script><b>3</b>}",
    "<iframe srcdoc=\"<script>parent.__pwned='iframe'</script>\"></iframe> & &amp; &lt; The answer is 5",
    "$\\frac{<style>body{display:none}</style>}{2}$ {{ 7*7 }} ${alert(1)} The final answer is $\\boxed{x<y}$",
]
"""Model outputs that would run code or break the page if it were built carelessly."""


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


def write_eval_run(out: Path, rows: Sequence[Dict[str, Any]], *, model: str, task: str = "math500",
                   finish_reasons: Optional[Sequence[Optional[str]]] = None) -> Path:
    """An evaluation run directory of ``rows`` (``problem_id``, ``sample_index``, ``problem``, ``response``,
    ``gold``, optional ``subject``, ``level``, ``label``), in the layout of ``docs/eval.md``."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    by_problem: Dict[str, List[Dict[str, Any]]] = defaultdict(list)
    for i, r in enumerate(rows):
        v = mathgrade.grade(r["response"], r["gold"])
        sample = {
            "task": task, "problem_id": r["problem_id"], "sample_index": r["sample_index"],
            "prompt": [{"role": "user", "content": r.get("problem") or ""}], "response": r["response"],
            "finish_reason": finish_reasons[i] if finish_reasons else None, "prompt_tokens": None,
            "completion_tokens": None, "latency_s": None, "gold": r["gold"],
            "extracted": v.answer.text if v.answer else None, "extracted_start": v.answer.start if v.answer else None,
            "extracted_end": v.answer.end if v.answer else None,
            "extraction_rule": v.answer.rule if v.answer else None, "status": v.status.value, "correct": v.correct,
            "rule": v.rule, "reason": v.reason,
            "answer_value": None if v.answer_value is None else str(v.answer_value),
            "gold_value": None if v.gold_value is None else str(v.gold_value), "cluster": None,
            "subject": r.get("subject"), "level": r.get("level"), "meta": {},
        }
        written.append(sample)
        by_problem[r["problem_id"]].append(sample)
    for group in by_problem.values():
        keys: Dict[str, int] = {}
        for s in group:
            if s["answer_value"] is not None:
                s["cluster"] = keys.setdefault(s["answer_value"], len(keys))
    with open(out / "samples.jsonl", "w", encoding="utf-8") as f:
        for s in written:
            f.write(json.dumps(s, ensure_ascii=False) + "\n")
    n = max(len(g) for g in by_problem.values())
    config = {"task": task, "model": model, "base_url": None, "mode": "chat", "system": None,
              "prompt_template": "predictions", "n": n, "temperature": None, "top_p": None, "max_tokens": None,
              "seed": None, "stop": None, "extra": {}, "limit": None, "policy": "eval",
              "mathgrade_version": mathgrade.__version__, "started_at": "2026-11-20T10:00:00+00:00"}
    (out / "config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    (out / "results.json").write_text(json.dumps(results(written, by_problem, n, task, model), indent=2),
                                      encoding="utf-8")
    return out


def results(written: List[Dict[str, Any]], by_problem: Dict[str, List[Dict[str, Any]]], n: int, task: str,
            model: str) -> Dict[str, Any]:
    per_problem = [sum(s["correct"] for s in g) / len(g) for g in by_problem.values()]
    accuracy = sum(s["correct"] for s in written) / len(written)

    def pass_at(k: int, groups: List[List[Dict[str, Any]]]) -> float:
        def one(g: List[Dict[str, Any]]) -> float:
            m, c = len(g), sum(s["correct"] for s in g)
            return 1.0 if m - c < k else 1.0 - math.comb(m - c, k) / math.comb(m, k)
        return sum(one(g) for g in groups) / len(groups)

    def maj_at(k: int, groups: List[List[Dict[str, Any]]]) -> float:
        def one(g: List[Dict[str, Any]]) -> float:
            votes = Counter(s["cluster"] for s in g[:k] if s["cluster"] is not None)
            if not votes:
                return 0.0
            top = votes.most_common(1)[0][0]
            return float(next(s["correct"] for s in g[:k] if s["cluster"] == top))
        return sum(one(g) for g in groups) / len(groups)

    groups = list(by_problem.values())
    ks = [k for k in range(1, n + 1)]

    def by(field: str) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        for name in sorted({s[field] for s in written if s[field] is not None}, key=str):
            gs = [g for g in groups if g[0][field] == name]
            rows = [s for g in gs for s in g]
            out[str(name)] = {"problems": len(gs), "samples": len(rows),
                              "accuracy": sum(s["correct"] for s in rows) / len(rows),
                              "pass_at_k": {str(k): pass_at(k, gs) for k in ks if all(len(g) >= k for g in gs)}}
        return out

    return {"task": task, "model": model, "problems": len(groups), "n": n, "samples": len(written),
            "accuracy": accuracy,
            "accuracy_stderr": statistics.stdev(per_problem) / math.sqrt(len(per_problem)) if len(groups) > 1
            else 0.0,
            "pass_at_k": {str(k): pass_at(k, groups) for k in ks if all(len(g) >= k for g in groups)},
            "maj_at_k": {str(k): maj_at(k, groups) for k in ks if all(len(g) >= k for g in groups)},
            "cutoff_share": sum(s["finish_reason"] == "length" for s in written) / len(written),
            "no_answer_share": sum(s["status"] == "no_answer" for s in written) / len(written),
            "status_counts": dict(Counter(s["status"] for s in written)),
            "by_subject": by("subject"), "by_level": by("level"),
            "tokens": {"prompt_total": None, "completion_total": None, "completion_p50": None,
                       "completion_p99": None},
            "latency_s": {"p50": None, "p99": None}, "wall_time_s": 0.0, "schema_version": 1}
