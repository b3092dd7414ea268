"""Speed, accuracy and memory of mathgrade against Math-Verify 0.9.0, side by side in one run.

    .venv/bin/python bench/bench_speed.py                   # everything (Math-Verify runs under `python3`)
    .venv/bin/python bench/bench_speed.py --quick           # fewer rows, no 1M-row memory run
    .venv/bin/python bench/bench_speed.py --json out.json   # also write the numbers as JSON

What is measured (every measurement runs in a fresh child process, so imports and memory do not leak between them):

- start-up: ``import mathgrade`` vs ``import math_verify``, and each import followed by one small grading call
  (mathgrade loads its stages on first use, so the bare import alone would flatter it); median of several fresh
  interpreters, with bytecode caching on as after ``pip install``.
- per labeled set (``answer_pairs``, ``model_outputs``, ``hard_outputs_skythought`` from ``--data``): rows per second
  in one process, median / p99 / max latency per row, rows over the time limit, accuracy against the labels, and
  peak memory (RSS); then rows per second with all cores (mathgrade: ``grade_many``; Math-Verify: a
  ``multiprocessing`` pool, which is how its users parallelize it).
- ``grade_many`` scaling on a 20k-row file (model outputs repeated): one worker, graded in the calling process
  (``workers=1``, what users get) and as a pool of one process (the same code path as N workers), vs ``--workers``;
  with the CPU time per row of the driver and of the workers, and a reference with no driver at all (N forked
  processes each grade their share with ``grade()`` and send back a count): the most this machine gives for this
  work. Best and median of ``--scaling-repeats`` interleaved rounds (``--scaling-only`` runs just this part).
- streaming memory: RSS of the ``grade_many`` driver (and of its workers) after 10k rows and after 1M generated
  rows; flat means the driver's memory does not grow with the input.

Both graders are called the way their users call them: ``mathgrade.grade(text, gold)``; Math-Verify's
``verify(parse(gold), parse(text))``, with bare answers wrapped in ``$...$`` when they carry no math delimiters
(Math-Verify finds nothing in a bare ``\\frac{1}{2}`` otherwise). Before the one-process timing, each child grades
its first 20 rows once (imports, caches, mathgrade's sympy worker pool) so that the timed run is the steady state;
cold start is what the import-time row measures. The parallel timings include starting the workers.
Other jobs on the machine change the parallel numbers most: the load average is printed in the title.

Math-Verify is installed in the system ``python3`` (``--mv-python``), not in mathgrade's virtualenv.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "data")
"""The labeled sets, bundled (gzipped, unchanged; see data/SOURCES.md); ``--data`` may name a directory of plain
``.jsonl`` copies instead."""
SETS = ("answer_pairs", "model_outputs", "hard_outputs_skythought")
TIME_LIMIT = 5.0
"""Per-row time limit given to both graders (Math-Verify's own defaults are 5 s for parsing and for verifying)."""
WARMUP = 20
DELIMS = ("$", "\\(", "\\[", "\\boxed")


# --- graders (run inside the child processes) ------------------------------------------------------------------------


def _mathgrade_grader() -> Callable[[str, str, str], bool]:
    import mathgrade

    def grade(text: str, gold: str, kind: str) -> bool:
        return mathgrade.grade(text, gold, timeout=TIME_LIMIT).correct

    return grade


def _mathverify_grader() -> Callable[[str, str, str], bool]:
    from math_verify import parse, verify

    def read(s: str, bare: bool) -> Any:
        if bare and not any(d in s for d in DELIMS):
            return parse("$" + s + "$") or parse(s)
        return parse(s)

    def grade(text: str, gold: str, kind: str) -> bool:
        try:
            return bool(verify(read(gold, True), read(text, kind == "answer")))
        except Exception:  # noqa: BLE001 - a grader that raises counts as "not correct"
            return False

    return grade


GRADERS = {"mathgrade": _mathgrade_grader, "mathverify": _mathverify_grader}
_GRADE: Optional[Callable[[str, str, str], bool]] = None


def _pool_init(engine: str) -> None:
    global _GRADE
    _GRADE = GRADERS[engine]()


def _pool_grade(row: Tuple[str, str, str]) -> bool:
    assert _GRADE is not None
    return _GRADE(*row)


# --- child: one measurement -----------------------------------------------------------------------------------------


def _set_path(data: str, name: str) -> str:
    """The file of the labeled set ``name`` in ``data``: ``name.jsonl``, or the bundled ``name.jsonl.gz``."""
    plain = os.path.join(data, f"{name}.jsonl")
    return plain if os.path.exists(plain) else plain + ".gz"


def _load(path: str, limit: int = 0, repeat_to: int = 0) -> List[Dict[str, Any]]:
    import gzip

    with (gzip.open if path.endswith(".gz") else open)(path, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    if limit:
        rows = rows[:limit]
    if repeat_to:
        rows = (rows * (repeat_to // max(1, len(rows)) + 1))[:repeat_to]
    return rows


def _peak_rss_mb(who: int = resource.RUSAGE_SELF) -> float:
    return resource.getrusage(who).ru_maxrss / 1024  # KB on Linux


def _child_single(engine: str, path: str, limit: int) -> Dict[str, Any]:
    rows = _load(path, limit)
    grade = GRADERS[engine]()
    for r in rows[:WARMUP]:
        grade(r["text"], r["gold"], r["kind"])
    latencies, right = [], 0
    t0 = time.perf_counter()
    for r in rows:
        t = time.perf_counter()
        got = grade(r["text"], r["gold"], r["kind"])
        latencies.append(time.perf_counter() - t)
        right += got == bool(r["expected"])
    wall = time.perf_counter() - t0
    latencies.sort()
    return {
        "rows": len(rows),
        "rows_per_s": len(rows) / wall,
        "p50_ms": 1000 * statistics.median(latencies),
        "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))],
        "max_ms": 1000 * latencies[-1],
        "over_limit": sum(x > TIME_LIMIT for x in latencies),
        "accuracy": right / len(rows),
        "peak_rss_mb": _peak_rss_mb(),
    }


def _child_parallel(engine: str, path: str, limit: int, workers: int, repeat_to: int) -> Dict[str, Any]:
    rows = _load(path, limit, repeat_to)
    triples = [(r["text"], r["gold"], r["kind"]) for r in rows]
    if engine == "mathgrade":
        import mathgrade
        import mathgrade.runtime

        t0 = time.perf_counter()
        got = [v.correct for v in mathgrade.grade_many(((t, g) for t, g, _ in triples), workers=workers,
                                                       total=len(triples), timeout=TIME_LIMIT)]
    else:
        import multiprocessing

        t0 = time.perf_counter()
        with multiprocessing.get_context("fork").Pool(workers, initializer=_pool_init, initargs=(engine,)) as pool:
            got = list(pool.imap(_pool_grade, triples, chunksize=32))
    wall = time.perf_counter() - t0
    if engine == "mathgrade":
        mathgrade.runtime.wait_stopped()  # workers are stopped in the background; wait, so that their CPU counts
    cpu = os.times()
    right = sum(g == bool(r["expected"]) for g, r in zip(got, rows))
    return {"rows": len(rows), "workers": workers, "rows_per_s": len(rows) / wall, "seconds": wall,
            "cpu_s": cpu.user + cpu.system, "children_cpu_s": cpu.children_user + cpu.children_system,
            "accuracy": right / len(rows), "peak_rss_mb": _peak_rss_mb(),
            "peak_rss_children_mb": _peak_rss_mb(resource.RUSAGE_CHILDREN)}


_SHARES: List[List[Tuple[str, str]]] = []


def _grade_share(k: int) -> int:
    """In a forked process: grade share ``k`` of the rows with ``grade()``, return how many are correct."""
    import mathgrade

    return sum(mathgrade.grade(o, g, timeout=TIME_LIMIT).correct for o, g in _SHARES[k])


def _child_scaling(path: str, rows_n: int, mode: str, workers: int) -> Dict[str, Any]:
    """Time ``grade_many`` on ``rows_n`` rows: ``inprocess`` (``workers=1``: no pool, the rows are graded in this
    process) or ``pool`` (a pool of ``workers`` processes, through the same code path whatever their number).

    Timed from the call to the last verdict, starting the workers included. Imports (pebble and multiprocessing take
    about 50 ms once per process) and the grading of the first rows are done before the timing, as in the
    one-process runs: this measures the steady state; cold start is the import time.
    """
    import concurrent.futures  # noqa: F401 - one-time imports, outside the timing
    import multiprocessing
    import threading

    import pebble  # noqa: F401

    import mathgrade
    import mathgrade.runtime
    from mathgrade import batch

    global _SHARES
    pairs = [(r["text"], r["gold"]) for r in _load(path, 0, rows_n)]
    for output, gold in pairs[:WARMUP]:  # the steady state, as in the one-process runs; workers forked later
        mathgrade.grade(output, gold, timeout=TIME_LIMIT)  # inherit it
    if threading.active_count() != 1:
        print("warning: a thread is running: grade_many starts its workers with spawn", file=sys.stderr)
    before = os.times()
    t0 = time.perf_counter()
    if mode == "inprocess":
        verdicts = mathgrade.grade_many(pairs, workers=1, timeout=TIME_LIMIT)
    elif mode == "independent":  # no driver, no transfer: the machine's own ceiling for this work
        size = batch._CHUNK
        chunks = [pairs[i:i + size] for i in range(0, len(pairs), size)]
        _SHARES = [[p for c in chunks[k::workers] for p in c] for k in range(workers)]
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            correct = sum(pool.map(_grade_share, range(workers)))
        verdicts = []
    else:  # workers only, the caller a driver (the pooled code path whatever their number)
        verdicts = mathgrade.grade_many(pairs, workers=workers, timeout=TIME_LIMIT, _pool_only=True)
    correct = sum(v.correct for v in verdicts) if mode != "independent" else correct
    wall = time.perf_counter() - t0
    mathgrade.runtime.wait_stopped()  # workers are stopped in the background: wait, so that their CPU time is counted
    after = os.times()
    n = len(pairs)
    return {"rows": n, "mode": mode, "workers": workers, "rows_per_s": n / wall, "seconds": wall,
            "correct": correct,
            "driver_cpu_us_per_row": 1e6 * (after.user + after.system - before.user - before.system) / n,
            "workers_cpu_us_per_row": 1e6 * (after.children_user + after.children_system
                                             - before.children_user - before.children_system) / n}


def _rss_mb(pid: Optional[int] = None) -> float:
    try:
        with open(f"/proc/{pid or 'self'}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _child_memory(rows: int, workers: int) -> Dict[str, Any]:
    import multiprocessing

    import mathgrade

    def generated() -> Iterator[Tuple[str, str]]:
        for i in range(rows):
            gold = str(i % 9973)
            given = gold if i % 3 else str(i % 9973 + 1)
            yield (f"Row {i}. We add the numbers and simplify; the answer is $\\boxed{{{given}}}$.", gold)

    checkpoints = sorted({c for c in (10_000, 100_000, rows) if c <= rows})
    marks: Dict[str, Dict[str, float]] = {}
    t0 = time.perf_counter()
    n = correct = 0
    for v in mathgrade.grade_many(generated(), workers=workers, total=rows):
        n += 1
        correct += v.correct
        if n in checkpoints:
            kids = [p.pid for p in multiprocessing.active_children() if p.pid]
            marks[str(n)] = {"driver_rss_mb": _rss_mb(),
                             "workers_rss_mb": sum(_rss_mb(pid) for pid in kids),
                             "seconds": time.perf_counter() - t0}
    return {"rows": n, "workers": workers, "correct": correct, "checkpoints": marks,
            "rows_per_s": n / (time.perf_counter() - t0)}


# --- the warm runtime (issue 23): each ratio against its reference, measured in the same run ----------------------


def _pairs_of(path: str, n: int, layout: str = "cycle") -> List[Tuple[str, str]]:
    """``n`` (output, gold) pairs of the file, repeated to ``n``: the whole file again and again (``cycle``: a copy
    of a row comes back a file's length later), or each row's copies side by side (``groups``: as a GRPO batch holds
    the completions of one prompt together); or each row once, ``n`` ignored (``distinct``: an evaluation, where no
    row comes back and no cache holds its readings)."""
    if layout == "distinct":
        return [(r["text"], r["gold"]) for r in _load(path)]
    if layout == "groups":
        rows = _load(path)
        copies = -(-n // max(1, len(rows)))
        return [(r["text"], r["gold"]) for r in rows for _ in range(copies)][:n]
    return [(r["text"], r["gold"]) for r in _load(path, 0, n)]


def _child_rt_calls(path: str, calls: int, size: int, mode: str) -> Dict[str, Any]:
    """``calls`` calls of ``size`` rows each (as ``datasets.map(batched=True)`` makes them): ``grade_many`` with its
    defaults, or a plain ``grade()`` loop. Both warmed the same way first (20 rows through ``grade()``)."""
    import mathgrade

    pairs = _pairs_of(path, calls * size)
    for output, gold in pairs[:WARMUP]:
        mathgrade.grade(output, gold)
    before = os.times()
    t0 = time.perf_counter()
    correct = 0
    for k in range(calls):
        chunk = pairs[k * size:(k + 1) * size]
        if mode == "loop":
            correct += sum(mathgrade.grade(o, g).correct for o, g in chunk)
        else:
            correct += sum(v.correct for v in mathgrade.grade_many(chunk))
    wall = time.perf_counter() - t0
    return {"rows": len(pairs), "rows_per_s": len(pairs) / wall, "correct": correct, **_cpu_since(before)}


def _child_rt_one(path: str, n: int, mode: str, layout: str = "cycle") -> Dict[str, Any]:
    """One ``grade_many`` over ``n`` rows laid out as ``layout`` says (:func:`_pairs_of`): its defaults (``mode``
    "default") or ``workers=0`` ("inprocess"); warmed the same way first (20 rows through ``grade()``, which starts
    no worker)."""
    import mathgrade

    pairs = _pairs_of(path, n, layout)
    for output, gold in pairs[:WARMUP]:
        mathgrade.grade(output, gold)
    before = os.times()
    t0 = time.perf_counter()
    kwargs: Dict[str, Any] = {"workers": 0} if mode == "inprocess" else {}
    correct = sum(v.correct for v in mathgrade.grade_many(pairs, **kwargs))
    wall = time.perf_counter() - t0
    return {"rows": len(pairs), "rows_per_s": len(pairs) / wall, "seconds": wall, "correct": correct,
            **_cpu_since(before)}


def _cpu_since(before: Any) -> Dict[str, float]:
    after = os.times()
    return {"cpu_s": after.user + after.system - before.user - before.system,
            "children_cpu_s": after.children_user + after.children_system - before.children_user
            - before.children_system}


def _polynomials(count: int, terms: int, seed: int = 3) -> List[Tuple[str, str]]:
    """``count`` (answer, gold) pairs: a polynomial in x of ``terms`` terms with random coefficients (a different one
    each time, so that no cache of either library answers), and the same terms in another order."""
    import random

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        parts = []
        for i in range(terms):
            c = rng.choice([n for n in range(-40, 41) if n])
            power = "" if i == 0 else ("x" if i == 1 else f"x^{{{i}}}")
            parts.append((c, power))

        def show(items: List[Tuple[int, str]]) -> str:
            text = ""
            for c, power in items:
                coef = str(abs(c)) if abs(c) != 1 or not power else ""
                text += ("-" if c < 0 else ("+" if text else "")) + coef + power
            return text

        shuffled = parts[:]
        rng.shuffle(shuffled)
        out.append((show(shuffled), show(parts)))
    return out


def _child_rt_poly(engine: str, count: int, terms: int, mode: str) -> Dict[str, Any]:
    """Median milliseconds per call on reordered polynomials, called as users call each library: ``distinct``
    polynomials (nothing cached: reading both sides is part of the cost), or the ``same`` pair again and again (both
    libraries cache what they read: the comparison alone). Two untimed calls on other polynomials first: imports,
    warm-ups and caches of each library are warm."""
    pairs = _polynomials(count + 2, terms)
    if mode == "same":
        pairs = pairs[:2] + [pairs[2]] * count
    if engine == "mathgrade":
        import mathgrade

        mathgrade.warm_up()

        def check(answer: str, gold: str) -> bool:
            return mathgrade.grade(f"$\\boxed{{{answer}}}$", gold, timeout=TIME_LIMIT).correct
    else:
        from math_verify import parse, verify

        def check(answer: str, gold: str) -> bool:
            return bool(verify(parse(f"${gold}$"), parse(f"$\\boxed{{{answer}}}$")))
    for answer, gold in pairs[:2]:
        check(answer, gold)
    times, right = [], 0
    for answer, gold in pairs[2:]:
        t = time.perf_counter()
        right += check(answer, gold)
        times.append(time.perf_counter() - t)
    return {"engine": engine, "count": count, "terms": terms, "mode": mode, "correct": right,
            "median_ms": 1000 * statistics.median(times), "max_ms": 1000 * max(times)}


def _tree(root: int) -> List[int]:
    """``root`` and every process below it (Linux ``/proc``)."""
    parents: Dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    tree, grew = {root}, True
    while grew:
        grew = False
        for pid, ppid in parents.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return sorted(tree)


def _cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) used so far by ``pid``; 0 if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _run_sampled(argv: List[str], args: argparse.Namespace, engine: str = "mathgrade") -> Optional[Dict[str, Any]]:
    """:func:`_run_child`, sampling the resident memory of the child's whole process tree (it and its workers)
    every 50 ms from here, so that in-process and pooled runs, and the two graders, are compared like with like."""
    import threading

    cmd = [_python_for(engine, args), os.path.abspath(__file__), "--child", *argv]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(HERE, "..", "src") + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    peak = [0.0]
    cpu: Dict[int, float] = {}
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.05):
            tree = _tree(proc.pid)
            peak[0] = max(peak[0], sum(_rss_mb(pid) for pid in tree))
            for pid in tree:
                cpu[pid] = max(cpu.get(pid, 0.0), _cpu_seconds(pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = proc.communicate()
    done.set()
    sampler.join()
    if proc.returncode != 0:
        print(f"  ! {' '.join(argv)} failed: {err.strip().splitlines()[-1:]}", file=sys.stderr)
        return None
    result = json.loads(out.strip().splitlines()[-1])
    result["tree_peak_rss_mb"] = peak[0]
    result["tree_cpu_s"] = sum(cpu.values())  # (as last seen, every 50 ms: the run's own process and its workers)
    return result


def _cli_seconds(extra: List[str], repeats: int) -> List[float]:
    """Wall seconds of ``mathgrade grade data/sample.jsonl`` (a fresh process each time, as a user runs it)."""
    import tempfile

    sample = os.path.join(HERE, "..", "data", "sample.jsonl")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(HERE, "..", "src") + os.pathsep + env.get("PYTHONPATH", "")
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeats):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "mathgrade", "grade", sample, "-o", os.path.join(tmp, "g.jsonl"),
                            *extra], check=True, capture_output=True, env=env)
            times.append(time.perf_counter() - t)
    return times


def _runtime(args: argparse.Namespace) -> Dict[str, Any]:
    """The figures of issue 23, each a ratio against a reference measured in this run."""
    short = _set_path(args.data, "model_outputs")
    long_ = _set_path(args.data, "hard_outputs_skythought")
    out: Dict[str, Any] = {}
    print(f"\n## the warm runtime (load average {os.getloadavg()[0]:.2f}; best of {args.runtime_rounds} interleaved "
          "rounds; tree = the process and its workers: peak RSS, CPU seconds; the CPU ratio is the same work's cost, "
          "whatever the load)\n")
    print("| measurement | mathgrade | reference | ratio | goal |\n|---|---|---|---|---|")

    def row(name: str, a: Optional[Dict[str, Any]], b: Optional[Dict[str, Any]], key: str, goal: str,
            unit: str = "rows/s", invert: bool = False) -> None:
        x, y = (a or {}).get(key), (b or {}).get(key)
        ratio = (y / x if invert else x / y) if x and y else None
        mem = ""
        if a and b and "tree_peak_rss_mb" in a:
            mem = f" ({a['tree_peak_rss_mb']:.0f} / {b['tree_peak_rss_mb']:.0f} MB tree RSS"
            if a.get("tree_cpu_s") and b.get("tree_cpu_s") and a.get("rows"):
                mem += (f"; {a['tree_cpu_s']:.1f} / {b['tree_cpu_s']:.1f} CPU s in the tree, rows per CPU second "
                        f"{b['tree_cpu_s'] / a['tree_cpu_s']:.2f}×")
            mem += ")"
        spec = ",.0f" if unit == "rows/s" else ",.2f"
        print(f"| {name} | {_fmt(x, spec)} {unit} | {_fmt(y, spec)} {unit}{mem} | "
              f"{_fmt(ratio, '.2f')}× | {goal} |", flush=True)
        out[name] = {"mathgrade": a, "reference": b, "ratio": ratio, "key": key, "unit": unit, "goal": goal}

    rounds = max(1, args.runtime_rounds)

    def best(argv_a: List[str], argv_b: List[str], key: str = "rows_per_s") -> Tuple[Any, Any]:
        """The best of ``rounds`` interleaved runs of each (the run least slowed by other jobs on the machine)."""
        runs_a, runs_b = [], []
        for k in range(rounds):  # (in turn, each first every other round: a burst of other work hits both alike)
            for argv, runs in ((argv_a, runs_a), (argv_b, runs_b))[::(-1 if k % 2 else 1)]:
                runs.append(_run_sampled(argv, args))
        a = max((r for r in runs_a if r), key=lambda r: r[key], default=None)
        b = max((r for r in runs_b if r), key=lambda r: r[key], default=None)
        return a, b

    calls, size = args.runtime_calls, 1000
    a, b = best(["rt_calls", short, str(calls), str(size), "grade_many"], ["rt_calls", short, str(calls), str(size),
                                                                          "loop"])
    row(f"{calls} `grade_many` calls of {size} short rows vs a `grade()` loop", a, b, "rows_per_s", "≥ 0.9×")
    a, b = best(["rt_one", short, "20000", "default"], ["rt_one", short, "20000", "inprocess"])
    row("one `grade_many` over 20,000 short rows, defaults vs `workers=0`", a, b, "rows_per_s", "≥ 1.0×")
    a, b = best(["rt_one", long_, "0", "default", "distinct"], ["rt_one", long_, "0", "inprocess", "distinct"])
    n_long = len(_load(long_))
    row(f"one `grade_many` over the {n_long:,} long chain-of-thought rows, each once (as in an evaluation), defaults "
        "vs `workers=0`", a, b, "rows_per_s", "≥ 1.5× (2 cores)")
    a, b = best(["rt_one", long_, str(args.long_rows), "default"], ["rt_one", long_, str(args.long_rows), "inprocess"])
    row(f"one `grade_many` over {args.long_rows:,} long chain-of-thought rows (the file again and again: a row comes "
        f"back {n_long:,} rows later), defaults vs `workers=0`", a, b, "rows_per_s", "≥ 1.5× (2 cores)")
    a, b = best(["rt_one", long_, str(args.long_rows), "default", "groups"],
                ["rt_one", long_, str(args.long_rows), "inprocess", "groups"])
    row(f"the same {args.long_rows:,} long rows with each row's copies side by side (as a GRPO batch holds one "
        "prompt's completions), defaults vs `workers=0`", a, b, "rows_per_s", "≥ 1.5× (2 cores)")
    default, inproc = [], []
    for _ in range(2 * rounds + 1):  # interleaved
        default += _cli_seconds([], 1)
        inproc += _cli_seconds(["--workers", "0"], 1)
    cli_a, cli_b = {"s": min(default)}, {"s": min(inproc)}
    row(f"`mathgrade grade data/sample.jsonl`, defaults vs `--workers 0` (best of {2 * rounds + 1})", cli_a, cli_b,
        "s", "≥ 1.0× (no slower)", unit="s", invert=True)
    for mode, what in (("same", "the same pair again (each library's cache holds both readings)"),
                       ("distinct", "40 different ones (nothing cached)")):
        a = _run_child("mathgrade", ["rt_poly", "mathgrade", "40", "30", mode], args)
        b = _run_child("mathgrade", ["rt_poly", "mathverify", "40", "30", mode], args)
        row(f"30-term polynomial, terms reordered, {what}: median per call vs Math-Verify 0.9.0 "
            "`verify(parse(gold), parse(answer))`", a, b, "median_ms", "≥ 1.0× (no slower)", unit="ms", invert=True)
    return out


# --- parent: run children, print tables --------------------------------------------------------------------------------


def _python_for(engine: str, args: argparse.Namespace) -> str:
    return args.mv_python if engine == "mathverify" else sys.executable


def _run_child(engine: str, argv: List[str], args: argparse.Namespace) -> Optional[Dict[str, Any]]:
    cmd = [_python_for(engine, args), os.path.abspath(__file__), "--child", *argv]
    env = dict(os.environ)
    if engine == "mathgrade":  # run the checkout's code even when it is not installed
        env["PYTHONPATH"] = os.path.join(HERE, "..", "src") + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        print(f"  ! {engine} {' '.join(argv)} failed: {proc.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


_FIRST_CALL = {
    "mathgrade": "mathgrade.grade('The answer is 42', '42')",
    "mathverify": "math_verify.verify(math_verify.parse('$42$'), math_verify.parse('The answer is 42'))",
}
"""One small grading call: with lazily loaded stages, ``import`` alone is not the start-up cost a user pays."""


def _import_time(engine: str, args: argparse.Namespace, repeats: int = 5) -> Optional[Tuple[float, float]]:
    """Median seconds of (``import``, ``import`` plus a first grading call), each in a fresh interpreter.

    Bytecode caching is on (``PYTHONDONTWRITEBYTECODE`` unset, one untimed run first), as after ``pip install``."""
    module = "mathgrade" if engine == "mathgrade" else "math_verify"
    code = (f"import time; t = time.perf_counter(); import {module}; t1 = time.perf_counter(); "
            f"{_FIRST_CALL[engine]}; print(t1 - t, time.perf_counter() - t)")
    times: List[Tuple[float, float]] = []
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if engine == "mathgrade":
        env["PYTHONPATH"] = os.path.join(HERE, "..", "src") + os.pathsep + env.get("PYTHONPATH", "")
    for _ in range(repeats + 1):
        proc = subprocess.run([_python_for(engine, args), "-c", code], capture_output=True, text=True, env=env)
        if proc.returncode != 0:
            return None
        bare, first = map(float, proc.stdout.split())
        times.append((bare, first))
    times = times[1:]  # the first run may have written the bytecode cache
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def _ratio(a: Optional[float], b: Optional[float]) -> str:
    return f"{a / b:.1f}×" if a and b else "n/a"


def _fmt(x: Optional[float], spec: str = ".0f") -> str:
    return "n/a" if x is None else format(x, spec)


def _scaling(args: argparse.Namespace) -> Dict[str, Any]:
    """``grade_many`` with one worker vs ``--workers``: in this process (``workers=1``), a pool of one, a pool of N,
    and a reference without any driver. ``--scaling-repeats`` rounds, each running every configuration once
    (interleaved, so that a burst of another job on the machine hits one run, not one configuration); the table
    shows the best round of each (fewest interruptions) and the median."""
    mo = _set_path(args.data, "model_outputs")
    runs = {
        "in_process": ("1 worker: `grade_many(workers=1)`, graded in the calling process", "inprocess", 1),
        "pool_of_one": ("1 worker: a pool of one process (the pooled code path)", "pool", 1),
        "pool": (f"{args.workers} workers: `grade_many(workers={args.workers})`, a pool", "pool", args.workers),
        "independent": (f"reference: {args.workers} forked processes grade their share of the chunks with "
                        "`grade()`, no driver, no results sent back", "independent", args.workers),
    }
    rounds: Dict[str, List[Dict[str, Any]]] = {key: [] for key in runs}
    for _ in range(max(1, args.scaling_repeats)):
        for key, (_, mode, workers) in runs.items():
            r = _run_child("mathgrade", ["scaling", mo, str(args.scaling_rows), mode, str(workers)], args)
            if r:
                rounds[key].append(r)
    print(f"\n`grade_many` scaling on {args.scaling_rows} rows (model outputs repeated; load average "
          f"{os.getloadavg()[0]:.2f}); timed from the call to the last verdict, starting workers included; "
          f"best and median of {args.scaling_repeats} interleaved rounds:\n")
    print("| run | rows/s best | rows/s median | driver CPU µs/row | workers CPU µs/row |\n|---|---|---|---|---|")
    best: Dict[str, Optional[float]] = {}
    for key, (label, _, _) in runs.items():
        rates = [r["rows_per_s"] for r in rounds[key]]
        top = max(rounds[key], key=lambda r: r["rows_per_s"]) if rounds[key] else {}
        best[key] = top.get("rows_per_s")
        print(f"| {label} | {_fmt(best[key])} | {_fmt(statistics.median(rates) if rates else None)} | "
              f"{_fmt(top.get('driver_cpu_us_per_row'), '.1f')} | {_fmt(top.get('workers_cpu_us_per_row'), '.1f')} |")
    print(f"\nbest rounds: {args.workers} workers vs 1 in-process {_ratio2(best['pool'], best['in_process'])}, "
          f"vs a pool of 1 {_ratio2(best['pool'], best['pool_of_one'])}; the reference vs 1 in-process "
          f"{_ratio2(best['independent'], best['in_process'])} (the most this machine gives for this work)")
    return {"rounds": rounds, "best_rows_per_s": best}


def _ratio2(a: Optional[float], b: Optional[float]) -> str:
    return f"{a / b:.2f}×" if a and b else "n/a"


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=DEFAULT_DATA, help="directory of the labeled sets (default: %(default)s)")
    ap.add_argument("--sets", default=",".join(SETS), help="comma-separated set names")
    ap.add_argument("--limit", type=int, default=0, help="rows per set (0: all)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="workers for the parallel runs")
    ap.add_argument("--scaling-rows", type=int, default=20_000)
    ap.add_argument("--scaling-repeats", type=int, default=3, help="interleaved rounds of the scaling runs")
    ap.add_argument("--memory-rows", type=int, default=1_000_000)
    ap.add_argument("--mv-python", default="python3", help="a python with math-verify==0.9.0 installed")
    ap.add_argument("--skip-mathverify", action="store_true")
    ap.add_argument("--quick", action="store_true", help="1000 rows per set, 100k rows for memory")
    ap.add_argument("--json", help="also write every number to this JSON file")
    ap.add_argument("--scaling-only", action="store_true", help="only the grade_many scaling runs")
    ap.add_argument("--runtime-only", action="store_true", help="only the warm-runtime figures (issue 23)")
    ap.add_argument("--runtime-calls", type=int, default=100, help="grade_many calls of 1000 rows (default 100)")
    ap.add_argument("--long-rows", type=int, default=8000, help="long rows of the runtime figures")
    ap.add_argument("--runtime-rounds", type=int, default=3, help="interleaved rounds of each runtime figure (best)")
    ap.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        return _child(args.child)
    if args.quick:
        args.limit = args.limit or 1000
        args.memory_rows = min(args.memory_rows, 100_000)
    if args.runtime_only or args.scaling_only:
        # One part measured again: written into the results file in place of that part (the others, and the load
        # under which they were measured, stay as they were); the part carries the load average of its own run.
        part = "runtime" if args.runtime_only else "scaling"
        start = os.getloadavg()
        figures = _runtime(args) if args.runtime_only else _scaling(args)
        if args.json:
            path = Path(args.json)
            out = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
            out[part] = figures
            out[f"{part}_load_average"] = [start[0], os.getloadavg()[0]]
            path.write_text(json.dumps(out, indent=2), encoding="utf-8")
        return 0
    engines = ["mathgrade"] + ([] if args.skip_mathverify else ["mathverify"])
    out: Dict[str, Any] = {"workers": args.workers, "time_limit_s": TIME_LIMIT, "cpus": os.cpu_count(),
                           "load_average": os.getloadavg()}

    print(f"# mathgrade vs Math-Verify 0.9.0  ({os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f})\n")
    out["import_s"] = {e: _import_time(e, args) for e in engines}
    imp = out["import_s"]
    print("| start-up | `import` s | `import` + first grading call s |\n|---|---|---|")
    for e in engines:
        bare, first = imp[e] if imp[e] else (None, None)
        print(f"| {'mathgrade' if e == 'mathgrade' else 'math_verify'} | {_fmt(bare, '.3f')} | {_fmt(first, '.3f')} |")
    if imp.get("mathverify") and imp.get("mathgrade"):
        print(f"\nimport speed-up: {_ratio(imp['mathverify'][0], imp['mathgrade'][0])}; import plus first call: "
              f"{_ratio(imp['mathverify'][1], imp['mathgrade'][1])}\n")

    out["sets"] = {}
    header = ("| set | grader | rows | rows/s (1 proc) | rows/s ({w} workers) | p50 ms | p99 ms | max ms | "
              "over limit | accuracy | peak RSS MB (process tree) |").format(w=args.workers)
    print(header + "\n|" + "---|" * 11)
    for name in args.sets.split(","):
        path = _set_path(args.data, name)
        per: Dict[str, Any] = {}
        for e in engines:
            single = _run_sampled(["single", e, path, str(args.limit)], args, e)  # memory: the process tree
            para = _run_child(e, ["parallel", e, path, str(args.limit), str(args.workers), "0"], args)
            per[e] = {"single": single, "parallel": para}
            s = single or {}
            print(f"| {name} | {e} | {s.get('rows', 'n/a')} | {_fmt(s.get('rows_per_s'))} | "
                  f"{_fmt((para or {}).get('rows_per_s'))} | {_fmt(s.get('p50_ms'), '.2f')} | "
                  f"{_fmt(s.get('p99_ms'), '.1f')} | {_fmt(s.get('max_ms'), '.0f')} | {s.get('over_limit', 'n/a')} | "
                  f"{_fmt(s.get('accuracy'), '.4f')} | {_fmt(s.get('tree_peak_rss_mb'))} |")
        out["sets"][name] = per
    print()
    for name, per in out["sets"].items():
        if "mathverify" in per:
            a = (per["mathgrade"]["single"] or {}).get("rows_per_s")
            b = (per["mathverify"]["single"] or {}).get("rows_per_s")
            pa = (per["mathgrade"]["parallel"] or {}).get("rows_per_s")
            pb = (per["mathverify"]["parallel"] or {}).get("rows_per_s")
            print(f"- {name}: mathgrade is {_ratio(a, b)} Math-Verify's rows/s in one process, "
                  f"{_ratio(pa, pb)} with {args.workers} workers")

    out["scaling"] = _scaling(args)
    runtime_start = os.getloadavg()[0]
    out["runtime"] = _runtime(args)
    out["runtime_load_average"] = [runtime_start, os.getloadavg()[0]]

    mem = _run_child("mathgrade", ["memory", str(args.memory_rows), str(args.workers)], args)
    out["memory"] = mem
    if mem:
        print(f"\nstreaming {mem['rows']} generated rows through grade_many ({mem['workers']} workers, "
              f"{mem['rows_per_s']:.0f} rows/s):")
        print("| rows | driver RSS MB | workers RSS MB (sum) |\n|---|---|---|")
        for n, m in mem["checkpoints"].items():
            print(f"| {int(n):,} | {m['driver_rss_mb']:.0f} | {m['workers_rss_mb']:.0f} |")
    out["load_average_end"] = os.getloadavg()
    print(f"\nload average at the end: {out['load_average_end'][0]:.2f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)
    return 0


def _child(argv: List[str]) -> int:
    kind = argv[0]
    if kind == "single":
        result = _child_single(argv[1], argv[2], int(argv[3]))
    elif kind == "parallel":
        result = _child_parallel(argv[1], argv[2], int(argv[3]), int(argv[4]), int(argv[5]))
    elif kind == "scaling":
        result = _child_scaling(argv[1], int(argv[2]), argv[3], int(argv[4]))
    elif kind == "rt_calls":
        result = _child_rt_calls(argv[1], int(argv[2]), int(argv[3]), argv[4])
    elif kind == "rt_one":
        result = _child_rt_one(argv[1], int(argv[2]), argv[3], *argv[4:5])
    elif kind == "rt_poly":
        result = _child_rt_poly(argv[1], int(argv[2]), int(argv[3]), argv[4])
    elif kind == "memory":
        result = _child_memory(int(argv[1]), int(argv[2]))
    else:
        raise SystemExit(f"unknown child {kind}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
