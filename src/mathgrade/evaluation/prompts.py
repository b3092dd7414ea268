"""Prompts: what is sent to the model for a problem, in chat mode (a list of messages) or completion mode (a string).

A template is text in which ``{problem}`` marks where the problem goes; nothing else in it is special, so LaTeX
braces need no escaping. Bundled templates (``src/mathgrade/data/prompts``, attributed in its ``SOURCES.md``) are
named; any other is read from a file.

A bundled few-shot template is a run of exemplars, each opening with the template's stop sequence (``Problem:``,
``Q:``), then the query in the same layout: :func:`exemplars` reads them back, so that ``num_fewshot`` can keep the
first k (completion mode) or send them as earlier turns of the conversation (chat mode).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple, Union

from .._check import check, one_of
from ..errors import ConfigError, InputError

__all__ = ["INSTRUCTION", "TEMPLATES", "Template", "Prompter", "load_template", "Prompt", "exemplars",
           "prompter_from_config"]

INSTRUCTION = "Please reason step by step, and put your final answer within \\boxed{}."
"""The instruction appended to the problem in chat mode (the one published with DeepSeek-R1 and Qwen2.5-Math)."""

PLACEHOLDER = "{problem}"

TEMPLATES: Dict[str, Tuple[str, ...]] = {
    "minerva_math_4shot": ("Problem:",),
    "gsm8k_8shot": ("Q:",),
}
"""Bundled few-shot templates, by name, with the stop sequences that end an answer in each (the next exemplar's
opening)."""

Prompt = Union[str, List[Dict[str, str]]]
"""A completion-mode prompt (a string) or a chat-mode prompt (a list of ``{"role", "content"}`` messages)."""


@dataclass(frozen=True)
class Template:
    """A prompt template: its ``text`` with ``{problem}``, the bundled ``name`` (None for a file's text), and the
    ``stop`` sequences it implies."""

    text: str
    name: Optional[str] = None
    stop: Tuple[str, ...] = ()

    def render(self, problem: str) -> str:
        return self.text.replace(PLACEHOLDER, problem)

    def describe(self) -> str:
        """The name of a bundled template, or the text of any other (what ``config.json`` records)."""
        return self.name or self.text


CHAT_DEFAULT = Template(PLACEHOLDER + "\n" + INSTRUCTION)
"""Chat mode's default user message: the problem, then :data:`INSTRUCTION` on a line of its own."""


def load_template(name_or_path: str) -> Template:
    """A bundled template by name, or a template file (UTF-8 text holding ``{problem}``)."""
    if name_or_path in TEMPLATES:
        from importlib import resources  # not at import: every mathgrade command imports this module

        path = resources.files("mathgrade").joinpath("data").joinpath("prompts").joinpath(name_or_path + ".txt")
        return Template(path.read_text(encoding="utf-8"), name_or_path, TEMPLATES[name_or_path])
    if not os.path.isfile(name_or_path):
        raise ConfigError("prompt_template", f"{name_or_path!r} is neither a bundled template ({', '.join(TEMPLATES)}) "
                                             f"nor a file")
    try:
        with open(name_or_path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the prompt template {name_or_path}: {exc}", setting="prompt_template") \
            from None
    if PLACEHOLDER not in text:
        raise InputError(f"the prompt template {name_or_path} has no {PLACEHOLDER} (where the problem goes)",
                         setting="prompt_template")
    return Template(text)


def _parts(template: Template) -> Optional[Tuple[List[str], str, str, str]]:
    """A few-shot template's exemplars (each with its trailing blank line), its query (from the opening of the
    last exemplar-like block to the end), and the text before and after ``{problem}`` in the query; None when the
    template has no stop sequence opening its blocks (a template of one's own)."""
    text = template.text
    at = text.find(PLACEHOLDER)
    if not template.stop or at < 0:
        return None
    marker = template.stop[0]
    start = text.rfind(marker, 0, at)
    if start < 0 or (start and text[start - 1] != "\n"):
        return None
    region = text[:start]
    blocks = [b for b in re.split(r"(?m)^(?=" + re.escape(marker) + ")", region) if b]
    if any(not b.startswith(marker) for b in blocks):
        return None
    return blocks, text[start:], text[start:at], text[at + len(PLACEHOLDER):]


def exemplars(template: Template) -> Optional[List[Tuple[str, str]]]:
    """The (problem, solution) pairs of a few-shot template, in order, or None when it is not one."""
    parts = _parts(template)
    if parts is None:
        return None
    blocks, _, before, after = parts
    opening, separator = before.strip(), after.strip()
    pairs = []
    for block in blocks:
        body = block.strip()
        body = body[len(opening):] if body.startswith(opening) else body
        problem, found, solution = body.partition(separator)
        if not found:
            return None
        pairs.append((problem.strip(), solution.strip()))
    return pairs


def _cut(template: Template, shots: int) -> Template:
    """A bundled few-shot template keeping its first ``shots`` exemplars."""
    parts = _parts(template)
    if parts is None:
        raise ConfigError("num_fewshot", f"applies to a bundled few-shot template ({', '.join(TEMPLATES)}), not to "
                                         f"{template.describe()[:40]!r}")
    blocks, query, _, _ = parts
    if shots > len(blocks):
        raise ConfigError("num_fewshot", f"must be at most {len(blocks)}: the template {template.name} has "
                                         f"{len(blocks)} exemplars, not {shots}")
    return Template("".join(blocks[:shots]) + query, template.name, template.stop)


@dataclass(frozen=True)
class Prompter:
    """Builds the prompt for each problem.

    Chat mode: an optional system message, then ``shots`` as earlier turns (each exemplar's problem in a user
    message, rendered with ``template``, and its solution as the assistant's answer), then a user message
    (``template``, by default the problem followed by :data:`INSTRUCTION`). Completion mode: the rendered template
    alone (a few-shot template). ``num_fewshot`` records the exemplars asked for (None: the template's own).
    """

    mode: str
    template: Template
    system: Optional[str] = None
    shots: Tuple[Tuple[str, str], ...] = ()
    num_fewshot: Optional[int] = None

    def __post_init__(self) -> None:
        check(self, {"mode": one_of("chat", "completion")})
        if self.mode == "completion" and self.system is not None:
            raise ConfigError("system", "is for chat mode; in completion mode put it in the prompt template")
        if self.mode == "completion" and self.shots:
            raise ConfigError("shots", "are for chat mode; in completion mode they are in the template")

    def prompt(self, problem: str) -> Prompt:
        text = self.template.render(problem)
        if self.mode == "completion":
            return text
        messages = [{"role": "system", "content": self.system}] if self.system is not None else []
        for question, answer in self.shots:
            messages += [{"role": "user", "content": self.template.render(question)},
                         {"role": "assistant", "content": answer}]
        messages.append({"role": "user", "content": text})
        return messages

    @property
    def n_shot(self) -> Optional[int]:
        """The exemplars in each prompt (None when the template of one's own does not say)."""
        if self.mode == "chat":
            return len(self.shots)
        pairs = exemplars(self.template)
        return None if pairs is None else len(pairs)

    @staticmethod
    def make(mode: str, template: Optional[str], system: Optional[str], few_shot: str,
             num_fewshot: Optional[int] = None) -> "Prompter":
        """The prompter for the command line's ``--mode``, ``--prompt-template``, ``--system`` and
        ``--num-fewshot``; completion mode without a template uses the task's few-shot template ``few_shot``, and
        chat mode takes its ``num_fewshot`` exemplars from there."""
        if template is not None:
            chosen = load_template(template)
        elif mode == "completion":
            chosen = load_template(few_shot)
        else:
            chosen = CHAT_DEFAULT
        return _with_shots(Prompter(mode, chosen, system), few_shot, num_fewshot)


def _with_shots(prompter: Prompter, few_shot: str, num_fewshot: Optional[int]) -> Prompter:
    if num_fewshot is None:
        return prompter
    if isinstance(num_fewshot, bool) or not isinstance(num_fewshot, int) or num_fewshot < 0:
        raise ConfigError("num_fewshot", f"must be a whole number of at least 0, not {num_fewshot!r}")
    if prompter.mode == "completion":
        return Prompter("completion", _cut(prompter.template, num_fewshot), None, (), num_fewshot)
    source = load_template(few_shot)
    pairs = exemplars(source) or []
    if num_fewshot > len(pairs):
        raise ConfigError("num_fewshot", f"must be at most {len(pairs)}: the task's exemplars ({few_shot}) are "
                                         f"{len(pairs)}, not {num_fewshot}")
    return Prompter("chat", prompter.template, prompter.system, tuple(pairs[:num_fewshot]), num_fewshot)


def prompter_from_config(config: Dict[str, Any], few_shot: str) -> Prompter:
    """The prompter a ``config.json`` records (its ``mode``, ``system``, ``prompt_template`` and ``num_fewshot``),
    for the task whose few-shot template is ``few_shot``."""
    template = config["prompt_template"]
    chosen = load_template(template) if template in TEMPLATES else Template(template)
    return _with_shots(Prompter(config["mode"], chosen, config["system"]), few_shot, config.get("num_fewshot"))


def config_fields(prompter: Prompter) -> Dict[str, Any]:
    """The prompt's part of ``config.json``."""
    return {"mode": prompter.mode, "system": prompter.system, "prompt_template": prompter.template.describe(),
            "num_fewshot": prompter.num_fewshot}
