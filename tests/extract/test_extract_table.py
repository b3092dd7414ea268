"""The table of extraction rules is the one description of them: the docs are made from it, the pipeline follows it,
and each constant of the extraction and reading modules is defined before the code that uses it."""

from __future__ import annotations

import ast
import json
import os
import re
from pathlib import Path
from typing import List

import _paths
import pytest

import mathgrade
from mathgrade._extract import _FINDERS, _FIRST_PHASE, RULES
from mathgrade._extract._scan import Scan
from mathgrade._extract._table import RULE, rules_markdown

ROOT = _paths.ROOT
DOC = ROOT / "docs" / "extraction.md"
SRC = ROOT / "src" / "mathgrade"


def test_the_docs_table_is_made_from_the_rules() -> None:
    doc = DOC.read_text(encoding="utf-8")
    m = re.search(r"<!-- generated from mathgrade\._extract\.RULES[^\n]*-->\n(.*?)<!-- end of the generated table -->",
                  doc, re.S)
    assert m is not None, "docs/extraction.md lost its generated table markers"
    assert m.group(1) == rules_markdown(), (
        "docs/extraction.md is out of date: paste the output of "
        "python -c 'from mathgrade._extract._table import rules_markdown; print(rules_markdown(), end=\"\")'")


def test_rules_are_ranked_best_first_with_unique_names() -> None:
    assert [r.priority for r in RULES] == sorted(r.priority for r in RULES)
    assert len({r.name for r in RULES}) == len(RULES)
    assert all(set(r.policies) <= {"eval", "reward"} and "eval" in r.policies for r in RULES)
    assert not any(r.guess and "reward" in r.policies for r in RULES)  # the reward policy never guesses


def test_the_first_phase_outranks_every_other_rule() -> None:
    """What makes staged extraction exact: every rule the first phase finds ranks above every rule found later."""
    first = [r for r in RULES if r.find in _FIRST_PHASE]
    later = [r for r in RULES if r.find is not None and r.find not in _FIRST_PHASE]
    assert max(r.priority for r in first) < min(r.priority for r in later)
    for (policy, _choices), (phase1, phase2) in _FINDERS.items():
        uses = {r.find for r in RULES if policy in r.policies and r.find is not None}
        assert set(phase1) | set(phase2) <= uses


DATA = ROOT / "tests" / "data" / "extract_outputs.jsonl"


def test_every_answer_a_function_finds_belongs_to_one_of_its_rules() -> None:
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    texts: List[str] = [r["text"] for r in rows] + [
        "\\boxed{3}\n\nThe final answer is $4$.", "**Final Answer**\n$5$", "#### 7", "Q: x?\nA: 26", "(A) 1 (B) 2",
        "```output\n5\n```", "x^2+1", "$$x = 2$$ so the mean is 7.", "so x is \\dfrac{9}{7}", "答案是 5", "**12**",
        "最终答案是 5", "the answer might be 2 or 3", "Choose B.", "\n(C)", "<answer>5</answer>", "We get\n(1, 2)",
        "So $a = 1$ and $b = 2$.",
    ]
    seen = set()
    for text in texts:
        scan = Scan(text)
        for choices in (False, True):
            for find in {r.find for r in RULES if r.find is not None and r.letters in (None, choices)}:
                for found in find(scan, choices):
                    assert RULE[found.family].find is find, (text, found)
                    seen.add(found.family)
    assert seen == {r.name for r in RULES if r.find is not None}  # (the texts exercise every rule)


def test_the_reward_policy_keeps_only_its_rules() -> None:
    text = "We get 5 apples, so $x = 3$. **7** The answer is 9.\n\n(A) 1 (B) 2"
    for choices in (False, True):
        ranks = {c.priority for c in mathgrade.extract(text, policy="reward", choices=choices)}
        assert ranks and ranks <= {r.priority for r in RULES if "reward" in r.policies}
    assert RULE["last_number"].priority in {c.priority for c in mathgrade.extract(text)}


def _modules() -> List[Path]:
    found = sorted((SRC / "_extract").glob("*.py")) + sorted((SRC / "_read").glob("*.py"))
    assert len(found) >= 8, "the stage packages moved: update the paths above"  # never a vacuous parametrization
    return found


@pytest.mark.parametrize("path", _modules(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_constants_are_defined_before_the_code_that_uses_them(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    defined = {}
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        for t in targets:
            if isinstance(t, ast.Name) and t.id.lstrip("_")[:1].isupper():
                defined.setdefault(t.id, node.lineno)
    late = sorted({f"{n.id} (line {n.lineno}, defined at {defined[n.id]})" for n in ast.walk(tree)
                   if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in defined
                   and n.lineno < defined[n.id]})
    assert not late, f"{os.path.relpath(path, ROOT)}: used before defined: {late}"
