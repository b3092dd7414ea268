"""Rebuild ``math_verify_cases.jsonl`` from the test suite shipped in Math-Verify 0.9.0's sdist.

This script is run by hand, never by CI. It reads the *cases* (inputs and expected outcomes) of Math-Verify's
parametrized tests and writes them as data, one JSON object per line; no Math-Verify code is copied.

    pip download --no-deps --no-binary :all: math-verify==0.9.0 -d /tmp/mvsdist
    tar xzf /tmp/mvsdist/math_verify-0.9.0.tar.gz -C /tmp/mvsdist
    python3 tests/compat/_extract_cases.py /tmp/mvsdist/math_verify-0.9.0 > tests/compat/math_verify_cases.jsonl

It must run in an interpreter where ``math_verify`` 0.9.0 is importable (the test modules import it at module
level). Parameter values are taken from the collected ``pytest.mark.parametrize`` marks (so f-strings and escapes
are exactly what the tests see); how each test uses its parameters is read from the test function's source with
:mod:`ast` (which helper it calls and with which keyword arguments).

Each output row has ``id`` (``file::test[index]``), ``call`` (what the test does with the case) and the fields that
call needs:

- ``compare``: ``gold``, ``pred``, ``expected`` (0/1), ``match_types`` (``["latex", "expr"]`` etc.; ``latex`` means
  ``LatexExtractionConfig(boxed_match_priority=0)``, ``expr`` means ``ExprExtractionConfig()``), ``precision``
  (``float_rounding``), ``strict``, ``allow_set_relation_comp``. Both sides are ``parse``d with the same configs,
  then ``verify(gold, pred, ...)``.
- ``verify_default``: ``gold``, ``pred``, ``expected``: ``verify(parse(gold), parse(pred))`` with all defaults.
- ``parse_strings``: ``pred``, ``expected`` (the list ``parse`` returns), ``config`` (``StringExtractionConfig``
  fields).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, Iterator, List

_COMPARE_DEFAULTS: Dict[str, Any] = {
    "match_types": ["latex", "expr"],
    "precision": 6,
    "strict": True,
    "allow_set_relation_comp": False,
}


def _call_shape(func: Any) -> Dict[str, Any]:
    """How a test function uses its parameters: the helper it calls and the keyword arguments (names or literals)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name == "compare_strings":
            kwargs = {}
            for kw in node.keywords:
                if isinstance(kw.value, ast.Name):
                    kwargs[kw.arg] = ("param", kw.value.id)
                else:
                    kwargs[kw.arg] = ("literal", ast.literal_eval(kw.value))
            return {"call": "compare", "kwargs": kwargs}
        if name == "verify":
            return {"call": "verify_default", "kwargs": {}}
        if name == "parse":
            return {"call": "parse_strings", "kwargs": {}}
    raise ValueError(f"unrecognised test shape: {func.__name__}")


def _rows(module_name: str) -> Iterator[Dict[str, Any]]:
    module = importlib.import_module(f"tests.{module_name}")
    for name, func in sorted(vars(module).items()):
        if not name.startswith("test_") or not callable(func):
            continue
        marks = [m for m in getattr(func, "pytestmark", []) if m.name == "parametrize"]
        if not marks:
            continue
        argnames = [a.strip() for a in marks[0].args[0].split(",")]
        shape = _call_shape(func)
        for index, values in enumerate(marks[0].args[1]):
            params = dict(zip(argnames, values))
            row: Dict[str, Any] = {"id": f"{module_name}.py::{name}[{index}]", "call": shape["call"]}
            if shape["call"] == "compare":
                row.update(gold=params["gold"], pred=params["pred"], expected=int(params["expected"]))
                for key, default in _COMPARE_DEFAULTS.items():
                    kind, val = shape["kwargs"].get(key, ("literal", default))
                    row[key] = params[val] if kind == "param" else val
            elif shape["call"] == "verify_default":
                row.update(gold=params["gold"], pred=params["pred"], expected=int(params["result"]))
            else:
                cfg = params["config"]
                row.update(
                    pred=params["pred"],
                    expected=list(params["expected"]),
                    config={
                        "strings": list(cfg.strings),
                        "lowercase": cfg.lowercase,
                        "try_extract_without_anchor": cfg.try_extract_without_anchor,
                    },
                )
            yield row


def main(argv: List[str]) -> int:
    root = Path(argv[1]).resolve()
    sys.path.insert(0, str(root))
    for path in sorted((root / "tests").glob("test_*.py")):
        for row in _rows(path.stem):
            print(json.dumps(row, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
