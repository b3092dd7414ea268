"""Verifiable rewards for RL training (GRPO, PPO...): adapters for TRL, verl and OpenRLHF, on one reward semantics.

Every adapter grades with the ``reward`` policy and pays by one table:

=====================================================  ===============  ==========================================
the response                                           status           reward
=====================================================  ===============  ==========================================
marks a final answer equal to the gold answer          ``correct``      ``correct`` (1.0)
marks a final answer that differs (or cannot be read)  ``incorrect``,   ``formatted`` if set, else ``incorrect``
                                                       ``unparsable``   (0.0)
marks no final answer (an unmarked last number does    ``no_answer``    ``incorrect`` (0.0)
not count)
is cut off while thinking (``<think>`` never closed)   ``no_answer``    ``incorrect`` (0.0)
commits to several different final answers, or lists   ``ambiguous``    ``incorrect`` (0.0)
options without choosing
could not be graded in time, or grading failed         ``timeout``,     ``incorrect`` (0.0)
                                                       ``error``
has a gold answer that cannot be read                  ``invalid_gold``  None for TRL (the row is skipped);
                                                                        ``incorrect`` for verl and OpenRLHF
=====================================================  ===============  ==========================================

A *marked* final answer is the last ``\\boxed{}`` (or ``\\fbox{}``), or a phrase such as "the final answer is",
"Answer:", ``#### 42``, in the part of the response after its thinking (after the last ``</think>``): an answer
written only inside the thinking is a step, not the answer. The separate format reward pays 1.0 for a response that
marks one final answer, right or wrong.

Adapters (no training library is imported by this package):

- TRL: :func:`accuracy_reward` (gold column ``solution``), :func:`format_reward`, and their coroutine versions
  :func:`accuracy_reward_async`, :func:`format_reward_async`; :func:`trl` binds another column or other values.
- verl: :func:`compute_score` and :func:`compute_score_async` (``reward.custom_reward_function.name``; ``pred`` is
  :func:`canonical_pred`, so that verl's maj@N votes by equivalence), :func:`compute_score_batch` (the ``batch``
  reward manager of verl before 0.9).
- OpenRLHF: :func:`reward_func` (a local reward file), and ``mathgrade serve`` for ``--reward.remote_url``.
- Any loop: :func:`make_reward` and :meth:`Reward.score`.

Every adapter passes the problem's text on to :func:`mathgrade.grade` when the host gives it (TRL: the dataset
column ``problem`` or ``question``, else its prompts; verl: ``extra_info``'s ``problem``, ``question`` or
``prompt``; OpenRLHF: each row's prompt). A reward *refused* (:func:`refusal`: a marked answer that does not commit
to a value, restates the problem, or has a unit that disagrees, rules ``answer.*`` and ``unit.*``) is counted by rule
(:func:`refusals`) in TRL's metrics, OpenRLHF's logs and the server's metrics.

Grading is safe in any thread and any process: its time limit uses no signal, and nothing raises a
``BaseException``.
"""

from ._core import Plan, Reward, Scored, answer_part, make_reward, marks_answer, problem_of, refusal, refusals
from ._openrlhf import reward_func
from ._trl import accuracy_reward, accuracy_reward_async, format_reward, format_reward_async, trl, trl_format
from ._verl import canonical_pred, compute_score, compute_score_async, compute_score_batch

__all__ = [
    "Reward",
    "Scored",
    "Plan",
    "make_reward",
    "answer_part",
    "marks_answer",
    "refusal",
    "refusals",
    "problem_of",
    "trl",
    "trl_format",
    "accuracy_reward",
    "accuracy_reward_async",
    "format_reward",
    "format_reward_async",
    "compute_score",
    "compute_score_async",
    "compute_score_batch",
    "canonical_pred",
    "reward_func",
]
