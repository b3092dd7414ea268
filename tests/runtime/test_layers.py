"""Layers import downward only: from the stages (compare, read, extract) and the runtime beneath them, no import
statement leads up to the grader, the rows, the batch code, the apps or the command line.

The graph is read statically from the source (every ``import`` and ``from ... import`` statement, also those inside
functions and under ``if TYPE_CHECKING:``), so an import hidden in a function counts as much as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Set

import pytest

from _paths import ROOT

SRC = ROOT / "src"

STARTS = ("mathgrade.compare", "mathgrade._read", "mathgrade._extract", "mathgrade.runtime")
ABOVE = ("mathgrade.grader", "mathgrade.rows", "mathgrade.batch", "mathgrade.evaluation", "mathgrade.report",
         "mathgrade.serve", "mathgrade.rewards", "mathgrade.ray", "mathgrade._ray_cli", "mathgrade.integrations",
         "mathgrade.compat", "mathgrade.cli", "mathgrade.__main__")
"""The modules above the stages (a name stands for the module and everything under it)."""


def _modules() -> Dict[str, Path]:
    return {".".join(p.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__"): p
            for p in SRC.rglob("*.py")}


def _imports(name: str, path: Path, known: Set[str]) -> Set[str]:
    """The modules of ``known`` that ``path`` (module ``name``) imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: Set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: List[str] = []
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        for target in targets:
            while target and target not in known:  # `import a.b.c` imports a, a.b and a.b.c
                target = target.rpartition(".")[0]
            if target:
                found.add(target)
    return found - {name}


def _graph() -> Dict[str, Set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _under(name: str, prefixes: tuple) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _paths_up(graph: Dict[str, Set[str]], start: str) -> Dict[str, List[str]]:
    """For every module above the stages reachable from ``start`` (and its submodules), one chain of imports."""
    queue = [m for m in graph if _under(m, (start,))]
    came: Dict[str, List[str]] = {m: [m] for m in queue}
    found: Dict[str, List[str]] = {}
    while queue:
        module = queue.pop(0)
        for target in sorted(graph[module]):
            if target in came or target == "mathgrade":  # (the package's own __init__: see the next test)
                continue
            came[target] = came[module] + [target]
            if _under(target, ABOVE):
                found[target] = came[target]
            else:
                queue.append(target)
    return found


@pytest.mark.parametrize("start", STARTS)
def test_nothing_below_the_grader_imports_upward(start: str) -> None:
    graph = _graph()
    assert any(_under(m, (start,)) for m in graph), f"{start} not found under {SRC}"
    found = _paths_up(graph, start)
    assert found == {}, "\n".join(" -> ".join(chain) for chain in found.values())


def test_the_stages_and_the_runtime_do_not_import_the_package_itself() -> None:
    # `import mathgrade` from below would reach every public name (the package's __init__ names the grader and the
    # batch code for type checkers): the layers below import their neighbours by module, never the package.
    graph = _graph()
    offenders = sorted(m for m in graph if _under(m, STARTS) and "mathgrade" in graph[m])
    assert offenders == []


def test_the_check_sees_an_import_hidden_in_a_function(tmp_path: Path) -> None:
    # The reader of the graph must count imports inside functions, or the tests above could not fail.
    module = tmp_path / "pkg" / "low.py"
    module.parent.mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "high.py").write_text("")
    module.write_text("def f():\n    from .high import x\n    return x\n")
    known = {"pkg", "pkg.low", "pkg.high"}
    assert "pkg.high" in _imports("pkg.low", module, known)
    module.write_text("import os\n")
    assert "pkg.high" not in _imports("pkg.low", module, known)
