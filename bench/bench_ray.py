"""Grading with Ray Data against ``grade_many``, in one run on this machine.

Usage (from the repository root, with ``pip install '.[ray]'``)::

    python bench/bench_ray.py [--rows 200000] [--json bench_ray.json]

The rows are the real model outputs of the bundled labeled sets (``bench/data/model_outputs.jsonl.gz``, GSM8K and
MATH; ``bench/data/hard_outputs_skythought.jsonl.gz``, long chains of thought), repeated to ``--rows`` rows and
written to one Parquet file. Each configuration grades that file from disk to the end, with the default options:

- ``grade_many`` with 1 worker (in this process) and with 2 worker processes, reading the file with pyarrow;
- ``mathgrade.ray.grade_dataset`` on a local Ray cluster of 2 CPUs started by this script (``ray.init``, no
  dashboard), with 1 and with 2 actors, reading the file with ``ray.data.read_parquet`` (with Ray Data's first
  generation of readers, as ``mathgrade grade --ray`` does; see ``grade_dataset``) and consuming the graded rows in
  this process (``iter_batches``), at the batch size ``batch_size_for`` picks from 256 sampled rows.

Each configuration runs twice, on all the rows and on every 100th of them (the same mix, 1% of the rows), each
time from a fresh start (a new local cluster for Ray; a fresh ``grade_many`` call, whose worker pool starts inside
the call). The time of a run is start-up plus rows times the cost of a row, so the two runs separate them: the cost
of a row is the difference of the two times over the difference of the rows, and the start-up (actors started and
warmed, or worker processes started) is what remains. Ray and ``grade_many`` are compared on the cost of a row (like with like: neither
start-up is counted), and each start-up is printed beside it.

It also prints two costs the scale projection (``bench/scale_projection.py``) starts from: Ray Data's cost per batch
beyond its rows (from two runs of small rows that differ only in batch size: the difference in time over the
difference in batches) and the rows/s of one actor at the number of actors used (the rate of two actors on two
CPUs, halved: what an actor does while it shares the machine, as the 30 actors of a 32-CPU node do). Cluster
start-up is not counted. ``--json PATH`` writes every number to a file (``bench/results/ray.json`` is the run
docs/scale.md shows; ``bench/tables.py`` makes its tables from that file).
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import logging
import os
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench" / "data"
SETS = ("model_outputs.jsonl.gz", "hard_outputs_skythought.jsonl.gz")


def _rows(n: int) -> List[Dict[str, str]]:
    real: List[Dict[str, str]] = []
    for name in SETS:
        with gzip.open(DATA / name, "rt", encoding="utf-8") as f:
            real += [{"answer": r["text"], "gold": r["gold"]} for r in map(json.loads, f) if r.get("text")]
    return [dict(r, id=str(i)) for i, r in zip(range(n), itertools.cycle(real))]


def _write_parquet(rows: List[Dict[str, str]], path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_pylist(rows), path, row_group_size=16_384)


def _grade_many(path: Path, workers: int) -> Tuple[float, int]:
    import pyarrow.parquet as pq

    from mathgrade import grade_many, warm_up

    warm_up()
    start = time.perf_counter()
    table = pq.read_table(path, columns=["answer", "gold"])
    pairs = zip(table.column("answer").to_pylist(), table.column("gold").to_pylist())
    n = sum(1 for _ in grade_many(pairs, workers=workers))
    return time.perf_counter() - start, n


def _ray(ray: Any, path: Path, actors: int, batch_size: int) -> Tuple[float, int]:
    from mathgrade.ray import grade_dataset

    start = time.perf_counter()
    ds = ray.data.read_parquet(str(path), num_cpus=0)
    graded = grade_dataset(ds, actors=actors, batch_size=batch_size)
    n = sum(b.num_rows for b in graded.iter_batches(batch_size=None, batch_format="pyarrow"))
    return time.perf_counter() - start, n


@contextmanager
def _cluster(ray: Any) -> Iterator[None]:
    """A fresh local cluster of 2 CPUs (its start is not timed): each configuration starts with every CPU free."""
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    context = ray.data.DataContext.get_current()
    context.enable_progress_bars = False
    if hasattr(context, "use_datasource_v2"):
        context.use_datasource_v2 = False
    logging.getLogger("ray.data").setLevel(logging.ERROR)
    try:
        yield
    finally:
        ray.shutdown()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=200_000)
    ap.add_argument("--json", default=None, help="also write the numbers to this JSON file")
    args = ap.parse_args()

    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # keep the cluster on 127.0.0.1
    import ray

    from mathgrade.ray import batch_size_for

    rows = _rows(args.rows)
    results: Dict[str, Any] = {"rows": len(rows), "cpus": os.cpu_count(), "load_average": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rows.parquet"
        _write_parquet(rows, path)
        chars = sum(len(r["answer"]) for r in rows) / len(rows)
        batch_size = batch_size_for(rows[:256])
        results.update(mean_output_chars=round(chars), batch_size=batch_size)
        print(f"{len(rows)} rows (mean output {chars:.0f} characters), batch size {batch_size}, "
              f"load average {results['load_average']:.1f}", flush=True)

        small = Path(tmp) / "sample.parquet"
        _write_parquet(rows[::100], small)
        sizes = {path: len(rows), small: len(rows[::100])}

        def split(name: str, run: Any) -> None:
            """Time ``run(path)`` on both files; record the end-to-end rate, the cost of a row and the start-up."""
            seconds = {}
            for p in (small, path):
                t, n = run(p)
                assert n == sizes[p]
                seconds[p] = t
            per_row = (seconds[path] - seconds[small]) / (sizes[path] - sizes[small])
            start = seconds[path] - sizes[path] * per_row
            results[name] = sizes[path] / seconds[path]
            results[name + "_row_rate"] = 1 / per_row
            results[name + "_start_seconds"] = start
            print(f"{name}: {results[name]:,.0f} rows/s end to end ({seconds[path]:.1f} s for {sizes[path]} rows, "
                  f"{seconds[small]:.1f} s for {sizes[small]}): {1 / per_row:,.0f} rows/s per row cost, "
                  f"start-up {start:.1f} s", flush=True)

        for workers in (1, 2):
            split(f"grade_many_{workers}", lambda p, w=workers: _grade_many(p, w))
        results["row_seconds"] = 1 / results["grade_many_1_row_rate"]

        for actors in (1, 2):
            def ray_run(p: Path, a: int = actors) -> Tuple[float, int]:
                with _cluster(ray):
                    return _ray(ray, p, a, batch_size)

            split(f"ray_{actors}", ray_run)
            print(f"  grade_many's row rate is {results[f'grade_many_{actors}_row_rate'] / results[f'ray_{actors}_row_rate']:.2f}x "
                  f"Ray's with {actors} process{'es' if actors > 1 else ''}", flush=True)
        results["ray_actor_rate"] = results["ray_2_row_rate"] / 2

        # Ray's cost per batch: the same small rows in batches of 16 and of 1024, on one actor (warm: the second
        # run of each).
        tiny = Path(tmp) / "tiny.parquet"
        _write_parquet([{"answer": "7", "gold": "7", "id": str(i)} for i in range(32_768)], tiny)
        times: Dict[int, float] = {}
        with _cluster(ray):
            for b in (1024, 16, 1024, 16):
                times[b] = _ray(ray, tiny, 1, b)[0]
        per_batch = (times[16] - times[1024]) / (32_768 / 16 - 32_768 / 1024)
        results["batch_seconds"] = per_batch
        print(f"Ray Data's cost per batch beyond its rows: {per_batch * 1e3:.2f} ms "
              f"({times[16]:.1f} s in batches of 16, {times[1024]:.1f} s in batches of 1024)", flush=True)
    results["load_average_end"] = os.getloadavg()[0]
    print(f"grading cost per row (one process, no Ray): {results['row_seconds'] * 1e6:.0f} us; one actor of two: "
          f"{results['ray_actor_rate']:,.0f} rows/s")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    sys.exit(main())
