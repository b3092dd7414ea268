"""The performance tables of the docs, made from the benches' committed JSON results (``bench/results/*.json``).

Usage (from the repository root)::

    python bench/tables.py           # rewrite every table in README.md and docs/*.md from the results
    python bench/tables.py --check   # exit 1 if a table differs from what its results make (tests/test_bench_tables.py)

A table in a Markdown file sits between two marks::

    <!-- table: NAME -->
    ...made by this script...
    <!-- end table -->

``NAME`` is a key of :data:`TABLES`: the results file it is made from and the function that makes it. A bench
writes its results with ``--json bench/results/FILE.json``; after a new run, ``python bench/tables.py`` puts its
numbers in the docs, so a number in a table is always one a bench printed.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
sys.path.insert(0, str(ROOT / "bench"))

import scale_projection  # noqa: E402


def _n(x: float) -> str:
    return f"{x:,.0f}"


def ray_measured(r: Dict[str, Any]) -> str:
    """docs/scale.md: Ray Data against ``grade_many``, per-row cost and start-up apart (bench/bench_ray.py)."""
    lines = [
        f"Measured by `bench/bench_ray.py` in one run on this project's {r['cpus']}-core machine, shared with other "
        f"work (load average {r['load_average']:.1f} at the start, {r['load_average_end']:.1f} at the end): "
        f"{r['rows']:,} real model outputs (the bundled GSM8K, MATH and SkyThought outputs, repeated; "
        f"{r['mean_output_chars']:,} characters on average) in one Parquet file, graded from disk to the end with "
        f"the default options, against `grade_many` reading the same file with pyarrow. Ray ran on a local cluster "
        f"of 2 CPUs, at the batch size `batch_size_for` chose ({r['batch_size']:,} rows). Each configuration ran on "
        f"all the rows and on 1% of them (the same mix), each from a fresh start: the difference gives the cost of "
        f"a row, and what remains is the start-up (worker processes or actors started).",
        "",
        "| | 1 process | 2 processes |",
        "|---|---|---|",
        f"| `grade_many`, rows/s per row cost (1 = in this process, 2 = two workers) | "
        f"{_n(r['grade_many_1_row_rate'])} | {_n(r['grade_many_2_row_rate'])} |",
        f"| Ray Data `grade_dataset`, rows/s per row cost (actors) | {_n(r['ray_1_row_rate'])} | "
        f"{_n(r['ray_2_row_rate'])} |",
        f"| overhead per row: `grade_many` over Ray | {r['grade_many_1_row_rate'] / r['ray_1_row_rate']:.2f}× | "
        f"{r['grade_many_2_row_rate'] / r['ray_2_row_rate']:.2f}× |",
        f"| start-up, `grade_many` (s) | {r['grade_many_1_start_seconds']:.1f} | "
        f"{r['grade_many_2_start_seconds']:.1f} |",
        f"| start-up, Ray actors (s) | {r['ray_1_start_seconds']:.1f} | {r['ray_2_start_seconds']:.1f} |",
        f"| end to end on {r['rows']:,} rows, `grade_many` / Ray (rows/s) | {_n(r['grade_many_1'])} / "
        f"{_n(r['ray_1'])} | {_n(r['grade_many_2'])} / {_n(r['ray_2'])} |",
        "",
        f"- Ray Data's cost per batch beyond its rows: {r['batch_seconds'] * 1e3:.2f} ms (32,768 one-character rows "
        f"in batches of 16 and of 1,024 on one actor). At {r['batch_size']:,} rows per batch that is "
        f"{100 * r['batch_seconds'] / (r['batch_size'] / r['ray_1_row_rate']):.1f}% of the batch's grading time.",
        f"- The grading cost of a row of this mix in one process, without Ray: {r['row_seconds'] * 1e6:.0f} µs. One "
        f"actor of two on the two CPUs grades {_n(r['ray_actor_rate'])} rows/s: the rate the projection below "
        f"gives each actor of a full node.",
    ]
    return "\n".join(lines)


def scale(r: Dict[str, Any]) -> str:
    """docs/scale.md: the projection to 1M-1B rows (bench/scale_projection.py with its default assumptions)."""
    measured = {k: float(r[k]) for k in scale_projection.MEASURED_KEYS}
    return scale_projection.table(measured, dict(scale_projection.ASSUMED))


def scale_notes(r: Dict[str, Any]) -> str:
    """docs/scale.md: what the projection says, its numbers computed from the same results."""
    a = scale_projection.ASSUMED
    node = a["actors_per_node"] * r["ray_actor_rate"]
    driver = r["batch_size"] / r["batch_seconds"]
    bytes_per_row = r["mean_output_chars"] * 1.05 + scale_projection.RESULT_BYTES
    big = dict(r, batch_size=65536)
    p = scale_projection.project(1_000_000_000, 512, {k: float(big[k]) for k in scale_projection.MEASURED_KEYS},
                                 dict(a))
    return "\n".join([
        "What the table says:",
        "",
        f"- **Up to about {driver / node:.0f} nodes, grading (CPU) is the limit** and the rate grows with the "
        f"nodes: about {node:,.0f} rows/s per {a['cpus_per_node']:.0f}-vCPU node for this mix, at the rate per actor "
        f"measured above. Long chains of thought alone cost several times more per row than the mix "
        f"({r['row_seconds'] * 1e6:.0f} µs here).",
        f"- **Beyond that, one driver is the bottleneck**: at {r['batch_size']:,} rows per batch it dispatches about "
        f"{driver:,.0f} rows/s whatever the number of nodes. Two ways around it: larger batches "
        f"(`grade_dataset(..., batch_size=65536)`: {65536 / r['ray_actor_rate']:.0f} s of an actor's work per batch "
        f"at the rate measured here, which a retry repeats; then 1B rows on 512 nodes run "
        f"at {p['rate']:,.0f} rows/s ({p['bottleneck']}), in {p['hours'] * 60:.0f} minutes for US${p['cost']:,.2f}, by "
        f"`--batch-size 65536`), or several independent jobs, one driver each, over disjoint sets of input files.",
        f"- **Storage is not the limit** at {a['node_gbps']:.0f} Gbit/s per node: a node grading {node:,.0f} rows/s "
        f"of {bytes_per_row / 1000:.1f} KB rows reads and writes about {node * bytes_per_row * 2 / 1e9:.2f} GB/s. "
        f"Keep it so by reading only the columns needed (Parquet), and writing Parquet, not JSONL.",
        f"- **The object store is not a limit** either: with streaming execution a block is in it only between its "
        f"read and its write, and Ray spills to disk if it fills. **The start** ({a['start_seconds']:.0f} s assumed) "
        f"dominates small jobs: for them, fewer nodes cost less and take no longer.",
        f"- These numbers were measured on a machine shared with other work (load average "
        f"{r['load_average']:.1f}): the rate per actor and the cost per batch are those of a busy machine, and a "
        f"dedicated node does better. Run the bench on your own hardware and project from its file.",
    ])


SET_NAMES = {"model_outputs": "model outputs (GSM8K, MATH)", "answer_pairs": "answer pairs (symbolic-heavy)",
             "hard_outputs_skythought": "long chain-of-thought outputs (SkyThought)"}


def _f(x: Any, spec: str = ",.0f") -> str:
    return "n/a" if x is None else format(x, spec)


def speed(r: Dict[str, Any]) -> str:
    """README.md and docs/performance.md: mathgrade against Math-Verify on the labeled sets (bench/bench_speed.py)."""
    lines = ["| labeled set | rows | accuracy mathgrade / Math-Verify | rows/s, one process | p99 ms | "
             "peak RSS MB, process tree |", "|---|---|---|---|---|---|"]
    for name in SET_NAMES:
        if name not in r["sets"]:
            continue
        a, b = r["sets"][name]["mathgrade"]["single"], r["sets"][name]["mathverify"]["single"]
        lines.append(
            f"| {SET_NAMES[name]} | {a['rows']} | {a['accuracy']:.4f} / {b['accuracy']:.4f} | "
            f"{_f(a['rows_per_s'])} / {_f(b['rows_per_s'])} (**{a['rows_per_s'] / b['rows_per_s']:.1f}×**) | "
            f"{a['p99_ms']:.1f} / {b['p99_ms']:.1f} | {_f(a['tree_peak_rss_mb'])} / {_f(b['tree_peak_rss_mb'])} |")
    return "\n".join(lines)


def speed_notes(r: Dict[str, Any]) -> str:
    """docs/performance.md: the table of :func:`speed` and what else that run measured."""
    lines = [speed(r)]
    load = r["load_average"][0] if isinstance(r["load_average"], list) else r["load_average"]
    imp = r["import_s"]
    par = {n: (r["sets"][n]["mathgrade"]["parallel"] or {}, r["sets"][n]["mathverify"]["parallel"] or {})
           for n in SET_NAMES if n in r["sets"]}
    over = {e: sum((r["sets"][n][e]["single"] or {}).get("over_limit", 0) for n in r["sets"])
            for e in ("mathgrade", "mathverify")}
    lines += [
        "",
        f"- One run of `bench/bench_speed.py --json` on the {r['cpus']}-core machine, shared with other work (load "
        f"average {load:.1f} at its start" + (f", {r['load_average_end'][0]:.1f} at its end" if "load_average_end" in r
                                              else "") + "). Memory is the peak resident memory of each grader's whole process tree, "
        f"sampled every 50 ms (mathgrade's symbolic work runs in worker processes: they are counted). Rows over the "
        f"{r['time_limit_s']:g} s time limit: {over['mathgrade']} with mathgrade, {over['mathverify']} with "
        f"Math-Verify.",
        f"- Start-up: `import mathgrade` takes {imp['mathgrade'][0]:.3f} s (stages load on first use) against "
        f"{imp['mathverify'][0]:.3f} s for `import math_verify`; import plus a first grading call takes "
        f"{imp['mathgrade'][1]:.3f} s against {imp['mathverify'][1]:.3f} s "
        f"({imp['mathverify'][1] / imp['mathgrade'][1]:.1f}×).",
        f"- With {r['workers']} workers (starting them included): mathgrade "
        + " / ".join(_f(a.get('rows_per_s')) for a, _ in par.values()) + " rows/s, Math-Verify (a `multiprocessing` "
        "pool) " + " / ".join(_f(b.get('rows_per_s')) for _, b in par.values()) + " rows/s ("
        + ", ".join(f"{a['rows_per_s'] / b['rows_per_s']:.1f}×" for a, b in par.values()
                    if a.get("rows_per_s") and b.get("rows_per_s")) + ", in the order of the table).",
    ]
    mem = r.get("memory")
    if mem:
        marks = sorted(mem["checkpoints"].items(), key=lambda kv: int(kv[0]))
        driver = [m["driver_rss_mb"] for _, m in marks]
        workers = [m["workers_rss_mb"] for _, m in marks]
        lines.append(
            f"- Streaming {mem['rows']:,} generated rows through `grade_many` (up to {mem['workers']} workers, "
            f"{mem['rows_per_s']:,.0f} rows/s): the driver's memory stays at {_span(driver)} MB "
            f"({int(marks[0][0]):,} to {int(marks[-1][0]):,} rows), "
            + (f"the workers' at {_span(workers)} MB together." if max(workers) > 0 else
               "and no worker was running at any mark (0 MB: every row was graded in the calling process; "
               "`grade_many` starts no worker while other work keeps every core busy)."))
    return "\n".join(lines)


def _span(values: List[float]) -> str:
    low, high = f"{min(values):.0f}", f"{max(values):.0f}"
    return low if low == high else f"{low}–{high}"


def runtime(r: Dict[str, Any]) -> str:
    """docs/performance.md: the warm runtime's figures (bench/bench_speed.py), each against its reference."""
    lines = ["| measurement | mathgrade | reference | ratio | goal | tree: peak RSS MB, CPU s |",
             "|---|---|---|---|---|---|"]
    for name, e in r["runtime"].items():
        a, b, unit, key = e["mathgrade"] or {}, e["reference"] or {}, e["unit"], e["key"]
        spec = ",.0f" if unit == "rows/s" else ",.2f"
        tree = ""
        if "tree_peak_rss_mb" in a and "tree_peak_rss_mb" in b:
            tree = (f"{a['tree_peak_rss_mb']:.0f} / {b['tree_peak_rss_mb']:.0f}, "
                    f"{a.get('tree_cpu_s', 0):.1f} / {b.get('tree_cpu_s', 0):.1f}")
        ratio = "n/a" if e["ratio"] is None else f"{e['ratio']:.2f}×"
        lines.append(f"| {name} | {_f(a.get(key), spec)} {unit} | {_f(b.get(key), spec)} {unit} | {ratio} | "
                     f"{e['goal']} | {tree} |")
    if "runtime_load_average" in r:
        start, end = r["runtime_load_average"]
        lines += ["", f"Load average while these were measured: {start:.1f} at the start, {end:.1f} at the end "
                  "(1-minute averages; other work on the machine slows the runs that use several cores the most)."]
    return "\n".join(lines)


def serve(r: Dict[str, Any]) -> str:
    """docs/performance.md: ``mathgrade serve`` against warm in-process and warm pooled grading of the same rows
    (bench/bench_serve.py)."""
    ref, pooled = r["in_process"]["rows_per_s"], r["pooled"]["rows_per_s"]
    conc = {"1": 16, "64": 4, "512": 2}
    lines = [
        f"Measured by `bench/bench_serve.py --json bench/results/serve.json` in one run on the shared 2-core machine "
        f"(load average {r['load_average']:.1f} at its start, {r['load_average_end']:.1f} at its end, from other "
        f"work; {r['workers']} grading workers, the load generator in {r['clients']} more process on the same cores; "
        f"`/reward` requests built from `data/sample.jsonl`), against two references in the same run, both warm "
        f"(best of {len(r['in_process']['runs_rows_per_s'])} runs over {r['reference_rows']:,} rows, each after "
        f"an untimed pass over the same rows): in-process grading (`grade_many(workers=0, policy=\"reward\")`: "
        f"{ref:,.0f} rows/s) and pooled grading (`grade_many(workers={r['workers']}, policy=\"reward\")` with the "
        f"pool of {r['pooled']['pool_workers']} workers started and ready before the first timed run, which each "
        f"run checks: {pooled:,.0f} rows/s):",
        "",
        "| requests | rewards/s | p50 / p99 ms | vs in-process | vs pooled |",
        "|---|---|---|---|---|",
    ]
    for batch, t in sorted(r["throughput"].items(), key=lambda kv: int(kv[0])):
        rows = "1 row" if batch == "1" else f"{int(batch)} rows"
        lines.append(f"| {rows} each, {conc.get(batch, '?')} connections per client | {t['rewards_per_s']:,.0f} | "
                     f"{t['p50_ms']:.1f} / {t['p99_ms']:.1f} | {t['rewards_per_s'] / ref:.2f}× | "
                     f"{t['rewards_per_s'] / pooled:.2f}× |")
    for share, x in sorted(r["latency"].items()):
        lines.append(f"| 1 row each at {x['rate']:,.0f}/s ({float(share):.0%} of the most) | "
                     f"{x['answered_per_s']:,.0f} | {x['p50_ms']:.1f} / {x['p99_ms']:.1f} | | |")
    soak = r["soak"]
    lines += ["", f"A {soak['seconds']:g} s soak (batches of 1, 8 and 64 in turn, {soak['rows']:,} rewards): "
                  f"{soak['failed']} failed, {soak['lost']} lost; the server exited with code {r['server_exit_code']} "
                  f"on SIGTERM."]
    return "\n".join(lines)


TABLES: Dict[str, Tuple[str, Callable[[Dict[str, Any]], str]]] = {
    "speed": ("speed.json", speed),
    "speed-notes": ("speed.json", speed_notes),
    "runtime": ("speed.json", runtime),
    "serve": ("serve.json", serve),
    "ray": ("ray.json", ray_measured),
    "scale": ("ray.json", scale),
    "scale-notes": ("ray.json", scale_notes),
}
"""Each table: the results file it is made from, and the function that makes it."""

_MARKED = re.compile(r"(<!-- table: ([\w-]+) -->\n)(.*?)(<!-- end table -->)", re.S)


def doc_files() -> List[Path]:
    return [ROOT / "README.md"] + sorted((ROOT / "docs").glob("**/*.md"))


def render(name: str) -> str:
    results, make = TABLES[name]
    return make(json.loads((RESULTS / results).read_text(encoding="utf-8")))


def updated(text: str) -> str:
    """``text`` with each marked table made anew."""
    return _MARKED.sub(lambda m: m.group(1) + render(m.group(2)) + "\n" + m.group(4), text)


def main(argv: List[str]) -> int:
    check = "--check" in argv
    stale = []
    for path in doc_files():
        text = path.read_text(encoding="utf-8")
        new = updated(text)
        if new != text:
            stale.append(str(path.relative_to(ROOT)))
            if not check:
                path.write_text(new, encoding="utf-8")
    if stale:
        print(("out of date: " if check else "updated: ") + ", ".join(stale))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
