"""Regenerate ``tests/data/report_samples.jsonl``: real model outputs on MATH problems, as two evaluation runs.

Run with the folder of the project's shared data (``python tests/data/_make_report_samples.py /work/shared/data``).
Tests never run this; they read the file it wrote (see ``tests/data/SOURCES.md``).

- run ``qwen2.5-math-cot``: all 8 samples of 12 problems of Qwen2.5-Math's ``math_cot_100`` outputs (the 5 problems
  that are in MATH-500, and problems 0-6);
- run ``sky-t1-32b``: the SkyThought Sky-T1-32B outputs on 40 MATH-500 problems: the same 5, and every 13th other.

``problem_id`` is the MATH-500 ``unique_id`` where the problem is in MATH-500 (then ``subject`` and ``level`` come
from there), else ``qwen_math_cot_100/N``. ``label`` is the source's own automatic grade (evidence, not truth).
"""

import json
import sys
from pathlib import Path


def main(shared: Path) -> None:
    math500 = {}
    for line in open(shared / "problems/math500.jsonl", encoding="utf-8"):
        p = json.loads(line)
        math500[p["problem"].strip()] = p
    out = []
    qwen = [json.loads(line) for line in open(shared / "labeled/model_outputs.jsonl", encoding="utf-8")]
    qwen = [r for r in qwen if r["id"].startswith("qwen_math_cot_100/")]
    shared_ids = []
    for r in qwen:
        n = int(r["id"].split("/")[1])
        p = math500.get((r.get("problem") or "").strip())
        if p is None and n > 6:
            continue
        if p is not None and p["unique_id"] not in shared_ids:
            shared_ids.append(p["unique_id"])
        out.append(_row("qwen2.5-math-cot", p["unique_id"] if p else f"qwen_math_cot_100/{n}",
                        int(r["id"].split("/")[2]), r, p))
    sky = [json.loads(line) for line in open(shared / "labeled/hard_outputs_skythought.jsonl", encoding="utf-8")]
    sky = [r for r in sky if r["source"].endswith("math500")]
    for i, r in enumerate(sky):
        p = math500[r["problem"].strip()]
        if p["unique_id"] in shared_ids or i % 13 == 0:
            out.append(_row("sky-t1-32b", p["unique_id"], 0, r, p))
    path = Path(__file__).with_name("report_samples.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for row in out:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{path}: {len(out)} rows")


def _row(run, problem_id, sample, r, p):
    return {"run": run, "problem_id": problem_id, "sample_index": sample, "problem": r.get("problem"),
            "response": r["text"], "gold": r["gold"], "subject": p["subject"] if p else None,
            "level": p["level"] if p else None, "label": r["expected"]}


if __name__ == "__main__":
    main(Path(sys.argv[1]))
