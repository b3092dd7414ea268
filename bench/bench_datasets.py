"""Throughput of ``Dataset.map(grade_batch, batched=True)`` against a plain in-process loop of ``mathgrade.grade``
on the same rows, and the time of the same ``map`` run again (a cache hit).

    python bench/bench_datasets.py              # 10,000 rows, 3 rounds
    python bench/bench_datasets.py --rows 50000

Needs the ``datasets`` library (``pip install '.[datasets]'``). The rows are the real model outputs of
``bench/data/model_outputs.jsonl.gz`` (GSM8K and MATH; see ``bench/data/SOURCES.md``), repeated to ``--rows``. The
dataset is saved to disk and loaded back (an in-memory dataset has no cache files, so ``map`` would never cache).
Each round times the loop and a fresh ``map`` (into a new cache directory) one after the other, so that both see
the same warm read cache and the same load; the best round of each is compared. The machine's load changes every
number: the ratio, measured in the same run, is what matters. Prints rows/s, the ratio map / loop, and the rerun's
time with whether it loaded the cache.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List

_DATA = Path(__file__).resolve().parent / "data" / "model_outputs.jsonl.gz"


def _rows(n: int) -> Dict[str, List[Any]]:
    with gzip.open(_DATA, "rt", encoding="utf-8") as f:
        base = [json.loads(line) for line in f]
    rows = [base[i % len(base)] for i in range(n)]
    return {"output": [r["text"] for r in rows], "gold": [r["gold"] for r in rows]}


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)

    import datasets

    import mathgrade
    from mathgrade.integrations.datasets import grade_batch

    datasets.disable_progress_bars()
    columns = _rows(args.rows)
    loops, maps = [], []
    with tempfile.TemporaryDirectory() as tmp:
        datasets.Dataset.from_dict(columns).save_to_disk(os.path.join(tmp, "data"))
        mathgrade.grade("warm", "1")
        for r in range(args.rounds):
            t = time.perf_counter()
            plain = [mathgrade.grade(o, g).to_row() for o, g in zip(columns["output"], columns["gold"])]
            loops.append(time.perf_counter() - t)
            ds = datasets.load_from_disk(os.path.join(tmp, "data"))
            cache = os.path.join(tmp, f"cache{r}.arrow")
            t = time.perf_counter()
            graded = ds.map(grade_batch, batched=True, cache_file_name=cache)
            maps.append(time.perf_counter() - t)
        assert graded["correct"] == [row["correct"] for row in plain], "map and the loop disagree"
        files_before = sorted(os.listdir(tmp))
        t = time.perf_counter()
        again = ds.map(grade_batch, batched=True, cache_file_name=cache)
        rerun = time.perf_counter() - t
        hit = again.cache_files == graded.cache_files and sorted(os.listdir(tmp)) == files_before
    loop_rate, map_rate = args.rows / min(loops), args.rows / min(maps)
    print(f"rows:              {args.rows} (bench/data/model_outputs.jsonl.gz, repeated)")
    print(f"plain loop:        {loop_rate:,.0f} rows/s (best of {args.rounds})")
    print(f"Dataset.map:       {map_rate:,.0f} rows/s (best of {args.rounds}, batched=True, writing its cache)")
    print(f"ratio map / loop:  {map_rate / loop_rate:.2f}")
    print(f"map again:         {rerun:.3f} s ({'cache hit' if hit else 'NOT a cache hit'})")
    print(f"load average:      {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0 if hit else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
