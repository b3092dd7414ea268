"""The lighteval metric classes of :mod:`mathgrade.integrations.lighteval` (this module imports lighteval)."""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from lighteval.metrics.metrics_sample import PassAtK, SampleLevelComputation
from lighteval.metrics.utils.metric_utils import SampleLevelMetric
from lighteval.tasks.requests import SamplingMethod

from ..evaluation.metrics import AnswerClusters
from ..grader import grade
from ..options import make_options
from ..verdict import Verdict

__all__ = ["MathgradeMatch", "MathgradeMajAtN", "mathgrade_metric", "pass_at_k", "maj_at_k"]


class MathgradeMatch(SampleLevelComputation):
    """A sample's first prediction graded against the doc's gold answer: 1.0 correct, else 0.0. Keyword arguments
    are grading options (``policy``, ``timeout``...), checked now."""

    def __init__(self, **options: Any) -> None:
        make_options(**options)
        self.options = options

    def compute(self, doc: Any, model_response: Any, **kwargs: Any) -> float:
        texts = model_response.final_text
        return 1.0 if _grade(texts[0] if texts else "", doc, self.options).correct else 0.0


class MathgradeMajAtN(SampleLevelComputation):
    """maj@n: the first ``n`` predictions are grouped by mathgrade equivalence of their answers; the largest group's
    first prediction (a tie goes to the group seen first) is graded. Predictions without an answer do not vote."""

    def __init__(self, n: Optional[int] = None, **options: Any) -> None:
        self.n = n
        self.options = options
        self._opts = make_options(**options)
        self.attribute_must_be_set = ["n"]

    def compute(self, doc: Any, model_response: Any, **kwargs: Any) -> float:
        texts = list(model_response.final_text)[: self.n]
        clusters = AnswerClusters(self._opts)
        counts: Dict[int, int] = {}
        first: Dict[int, Verdict] = {}
        for text in texts:
            verdict = _grade(text, doc, self.options)
            cluster = clusters.add(verdict)
            if cluster is not None:
                counts[cluster] = counts.get(cluster, 0) + 1
                first.setdefault(cluster, verdict)
        if not counts:
            return 0.0
        best = max(counts, key=lambda c: (counts[c], -c))
        return 1.0 if first[best].correct else 0.0

    def num_samples(self) -> int:
        return self.n or 1


def mathgrade_metric(**options: Any) -> SampleLevelMetric:
    """The sample-level metric ``mathgrade`` (mean over the corpus)."""
    return SampleLevelMetric(metric_name="mathgrade", higher_is_better=True, category=SamplingMethod.GENERATIVE,
                             sample_level_fn=MathgradeMatch(**options), corpus_level_fn=np.mean)


def pass_at_k(k: int, n: Optional[int] = None, **options: Any) -> SampleLevelMetric:
    """``mathgrade_pass@k:k=K&n=N``: lighteval's unbiased pass@k over ``n`` samples, each decided by mathgrade."""
    fn = PassAtK(k=k, n=n, sample_scoring_function=MathgradeMatch(**options))
    return SampleLevelMetric(metric_name=f"mathgrade_pass@k:k={k}&n={n}", higher_is_better=True,
                             category=SamplingMethod.GENERATIVE, sample_level_fn=fn, corpus_level_fn=np.mean)


def maj_at_k(n: int, **options: Any) -> SampleLevelMetric:
    """``mathgrade_maj@n:n=N``: majority voting over ``n`` samples by mathgrade equivalence."""
    return SampleLevelMetric(metric_name=f"mathgrade_maj@n:n={n}", higher_is_better=True,
                             category=SamplingMethod.GENERATIVE, sample_level_fn=MathgradeMajAtN(n=n, **options),
                             corpus_level_fn=np.mean)


def _grade(text: Any, doc: Any, options: Dict[str, Any]) -> Verdict:
    golds = doc.get_golds()
    gold = golds[0] if golds else ""
    specific = getattr(doc, "specific", None) or {}
    problem = specific.get("problem") or specific.get("question")
    return grade(text if isinstance(text, str) else "", gold, problem=problem if isinstance(problem, str) else None,
                 **options)
