"""Math-Verify's ``test_timeout.py`` (a parse or a comparison that runs out of time gives ``[]`` / ``False``, or raises
``TimeoutException`` with ``raise_on_error=True``), with real work and real limits, in threads.

Math-Verify's own tests replace a step by one that sleeps 5 s. Here nothing is replaced: ``parse`` and ``verify`` do
their real work under a limit far below what that work takes (a microsecond: reading any answer takes longer on any
machine), so the limit, not a stand-in, stops them. mathgrade bounds its work by size before it starts (digits,
exponents, nesting, expansion), so no input runs for seconds and a slow input cannot serve here. Each limit is checked
both ways: under it the call times out, without it (or with a generous one) the same call gives its answer, so a
compat layer that ignored ``parsing_timeout`` or ``timeout_seconds`` fails these tests.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Callable, List

import pytest

from mathgrade.compat.math_verify import ParsedAnswer, TimeoutException, parse, verify

pytestmark = pytest.mark.compat

TOO_SHORT = 1e-6
"""A limit every real parse or comparison exceeds (seconds)."""

LONG_OUTPUT = " ".join(f"Step {i}: we get $x_{{{i}}} = \\frac{{{i}}}{{{i + 7}}}$." for i in range(2000)) \
    + " So the answer is $\\boxed{\\frac{1}{2}}$."
PAIRS = [("$\\sin^2 x + \\cos^2 x$", "$1$"), ("$\\frac{1}{2}$", "$0.5$"), ("$(x+1)^2$", "$x^2+2x+1$")]


def _in_threads(jobs: List[Callable[[], object]]) -> List[object]:
    """Run each job in a thread of its own (several at once), their results or exceptions in order."""

    def run(job: Callable[[], object]) -> object:
        try:
            return job()
        except Exception as exc:  # noqa: BLE001 - returned for the assertions
            return exc

    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(run, jobs))


@pytest.mark.parametrize("text", ["$1+1$", LONG_OUTPUT])
def test_a_parse_past_its_limit_gives_nothing_or_raises(text: str) -> None:
    got = _in_threads([
        lambda: parse(text, parsing_timeout=TOO_SHORT),
        lambda: parse(text, parsing_timeout=TOO_SHORT, extraction_mode="first_match", fallback_mode="no_fallback"),
        lambda: parse(text, parsing_timeout=TOO_SHORT, raise_on_error=True),
        lambda: parse(text, parsing_timeout=None, raise_on_error=True),  # the same work without a limit
        lambda: parse(text, parsing_timeout=60, raise_on_error=True),
    ])
    assert got[0] == [] and got[1] == []
    assert isinstance(got[2], TimeoutException)
    for full in got[3:]:
        assert isinstance(full, list) and isinstance(full[0], ParsedAnswer), full
        assert verify(full, parse("$\\frac{1}{2}$" if text == LONG_OUTPUT else "$2$"))


@pytest.mark.parametrize("gold, answer", PAIRS)
def test_a_comparison_past_its_limit_is_not_a_match_or_raises(gold: str, answer: str) -> None:
    g, a = parse(gold), parse(answer)
    got = _in_threads([
        lambda: verify(g, a, timeout_seconds=TOO_SHORT),
        lambda: verify(g, a, timeout_seconds=TOO_SHORT, raise_on_error=True),
        lambda: verify(g, a, timeout_seconds=None, raise_on_error=True),  # the same comparison without a limit
        lambda: verify(g, a, timeout_seconds=60, raise_on_error=True),
    ])
    assert got[0] is False
    assert isinstance(got[1], TimeoutException)
    assert got[2] is True and got[3] is True


def test_a_timed_out_call_leaves_the_others_in_other_threads_alone() -> None:
    g, a = parse("$\\sin^2 x + \\cos^2 x$"), parse("$1$")
    jobs: List[Callable[[], object]] = []
    for i in range(12):
        if i % 3 == 0:
            jobs.append(lambda: verify(g, a, timeout_seconds=TOO_SHORT))
        else:
            jobs.append(lambda i=i: verify(parse(f"${i}$", parsing_timeout=60),
                                           parse(f"so $\\boxed{{{i}}}$", parsing_timeout=60), timeout_seconds=60))
    assert _in_threads(jobs) == [i % 3 != 0 for i in range(12)]
