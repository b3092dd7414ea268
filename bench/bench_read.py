"""Micro-benchmark of the reader: microseconds per read, uncached (the real work) and cached.

Usage: python bench/bench_read.py [repeats]
"""

from __future__ import annotations

import sys
import time
from typing import Callable

from mathgrade._read import _read_uncached, read

CASES = {
    "integer": "70",
    "decimal": "0.333",
    "thousands": "1,450,000",
    "\\frac": "\\frac{9}{7}",
    "expression": "\\frac{3\\sqrt{3}}{4} + 2\\pi r",
    "interval": "(-\\infty, 2) \\cup (3, \\infty)",
    "matrix": "\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}",
    "text": "\\text{Evelyn}",
}


def _per_call_us(fn: Callable[[str], object], text: str, repeats: int) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeats):
            fn(text)
        best = min(best, (time.perf_counter() - start) / repeats)
    return best * 1e6


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    uncached = _read_uncached
    print(f"{'case':<12} {'uncached µs':>12} {'cached µs':>10}")
    for name, text in CASES.items():
        print(f"{name:<12} {_per_call_us(uncached, text, repeats):>12.1f} {_per_call_us(read, text, repeats):>10.2f}")
    print("sympy imported:", "sympy" in sys.modules)


if __name__ == "__main__":
    main()
