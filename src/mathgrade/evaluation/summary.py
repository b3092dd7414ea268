"""The summary of one or more runs (benchmarks, seeds): a markdown table for a person to paste (lm-eval's layout:
``Task | n | Filter | n-shot | Metric | Value | Stderr``), the same as JSON for a program (``summary.json``,
``--summary-json``), and each run's details in a few lines.

One row per metric of each benchmark: accuracy with its standard error over problems, then pass@k and maj@k for the
k of :func:`~mathgrade.evaluation.metrics.reported_ks` (k > 1) with their bootstrap standard errors. A benchmark run
with several seeds shows the mean over its runs (Value), the mean of their standard errors (Stderr), and the
standard deviation over the runs (SD). A benchmark with subjects or levels gets a second table, one row per group.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .metrics import reported_ks

__all__ = ["RunSummary", "summary_json", "table_rows", "markdown", "details", "SCHEMA_VERSION"]

SCHEMA_VERSION = 1
"""The version of the summary's JSON (``summary.json``, ``--summary-json``)."""


@dataclass
class RunSummary:
    """One finished run as the summary sees it: its benchmark, seed, exemplars per prompt (``n_shot``; None when
    unknown), the grading policy (shown as the Filter: ``eval`` takes the answer wherever the response gives it,
    ``reward`` only a marked final answer), its directory and its ``results.json`` object; ``reused`` (finished
    already: nothing written), ``kept`` (the earlier run's files, renamed) and the ``requests`` sent."""

    task: str
    results: Dict[str, Any]
    out_dir: str
    seed: Optional[int] = None
    n_shot: Optional[int] = None
    policy: str = "eval"
    reused: bool = False
    kept: List[str] = field(default_factory=list)
    requests: int = 0


def _metrics(results: Dict[str, Any]) -> List[Tuple[str, Optional[float], Optional[float]]]:
    """(metric, value, standard error) of one run, in the table's order."""
    n = results.get("n") or 0
    rows: List[Tuple[str, Optional[float], Optional[float]]] = [
        ("accuracy", results.get("accuracy"), results.get("accuracy_stderr"))]
    for name, key in (("pass", "pass_at_k"), ("maj", "maj_at_k")):
        errors = results.get(key + "_stderr") or {}
        for k in reported_ks(n):
            if k > 1:
                rows.append((f"{name}@{k}", results[key].get(str(k)), errors.get(str(k))))
    return rows


def _mean(values: Sequence[Optional[float]]) -> Optional[float]:
    known = [v for v in values if v is not None]
    return sum(known) / len(known) if known and len(known) == len(values) else None


def _sd(values: Sequence[Optional[float]]) -> Optional[float]:
    known = [v for v in values if v is not None]
    if len(known) < 2 or len(known) != len(values):
        return None
    mean = sum(known) / len(known)
    return math.sqrt(sum((v - mean) ** 2 for v in known) / (len(known) - 1))


def _by_task(runs: Sequence[RunSummary]) -> List[Tuple[str, List[RunSummary]]]:
    grouped: Dict[str, List[RunSummary]] = {}
    for run in runs:
        grouped.setdefault(run.task, []).append(run)
    return list(grouped.items())


def table_rows(runs: Sequence[RunSummary]) -> List[Dict[str, Any]]:
    """The rows of the summary table, as objects: ``task``, ``n``, ``filter``, ``n_shot``, ``metric``, ``value``,
    ``stderr``, and over seeds ``seeds`` (how many runs), ``sd`` and ``values`` (one per seed, in order)."""
    rows: List[Dict[str, Any]] = []
    for task, group in _by_task(runs):
        first = group[0]
        per_run = [_metrics(r.results) for r in group]
        names = [m[0] for m in per_run[0] if all(m[0] in {x[0] for x in other} for other in per_run)]
        for name in names:
            cells = [next(m for m in metrics if m[0] == name) for metrics in per_run]
            values = [c[1] for c in cells]
            rows.append({"task": task, "n": first.results.get("n"), "filter": first.policy, "n_shot": first.n_shot,
                         "metric": name, "value": _mean(values), "stderr": _mean([c[2] for c in cells]),
                         "seeds": len(group), "sd": _sd(values), "values": values})
    return rows


def _groups(runs: Sequence[RunSummary]) -> Dict[str, Dict[str, Dict[str, Dict[str, Any]]]]:
    """Per benchmark, per kind (``level``, ``subject``), per group: problems, accuracy and its standard error, and
    pass@n and maj@n (means over seeds)."""
    out: Dict[str, Dict[str, Dict[str, Dict[str, Any]]]] = {}
    for task, group in _by_task(runs):
        n = str(group[0].results.get("n") or 0)
        for kind in ("level", "subject"):
            names = list(group[0].results.get(f"by_{kind}") or {})
            if not names:
                continue
            table = out.setdefault(task, {}).setdefault(kind, {})
            for name in names:
                cells = [r.results[f"by_{kind}"].get(name) for r in group]
                if any(c is None for c in cells):
                    continue
                table[name] = {"problems": cells[0]["problems"],
                               "accuracy": _mean([c["accuracy"] for c in cells]),
                               "accuracy_stderr": _mean([c.get("accuracy_stderr") for c in cells]),
                               f"pass@{n}": _mean([c["pass_at_k"].get(n) for c in cells]),
                               f"maj@{n}": _mean([(c.get("maj_at_k") or {}).get(n) for c in cells])}
    return out


def summary_json(runs: Sequence[RunSummary], *, model: Optional[str], output: Optional[str],
                 started_at: Optional[str] = None) -> Dict[str, Any]:
    """The summary as a JSON object (documented in docs/eval.md)."""
    return {
        "schema_version": SCHEMA_VERSION,
        "model": model,
        "output": output,
        "started_at": started_at,
        "table": table_rows(runs),
        "groups": _groups(runs),
        "runs": [{"task": r.task, "seed": r.seed, "dir": r.out_dir, "n": r.results.get("n"), "n_shot": r.n_shot,
                  "filter": r.policy, "problems": r.results.get("problems"), "samples": r.results.get("samples"),
                  "failed": r.results.get("failed"), "reused": r.reused, "kept": list(r.kept),
                  "metrics": {m: {"value": v, "stderr": e} for m, v, e in _metrics(r.results)}} for r in runs],
    }


def _num(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.4f}"


def markdown(summary: Dict[str, Any]) -> str:
    """The summary's tables in markdown: the metrics of every benchmark, then one table per benchmark and kind of
    group (level, subject) where the benchmark has them."""
    rows = summary["table"]
    seeds = any(r["seeds"] > 1 for r in rows)
    head = ["Task", "n", "Filter", "n-shot", "Metric", "Value", "Stderr"] + (["Seeds", "SD"] if seeds else [])
    align = ["---", "--:", "---", "--:", "---", "--:", "--:"] + (["--:", "--:"] if seeds else [])
    lines = [_row(head), _row(align)]
    shown = None
    for r in rows:
        same = shown == r["task"]
        shown = r["task"]
        cells = ["" if same else r["task"], "" if same else str(r["n"]), "" if same else r["filter"],
                 "" if same else ("-" if r["n_shot"] is None else str(r["n_shot"])), r["metric"], _num(r["value"]),
                 _num(r["stderr"])]
        if seeds:
            cells += ["" if same else str(r["seeds"]), _num(r["sd"]) if r["seeds"] > 1 else "-"]
        lines.append(_row(cells))
    for task, kinds in summary["groups"].items():
        for kind, groups in kinds.items():
            if not groups:
                continue
            metrics = [k for k in next(iter(groups.values())) if "@" in k]
            lines += ["", _row([f"{task}: {kind}", "Problems", "Accuracy", "Stderr", *metrics]),
                      _row(["---", "--:", "--:", "--:", *(["--:"] * len(metrics))])]
            for name, g in groups.items():
                lines.append(_row([name, str(g["problems"]), _num(g["accuracy"]), _num(g["accuracy_stderr"]),
                                   *(_num(g[m]) for m in metrics)]))
    return "\n".join(lines)


def _row(cells: Sequence[str]) -> str:
    return "|" + "|".join(cells) + "|"


def details(run: RunSummary) -> List[str]:
    """A few lines on one run beyond its metrics: samples and where they came from, statuses, cut-off answers,
    tokens, latency, time, and its files (for stderr: the table alone goes to stdout)."""
    r = run.results
    name = run.task + ("" if run.seed is None else f" (seed {run.seed})")
    if run.reused:
        head = (f"{name}: {r['samples']} samples ({r['problems']} problems x {r['n']}); this run was finished already "
                f"in {run.out_dir}: nothing was asked or written")
        return [head]
    lines = [f"{name}: {r['samples']} samples ({r['problems']} problems x {r['n']})"
             + (f", {r.get('cached', 0)} from the cache, {run.requests} asked now" if run.requests or r.get("cached")
                else ""),
             "  status   " + (", ".join(f"{s} {c}" for s, c in r["status_counts"].items()) or "none"),
             f"  cut off  {_share(r['cutoff_share'])} of samples (finish_reason length); no answer in "
             f"{_share(r['no_answer_share'])}"]
    tok, lat = r["tokens"], r["latency_s"]
    if tok.get("completion_p50") is not None:
        lines.append(f"  tokens   completion p50 {tok['completion_p50']:.0f}, p99 {tok['completion_p99']:.0f}, "
                     f"total {tok['completion_total']}; prompt total {tok['prompt_total']}")
    if lat.get("p50") is not None:
        lines.append(f"  latency  p50 {lat['p50']:.2f} s, p99 {lat['p99']:.2f} s; wall time {r['wall_time_s']:.1f} s")
    lines.append(f"  output   {run.out_dir} (config.json, samples.jsonl, results.json)")
    if run.kept:
        lines.append(f"  kept     the earlier run's files there, renamed: {', '.join(_base(k) for k in run.kept)}")
    if r.get("failed"):
        lines.append(f"  failed   {r['failed']} samples got no response (status request_error); run the command "
                     f"again to retry them")
    return lines


def _base(path: str) -> str:
    return os.path.basename(path)


def _share(value: Optional[float]) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"
