"""Throughput, memory and cache speed of ``mathgrade eval`` against the replay server, with no added latency.

    .venv/bin/python bench/bench_eval.py                  # 10k, 30k and 100k samples (several minutes)
    .venv/bin/python bench/bench_eval.py --quick          # 5k and 20k samples
    .venv/bin/python bench/bench_eval.py --json out.json  # also write the numbers as JSON

Needs ``pip install '.[bench]'`` (the client, and the server stack: Starlette on uvicorn, with httptools and uvloop
as vLLM's server runs). The server is ``tests/eval/replay_server.py`` in its own process, replaying the recorded
Sky-T1 outputs of ``tests/data/replay_outputs.jsonl`` (real long chain-of-thought outputs, 4,000 characters on
average). The task: ``--problems`` problems (2,500), copies of the recorded ones whose text differs by a last line (so
each copy is a new prompt); a run of N samples asks N / 2,500 samples per problem, so that only the samples, not the
task, grow with N.

What is measured, each in a fresh process (``mathgrade eval`` as a user runs it, through ``mathgrade.cli.main``):

- end to end: samples/s of a fresh run (request, cache write, grading, clustering, writing samples.jsonl), the
  eval process's peak memory (RSS), for each size (flat memory: it does not grow with the run's length), and where
  the CPU time goes: milliseconds per sample in the eval process (client, cache, scoring), in its grading workers,
  and in the server;
- where the time goes, for the largest size, each part alone on the same data: the client asking the server
  (requests/s, no cache, no grading), grading the same responses with ``grade_many`` on the same workers (rows/s),
  writing them to the cache (rows/s);
- a rerun of the largest size, every answer in the cache: samples/s, and the time to look up every sample's key in
  the cache (computing the keys included) — the cost a resume pays before asking for what is missing.

The server and the evaluation share the machine's cores, as they would not in production (the model server runs on
GPUs elsewhere): end-to-end numbers here are a lower bound. Other jobs on the machine change every number; the load
average is printed with the results.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from typing import Any, Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
SERVER = os.path.join(ROOT, "tests", "eval", "replay_server.py")
DATA = os.path.join(ROOT, "tests", "data", "replay_outputs.jsonl")
MODEL = "bench-replay"

_CHILD = r"""
import json, resource, sys, time
from mathgrade.cli import main
start = time.perf_counter()
rc = main(sys.argv[1:])
seconds = time.perf_counter() - start
import mathgrade.runtime
mathgrade.runtime.wait_stopped()  # the grading workers stop in the background: wait, so that their CPU time counts
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": rc, "seconds": seconds, "rss_mb": me.ru_maxrss / 1024, "cpu_main": me.ru_utime + me.ru_stime,
                  "cpu_workers": kids.ru_utime + kids.ru_stime}))
"""


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far (Linux ``/proc``)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server() -> "tuple[subprocess.Popen[str], str]":
    sys.path.insert(0, os.path.dirname(SERVER))
    from replay_server import launch

    proc, port = launch(DATA, MODEL, bodies=False)  # (the tests' record of each body would grow the server)
    return proc, f"http://127.0.0.1:{port}/v1"


def make_task(path: str, samples: int, n: int) -> int:
    """A task file of copies of the recorded problems, enough for ``samples`` samples; returns its problem count."""
    seen: Dict[str, str] = {}
    with open(DATA, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            seen.setdefault(row["problem"], row["gold"])
    problems = list(seen.items())
    count = -(-samples // n)
    with open(path, "w", encoding="utf-8") as f:
        for i in range(count):
            problem, gold = problems[i % len(problems)]
            copy = i // len(problems)
            f.write(json.dumps({"id": f"p{i}", "problem": f"{problem}\n(Copy {copy}.)", "answer": gold}) + "\n")
    return count


def run_eval(url: str, task: str, out: str, n: int, limit: int, extra: List[str]) -> Dict[str, Any]:
    args = ["eval", "--task-file", task, "--model", MODEL, "--base-url", url, "-o", out, "--n", str(n),
            "--temperature", "1", "--seed", "0", "--limit", str(limit), "--no-progress", *extra]
    done = subprocess.run([sys.executable, "-c", _CHILD, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"eval failed ({done.returncode}): {done.stderr[-2000:]}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def parts(url: str, out: str, samples: int, workers: Optional[int]) -> Dict[str, float]:
    """Each part of the pipeline alone, on the responses of the run in ``out``."""
    code = r"""
import asyncio, json, sys, time, os
from mathgrade import grade_many
from mathgrade.evaluation.client import Client, Completion, Sampling, request_body
from mathgrade.evaluation.cache import ResponseCache
url, out, samples, workers = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
workers = None if workers == "None" else int(workers)
rows = [json.loads(l) for l in open(os.path.join(out, "samples.jsonl"), encoding="utf-8")][:samples]
result = {}

async def ask():
    async with Client(url, concurrency=64) as client:
        sem = asyncio.Semaphore(64)
        async def one(r):
            async with sem:
                await client.complete(request_body(%r, r["prompt"], Sampling(temperature=1, seed=0), r["sample_index"]))
        start = time.perf_counter()
        await asyncio.gather(*(one(r) for r in rows))
        return time.perf_counter() - start
result["requests_per_s"] = len(rows) / asyncio.run(ask())

start = time.perf_counter()
for _ in grade_many(((r["response"], r["gold"]) for r in rows), workers=workers, total=len(rows)):
    pass
result["grading_rows_per_s"] = len(rows) / (time.perf_counter() - start)

path = os.path.join(out, "bench-cache.sqlite")
cache = ResponseCache(path)
items = [(os.urandom(32), r["problem_id"], r["sample_index"], Completion(r["response"], "stop", 1, 1, 0.1))
         for r in rows]
start = time.perf_counter()
for i in range(0, len(items), 64):
    cache.put_many(items[i:i + 64])
result["cache_write_rows_per_s"] = len(items) / (time.perf_counter() - start)
cache.close()
os.remove(path)
print(json.dumps(result))
""" % MODEL
    done = subprocess.run([sys.executable, "-c", code, url, out, str(samples), str(workers)], capture_output=True,
                          text=True)
    if done.returncode != 0:
        raise SystemExit(f"parts failed: {done.stderr[-2000:]}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def lookup(out: str, task: str, n: int, limit: int, url: str) -> float:
    """Seconds to compute every sample's key and look them all up in the run's cache (what a resume does first)."""
    code = r"""
import sys, time
from mathgrade.evaluation import Fields, Prompter, Sampling, load_task_file
from mathgrade.evaluation.cache import ResponseCache, key_prefix
from mathgrade.evaluation.live import jobs
out, task_path, n, limit, url, model = sys.argv[1:7]
task = load_task_file(task_path).head(int(limit))
prompter = Prompter.make("chat", None, None, task.few_shot)
sampling = Sampling(temperature=1.0, seed=0)
cache = ResponseCache(out + "/cache.sqlite")
start = time.perf_counter()
prefix = key_prefix(url, {"model": model, "mode": "chat", **sampling.config()})
keys = [j.key for j in jobs(task, int(n), prompter, prefix)]
found = 0
for i in range(0, len(keys), 256):
    found += len(cache.get_many(keys[i:i + 256]))
seconds = time.perf_counter() - start
assert found == len(keys), (found, len(keys))
print(seconds)
"""
    done = subprocess.run([sys.executable, "-c", code, out, task, str(n), str(limit), url, MODEL],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"lookup failed: {done.stderr[-2000:]}")
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="5k and 20k samples only")
    p.add_argument("--sizes", default=None, help="comma-separated sample counts (default 10000,30000,100000)")
    p.add_argument("--problems", type=int, default=2500, help="problems in the task (default 2500); the sizes "
                                                                   "come from more samples per problem")
    p.add_argument("--workers", type=int, default=None, help="grading workers (default: every core)")
    p.add_argument("--json", default=None, help="also write the numbers to this file")
    args = p.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else ([5000, 20000] if args.quick else
                                                                      [10000, 30000, 100000])
    server, url = start_server()
    report: Dict[str, Any] = {"load_average_before": os.getloadavg(), "cores": os.cpu_count(), "runs": []}
    try:
        with tempfile.TemporaryDirectory(prefix="mathgrade-bench-eval-") as tmp:
            task = os.path.join(tmp, "task.jsonl")
            make_task(task, args.problems, 1)
            extra = ["--workers", str(args.workers)] if args.workers is not None else []
            print(f"replay server at {url}; a task of {args.problems} problems; load average "
                  f"{report['load_average_before'][0]:.1f} on {report['cores']} cores", flush=True)
            for size in sizes:
                n = -(-size // args.problems)
                out = os.path.join(tmp, f"run-{size}")
                server_before = cpu_seconds(server.pid)
                fresh = run_eval(url, task, out, n, args.problems, extra)
                server_cpu = cpu_seconds(server.pid) - server_before
                load = os.getloadavg()[0]
                # the same run again would find it finished and write nothing: without its results.json it is an
                # unfinished run, continued from the cache (every sample looked up and graded again)
                os.remove(os.path.join(out, "results.json"))
                again = run_eval(url, task, out, n, args.problems, extra)
                total = n * args.problems
                row = {"samples": total, "n": n, "load_average": load,
                       "fresh_samples_per_s": total / fresh["seconds"], "fresh_seconds": fresh["seconds"],
                       "fresh_rss_mb": fresh["rss_mb"],
                       "cpu_ms_per_sample": {"eval_process": 1000 * fresh["cpu_main"] / total,
                                             "grading_workers": 1000 * fresh["cpu_workers"] / total,
                                             "server": 1000 * server_cpu / total},
                       "cached_samples_per_s": total / again["seconds"], "cached_rss_mb": again["rss_mb"]}
                report["runs"].append(row)
                cpu = row["cpu_ms_per_sample"]
                print(f"{total:>7} samples (n={n}): fresh {row['fresh_samples_per_s']:,.0f}/s "
                      f"({row['fresh_seconds']:.1f} s, peak RSS {row['fresh_rss_mb']:.0f} MB, load {load:.1f}); "
                      f"CPU ms per sample: eval process {cpu['eval_process']:.2f}, grading workers "
                      f"{cpu['grading_workers']:.2f}, server {cpu['server']:.2f}; all cached "
                      f"{row['cached_samples_per_s']:,.0f}/s (peak RSS {row['cached_rss_mb']:.0f} MB)", flush=True)
            largest = max(sizes)
            n = -(-largest // args.problems)
            out = os.path.join(tmp, f"run-{largest}")
            report["resume_lookup_s"] = lookup(out, task, n, args.problems, url)
            print(f"resume: computing and looking up the {n * args.problems} keys in the cache took "
                  f"{report['resume_lookup_s']:.2f} s", flush=True)
            report["parts"] = parts(url, out, min(largest, 20000), args.workers)
            pr = report["parts"]
            print(f"parts alone ({min(largest, 20000)} samples, load {os.getloadavg()[0]:.1f}): requests "
                  f"{pr['requests_per_s']:,.0f}/s (client + server), grading {pr['grading_rows_per_s']:,.0f} "
                  f"rows/s, cache writes {pr['cache_write_rows_per_s']:,.0f} rows/s", flush=True)
    finally:
        server.kill()
        server.wait()
    report["load_average_after"] = os.getloadavg()
    print(f"load average after: {report['load_average_after'][0]:.1f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)


if __name__ == "__main__":
    main()
