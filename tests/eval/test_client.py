"""The OpenAI-compatible client against the real replay server: answers, retries under injected faults (429 with
Retry-After, 500, 503, slow answers past the time limit, dropped connections), and the errors that stop a run."""

from __future__ import annotations

import asyncio
import socket
from typing import Any, List

import pytest

from mathgrade.evaluation import EndpointError, RetryPolicy, Sampling, load_task
from mathgrade.evaluation.client import Client, Completion, RequestFailed, request_body

ReplayServer = Any  # the fixture's class, in conftest.py

FAST = RetryPolicy(max_retries=4, base_delay=0.05, max_delay=0.2)
PROBLEM = load_task("math500").problems[0]  # the replay data holds outputs for MATH-500 problems 0-59


def _ask(server: ReplayServer, bodies: List[Any], retry: RetryPolicy = FAST, timeout: float = 30.0,
         model: str = "", retries: List[str] = None) -> List[Any]:  # type: ignore[assignment]
    async def go() -> List[Any]:
        on_retry = retries.append if retries is not None else None
        async with Client(server.url, retry=retry, timeout=timeout, concurrency=8, on_retry=on_retry) as client:
            if model:
                await client.check_model(model)
            return await asyncio.gather(*(client.complete(b) for b in bodies), return_exceptions=True)

    return asyncio.run(go())


def _body(server: ReplayServer, index: int = 0, chat: bool = True, **sampling: Any) -> Any:
    prompt = [{"role": "user", "content": PROBLEM.problem}] if chat else "Problem:\n" + PROBLEM.problem
    return request_body(server.model, prompt, Sampling(**sampling), index)


def test_chat_and_completion_answers_carry_text_usage_and_latency(replay: ReplayServer) -> None:
    chat, completion = _ask(replay, [_body(replay), _body(replay, chat=False)], model=replay.model)
    for answer in (chat, completion):
        assert isinstance(answer, Completion)
        assert "\\boxed{\\left( 3, \\frac{\\pi}{2} \\right)}" in answer.text
        assert answer.finish_reason == "stop" and answer.attempts == 1
        assert answer.completion_tokens == len(answer.text) // 4 and answer.prompt_tokens
        assert answer.latency_s is not None and answer.latency_s > 0
    paths = [r["path"] for r in replay.requests()]
    assert paths == ["/v1/chat/completions", "/v1/completions"] or sorted(paths) == sorted(
        ["/v1/chat/completions", "/v1/completions"])


def test_body_sends_only_what_is_set_and_a_seed_per_sample(replay: ReplayServer) -> None:
    body = request_body("m", "p", Sampling(temperature=0.6, max_tokens=None, seed=10, stop=("Q:",),
                                           extra={"top_k": 20}), 3)
    assert body == {"model": "m", "prompt": "p", "temperature": 0.6, "seed": 13, "stop": ["Q:"], "top_k": 20}
    with pytest.raises(ValueError, match="extra may not set temperature"):
        Sampling(extra={"temperature": 1})


@pytest.mark.parametrize("rule", [
    {"kind": "429", "retry_after": 0.2, "times": 2},
    {"kind": "500", "times": 2},
    {"kind": "503", "times": 1},
    {"kind": "drop", "times": 2},
])
def test_transient_faults_are_retried_until_the_answer_comes(replay: ReplayServer, rule: Any) -> None:
    replay.faults(dict(rule, share=1.0))
    retries: List[str] = []
    [answer] = _ask(replay, [_body(replay)], retries=retries)
    assert isinstance(answer, Completion), answer
    assert answer.attempts == rule["times"] + 1 and len(retries) == rule["times"]
    assert "\\boxed" in answer.text
    statuses = [r["status"] for r in replay.requests()]
    assert statuses[-1] == 200 and len(statuses) == rule["times"] + 1


def test_retry_after_is_honoured(replay: ReplayServer) -> None:
    replay.faults({"kind": "429", "retry_after": 1.5, "times": 1, "share": 1.0})
    loop_time: List[float] = []

    async def go() -> Any:
        async with Client(replay.url, retry=RetryPolicy(base_delay=0.01, max_delay=0.01)) as client:
            start = asyncio.get_running_loop().time()
            answer = await client.complete(_body(replay))
            loop_time.append(asyncio.get_running_loop().time() - start)
            return answer

    answer = asyncio.run(go())
    assert answer.attempts == 2
    assert loop_time[0] >= 1.5  # the server's Retry-After, not the 0.01 s backoff


def test_a_slow_answer_past_the_time_limit_is_asked_again(replay: ReplayServer) -> None:
    replay.faults({"kind": "slow", "delay": 5.0, "times": 1, "share": 1.0})
    [answer] = _ask(replay, [_body(replay)], timeout=1.0)
    assert isinstance(answer, Completion) and answer.attempts == 2


def test_retries_give_up_after_the_limit(replay: ReplayServer) -> None:
    replay.faults({"kind": "503", "times": 100, "share": 1.0})
    [failure] = _ask(replay, [_body(replay)], retry=RetryPolicy(max_retries=2, base_delay=0.01))
    assert isinstance(failure, RequestFailed)
    assert "HTTP 503" in str(failure) and "gave up after 3 attempts" in str(failure)
    assert len(replay.requests()) == 3


def test_a_refused_request_fails_without_retry(replay: ReplayServer) -> None:
    body = dict(_body(replay), messages=[{"role": "user", "content": "a prompt the server never recorded"}])
    [failure] = _ask(replay, [body])
    assert isinstance(failure, RequestFailed) and failure.status == 400
    assert "no recorded output" in str(failure) and len(replay.requests()) == 1


def test_unknown_model_and_unreachable_endpoint_name_the_url(replay: ReplayServer) -> None:
    with pytest.raises(EndpointError, match=r"model 'nope' is not served at http://127\.0\.0\.1:\d+/v1; it serves: "
                                            + replay.model):
        _ask(replay, [], model="nope")
    [failure] = _ask(replay, [dict(_body(replay), model="nope")])
    assert isinstance(failure, EndpointError) and "HTTP 404" in str(failure) and replay.url in str(failure)
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there now

    async def check() -> None:
        async with Client(f"http://127.0.0.1:{port}/v1") as client:
            await client.check_model("m")

    with pytest.raises(EndpointError, match=f"cannot reach http://127.0.0.1:{port}/v1"):
        asyncio.run(check())
