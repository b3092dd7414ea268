"""verl 0.9's own reward loop scores with mathgrade: the reward function is loaded by verl's loader
(``verl.trainer.ppo.reward.load_reward_manager`` from a config spelt as verl 0.9 spells it), and a batch of
responses goes through verl's ``naive`` reward manager as verl's reward loop runs it (``DataProto`` rows, the
response decoded by the tokenizer, ``run_single`` awaited per row).

Installed by ``.ci/steps/60-verl.sh`` (``pip install verl --no-deps`` and what its loader imports); skipped with a
message when verl is missing. Nothing of verl's API is replaced.
"""

from __future__ import annotations

import asyncio
from typing import Any, Dict, List

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.integration]

_INSTALL = "see .ci/steps/60-verl.sh"
torch = pytest.importorskip("torch", reason=f"needs PyTorch: {_INSTALL}")
omegaconf = pytest.importorskip("omegaconf", reason=f"needs omegaconf: {_INSTALL}")
pytest.importorskip("verl.trainer.ppo.reward", reason=f"needs verl 0.9: {_INSTALL}")
tokenizers = pytest.importorskip("tokenizers", reason=f"needs tokenizers: {_INSTALL}")
transformers = pytest.importorskip("transformers", reason=f"needs transformers: {_INSTALL}")

from _tokenizer import char_tokenizer  # noqa: E402

import numpy as np  # noqa: E402
from verl import DataProto  # noqa: E402
from verl.trainer.ppo.reward import load_reward_manager  # noqa: E402

# (response, gold, problem, expected reward): right and wrong in several forms
ROWS = [
    ("So the answer is $\\boxed{\\frac{3}{4}}$.", "0.75", "", 1.0),
    ("The answer is $\\boxed{0.75}$.", "3/4", "", 1.0),
    ("The answer is $\\boxed{0.7}$.", "3/4", "", 0.0),
    ("I think it is 42 but I am not sure", "42", "", 0.0),  # no marked answer: nothing under the reward policy
    ("So $\\boxed{42}$.", "B", "How many? (A) 36 (B) 42 (C) 48", 1.0),  # the problem from extra_info decides it
    ("So $\\boxed{42}$.", "B", "", 0.0),
    ("$\\boxed{x^2-1}$", "(x-1)(x+1)", "", 1.0),
    ("$\\boxed{x^2+1}$", "(x-1)(x+1)", "", 0.0),
]


def _batch(tokenizer: Any) -> Any:
    """The rows as verl's reward loop hands them over: prompt and response token ids (the response right-padded),
    the attention mask, and the non-tensor fields data_source, reward_model.ground_truth and extra_info."""
    prompt = tokenizer("Q: ?", add_special_tokens=False)["input_ids"]
    encoded = [tokenizer(r, add_special_tokens=False)["input_ids"] for r, _, _, _ in ROWS]
    width = max(map(len, encoded)) + 2
    responses = torch.zeros(len(ROWS), width, dtype=torch.long)
    mask = torch.zeros(len(ROWS), len(prompt) + width, dtype=torch.long)
    for i, ids in enumerate(encoded):
        responses[i, :len(ids)] = torch.tensor(ids)
        mask[i, :len(prompt) + len(ids)] = 1
    prompts = torch.tensor([prompt] * len(ROWS))
    return DataProto.from_dict(
        tensors={"prompts": prompts, "responses": responses, "attention_mask": mask},
        non_tensors={"data_source": np.array(["math"] * len(ROWS), dtype=object),
                     "reward_model": np.array([{"ground_truth": g} for _, g, _, _ in ROWS], dtype=object),
                     "extra_info": np.array([{"index": i, "question": p} if p else {"index": i}
                                             for i, (_, _, p, _) in enumerate(ROWS)], dtype=object)})


def _config(name: str, manager: str = "naive") -> Any:
    return omegaconf.OmegaConf.create({"reward": {
        "custom_reward_function": {"path": "pkg://mathgrade.rewards", "name": name,
                                   "reward_kwargs": {"timeout": 2.0}},
        "reward_manager": {"source": "register", "name": manager,
                           "module": {"path": None, "name": "custom_reward_manager"}}}})


def _score(name: str) -> List[Dict[str, Any]]:
    tokenizer = char_tokenizer()
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        manager = load_reward_manager(_config(name), tokenizer)
        data = _batch(tokenizer)
        return [loop.run_until_complete(manager.run_single(data[i:i + 1])) for i in range(len(data))]
    finally:
        asyncio.set_event_loop(None)
        loop.close()


@pytest.mark.parametrize("name", ["compute_score", "compute_score_async"])
def test_verls_naive_manager_scores_right_answers_1_and_wrong_ones_0(name: str) -> None:
    results = _score(name)
    assert [r["reward_score"] for r in results] == [expected for _, _, _, expected in ROWS]
    infos = [r["reward_extra_info"] for r in results]
    assert [i["acc"] for i in infos] == [expected == 1.0 for _, _, _, expected in ROWS]
    assert infos[3]["status"] == "no_answer" and infos[3]["pred"] == ""
    # verl's maj@N votes on pred: the two right forms of 3/4 are one vote, the wrong 0.7 another
    assert infos[0]["pred"] == infos[1]["pred"] != infos[2]["pred"]


def test_the_loader_sees_the_async_function_as_a_coroutine_function() -> None:
    import inspect

    from verl.trainer.ppo.reward import get_custom_reward_fn

    assert inspect.iscoroutinefunction(get_custom_reward_fn(_config("compute_score_async")))
    assert not inspect.iscoroutinefunction(get_custom_reward_fn(_config("compute_score")))


def test_verl_has_no_batch_manager_any_more() -> None:
    # why docs/rewards.md labels compute_score_batch as for verl before 0.9
    from verl.experimental.reward_loop.reward_manager import get_reward_manager_cls

    with pytest.raises(ValueError):
        get_reward_manager_cls("batch")
    assert get_reward_manager_cls("naive") is not None and get_reward_manager_cls("dapo") is not None
