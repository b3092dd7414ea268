"""The fuzz target of issue 24: ``grade``, ``read``, ``extract``, ``explain()``, ``to_dict()`` and the server's request
handling, on inputs from the grammars of ``_fuzz_strategies.py`` (LaTeX-ish answers, numbers of every size, model
outputs, unicode with lone surrogates, deep nesting, mutations). The property (``_fuzz_targets.py``): nothing
raises, no verdict is ``error``, every verdict prints and serialises to JSON, and the memory held stays bounded.

Here each target runs a bounded number of examples on a fixed seed (``derandomize``), well under two minutes in all
on a busy 2-core machine; ``MATHGRADE_FUZZ_EXAMPLES=N`` multiplies the counts by N. A long run, with its count of
inputs tried and its findings, is ``python scripts/fuzz.py --minutes 60`` (see docs/reliability.md). Every finding,
once fixed, goes into ``corpus.jsonl`` beside this file and is replayed by :func:`test_corpus_finding_stays_fixed`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import _fuzz_strategies as S
from _fuzz_targets import check_extract, check_grade, check_read, check_server, json_body, rss_mb
from _server import Server
from mathgrade._read import _CACHE, READ_CACHE_BYTES, _footprint, read_cache_stats

_RSS_AT_START: List[float] = []
"""The process's RSS when this module's first test began (not at collection: the tests of other modules that run in
between are not this module's growth)."""


@pytest.fixture(autouse=True, scope="module")
def _rss_at_start() -> None:
    _RSS_AT_START.append(rss_mb())
CORPUS = Path(__file__).resolve().parent / "corpus.jsonl"
SCALE = max(1, int(os.environ.get("MATHGRADE_FUZZ_EXAMPLES", "1")))


def _settings(examples: int) -> settings:
    return settings(max_examples=examples * SCALE, derandomize=True, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck), print_blob=True)


def _corpus() -> List[Dict[str, Any]]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="ascii").splitlines() if line.strip()]


def _cases(target: str) -> List[Any]:
    return [pytest.param(c, id=f"{target}-{i}") for i, c in enumerate(_corpus()) if c["target"] == target]


# ---- past findings --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", _cases("grade") + _cases("read") + _cases("extract"))
def test_corpus_finding_stays_fixed(case: Dict[str, Any]) -> None:
    target = case["target"]
    if target == "grade":
        check_grade(case["output"], case["gold"], case.get("policy", "eval"))
        if "status" in case:  # the verdict the finding was fixed to give
            from mathgrade import grade
            v = grade(case["output"], case["gold"], policy=case.get("policy", "eval"))
            assert v.status.value == case["status"], v.explain()
    elif target == "read":
        check_read(case["text"])
    else:
        check_extract(case["output"], case.get("policy", "eval"))


def test_corpus_is_well_formed() -> None:
    cases = _corpus()
    assert len(cases) >= 10
    for c in cases:
        assert c["target"] in ("grade", "read", "extract", "server") and c.get("found"), c


# ---- bounded runs on a fixed seed -----------------------------------------------------------------------------------

def test_fuzz_read() -> None:
    @_settings(600)
    @given(S.answers)
    def run(text: str) -> None:
        check_read(text)

    run()


def test_fuzz_extract() -> None:
    @_settings(250)
    @given(S.outputs(), st.sampled_from(["eval", "reward"]))
    def run(output: str, policy: str) -> None:
        check_extract(output, policy)

    run()


def test_fuzz_grade() -> None:
    @_settings(300)
    @given(S.outputs(), S.answers, st.sampled_from(["eval", "reward"]))
    def run(output: str, gold: str, policy: str) -> None:
        check_grade(output, gold, policy, timeout=5.0)

    run()


def test_fuzz_grade_on_answers_against_themselves() -> None:
    """The same text on both sides, and each side a near miss of the other: the paths that compare, not only read."""
    @_settings(200)
    @given(S.latex, S.mutated_latex)
    def run(a: str, b: str) -> None:
        check_grade(f"\\boxed{{{a}}}", a)
        check_grade(f"\\boxed{{{a}}}", b)

    run()


def test_fuzz_memory_stays_bounded() -> None:
    """After the runs above, the process has grown by no more than the reader cache's bound plus a margin for
    hypothesis and the stages' tables (one runaway input once took 11 GB), and the cache's byte count is the sum
    of what its entries were counted at."""
    growth = rss_mb() - _RSS_AT_START[0]
    assert growth < READ_CACHE_BYTES / 2**20 + 300, growth
    stats = read_cache_stats()
    with _CACHE._lock:
        stored = sum(size for _, size in _CACHE._data.values())
        counted = sum(_footprint(text, reading) for text, (reading, _) in _CACHE._data.items())
    assert stats["bytes"] == stored <= stats["max_bytes"], stats  # insertions and evictions add up
    assert 0.75 * stored <= counted <= 1.25 * stored, (stored, counted)  # (sizes of strings vary with their caches)
    assert stats["entries"] <= stats["max_entries"], stats


# ---- the server -----------------------------------------------------------------------------------------------------

httpx = pytest.importorskip("httpx", reason="the server's fuzz target needs httpx: pip install '.[test]'")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    pytest.importorskip("uvicorn", reason="the server's fuzz target needs the serve extra")
    server = Server("--workers", "1", "--timeout", "5")
    try:
        with httpx.Client(base_url=server.url, timeout=300) as c:
            yield c
    finally:
        server.stop()


_ROW = st.fixed_dictionaries({"output": S.outputs(), "gold": S.answers})
_JUNK = st.one_of(
    st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=False),
                           st.text(max_size=20)),
                 lambda inner: st.one_of(st.lists(inner, max_size=4),
                                         st.dictionaries(st.sampled_from(["rows", "output", "gold", "answer",
                                                                          "options", "timeout", "policy", "query",
                                                                          "prompts", "labels", "x"]), inner,
                                                         max_size=4)), max_leaves=12),
)


def test_fuzz_server_grade(client: Any) -> None:
    @_settings(40)
    @given(st.lists(_ROW, min_size=1, max_size=6), st.sampled_from([None, {}, {"policy": "reward"}, {"timeout": 1}]))
    def run(rows: List[Dict[str, str]], options: Any) -> None:
        body: Dict[str, Any] = {"rows": rows}
        if options is not None:
            body["options"] = options
        check_server(client, "/grade", json_body(body), rows=len(rows))

    run()


def test_fuzz_server_reward(client: Any) -> None:
    @_settings(25)
    @given(st.lists(st.tuples(S.outputs(), S.answers), min_size=1, max_size=4))  # surrogates too: /reward echoes
    def run(pairs: List[Any]) -> None:  # no text
        body = {"query": [o for o, _ in pairs], "prompts": ["" for _ in pairs], "labels": [g for _, g in pairs]}
        status, answer = check_server(client, "/reward", json_body(body))
        assert status == 200 and len(answer["rewards"]) == len(pairs), answer

    run()


def test_fuzz_server_malformed_requests(client: Any) -> None:
    """Bodies of every shape: junk JSON values, cut-off JSON, bytes that are not UTF-8 — a 4xx with a JSON error or
    a 200, never a 5xx."""
    @_settings(60)
    @given(st.one_of(_JUNK.map(json_body),
                     S.outputs().map(lambda s: json_body({"rows": [{"output": s, "gold": "1"}]})[:-3]),
                     st.binary(max_size=200)),
           st.sampled_from(["/grade", "/reward"]))
    def run(body: bytes, path: str) -> None:
        check_server(client, path, body)

    run()


_ONCE_OPEN = [  # inputs that were answered 500 before issue 24 item 5
    ("surrogate", json_body({"rows": [{"output": "\\boxed{\ud800}", "gold": "5"}]})),
    ("number past the int/str limit", b'{"rows": [{"output": "1", "gold": ' + b"9" * 5000 + b"}]}"),
    ("100,000-deep JSON", b'{"rows": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
]


@pytest.mark.parametrize("name, body", _ONCE_OPEN, ids=[n for n, _ in _ONCE_OPEN])
def test_server_inputs_once_answered_500(client: Any, name: str, body: bytes) -> None:
    check_server(client, "/grade" if b"rows" in body else "/reward", body)
