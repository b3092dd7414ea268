"""The fast paths of a short row (issue 23, "cheaper per row") give exactly what the plain paths give.

The regex gates (:mod:`mathgrade._extract._gate`) can be switched off (:func:`plain`): every bundled row (the labeled
model outputs of the bench, the extraction and replay samples of the tests, the adversarial suite) is graded and
extracted both ways, and the verdicts must be identical field by field. The gates are also checked against their
patterns directly, on real windows and on generated text; the other shortcuts against what they replace.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import re
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest
from _paths import DATA, ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

import mathgrade
from mathgrade._extract import _commit, _gate, _rules, _scan, _squeezed, extract

KINDS: List[Dict[str, Any]] = [{}, {"choices": True}, {"policy": "reward"}]


@contextlib.contextmanager
def plain() -> Iterator[None]:
    """The regex gates off (each gated pattern runs); the other shortcuts are checked against what they replace
    directly (the tag marks, the last boxes, the withdrawal stems: below)."""
    saved = _gate.ENABLED
    _gate.ENABLED = False
    try:
        yield
    finally:
        _gate.ENABLED = saved


def _rows() -> List[Tuple[str, str, Any]]:
    rows: List[Tuple[str, str, Any]] = []
    with gzip.open(ROOT / "bench" / "data" / "model_outputs.jsonl.gz", "rt", encoding="utf-8") as f:
        rows += [(r["text"], r["gold"], None) for r in map(json.loads, f)]
    for name in ("extract_outputs.jsonl", "replay_outputs.jsonl"):
        with open(DATA / name, encoding="utf-8") as f:
            rows += [(r["text"], r["gold"], None) for r in map(json.loads, f) if "text" in r and "gold" in r]
    with open(ROOT / "tests" / "adversarial" / "cases.jsonl", encoding="utf-8") as f:
        rows += [(c["output"], c["gold"], c.get("problem")) for c in (json.loads(line) for line in f if line.strip())]
    return rows


ROWS = _rows()


def test_the_bundled_rows_are_there() -> None:
    assert len(ROWS) > 9_000


@pytest.mark.parametrize("policy", ["eval", "reward"])
def test_verdicts_are_those_of_the_plain_paths(policy: str) -> None:
    fast = [mathgrade.grade(o, g, problem=p, policy=policy).to_dict() for o, g, p in ROWS]
    with plain():
        slow = [mathgrade.grade(o, g, problem=p, policy=policy).to_dict() for o, g, p in ROWS]
    differ = [(i, a, b) for i, (a, b) in enumerate(zip(fast, slow)) if a != b]
    assert not differ, differ[:3]


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_extraction_is_that_of_the_plain_paths(kind: Dict[str, Any]) -> None:
    texts = [o for o, _, _ in ROWS[::3]]
    fast = [extract(t, **kind) for t in texts]
    with plain():
        slow = [extract(t, **kind) for t in texts]
    assert fast == slow


def test_the_switch_reaches_the_gates() -> None:
    text = "Thus, the total number of apples is $"
    assert not _commit._SUPPOSED.possible(text)
    with plain():
        assert _commit._SUPPOSED.possible(text)


# -- the gates against their patterns -------------------------------------------------------------------------------
GATES = {f"{m.__name__}.{k}": v for m in (_commit, _rules, _scan) for k, v in vars(m).items() if isinstance(v, _gate.Gate)}


def test_the_refusal_patterns_are_gated() -> None:
    assert {"_NEGATED", "_WITHDRAWN", "_SUPPOSED", "_TRIED", "_HEDGED", "_HEDGED_AFTER_RE", "_SUPPOSED_AFTER"} <= {
        k.rsplit(".", 1)[1] for k in GATES}
    for name, gate in GATES.items():
        assert gate.needs, name  # (a gate without requirements would never skip anything)


def _agree(gate: _gate.Gate, text: str, pos: int = 0) -> None:
    with plain():
        expected = (gate.search(text, pos), gate.match(text, pos))
    got = (gate.search(text, pos), gate.match(text, pos))
    assert [m and (m.span(), m.group()) for m in got] == [m and (m.span(), m.group()) for m in expected], text
    if not gate.possible(text, pos):
        assert expected == (None, None)


def test_gates_agree_with_their_patterns_on_real_windows() -> None:
    for text, _, _ in ROWS[::7]:
        text = _squeezed(text)[0]  # (as the rules read it: its long runs of whitespace shortened)
        for m in list(re.finditer(r"\\boxed|answer|$", text))[-3:]:
            lo = max(0, m.start() - 160)
            for gate in GATES.values():
                _agree(gate, text[lo:m.start()])
                _agree(gate, text, m.end())


def _words(gate: _gate.Gate) -> List[str]:
    return sorted(gate.needs or ())


WORDS = sorted({w for g in GATES.values() for w in _words(g)} | {
    "Might", "MAYBE", "Not", "Wrong", "IS", "be", " ", "\t", "$", "\\boxed{2}", ".", ",", "ı", "İ", "ſ", "K", "7",
    "не", "也许", "可能是", "かも", "\n", "?", "the answer", "varsayalım", "VARSAYALIM"})


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=8), st.sampled_from(sorted(GATES)), st.integers(0, 3))
def test_gates_agree_with_their_patterns_on_generated_text(words: List[str], name: str, pos: int) -> None:
    text = "".join(words)
    _agree(GATES[name], text, min(pos, len(text)))


# -- what a pattern requires ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("pattern, flags, needs", [
    (r"\b(?:maybe|perhaps)\b", re.I, {"maybe", "perhaps"}),
    (r"[ \t]*(?:but|or)[ \t]+(?:might|could)[ \t]+be", re.I, {"might", "could"}),  # the rarer words are chosen
    (r"x[0-9]+y", 0, {"x"}),  # (of equal requirements, the first)
    (r"(?:a|b)?c", 0, {"c"}),  # an optional part requires nothing
    (r"a*", 0, None),
    (r"不是|并非", 0, set()),  # never in ASCII text
    (r"(?:wrong|不对)", re.I, {"wrong"}),
    (r"varsayalım", re.I, {"varsayalim"}),  # re matches ı to i when ignoring case
    (r"varsayalım", 0, set()),  # but not otherwise
    (r"(?i:maybe)", 0, None),  # inline flags: not modelled, always run
    (r"(a)\1", 0, None),
    (r"(?<=not )x", 0, {"x"}),  # what an assertion holds lies outside the match
])
def test_required(pattern: str, flags: int, needs: Any) -> None:
    got = _gate.required(re.compile(pattern, flags))
    assert (got if got is None else set(got)) == (needs if needs is None else set(needs))


@pytest.mark.parametrize("text, possible", [
    ("so it might be 7", True), ("so it MIGHT be 7", True), ("so it is 7", False),
    ("so it ıs 7 — maybe", True),  # not ASCII: always run
])
def test_a_gate_skips_only_ascii_text_without_the_words(text: str, possible: bool) -> None:
    gate = _gate.Gate(re.compile(r"(?:might|maybe)", re.I))
    assert gate.possible(text) is possible
    assert (gate.search(text) is not None) is (possible and gate.pattern.search(text) is not None)


def test_trie_matches_exactly_its_strings() -> None:
    strings = sorted({"a", "ab", "abc", "b", "not", "no ", "n't", "x.y", "(", "\\"})
    pattern = re.compile(_gate.trie(strings))
    for s in strings:
        assert pattern.fullmatch(s), s
    for s in ("", "abcd", "nob", "xzy", "ac", "c"):
        assert not pattern.fullmatch(s), s


def test_a_long_window_is_not_tested() -> None:
    gate = _gate.Gate(re.compile(r"(?:might|maybe)", re.I))
    long = "x" * (_gate.MAX_WINDOW + 1)
    assert gate.possible(long) and not gate.possible(long[:-1])  # (the pattern runs: the test stays constant-time)
    assert gate.search(long) is None


def test_the_tag_shortcuts_cover_every_tag() -> None:
    """``_after_thinking`` and ``_turn_end`` skip their searches when the output holds none of these marks."""
    from mathgrade._extract import _TURN_END, _TURN_MARKS, THINKING_TAGS, TURN_ENDS
    assert all("think>" in tag or "thought|>" in tag for pair in THINKING_TAGS for tag in pair)
    assert all(any(mark in token for mark in _TURN_MARKS) for token in TURN_ENDS)
    assert all(_TURN_END.fullmatch(token) for token in TURN_ENDS)
    assert not any(_TURN_END.search(mark) for mark in ("<|", "<s>", "<end>", "｜end"))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["\\boxed", "\\fbox", "\\boxedx", "\\fboxes", "{1}", " ", "\\", "b", "\\\\boxed"]),
                max_size=14), st.integers(0, 5))
def test_the_last_boxes_are_the_regex_ones(pieces: List[str], limit: int) -> None:
    text = "".join(pieces)
    every = list(_rules._BOX.finditer(text))
    matches, cut = _rules._box_matches(text, limit)
    expected = every[-limit:] if 0 < limit < len(every) else every
    assert [m.span() for m in matches] == [m.span() for m in expected]
    assert cut == (0 < limit < len(every))


def test_the_withdrawal_stems_left_out_are_held_by_others() -> None:
    every = _commit._NEGATED_STEMS + _rules._WITHDRAWN_AFTER_STEMS
    assert all(any(b in a for b in _rules._WITHDRAWING) for a in every)


def test_every_ascii_withdrawal_of_the_adversarial_suite_holds_a_stem() -> None:
    # a box further back than the boxes examined first is looked at only when a stem of a withdrawal is in the output
    # ("$\\boxed{7}$ salah." lacked one): every ASCII case whose box is withdrawn holds one
    path = Path(__file__).resolve().parents[1] / "adversarial" / "cases.jsonl"
    cases = [json.loads(line)["output"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]

    def box_withdrawn(output: str) -> bool:
        found = extract(output, policy="reward")
        return bool(found) and found[0].rule == "boxed" and found[0].refused == "answer.withdrawn"

    withdrawn = [o for o in cases if o.isascii() and box_withdrawn(o)]
    assert len(withdrawn) > 100
    lacking = [o for o in withdrawn if not any(stem in o.lower() for stem in _rules._WITHDRAWING)]
    assert lacking == []


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["Final Answer", "final answer", "FINAL", " answer", "The ", "## ", "**", ":", "\n",
                                 "\n\n", " ", "\t", "x", "\r", "é", "final  answer:"]), max_size=12))
def test_the_last_heading_is_the_regex_one(pieces: List[str]) -> None:
    text = "".join(pieces)
    every = list(_rules._HEADING_FINAL.finditer(text))
    found = _rules._last_heading(text, text.lower())
    assert (found and found.span()) == (every[-1].span() if every else None)


@settings(max_examples=800, deadline=None)
@given(st.text(alphabet="%\\5 \t\n}).a$x", max_size=24))
def test_percent_comments_are_hidden_as_by_the_regex(text: str) -> None:
    assert _scan._hide_percent_comments(text) == _scan._hide_all(text)


@pytest.mark.parametrize("text", ["50% of 8", "a % comment\nnext", "\\% escaped % real\n", "1/2}% and )%", "20 %",
                                  "x%\n%y", "% only"])
def test_percent_comment_examples(text: str) -> None:
    assert _scan._hide_percent_comments(text) == _scan._hide_all(text)
    assert len(_scan.hide_comments(text)) == len(text)
