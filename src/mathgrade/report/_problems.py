"""Evaluation runs seen problem by problem: each problem's samples, their answer clusters, pass and maj; and two runs
compared by problem (per-problem accuracy and answer agreement) rather than sample by sample.

A run of ``mathgrade eval`` with n samples per problem numbers its samples 0..n-1 in the order they were drawn, and
that order means nothing: two runs of the same model can give a problem the same eight answers in another order.
Pairing samples by index then counts disagreements that are not there (two runs whose answers per problem were
identical in another order showed 83% agreement). So runs with more than one sample per problem are compared by
what each run answered to each problem:

- **answer agreement** of a problem: the overlap of the two runs' answer distributions, ``sum(min(a_i, b_i))`` over
  the answers ``i`` (shares of the problem's samples; the samples without an answer that can vote count as one more
  "answer"). 1 when both runs gave the same answers in the same proportions, in whatever order; 0 when they share
  none. Answers of the two runs are the same when their values as read are identical, or compare equivalent (in
  either direction, with the run's grading policy), as ``mathgrade eval`` clusters answers within a run.
- **same most common answer**: whether the two runs' most common answers are the same (with ties, the same set of
  tied answers).
- **per-problem accuracy**: the share of a problem's samples graded correct, in each run.

The per-problem view shows, for each problem, pass (some sample correct: pass@n) and maj (the most common answer
correct: maj@n, as ``mathgrade eval`` computes it, so that their means over problems are ``results.json``'s).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ._sources import Run, Sample

__all__ = ["Cluster", "ProblemStats", "ProblemAgreement", "problem_stats", "problem_agreements", "by_problem",
           "problems_payload"]


@dataclass(frozen=True)
class Cluster:
    """Samples of one problem that gave the same answer: ``first`` is the index (in its run) of the first of them,
    whose verdict and answer stand for the cluster. ``vote`` is False for the samples without an answer that can
    vote (no answer, ambiguous, timeout...), gathered in one pseudo-cluster."""

    first: int
    samples: int
    vote: bool = True


@dataclass
class ProblemStats:
    """One problem of one run: its samples (indexes in the run, in sample order), how many were correct, pass@n,
    maj@n and its clusters (largest first; the samples without a vote last)."""

    key: str
    rows: List[int]
    correct: int
    solved: bool
    majority: bool
    clusters: List[Cluster]

    @property
    def samples(self) -> int:
        return len(self.rows)

    @property
    def accuracy(self) -> float:
        return self.correct / len(self.rows) if self.rows else 0.0


def by_problem(run: Run) -> Dict[str, List[int]]:
    """The indexes of each problem's samples, problems in order of first appearance, samples by sample index."""
    out: Dict[str, List[int]] = {}
    for i, s in enumerate(run.samples):
        out.setdefault(s.key, []).append(i)
    for rows in out.values():
        rows.sort(key=lambda i: (run.samples[i].sample is None, run.samples[i].sample or 0, i))
    return out


def problem_stats(run: Run) -> List[ProblemStats]:
    """Every problem of an evaluation run, in order of first appearance (an empty list for a graded file)."""
    from ..evaluation.metrics import majority_correct

    if run.kind != "eval":
        return []
    out = []
    for key, rows in by_problem(run).items():
        samples = [run.samples[i] for i in rows]
        correct = [s.correct for s in samples]
        clusters: Dict[int, List[int]] = {}
        none: List[int] = []
        for i, s in zip(rows, samples):
            (none if s.cluster is None else clusters.setdefault(s.cluster, [])).append(i)
        ordered = sorted(clusters.values(), key=lambda c: (-len(c), c[0]))
        stats = ProblemStats(key, rows, sum(correct), any(correct),
                             majority_correct([s.cluster for s in samples], correct)[-1],
                             [Cluster(c[0], len(c)) for c in ordered] + ([Cluster(none[0], len(none), False)]
                                                                        if none else []))
        out.append(stats)
    return out


# --- two runs by problem ---------------------------------------------------------------------------------------


@dataclass
class ProblemAgreement:
    """Two evaluation runs compared problem by problem (see the module's docstring).

    ``overlap`` and ``same_majority`` hold each shared problem's answer agreement and whether its most common answers
    are the same; ``accuracy`` each shared problem's (accuracy in A, accuracy in B). ``only_a``/``only_b`` count the
    problems of one run only.
    """

    title: str
    a: str
    b: str
    b_run: int
    overlap: Dict[str, float]
    same_majority: Dict[str, bool]
    accuracy: Dict[str, Tuple[float, float]]
    only_a: int = 0
    only_b: int = 0
    notes: List[str] = field(default_factory=list)

    @property
    def problems(self) -> int:
        return len(self.overlap)

    @property
    def answer_agreement(self) -> Optional[float]:
        """The mean answer agreement over the shared problems (None when they share none)."""
        return sum(self.overlap.values()) / self.problems if self.problems else None

    @property
    def majority_agreement(self) -> Optional[float]:
        """The share of shared problems whose most common answers are the same."""
        return sum(self.same_majority.values()) / self.problems if self.problems else None

    @property
    def accuracy_gap(self) -> Optional[float]:
        """The mean absolute difference of per-problem accuracy."""
        if not self.problems:
            return None
        return sum(abs(a - b) for a, b in self.accuracy.values()) / self.problems

    @property
    def differing(self) -> int:
        """Problems whose answers differ (answer agreement below 1)."""
        return sum(1 for v in self.overlap.values() if v < 1 - 1e-12)

    @property
    def accuracy_differs(self) -> int:
        """Problems whose accuracy differs between the runs."""
        return sum(1 for a, b in self.accuracy.values() if abs(a - b) > 1e-12)

    def to_dict(self) -> Dict[str, Any]:
        return {"title": self.title, "a": self.a, "b": self.b, "b_run": self.b_run, "problems": self.problems,
                "only_a": self.only_a, "only_b": self.only_b, "answer_agreement": self.answer_agreement,
                "majority_agreement": self.majority_agreement, "accuracy_gap": self.accuracy_gap,
                "differing": self.differing, "accuracy_differs": self.accuracy_differs, "notes": self.notes}


def compared_by_problem(a: Run, b: Run) -> bool:
    """Whether two runs are compared by problem: both evaluation runs, one of them with several samples of a
    problem (with one sample each, pairing by sample index is pairing by problem, and the 2x2 matrix says more)."""
    if a.kind != "eval" or b.kind != "eval":
        return False
    return any(len(rows) > 1 for run in (a, b) for rows in by_problem(run).values())


def problem_agreements(runs: Sequence[Run], stats: Optional[Sequence[List[ProblemStats]]] = None
                       ) -> List[ProblemAgreement]:
    """The first run compared by problem with each other run for which :func:`compared_by_problem` holds."""
    if len(runs) < 2:
        return []
    stats = list(stats) if stats is not None else [problem_stats(r) for r in runs]
    out = []
    for i, run in enumerate(runs[1:], 1):
        if compared_by_problem(runs[0], run):
            out.append(_compare(runs[0], stats[0], run, stats[i], i))
    return out


def _compare(a: Run, a_stats: List[ProblemStats], b: Run, b_stats: List[ProblemStats], b_run: int
             ) -> ProblemAgreement:
    same = _Same(a)
    b_by_key = {p.key: p for p in b_stats}
    result = ProblemAgreement(f"{a.name} against {b.name}, by problem", a.name, b.name, b_run, {}, {}, {})
    for p in a_stats:
        q = b_by_key.get(p.key)
        if q is None:
            result.only_a += 1
            continue
        overlap, same_top = _agreement(a, p, b, q, same)
        result.overlap[p.key] = overlap
        result.same_majority[p.key] = same_top
        result.accuracy[p.key] = (p.accuracy, q.accuracy)
    result.only_b = sum(1 for q in b_stats if q.key not in result.overlap)
    if result.only_a or result.only_b:
        result.notes.append(f"{result.only_a} problems only in {a.name}, {result.only_b} only in {b.name}: "
                            f"compared on the {result.problems} they share")
    return result


def _agreement(a: Run, p: ProblemStats, b: Run, q: ProblemStats, same: "_Same") -> Tuple[float, bool]:
    """One problem's answer agreement and whether its most common answers are the same."""
    matched: Dict[int, int] = {}  # index of q's cluster -> index of p's
    for j, cq in enumerate(q.clusters):
        if not cq.vote:
            continue
        for i, cp in enumerate(p.clusters):
            if cp.vote and i not in matched.values() and same(a.samples[cp.first], b.samples[cq.first]):
                matched[j] = i
                break
    overlap = sum(min(p.clusters[i].samples / p.samples, q.clusters[j].samples / q.samples)
                  for j, i in matched.items())
    p_none = sum(c.samples for c in p.clusters if not c.vote)
    q_none = sum(c.samples for c in q.clusters if not c.vote)
    overlap += min(p_none / p.samples, q_none / q.samples)
    top_p = _top(p)
    top_q = {matched.get(j, -1 - j) for j in _top(q)}  # an unmatched answer matches nothing of p's
    return min(1.0, overlap), top_p == top_q


def _top(p: ProblemStats) -> set:
    """The indexes of a problem's most common answers (several when tied; none when no sample votes)."""
    voting = [c.samples for c in p.clusters if c.vote]
    most = max(voting, default=0)
    return {i for i, c in enumerate(p.clusters) if c.vote and c.samples == most}


class _Same:
    """Whether two samples (of two runs) gave the same answer: identical values as read, else values that compare
    equivalent in either direction (read again from the answers' text, with the first run's policy and time limit),
    else, for answers that could not be read, the same text less whitespace."""

    def __init__(self, run: Run) -> None:
        from ..options import Options, Policy

        policy: Policy = "reward" if run.config.get("policy") == "reward" else "eval"
        timeout = run.config.get("timeout")
        self.options = Options(policy=policy, timeout=float(timeout) if isinstance(timeout, (int, float)) and
                               timeout > 0 else 5.0)
        self._values: Dict[str, Any] = {}

    def __call__(self, x: Sample, y: Sample) -> bool:
        if x.answer_value is not None and x.answer_value == y.answer_value:
            return True
        if x.extracted is None or y.extracted is None:
            return False
        vx, vy = self._value(x.extracted), self._value(y.extracted)
        if vx is None or vy is None:
            return vx is None and vy is None and "".join(x.extracted.split()) == "".join(y.extracted.split())
        from ..compare import compare
        from ..limits import Deadline

        deadline = Deadline(self.options.timeout)
        try:
            return compare(vx, vy, self.options, deadline).equal or compare(vy, vx, self.options, deadline).equal
        except Exception:  # noqa: BLE001 - a time limit or a failure to compare: not shown the same
            return False

    def _value(self, text: str) -> Any:
        if text not in self._values:
            from .._read import read

            try:
                self._values[text] = read(text).value
            except Exception:  # noqa: BLE001 - an answer that cannot be read is compared as text
                self._values[text] = None
        return self._values[text]


# --- for the page ----------------------------------------------------------------------------------------------


def problems_payload(runs: Sequence[Run], stats: Sequence[List[ProblemStats]],
                     comparisons: Sequence[ProblemAgreement]) -> Optional[Dict[str, Any]]:
    """The per-problem table the page embeds (None when no run is an evaluation run): ``keys``, every problem in
    order of first appearance over the runs; per run, columns aligned with ``keys`` (None where the run lacks the
    problem): ``samples``, ``correct``, ``solved`` and ``majority`` (0/1), ``clusters`` (``[first, samples, vote]``
    each, ``first`` a row index of the whole report); per comparison, ``overlap`` and ``same`` (0/1)."""
    if not any(stats):
        return None
    keys: List[str] = []
    seen = set()
    for run_stats in stats:
        for p in run_stats:
            if p.key not in seen:
                seen.add(p.key)
                keys.append(p.key)
    offset = 0
    per_run = []
    for run, run_stats in zip(runs, stats):
        mine = {p.key: p for p in run_stats}
        ps = [mine.get(k) for k in keys]
        per_run.append({
            "samples": [p.samples if p else None for p in ps],
            "correct": [p.correct if p else None for p in ps],
            "solved": [int(p.solved) if p else None for p in ps],
            "majority": [int(p.majority) if p else None for p in ps],
            "clusters": [[[offset + c.first, c.samples, int(c.vote)] for c in p.clusters] if p else None
                         for p in ps]})
        offset += len(run.samples)
    compared = [{"b_run": c.b_run, "overlap": [c.overlap.get(k) for k in keys],
                 "same": [None if k not in c.same_majority else int(c.same_majority[k]) for k in keys]}
                for c in comparisons]
    return {"keys": keys, "runs": per_run, "comparisons": compared}
