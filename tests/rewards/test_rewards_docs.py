"""The examples of README's "Train with mathgrade rewards" section and of docs/rewards.md, executed.

A Python statement followed by a comment holding a literal (``# [1.0]``) must evaluate to it. The verl lines must
name a module and function that exist; the ``mathgrade serve`` lines must be valid arguments of the command.
"""

from __future__ import annotations

import ast
import importlib
import re
import shlex
from typing import Any, Dict, List

import _paths
import pytest

from mathgrade.cli.serve import command as serve_command

ROOT = _paths.ROOT


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:] if end < 0 else text[start:end]


def _blocks(text: str, lang: str) -> List[str]:
    return re.findall(r"```" + lang + r"\n(.*?)```", text, flags=re.S)


SOURCES = {
    "README": _section((ROOT / "README.md").read_text(encoding="utf-8"), "## Train with mathgrade rewards"),
    "docs/rewards.md": (ROOT / "docs" / "rewards.md").read_text(encoding="utf-8"),
}


def _run(code: str) -> int:
    """Execute ``code``; check each expression statement followed by a literal comment. The number checked."""
    namespace: Dict[str, Any] = {}
    lines = code.splitlines()
    checked = 0
    for node in ast.parse(code).body:
        source = ast.get_source_segment(code, node)
        assert source is not None
        comment = lines[node.end_lineno - 1].split("#", 1)[1].strip() if "#" in lines[node.end_lineno - 1] else ""
        expected: Any = None
        if isinstance(node, ast.Expr) and comment:
            try:
                expected = ast.literal_eval(comment)
            except (ValueError, SyntaxError):
                expected = None
        if expected is not None:
            assert eval(compile(ast.Expression(node.value), "<docs>", "eval"), namespace) == expected, source
            checked += 1
        else:
            exec(compile(ast.Module([node], []), "<docs>", "exec"), namespace)
    return checked


@pytest.mark.parametrize("name", list(SOURCES))
def test_python_examples_run_and_give_what_they_say(name: str) -> None:
    blocks = _blocks(SOURCES[name], "python")
    assert blocks
    assert sum(_run(block) for block in blocks) >= 2


@pytest.mark.parametrize("name", list(SOURCES))
def test_verl_lines_name_what_exists(name: str) -> None:
    text = " ".join(_blocks(SOURCES[name], "bash"))
    path = re.search(r"(?<![\w.])reward\.custom_reward_function\.path=pkg://(\S+)", text)  # verl 0.9's spelling
    fn = re.search(r"(?<![\w.])reward\.custom_reward_function\.name=(\w+)", text)
    assert path and fn
    assert callable(getattr(importlib.import_module(path.group(1)), fn.group(1)))
    for option in re.findall(r"reward_kwargs\.(\w+)=", text):
        assert option in {"timeout", "correct", "incorrect", "formatted"}


@pytest.mark.parametrize("name", list(SOURCES))
def test_serve_lines_are_valid_arguments(name: str) -> None:
    commands = [line.strip().rstrip("&").strip() for block in _blocks(SOURCES[name], "bash")
                for line in block.splitlines() if line.strip().startswith("mathgrade serve")]
    assert commands
    for command in commands:
        words = shlex.split(command)
        assert words[:2] == ["mathgrade", "serve"]
        serve_command.make_context("serve", words[2:])  # (a word that is not a valid argument raises UsageError)
