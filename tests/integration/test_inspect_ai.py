"""inspect-ai evaluates with mathgrade's scorer and epoch reducer: a real ``inspect_ai.eval()`` of a task whose
model is inspect's own ``mockllm`` (answering each sample with fixed outputs, per epoch), no network.

Installed by ``.ci/steps/80-inspect-lighteval.sh``; skipped with a message when inspect-ai is missing.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Dict, List

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.integration]

pytest.importorskip("inspect_ai", reason="needs inspect-ai: pip install inspect-ai (.ci/steps/80-inspect-lighteval.sh)")

from inspect_ai import Epochs, Task, eval as inspect_eval  # noqa: E402
from inspect_ai.dataset import Sample  # noqa: E402
from inspect_ai.model import ModelOutput, ModelUsage, get_model  # noqa: E402
from inspect_ai.solver import generate  # noqa: E402

from mathgrade.integrations.inspect_ai import equivalence_vote, mathgrade_scorer  # noqa: E402

# input -> the outputs of successive epochs
ANSWERS: Dict[str, List[str]] = {
    "What is half of one?": ["So it is $\\boxed{0.3}$.", "It is $\\boxed{\\frac12}$.", "It is $\\boxed{0.5}$.",
                             "It is $\\boxed{0.3}$.", "It is $\\boxed{1/2}$."],
    "What is 6*7?": ["It is $\\boxed{41}$."] * 3 + ["It is $\\boxed{42}$."] * 2,
    "How many? (A) 36 (B) 42 (C) 48": ["So $\\boxed{42}$."] * 5,
    "A sample with an unreadable target": ["$\\boxed{1}$"] * 5,
}
TARGETS = {"What is half of one?": "\\frac{1}{2}", "What is 6*7?": "42", "How many? (A) 36 (B) 42 (C) 48": "B",
           "A sample with an unreadable target": "\\frac{"}


def _model() -> Any:
    seen: Dict[str, int] = {}

    def answer(messages: List[Any], tools: Any, tool_choice: Any, config: Any) -> Any:
        text = messages[-1].text
        k = seen.get(text, 0)
        seen[text] = k + 1
        output = ModelOutput.from_content(model="mockllm/model", content=ANSWERS[text][k])
        # usage given, so that mockllm counts no tokens (its tokenizer would download its tables)
        output.usage = ModelUsage(input_tokens=10, output_tokens=10, total_tokens=20)
        return output

    return get_model("mockllm/model", custom_outputs=answer)


def _task(epochs: Any) -> Task:
    return Task(dataset=[Sample(input=q, target=TARGETS[q], id=i) for i, q in enumerate(ANSWERS)],
                solver=generate(), scorer=mathgrade_scorer(), epochs=epochs)


def _samples(log: Any) -> Dict[Any, Any]:
    return {s.id: s for s in log.samples}


def test_the_scorer_in_inspects_eval(tmp_path: Path) -> None:
    [log] = inspect_eval(_task(Epochs(1)), model=_model(), log_dir=str(tmp_path), display="none", max_samples=1)
    assert log.status == "success", log.error
    scores = {i: s.scores["mathgrade"] for i, s in _samples(log).items()}
    assert [scores[i].value for i in (0, 1, 2)] == ["I", "I", "C"]  # epoch 1: 0.3, 41, 42 for (B)
    assert scores[2].answer == "42" and scores[2].metadata["rule"] and scores[2].metadata["status"] == "correct"
    assert "CORRECT" in scores[2].explanation and "INCORRECT" in scores[0].explanation
    assert math.isnan(scores[3].value) and "invalid_gold" in str(scores[3].reason)  # unscored, not wrong
    accuracy = log.results.scores[0].metrics["accuracy"].value
    assert accuracy == pytest.approx(1 / 3)  # the unscored sample is left out


def test_the_epoch_reducer_votes_by_equivalence(tmp_path: Path) -> None:
    [log] = inspect_eval(_task(Epochs(5, [equivalence_vote(), "mode"])), model=_model(), log_dir=str(tmp_path),
                         display="none", max_samples=1)
    assert log.status == "success", log.error
    by_reducer = {s.reducer: s for s in log.results.scores}
    voted = by_reducer["equivalence_vote"].metrics["accuracy"].value
    # by equivalence: 1/2 wins 3 to 2 (right), 41 wins 3 to 2 (wrong), 42 for (B) (right) -> 2 of 3
    assert voted == pytest.approx(2 / 3)
    [reduction] = [r for r in log.reductions if r.reducer == "equivalence_vote"]
    reduced = {s.sample_id: s for s in reduction.samples}
    assert reduced[0].value == "C" and reduced[0].metadata["votes"] == 3 and reduced[0].metadata["epochs"] == 5
    assert reduced[1].value == "I" and reduced[1].answer == "41"
    # the answer that stands is the majority answer: 41 (3 votes) over 42 (2), though 42 is right
