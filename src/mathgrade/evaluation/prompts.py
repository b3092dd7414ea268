"""Prompts: what is sent to the model for a problem, in chat mode (a list of messages) or completion mode (a string).

A template is text in which ``{problem}`` marks where the problem goes; nothing else in it is special, so LaTeX
braces need no escaping. Bundled templates (``src/mathgrade/data/prompts``, attributed in its ``SOURCES.md``) are
named; any other is read from a file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple, Union

from .._check import check, one_of
from ..errors import ConfigError, InputError

__all__ = ["INSTRUCTION", "TEMPLATES", "Template", "Prompter", "load_template", "Prompt"]

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


@dataclass(frozen=True)
class Prompter:
    """Builds the prompt for each problem.

    Chat mode: an optional system message, then a user message (``template``, by default the problem followed by
    :data:`INSTRUCTION`). Completion mode: the rendered template alone (a few-shot template).
    """

    mode: str
    template: Template
    system: Optional[str] = None

    def __post_init__(self) -> None:
        check(self, {"mode": one_of("chat", "completion")})
        if self.mode == "completion" and self.system is not None:
            raise ConfigError("system", "is for chat mode; in completion mode put it in the prompt template")

    def prompt(self, problem: str) -> Prompt:
        text = self.template.render(problem)
        if self.mode == "completion":
            return text
        messages = [{"role": "system", "content": self.system}] if self.system is not None else []
        messages.append({"role": "user", "content": text})
        return messages

    @staticmethod
    def make(mode: str, template: Optional[str], system: Optional[str], few_shot: str) -> "Prompter":
        """The prompter for the command line's ``--mode``, ``--prompt-template`` and ``--system``; completion mode
        without a template uses the task's few-shot template ``few_shot``."""
        if template is not None:
            chosen = load_template(template)
        elif mode == "completion":
            chosen = load_template(few_shot)
        else:
            chosen = CHAT_DEFAULT
        return Prompter(mode, chosen, system)


def config_fields(prompter: Prompter) -> Dict[str, Any]:
    """The prompt's part of ``config.json``."""
    return {"mode": prompter.mode, "system": prompter.system, "prompt_template": prompter.template.describe()}
