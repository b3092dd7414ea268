"""Extraction on real model outputs (a sample bundled in tests/data/extract_outputs.jsonl, see SOURCES.md).

For outputs labeled correct, the best candidate is the gold number; for outputs labeled wrong, it is not: the
extractor must not find the gold somewhere else in a wrong output (the last number wins even when it is an aside,
a list of numbers gives credit if the gold is among them: the failures this stage exists to avoid).
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List

import pytest
from _paths import DATA

from mathgrade._extract import extract

_ROWS: List[Dict[str, Any]] = [
    json.loads(line) for line in (DATA / "extract_outputs.jsonl").read_text().splitlines()
]


def _as_integer_text(answer: str) -> str:
    """``$1{,}000.00`` → ``1000``: what a reader would make of a plain number, enough to compare with an integer."""
    t = re.sub(r"\\!|\{,\}|,|\s|\\\$|\$|\\%|%", "", answer)
    t = re.sub(r"\\text\{[^}]*\}$", "", t)
    return re.sub(r"\.0+$", "", t)


def test_sample_is_balanced() -> None:
    assert len(_ROWS) > 100
    assert {r["expected"] for r in _ROWS} == {0, 1}
    assert len({r["source"] for r in _ROWS}) >= 5


@pytest.mark.parametrize("row", [r for r in _ROWS if r["expected"] == 1], ids=lambda r: r["id"])
def test_correct_outputs_give_the_gold(row: Dict[str, Any]) -> None:
    found = extract(row["text"])
    assert found and _as_integer_text(found[0].text) == row["gold"]
    assert found == extract(row["text"], policy="eval")


@pytest.mark.parametrize("row", [r for r in _ROWS if r["expected"] == 0], ids=lambda r: r["id"])
def test_wrong_outputs_do_not_give_the_gold(row: Dict[str, Any]) -> None:
    found = extract(row["text"])
    assert not found or _as_integer_text(found[0].text) != row["gold"]
