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


TABLES: Dict[str, Tuple[str, Callable[[Dict[str, Any]], str]]] = {
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
