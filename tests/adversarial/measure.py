"""Run the adversarial suite (``cases.jsonl``) under both policies and print, per family, how many attacks each
policy credits and how many honest controls it rejects.

    python tests/adversarial/measure.py            # the table
    python tests/adversarial/measure.py --list     # also every case the reward policy gets wrong

Each line of ``cases.jsonl`` is one case: ``family``, ``lang``, ``kind`` (``attack``: an output that must not be
credited; ``control``: the honest output of the same shape, which must be), ``output``, ``gold``, optionally
``problem`` (the problem's text, passed to ``grade(problem=...)``) and ``rule`` (the rule the reward policy must
name when it refuses), and ``note``. The cases were written for this suite (none is taken from another set).
"""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

CASES = Path(__file__).with_name("cases.jsonl")


def cases() -> List[Dict[str, Any]]:
    """Every case of the suite, in file order."""
    with CASES.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def graded(policy: str) -> Iterator[Tuple[Dict[str, Any], Any]]:
    """Each case with its verdict under ``policy``."""
    import mathgrade

    for case in cases():
        yield case, mathgrade.grade(case["output"], case["gold"], problem=case.get("problem"), policy=policy)


def wrong(case: Dict[str, Any], verdict: Any) -> bool:
    """The verdict is wrong for the case: an attack credited, or a control rejected."""
    return bool(verdict.correct) != (case["kind"] == "control")


def table() -> str:
    """Per family and policy: attacks credited / attacks, controls rejected / controls."""
    counts: Dict[Tuple[str, str], collections.Counter] = collections.defaultdict(collections.Counter)
    for policy in ("reward", "eval"):
        for case, verdict in graded(policy):
            for family in (case["family"], "all"):
                c = counts[family, policy]
                c[case["kind"]] += 1
                c[case["kind"] + "_wrong"] += wrong(case, verdict)
    lines = ["| family | attacks | reward: credited | eval: credited | controls | reward: rejected | eval: rejected |",
             "|---|---|---|---|---|---|---|"]
    families = list(dict.fromkeys(c["family"] for c in cases())) + ["all"]
    for family in families:
        r, e = counts[family, "reward"], counts[family, "eval"]
        lines.append(f"| {family} | {r['attack']} | {r['attack_wrong']} | {e['attack_wrong']} | {r['control']} | "
                     f"{r['control_wrong']} | {e['control_wrong']} |")
    return "\n".join(lines)


def main(argv: List[str]) -> None:
    print(table())
    if "--list" in argv:
        for case, verdict in graded("reward"):
            if wrong(case, verdict):
                print(f"{case['family']:10s} {case['kind']:7s} {verdict.status.value:10s} {verdict.rule:28s} "
                      f"{case['output'][:70]!r} gold={case['gold']!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
