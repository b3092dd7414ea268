"""verl reward functions: ``custom_reward_function`` with ``path`` and ``name``.

verl's reward managers call ``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)``
for each response (``solution_str`` is the decoded response, without the prompt), adding the config's
``custom_reward_function.reward_kwargs`` as keyword arguments, and, in the reward loop, a few of its own
(``reward_router_address``, ``reward_model_tokenizer``). A dict result must hold ``score``; verl logs its other keys
(``acc``, ``pred``, ``status`` here) per response. The ``batch`` reward manager calls
``compute_score(data_sources=..., solution_strs=..., ground_truths=..., extra_infos=..., **reward_kwargs)`` once per
batch and wants a list.
"""

from __future__ import annotations

import functools
import warnings
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from ..options import Options
from ._core import Reward, Scored, make_reward

__all__ = ["compute_score", "compute_score_batch"]

_REWARD_KEYS = frozenset({"correct", "incorrect", "formatted"} | set(Options.__dataclass_fields__))
"""Keyword arguments (``reward_kwargs``) that set the reward: its values and the grading options."""
_FRAMEWORK_KEYS = frozenset({"reward_router_address", "reward_model_tokenizer"})
"""Keyword arguments verl adds itself, ignored."""
_warned: Set[str] = set()


def compute_score(data_source: Any, solution_str: Optional[str], ground_truth: Any, extra_info: Any = None,
                  **kwargs: Any) -> Dict[str, Any]:
    """verl reward for one response: ``{"score", "acc", "pred", "status"}``.

    ``score`` is the reward (1.0 correct, 0.0 otherwise; set ``correct``, ``incorrect``, ``formatted`` and grading
    options such as ``timeout`` in ``custom_reward_function.reward_kwargs``), ``acc`` whether the answer is right,
    ``pred`` the extracted answer ("" if none), ``status`` the verdict's status. A gold answer that cannot be read
    scores ``incorrect`` with status ``invalid_gold``. ``data_source`` and ``extra_info`` are not used.
    """
    reward = _reward(_settings(kwargs))
    return _result(reward.score([solution_str], [_plain(ground_truth)])[0], reward)


def compute_score_batch(data_sources: Sequence[Any], solution_strs: Sequence[Optional[str]],
                        ground_truths: Sequence[Any], extra_infos: Optional[Sequence[Any]] = None,
                        **kwargs: Any) -> List[Dict[str, Any]]:
    """verl reward for a batch (``reward_manager=batch``): one :func:`compute_score` dict per response."""
    reward = _reward(_settings(kwargs))
    scored = reward.score(list(solution_strs), [_plain(g) for g in ground_truths])
    return [_result(s, reward) for s in scored]


def _result(scored: Scored, reward: Reward) -> Dict[str, Any]:
    verdict = scored.verdict
    return {"score": reward.incorrect if scored.reward is None else scored.reward, "acc": verdict.correct,
            "pred": verdict.answer.text if verdict.answer else "", "status": verdict.status.value}


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
