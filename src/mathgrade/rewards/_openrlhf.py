"""OpenRLHF rewards: the request and response of a remote reward (``--reward.remote_url``).

OpenRLHF sends ``{"query": [...], "prompts": [...], "labels": [...]}``: each query is the prompt followed by the
response (decoded from the tokens, special tokens kept), each label the gold answer. It reads back ``rewards`` (used
for the advantages), ``scores`` (0 to 1, used for dynamic filtering) and ``extra_logs`` (per-row values it logs).
The same function serves a local reward file (``--reward.remote_url reward.py`` with ``reward_func``) and
``mathgrade serve``'s ``POST /reward``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from ..verdict import Status, Verdict
from ._core import Reward, Scored, make_reward

__all__ = ["reward_func", "response_of", "openrlhf_body", "openrlhf_inputs"]

_DEFAULT = make_reward()
_FAILED = frozenset({Status.TIMEOUT, Status.ERROR})
_UNANSWERED = frozenset({Status.NO_ANSWER, Status.AMBIGUOUS})


def reward_func(queries: Sequence[str], prompts: Sequence[str], labels: Sequence[Any],
                **kwargs: Any) -> Dict[str, Any]:
    """OpenRLHF reward function (``reward_func(queries, prompts, labels)``): rewards 1.0/0.0 by the ``reward``
    policy, graded in this process. Returns ``{"rewards", "scores", "extra_logs"}`` as lists, one item per query."""
    responses, golds = openrlhf_inputs(queries, prompts, labels)
    return openrlhf_body(_DEFAULT.score(responses, golds), responses, _DEFAULT)


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


def openrlhf_body(scored: List[Scored], responses: Sequence[Optional[str]], reward: Reward) -> Dict[str, Any]:
    """The JSON body OpenRLHF reads back. A row whose prompt was not found in its query (``responses[i] is None``)
    gets the ``incorrect`` reward and counts as an error."""
    rows = [s if response is not None else Scored(None, _not_found(s.verdict.gold))
            for s, response in zip(scored, responses)]
    rewards = [reward.incorrect if s.reward is None else s.reward for s in rows]
    return {
        "rewards": rewards,
        "scores": [1.0 if s.verdict.correct else 0.0 for s in rows],
        "extra_logs": {
            "correct": [1.0 if s.verdict.correct else 0.0 for s in rows],
            "answered": [0.0 if s.verdict.status in _UNANSWERED else 1.0 for s in rows],
            "grading_failed": [1.0 if s.verdict.status in _FAILED else 0.0 for s in rows],
        },
    }


def _not_found(gold: str) -> Verdict:
    return Verdict(False, Status.ERROR, "the query does not contain its prompt, so its response is unknown",
                   "input.prompt", gold, error="ValueError: prompt not found in query")
