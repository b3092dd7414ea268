"""TRL reward functions (``GRPOTrainer``, ``RLOOTrainer``).

TRL calls every reward function with keyword arguments only: ``prompts``, ``completions``, ``completion_ids``, every
column of the dataset (one value per completion; its ``prompt`` column comes as ``prompts``), and, in recent versions, ``trainer_state``, ``log_extra`` and
``log_metric``. A completion is a string, or in conversational format a list of messages whose last assistant
``content`` is the response. The function returns one float per completion, or None for a row it cannot judge (TRL
turns it into NaN and leaves the row out of that function's reward). A coroutine function is awaited on TRL's own
event loop, together with the other async reward functions.

The reward functions are module-level functions, and :func:`trl` binds settings to them with ``functools.partial``:
they pickle (TRL and ``accelerate`` may send reward functions to other processes), TRL names their log columns
after the function (it looks through a partial), and ``inspect.iscoroutinefunction`` sees through a partial to
tell the async ones.
"""

from __future__ import annotations

import asyncio
import functools
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, List, Mapping, Optional, Sequence

from ._core import Reward, Scored, make_reward, marks_answer, problem_of, refusal

__all__ = ["trl", "trl_format", "accuracy_reward", "accuracy_reward_async", "format_reward", "format_reward_async"]

_FRAMEWORK_KEYS = frozenset({"prompts", "completions", "completion_ids", "trainer_state", "log_extra", "log_metric",
                             "environments"})
"""Keyword arguments TRL adds to the dataset's columns."""

_LOGGED_STATUSES = ("no_answer", "ambiguous", "timeout", "error")
"""Statuses whose share of each batch is logged as a metric (``log_metric``): what a reward curve does not show."""


@dataclass(frozen=True)
class _Settings:
    reward: Reward
    gold_column: str
    log: bool


def trl(gold_column: str = "solution", *, correct: float = 1.0, incorrect: float = 0.0,
        formatted: Optional[float] = None, asynchronous: bool = False, log: bool = True,
        **options: Any) -> Callable[..., Any]:
    """An accuracy reward function for TRL that reads the gold answers from the dataset column ``gold_column``.

    ``correct``, ``incorrect`` and ``formatted`` are the values paid (see :class:`mathgrade.rewards.Reward`); other
    keyword arguments are grading options (``timeout``...; the policy is ``reward``). ``asynchronous=True`` gives a
    coroutine function (TRL awaits it beside its other async rewards; the grading runs on a thread, off the event
    loop). ``log=True`` adds each completion's status and extracted answer to TRL's completions table
    (``log_extra``) and logs the share of rows with no answer, several answers, a timeout or an error
    (``log_metric``), when the trainer offers those.

    The result is :func:`accuracy_reward` (or :func:`accuracy_reward_async`) with these settings bound, as a
    ``functools.partial``: picklable, and named as that function in TRL's logs. Each call returns one reward per
    completion, None where the gold answer cannot be read.
    """
    if not isinstance(gold_column, str) or not gold_column:
        raise ValueError(f"gold_column must be the name of a dataset column, not {gold_column!r}")
    settings = _Settings(make_reward(correct=correct, incorrect=incorrect, formatted=formatted, **options),
                         gold_column, bool(log))
    fn: Callable[..., Any] = accuracy_reward_async if asynchronous else accuracy_reward
    reward_fn = functools.partial(fn, _mathgrade=settings)
    setattr(reward_fn, "__name__", fn.__name__)  # a partial takes attributes; TRL read this before it unwrapped them
    return reward_fn


def trl_format(*, asynchronous: bool = False) -> Callable[..., Any]:
    """The format reward function for TRL: :func:`format_reward`, or :func:`format_reward_async`."""
    return format_reward_async if asynchronous else format_reward


# --- the reward functions ----------------------------------------------------------------------------------------


def accuracy_reward(completions: Sequence[Any], *, _mathgrade: Optional[_Settings] = None,
                    **kwargs: Any) -> List[Optional[float]]:
    """TRL accuracy reward: 1.0 when a completion's marked final answer equals the gold answer in the dataset column
    ``solution``, else 0.0; None where the gold answer cannot be read. :func:`trl` binds another column or other
    values (``_mathgrade``)."""
    settings = _mathgrade or _DEFAULT
    texts = _texts(completions)
    golds = _golds(kwargs, settings.gold_column, len(texts))
    scored = settings.reward.score(texts, golds, problems=_problems(kwargs, len(texts)))
    if settings.log:
        _log(scored, "accuracy_reward", kwargs)
    return [s.reward for s in scored]


async def accuracy_reward_async(completions: Sequence[Any], *, _mathgrade: Optional[_Settings] = None,
                                **kwargs: Any) -> List[Optional[float]]:
    """:func:`accuracy_reward` as a coroutine function, for TRL's async reward functions: the grading runs on a
    thread, so that TRL's event loop goes on with the other async rewards meanwhile."""
    return await asyncio.to_thread(accuracy_reward, completions, _mathgrade=_mathgrade, **kwargs)


def format_reward(completions: Sequence[Any], **kwargs: Any) -> List[float]:
    """TRL format reward: 1.0 for a completion that marks one final answer (``\\boxed{}``, "the answer is"...)
    after any thinking, right or wrong; else 0.0. Weigh it against the accuracy reward with TRL's
    ``reward_weights``."""
    return [1.0 if marks_answer(text) else 0.0 for text in _texts(completions)]


async def format_reward_async(completions: Sequence[Any], **kwargs: Any) -> List[float]:
    """:func:`format_reward` as a coroutine function."""
    return await asyncio.to_thread(format_reward, completions, **kwargs)


def _texts(completions: Sequence[Any]) -> List[str]:
    if isinstance(completions, (str, bytes)) or not isinstance(completions, Sequence):
        raise TypeError(f"completions must be a list (one completion per row), not {type(completions).__name__}")
    return [_text(c, i) for i, c in enumerate(completions)]


def _text(completion: Any, index: int) -> str:
    """A completion's response text: the string itself, or the content of the last assistant message."""
    if isinstance(completion, str):
        return completion
    if completion is None:
        return ""
    if isinstance(completion, list):
        for message in reversed(completion):
            if not isinstance(message, Mapping):
                raise TypeError(f"completion {index}: a conversational completion is a list of messages (dicts with "
                                f"'role' and 'content'), but it holds a {type(message).__name__}")
            if message.get("role", "assistant") == "assistant":
                return _content(message.get("content"), index)
        return ""
    raise TypeError(f"completion {index} is a {type(completion).__name__}: TRL passes a string, or a list of "
                    "messages in conversational format")


def _content(content: Any, index: int) -> str:
    """A message's content: a string, or a list of content blocks whose text blocks are joined."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(block.get("text") or "") for block in content
                       if isinstance(block, Mapping) and block.get("type", "text") == "text")
    raise TypeError(f"completion {index}: message content is a {type(content).__name__}, not text")


def _golds(kwargs: Mapping[str, Any], column: str, n: int) -> Sequence[Any]:
    if column not in kwargs:
        columns = sorted(k for k in kwargs if k not in _FRAMEWORK_KEYS)
        raise ValueError(f"accuracy_reward: no dataset column {column!r} with the gold answers (TRL passed the columns "
                         f"{', '.join(map(repr, columns)) or 'none'}); name the column with "
                         f"mathgrade.rewards.trl(gold_column=...)")
    golds = kwargs[column]
    if isinstance(golds, (str, bytes)) or not isinstance(golds, Sequence) or len(golds) != n:
        size = len(golds) if isinstance(golds, Sequence) and not isinstance(golds, (str, bytes)) else "not a list"
        raise ValueError(f"accuracy_reward: column {column!r} must hold one gold answer per completion ({n}), got {size}")
    return golds


def _problems(kwargs: Mapping[str, Any], n: int) -> Optional[List[Optional[str]]]:
    """The problems' texts: the dataset column ``problem`` or ``question`` if there is one, else the prompts TRL
    passes (its ``prompt`` column; for a conversation, the last user message). None if there is none of these."""
    for key in ("problem", "question", "prompts"):
        column = kwargs.get(key)
        if isinstance(column, Sequence) and not isinstance(column, (str, bytes)) and len(column) == n:
            return [problem_of({"problem": value}) for value in column]
    return None


def _log(scored: List[Scored], name: str, kwargs: Mapping[str, Any]) -> None:
    log_extra, log_metric = kwargs.get("log_extra"), kwargs.get("log_metric")
    if callable(log_extra):
        log_extra(f"{name}_status", [s.verdict.status.value for s in scored])
        log_extra(f"{name}_answer", [s.verdict.answer.text if s.verdict.answer else "" for s in scored])
    if callable(log_metric) and scored:
        counts = Counter(s.verdict.status.value for s in scored)
        for status in _LOGGED_STATUSES:
            log_metric(f"{name}/{status}", counts.get(status, 0) / len(scored))
        log_metric(f"{name}/refused", sum(refusal(s.verdict) is not None for s in scored) / len(scored))


_DEFAULT = _Settings(make_reward(), "solution", True)
