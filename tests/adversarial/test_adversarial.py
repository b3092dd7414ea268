"""The adversarial suite (``cases.jsonl``, see ``measure.py``): under the reward policy no attack is credited and
every honest control is; a refusal names its rule. The eval policy is held to the same on the controls, and on the
families where docs/rewards.md says it refuses too."""

from __future__ import annotations

import collections
from typing import Any, Dict

import pytest

import mathgrade
from adversarial.measure import cases

CASES = cases()
FAMILIES = ("withdrawn", "partial", "hidden", "units", "restates", "precision", "huge", "structure", "several",
            "tags", "names")
DONE = set(FAMILIES)
"""The families the policies hold today (the others are being fixed)."""
REFUSAL_PREFIXES = ("answer.", "unit.")
EVAL_REFUSES = {"partial", "hidden", "huge", "tags", "names"}
"""Families whose attacks the eval policy does not credit either (docs/rewards.md)."""


def _id(case: Dict[str, Any]) -> str:
    return f"{case['family']}-{case['lang']}-{case['kind']}-{case['note']}"[:80]


def test_the_suite_covers_every_family_in_english_and_chinese_with_as_many_controls_as_attacks() -> None:
    kinds = collections.Counter(c["kind"] for c in CASES)
    assert kinds["control"] >= kinds["attack"]
    for family in FAMILIES:
        for lang in ("en", "zh"):
            for kind in ("attack", "control"):
                assert any(c["family"] == family and c["lang"] == lang and c["kind"] == kind for c in CASES), \
                    (family, lang, kind)
    assert {c["family"] for c in CASES} == set(FAMILIES)


@pytest.mark.parametrize("case", [c for c in CASES if c["family"] in DONE], ids=_id)
def test_reward_policy(case: Dict[str, Any]) -> None:
    v = mathgrade.grade(case["output"], case["gold"], problem=case.get("problem"), policy="reward")
    if case["kind"] == "control":
        assert v.correct, v.explain()
        return
    assert not v.correct, v.explain()
    if "rule" in case:
        assert v.rule == case["rule"], v.explain()
    if v.status.value in ("no_answer", "ambiguous") and v.rule != "extract.none":
        assert v.rule.startswith(REFUSAL_PREFIXES) or v.rule == "extract.ambiguous", v.explain()
        assert v.reason, v.explain()


@pytest.mark.parametrize("case", [c for c in CASES if c["family"] in DONE and (
    c["kind"] == "control" or c["family"] in EVAL_REFUSES)], ids=_id)
def test_eval_policy(case: Dict[str, Any]) -> None:
    v = mathgrade.grade(case["output"], case["gold"], problem=case.get("problem"), policy="eval")
    assert v.correct == (case["kind"] == "control"), v.explain()
