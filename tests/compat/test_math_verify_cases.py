"""Math-Verify 0.9.0's own test cases, run against :mod:`mathgrade.compat.math_verify`.

The cases are data (``math_verify_cases.jsonl``, rebuilt by ``_extract_cases.py``; attribution in
``tests/data/SOURCES.md``). Cases listed in ``KNOWN_DIFFERENCES.md`` are handled there:

- ``wrong``: Math-Verify's expectation is wrong; the case is asserted the right way round (the opposite outcome).
- ``policy``: mathgrade deliberately decides otherwise (see docs/migration.md); asserted mathgrade's way.
- ``gap``: a mathgrade shortcoming still to fix; expected to fail (``xfail(strict=True)``), so a fix is noticed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from mathgrade.compat.math_verify import (
    ExprExtractionConfig,
    LatexExtractionConfig,
    StringExtractionConfig,
    parse,
    verify,
)

pytestmark = pytest.mark.compat

_HERE = Path(__file__).parent
_ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|\s*(wrong|policy|gap)\s*\|\s*(.+?)\s*\|\s*$")


def _cases() -> List[Dict[str, Any]]:
    with open(_HERE / "math_verify_cases.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _known() -> Dict[str, Tuple[str, str]]:
    """Case id -> (kind, reason), from the table in KNOWN_DIFFERENCES.md."""
    known: Dict[str, Tuple[str, str]] = {}
    text = (_HERE / "KNOWN_DIFFERENCES.md").read_text(encoding="utf-8")
    for line in text.split("\n## ")[0].splitlines():  # the first table: the parametrized cases
        m = _ROW.match(line)
        if m:
            known[m.group(1)] = (m.group(2), m.group(3))
    return known


CASES = _cases()
KNOWN = _known()


def run_case(row: Dict[str, Any]) -> Any:
    """What the case's Math-Verify test computes, computed with the compat layer."""
    if row["call"] == "compare":
        targets = [
            LatexExtractionConfig(boxed_match_priority=0) if m == "latex" else ExprExtractionConfig()
            for m in row["match_types"]
        ]
        return int(verify(parse(row["gold"], targets), parse(row["pred"], targets),
                          float_rounding=row["precision"], strict=row["strict"],
                          allow_set_relation_comp=row["allow_set_relation_comp"]))
    if row["call"] == "verify_default":
        return int(verify(parse(row["gold"]), parse(row["pred"])))
    cfg = row["config"]
    config = StringExtractionConfig(strings=tuple(cfg["strings"]), lowercase=cfg["lowercase"],
                                    try_extract_without_anchor=cfg["try_extract_without_anchor"])
    return parse(row["pred"], [config])


def _param(row: Dict[str, Any]) -> Any:
    kind, reason = KNOWN.get(row["id"], ("", ""))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if kind == "gap" else []
    return pytest.param(row, id=row["id"], marks=marks)


def test_data_file_is_complete() -> None:
    assert len(CASES) == 282
    assert len({r["id"] for r in CASES}) == len(CASES)
    calls = {r["call"] for r in CASES}
    assert calls == {"compare", "verify_default", "parse_strings"}


def test_known_differences_name_real_cases() -> None:
    ids = {r["id"] for r in CASES}
    assert set(KNOWN) <= ids, sorted(set(KNOWN) - ids)


@pytest.mark.parametrize("row", [_param(r) for r in CASES])
def test_math_verify_case(row: Dict[str, Any]) -> None:
    got = run_case(row)
    kind, reason = KNOWN.get(row["id"], ("", ""))
    if kind in ("wrong", "policy"):
        assert isinstance(row["expected"], int)
        assert got == 1 - row["expected"], f"Math-Verify expects {row['expected']}; mathgrade differs ({kind}): {reason}"
    else:
        assert got == row["expected"]
