"""The performance tables of README.md and docs/ are the ones ``bench/tables.py`` makes from the benches' committed
JSON results (``bench/results/``): a number in them is one a bench printed, and cannot drift from it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from _paths import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import tables  # noqa: E402


def _marked() -> list:
    return [(path, name) for path in tables.doc_files()
            for name in re.findall(r"<!-- table: ([\w-]+) -->", path.read_text(encoding="utf-8"))]


def test_every_marked_table_is_known_and_every_table_is_shown() -> None:
    marked = _marked()
    assert {name for _, name in marked} == set(tables.TABLES)
    for _, (results, _) in tables.TABLES.items():
        assert (tables.RESULTS / results).is_file()


def test_the_docs_tables_are_made_from_the_committed_results() -> None:
    stale = [str(p.relative_to(ROOT)) for p in tables.doc_files()
             if tables.updated(p.read_text(encoding="utf-8")) != p.read_text(encoding="utf-8")]
    assert stale == [], "run `python bench/tables.py` after a bench run (its --json file in bench/results/)"


@pytest.mark.parametrize("name", sorted(tables.TABLES))
def test_no_marked_table_is_empty_in_the_docs(name: str) -> None:
    shown = [m.group(3) for path in tables.doc_files()
             for m in tables._MARKED.finditer(path.read_text(encoding="utf-8")) if m.group(2) == name]
    assert shown, f"table {name} is shown nowhere"
    for block in shown:
        rows = [line for line in block.splitlines()  # table rows past the header, or the bullets of notes
                if (line.startswith("|") and not line.startswith("|---")) or line.startswith("- ")]
        assert len(rows) >= 2 and re.search(r"\d", block), f"table {name} is empty: {block!r}"


@pytest.mark.parametrize("name", sorted(tables.TABLES))
def test_the_check_fails_on_a_changed_number(name: str) -> None:
    path, text = next((p, p.read_text(encoding="utf-8")) for p in tables.doc_files()
                      if f"<!-- table: {name} -->" in p.read_text(encoding="utf-8"))
    block = re.search(rf"<!-- table: {name} -->\n(.*?)<!-- end table -->", text, re.S)
    assert block and re.search(r"\d", block.group(1))
    changed = text.replace(block.group(1), re.sub(r"\d", "7", block.group(1), count=3))
    assert tables.updated(changed) == text != changed


def test_the_projection_script_prints_the_table_of_the_docs() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "scale_projection.py"),
                          str(tables.RESULTS / "ray.json")], capture_output=True, text=True, timeout=120, check=True)
    assert tables.render("scale") in out.stdout
