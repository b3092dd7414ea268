"""OpenRLHF rewards: the request and response of a remote reward (``--reward.remote_url``).

OpenRLHF sends ``{"query": [...], "prompts": [...], "labels": [...]}``: each query is the prompt followed by the
response (decoded from the tokens, special tokens kept), each label the gold answer. It reads back ``rewards`` (used
for the advantages), ``scores`` (0 to 1, used for dynamic filtering) and ``extra_logs`` (per-row values it logs).
The same function serves a local reward file (``--reward.remote_url reward.py`` with ``reward_func``) and
``mathgrade serve``'s ``POST /reward``. Each row's prompt is passed on to :func:`mathgrade.grade` as the problem's text.

OpenRLHF turns each ``extra_logs`` value into a per-sample tensor and merges the samples' logs key by key, so every
response carries the same keys (a key missing from some samples would break the merge): refusals are one key,
``refused``, per row; their counts by rule name are in the response's ``refusals`` and in the server's metrics.
"""

from __future__ import annotations

import warnings
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..verdict import Status, Verdict
from ._core import Plan, Reward, Scored, make_reward, refusal, refusals

__all__ = ["reward_func", "response_of", "openrlhf_body", "openrlhf_inputs", "openrlhf_plan", "EXTRA_LOGS"]

_DEFAULT = make_reward()
_FAILED = frozenset({Status.TIMEOUT, Status.ERROR})
_UNANSWERED = frozenset({Status.NO_ANSWER, Status.AMBIGUOUS})
EXTRA_LOGS = ("correct", "answered", "grading_failed", "invalid_gold", "refused")
"""The keys of ``extra_logs``, the same for every row: 1.0 or 0.0 each (OpenRLHF logs their means)."""
_warned_invalid_gold = False


def reward_func(queries: Sequence[str], prompts: Sequence[str], labels: Sequence[Any],
                **kwargs: Any) -> Dict[str, Any]:
    """OpenRLHF reward function (``reward_func(queries, prompts, labels)``): rewards 1.0/0.0 by the ``reward``
    policy, graded in this process. Returns ``{"rewards", "scores", "extra_logs", "refusals"}``: lists with one item
    per query, and the refusals counted by rule. Warns once per process when labels are empty or missing
    (``invalid_gold``: is ``--data.label_key`` set?)."""
    global _warned_invalid_gold
    plan, responses = openrlhf_plan(_DEFAULT, queries, prompts, labels)
    body = openrlhf_body(plan.results(_grade(plan)), _DEFAULT)
    bad = sum(body["extra_logs"]["invalid_gold"])
    if bad and not _warned_invalid_gold:
        _warned_invalid_gold = True
        warnings.warn(invalid_gold_warning(int(bad), len(responses)), RuntimeWarning, stacklevel=2)
    return body


def _grade(plan: Plan) -> List[Verdict]:
    from ..batch import grade_many

    return list(grade_many(plan.pairs, workers=0, **plan.reward.grade_options()))


def invalid_gold_warning(bad: int, rows: int) -> str:
    """The warning for ``bad`` of ``rows`` rows whose label is empty or missing."""
    return (f"{bad} of {rows} rows have an empty or missing label (status invalid_gold, rewarded as incorrect): "
            "does the trainer send the gold answers? (OpenRLHF: --data.label_key NAME)")


def openrlhf_plan(reward: Reward, queries: Any, prompts: Any, labels: Any) -> Tuple[Plan, List[Optional[str]]]:
    """The grading plan of an OpenRLHF request, and each row's response (None where the prompt is not in the
    query: that row is decided at once, as an error). The prompts are passed on as the problems' texts. Raises
    ``ValueError`` saying which field is wrong."""
    responses, golds = openrlhf_inputs(queries, prompts, labels)
    decided = [None if response is not None else _not_found(gold) for response, gold in zip(responses, golds)]
    return reward.plan(responses, golds, problems=list(prompts), decided=decided), responses


def openrlhf_inputs(queries: Any, prompts: Any, labels: Any) -> "tuple[List[Optional[str]], List[Any]]":
    """The responses (each query without its prompt; None where the prompt is not found in the query) and the gold
    answers of an OpenRLHF request. Raises ``ValueError`` saying which field is wrong."""
    for name, value in (("query", queries), ("prompts", prompts), ("labels", labels)):
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"'{name}' must be a list, not {type(value).__name__}")
    if not len(queries) == len(prompts) == len(labels):
        raise ValueError(f"'query', 'prompts' and 'labels' must have the same length, not {len(queries)}, "
                         f"{len(prompts)} and {len(labels)}")
    for name, value in (("query", queries), ("prompts", prompts)):
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise ValueError(f"'{name}'[{i}] must be a string, not {type(item).__name__}")
    return [response_of(q, p) for q, p in zip(queries, prompts)], list(labels)


def response_of(query: str, prompt: str) -> Optional[str]:
    """The response in ``query``: what follows ``prompt``. The prompt may be preceded by other text (a
    beginning-of-sequence token) and its whitespace may differ (decoding the tokens again can change it). None when
    the prompt is not in the query."""
    if query.startswith(prompt):
        return query[len(prompt):]
    at = query.find(prompt)
    if at >= 0:
        return query[at + len(prompt):]
    end = _end_ignoring_whitespace(query, prompt)
    return None if end is None else query[end:]


def _end_ignoring_whitespace(query: str, prompt: str) -> Optional[int]:
    """Where ``prompt`` ends in ``query`` if the two agree from their starts except for whitespace, else None."""
    q = 0
    for ch in prompt:
        if ch.isspace():
            continue
        while q < len(query) and query[q].isspace():
            q += 1
        if q >= len(query) or query[q] != ch:
            return None
        q += 1
    return q


def openrlhf_body(scored: Sequence[Scored], reward: Reward) -> Dict[str, Any]:
    """The JSON body OpenRLHF reads back: ``rewards`` (a row without a reward, its gold unreadable, gets the
    ``incorrect`` value), ``scores`` (1.0 correct, else 0.0), ``extra_logs`` (:data:`EXTRA_LOGS`, one value per
    row) and ``refusals`` (rows refused, by rule name)."""
    verdicts = [s.verdict for s in scored]
    return {
        "rewards": [reward.incorrect if s.reward is None else s.reward for s in scored],
        "scores": [1.0 if v.correct else 0.0 for v in verdicts],
        "extra_logs": {
            "correct": [1.0 if v.correct else 0.0 for v in verdicts],
            "answered": [0.0 if v.status in _UNANSWERED else 1.0 for v in verdicts],
            "grading_failed": [1.0 if v.status in _FAILED else 0.0 for v in verdicts],
            "invalid_gold": [1.0 if v.status is Status.INVALID_GOLD else 0.0 for v in verdicts],
            "refused": [0.0 if refusal(v) is None else 1.0 for v in verdicts],
        },
        "refusals": refusals(verdicts),
    }


def _not_found(gold: Any) -> Verdict:
    return Verdict(False, Status.ERROR, "the query does not contain its prompt, so its response is unknown",
                   "input.prompt", "" if gold is None else str(gold)[:200],
                   error="ValueError: prompt not found in query")
