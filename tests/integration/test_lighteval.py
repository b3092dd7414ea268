"""lighteval computes mathgrade's metrics as it computes its own: each metric's ``compute_sample`` (what lighteval's
pipeline calls per sample) on lighteval's ``Doc`` and ``ModelResponse``, and the corpus aggregation it declares.

Installed by ``.ci/steps/80-inspect-lighteval.sh``; skipped with a message when lighteval is missing.
"""

from __future__ import annotations

from typing import Any, List

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.integration]

pytest.importorskip("lighteval", reason="needs lighteval: pip install lighteval (.ci/steps/80-inspect-lighteval.sh)")

from lighteval.metrics.metrics_sample import MajAtN  # noqa: E402
from lighteval.models.model_output import ModelResponse  # noqa: E402
from lighteval.tasks.requests import Doc  # noqa: E402

from mathgrade.integrations.lighteval import maj_at_k, mathgrade_metric, pass_at_k  # noqa: E402


def _doc(gold: str, problem: str = "") -> Any:
    return Doc(query=f"Problem: {problem}\nAnswer:", choices=[gold], gold_index=0,
               specific={"problem": problem} if problem else None)


def _sample(metric: Any, doc: Any, texts: List[str]) -> float:
    out = metric.compute_sample(doc=doc, model_response=ModelResponse(text=texts))
    [(name, value)] = out.items()
    assert name == metric.metric_name
    return float(value)


def test_the_sample_level_metric() -> None:
    metric = mathgrade_metric()
    assert _sample(metric, _doc("\\frac{1}{2}"), ["So it is $\\boxed{0.5}$."]) == 1.0
    assert _sample(metric, _doc("\\frac{1}{2}"), ["So it is $\\boxed{0.3}$."]) == 0.0
    assert _sample(metric, _doc("B", "How many? (A) 36 (B) 42 (C) 48"), ["So $\\boxed{42}$."]) == 1.0
    assert _sample(metric, _doc("B"), ["So $\\boxed{42}$."]) == 0.0  # without the problem, 42 is not B
    aggregate = metric.get_corpus_aggregations()[metric.metric_name]
    assert aggregate([1.0, 0.0, 1.0, 0.0]) == pytest.approx(0.5)


def test_pass_at_k_decides_each_sample_with_mathgrade() -> None:
    texts = ["$\\boxed{0.3}$", "$\\boxed{\\frac12}$", "$\\boxed{0.25}$", "$\\boxed{0.3}$"]
    assert _sample(pass_at_k(k=1, n=4), _doc("0.5"), texts) == pytest.approx(0.25)
    assert _sample(pass_at_k(k=4, n=4), _doc("0.5"), texts) == pytest.approx(1.0)
    assert _sample(pass_at_k(k=2, n=4), _doc("0.5"), ["$\\boxed{1}$"] * 4) == 0.0


def test_maj_at_k_votes_by_equivalence_where_lightevals_own_counts_strings() -> None:
    texts = ["$\\boxed{0.3}$", "$\\boxed{\\frac12}$", "$\\boxed{0.5}$", "$\\boxed{0.3}$", "$\\boxed{1/2}$"]
    doc = _doc("\\frac{1}{2}")
    assert _sample(maj_at_k(n=5), doc, texts) == 1.0  # 1/2 has three votes
    theirs = MajAtN(n=5, sample_scoring_function=lambda doc, model_response: 1.0 if "frac12" in
                    model_response.final_text[0] else 0.0)
    assert theirs.compute(doc=doc, model_response=ModelResponse(text=texts)) == 0.0  # "0.3" won by exact strings
    assert _sample(maj_at_k(n=5), doc, ["$\\boxed{3}$", "$\\boxed{3.0}$", "$\\boxed{0.5}$", "no", "no"]) == 0.0
