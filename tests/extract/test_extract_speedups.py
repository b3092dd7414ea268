"""The fast paths give the same answers as the plain ones: staged extraction, the hand-written scans that replaced
regexes, and the lazy public names of the package."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Optional, Tuple

import pytest
from _paths import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

import mathgrade
from mathgrade import grader
from mathgrade._extract import _rules, _scan, extract, extract_staged
from mathgrade._read import read
from mathgrade.limits import Deadline
from mathgrade.options import make_options

DATA = str(DATA / "extract_outputs.jsonl")
with open(DATA, encoding="utf-8") as _f:
    ROWS = [json.loads(line) for line in _f]

KINDS = [{}, {"choices": True}, {"policy": "reward"}, {"policy": "reward", "choices": True}]

# pieces that the rules react to, for generated outputs
PIECES = [
    "\\boxed{2}", "\\boxed{x+1}", " or ", " and ", "The answer is ", "Final Answer: ", "**Final Answer**\n", "#### 7",
    "\nA: 3", "**12**", "(B) ", "B", "$", "$$", "\\(", "\\)", "\\[", "\\]", "\\frac{1}{2}", " 42", "-3.5", "\n", "\n\n",
    "```output\n5\n```", "</think>", "<|im_end|>", "答案是", "☃", " so ", "x = 4", ", which", "the answer might be 2 or 3",
]


def _staged(text: str, **kind: object) -> list:
    first, more = extract_staged(text, **kind)  # type: ignore[arg-type]
    return first + more()


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_staged_extraction_is_extraction_on_real_outputs(kind: dict) -> None:
    for row in ROWS:
        for text in (row["text"], row["gold"]):
            assert _staged(text, **kind) == extract(text, **kind), row["id"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12), st.sampled_from(KINDS))
def test_staged_extraction_is_extraction_on_generated_outputs(pieces: list, kind: dict) -> None:
    text = "".join(pieces)
    first, more = extract_staged(text, **kind)  # type: ignore[arg-type]
    full = extract(text, **kind)
    assert first + more() == full
    assert bool(first) == bool(full)  # the first part is empty only when there is nothing at all


def test_the_first_phase_is_the_marked_rules() -> None:
    from mathgrade._extract import _FINDERS, _FIRST_PHASE
    assert [f.__name__ for f in _FIRST_PHASE] == [
        "answer_tag", "boxed", "phrases", "final_answer_heading", "hashes", "answer_label", "choice_phrase"]
    first, rest = _FINDERS["eval", False]
    assert "last_number" in [f.__name__ for f in rest] and "choice_phrase" not in [f.__name__ for f in first]
    assert _FINDERS["reward", True][1] == ()  # the reward policy runs in one phase


def test_marked_answers_come_first_and_fallbacks_wait() -> None:
    first, more = extract_staged("We get 5 apples.\n\nThe answer is $7$.")
    assert [c.rule for c in first] == ["answer_phrase"]
    assert [c.text for c in first] == ["7"]
    assert all(c.priority > 32 for c in more())
    first, more = extract_staged("We get 5 apples, then 7.")
    assert [c.text for c in first] == ["7"]  # no marked answer: everything at once
    assert more() == []
    assert extract_staged("no numbers here")[0] == []


def _eager_verdict(text: str, gold: str) -> mathgrade.Verdict:
    """The verdict as grade() gave it before staged extraction: every candidate found first."""
    options = make_options()
    gold_value = read(gold).value
    return grader._decide(text, extract(text), grader._Gold(gold, gold_value), options, Deadline(options.timeout))


@pytest.mark.parametrize("text, gold, rule, correct", [
    ("**Final Answer**\n- NH₄OH: 35.06 g/mol\n\nSo the mass is 46.08.", "46.08", "last_number", True),
    ("The answer is ☃☃.\n\nSo the mass is 46.08.", "46.08", "last_number", True),
    ("The answer is ☃☃.\n\nSo the mass is 46.08.", "46", "last_number", False),
    ("The answer is $7$. We checked 5 cases.", "7", "answer_phrase", True),
    ("The answer is $7$. We checked 5 cases.", "5", "answer_phrase", False),
])
def test_grade_falls_back_past_unreadable_marked_answers(text: str, gold: str, rule: str, correct: bool) -> None:
    verdict = mathgrade.grade(text, gold)
    assert verdict.answer is not None and verdict.answer.rule == rule
    assert verdict.correct is correct
    assert verdict == _eager_verdict(text, gold)


def test_grade_is_the_eager_grade_on_real_outputs() -> None:
    for row in ROWS:
        assert mathgrade.grade(row["text"], row["gold"]) == _eager_verdict(row["text"], row["gold"]), row["id"]


# -- hand-written scans against the regexes they replaced ----------------------------------------------------------
_CLOSER = re.compile(r"(?<=[^\s\\$])\$(?![\d$])")
_SINGLE_DOLLAR = re.compile(r"(?<!\\)\$(?!\$)")


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="$\\ a1\n\t9{}\u00a0\u0663", max_size=16))
def test_dollar_positions_are_the_regex_ones(text: str) -> None:
    closers, dollars = _scan._dollar_positions(text)
    assert closers == [m.start() for m in _CLOSER.finditer(text)]
    assert dollars == [m.start() for m in _SINGLE_DOLLAR.finditer(text)]


def test_dollar_positions_examples() -> None:
    assert _scan._dollar_positions("costs $5 and x$ y") == ([14], [6, 14])
    # escaped, doubled (the second of "$$" is single to the regex too), after a space: no closer
    assert _scan._dollar_positions("\\$ $$ a $") == ([], [4, 8])
    assert _scan._dollar_positions("no dollars") == ([], [])


def _last_run_by_regex(text: str, lo: int) -> Optional[Tuple[int, int]]:
    run = None
    for run in re.finditer(r"\d+", text[lo:]):
        pass
    return (run.start() + lo, run.end() + lo) if run is not None else None


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab 12x9.\u0663\u00e9$", max_size=20), st.integers(0, 6))
def test_last_digit_run_is_the_regex_one(text: str, lo: int) -> None:
    assert _rules._last_digit_run(text, lo) == _last_run_by_regex(text, lo)


def test_last_digit_run_examples() -> None:
    assert _rules._last_digit_run("x = 12 and 345.", 0) == (11, 14)
    assert _rules._last_digit_run("12 then \u0663\u0664 end", 0) == (8, 10)  # Arabic-Indic digits after ASCII ones
    assert _rules._last_digit_run("no digits", 0) is None
    assert _rules._last_digit_run("12 abc", 3) is None  # before the window


_LINE_LABEL = re.compile(r"^[ \t]*A[ \t]*[:：]", re.M)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="A: \t\nB：x", max_size=16))
def test_last_label_is_the_line_anchored_regex_one(text: str) -> None:
    matches = list(_LINE_LABEL.finditer(text))
    assert _rules._last_label_end(text) == (matches[-1].end() if matches else -1)


def test_last_label_examples() -> None:
    assert _rules._last_label_end("Q: why?\n  A : 26") == 13
    assert _rules._last_label_end("Plan A: go") == -1  # not at a line start
    assert _rules._last_label_end("BA: 1") == -1


# -- lazy public names -------------------------------------------------------------------------------------------------
def _python(code: str) -> str:
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return proc.stdout.strip()


def test_bare_import_loads_no_stage() -> None:
    out = _python("import sys, mathgrade; print(sorted(m for m in sys.modules if m.startswith(('mathgrade.', 'sympy'))))")
    assert out == "['mathgrade._lazy']"  # only the loader of the public names (30 lines, no stage)


def test_public_names_load_on_use() -> None:
    out = _python("import sys, mathgrade; from mathgrade import grade, Verdict, Status; "
                  "print(grade('\\\\boxed{2}', '2').status is Status.CORRECT, 'sympy' in sys.modules)")
    assert out == "True False"


def test_read_and_extract_stay_functions_when_their_packages_load() -> None:
    out = _python("import mathgrade._read._tokens, mathgrade._extract._scan, mathgrade; "
                  "print(callable(mathgrade.read), type(mathgrade.extract).__name__, mathgrade.read('2').value.kind)")
    assert out == "True function number"


def test_the_package_and_its_functions_pickle() -> None:
    """No module-class swap: the package is a plain module, and its functions pickle by reference."""
    import pickle

    assert pickle.loads(pickle.dumps(mathgrade.grade)) is mathgrade.grade
    assert pickle.loads(pickle.dumps(mathgrade.read)) is mathgrade.read
    assert type(mathgrade) is type(pytest)  # a plain module


def test_public_names() -> None:
    for name in mathgrade.__all__:
        assert getattr(mathgrade, name) is not None
        assert name in dir(mathgrade)
    assert not isinstance(mathgrade.read, type(mathgrade))
    with pytest.raises(AttributeError):
        mathgrade.no_such_name  # noqa: B018


# -- anchor words: the quick test that a language's phrases may be in an output -------------------------------------
def _passes(tests: tuple, lowered: str) -> bool:
    return any(letter in lowered and anchor in lowered for letter, anchor in tests)


@pytest.mark.parametrize("table", ["_PRESENCE", "_ASCII_PRESENCE"])
def test_every_phrase_passes_its_language_test(table: str) -> None:
    for lang, _anchors, tests in getattr(_rules, table):
        for phrase in _rules._phrases_of(lang):
            if table == "_ASCII_PRESENCE" and not phrase.isascii():
                continue  # (that table is for ASCII outputs)
            assert _passes(tests, f"so {phrase} 5".lower()), (lang.code, phrase)


def test_anchor_words_that_no_phrase_needs_are_not_looked_for() -> None:
    en = next(tests for lang, _a, tests in _rules._ASCII_PRESENCE if lang.code == "en")
    assert [a for _, a in en] == ["answer", "correct", "result"]  # "problem", "question": only with "answer"
    assert not _passes(en, "the problem is 5 and the question is 6")
    assert _rules.phrases(_scan.Scan("the problem is 5 and the question is 6"), False) == []
    assert [f.text for f in _rules.phrases(_scan.Scan("The answer to the problem is 5."), False)] == ["5"]
    indonesian = next(tests for lang, _a, tests in _rules._PRESENCE if lang.code == "id")
    assert ("j", "jawaban") in indonesian and all(a != "jawabannya" for _, a in indonesian)
    assert not _passes(indonesian, "no such word")


# -- math environments: found only when a region holds a delimiter --------------------------------------------------
@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["$", "$$", "\\(", "\\)", "\\[", "\\]", "\\\\", "x", " ", "\n\n", "1", "{"]),
                max_size=14), st.integers(0, 30), st.integers(0, 30))
def test_environment_shortcuts_agree_with_the_full_scan(pieces: list, a: int, b: int) -> None:
    text = "".join(pieces)
    start, end = min(a, b, len(text)), min(max(a, b), len(text))
    lazy, full = _scan.Scan(text), _scan.Scan(text)
    envs = full.envs
    for pos in range(len(text) + 1):
        assert lazy.env_at(pos) == next((e for e in envs if e[0] == pos), None)
    assert _scan.strip_delimiters(_scan.Scan(text), start, end) == _strip_by_hand(text, envs, start, end)


def _strip_by_hand(text: str, envs: list, start: int, end: int) -> str:
    out, pos = [], start
    for s, e, inner_s, inner_e in envs:
        if s >= pos and e <= end:
            out += [text[pos:s], text[inner_s:inner_e]]
            pos = e
        elif s >= start and e > end:
            break
    return "".join(out) + text[pos:end]


def test_environment_shortcut_examples() -> None:
    scan = _scan.Scan("so $x$ and \\(y\\)")
    assert scan.env_at(0) is None and scan.env_at(3) == (3, 6, 4, 5) and scan.env_at(11) == (11, 16, 13, 14)
    assert _scan.strip_delimiters(scan, 0, 16) == "so x and y"
    assert _scan.strip_delimiters(_scan.Scan("plain words"), 0, 5) == "plain"
