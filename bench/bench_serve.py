"""Throughput, latency and errors of ``mathgrade serve``, against in-process ``grade_many`` on the same rows.

    .venv/bin/python bench/bench_serve.py                     # the full run (about 4 minutes, 60 s soak)
    .venv/bin/python bench/bench_serve.py --soak 10 --seconds 5   # a quick check
    .venv/bin/python bench/bench_serve.py --json out.json     # also write the numbers as JSON

Everything runs on loopback and is bounded in time. The server is started as users start it
(``python -m mathgrade serve --port 0 --workers N``); the load comes from separate processes (``--clients``, each an
asyncio loop with an ``aiohttp`` client keeping its connections open; ``pip install '.[bench]'``) that send OpenRLHF
``/reward`` requests built from ``data/sample.jsonl`` (300 real model outputs; each query is a prompt followed by the
output). aiohttp rather than httpx: on this 2-core machine an httpx client sent at most about 300 requests per second
to an endpoint that answers 10,000, so it would have measured itself.

What is measured, in one run:

- the references, on the same rows, best of ``--repeats``, both warm (nothing is started inside a timed run):
  in-process grading (``grade_many(rows, workers=0, policy="reward")``: what one process grades without any
  hand-off), and pooled grading (``grade_many(rows, workers=N, policy="reward")``, the caller and the process-wide
  pool of ``--workers`` workers, the server's count; the pool is started and every worker made ready, and the rows
  graded once, before the first timed run; each timed run checks that no worker was started during it). Each
  reference first grades every row once untimed, as the server has graded them before it is measured (the warm-up
  load and the earlier runs), so both sides have their caches warm;
- the most rewards per second through the server with batches of 1, 64 and 512 rows per request (closed loop:
  each connection sends its next request when the answer comes; ``--concurrency`` connections per client);
- latency (p50, p99) of single-row requests sent at a fixed rate of 50% and 90% of the most single-row requests
  per second measured above (open loop: requests leave on schedule whether or not earlier ones came back);
- a soak of ``--soak`` seconds, batch sizes mixed (1, 8, 64 in turn) at half the load the server carries (half the
  most requests per second, or half the most rewards per second measured with batches of 64, whichever is less):
  requests failed (not 200, or a body that does not hold one reward per row) and lost (sent, never answered) must
  both be 0.

The load generators share the machine's cores with the server: on 2 cores the server's own throughput is higher
than what is reported here. Other jobs on the machine change every number: the load average is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import threading
import time
from typing import Any, Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "sample.jsonl")
BATCHES = (1, 64, 512)
SOAK_BATCHES = (1, 8, 64)


def _rows() -> List[Tuple[str, str, str]]:
    """(prompt, output, gold) for every row of the sample."""
    with open(DATA, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [(f"Question {r['id']}:\n", str(r["answer"]), str(r["gold"])) for r in rows]


def _body(rows: List[Tuple[str, str, str]], start: int, n: int) -> bytes:
    picked = [rows[(start + i) % len(rows)] for i in range(n)]
    return json.dumps({"query": [p + o for p, o, _ in picked], "prompts": [p for p, _, _ in picked],
                       "labels": [g for _, _, g in picked]}).encode()


# --- the load generator (a child process) -----------------------------------------------------------------------


def _load_child(conn: Any, url: str, mode: str, batch: int, seconds: float, concurrency: int, rate: float,
                seed: int) -> None:
    """Run one load pattern and send back its record: requests, rows, latencies (s), failures, lost."""
    try:
        conn.send(asyncio.run(_load(url, mode, batch, seconds, concurrency, rate, seed)))
    except Exception as exc:  # noqa: BLE001 - reported by the parent
        conn.send({"error": f"{type(exc).__name__}: {exc}"})
    conn.close()


async def _load(url: str, mode: str, batch: int, seconds: float, concurrency: int, rate: float,
                seed: int) -> Dict[str, Any]:
    import aiohttp

    rows = _rows()
    sizes = SOAK_BATCHES if mode == "soak" else (batch,)
    bodies = {b: [_body(rows, seed * 7919 + i * b, b) for i in range(16)] for b in sizes}
    record: Dict[str, Any] = {"requests": 0, "rows": 0, "latencies": [], "failed": 0, "lost": 0, "failures": []}
    connector = aiohttp.TCPConnector(limit=concurrency if mode == "closed" else 0)
    timeout = aiohttp.ClientTimeout(total=120)
    headers = {"Content-Type": "application/json"}
    async with aiohttp.ClientSession(url, connector=connector, timeout=timeout, headers=headers) as client:
        async def one(size: int, k: int) -> None:
            t = time.perf_counter()
            try:
                async with client.post("/reward", data=bodies[size][k % 16]) as r:
                    status, text = r.status, await r.text()
                ok = status == 200 and len(json.loads(text).get("rewards", ())) == size
            except Exception as exc:  # noqa: BLE001 - counted
                record["lost"] += 1
                record["failures"].append(f"{type(exc).__name__}: {exc}")
                return
            record["latencies"].append(time.perf_counter() - t)
            record["requests"] += 1
            record["rows"] += size
            if not ok:
                record["failed"] += 1
                record["failures"].append(f"HTTP {status}: {text[:200]}")

        end = time.perf_counter() + seconds
        if mode == "closed":
            async def loop(j: int) -> None:
                k = j
                while time.perf_counter() < end:
                    await one(batch, k)
                    k += concurrency

            await asyncio.gather(*(loop(j) for j in range(concurrency)))
        else:  # open loop at `rate` requests per second (soak: batch sizes in turn)
            tasks = []
            start = time.perf_counter()
            k = 0
            while True:
                due = start + k / rate
                if due >= end:
                    break
                delay = due - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                size = SOAK_BATCHES[k % len(SOAK_BATCHES)] if mode == "soak" else batch
                tasks.append(asyncio.ensure_future(one(size, k)))
                k += 1
            await asyncio.gather(*tasks)
            record["sent"] = k
    record["failures"] = record["failures"][:5]
    return record


def _run_load(url: str, clients: int, mode: str, batch: int, seconds: float, concurrency: int = 1,
              rate: float = 0.0) -> Dict[str, Any]:
    """Run the load pattern from ``clients`` processes at once (an open-loop ``rate`` is shared among them) and
    merge their records."""
    ctx = multiprocessing.get_context("spawn")
    procs, pipes = [], []
    for c in range(clients):
        parent, child = ctx.Pipe(duplex=False)
        p = ctx.Process(target=_load_child, args=(child, url, mode, batch, seconds, concurrency, rate / clients, c))
        p.start()
        procs.append(p)
        pipes.append(parent)
    records = [pipe.recv() for pipe in pipes]
    for p in procs:
        p.join(60)
    errors = [r["error"] for r in records if "error" in r]
    if errors:
        raise RuntimeError("load generator failed: " + "; ".join(errors))
    merged: Dict[str, Any] = {"requests": 0, "rows": 0, "latencies": [], "failed": 0, "lost": 0, "failures": [],
                              "sent": 0, "seconds": seconds}
    for r in records:
        for key in ("requests", "rows", "failed", "lost", "sent"):
            merged[key] += r.get(key, 0)
        merged["latencies"] += r["latencies"]
        merged["failures"] += r["failures"]
    return merged


def _pct(values: List[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


# --- the server ---------------------------------------------------------------------------------------------------


class _Server:
    def __init__(self, workers: int) -> None:
        env = {k: v for k, v in os.environ.items() if k != "MATHGRADE_SERVE_TOKEN"}
        self.proc = subprocess.Popen([sys.executable, "-m", "mathgrade", "serve", "--port", "0", "--workers",
                                      str(workers)], stderr=subprocess.PIPE, text=True, env=env)
        assert self.proc.stderr is not None
        self.url = ""
        for line in self.proc.stderr:
            m = re.search(r"listening on (http://\S+)", line)
            if m:
                self.url = m.group(1)
                break
        if not self.url:
            raise RuntimeError("the server did not start")
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()  # keep its pipe drained

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(120)


# --- in-process reference -----------------------------------------------------------------------------------------


def _reference(workers: int, n: int, repeats: int) -> Dict[str, Any]:
    """Rows per second of ``grade_many`` in this process over ``n`` rows (the sample repeated), best of ``repeats``
    warm runs: ``workers`` 0 grades in this process only; otherwise the process-wide pool is grown to ``workers``,
    started and made ready before any run is timed (its start-up is no part of the figure), and each timed run
    checks that the pool it used is the one warmed (no worker was started or replaced inside a timed region)."""
    import mathgrade
    from mathgrade.runtime import batch_workers, current_pool, shared_pool

    rows = _rows()
    pairs = [(rows[i % len(rows)][1], rows[i % len(rows)][2]) for i in range(n)]
    pool = None
    if workers > 1:
        pool = shared_pool(batch_workers(workers))
        if pool is None:
            raise RuntimeError("no worker processes can be started here: no pooled reference")
        pool.warm_up()
    list(mathgrade.grade_many(pairs, workers=workers, policy="reward"))  # imports, caches, pool: not timed
    pool = current_pool()  # with workers=0 too: symbolic work runs in the pool (started by the pass above, if any)
    if pool is not None:
        pool.warm_up()
    runs = []
    for _ in range(repeats):
        ready = pool.ready() if pool is not None else 0
        t = time.perf_counter()
        count = sum(1 for _ in mathgrade.grade_many(pairs, workers=workers, policy="reward"))
        runs.append(count / (time.perf_counter() - t))
        if pool is not None and (current_pool() is not pool or min(ready, pool.ready()) < pool.workers):
            raise RuntimeError(f"the pool was not warm through a timed run ({ready} of {pool.workers} workers ready)")
    return {"rows_per_s": max(runs), "runs_rows_per_s": runs, "pool_workers": pool.workers if pool is not None else 0}


# --- main -----------------------------------------------------------------------------------------------------------


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="server and grade_many workers")
    ap.add_argument("--clients", type=int, default=1, help="load generator processes (default: 1)")
    ap.add_argument("--seconds", type=float, default=15.0, help="seconds per throughput and latency run")
    ap.add_argument("--soak", type=float, default=60.0, help="seconds of the soak run (default: 60)")
    ap.add_argument("--reference-rows", type=int, default=20000, help="rows of the grade_many reference")
    ap.add_argument("--repeats", type=int, default=3, help="grade_many reference runs (best is kept)")
    ap.add_argument("--json", metavar="PATH", help="also write the numbers here")
    args = ap.parse_args(argv)

    load = os.getloadavg()[0]
    print(f"# mathgrade serve: {args.workers} workers, {args.clients} load processes, {os.cpu_count()} cores, "
          f"load average {load:.1f} at start", flush=True)
    results: Dict[str, Any] = {"workers": args.workers, "clients": args.clients, "load_average": load}
    in_process = _reference(0, args.reference_rows, args.repeats)
    pooled = _reference(args.workers, args.reference_rows, args.repeats)
    reference, pooled_rate = in_process["rows_per_s"], pooled["rows_per_s"]
    results["reference_rows"] = args.reference_rows
    results["in_process"], results["pooled"] = in_process, pooled
    print(f"warm in-process grading (grade_many, workers=0): {reference:,.0f} rows/s; warm pooled grading "
          f"(grade_many, workers={args.workers}, pool of {pooled['pool_workers']} ready before timing): "
          f"{pooled_rate:,.0f} rows/s", flush=True)

    server = _Server(args.workers)
    try:
        _run_load(server.url, 1, "closed", 1, 2.0, concurrency=4)  # warm connections and caches: not timed
        print("\n| batch | concurrency | requests/s | rewards/s | p50 ms | p99 ms | vs in-process | vs pooled |")
        print("|---|---|---|---|---|---|---|---|")
        throughput = {}
        for batch in BATCHES:
            concurrency = {1: 16, 64: 4, 512: 2}[batch]
            r = _run_load(server.url, args.clients, "closed", batch, args.seconds, concurrency=concurrency)
            rps, rows_s = r["requests"] / args.seconds, r["rows"] / args.seconds
            throughput[batch] = {"requests_per_s": rps, "rewards_per_s": rows_s, "failed": r["failed"] + r["lost"],
                                 "p50_ms": 1000 * _pct(r["latencies"], 0.5),
                                 "p99_ms": 1000 * _pct(r["latencies"], 0.99)}
            print(f"| {batch} | {concurrency * args.clients} | {rps:,.0f} | {rows_s:,.0f} | "
                  f"{throughput[batch]['p50_ms']:.1f} | {throughput[batch]['p99_ms']:.1f} | "
                  f"{rows_s / reference:.2f}x | {rows_s / pooled_rate:.2f}x |", flush=True)
        results["throughput"] = throughput

        max_rate = throughput[1]["requests_per_s"]
        print("\n| single-row load | rate sent | answered/s | p50 ms | p99 ms | failed | lost |")
        print("|---|---|---|---|---|---|---|")
        latency = {}
        for share in (0.5, 0.9):
            rate = share * max_rate
            r = _run_load(server.url, args.clients, "open", 1, args.seconds, rate=rate)
            latency[str(share)] = {"rate": rate, "answered_per_s": r["requests"] / args.seconds,
                                   "p50_ms": 1000 * _pct(r["latencies"], 0.5),
                                   "p99_ms": 1000 * _pct(r["latencies"], 0.99), "failed": r["failed"],
                                   "lost": r["lost"]}
            x = latency[str(share)]
            print(f"| {share:.0%} of max | {rate:,.0f}/s | {x['answered_per_s']:,.0f} | {x['p50_ms']:.1f} | "
                  f"{x['p99_ms']:.1f} | {r['failed']} | {r['lost']} |", flush=True)
            for failure in r["failures"]:
                print("  failure:", failure)
        results["latency"] = latency

        mean_batch = sum(SOAK_BATCHES) / len(SOAK_BATCHES)
        soak_rate = 0.5 * min(max_rate, throughput[64]["rewards_per_s"] / mean_batch)
        r = _run_load(server.url, args.clients, "soak", 1, args.soak, rate=soak_rate)
        results["soak"] = {"seconds": args.soak, "sent": r["sent"], "answered": r["requests"], "rows": r["rows"],
                           "failed": r["failed"], "lost": r["lost"], "p99_ms": 1000 * _pct(r["latencies"], 0.99),
                           "failures": r["failures"]}
        results["soak"]["rate"] = soak_rate
        print(f"\nsoak: {args.soak:g} s at {soak_rate:,.0f} requests/s (batches of 1, 8, 64 in turn): "
              f"{r['sent']:,} sent, {r['requests']:,} answered ({r['rows']:,} rewards), {r['failed']} failed, "
              f"{r['lost']} lost, p99 {results['soak']['p99_ms']:.1f} ms", flush=True)
        for failure in r["failures"]:
            print("  failure:", failure)
    finally:
        code = server.stop()
    results["server_exit_code"] = code
    results["load_average_end"] = os.getloadavg()[0]
    print(f"\nserver exit code after SIGTERM: {code}; load average at end {results['load_average_end']:.1f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=2)
    return 0 if results["soak"]["failed"] == 0 and results["soak"]["lost"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
