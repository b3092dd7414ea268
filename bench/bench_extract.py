"""Cost per row of grading short outputs, and of outputs with 1,000 boxes, each against a reference timed in the
same run (issue 23, "cheaper per row").

    .venv/bin/python bench/bench_extract.py                      # this checkout
    .venv/bin/python bench/bench_extract.py --base /tmp/old/src  # and an older source tree, in turn (before/after)
    .venv/bin/python bench/bench_extract.py --json out.json

What is measured, in two child processes (one for each part), every grader in the same process, in turn:

- short outputs: the model outputs of the labeled sets (``bench/data/model_outputs.jsonl.gz``, GSM8K and MATH
  solutions, about 800 characters each), CPU microseconds per row of ``mathgrade.grade(output, gold)``, after an
  untimed pass of every grader over every row (what grading loads once, on first use, is loaded before the timing:
  a row with a unit word loads pint, 0.6-0.8 s of CPU, which used to be charged to whichever grader met it first:
  ``now``, timed first, against ``base``), over ``--passes`` passes of chunks of 500 rows, each chunk graded by every grader in turn. The
  reference is a minimal grader timed on the same chunks: the last ``\\boxed{...}`` (braces matched), else the last
  number, compared with the gold as a fraction, else as text: what the cheapest pure-Python reward function does,
  and no more. The figure is the share: minimal / mathgrade (1.0 would be as cheap as the minimal pass).
- 1,000 boxes in one output, three shapes: ``separate`` (1,000 sentences ``Step i: we get $\\boxed{i}$.``, the last
  one the answer), ``repeated`` (``The answer is $\\boxed{5}$.`` 1,000 times) and ``joined`` (1,000 boxes separated
  by spaces: one answer in 1,000 parts, every box examined): milliseconds of one ``grade()`` call (best of 7, the
  graders in turn), and of Math-Verify 0.9.0's ``verify(parse(gold), parse(output))`` when it is installed in the
  same Python.

``--base DIR`` adds an older mathgrade (``DIR`` is its ``src`` directory), imported in the same processes under
another name (``mathgrade_base``) and timed on the same chunks, in turn with this checkout: the before/after of a
change in one run, paired chunk by chunk (the median of the per-chunk ratios is printed too), so that a change of
load on a shared machine hits both alike.
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from typing import Any, Callable, Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "src")
SHORT = os.path.join(HERE, "data", "model_outputs.jsonl.gz")
WARMUP = 0
"""Rows graded untimed by each grader before the timing (0: every row)."""
_BASE_NAME = "mathgrade_base"
"""The name the older tree of ``--base`` is imported under, beside this checkout's ``mathgrade``."""

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:/\d+)?")


def minimal_grade(output: str, gold: str) -> bool:
    """The reference: the last ``\\boxed{}`` (braces matched), else the last number; equal as fractions, else as text."""
    i = output.rfind("\\boxed{")
    answer = ""
    if i >= 0:
        j = k = i + len("\\boxed{")
        depth = 1
        while k < len(output):
            c = output[k]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        answer = output[j:k]
    else:
        numbers = _NUMBER.findall(output)
        answer = numbers[-1] if numbers else ""
    answer = answer.replace(",", "").strip()
    try:
        return Fraction(answer) == Fraction(gold.replace(",", "").strip())
    except (ValueError, ZeroDivisionError):
        return answer == gold.strip()


def _rows() -> List[Tuple[str, str]]:
    with gzip.open(SHORT, "rt", encoding="utf-8") as f:
        return [(r["text"], r["gold"]) for r in map(json.loads, f)]


def _boxes() -> Dict[str, Tuple[str, str]]:
    return {
        "separate": ("".join(f"Step {i}: we get $\\boxed{{{i}}}$.\n" for i in range(1000)), "999"),
        "repeated": ("The answer is $\\boxed{5}$. " * 1000, "5"),
        "joined": (" ".join(f"\\boxed{{{i}}}" for i in range(1000)), ", ".join(str(i) for i in range(1000))),
    }


def _graders(base: Optional[str]) -> Dict[str, Callable[[str, str], Any]]:
    """``now`` (this checkout's mathgrade), ``base`` (the older tree, imported under another name) and ``minimal``."""
    import mathgrade

    graders: Dict[str, Callable[[str, str], Any]] = {"now": mathgrade.grade}
    if base:
        graders["base"] = importlib.import_module(_BASE_NAME).grade
    graders["minimal"] = minimal_grade
    return graders


def _child_short(base: Optional[str], passes: int) -> Dict[str, Any]:
    """Every grader over the same chunks of 500 rows in turn, ``passes`` times over the set: CPU time per grader,
    and the median of the per-chunk ratios (paired: a change of load hits both sides of a pair alike)."""
    rows = _rows()
    graders = _graders(base)
    for fn in graders.values():
        for output, gold in rows[:WARMUP] if WARMUP else rows:
            fn(output, gold)
    cpu = {name: 0.0 for name in graders}
    pairs: Dict[str, List[float]] = {name: [] for name in graders if name != "now"}
    for _ in range(passes):
        for k in range(0, len(rows), 500):
            chunk = rows[k:k + 500]
            took = {}
            for name, fn in graders.items():
                t = time.process_time()
                for output, gold in chunk:
                    fn(output, gold)
                took[name] = time.process_time() - t
                cpu[name] += took[name]
            for name in pairs:
                if took["now"] > 0:
                    pairs[name].append(took[name] / took["now"])
    n = len(rows) * passes
    out: Dict[str, Any] = {"rows": len(rows), "passes": passes}
    for name in graders:
        out[f"{name}_us"] = cpu[name] / n * 1e6
    for name, ratios in pairs.items():
        out[f"{name}_over_now_median"] = statistics.median(ratios) if ratios else None
    return out


def _child_boxes(base: Optional[str]) -> Dict[str, Any]:
    graders = {name: fn for name, fn in _graders(base).items() if name != "minimal"}
    try:
        from math_verify import parse, verify  # type: ignore[import-not-found,import-untyped,unused-ignore]

        def mv(output: str, gold: str) -> bool:
            return bool(verify(parse("$" + gold + "$"), parse(output)))
        graders["mathverify"] = mv
    except ImportError:
        pass
    for fn in graders.values():
        fn("$\\boxed{1}$", "1")
    out: Dict[str, Any] = {}
    for shape, (output, gold) in _boxes().items():
        best = {name: float("inf") for name in graders}
        for _ in range(7):  # in turn, so that each grader sees the same load
            for name, fn in graders.items():
                t = time.perf_counter()
                fn(output, gold)
                best[name] = min(best[name], time.perf_counter() - t)
        for name in graders:
            out[f"{name}_{shape}_ms"] = best[name] * 1e3
    return out


def _run(what: List[str], base: Optional[str]) -> Optional[Dict[str, Any]]:
    env = dict(os.environ)
    path = [os.path.abspath(SRC)]
    tmp = None
    if base:  # the older tree, copied under another package name (its imports inside the package are relative)
        tmp = tempfile.mkdtemp(prefix="bench_extract_")
        shutil.copytree(os.path.join(base, "mathgrade"), os.path.join(tmp, _BASE_NAME))
        path.append(tmp)
    env["PYTHONPATH"] = os.pathsep.join(path + [env.get("PYTHONPATH", "")])
    try:
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", *what, *(["--base", base] if base
                                                                                          else [])],
                           capture_output=True, text=True, env=env, timeout=3600)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    if p.returncode != 0:
        print(f"  ! {' '.join(what)} failed: {p.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
        return None
    result: Dict[str, Any] = json.loads(p.stdout.strip().splitlines()[-1])
    return result


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--passes", type=int, default=3, help="passes over the short outputs (chunks interleaved)")
    ap.add_argument("--base", help="an older mathgrade source tree (its src directory) timed alongside")
    ap.add_argument("--json", help="also write every number to this JSON file")
    ap.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child is not None:
        what = args.child
        base = what[what.index("--base") + 1] if "--base" in what else None
        result = _child_short(base, int(what[1])) if what[0] == "short" else _child_boxes(base)
        print(json.dumps(result))
        return 0
    load = os.getloadavg()[0]
    short = _run(["short", str(args.passes)], args.base)
    boxes = _run(["boxes"], args.base)
    end = os.getloadavg()[0]
    report: Dict[str, Any] = {"load_average_start": load, "load_average_end": end, "passes": args.passes,
                              "short": short, "boxes": boxes}
    print(f"## cost per row (one process, graders in turn; load average {load:.2f} at the start, {end:.2f} at the "
          "end)\n")
    if short:
        print(f"| short outputs ({short['rows']:,} model outputs, {args.passes} passes) | µs CPU/row | share: minimal "
              "/ this |")
        print("|---|---|---|")
        for name in ("now", "base", "minimal"):
            if f"{name}_us" in short:
                print(f"| {name} | {short[name + '_us']:.1f} | {short['minimal_us'] / short[name + '_us']:.2f} |")
        if short.get("base_over_now_median"):
            print(f"\nshort outputs: base / now CPU per chunk of 500 rows, median of the pairs = "
                  f"{short['base_over_now_median']:.2f}")
    if boxes:
        names = [n for n in ("now", "base", "mathverify") if f"{n}_separate_ms" in boxes]
        print("\n| 1,000 boxes in one output, ms of one call (best of 7) | " + " | ".join(names) + " |")
        print("|---|" + "---|" * len(names))
        for shape in _boxes():
            print(f"| {shape} | " + " | ".join(f"{boxes[f'{n}_{shape}_ms']:.2f}" for n in names) + " |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
