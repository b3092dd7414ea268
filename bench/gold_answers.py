"""Collect every gold answer of the benchmark problem files (for the reader coverage report).

Usage: python bench/gold_answers.py [/work/shared/data/problems] > golds.jsonl
Each output row: {"source": ..., "gold": ...}.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterator, Optional, Tuple


def _boxed(text: str) -> Optional[str]:
    """The content of the last ``\\boxed{...}`` in ``text`` (balanced braces), or None."""
    start = text.rfind("\\boxed")
    if start < 0:
        return None
    i = text.find("{", start)
    if i < 0:
        return None
    depth, j = 0, i
    while j < len(text):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1:j]
        j += 1
    return None


def gold_answers(root: Path) -> Iterator[Tuple[str, str]]:
    """Yield (source, gold text) for every problem file under ``root``."""
    for path in sorted(root.glob("*.jsonl")):
        name = path.stem
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if name == "gsm8k_test":
                yield name, row["answer"].split("####")[-1].strip()
            elif name == "minerva_math":
                box = _boxed(row["solution"])
                if box is not None:
                    yield name, box
            elif name == "olympiadbench":
                for ans in row["final_answer"]:
                    yield name, ans
            else:
                ans = row["answer"]
                if isinstance(ans, float) and ans.is_integer():
                    ans = int(ans)
                yield name, str(ans)


if __name__ == "__main__":
    src = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/problems")
    for source, gold in gold_answers(src):
        print(json.dumps({"source": source, "gold": gold}))
