"""The table of rules (``mathgrade.compare._table``) is the one description of what a verdict's ``rule`` means: the
docs are made from it, every example in it is graded as its row says, and the code names rules only through its
constants."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import List, Set, Tuple

import _paths
import pytest

import mathgrade
from mathgrade._extract._commit import REFUSAL_RULES
from mathgrade.compare import _table
from mathgrade.compare._dispatch import ROUTES, routes_markdown
from mathgrade.compare._table import RULE, RULES, SECTIONS, Example, Rule, rules_markdown

ROOT = _paths.ROOT
DOC = ROOT / "docs" / "comparison.md"
SRC = ROOT / "src" / "mathgrade"
CODE = sorted((SRC / "compare").glob("*.py")) + [SRC / "grader.py"]
"""The modules that decide verdicts: they name rules only through the table's constants."""


def _generated(doc: str, source: str) -> List[str]:
    pattern = re.escape(f"<!-- generated from {source}") + r"[^\n]*-->\n(.*?)<!-- end of the generated (?:table|list) -->"
    return re.findall(pattern, doc, re.S)


@pytest.mark.parametrize("section", list(SECTIONS))
def test_each_section_of_the_docs_is_made_from_the_table(section: str) -> None:
    doc = DOC.read_text(encoding="utf-8")
    found = [block for block in _generated(doc, "mathgrade.compare._table.RULES") if block == rules_markdown(section)]
    assert found, (f"docs/comparison.md: the table of section {section!r} is missing or out of date: paste the output "
                   f"of python -c 'from mathgrade.compare._table import rules_markdown; "
                   f"print(rules_markdown(\"{section}\"), end=\"\")'")


def test_the_docs_hold_one_generated_table_per_section_and_the_dispatch_order() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert len(_generated(doc, "mathgrade.compare._table.RULES")) == len(SECTIONS)
    assert _generated(doc, "mathgrade.compare._dispatch.ROUTES") == [routes_markdown()]
    assert ROUTES[-1].applies(mathgrade.read("1").value, mathgrade.read("x").value)  # (the last route takes all)


def test_rules_have_unique_names_known_sections_and_stages() -> None:
    assert len(RULE) == len(RULES)
    assert {r.section for r in RULES} == set(SECTIONS)
    assert {r.stage for r in RULES} == {"compare", "grader", "extract"}
    constants = {v for k, v in vars(_table).items() if k.isupper() and not k.startswith("_") and isinstance(v, str)}
    assert constants == set(RULE), "every rule has a constant and every constant a row"


def test_the_extraction_refusals_are_the_tables_extract_rows() -> None:
    assert set(REFUSAL_RULES) == {r.name for r in RULES if r.stage == "extract"}


def _examples() -> List[Tuple[Rule, bool, Example]]:
    out = [(r, True, e) for r in RULES for e in r.accepts] + [(r, False, e) for r in RULES for e in r.rejects]
    assert len(out) > 150  # never a vacuous parametrization
    return out


@pytest.mark.parametrize("rule,accepts,example", _examples(),
                         ids=lambda x: x.name if isinstance(x, Rule) else ("accepts" if x is True else "rejects")
                         if isinstance(x, bool) else x.output[:30])
def test_every_example_is_graded_as_the_table_says(rule: Rule, accepts: bool, example: Example) -> None:
    verdict = mathgrade.grade(example.graded, example.gold, problem=example.problem, policy=example.policy)
    assert verdict.correct is accepts, (rule.name, example, verdict.reason)
    if accepts:  # (a near miss may be refused by an earlier rule: that the row's rule does not take it is the point)
        assert verdict.rule == rule.name, (rule.name, example, verdict.rule, verdict.reason)


def test_most_rules_have_examples_both_ways() -> None:
    """An accepting rule shows what it refuses too (rules that only refuse have no accepts)."""
    without = sorted(r.name for r in RULES if not r.accepts and not r.rejects)
    assert set(without) <= {"number.degrees", "interval.as_tuple", "matrix.size", "read.gold", "limit.timeout",
                            "limit.depth", "error"}, without


def _string_constants(path: Path) -> Set[Tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                  and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return {(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings}


@pytest.mark.parametrize("path", [p for p in CODE if p.name != "_table.py"], ids=lambda p: p.name)
def test_the_code_names_rules_only_by_constants(path: Path) -> None:
    literal = sorted(f"line {line}: {value!r}" for line, value in _string_constants(path) if value in RULE)
    assert not literal, f"{path.name} names rules as strings; use the constants of compare._table: {literal}"


def test_every_rule_decided_in_the_code_is_used_there() -> None:
    names = {n.id for p in CODE if p.name != "_table.py" for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(n, ast.Name)}
    by_constant = {v: k for k, v in vars(_table).items() if k.isupper() and not k.startswith("_") and isinstance(v, str)}
    unused = sorted(r.name for r in RULES if r.stage != "extract" and by_constant[r.name] not in names)
    assert unused == []


def test_the_literal_check_can_fail(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('"""doc: number.exact"""\nx = Decision(True, "number.exact", "why")\n', encoding="utf-8")
    assert [v for _, v in _string_constants(bad) if v in RULE] == ["number.exact"]


def test_the_fast_path_for_two_numbers_decides_as_the_routes_do() -> None:
    from mathgrade.compare._core import Ctx
    from mathgrade.compare._dispatch import decide
    from mathgrade.limits import Deadline
    from mathgrade.options import make_options

    ctx = Ctx(make_options(), Deadline(30), decide)
    for a, g in [("5", "5"), ("0.333", "\\frac13"), ("50\\%", "0.5"), ("3", "4"), ("30^\\circ", "30"), ("1.0", "1")]:
        x, y = mathgrade.read(a).value, mathgrade.read(g).value
        walked = next(r for r in ROUTES if r.applies(x, y)).decide(x, y, ctx)
        assert decide(x, y, ctx) == walked, (a, g)
