"""inspect-ai: a scorer that grades with mathgrade, and an epoch reducer that votes by equivalence.

::

    from inspect_ai import Task
    from mathgrade.integrations.inspect_ai import mathgrade_scorer, equivalence_vote
    Task(dataset=..., solver=generate(), scorer=mathgrade_scorer(), epochs=Epochs(8, equivalence_vote()))

:func:`mathgrade_scorer` gives each sample ``C`` (correct) or ``I``, with the extracted ``answer``, the verdict's
``explain()`` as the ``explanation``, and ``status``, ``rule``, ``reason``, ``gold`` and ``problem`` in the metadata; a
sample whose target cannot be read as a gold answer is *unscored* (``Score.unscored``: kept, but left out of the
metrics), not wrong. The grading runs on a worker thread, off inspect's event loop. :func:`equivalence_vote` reduces
a sample's epochs to the score of the largest group of equivalent answers (``\\\\frac12``, ``0.5`` and ``1/2`` are one
vote), where inspect's own ``mode`` counts exact values.

inspect-ai is imported when :func:`mathgrade_scorer` or :func:`equivalence_vote` is called, not before.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..options import make_options
from ..verdict import Status, Verdict

__all__ = ["mathgrade_scorer", "equivalence_vote"]


def mathgrade_scorer(policy: str = "eval", timeout: float = 5.0, **options: Any) -> Any:
    """An inspect-ai scorer (made with inspect's ``@scorer``, metrics ``accuracy`` and ``stderr``) that grades the
    model's completion against the sample's target with :func:`mathgrade.grade`; the sample's input text is passed
    on as the problem. ``policy``, ``timeout`` and other keyword arguments are grading options, checked now."""
    from inspect_ai.scorer import accuracy, scorer, stderr

    grading = dict(options, policy=policy, timeout=timeout)
    make_options(**grading)

    @scorer(metrics=[accuracy(), stderr()], name="mathgrade")
    def _mathgrade() -> Any:
        async def score(state: Any, target: Any) -> Any:
            import anyio

            output = state.output.completion if state.output is not None else ""
            gold = target.text
            problem = state.input_text if isinstance(state.input_text, str) else None
            verdict: Verdict = await anyio.to_thread.run_sync(_grade, output, gold, problem, grading)
            return _score(verdict, gold, problem)

        return score

    return _mathgrade()


def equivalence_vote(policy: str = "eval", timeout: float = 5.0) -> Any:
    """An inspect-ai epoch reducer (``Epochs(k, equivalence_vote())``): the answers of a sample's epochs are grouped
    by mathgrade equivalence, and the score of the first epoch of the largest group stands for the sample (a tie
    goes to the group seen first). Epochs without an answer do not vote; with no vote at all, the first scored
    epoch stands. Needs the scores of :func:`mathgrade_scorer` (it reads their metadata)."""
    from inspect_ai.scorer import score_reducer

    opts = make_options(policy=policy, timeout=timeout)

    @score_reducer(name="equivalence_vote")
    def _vote() -> Any:
        def reduce(scores: List[Any]) -> Any:
            from ..evaluation.metrics import AnswerClusters

            clusters = AnswerClusters(opts)
            counts: Dict[int, int] = {}
            first: Dict[int, int] = {}
            for i, s in enumerate(scores):
                meta = s.metadata or {}
                if s.answer is None or "gold" not in meta:
                    continue
                verdict = _grade(s.answer, meta["gold"], meta.get("problem"), {"policy": opts.policy,
                                                                                "timeout": opts.timeout})
                cluster = clusters.add(verdict)
                if cluster is not None:
                    counts[cluster] = counts.get(cluster, 0) + 1
                    first.setdefault(cluster, i)
            if not counts:
                scored = [s for s in scores if s.value == s.value]  # NaN (unscored) is not equal to itself
                return (scored or scores)[0]
            best = max(counts, key=lambda c: (counts[c], -c))
            chosen = scores[first[best]]
            return chosen.model_copy(update={"metadata": dict(chosen.metadata or {}, votes=counts[best],
                                                               epochs=len(scores))})

        return reduce

    return _vote()


def _grade(output: Any, gold: Any, problem: Optional[str], options: Dict[str, Any]) -> Verdict:
    from ..grader import grade

    return grade(output if isinstance(output, str) else "", gold, problem=problem, **options)


def _score(verdict: Verdict, gold: str, problem: Optional[str]) -> Any:
    from inspect_ai.scorer import CORRECT, INCORRECT, Score

    answer = verdict.answer.text if verdict.answer is not None else None
    metadata = {"status": verdict.status.value, "rule": verdict.rule, "reason": verdict.reason, "gold": gold,
                "problem": problem}
    if verdict.status is Status.INVALID_GOLD:
        return Score.unscored(reason=f"invalid_gold: {verdict.reason}", answer=answer,
                              explanation=verdict.explain(), metadata=metadata)
    return Score(value=CORRECT if verdict.correct else INCORRECT, answer=answer, explanation=verdict.explain(),
                 metadata=metadata)
