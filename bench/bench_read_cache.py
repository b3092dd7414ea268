"""Memory of the reader's cache on answers that never repeat (an RL run): how much a process grows (RSS) while it
reads or grades N unique long answers (~2,900-character expressions, as in issue 24), with the cache as shipped and,
as the reference measured in the same run, with its bounds lifted (what a 65,536-entry ``lru_cache`` did).

Each measurement runs in a fresh child process. Prints MB of growth, MB per 1,000 answers and the ratio
shipped / unbounded; nothing is timed but the whole run.

Usage: python bench/bench_read_cache.py [N]   (default 1000)
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

_CHILD = r"""
import json, random, sys
from mathgrade import grade, read
from mathgrade._read import _CACHE, read_cache_stats

def rss_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024

def answer(k):
    r = random.Random(k)
    parts = []
    while sum(map(len, parts)) < 2900:
        parts.append(r.choice([
            "\\frac{%d}{%d}x^{%d}" % (r.randint(1, 999), r.randint(2, 999), r.randint(1, 30)),
            "\\sqrt{%d}y" % r.randint(2, 99), "%d.%d" % (r.randint(0, 99), r.randint(0, 999)),
            "\\sin(%dx)" % r.randint(1, 9)]))
    return "+".join(parts)

n, how, bounds = int(sys.argv[1]), sys.argv[2], sys.argv[3]
if bounds == "unbounded":
    _CACHE.max_bytes = _CACHE.max_entry_bytes = 1 << 60
grade("\\boxed{1}", "1")
before = rss_mb()
for k in range(n):
    if how == "read":
        read(answer(k))
    else:
        grade("so the answer is \\boxed{" + answer(k) + "}", answer(k + 10**6)[:60])
print(json.dumps({"growth_mb": rss_mb() - before, "stats": read_cache_stats()}))
"""


def _measure(n: int, how: str, bounds: str) -> dict:
    out = subprocess.run([sys.executable, "-c", _CHILD, str(n), how, bounds], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    start = time.perf_counter()
    print(f"{n} unique ~2,900-character answers per run; RSS growth of a fresh process")
    print(f"{'path':<6} {'cache':<10} {'growth MB':>10} {'MB/1000':>8} {'entries':>8} {'cached MB':>10}")
    for how in ("read", "grade"):
        results = {}
        for bounds in ("shipped", "unbounded"):
            r = results[bounds] = _measure(n, how, bounds)
            s = r["stats"]
            print(f"{how:<6} {bounds:<10} {r['growth_mb']:>10.1f} {r['growth_mb'] * 1000 / n:>8.1f} "
                  f"{s['entries']:>8} {s['bytes'] / 2**20:>10.1f}")
        ratio = results["shipped"]["growth_mb"] / max(results["unbounded"]["growth_mb"], 1e-9)
        print(f"{how:<6} shipped/unbounded growth: {ratio:.2f}")
    print(f"(whole run {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
