"""Build the bundled benchmark tasks (``src/mathgrade/data/tasks/*.jsonl``) from the copies in the shared data folder.

Run once by a maintainer (``python scripts/build_tasks.py ../shared/data/problems``); the package and its tests only
read the files this writes. Every task becomes one schema, one JSON object per line::

    {"id": str, "problem": str, "answer": str, "subject": str?, "level": int?, "meta": {...}?}

What changes from the source rows is listed in ``src/mathgrade/data/tasks/SOURCES.md``: field names, the gold answer
taken from where each set keeps it, reference solutions dropped (they are not needed to grade and would triple the
package's size).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable, Dict, Iterator, List

import mathgrade

OUT = os.path.join(os.path.dirname(__file__), "..", "src", "mathgrade", "data", "tasks")


def _rows(path: str) -> Iterator[Dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def _integer_text(value: Any) -> str:
    """``27.0`` (AMC 2023 stores its integer answers as floats) as ``27``."""
    number = float(value)
    return str(int(number)) if number.is_integer() else str(value)


def _boxed(solution: str) -> str:
    """The last boxed answer of a reference solution (Minerva math keeps its gold answer there)."""
    found = [c for c in mathgrade.extract(solution, policy="reward") if c.rule == "boxed"]
    if not found:
        raise ValueError(f"no boxed answer in solution {solution[:80]!r}")
    return found[0].text


def math500(row: Dict[str, Any], i: int) -> Dict[str, Any]:
    return {"id": row["unique_id"], "problem": row["problem"], "answer": row["answer"], "subject": row["subject"],
            "level": int(row["level"])}


def gsm8k(row: Dict[str, Any], i: int) -> Dict[str, Any]:
    answer = row["answer"].split("####")[-1].strip().replace(",", "")
    return {"id": str(i), "problem": row["question"], "answer": answer}


def aime24(row: Dict[str, Any], i: int) -> Dict[str, Any]:
    return {"id": str(row["id"]), "problem": row["problem"], "answer": str(row["answer"]), "meta": {"url": row["url"]}}


def aime25(row: Dict[str, Any], i: int) -> Dict[str, Any]:
    return {"id": str(row["id"]), "problem": row["problem"], "answer": str(row["answer"])}


def amc23(row: Dict[str, Any], i: int) -> Dict[str, Any]:
    return {"id": str(row["id"]), "problem": row["question"], "answer": _integer_text(row["answer"]),
            "meta": {"url": row["url"]}}


def minerva(row: Dict[str, Any], i: int) -> Dict[str, Any]:
    return {"id": str(row["idx"]), "problem": row["problem"], "answer": _boxed(row["solution"]),
            "subject": row["type"]}


def olympiadbench(row: Dict[str, Any], i: int) -> Dict[str, Any]:
    answers: List[str] = row["final_answer"]
    meta = {"answer_type": row["answer_type"], "is_multiple_answer": row["is_multiple_answer"]}
    if row.get("unit"):
        meta["unit"] = row["unit"]
    return {"id": str(row["id"]), "problem": row["question"], "answer": ", ".join(answers),
            "subject": row["subfield"], "meta": meta}


TASKS: Dict[str, tuple] = {
    "math500": ("math500.jsonl", math500),
    "gsm8k": ("gsm8k_test.jsonl", gsm8k),
    "aime24": ("aime24.jsonl", aime24),
    "aime25": ("aime25.jsonl", aime25),
    "amc23": ("amc23.jsonl", amc23),
    "minerva": ("minerva_math.jsonl", minerva),
    "olympiadbench": ("olympiadbench.jsonl", olympiadbench),
}


def main(source: str) -> None:
    for name, (filename, convert) in TASKS.items():
        fn: Callable[[Dict[str, Any], int], Dict[str, Any]] = convert
        rows = [fn(row, i) for i, row in enumerate(_rows(os.path.join(source, filename)))]
        ids = [r["id"] for r in rows]
        assert len(set(ids)) == len(ids), f"{name}: duplicate ids"
        with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        print(f"{name}: {len(rows)} problems")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/problems")
