"""Grading 1M, 100M and 1B rows on 8, 64 and 512 nodes, on paper: rows/s, hours and cost, and the bottleneck.

Usage::

    python bench/bench_ray.py --json bench_ray.json     # measure on this machine (see that script)
    python bench/scale_projection.py bench_ray.json     # the table of docs/scale.md

Without a file, the run committed in ``bench/results/ray.json`` is used (the one docs/scale.md shows). What is
measured: the rows/s of one Ray actor grading real model outputs (grading, Arrow conversions, Ray Data's cost per
batch; start-up not counted) *at the number of actors used*: two actors on the two CPUs of the measuring machine,
their rate halved, as the 30 actors of a 32-CPU node share it (the rate of a lone actor, which has a CPU to spare
for Ray's own processes, would overstate a full node), the mean output length, and Ray Data's cost per batch. What is assumed (:data:`ASSUMED`, each a command-line option):
the node, its price, its network bandwidth to storage, and the time to start the actors. The projection is a
calculation, not a run on a cluster: each limit is computed, and the smallest one is the rate and its name is the
bottleneck:

- ``cpu``: actors per node x nodes x the rows/s of one actor among as many as CPUs (Ray Data's cost per batch
  included, as measured);
- ``storage``: nodes x network bandwidth per node / bytes read and written per row;
- ``driver``: batches dispatched per second by one driver x rows per batch (one Ray Data job has one driver). The
  rate is taken as 1 / Ray Data's measured cost per batch: measured with one actor, where each batch waits for the
  one before, it is a lower bound of what a driver dispatches to many actors.

The object store is not a limit at these rates: with Ray Data's streaming execution a block is in it from its read
to its write only (bounded memory), and a node moves a few hundred MB/s through it, far below its memory bandwidth.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Dict, List

RESULTS = Path(__file__).resolve().parent / "results" / "ray.json"
MEASURED_KEYS = ("ray_actor_rate", "mean_output_chars", "batch_seconds", "batch_size")
"""What the projection takes from a bench/bench_ray.py run."""


ASSUMED: Dict[str, float] = {
    "cpus_per_node": 32,  # a 32-vCPU compute node
    "actors_per_node": 30,  # one actor per CPU, two CPUs left to Ray's own processes, reads and writes
    "node_price": 1.40,  # US$ per node-hour, on demand (a typical price for 32 vCPUs in 2026; give yours)
    "node_gbps": 10.0,  # network bandwidth per node to the storage (S3, GCS...), Gbit/s, shared by reads and writes
    "start_seconds": 120.0,  # to schedule and start the actors (and the nodes, if autoscaled) once per job
}
"""Not measured here: the cluster. Each is a command-line option (``--node-price 0.5``...)."""

ROWS = (1_000_000, 100_000_000, 1_000_000_000)
NODES = (8, 64, 512)
RESULT_BYTES = 60
"""Bytes per row of the verdict columns written back (status, rule, the extracted answer, a short reason)."""


def project(rows: int, nodes: int, m: Dict[str, float], a: Dict[str, float]) -> Dict[str, Any]:
    """The limits, the rate, the time and the cost of grading ``rows`` rows on ``nodes`` nodes."""
    bytes_per_row = m["mean_output_chars"] * 1.05 + RESULT_BYTES  # (UTF-8: mostly ASCII)
    limits = {
        "cpu": nodes * a["actors_per_node"] * m["ray_actor_rate"],
        "storage": nodes * a["node_gbps"] * 1e9 / 8 / (bytes_per_row * 2),  # read the rows, write them back
        "driver": m["batch_size"] / m["batch_seconds"],
    }
    bottleneck = min(limits, key=lambda k: limits[k])
    rate = limits[bottleneck]
    seconds = a["start_seconds"] + rows / rate
    return {"rows": rows, "nodes": nodes, "rate": rate, "bottleneck": bottleneck, "hours": seconds / 3600,
            "cost": nodes * a["node_price"] * seconds / 3600, "limits": limits}


def table(m: Dict[str, float], a: Dict[str, float]) -> str:
    lines = ["| rows | nodes | rows/s | bottleneck | time | cost (US$) |", "|---|---|---|---|---|---|"]
    for rows in ROWS:
        for nodes in NODES:
            p = project(rows, nodes, m, a)
            hours = p["hours"]
            time = f"{hours * 60:.0f} min" if hours < 2 else f"{hours:.1f} h"
            lines.append(f"| {rows:,} | {nodes} | {p['rate']:,.0f} | {p['bottleneck']} | {time} | "
                         f"{p['cost']:,.2f} |")
    return "\n".join(lines)


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("measured", nargs="?", default=str(RESULTS),
                    help="the JSON file of bench/bench_ray.py --json (default: bench/results/ray.json)")
    for name, value in ASSUMED.items():
        ap.add_argument("--" + name.replace("_", "-"), type=float, default=value)
    ap.add_argument("--batch-size", type=int, default=None,
                    help="rows per batch (default: the measured run's); larger batches relieve the driver")
    args = ap.parse_args(argv)
    data = json.loads(Path(args.measured).read_text(encoding="utf-8"))
    measured = {k: float(data[k]) for k in MEASURED_KEYS}
    if args.batch_size:
        measured["batch_size"] = float(args.batch_size)  # (the rows/s per actor, measured at a smaller batch, stays)
    assumed = {k: getattr(args, k) for k in ASSUMED}
    print(f"measured: {measured['ray_actor_rate']:,.0f} rows/s per actor, {measured['mean_output_chars']:,.0f} characters per "
          f"output, {measured['batch_seconds'] * 1e3:.2f} ms per batch of {measured['batch_size']:,.0f} rows")
    print("assumed:  " + ", ".join(f"{k} {v:g}" for k, v in assumed.items()))
    print()
    print(table(measured, assumed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
