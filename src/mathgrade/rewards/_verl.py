"""verl reward functions: ``reward.custom_reward_function`` with ``path`` and ``name``.

verl (0.9: its reward loop) calls ``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)``
once per response (``solution_str`` is the decoded response, without the prompt), from an asyncio task per item:
a coroutine function is awaited, a plain function runs in the loop's executor. It adds the config's
``reward.custom_reward_function.reward_kwargs`` as keyword arguments and, when a reward model router is set, two of
its own (``reward_router_address``, ``reward_model_tokenizer``). A dict result must hold ``score``; verl logs its
other keys (``acc``, ``pred``, ``status`` here) per response, and its validation metrics vote on ``pred`` for
maj@N — so ``pred`` is a canonical form of the answer (:func:`canonical_pred`): equal answers vote together.

Versions of verl before the reward loop had a ``batch`` reward manager calling ``compute_score(data_sources=...,
solution_strs=..., ground_truths=..., extra_infos=..., **reward_kwargs)`` once per batch: :func:`compute_score_batch`,
kept for them (verl 0.9 has no ``batch`` manager).
"""

from __future__ import annotations

import asyncio
import functools
import warnings
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from ..options import Options
from ..values import Number
from ..verdict import Verdict
from ._core import Reward, Scored, make_reward, problem_of

__all__ = ["compute_score", "compute_score_async", "compute_score_batch", "canonical_pred"]

_REWARD_KEYS = frozenset({"correct", "incorrect", "formatted"} | set(Options.__dataclass_fields__))
"""Keyword arguments (``reward_kwargs``) that set the reward: its values and the grading options."""
_FRAMEWORK_KEYS = frozenset({"reward_router_address", "reward_model_tokenizer"})
"""Keyword arguments verl adds itself, ignored."""
_warned: Set[str] = set()


def compute_score(data_source: Any, solution_str: Optional[str], ground_truth: Any, extra_info: Any = None,
                  **kwargs: Any) -> Dict[str, Any]:
    """verl reward for one response: ``{"score", "acc", "pred", "status"}``.

    ``score`` is the reward (1.0 correct, 0.0 otherwise; set ``correct``, ``incorrect``, ``formatted`` and grading
    options such as ``timeout`` in ``reward.custom_reward_function.reward_kwargs``), ``acc`` whether the answer is
    right, ``pred`` the answer in a canonical form (:func:`canonical_pred`; "" if none), ``status`` the verdict's
    status. A gold answer that cannot be read scores ``incorrect`` with status ``invalid_gold``. The problem's text
    is taken from ``extra_info`` (its key ``problem``, ``question`` or ``prompt``) when it is there.
    ``data_source`` is not used.
    """
    reward = _reward(_settings(kwargs))
    return _result(reward.score([solution_str], [_plain(ground_truth)], problems=[problem_of(extra_info)])[0], reward)


async def compute_score_async(data_source: Any, solution_str: Optional[str], ground_truth: Any,
                              extra_info: Any = None, **kwargs: Any) -> Dict[str, Any]:
    """:func:`compute_score` as a coroutine function (``reward.custom_reward_function.name=compute_score_async``):
    verl's reward loop awaits it; the grading runs on a thread, so the loop goes on with other items meanwhile."""
    return await asyncio.to_thread(compute_score, data_source, solution_str, ground_truth, extra_info, **kwargs)


def compute_score_batch(data_sources: Sequence[Any], solution_strs: Sequence[Optional[str]],
                        ground_truths: Sequence[Any], extra_infos: Optional[Sequence[Any]] = None,
                        **kwargs: Any) -> List[Dict[str, Any]]:
    """verl reward for a batch, for versions of verl before 0.9 (``reward_model.reward_manager=batch``; verl 0.9
    has no such manager): one :func:`compute_score` dict per response."""
    reward = _reward(_settings(kwargs))
    problems = [problem_of(info) for info in extra_infos] if extra_infos is not None else None
    scored = reward.score(list(solution_strs), [_plain(g) for g in ground_truths], problems=problems)
    return [_result(s, reward) for s in scored]


def canonical_pred(verdict: Verdict) -> str:
    """The answer of ``verdict`` as verl's maj@N should see it: every answer equivalent to the gold gets the gold's
    canonical form (so ``\\frac34``, ``0.75`` and ``3/4`` are one vote when the gold is 3/4); another answer its
    value's canonical form (numbers as exact fractions), or its text without spaces when it could not be read; no
    answer gives "". A wrong answer never shares the correct answers' form: where it would (a refused unit, a
    rounding), its rule is added (``0.75 [unit.mismatch]``)."""
    value = verdict.gold_value
    gold = _canonical(value) if value is not None else "".join(verdict.gold.split())
    if verdict.correct:
        return gold
    if verdict.answer_value is not None:
        text = _canonical(verdict.answer_value)
    elif verdict.answer is not None:
        text = "".join(verdict.answer.text.split())
    else:
        return ""
    return f"{text} [{verdict.rule}]" if text == gold else text


def _canonical(value: Any) -> str:
    """A value written one way: a number as its exact fraction (``0.75`` and ``\\frac34`` are ``3/4``), anything
    else as mathgrade renders it."""
    if isinstance(value, Number):
        return str(Number(value.value, None, value.percent, value.degrees))
    return str(value)


def _result(scored: Scored, reward: Reward) -> Dict[str, Any]:
    verdict = scored.verdict
    return {"score": reward.incorrect if scored.reward is None else scored.reward, "acc": verdict.correct,
            "pred": canonical_pred(verdict), "status": verdict.status.value}


def _plain(gold: Any) -> Any:
    """A NumPy scalar gold answer (verl keeps dataset columns in NumPy arrays) as the Python value it holds."""
    if not isinstance(gold, (str, int, float)) and getattr(gold, "ndim", None) == 0 and hasattr(gold, "item"):
        return gold.item()
    return gold


def _settings(kwargs: Dict[str, Any]) -> Tuple[Tuple[str, Any], ...]:
    for key in kwargs:
        if key not in _REWARD_KEYS and key not in _FRAMEWORK_KEYS and key not in _warned:
            _warned.add(key)
            warnings.warn(f"mathgrade.rewards.compute_score ignores the keyword argument {key!r}; it knows "
                          f"{', '.join(sorted(_REWARD_KEYS))}", RuntimeWarning, stacklevel=3)
    return tuple(sorted((k, v) for k, v in kwargs.items() if k in _REWARD_KEYS))


@functools.lru_cache(maxsize=32)
def _reward(settings: Tuple[Tuple[str, Any], ...]) -> Reward:
    """The reward for these settings, built (and checked) once."""
    return make_reward(**dict(settings))
