"""Every example in README.md and docs/**/*.md is executed, so that the documentation cannot drift from the code.

The convention (summarized in the README's "Contributing" section; follow it when you add a section):

1. **Python.** Fenced blocks tagged ``python`` run in the order they appear, all blocks of one file in one shared
   namespace (like a notebook), with the working directory set to the example directory (point 4). A block that
   holds ``>>>`` prompts is a doctest: each shown output is checked (``...`` matches anything; whitespace is
   normalized). Any other block is run as a script: let it ``assert`` what it claims, not only say it in a comment.
2. **Shell.** Fenced blocks tagged ``bash``, ``sh`` or ``shell``: every command line runs, in order, all commands of
   one file in one example directory, and each must exit 0. Lines continued with ``\\`` are joined; ``&&`` separates
   commands. A command is ``mathgrade ...`` (or ``python -m mathgrade ...``; run with this interpreter, pipes and
   redirections allowed), ``python bench/SCRIPT.py ...`` (a script of ``bench/``, run from the example directory
   where ``bench/``'s scripts and committed results are copied), or ``pip install ...``, which is not run: the test
   environment already has what the README installs (the package with its ``test`` extra); the extras it names
   must exist in pyproject.toml (checked in every block, marked or not). Any other command makes the test fail:
   mark the block.
3. **Console.** Fenced blocks tagged ``console``: lines starting with ``$ `` are commands as above; the lines after a
   command, up to the next ``$ ``, are its expected output (stdout and stderr together, checked like a doctest:
   ``...`` matches anything). A command must exit 0 unless its shown output ends with the line ``[exit code N]``.
4. **The example directory** is a fresh temporary directory holding a copy of the repository's ``data/`` (the
   bundled sample ``data/sample.jsonl`` and the small input files the examples name: ``data/outputs.jsonl``,
   ``data/runs.csv``...), so that an example runs there as it runs from a clone's root. An example that needs another
   input file adds it to ``data/`` (with its source in ``data/SOURCES.md``).
5. **Comparison claims** in the prose and tables (outside code blocks) are checked too: `` `A` ~ `B` `` (equivalent,
   also chained `` `A` ~ `B` ~ `C` ``), `` `A` vs `B` `` (not equivalent) and `` `A ≠ B` `` (not equivalent), where
   ``B`` may be preceded by the word ``gold``. Each means ``grade("The answer is $\\boxed{A}$.", B).correct`` is True
   (for ``~``) or False: the answer is given boxed, since these claims are about comparing what was read, not about
   finding the answer in prose. Write a claim that holds only with an option as a Python example instead.
6. **Marks**, an HTML comment on the last non-blank line before a block's opening fence:
   ``<!-- not run: REASON -->`` for a block that cannot run here (it needs a GPU server, or it is the test command
   itself). Each such block is reported as a skipped test with its reason, so that the marks stay visible and rare.
   ``<!-- needs: MODULE[, MODULE...] -->`` for a block that needs software outside the ``test`` extra (ray, trl...):
   the file's blocks then also run, with that block, in the slow suite (``pytest -m slow``, after ``.ci/steps``
   installed the software), and are skipped with a message when a module is missing.

Blocks tagged otherwise (``text``, ``json``, ``toml``, no tag) are shown, not run.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

import pytest

import mathgrade

ROOT = Path(__file__).resolve().parent.parent
DOC_FILES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("**/*.md"))
COMMAND_TIMEOUT = 600
"""Seconds one documented command may take (the machine may be busy)."""

_PYTHON = {"python", "py"}
_SHELL = {"bash", "sh", "shell"}
_CONSOLE = {"console"}
_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


# --- reading the Markdown ---------------------------------------------------------------------------------------


@dataclass
class Block:
    """A fenced code block: its language tag, text, the line of its first text line, and its marks."""

    path: Path
    lang: str
    text: str
    line: int
    not_run: Optional[str] = None
    needs: Tuple[str, ...] = ()

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path}:{self.line}"


@dataclass
class Document:
    """A Markdown file split into its fenced blocks and the prose outside them."""

    path: Path
    blocks: List[Block] = field(default_factory=list)
    prose: List[Tuple[int, str]] = field(default_factory=list)
    """(first line number, text) of each stretch of text between blocks."""


_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)")
_MARK = re.compile(r"^\s*<!--\s*(not run|needs)\s*:\s*(.*?)\s*-->\s*$")


def parse_markdown(path: Path, text: Optional[str] = None) -> Document:
    """Split ``text`` (default: the file's) into fenced blocks, with the marks in front of them, and prose."""
    lines = (path.read_text(encoding="utf-8") if text is None else text).splitlines()
    doc = Document(path)
    prose: List[str] = []
    prose_start = 1
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            prose.append(lines[i])
            i += 1
            continue
        fence, lang = m.group(2), m.group(3).lower()
        start = i + 1
        j = start
        while j < len(lines) and not lines[j].strip().startswith(fence):
            j += 1
        if j == len(lines):
            raise ValueError(f"{path}:{i + 1}: a code block that is never closed")
        block = Block(path, lang, "\n".join(lines[start:j]) + "\n", start + 1)
        _apply_mark(block, prose)
        doc.blocks.append(block)
        doc.prose.append((prose_start, "\n".join(prose)))
        prose, prose_start = [], j + 2
        i = j + 1
    doc.prose.append((prose_start, "\n".join(prose)))
    return doc


def _apply_mark(block: Block, before: List[str]) -> None:
    previous = next((line for line in reversed(before) if line.strip()), "")
    m = _MARK.match(previous)
    if not m:
        return
    kind, value = m.groups()
    if not value:
        raise ValueError(f"{block.where}: the mark '<!-- {kind}: -->' needs a reason or a module name")
    if kind == "not run":
        block.not_run = value
    else:
        block.needs = tuple(v.strip() for v in value.split(",") if v.strip())


def _missing(modules: Sequence[str]) -> List[str]:
    return [m for m in modules if importlib.util.find_spec(m) is None]


# --- Python blocks ----------------------------------------------------------------------------------------------


def run_python(blocks: Sequence[Block], cwd: Path) -> None:
    """Run Python blocks in order in one namespace (doctest blocks with their outputs checked), in ``cwd``."""
    namespace: Dict[str, Any] = {"__name__": "__docs__"}
    old = os.getcwd()
    os.chdir(cwd)
    try:
        for block in blocks:
            if ">>>" in block.text:
                _run_doctest(block, namespace)
            else:
                code = compile("\n" * (block.line - 1) + block.text, str(block.path), "exec")
                try:
                    exec(code, namespace)  # the documentation's own example, run as written
                except Exception as exc:
                    raise AssertionError(f"{block.where}: the example raised {type(exc).__name__}: {exc}") from exc
    finally:
        os.chdir(old)


def _run_doctest(block: Block, namespace: Dict[str, Any]) -> None:
    test = doctest.DocTestParser().get_doctest(block.text, namespace, block.where, str(block.path), block.line - 1)
    report: List[str] = []
    runner = doctest.DocTestRunner(optionflags=_FLAGS)
    result = runner.run(test, out=report.append, clear_globs=False)
    namespace.update(test.globs)  # the doctest ran on a copy of the namespace
    if result.failed:
        raise AssertionError(f"{block.where}: {result.failed} of {result.attempted} doctest examples failed\n"
                             + "".join(report))


# --- shell and console blocks -----------------------------------------------------------------------------------


@dataclass
class Command:
    """One documented command line (already stripped of ``pip install`` steps), with its expected output."""

    where: str
    line: str
    want: Optional[str] = None
    exit_code: int = 0


_EXIT = re.compile(r"^\[exit code (\d+)\]$")


def shell_commands(block: Block) -> List[Command]:
    """The commands of a ``bash``/``console`` block; ``ValueError`` for a command that is not ``mathgrade``."""
    commands: List[Command] = []
    lines = _joined_lines(block.text)
    console = block.lang in _CONSOLE
    for n, (offset, line) in enumerate(lines):
        if console:
            if not line.startswith("$ "):
                continue
            line = line[2:]
            want_lines = []
            for _, later in lines[n + 1:]:
                if later.startswith("$ "):
                    break
                want_lines.append(later)
            while want_lines and not want_lines[-1].strip():
                want_lines.pop()
            code = 0
            if want_lines and _EXIT.match(want_lines[-1].strip()):
                code = int(_EXIT.match(want_lines.pop().strip()).group(1))  # type: ignore[union-attr]
            want: Optional[str] = "\n".join(want_lines) + "\n" if want_lines else None
        else:
            want, code = None, 0
        where = f"{block.where.rsplit(':', 1)[0]}:{block.line + offset}"
        kept = _kept_parts(line, where)
        if kept:
            commands.append(Command(where, " && ".join(kept), want, code))
    return commands


def _joined_lines(text: str) -> List[Tuple[int, str]]:
    """(line offset, line) with ``\\``-continued lines joined and blank or comment-only lines dropped."""
    out: List[Tuple[int, str]] = []
    pending: Optional[Tuple[int, str]] = None
    for offset, raw in enumerate(text.splitlines()):
        if pending is not None:
            first, acc = pending
            raw = acc + " " + raw.strip()
            offset = first
            pending = None
        if raw.rstrip().endswith("\\"):
            pending = (offset, raw.rstrip()[:-1])
            continue
        if raw.strip() and not raw.strip().startswith("#"):
            out.append((offset, raw.rstrip()))
    if pending is not None:
        out.append(pending)
    return out


def _kept_parts(line: str, where: str) -> List[str]:
    kept = []
    for part in line.split("&&"):
        try:
            words = shlex.split(part, comments=True)
        except ValueError as exc:
            raise ValueError(f"{where}: cannot read the command {part.strip()!r} ({exc})") from None
        if not words:
            continue
        if words[0] in ("pip", "pip3") and words[1:2] == ["install"]:
            continue  # the test environment is already installed
        if words[0] == "mathgrade" or words[:3] == ["python", "-m", "mathgrade"] or (
                words[0] == "python" and len(words) > 1 and re.fullmatch(r"bench/\w+\.py", words[1])):
            kept.append(part.strip())
            continue
        raise ValueError(f"{where}: {part.strip()!r} is not a mathgrade command; run only mathgrade commands in "
                         f"examples, or mark the block <!-- not run: REASON --> (see tests/test_docs.py)")
    return kept


_PRELUDE = 'mathgrade() { "$MATHGRADE_PYTHON" -m mathgrade "$@"; }\npython() { "$MATHGRADE_PYTHON" "$@"; }\n'


def run_command(cmd: Command, cwd: Path) -> None:
    """Run one documented command with bash in ``cwd``; check its exit code and, if shown, its output."""
    env = dict(os.environ, MATHGRADE_PYTHON=sys.executable)
    env.pop("CI", None)
    proc = subprocess.run(["bash", "-o", "pipefail", "-c", _PRELUDE + cmd.line], cwd=cwd, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT)
    if proc.returncode != cmd.exit_code:
        raise AssertionError(f"{cmd.where}: `{cmd.line}` exited with {proc.returncode}, not {cmd.exit_code}:\n"
                             f"{proc.stdout[-3000:]}")
    if cmd.want is not None and not doctest.OutputChecker().check_output(cmd.want, proc.stdout, _FLAGS):
        raise AssertionError(f"{cmd.where}: `{cmd.line}` printed\n{proc.stdout}\ninstead of\n{cmd.want}")


def example_dir(base: Path) -> Path:
    """A fresh example directory (see point 4 of the module docstring) under ``base``."""
    base.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "data", base / "data")
    (base / "bench").mkdir()
    for script in (ROOT / "bench").glob("*.py"):
        shutil.copy2(script, base / "bench" / script.name)
    if (ROOT / "bench" / "results").is_dir():
        shutil.copytree(ROOT / "bench" / "results", base / "bench" / "results")
    return base


# --- comparison claims ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    where: str
    answer: str
    gold: str
    equal: bool


_CHAIN = re.compile(r"`([^`\n]+)`((?:[ \t]*\n?[ \t]*~[ \t]*\n?[ \t]*(?:gold[ \t]+)?`[^`\n]+`)+)")
_VERSUS = re.compile(r"`([^`\n]+)`[ \t]*\n?[ \t]*vs\.?[ \t]*\n?[ \t]*(?:gold[ \t]+)?`([^`\n]+)`")
_UNEQUAL = re.compile(r"`([^`\n≠]+?)\s*≠\s*([^`\n≠]+)`")
_DOUBLE_TICKS = re.compile(r"``.*?``", re.S)


def claims(doc: Document) -> List[Claim]:
    """The comparison claims in a document's prose (point 5 of the module docstring)."""
    found: List[Claim] = []
    rel = doc.path.relative_to(ROOT) if doc.path.is_relative_to(ROOT) else doc.path
    for first, text in doc.prose:
        text = _DOUBLE_TICKS.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)  # ``code`` shows notation

        def where(pos: int) -> str:
            return f"{rel}:{first + text.count(chr(10), 0, pos)}"

        for m in _CHAIN.finditer(text):
            items = [m.group(1)] + re.findall(r"`([^`\n]+)`", m.group(2))
            found += [Claim(where(m.start()), a, b, True) for a, b in zip(items, items[1:])]
        for m in _VERSUS.finditer(text):
            found.append(Claim(where(m.start()), m.group(1), m.group(2), False))
        for m in _UNEQUAL.finditer(text):
            found.append(Claim(where(m.start()), m.group(1).strip(), m.group(2).strip(), False))
    return found


def failed_claims(found: Sequence[Claim]) -> List[str]:
    """A line for each claim that ``grade`` contradicts."""
    failures = []
    for c in found:
        v = mathgrade.grade(f"The answer is $\\boxed{{{c.answer}}}$.", c.gold)
        if v.correct != c.equal:
            sign = "~" if c.equal else "vs"
            failures.append(f"{c.where}: `{c.answer}` {sign} `{c.gold}`, but grade() says {v.status.value} "
                            f"({v.rule}: {v.reason})")
    return failures


# --- the tests --------------------------------------------------------------------------------------------------

DOCS = {str(p.relative_to(ROOT)): parse_markdown(p) for p in DOC_FILES}


def _runnable(doc: Document, langs: set, with_needs: bool) -> List[Block]:
    return [b for b in doc.blocks if b.lang in langs and b.not_run is None and (with_needs or not b.needs)]


def _needs_files() -> List[str]:
    return [name for name, doc in DOCS.items() if any(b.needs and b.not_run is None for b in doc.blocks)]


@pytest.mark.parametrize("name", [n for n, d in DOCS.items() if _runnable(d, _PYTHON, False)])
def test_python_examples(name: str, tmp_path: Path) -> None:
    run_python(_runnable(DOCS[name], _PYTHON, False), example_dir(tmp_path / "examples"))


@pytest.mark.parametrize("name", [n for n, d in DOCS.items() if _runnable(d, _SHELL | _CONSOLE, False)])
def test_shell_examples(name: str, tmp_path: Path) -> None:
    cwd = example_dir(tmp_path / "examples")
    for block in _runnable(DOCS[name], _SHELL | _CONSOLE, False):
        for cmd in shell_commands(block):
            run_command(cmd, cwd)


@pytest.mark.slow
@pytest.mark.parametrize("name", _needs_files())
def test_examples_that_need_more_software(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # a Ray cluster an example starts stays on 127.0.0.1
    doc = DOCS[name]
    needed = sorted({m for b in doc.blocks if b.not_run is None for m in b.needs})
    missing = _missing(needed)
    if missing:
        pytest.skip(f"{name}: examples need {', '.join(missing)} (installed by .ci/steps/; pip install them)")
    run_python(_runnable(doc, _PYTHON, True), example_dir(tmp_path / "python"))
    cwd = example_dir(tmp_path / "shell")
    for block in _runnable(doc, _SHELL | _CONSOLE, True):
        for cmd in shell_commands(block):
            run_command(cmd, cwd)


@pytest.mark.parametrize("name", list(DOCS))
def test_comparison_claims(name: str) -> None:
    failures = failed_claims(claims(DOCS[name]))
    assert not failures, "\n".join(failures)


_NOT_RUN = [(name, b) for name, doc in DOCS.items() for b in doc.blocks if b.not_run is not None]


@pytest.mark.parametrize("where,reason", [(b.where, b.not_run) for _, b in _NOT_RUN])
def test_blocks_marked_not_run(where: str, reason: str) -> None:
    """Each block marked ``not run`` is listed as a skipped test with its reason."""
    pytest.skip(f"{where}: not run: {reason}")


@pytest.mark.slow
def test_the_cluster_example_of_scale_md_with_local_stand_ins(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/scale.md's cluster example (marked not run: a cluster and a bucket) run as written, but for the bucket
    (local Parquet files in the same layout) and the cluster (``--ray local``, 2 actors): its flags and its
    input pattern are the ones a run on a cluster takes."""
    missing = _missing(["ray", "pyarrow"])
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (installed by .ci/steps/20-ray.sh)")
    import json as json_

    import pyarrow as pa
    import pyarrow.parquet as pq

    monkeypatch.setenv("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    block = next(b for b in DOCS["docs/scale.md"].blocks if b.not_run and "s3://" in b.text)
    (cmd,) = shell_commands(block)
    cwd = example_dir(tmp_path / "examples")
    rows = [json_.loads(line) for line in (cwd / "data" / "sample.jsonl").read_text(encoding="utf-8").splitlines()]
    (cwd / "bucket" / "rollouts").mkdir(parents=True)
    for part in range(2):
        pq.write_table(pa.Table.from_pylist(rows[part::2]), cwd / "bucket" / "rollouts" / f"part-{part}.parquet")
    local = (cmd.line.replace("s3://bucket/", "bucket/").replace("--ray auto", "--ray local")
             .replace("--workers 64", "--workers 2"))
    assert local != cmd.line and "s3://" not in local
    run_command(Command(cmd.where, local, cmd.want, cmd.exit_code), cwd)
    graded = pq.read_table(cwd / "bucket" / "graded").to_pylist()
    assert len(graded) == len(rows) and {"correct", "status", "rule"} <= set(graded[0])


_EXTRA = re.compile(r"^(?:\.|mathgrade)\[([\w,\s-]+)\]")


def _extras_installed(doc: Document) -> List[Tuple[str, str]]:
    """(where, extra) for each extra of mathgrade that a ``pip install`` line of any shell block names."""
    out = []
    for b in doc.blocks:
        if b.lang not in _SHELL | _CONSOLE:
            continue
        for _, line in _joined_lines(b.text):
            line = line[2:] if b.lang in _CONSOLE and line.startswith("$ ") else line
            for part in line.split("&&"):
                try:
                    words = shlex.split(part, comments=True)
                except ValueError:
                    continue
                if words[:2] in (["pip", "install"], ["pip3", "install"]) or words[1:4] == ["-m", "pip", "install"]:
                    for word in words:
                        m = _EXTRA.match(word)
                        out += [(b.where, e.strip()) for e in m.group(1).split(",")] if m else []
    return out


def test_pip_install_lines_name_extras_that_exist() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]  # (tomllib: Python 3.11+)
    extras = set(re.findall(r"(?m)^([\w-]+)\s*=", section))
    assert {"test", "ray", "serve"} <= extras
    named = [pair for doc in DOCS.values() for pair in _extras_installed(doc)]
    assert len(named) >= 5
    assert [(where, e) for where, e in named if e not in extras] == []


# --- the checker can fail ------------------------------------------------------------------------------------------


def test_the_convention_finds_blocks_marks_and_claims(tmp_path: Path) -> None:
    text = "\n".join([
        "Intro: `0.333` ~ `\\frac13` ~ gold `1/3`, `0.3` vs `\\frac13`, and `1 ≠ 2`.",
        "```python", "x = 1", "```",
        "<!-- not run: needs a GPU server -->", "", "```bash", "vllm serve model", "```",
        "<!-- needs: some_module_that_is_not_there -->", "```bash", "mathgrade grade x.jsonl", "```",
        "```console", "$ mathgrade --version", "mathgrade ...", "$ mathgrade grade nope.jsonl",
        "mathgrade: error: ...", "[exit code 2]", "```",
    ])
    doc = parse_markdown(tmp_path / "x.md", text)
    assert [(b.lang, b.line) for b in doc.blocks] == [("python", 3), ("bash", 8), ("bash", 12), ("console", 15)]
    assert doc.blocks[1].not_run == "needs a GPU server"
    assert doc.blocks[2].needs == ("some_module_that_is_not_there",)
    assert _missing(doc.blocks[2].needs) == ["some_module_that_is_not_there"]
    found = [(c.answer, c.gold, c.equal) for c in claims(doc)]
    assert found == [("0.333", "\\frac13", True), ("\\frac13", "1/3", True), ("0.3", "\\frac13", False),
                     ("1", "2", False)]
    console = shell_commands(doc.blocks[3])
    assert [(c.line, c.want, c.exit_code) for c in console] == [
        ("mathgrade --version", "mathgrade ...\n", 0), ("mathgrade grade nope.jsonl", "mathgrade: error: ...\n", 2)]
    for cmd in console:
        run_command(cmd, tmp_path)
    with pytest.raises(ValueError, match="not a mathgrade command"):
        shell_commands(doc.blocks[1])


def test_the_checks_fail_on_wrong_examples(tmp_path: Path) -> None:
    wrong = [Claim("x.md:1", "0.3", "\\frac13", True), Claim("x.md:2", "2", "2", False)]
    assert len(failed_claims(wrong)) == 2
    assert failed_claims([Claim("x.md:3", "0.333", "\\frac13", True)]) == []
    doc = parse_markdown(tmp_path / "x.md", "```python\n>>> 1 + 1\n3\n```\n```python\nassert 1 + 1 == 3\n```\n")
    with pytest.raises(AssertionError, match="1 of 1 doctest examples failed"):
        run_python(doc.blocks[:1], tmp_path)
    with pytest.raises(AssertionError, match="x.md:6: the example raised AssertionError"):
        run_python(doc.blocks[1:], tmp_path)
    with pytest.raises(AssertionError, match="exited with 2, not 0"):
        run_command(Command("x.md:1", "mathgrade grade nope.jsonl"), tmp_path)
    with pytest.raises(AssertionError, match="instead of"):
        run_command(Command("x.md:1", "mathgrade --version", want="something else\n"), tmp_path)
