"""Reader: every benchmark gold answer (tests/data/gold_answers.jsonl) reads into a value of the expected kind."""

import json
from collections import Counter

import pytest
from _paths import DATA

from mathgrade._read import read

ROWS = [json.loads(line) for line in (DATA / "gold_answers.jsonl").open(encoding="utf-8")]

INTENDED_TEXT = {
    "\\text{Evelyn}", "\\text{east}", "\\text{even}", "\\text{ellipse}", "\\text{Navin}",
    "$f(x)=a x+b$, where $b$ is an arbitrary integer, and $a$ is an arbitrary positive integer with $\\mho(a)=0$",
}
KNOWN_UNREADABLE = {"$t(0,4]$"}  # a typo in OlympiadBench for t ∈ (0,4]


def test_the_data_covers_every_benchmark():
    sources = Counter(r["source"] for r in ROWS)
    assert set(sources) >= {"math500", "minerva_math", "olympiadbench", "gsm8k_test"}
    assert len(ROWS) > 1000


def test_every_gold_answer_reads_to_math_or_intended_text():
    bad = []
    for row in ROWS:
        r = read(row["gold"])
        if row["gold"] in KNOWN_UNREADABLE:
            continue
        if r.value is None or (r.value.kind.value == "text" and row["gold"] not in INTENDED_TEXT):
            bad.append((row["gold"], r.error))
    assert bad == []


@pytest.mark.parametrize("source", ["math500", "minerva_math", "olympiadbench", "gsm8k_test", "aime24", "amc23"])
def test_kinds_per_source_are_stable(source):
    rows = [r for r in ROWS if r["source"] == source]
    changed = [(r["gold"], r["kind"], getattr(read(r["gold"]).value, "kind", None)) for r in rows]
    changed = [c for c in changed if (c[2].value if c[2] is not None else None) != c[1]]
    assert changed == []


def test_unreadable_gold_is_reported_with_a_reason():
    for gold in KNOWN_UNREADABLE:
        r = read(gold)
        assert r.value is None and r.error is not None
