"""TRL's real ``GRPOTrainer`` rewarded by mathgrade: two training steps on the CPU, with a tiny randomly initialised
model, a tokenizer built here (nothing is downloaded), and a *scripted policy*: the model's sampling is steered by
``generation_kwargs={"sequence_bias": ...}`` (transformers' own logits processor, passed by TRL to ``generate``) so
that after one prompt it writes a correct boxed answer and after the other a wrong one. The rewards are then asserted
where TRL keeps them: a step's logged reward mean (``rewards/accuracy_reward/mean``) is 1.0 for the prompt answered
correctly and 0.0 for the other, and TRL's completions table pairs each completion with its reward and the answer
mathgrade took. A reward function that returned a constant fails this test.

Installed by ``.ci/steps/30-trl.sh``; skipped with a message when TRL or PyTorch are missing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.integration]

_INSTALL = "pip install torch==2.13.0 trl (see .ci/steps/30-trl.sh)"
torch = pytest.importorskip("torch", reason=f"needs PyTorch: {_INSTALL}")
trl = pytest.importorskip("trl", reason=f"needs TRL: {_INSTALL}")
transformers = pytest.importorskip("transformers", reason=f"needs transformers: {_INSTALL}")
datasets = pytest.importorskip("datasets", reason=f"needs datasets: {_INSTALL}")
tokenizers = pytest.importorskip("tokenizers", reason=f"needs tokenizers: {_INSTALL}")

from mathgrade import rewards  # noqa: E402

_ALPHABET = list("0123456789+-*/=()[]{}\\$.,:?! abcdefghijklmnopqrstuvwxyz")
SCRIPT = {  # prompt -> (what the scripted policy writes, the gold answer): one right, one wrong
    "what is 6*7? answer:": ("\\boxed{42}", "42"),
    "what is 2+2? answer:": ("\\boxed{5}", "4"),
}
_CONTEXT = min(map(len, SCRIPT)) - 1
"""Tokens of context that select the scripted next token: all of the shortest prompt but its first character (the
prompts differ in their middle). A biased sequence (context and next token) must be no longer than the prompt:
transformers before 5.11 (the versions verl 0.9 pins, .ci/steps/60-verl.sh) ignore one longer than the input."""


def _tokenizer() -> Any:
    """A character-level tokenizer with the special tokens a causal language model needs."""
    vocab = {tok: i for i, tok in enumerate(["<pad>", "<eos>", "<unk>"] + _ALPHABET)}
    model = tokenizers.models.WordLevel(vocab=vocab, unk_token="<unk>")
    tok = tokenizers.Tokenizer(model)
    tok.pre_tokenizer = tokenizers.pre_tokenizers.Split(pattern="", behavior="isolated")
    tok.decoder = tokenizers.decoders.Fuse()
    return transformers.PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="<pad>", eos_token="<eos>",
                                                unk_token="<unk>", padding_side="left")


def _model(vocab_size: int) -> Any:
    torch.manual_seed(0)
    config = transformers.LlamaConfig(vocab_size=vocab_size, hidden_size=16, intermediate_size=32,
                                      num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2,
                                      max_position_embeddings=128, pad_token_id=0, eos_token_id=1, bos_token_id=1)
    return transformers.LlamaForCausalLM(config)


def _script(tokenizer: Any) -> List[Tuple[List[int], float]]:
    """transformers' ``sequence_bias``: after each prompt and each prefix of its scripted completion, a large bias on
    the next scripted token (then on end-of-sequence), keyed by the last :data:`_CONTEXT` tokens before it."""
    vocab = tokenizer.get_vocab()
    bias: Dict[Tuple[int, ...], float] = {}
    for prompt, (completion, _) in SCRIPT.items():
        ids = [vocab[c] for c in prompt + completion] + [tokenizer.eos_token_id]
        for at in range(len(prompt), len(ids)):
            key = tuple(ids[max(0, at - _CONTEXT):at + 1])
            assert key not in bias, "the context must tell the prompts apart"
            bias[key] = 100.0
    return [[list(k), v] for k, v in bias.items()]  # type: ignore[misc]


def test_grpo_trainer_pays_mathgrade_rewards_for_the_completions_it_generates(tmp_path: Path) -> None:
    tokenizer = _tokenizer()
    model = _model(len(tokenizer))
    data = datasets.Dataset.from_dict({"prompt": list(SCRIPT), "answer": [gold for _, gold in SCRIPT.values()]})
    accuracy = rewards.trl("answer")  # sync, called with the dataset's columns as keyword arguments
    formatted = rewards.format_reward_async  # async, awaited on TRL's event loop
    args = trl.GRPOConfig(output_dir=str(tmp_path), max_steps=2, per_device_train_batch_size=2, num_generations=2,
                          max_completion_length=16, learning_rate=1e-3, logging_steps=1, report_to="none",
                          use_cpu=True, bf16=False, save_strategy="no", seed=0, dataloader_num_workers=0,
                          generation_kwargs={"sequence_bias": _script(tokenizer)})
    trainer = trl.GRPOTrainer(model=model, processing_class=tokenizer, reward_funcs=[accuracy, formatted],
                              args=args, train_dataset=data)
    steps = _Steps(trainer)
    trainer.add_callback(steps)
    trainer.train()
    assert trainer.state.global_step == 2
    assert len(steps.seen) == 2
    trained_on = set()
    for logged, rows in steps.seen:
        # TRL's completions table of the step: what the trainer generated, the reward it recorded for each, and
        # the answer mathgrade took
        assert len(rows) == 2  # one prompt a step, two completions of it
        for prompt, completion, reward, answer, status in rows:
            written, gold = SCRIPT[prompt]
            trained_on.add(prompt)
            assert completion == written, "the scripted policy wrote its completion"
            assert answer == written[len("\\boxed{"):-1]
            assert (reward, status) == ((1.0, "correct") if answer == gold else (0.0, "incorrect"))
        # the metrics TRL logged for that step: 1.0 for the right answer, 0.0 for the wrong one
        right = SCRIPT[rows[0][0]][0] == "\\boxed{42}"
        assert logged["rewards/accuracy_reward/mean"] == (1.0 if right else 0.0)
        assert logged["rewards/accuracy_reward/std"] == 0.0
        assert logged["rewards/format_reward_async/mean"] == 1.0  # both are boxed
        assert logged["accuracy_reward/no_answer"] == 0.0
    assert trained_on == set(SCRIPT)
    assert sorted(e["rewards/accuracy_reward/mean"] for e in trainer.state.log_history
                  if "rewards/accuracy_reward/mean" in e) == [0.0, 1.0]


class _Steps(transformers.TrainerCallback):
    """At each logging step (every step here), the metrics TRL logged and its completions table for that step."""

    def __init__(self, trainer: Any) -> None:
        self.trainer = trainer
        self.seen: List[Tuple[Dict[str, float], List[Tuple[Any, ...]]]] = []

    def on_log(self, args: Any, state: Any, control: Any, logs: Any = None, **kwargs: Any) -> None:
        if logs and "rewards/accuracy_reward/mean" in logs:
            table = self.trainer._logs
            rows = list(zip(table["prompt"], table["completion"], table["rewards"]["accuracy_reward"],
                            table["extra"]["accuracy_reward_answer"], table["extra"]["accuracy_reward_status"]))
            self.seen.append((dict(logs), rows))
