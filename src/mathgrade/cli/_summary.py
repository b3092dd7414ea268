"""What ``grade`` and ``extract`` print at the end: counts of the status (or rule) column, overall and per
``--group-by`` value, as text and as JSON (``--summary-json``)."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from typing import IO, Any, Dict, List, Optional, Sequence

from ..errors import FileSystemError
from ..files import FieldPath

__all__ = ["Tally", "grade_lines", "extract_lines", "group_lines", "print_summary", "write_json", "BAD_ROW"]

BAD_ROW = "bad_row"
"""The status a malformed input line gets under ``--skip-bad-rows`` (``Status.BAD_ROW``, as a malformed row of
grade_many gets; a string here, so that ``--help`` does not import the verdicts)."""
CORRECT = "correct"
"""``Status.CORRECT``."""
GROUPS_SHOWN = 30
"""Groups printed per --group-by column (the JSON summary has all, up to MAX_GROUPS)."""
MAX_GROUPS = 10_000
"""Distinct values counted per --group-by column; more are counted together as ``(other values)``."""


class Tally:
    """Counts of the ``key`` column's values (status, rule), overall and per value of each --group-by column."""

    def __init__(self, key: str, group_by: Sequence[FieldPath]) -> None:
        self.key = key
        self.group_by = list(group_by)
        self.counts: Counter = Counter()
        self.groups: Dict[str, Dict[str, Counter]] = {g.name: {} for g in group_by}

    @property
    def rows(self) -> int:
        return sum(self.counts.values())

    def add(self, row: Dict[str, Any], value: Any) -> None:
        text = _key_text(value)
        self.counts[text] += 1
        for g in self.group_by:
            groups = self.groups[g.name]
            name = _group_text(g, row)
            if name not in groups and len(groups) >= MAX_GROUPS:
                name = "(other values)"
            groups.setdefault(name, Counter())[text] += 1

    def merged(self, other: "Tally") -> "Tally":
        both = Tally(self.key, self.group_by)
        both.counts = self.counts + other.counts
        for name in both.groups:
            for source in (self.groups[name], other.groups[name]):
                for value, counts in source.items():
                    both.groups[name].setdefault(value, Counter()).update(counts)
        return both

    def as_json(self, command: str) -> Dict[str, Any]:
        return Tally.counts_json(self.counts, command)

    @staticmethod
    def counts_json(counts: Counter, command: str) -> Dict[str, Any]:
        n = sum(counts.values())
        if command == "grade":
            correct = counts.get(CORRECT, 0)
            return {"rows": n, "correct": correct, "accuracy": correct / n if n else None,
                    "status_counts": dict(sorted(counts.items()))}
        none = counts.get("none", 0) + counts.get(BAD_ROW, 0)
        return {"rows": n, "answers_found": n - none, "rule_counts": dict(sorted(counts.items()))}


def grade_lines(t: Tally) -> List[str]:
    correct = t.counts.get(CORRECT, 0)
    accuracy = f"{correct / t.rows:.4f} ({correct} of {t.rows} correct)" if t.rows else "n/a (no rows)"
    return [f"accuracy: {accuracy}", f"status:   {status_counts(t.counts)}"]


def extract_lines(t: Tally) -> List[str]:
    found = t.rows - t.counts.get("none", 0) - t.counts.get(BAD_ROW, 0)
    return [f"answers:  {found} found, {t.counts.get('none', 0)} none",
            "rules:    " + (", ".join(f"{r} {c}" for r, c in t.counts.most_common()) or "none")]


def group_lines(groups: Dict[str, Counter], command: str) -> List[str]:
    ordered = sorted(groups.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
    width = min(40, max((len(v) for v, _ in ordered), default=0))
    lines = []
    for value, counts in ordered[:GROUPS_SHOWN]:
        n = sum(counts.values())
        if command == "grade":
            c = counts.get(CORRECT, 0)
            lines.append(f"  {value:<{width}}  rows {n:>6}  accuracy {c / n:.4f}  ({status_counts(counts)})")
        else:
            lines.append(f"  {value:<{width}}  rows {n:>6}  ({', '.join(f'{r} {k}' for r, k in counts.most_common())})")
    if len(ordered) > GROUPS_SHOWN:
        lines.append(f"  ... and {len(ordered) - GROUPS_SHOWN} more values (all are in --summary-json)")
    return lines


def status_counts(counts: Counter) -> str:
    """``correct 5, incorrect 3`` in the order of :class:`Status` (``bad_row`` last), then anything else."""
    from ..verdict import Status

    known = [s.value for s in Status]
    names = [s for s in known if counts.get(s)] + sorted(s for s in counts if s not in known and counts[s])
    return ", ".join(f"{s} {counts[s]}" for s in names) or "none"


def _key_text(value: Any) -> str:
    """A status or rule as counted: ``none`` for no value, and ``error: ...``/``bad_row: ...`` by their kind."""
    if value is None or value == "":
        return "none"
    return str(value).split(":", 1)[0]


def _group_text(path: FieldPath, row: Dict[str, Any]) -> str:
    try:
        value = path.get(row)
    except KeyError:
        return "(missing)"
    if value is None or value == "":
        return "(empty)"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return str(value)


def print_summary(text: str, output: Optional[str]) -> None:
    """Print a command's summary: on stdout, or on stderr when stdout carries the output rows (``-o -``)."""
    stream: IO[str] = sys.stderr if output == "-" else sys.stdout
    print(text, file=stream, flush=True)


def write_json(path: str, data: Dict[str, Any]) -> None:
    """Write ``data`` as JSON to ``path`` whole (a temporary file, then renamed), or to stdout for ``-``."""
    text = json.dumps(data, indent=1, ensure_ascii=False, default=str) + "\n"
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise FileSystemError("write", path, exc) from None
