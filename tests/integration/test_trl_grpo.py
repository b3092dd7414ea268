"""TRL's real ``GRPOTrainer`` rewarded by mathgrade: two training steps on the CPU, with a tiny randomly initialised
model and a tokenizer built here (nothing is downloaded).

Installed by ``.ci/steps/30-trl.sh``; skipped with a message when TRL or PyTorch are missing.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

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


def test_grpo_trainer_two_steps_rewarded_by_mathgrade(tmp_path: Path) -> None:
    tokenizer = _tokenizer()
    model = _model(len(tokenizer))
    data = datasets.Dataset.from_dict({
        "prompt": ["what is 6*7? answer:", "what is 1/2? answer:", "what is 2+2? answer:", "what is 3*3? answer:"],
        "answer": ["42", "\\frac{1}{2}", "4", "9"],
    })
    accuracy = rewards.trl("answer")  # sync, called with the dataset's columns as keyword arguments
    formatted = rewards.format_reward_async  # async, awaited on TRL's event loop
    args = trl.GRPOConfig(output_dir=str(tmp_path), max_steps=2, per_device_train_batch_size=4, num_generations=2,
                          max_completion_length=8, learning_rate=1e-3, logging_steps=1, report_to="none",
                          use_cpu=True, bf16=False, save_strategy="no", seed=0, dataloader_num_workers=0)
    trainer = trl.GRPOTrainer(model=model, processing_class=tokenizer, reward_funcs=[accuracy, formatted],
                              args=args, train_dataset=data)
    trainer.train()
    logs = [entry for entry in trainer.state.log_history if "rewards/accuracy_reward/mean" in entry]
    assert trainer.state.global_step == 2
    assert len(logs) == 2
    for entry in logs:
        # a random model marks no answer: both rewards are 0, and mathgrade's own metric says why
        assert entry["rewards/accuracy_reward/mean"] == 0.0
        assert entry["rewards/format_reward_async/mean"] == 0.0
        assert math.isclose(entry["accuracy_reward/no_answer"], 1.0)
