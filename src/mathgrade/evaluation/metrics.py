"""Metrics of an evaluation: accuracy, pass@k (unbiased), maj@k over answers clustered by mathgrade equivalence.

:class:`AnswerClusters` groups one problem's answers as they come (sample 0, 1, ...): an answer joins the first
cluster whose first answer it is equivalent to, else starts a new one, so a sample's cluster depends only on the
samples before it and is known as soon as it is graded. :class:`Scoreboard` takes the graded samples of one problem
after another and keeps only counts and a few numbers per problem, so its memory does not grow with the samples'
text; :meth:`Scoreboard.results` gives the ``results.json`` object (documented in docs/eval.md).

Standard errors: accuracy's is the standard deviation of the problems' own accuracies over √problems (the samples of
one problem are not independent); pass@k's and maj@k's come from a bootstrap over problems
(:func:`bootstrap_stderr`: :data:`BOOTSTRAP_RESAMPLES` resamples drawn with the fixed seed :data:`BOOTSTRAP_SEED`,
so the same samples always give the same numbers), for the k of :func:`reported_ks`.
"""

from __future__ import annotations

import math
import random
from array import array
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, Hashable, List, Optional, Sequence, Tuple

from ..options import Options
from ..verdict import Status, Verdict

__all__ = ["pass_at_k", "majority_correct", "AnswerClusters", "Scoreboard", "SampleOutcome", "percentile",
           "REQUEST_ERROR", "bootstrap_stderr", "reported_ks", "BOOTSTRAP_RESAMPLES", "BOOTSTRAP_SEED"]

REQUEST_ERROR = "request_error"
"""The status of a sample whose request failed for good (no response to grade)."""
BOOTSTRAP_RESAMPLES = 1000
"""Resamples of the problems drawn for the standard errors of pass@k and maj@k."""
BOOTSTRAP_SEED = 0
"""The seed of those draws (fixed: the same samples give the same standard errors)."""


def reported_ks(n: int) -> List[int]:
    """The k for which pass@k and maj@k get a standard error (and a row of the summary table): the powers of two up
    to ``n``, and ``n``."""
    ks = [k for k in (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024) if k <= n]
    return ks + ([n] if n and n not in ks else [])


def bootstrap_stderr(values: Dict[str, Sequence[float]], resamples: int = BOOTSTRAP_RESAMPLES,
                     seed: int = BOOTSTRAP_SEED) -> Dict[str, Optional[float]]:
    """The bootstrap standard error of the mean of each list of per-problem values (the lists are of one length,
    problem i at index i): the standard deviation of the means of ``resamples`` resamples of the problems, drawn
    with replacement, the same problems for every list. None for fewer than 2 problems."""
    sizes = {len(v) for v in values.values()}
    if not values or len(sizes) != 1 or min(sizes) < 2:
        return {key: None for key in values}
    count = sizes.pop()
    rng = random.Random(seed)
    population = range(count)
    means: Dict[str, List[float]] = {key: [] for key in values}
    for _ in range(resamples):
        drawn = rng.choices(population, k=count)
        for key, column in values.items():
            means[key].append(sum(map(column.__getitem__, drawn)) / count)
    return {key: _sd(m) for key, m in means.items()}


def _sd(values: Sequence[float]) -> Optional[float]:
    """The sample standard deviation (None for fewer than 2 values)."""
    m = len(values)
    if m < 2:
        return None
    mean = sum(values) / m
    return math.sqrt(max(0.0, sum((v - mean) ** 2 for v in values) / (m - 1)))


def pass_at_k(n: int, c: int, k: int) -> float:
    """The unbiased estimate of pass@k from ``n`` samples of which ``c`` are correct (Chen et al. 2021):
    ``1 - C(n-c, k) / C(n, k)``, computed as ``1 - prod_{i=n-c+1}^{n} (1 - k/i)`` so that no huge binomial is
    formed (exact for any n, no overflow)."""
    if not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n, not n={n}, c={c}, k={k}")
    if n - c < k:
        return 1.0
    prod = 1.0
    for i in range(n - c + 1, n + 1):
        prod *= 1.0 - k / i
    return 1.0 - prod


def majority_correct(clusters: Sequence[Optional[int]], correct: Sequence[bool]) -> List[bool]:
    """maj@k of one problem for every k from 1 to ``len(clusters)``: whether the majority answer among the first k
    samples is correct.

    ``clusters[i]`` is sample i's answer cluster (None: no vote), ``correct[i]`` its verdict. The largest cluster
    wins; a tie goes to the cluster seen first (the lower index); the winner is correct when its first sample is.
    A problem with no vote among the first k is not solved.
    """
    counts: Counter = Counter()
    first: Dict[int, int] = {}
    best: Optional[int] = None
    out: List[bool] = []
    for i, cluster in enumerate(clusters):
        if cluster is not None:
            counts[cluster] += 1
            first.setdefault(cluster, i)
            if best is None or (counts[cluster], -cluster) > (counts[best], -best):
                best = cluster
        out.append(best is not None and bool(correct[first[best]]))
    return out


class AnswerClusters:
    """One problem's answers grouped into clusters of equivalent answers, numbered in order of first appearance.

    An answer read into a value joins the first cluster whose first value is equivalent to it in either direction
    (``compare(a, b)`` or ``compare(b, a)``, with the grading options); an answer that could not be read is compared
    as text (whitespace removed). Identical values are found by hashing, so only distinct answers are compared.
    """

    def __init__(self, options: Options) -> None:
        self.options = options
        self._firsts: List[Tuple[str, Any]] = []
        self._known: Dict[Hashable, int] = {}

    def add(self, verdict: Verdict) -> Optional[int]:
        """The cluster of a sample's answer, or None when the sample has no answer that can vote."""
        vote = _vote(verdict)
        if vote is None:
            return None
        try:
            known = self._known.get(vote)
        except TypeError:  # a value that cannot be hashed: compare it
            known = None
        if known is not None:
            return known
        index = next((i for i, f in enumerate(self._firsts) if self._same(vote, f)), None)
        if index is None:
            index = len(self._firsts)
            self._firsts.append(vote)
        try:
            self._known[vote] = index
        except TypeError:
            pass
        return index

    def _same(self, a: Tuple[str, Any], b: Tuple[str, Any]) -> bool:
        if a[0] != b[0]:
            return False
        if a[0] == "text":
            return bool(a[1] == b[1])
        from ..compare import compare
        from ..limits import Deadline

        deadline = Deadline(self.options.timeout)
        try:
            return compare(a[1], b[1], self.options, deadline).equal or \
                compare(b[1], a[1], self.options, deadline).equal
        except Exception:  # noqa: BLE001 - a time limit or a failure to compare: not shown equivalent
            return False


def _vote(verdict: Verdict) -> Optional[Tuple[str, Any]]:
    """What a sample votes for: ``("value", value)``, ``("text", text)``, or None (no answer, ambiguous, timeout...)."""
    if verdict.answer_value is not None:
        return ("value", verdict.answer_value)
    if verdict.answer is not None and verdict.status in (Status.CORRECT, Status.INCORRECT, Status.UNPARSABLE):
        return ("text", "".join(verdict.answer.text.split()))
    return None


def percentile(sorted_values: Sequence[float], q: float) -> Optional[float]:
    """The ``q``-th percentile (0-100) of sorted values, by linear interpolation between closest ranks."""
    if not sorted_values:
        return None
    pos = (len(sorted_values) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


@dataclass
class SampleOutcome:
    """What the scoreboard keeps of one graded sample."""

    status: str
    correct: bool
    cluster: Optional[int]
    finish_reason: Optional[str] = None
    prompt_tokens: Optional[int] = None
    completion_tokens: Optional[int] = None
    latency_s: Optional[float] = None
    cached: bool = False


@dataclass
class _Group:
    """Sums over the problems of a group (the whole task, a subject, a level)."""

    problems: int = 0
    samples: int = 0
    correct: int = 0
    min_n: Optional[int] = None
    pass_sums: List[float] = field(default_factory=list)
    maj_sums: List[float] = field(default_factory=list)
    accuracies: "array[float]" = field(default_factory=lambda: array("d"))

    def add(self, n: int, c: int, passes: Sequence[float], majs: Sequence[bool]) -> None:
        self.problems += 1
        self.accuracies.append(c / n)
        self.samples += n
        self.correct += c
        self.min_n = n if self.min_n is None else min(self.min_n, n)
        for sums, values in ((self.pass_sums, passes), (self.maj_sums, majs)):
            sums.extend([0.0] * (len(values) - len(sums)))
            for i, v in enumerate(values):
                sums[i] += float(v)

    def per_k(self, sums: Sequence[float]) -> Dict[str, float]:
        """``{"1": mean, ...}`` for every k that every problem of the group has."""
        return {str(k): sums[k - 1] / self.problems for k in range(1, (self.min_n or 0) + 1)}

    def summary(self) -> Dict[str, Any]:
        return {"problems": self.problems, "samples": self.samples,
                "accuracy": self.correct / self.samples if self.samples else None,
                "accuracy_stderr": _stderr(self.accuracies), "pass_at_k": self.per_k(self.pass_sums),
                "maj_at_k": self.per_k(self.maj_sums)}


class Scoreboard:
    """Accumulates the graded samples of a run, one problem at a time, into the metrics of ``results.json``."""

    def __init__(self) -> None:
        self.total = _Group()
        self.by_subject: Dict[str, _Group] = {}
        self.by_level: Dict[str, _Group] = {}
        self.statuses: Counter = Counter()
        self.cutoff = 0
        self.failed = 0
        self.cached = 0
        self._passes: List["array[float]"] = []
        self._majs: List[bytes] = []
        self._completion_tokens = array("q")
        self._latencies = array("d")
        self._prompt_total: Optional[int] = None
        self._completion_total: Optional[int] = None

    def add_problem(self, outcomes: Sequence[SampleOutcome], subject: Optional[str] = None,
                    level: Any = None) -> None:
        """Record one problem's graded samples, in sample order."""
        n = len(outcomes)
        if n == 0:
            return
        correct = [o.correct for o in outcomes]
        c = sum(correct)
        passes = [pass_at_k(n, c, k) for k in range(1, n + 1)]
        majs = majority_correct([o.cluster for o in outcomes], correct)
        groups = [self.total]
        if subject is not None:
            groups.append(self.by_subject.setdefault(str(subject), _Group()))
        if level is not None:
            groups.append(self.by_level.setdefault(str(level), _Group()))
        for g in groups:
            g.add(n, c, passes, majs)
        self._passes.append(array("d", passes))
        self._majs.append(bytes(majs))
        for o in outcomes:
            self._add_sample(o)

    def _add_sample(self, o: SampleOutcome) -> None:
        self.statuses[o.status] += 1
        if o.finish_reason == "length":
            self.cutoff += 1
        if o.status == REQUEST_ERROR:
            self.failed += 1
        if o.cached:
            self.cached += 1
        if o.prompt_tokens is not None:
            self._prompt_total = (self._prompt_total or 0) + o.prompt_tokens
        if o.completion_tokens is not None:
            self._completion_total = (self._completion_total or 0) + o.completion_tokens
            self._completion_tokens.append(o.completion_tokens)
        if o.latency_s is not None:
            self._latencies.append(o.latency_s)

    @property
    def accuracy(self) -> Optional[float]:
        return self.total.correct / self.total.samples if self.total.samples else None

    def results(self, task: str, model: Optional[str], wall_time_s: float) -> Dict[str, Any]:
        """The ``results.json`` object (schema version 1, see docs/eval.md)."""
        t = self.total
        samples = t.samples
        tokens = sorted(self._completion_tokens)
        latencies = sorted(self._latencies)
        return {
            "schema_version": 1,
            "task": task,
            "model": model,
            "problems": t.problems,
            "n": t.min_n or 0,
            "samples": samples,
            "accuracy": self.accuracy,
            "accuracy_stderr": _stderr(t.accuracies),
            "pass_at_k": t.per_k(t.pass_sums),
            "maj_at_k": t.per_k(t.maj_sums),
            **self._bootstrap(t.min_n or 0),
            "cutoff_share": self.cutoff / samples if samples else None,
            "no_answer_share": self.statuses.get(Status.NO_ANSWER.value, 0) / samples if samples else None,
            "status_counts": dict(sorted(self.statuses.items(), key=lambda kv: (-kv[1], kv[0]))),
            "by_subject": {k: g.summary() for k, g in sorted(self.by_subject.items())},
            "by_level": {k: g.summary() for k, g in sorted(self.by_level.items(), key=lambda kv: _level_order(kv[0]))},
            "tokens": {"prompt_total": self._prompt_total, "completion_total": self._completion_total,
                       "completion_p50": percentile(tokens, 50), "completion_p99": percentile(tokens, 99)},
            "latency_s": {"p50": percentile(latencies, 50), "p99": percentile(latencies, 99)},
            "wall_time_s": wall_time_s,
            "failed": self.failed,
            "cached": self.cached,
        }


    def _bootstrap(self, n: int) -> Dict[str, Any]:
        """``pass_at_k_stderr`` and ``maj_at_k_stderr`` for the k of :func:`reported_ks`, and how they were had."""
        ks = reported_ks(n)
        columns: Dict[str, Sequence[float]] = {}
        for k in ks:
            columns[f"pass {k}"] = array("d", (p[k - 1] for p in self._passes))
            columns[f"maj {k}"] = array("d", (m[k - 1] for m in self._majs))
        errors = bootstrap_stderr(columns)
        return {"pass_at_k_stderr": {str(k): errors[f"pass {k}"] for k in ks},
                "maj_at_k_stderr": {str(k): errors[f"maj {k}"] for k in ks},
                "bootstrap": {"resamples": BOOTSTRAP_RESAMPLES, "seed": BOOTSTRAP_SEED, "over": "problems"}}


def _stderr(values: Sequence[float]) -> Optional[float]:
    """The standard error of the mean of ``values`` (sample standard deviation / sqrt(count))."""
    m = len(values)
    if m < 2:
        return None
    mean = sum(values) / m
    var = sum((v - mean) ** 2 for v in values) / (m - 1)
    return math.sqrt(var / m)


def _level_order(name: str) -> Tuple[int, Any]:
    try:
        return (0, float(name))
    except ValueError:
        return (1, name)
