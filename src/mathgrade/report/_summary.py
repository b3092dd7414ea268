"""The numbers of a report, computed in Python over every row of every run: accuracy, counts per status, shares of
no-answer and cut-off outputs, accuracy by group (data set, subject, level, extraction rule, deciding rule), output
length against correctness, and agreement matrices (a label column, or two runs on the same problems).

An evaluation run's pass@k, maj@k and the standard error of its accuracy are those ``mathgrade eval`` wrote in
``results.json`` (one definition, in one place); its accuracy is computed again from ``samples.jsonl`` and a
difference from ``results.json`` is reported as a note.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..verdict import Status
from ._sources import Run, Sample

__all__ = ["Summary", "GroupRow", "Agreement", "GROUPS", "summarize", "agreements", "length_bins", "OUTCOMES"]

NO_ANSWER = Status.NO_ANSWER.value
CUT_OFF = "length"
"""The ``finish_reason`` of an output cut off at the token limit (OpenAI-compatible servers)."""


@dataclass(frozen=True)
class Group:
    """A way to split rows: the :class:`Sample` attribute, its title in the report, and how its values sort."""

    name: str
    title: str
    order: str  # "name" (natural order of the values) or "rows" (most rows first)


GROUPS = (
    Group("dataset", "Data set", "name"),
    Group("subject", "Subject", "name"),
    Group("level", "Level", "name"),
    Group("extraction_rule", "Where the answer was taken from", "rows"),
    Group("rule", "Deciding rule", "rows"),
)
"""The groupings a report shows accuracy by (each only when some row has a value)."""

OUTCOMES = ("correct", "incorrect", "no answer", "other")
"""How the length chart splits rows: correct, incorrect, no answer, and every other status."""


@dataclass(frozen=True)
class GroupRow:
    """The rows of one run that share a value of a grouping, and how many were correct."""

    name: str
    rows: int
    correct: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.rows if self.rows else 0.0


@dataclass
class Summary:
    """The numbers of one run. ``pass_at_k``, ``maj_at_k`` and ``accuracy_stderr`` come from an eval run's
    ``results.json`` (empty or None otherwise); ``cutoff_share`` is None when no row has a ``finish_reason``."""

    name: str
    kind: str
    rows: int
    problems: int
    correct: int
    status_counts: Dict[str, int]
    no_answer_share: float
    cutoff_share: Optional[float]
    groups: Dict[str, List[GroupRow]]
    lengths: List[Dict[str, Any]]
    accuracy_stderr: Optional[float] = None
    samples_per_problem: Optional[int] = None
    pass_at_k: Dict[int, float] = field(default_factory=dict)
    maj_at_k: Dict[int, float] = field(default_factory=dict)
    notes: List[str] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.correct / self.rows if self.rows else 0.0

    def table_ks(self) -> List[int]:
        """The k of pass@k and maj@k worth a row of the summary table: powers of two and the largest, above 1 (the
        chart shows every k)."""
        ks = set(self.pass_at_k) | set(self.maj_at_k)
        return sorted(k for k in ks if k > 1 and (k & (k - 1) == 0 or k == max(ks)))

    def to_dict(self) -> Dict[str, Any]:
        """JSON-ready, for the page."""
        return {"name": self.name, "kind": self.kind, "rows": self.rows, "problems": self.problems,
                "correct": self.correct, "accuracy": self.accuracy, "accuracy_stderr": self.accuracy_stderr,
                "samples_per_problem": self.samples_per_problem, "status_counts": self.status_counts,
                "no_answer_share": self.no_answer_share, "cutoff_share": self.cutoff_share,
                "pass_at_k": {str(k): v for k, v in self.pass_at_k.items()},
                "maj_at_k": {str(k): v for k, v in self.maj_at_k.items()},
                "groups": {g: [{"name": r.name, "rows": r.rows, "correct": r.correct, "accuracy": r.accuracy}
                               for r in rows] for g, rows in self.groups.items()},
                "lengths": self.lengths, "notes": self.notes}


def summarize(run: Run) -> Summary:
    """The numbers of ``run``, over all its rows."""
    samples = run.samples
    n = len(samples)
    statuses = Counter(s.status for s in samples)
    finished = [s.finish_reason for s in samples if s.finish_reason is not None]
    summary = Summary(
        name=run.name, kind=run.kind, rows=n, problems=len({s.key for s in samples}),
        correct=sum(1 for s in samples if s.correct), status_counts=_ordered_statuses(statuses),
        no_answer_share=statuses.get(NO_ANSWER, 0) / n if n else 0.0,
        cutoff_share=sum(1 for f in finished if f == CUT_OFF) / n if finished and n else None,
        groups={g.name: rows for g in GROUPS if (rows := _group(samples, g))},
        lengths=length_bins(samples), notes=list(run.notes))
    if run.results is not None:
        _take_results(summary, run.results)
    return summary


def _take_results(summary: Summary, results: Dict[str, Any]) -> None:
    summary.accuracy_stderr = _opt_float(results.get("accuracy_stderr"))
    n = results.get("n")
    summary.samples_per_problem = n if isinstance(n, int) else None
    summary.pass_at_k = _by_k(results.get("pass_at_k"))
    summary.maj_at_k = _by_k(results.get("maj_at_k"))
    written = _opt_float(results.get("accuracy"))
    if written is not None and abs(written - summary.accuracy) > 1e-9:
        summary.notes.append(f"results.json gives an accuracy of {written:.6f}, but its samples.jsonl gives "
                             f"{summary.accuracy:.6f} ({summary.correct} of {summary.rows}); the page shows the "
                             f"second (was samples.jsonl edited or cut?)")


def _by_k(values: Any) -> Dict[int, float]:
    if not isinstance(values, dict):
        return {}
    out = {}
    for k, v in values.items():
        try:
            out[int(k)] = float(v)
        except (TypeError, ValueError):
            continue
    return dict(sorted(out.items()))


def _opt_float(value: Any) -> Optional[float]:
    try:
        return None if value is None else float(value)
    except (TypeError, ValueError):
        return None


def _ordered_statuses(counts: Counter) -> Dict[str, int]:
    """Counts in the order of :class:`Status`, then any status unknown to this version, by name."""
    known = [s.value for s in Status]
    return {s: counts[s] for s in known + sorted(set(counts) - set(known)) if counts.get(s)}


def _group(samples: Sequence[Sample], group: Group) -> List[GroupRow]:
    rows: Dict[str, List[int]] = defaultdict(lambda: [0, 0])
    for s in samples:
        value = getattr(s, group.name)
        if value is None:
            continue
        counts = rows[value]
        counts[0] += 1
        counts[1] += s.correct
    out = [GroupRow(name, n, c) for name, (n, c) in rows.items()]
    if group.order == "rows":
        return sorted(out, key=lambda r: (-r.rows, r.name))
    return sorted(out, key=lambda r: natural_key(r.name))


def natural_key(text: str) -> Tuple[Any, ...]:
    """Sorts ``Level 2`` before ``Level 10``."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.lower()) for part in re.split(r"(\d+)", text))


# --- output length ---------------------------------------------------------------------------------------------


def outcome(sample: Sample) -> str:
    """Which of :data:`OUTCOMES` a row is."""
    if sample.correct:
        return "correct"
    if sample.status == Status.INCORRECT.value:
        return "incorrect"
    if sample.status == NO_ANSWER:
        return "no answer"
    return "other"


def length_bins(samples: Sequence[Sample], first: int = 250) -> List[Dict[str, Any]]:
    """Rows counted by output length (characters, bins that double from ``first``) and :func:`outcome`: one entry
    per (bin, outcome) with ``bin`` (its label), ``lo``, ``hi`` (None for the last, open bin), ``outcome``,
    ``rows``; bins without rows before the first or after the last non-empty one are left out."""
    if not samples:
        return []
    longest = max(s.length for s in samples)
    edges = [0, first]
    while edges[-1] <= longest:
        edges.append(edges[-1] * 2)
    counts: Dict[Tuple[int, str], int] = Counter()
    for s in samples:
        counts[(_bin_of(s.length, edges), outcome(s))] += 1
    used = sorted({b for b, _ in counts})
    out = []
    for b in range(used[0], used[-1] + 1):
        lo, hi = edges[b], edges[b + 1]
        for o in OUTCOMES:
            out.append({"bin": f"{_short(lo)}–{_short(hi)}", "order": b, "lo": lo, "hi": hi, "outcome": o,
                        "rows": counts.get((b, o), 0)})
    return out


def _bin_of(length: int, edges: List[int]) -> int:
    for i in range(len(edges) - 1):
        if length < edges[i + 1]:
            return i
    return len(edges) - 2


def _short(n: int) -> str:
    """``250``, ``1k``, ``16k``, ``1.3M``."""
    if n >= 1_000_000:
        return f"{n / 1e6:.3g}M"
    return f"{n / 1000:g}k" if n >= 1000 else str(n)


# --- agreement -------------------------------------------------------------------------------------------------


CELLS = ("both correct", "only A correct", "only B correct", "both incorrect")
"""The four cells of an agreement matrix, in the order of their codes 0..3 (A is the first side, B the second)."""


@dataclass
class Agreement:
    """A 2x2 agreement matrix between two yes/no judgements of the same rows.

    ``a`` and ``b`` name the two sides (``mathgrade`` and a label column; or two runs). ``counts`` follows
    :data:`CELLS`; ``missing`` counts rows that have no value on one side. ``codes`` gives, for every row of the
    report (all runs, in order), its cell (0..3) or -1, so that the page can show a cell's rows.
    """

    title: str
    a: str
    b: str
    counts: List[int]
    missing: int
    codes: List[int]

    @property
    def rows(self) -> int:
        return sum(self.counts)

    @property
    def agreement(self) -> float:
        return (self.counts[0] + self.counts[3]) / self.rows if self.rows else 0.0

    @property
    def cohen_kappa(self) -> Optional[float]:
        """Cohen's kappa: agreement beyond what two judges with these rates would reach by chance."""
        n = self.rows
        if not n:
            return None
        a_yes = (self.counts[0] + self.counts[1]) / n
        b_yes = (self.counts[0] + self.counts[2]) / n
        chance = a_yes * b_yes + (1 - a_yes) * (1 - b_yes)
        return None if chance == 1 else (self.agreement - chance) / (1 - chance)

    def to_dict(self) -> Dict[str, Any]:
        return {"title": self.title, "a": self.a, "b": self.b, "counts": self.counts, "missing": self.missing,
                "rows": self.rows, "agreement": self.agreement, "kappa": self.cohen_kappa}


def agreements(runs: Sequence[Run]) -> List[Agreement]:
    """Every agreement matrix a report shows: each run against its ``--compare-field`` labels, then the first run
    against each other run on the rows they share (same key and sample index), except two evaluation runs with
    several samples per problem, which are compared by problem (:func:`._problems.problem_agreements`)."""
    from ._problems import compared_by_problem

    offsets = _offsets(runs)
    out = []
    for i, run in enumerate(runs):
        if run.compare_field:
            title = f"mathgrade against {run.compare_field!r}" + (f" ({run.name})" if len(runs) > 1 else "")
            items = [((offsets[i] + j,), s.correct, s.label) for j, s in enumerate(run.samples)]
            out.append(_matrix(title, "mathgrade", run.compare_field, items, offsets[-1]))
    if len(runs) > 1:
        first = {(s.key, s.sample): j for j, s in enumerate(runs[0].samples)}
        for i, run in enumerate(runs[1:], 1):
            if compared_by_problem(runs[0], run):
                continue
            shared = [((k, offsets[i] + j), runs[0].samples[k].correct, s.correct)
                      for j, s in enumerate(run.samples) if (k := first.get((s.key, s.sample))) is not None]
            if shared:
                agreement = _matrix(f"{runs[0].name} against {run.name}", runs[0].name, run.name, shared,
                                    offsets[-1])
                agreement.missing = len(runs[0].samples) + len(run.samples) - 2 * len(shared)
                out.append(agreement)
    return out


def _matrix(title: str, a: str, b: str, items: Sequence[Tuple[Tuple[int, ...], bool, Optional[bool]]],
            total: int) -> Agreement:
    """The matrix of ``items``: (the report rows it covers, side A's judgement, side B's or None)."""
    codes = [-1] * total
    counts = [0, 0, 0, 0]
    missing = 0
    for indices, x, y in items:
        if y is None:
            missing += 1
            continue
        cell = (0 if y else 1) if x else (2 if y else 3)
        for index in indices:
            codes[index] = cell
        counts[cell] += 1
    return Agreement(title, a, b, counts, missing, codes)


def _offsets(runs: Sequence[Run]) -> List[int]:
    out = [0]
    for run in runs:
        out.append(out[-1] + len(run.samples))
    return out

