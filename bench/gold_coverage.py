"""Read every benchmark gold answer and count the value kinds per source; list what reads as text or fails.

Usage: python bench/gold_coverage.py [/work/shared/data/problems]
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from gold_answers import gold_answers  # noqa: E402

from mathgrade._read import read  # noqa: E402


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/problems")
    kinds: "defaultdict[str, Counter[str]]" = defaultdict(Counter)
    odd = []
    for source, gold in gold_answers(root):
        r = read(gold)
        kind = "FAILED" if r.value is None else str(r.value.kind)
        kinds[source][kind] += 1
        if r.value is None or kind == "text":
            odd.append((source, kind, gold, str(r.value) if r.value is not None else "", str(r.error)))
    for source in sorted(kinds):
        print(source, dict(sorted(kinds[source].items())))
    total = sum(sum(c.values()) for c in kinds.values())
    print("total", total)
    for row in odd:
        print(" | ".join(row))


if __name__ == "__main__":
    main()
