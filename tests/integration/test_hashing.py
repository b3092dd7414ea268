"""Functions that use mathgrade can be hashed by dill's ``recurse`` mode, which Hugging Face ``datasets`` uses to
fingerprint a ``map`` function (and so to cache its result).

dill pickles a function of ``__main__`` with the globals it uses, found by walking from it through every
module-level function it names, and every function those name, and so on; the walk stops only where a function names
itself. Two module-level functions that call each other by name make it recurse until Python's recursion limit
(``RecursionError``: ``datasets`` then warns "couldn't be hashed properly" and never caches). This test walks the
same graph from every public function, without dill, and names any such loop; ``tests/integration/test_datasets.py``
checks the real hasher (slow step).
"""

from __future__ import annotations

import dis
import inspect
import types
from typing import Any, Dict, Iterator, List, Set

import mathgrade
import mathgrade.integrations.datasets
import mathgrade.rewards


def _global_names(code: types.CodeType) -> Iterator[str]:
    """The global names a code object and its nested code objects load (what dill's ``nestedglobals`` finds)."""
    for ins in dis.get_instructions(code):
        if ins.opname in ("LOAD_GLOBAL", "STORE_GLOBAL", "DELETE_GLOBAL"):
            yield ins.argval
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _global_names(const)


def _named_functions(fn: types.FunctionType) -> List[types.FunctionType]:
    """The module-level functions (and closed-over functions) that ``fn`` names, as dill's ``globalvars`` sees them."""
    out = []
    for cell in fn.__closure__ or ():
        try:
            content = cell.cell_contents
        except ValueError:
            continue
        if inspect.isfunction(content):
            out.append(content)
    for name in set(_global_names(fn.__code__)):
        obj = fn.__globals__.get(name)
        if inspect.ismethod(obj):
            obj = obj.__func__
        if inspect.isfunction(obj) and obj is not fn:
            out.append(obj)
    return out


def _loops(roots: List[types.FunctionType]) -> List[str]:
    """Every loop found by a depth-first walk from ``roots`` (each as 'a -> b -> a')."""
    found: List[str] = []
    done: Set[Any] = set()
    stack: List[types.FunctionType] = []

    def name(f: types.FunctionType) -> str:
        return f"{f.__module__}.{f.__qualname__}"

    def walk(fn: types.FunctionType) -> None:
        stack.append(fn)
        for nxt in _named_functions(fn):
            if nxt in stack:
                loop = stack[stack.index(nxt):] + [nxt]
                found.append(" -> ".join(map(name, loop)))
            elif nxt not in done:
                walk(nxt)
        stack.pop()
        done.add(fn)

    for root in roots:
        walk(root)
    return found


def _public_functions() -> List[types.FunctionType]:
    roots: Dict[str, Any] = {}
    for module in (mathgrade, mathgrade.rewards, mathgrade.integrations.datasets):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj):
                roots[f"{module.__name__}.{name}"] = obj
    return list(roots.values())


def test_no_public_function_reaches_functions_that_call_each_other_by_name() -> None:
    roots = _public_functions()
    assert len(roots) >= 10, [r.__name__ for r in roots]  # the walk starts from the real API
    loops = _loops(roots)
    assert loops == [], ("functions that call each other by name make dill (datasets' map hashing) recurse forever; "
                         "reach the recursive part through its module (as grader.py reaches the stages), or pass one function to "
                         "the other as an argument:\n" + "\n".join(loops))


def test_the_walk_finds_a_loop_when_there_is_one() -> None:
    namespace: Dict[str, Any] = {}
    exec("def ping(n):\n    return pong(n - 1) if n else 0\n"  # noqa: S102 - a fixed snippet: the negative case
         "def pong(n):\n    return ping(n)\n"
         "def entry(n):\n    return ping(n)\n", namespace)
    loops = _loops([namespace["entry"]])
    assert loops and "ping -> " in loops[0] and loops[0].endswith("ping")
    assert _loops([namespace["pong"]]) != []
