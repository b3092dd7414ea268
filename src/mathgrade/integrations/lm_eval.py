"""EleutherAI's lm-evaluation-harness: mathgrade as the grader of its math tasks.

- :func:`process_results` grades a task's response against the doc's gold answer, for MATH-style docs (the gold is
  the last ``\\\\boxed{}`` of ``doc["solution"]`` when there is one: minerva math's ``process_docs`` mangles
  ``doc["answer"]``) and GSM8K-style docs (the number after ``####`` in ``doc["answer"]``); the problem's text
  (``problem`` or ``question``) is passed on to :func:`mathgrade.grade`.
- :class:`ExtractAnswer`, a filter that replaces each response by the answer mathgrade finds in it, and
  :class:`MajorityVote`, a maj@k filter whose votes are mathgrade-equivalence classes (``\\\\frac12``, ``0.5`` and
  ``1/2`` are one vote; lm-eval's own ``majority_vote`` counts exact strings).
- Ready task configs (:data:`TASKS_DIR`, for ``lm_eval --include_path``): ``mathgrade_math500``,
  ``mathgrade_gsm8k``, ``mathgrade_aime24``, ``mathgrade_aime25``, ``mathgrade_amc23``, ``mathgrade_minerva``,
  ``mathgrade_olympiadbench`` on the problems bundled with mathgrade (nothing is downloaded), chat prompts as
  ``mathgrade eval`` asks them, and ``mathgrade_math500_maj8`` (8 samples, maj@8 by equivalence).

Nothing here imports lm-eval: its filters only need an ``apply(resps, docs)`` method.
"""

from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence

from ..grader import extract, grade
from ..options import make_options
from ..verdict import Verdict

__all__ = ["process_results", "gold_of", "problem_of", "doc_to_text", "ExtractAnswer", "MajorityVote",
           "bundled_task", "TASKS_DIR"]

TASKS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lm_eval_tasks")
"""The folder of mathgrade's lm-eval task configs: ``lm_eval --include_path`` it."""

_INSTRUCTION = "Please reason step by step, and put your final answer within \\boxed{}."


def gold_of(doc: Mapping[str, Any]) -> str:
    """A doc's gold answer: the last ``\\\\boxed{}`` of its ``solution`` (``Solution``) when it has one, else its
    ``answer`` (``Answer``) — the number after ``####`` in a GSM8K answer."""
    for key in ("solution", "Solution"):
        solution = doc.get(key)
        if isinstance(solution, str):
            boxed = _last_boxed(solution)
            if boxed is not None:
                return boxed
    for key in ("answer", "Answer", "target"):
        answer = doc.get(key)
        if answer is None:
            continue
        text = str(answer)
        return text.rsplit("####", 1)[1].strip().replace(",", "") if "####" in text else text.strip()
    return ""


def problem_of(doc: Mapping[str, Any]) -> Optional[str]:
    """A doc's problem text (``problem``, ``question``, ``Problem`` or ``Question``), or None."""
    for key in ("problem", "question", "Problem", "Question"):
        text = doc.get(key)
        if isinstance(text, str) and text.strip():
            return text
    return None


def doc_to_text(doc: Mapping[str, Any]) -> str:
    """The user message of mathgrade's chat prompt (as ``mathgrade eval`` asks): the problem, then "Please reason
    step by step, and put your final answer within \\\\boxed{}."."""
    return f"{problem_of(doc) or ''}\n{_INSTRUCTION}"


def process_results(doc: Mapping[str, Any], results: Sequence[Any], **options: Any) -> Dict[str, float]:
    """lm-eval's ``process_results``: ``{"exact_match": 1.0}`` when the (filtered) response answers the doc's gold
    answer (:func:`gold_of`), else 0.0. ``results[0]`` is the response, or a list of responses (the first is
    graded). ``options`` are those of :func:`mathgrade.grade` (bind them with ``functools.partial``)."""
    response = results[0] if results else ""
    if isinstance(response, (list, tuple)):
        response = response[0] if response else ""
    verdict = _grade(response, doc, options)
    return {"exact_match": 1.0 if verdict.correct else 0.0}


class ExtractAnswer:
    """lm-eval filter: each response becomes the answer mathgrade finds in it ("" where it finds none), so that
    lm-eval's samples show what was graded. ``policy`` as for :func:`mathgrade.extract`."""

    def __init__(self, policy: str = "eval", **kwargs: Any) -> None:
        self.policy = make_options(policy=policy).policy  # checked now

    def apply(self, resps: Iterable[Sequence[str]], docs: Sequence[Mapping[str, Any]]) -> List[List[str]]:
        out = []
        for responses in resps:
            found = []
            for response in responses:
                candidates = extract(response if isinstance(response, str) else "", policy=self.policy)
                found.append(candidates[0].text if candidates else "")
            out.append(found)
        return out


class MajorityVote:
    """lm-eval filter for maj@k: each doc's responses are grouped by mathgrade equivalence of their answers, and
    the first response of the largest group stands for the doc (a tie goes to the group seen first; responses
    without an answer do not vote; with no vote at all, the first response). Use it as the last filter, with the
    task's ``repeats`` set to k; ``process_results`` then grades the chosen response. ``policy`` and ``timeout`` are
    grading options."""

    def __init__(self, policy: str = "eval", timeout: float = 5.0, **kwargs: Any) -> None:
        self.options = make_options(policy=policy, timeout=timeout)

    def apply(self, resps: Iterable[Sequence[str]], docs: Sequence[Mapping[str, Any]]) -> List[str]:
        from ..evaluation.metrics import AnswerClusters

        out = []
        for responses, doc in zip(resps, docs):
            texts = [r if isinstance(r, str) else "" for r in responses]
            clusters = AnswerClusters(self.options)
            counts: Dict[int, int] = {}
            first: Dict[int, int] = {}
            for i, text in enumerate(texts):
                cluster = clusters.add(_grade(text, doc, {"policy": self.options.policy,
                                                          "timeout": self.options.timeout}))
                if cluster is not None:
                    counts[cluster] = counts.get(cluster, 0) + 1
                    first.setdefault(cluster, i)
            if not counts:
                out.append(texts[0] if texts else "")
                continue
            best = max(counts, key=lambda c: (counts[c], -c))
            out.append(texts[first[best]])
        return out


def bundled_task(name: str, **kwargs: Any) -> Dict[str, Any]:
    """A mathgrade bundled task as lm-eval's ``custom_dataset`` returns it: ``{"test": datasets.Dataset}`` with the
    columns ``id``, ``problem``, ``answer`` (and ``subject``, ``level`` where the set has them). lm-eval passes its
    task metadata as keyword arguments; they are not used."""
    import datasets

    from ..evaluation.tasks import load_task

    task = load_task(name)
    rows = {"id": [p.id for p in task.problems], "problem": [p.problem for p in task.problems],
            "answer": [p.answer for p in task.problems],
            "subject": [p.subject or "" for p in task.problems],
            "level": [str(p.level) if p.level is not None else "" for p in task.problems]}
    return {"test": datasets.Dataset.from_dict(rows)}


def _grade(response: Any, doc: Mapping[str, Any], options: Mapping[str, Any]) -> Verdict:
    return grade(response if isinstance(response, str) else "", gold_of(doc), problem=problem_of(doc), **options)


def _last_boxed(text: str) -> Optional[str]:
    """The content of the last ``\\\\boxed{...}`` (or ``\\\\fbox{...}``) in ``text``, braces balanced; None if none."""
    at = max(text.rfind("\\boxed"), text.rfind("\\fbox"))
    if at < 0:
        return None
    start = text.find("{", at)
    if start < 0:
        return None
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1:i].strip()
    return None
