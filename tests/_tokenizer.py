"""A character-level Hugging Face tokenizer, built in memory, for the host tests that decode token ids the way a
trainer does (verl's reward loop, OpenRLHF's agent executor) without downloading a model's tokenizer."""

from __future__ import annotations

from typing import Any

ALPHABET = list("0123456789+-*/=()[]{}\\$.,:?!^<>|_ \nabcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""Every character the host tests' prompts and responses use: one token each."""


def char_tokenizer() -> Any:
    """A ``transformers.PreTrainedTokenizerFast`` with one token per character of :data:`ALPHABET`, and ``<pad>``,
    ``<eos>`` and ``<unk>``; decoding joins the characters back."""
    import tokenizers
    import transformers

    vocab = {tok: i for i, tok in enumerate(["<pad>", "<eos>", "<unk>"] + ALPHABET)}
    tok = tokenizers.Tokenizer(tokenizers.models.WordLevel(vocab=vocab, unk_token="<unk>"))
    tok.pre_tokenizer = tokenizers.pre_tokenizers.Split(pattern="", behavior="isolated")
    tok.decoder = tokenizers.decoders.Fuse()
    return transformers.PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="<pad>", eos_token="<eos>",
                                                unk_token="<unk>")
