"""The layers import downward only (docs/architecture.md), read from the source: every import statement of every
module, also those inside functions and under ``TYPE_CHECKING``, relative ones resolved.

- the command line (``mathgrade.cli``) is imported by nothing but ``mathgrade.__main__``: the apps and the library
  raise errors, the command line turns them into flags and exit codes;
- the pipeline (the stages and the grader) imports neither the command line nor the apps;
- from the stages (compare, read, extract) and the runtime beneath them, no chain of imports leads up to the grader,
  the rows, the batch code, the apps or the command line (issue 23: the runtime knows nothing of grading).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Tuple

import pytest
from _paths import ROOT

SRC = ROOT / "src"
PACKAGE = SRC / "mathgrade"

APPS = ("mathgrade.evaluation", "mathgrade.report", "mathgrade.serve", "mathgrade.rewards", "mathgrade.ray",
        "mathgrade.integrations", "mathgrade.compat")
PIPELINE = ("mathgrade._extract", "mathgrade._read", "mathgrade.compare", "mathgrade.grader")
CLI = "mathgrade.cli"
BELOW_THE_GRADER = ("mathgrade.compare", "mathgrade._read", "mathgrade._extract", "mathgrade.runtime")
ABOVE_THE_STAGES = ("mathgrade.grader", "mathgrade.rows", "mathgrade.batch", CLI, "mathgrade.__main__") + APPS


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> List[Tuple[int, str]]:
    """(line, absolute module) of every import statement in the file at ``path``; ``from a import b`` gives both
    ``a`` and ``a.b`` (``b`` may be a submodule)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: List[Tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{a.name}") for a in node.names]
    return found


def _graph() -> Dict[str, List[Tuple[int, str]]]:
    return {_module_name(p): _imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


def _within(module: str, prefixes: Tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


GRAPH = _graph()


def test_the_graph_is_read_from_every_module() -> None:
    assert {"mathgrade.cli", "mathgrade.cli.grade", "mathgrade.errors", "mathgrade.evaluation.run"} <= set(GRAPH)
    inside_a_function = [m for line, m in GRAPH["mathgrade.cli.grade"] if m == "mathgrade.batch.grade_many"]
    assert inside_a_function, "imports inside functions are read too"


def _offenders(importers: Tuple[str, ...], imported: Tuple[str, ...], exact: bool = False) -> List[str]:
    """``module:line imports target`` for each import of a module under ``importers`` (or, ``exact``, one of them)
    of a module under ``imported``."""
    return [f"{module}:{line} imports {target}" for module, found in GRAPH.items()
            if (module in importers if exact else _within(module, importers))
            for line, target in found if _within(target, imported)]


def test_nothing_but_the_entry_point_imports_the_command_line() -> None:
    library = tuple(m for m in GRAPH if not _within(m, (CLI,)) and m != "mathgrade.__main__")
    assert len(library) > 50
    assert _offenders(library, (CLI,), exact=True) == []


def test_the_apps_never_import_the_command_line() -> None:
    assert _offenders(APPS, (CLI,)) == []


def test_the_pipeline_imports_neither_the_command_line_nor_the_apps() -> None:
    assert _offenders(PIPELINE, (CLI,) + APPS) == []


@pytest.mark.parametrize("importer,imported", [("mathgrade.evaluation.run", "mathgrade.cli"),
                                               ("mathgrade.grader", "mathgrade.evaluation")])
def test_the_check_can_fail(importer: str, imported: str) -> None:
    """A made-up import in the graph is found (the checks above are not vacuous)."""
    GRAPH[importer].append((0, imported))
    try:
        assert _offenders((importer,), (imported,)) == [f"{importer}:0 imports {imported}"]
    finally:
        GRAPH[importer].pop()


# --- chains of imports: nothing below the grader reaches up, however indirectly -----------------------------------


def _module_of(target: str) -> str:
    """The module a name imported from belongs to: the longest prefix of ``target`` that is one of ours."""
    while target and target not in GRAPH:
        target = target.rpartition(".")[0]
    return target


def _chains_up(start: str) -> Dict[str, List[str]]:
    """For every module above the stages reachable from ``start`` (and its submodules), one chain of imports."""
    queue = [m for m in GRAPH if _within(m, (start,))]
    came: Dict[str, List[str]] = {m: [m] for m in queue}
    found: Dict[str, List[str]] = {}
    while queue:
        module = queue.pop(0)
        for target in sorted({_module_of(t) for _, t in GRAPH[module]} - {"", module}):
            if target in came or target == "mathgrade":  # (the package's own __init__: see the next test)
                continue
            came[target] = came[module] + [target]
            if _within(target, ABOVE_THE_STAGES):
                found[target] = came[target]
            else:
                queue.append(target)
    return found


@pytest.mark.parametrize("start", BELOW_THE_GRADER)
def test_nothing_below_the_grader_leads_upward(start: str) -> None:
    assert any(_within(m, (start,)) for m in GRAPH), f"{start} not found under {SRC}"
    found = _chains_up(start)
    assert found == {}, "\n".join(" -> ".join(chain) for chain in found.values())


def test_the_stages_and_the_runtime_do_not_import_the_package_itself() -> None:
    # `import mathgrade` from below would reach every public name (the package's __init__ names the grader and the
    # batch code for type checkers): the layers below import their neighbours by module, never the package.
    offenders = sorted(m for m in GRAPH if _within(m, BELOW_THE_GRADER)
                       and any(t == "mathgrade" for _, t in GRAPH[m]))
    assert offenders == []


def test_a_chain_through_a_neighbour_is_found() -> None:
    """An import of the grader hidden two steps away (runtime -> limits -> grader) is found."""
    GRAPH["mathgrade.limits"].append((0, "mathgrade.grader"))
    try:
        assert _chains_up("mathgrade.runtime") != {}
    finally:
        GRAPH["mathgrade.limits"].pop()
