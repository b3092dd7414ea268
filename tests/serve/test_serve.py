"""``mathgrade serve``: a real server process on 127.0.0.1 (an ephemeral port), real HTTP clients, real signals.

The server is started as users start it (``python -m mathgrade serve --port 0``) and says which port it got on its
first line. Faults are real: clients that go away mid-request, SIGTERM while a request is in flight. No timing
assertions: waits are bounded generously only so that a hang fails instead of blocking the suite.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest

httpx = pytest.importorskip("httpx", reason="the server tests need httpx: pip install '.[test]'")
pytest.importorskip("uvicorn", reason="the server tests need the serve extra: pip install '.[serve]'")

import mathgrade  # noqa: E402
from mathgrade.rewards import reward_func  # noqa: E402

import _server  # noqa: E402

TOKEN = "test-token-1234"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


class Server(_server.Server):
    """A ``mathgrade serve`` process that requires the tests' token."""

    def __init__(self, *args: str, token: Optional[str] = TOKEN) -> None:
        super().__init__(*args, token=token)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server("--workers", "2", "--max-rows", "500", "--max-body-mb", "1", "--timeout", "5")
    yield s
    assert s.stop() == 0


def _wait_until(condition: Any, seconds: float = 120.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


# --- the endpoints -----------------------------------------------------------------------------------------------

PROMPTS = ["<|im_start|>user\nWhat is 6*7?<|im_end|>\n<|im_start|>assistant\n", "Q: half of one?\nA:",
           "Q: roots of x^2-5x+6?\nA:", "Q: 2+2?\nA:"]
RESPONSES = ["So the answer is $\\boxed{42}$.<|im_end|>", " It is 0.5, the answer is $\\boxed{\\frac{1}{2}}$.",
             " $\\boxed{2}$ or $\\boxed{3}$", " I think 4"]
LABELS = ["42", "0.5", "2, 3", "4"]


def test_reward_in_openrlhf_format(server: Server) -> None:
    queries = [p + r for p, r in zip(PROMPTS, RESPONSES)]
    with server.client() as c:
        r = c.post("/reward", json={"query": queries, "prompts": PROMPTS, "labels": LABELS})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["rewards"] == [1.0, 1.0, 0.0, 0.0]
    assert body["scores"] == [1.0, 1.0, 0.0, 0.0]
    assert body == reward_func(queries, PROMPTS, LABELS)  # the same answer as in-process
    assert set(body["extra_logs"]) == {"correct", "answered", "grading_failed", "invalid_gold", "refused"}
    assert all(len(v) == 4 for v in body["extra_logs"].values())
    assert body["refusals"] == {}


def test_reward_rows_decided_before_the_workers_are_counted_and_an_empty_label_is_flagged(server: Server) -> None:
    before = {s: server.metric(f'mathgrade_verdicts_total{{status="{s}"}}') for s in ("invalid_gold", "no_answer",
                                                                                      "correct")}
    prompts = ["Q: 6*7?\nA:"] * 3
    responses = [" \\boxed{42}", " <think>so it is 4", " \\boxed{42}"]  # no label; cut off while thinking; fine
    with server.client() as c:
        r = c.post("/reward", json={"query": [p + x for p, x in zip(prompts, responses)], "prompts": prompts,
                                    "labels": ["", "42", "42"]})
        again = c.post("/reward", json={"query": [prompts[0] + " 1"], "prompts": prompts[:1], "labels": [None]})
    body = r.json()
    assert body["rewards"] == [0.0, 0.0, 1.0]
    assert body["extra_logs"]["invalid_gold"] == [1.0, 0.0, 0.0]
    assert again.json()["extra_logs"]["invalid_gold"] == [1.0]
    after = {s: server.metric(f'mathgrade_verdicts_total{{status="{s}"}}') for s in before}
    assert after == {"invalid_gold": before["invalid_gold"] + 2, "no_answer": before["no_answer"] + 1,
                     "correct": before["correct"] + 1}
    warnings = [line for line in server.lines if "empty or missing label" in line]
    assert len(warnings) == 1, server.lines  # once per run, with the count
    assert "1 of 3 rows" in warnings[0] and "--data.label_key" in warnings[0]


def test_reward_passes_the_prompt_on_as_the_problem(server: Server) -> None:
    prompt = "<|im_start|>user\nHow many eggs? (A) 36 (B) 42 (C) 48<|im_end|>\n<|im_start|>assistant\n"
    with server.client() as c:
        r = c.post("/reward", json={"query": [prompt + "So \\boxed{42}."], "prompts": [prompt], "labels": ["B"]})
        alone = c.post("/reward", json={"query": ["Q: So \\boxed{42}."], "prompts": ["Q:"], "labels": ["B"]})
    assert r.json()["rewards"] == [1.0] and alone.json()["rewards"] == [0.0]


def test_grade_rows_in_verdicts_out(server: Server) -> None:
    rows = [{"output": "The answer is $\\frac{9}{7}$.", "gold": "\\frac{9}{7}"},
            {"answer": "We get 41.", "gold": "42"},
            {"output": "so 5", "gold": "5"},
            {"output": "", "gold": "1"}]
    with server.client() as c:
        r = c.post("/grade", json={"rows": rows})
        strict = c.post("/grade", json={"rows": rows[2:3], "options": {"policy": "reward", "timeout": 2}})
    assert r.status_code == 200, r.text
    verdicts = r.json()["verdicts"]
    assert [v["status"] for v in verdicts] == ["correct", "incorrect", "correct", "no_answer"]
    assert set(verdicts[0]) == {"correct", "status", "extracted", "rule", "reason"}
    assert verdicts[0]["extracted"] == "\\frac{9}{7}" and verdicts[0]["correct"] is True
    assert strict.json()["verdicts"][0]["status"] == "no_answer"  # the reward policy takes no unmarked answer


def test_grade_takes_a_rows_problem(server: Server) -> None:
    rows = [{"output": "So \\boxed{42}.", "gold": "B", "problem": "How many? (A) 36 (B) 42 (C) 48"},
            {"output": "So \\boxed{42}.", "gold": "B"}, {"output": "So \\boxed{42}.", "gold": "B", "problem": None}]
    with server.client() as c:
        r = c.post("/grade", json={"rows": rows})
    assert [v["correct"] for v in r.json()["verdicts"]] == [True, False, False]


def test_health_is_open_and_the_rest_needs_the_token(server: Server) -> None:
    health = httpx.get(server.url + "/health", timeout=60)
    assert health.status_code == 200 and health.json()["status"] == "ok" and health.json()["workers"] == 2
    body = {"rows": [{"output": "\\boxed{1}", "gold": "1"}]}
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}):
        r = httpx.post(server.url + "/grade", json=body, headers=headers, timeout=60)
        assert r.status_code == 401 and "bearer token" in r.json()["error"]
        assert r.headers["www-authenticate"] == "Bearer"
    assert httpx.get(server.url + "/metrics", timeout=60).status_code == 401
    assert httpx.post(server.url + "/grade", json=body, headers=AUTH, timeout=60).status_code == 200


@pytest.mark.parametrize("body,message", [
    (b"{not json", "not valid JSON: Expecting property name"),
    (b"\xff\xfe", "not valid JSON"),
    (b"[1, 2]", "must be a JSON object, not list"),
    (b'{"query": ["a"], "prompts": ["a"]}', "no field 'labels' (it has: 'query', 'prompts')"),
    (b'{"query": "a", "prompts": ["a"], "labels": ["1"]}', "'query' must be a list, not str"),
    (b'{"query": ["a", "b"], "prompts": ["a"], "labels": ["1"]}', "same length, not 2, 1 and 1"),
    (b'{"query": ["a"], "prompts": [3], "labels": ["1"]}', "'prompts'[0] must be a string, not int"),
])
def test_malformed_reward_requests_are_400_saying_what(server: Server, body: bytes, message: str) -> None:
    r = httpx.post(server.url + "/reward", content=body, headers=AUTH, timeout=60)
    assert r.status_code == 400
    assert message in r.json()["error"]


@pytest.mark.parametrize("data,message", [
    ({"rows": {"output": "1"}}, "'rows' must be a list of objects, not dict"),
    ({"rows": ["1"]}, "rows[0] must be an object with 'output' and 'gold', not str"),
    ({"rows": [{"output": "1", "gold": "1"}, {"gold": "1"}]}, "rows[1] must have 'output' (or 'answer') and 'gold'"),
    ({"rows": [{"output": 5, "gold": "1"}]}, "rows[0].output must be a string, not int"),
    ({"rows": [], "options": {"polcy": "eval"}}, "options: unknown option 'polcy'"),
    ({"rows": [], "options": {"timeout": 50}}, "timeout may be at most 5 s on this server"),
    ({"rows": [], "options": [1]}, "'options' must be an object, not list"),
    ({"rows": [{"output": "1", "gold": "1", "question": "q"}]}, "rows[0] has unknown keys 'question'"),
    ({"rows": [{"output": "1", "gold": "1", "problem": 3}]}, "rows[0].problem must be a string, not int"),
    ({"rows": [], "option": {}}, "unknown fields 'option'"),
])
def test_malformed_grade_requests_are_400_saying_what(server: Server, data: Dict[str, Any], message: str) -> None:
    r = httpx.post(server.url + "/grade", json=data, headers=AUTH, timeout=60)
    assert r.status_code == 400
    assert message in r.json()["error"]


@pytest.mark.parametrize("body,message", [
    (b'{"rows": [{"output": "1", "gold": ' + b"7" * 5000 + b"}]}", "a number has more digits than this server reads"),
    (b'{"rows": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested too deeply"),
    (b'{"rows": [{"output": "1", "gold": NaN}]}', "NaN is not a JSON number"),
    (b'{"query": ["a"], "prompts": ["a"], "labels": [Infinity]}', "Infinity is not a JSON number"),
])
def test_malformed_json_is_400_naming_the_problem(server: Server, body: bytes, message: str) -> None:
    for endpoint in ("/grade", "/reward"):
        r = httpx.post(server.url + endpoint, content=body, headers=AUTH, timeout=60)
        assert r.status_code == 400, r.text
        assert message in r.json()["error"]


def test_a_lone_surrogate_is_graded_and_written_back_without_harming_other_rows(server: Server) -> None:
    body = ('{"rows": [{"output": "\\\\boxed{\\ud800}", "gold": "5"}, {"output": "\\\\boxed{5}", "gold": "5"},'
            ' {"output": "\\\\boxed{5}", "gold": "\\udcff"}]}')
    r = httpx.post(server.url + "/grade", content=body.encode(), headers=AUTH, timeout=60)
    assert r.status_code == 200, r.text
    verdicts = json.loads(r.content)
    assert [v["status"] for v in verdicts["verdicts"]][1] == "correct"
    assert verdicts["verdicts"][0]["correct"] is False and verdicts["verdicts"][2]["correct"] is False
    reward = httpx.post(server.url + "/reward", headers=AUTH, timeout=60, content=(
        '{"query": ["Q:\\ud800 \\\\boxed{5}", "Q: \\\\boxed{5}"], "prompts": ["Q:\\ud800", "Q:"], '
        '"labels": ["5", "5"]}').encode())
    assert reward.status_code == 200, reward.text
    assert reward.json()["rewards"] == [1.0, 1.0]


def _codes(server: Server, code: str) -> float:
    return server.metric(f'mathgrade_requests_total{{code="{code}",endpoint="grade"}}')


def test_a_client_that_disconnects_during_the_upload_is_a_cancelled_request(server: Server) -> None:
    cancelled, errors = server.metric("mathgrade_requests_cancelled_total"), _codes(server, "500")
    host, port = server.url.rsplit("/", 1)[-1].rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=60) as s:
        s.sendall(b"POST /grade HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  + f"Authorization: Bearer {TOKEN}\r\nContent-Length: 100000\r\n\r\n".encode() + b'{"rows": [')
        time.sleep(0.5)
    assert _wait_until(lambda: server.metric("mathgrade_requests_cancelled_total") == cancelled + 1)
    assert _codes(server, "500") == errors
    assert _codes(server, "499") >= 1


def test_health_answers_while_a_large_reward_request_is_worked_on() -> None:
    s = Server("--workers", "1", "--max-rows", "4096", "--max-body-mb", "64")
    try:
        prompts = [f"Q{i}: what is {i}+{i}? " + "Think about it. " * 300 for i in range(4096)]
        queries = [p + "We add. " * 200 + f"The answer is $\\boxed{{{2 * i}}}$." for i, p in enumerate(prompts)]
        body = json.dumps({"query": queries, "prompts": prompts, "labels": [str(2 * i) for i in range(4096)]})
        assert len(body) > 40_000_000  # (issue 24: one 40 MB /reward held /health for 3.4 s)
        result: Dict[str, Any] = {}

        def post() -> None:
            with s.client() as c:
                result["response"] = c.post("/reward", content=body.encode(),
                                            headers={"Content-Type": "application/json"})

        thread = threading.Thread(target=post)
        thread.start()
        answered_meanwhile = 0
        slowest = 0.0
        while thread.is_alive():
            asked = time.perf_counter()
            if httpx.get(s.url + "/health", timeout=60).status_code == 200 and thread.is_alive():
                answered_meanwhile += 1
                slowest = max(slowest, time.perf_counter() - asked)
            time.sleep(0.05)
        print(f"/health answered {answered_meanwhile} times during a {len(body) / 1e6:.0f} MB /reward, slowest in {slowest:.3f} s")
        thread.join()
        assert result["response"].status_code == 200
        assert result["response"].json()["rewards"] == [1.0] * 4096
        assert answered_meanwhile >= 3  # the event loop was free while the request was read, planned and graded
    finally:
        assert s.stop() == 0


def test_too_many_rows_or_bytes_is_413(server: Server) -> None:
    with server.client() as c:
        rows = c.post("/grade", json={"rows": [{"output": "\\boxed{1}", "gold": "1"}] * 501})
        big = c.post("/reward", json={"query": ["x" * (1 << 20)], "prompts": [""], "labels": ["1"]})
        ok = c.post("/grade", json={"rows": [{"output": "\\boxed{1}", "gold": "1"}] * 500})
    assert rows.status_code == 413 and "501 rows" in rows.json()["error"] and "at most 500" in rows.json()["error"]
    assert big.status_code == 413 and "at most 1048576" in big.json()["error"]
    assert ok.status_code == 200 and len(ok.json()["verdicts"]) == 500


def test_body_without_content_length_is_still_limited(server: Server) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"rows": ["'
        for _ in range(40):
            yield b"x" * 32768
        yield b'"]}'

    r = httpx.post(server.url + "/grade", content=chunks(), headers=AUTH, timeout=60)
    assert r.status_code == 413 and "over 1048576 bytes" in r.json()["error"]


def test_16_concurrent_clients_get_their_own_answers(server: Server) -> None:
    def one(i: int) -> Tuple[int, List[float]]:
        golds = [str(i + k) for k in range(8)]
        responses = [f"The answer is $\\boxed{{{i + k + (k % 2)}}}$." for k in range(8)]
        with server.client() as c:
            r = c.post("/reward", json={"query": [f"P{i}" + s for s in responses], "prompts": [f"P{i}"] * 8,
                                        "labels": golds})
        return r.status_code, r.json()["rewards"]

    with ThreadPoolExecutor(16) as pool:
        results = list(pool.map(one, range(64)))
    assert results == [(200, [1.0, 0.0] * 4)] * 64


def test_metrics_count_requests_rows_and_statuses(server: Server) -> None:
    before_rows = server.metric("mathgrade_rows_total")
    before_incorrect = server.metric('mathgrade_verdicts_total{status="incorrect"}')
    with server.client() as c:
        c.post("/grade", json={"rows": [{"output": "\\boxed{1}", "gold": "2"}] * 3})
    text = httpx.get(server.url + "/metrics", headers=AUTH, timeout=60).text
    for name in ("mathgrade_requests_total", "mathgrade_request_duration_seconds_bucket",
                 "mathgrade_requests_in_progress", "mathgrade_requests_cancelled_total",
                 "mathgrade_rows_graded_total", "mathgrade_rows_in_flight", "mathgrade_verdicts_total"):
        assert name in text
    assert server.metric("mathgrade_rows_total") == before_rows + 3
    assert server.metric('mathgrade_verdicts_total{status="incorrect"}') == before_incorrect + 3
    assert 'mathgrade_requests_total{code="401",endpoint="grade"}' in text


def test_small_requests_answered_on_the_loop_are_counted_once(server: Server) -> None:
    # a small request's parsing and answer are done on the event loop, and a one-row request of a short row is graded
    # there at once: each verdict and row is counted once, as any other request's, and the verdicts are grade()'s
    rows = [("\\boxed{1}", "1"), ("\\boxed{1}", "2"), ("$\\boxed{(x+1)^2}$", "x^2+2x+1"), ("so 7", "\\frac{14}{2}")]
    statuses = {s: server.metric(f'mathgrade_verdicts_total{{status="{s}"}}') for s in ("correct", "incorrect")}
    graded = server.metric("mathgrade_rows_graded_total")
    with server.client() as c:
        for output, gold in rows:
            r = c.post("/grade", json={"rows": [{"output": output, "gold": gold}]})
            assert r.status_code == 200, r.text
            assert r.json()["verdicts"][0]["correct"] == mathgrade.grade(output, gold).correct
    assert server.metric("mathgrade_rows_graded_total") == graded + len(rows)
    assert server.metric('mathgrade_verdicts_total{status="correct"}') == statuses["correct"] + 3
    assert server.metric('mathgrade_verdicts_total{status="incorrect"}') == statuses["incorrect"] + 1


# --- start-up checks ---------------------------------------------------------------------------------------------


def _serve_fails(*args: str, env: Optional[Dict[str, str]] = None) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k != "MATHGRADE_SERVE_TOKEN"}
    environ.update(env or {})
    return subprocess.run([sys.executable, "-m", "mathgrade", "serve", "--port", "0", *args], env=environ,
                          capture_output=True, text=True, timeout=120)


def test_another_address_needs_a_token() -> None:
    proc = _serve_fails("--host", "0.0.0.0")
    assert proc.returncode == 2
    assert "refusing to serve on 0.0.0.0 without a bearer token" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_token_env_must_be_set() -> None:
    proc = _serve_fails("--token-env", "NO_SUCH_VARIABLE_FOR_MATHGRADE")
    assert proc.returncode == 2 and "NO_SUCH_VARIABLE_FOR_MATHGRADE is not set" in proc.stderr


def test_port_in_use_is_a_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        proc = subprocess.run([sys.executable, "-m", "mathgrade", "serve", "--port", str(port)],
                              capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in proc.stderr


# --- faults: clients that leave, shutdown with requests in flight -----------------------------------------------

SLOW = [(f"so $\\boxed{{\\tan(x)^2+1+{k}}}$", f"\\sec(x)^2+{k if k % 2 else k + 1}") for k in range(500)]
"""Rows that need symbolic work (tens of milliseconds each); right on odd rows."""


def _slow_request(n: int) -> bytes:
    return json.dumps({"rows": [{"output": o, "gold": g} for o, g in SLOW[:n]]}).encode()


def _grade_in_background(server: Server, n: int) -> Tuple[threading.Thread, Dict[str, Any]]:
    """POST the first ``n`` slow rows to ``/grade`` from a thread; the result dict gets ``status`` and ``body``."""
    result: Dict[str, Any] = {}

    def post() -> None:
        with server.client() as c:
            r = c.post("/grade", content=_slow_request(n), headers={"Content-Type": "application/json"})
            result["status"], result["body"] = r.status_code, r.json()

    thread = threading.Thread(target=post)
    thread.start()
    return thread, result


def test_a_client_that_disconnects_stops_its_work(server: Server) -> None:
    graded_before = server.metric("mathgrade_rows_graded_total")
    cancelled_before = server.metric("mathgrade_requests_cancelled_total")
    received_before = server.metric("mathgrade_rows_total")
    body = _slow_request(500)
    host, port = server.url.rsplit("/", 1)[-1].rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=60) as s:
        s.sendall(b"POST /grade HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  + f"Authorization: Bearer {TOKEN}\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
        assert _wait_until(lambda: server.metric("mathgrade_rows_total") == received_before + 500)
    # the client is gone: the request ends without grading the rest, and the server goes on serving
    assert _wait_until(lambda: server.metric("mathgrade_requests_cancelled_total") == cancelled_before + 1)
    assert _wait_until(lambda: server.metric("mathgrade_requests_in_progress") == 0)
    assert _wait_until(lambda: server.metric("mathgrade_rows_in_flight") == 0)  # the chunks workers had taken
    at_end = server.metric("mathgrade_rows_graded_total")
    assert at_end - graded_before < 500
    time.sleep(1.0)
    assert server.metric("mathgrade_rows_graded_total") == at_end
    with server.client() as c:
        assert c.post("/grade", json={"rows": [{"output": "\\boxed{1}", "gold": "1"}]}).json()["verdicts"][0][
            "correct"]


def test_sigterm_finishes_the_requests_in_flight() -> None:
    # (a graceful timeout far above what 200 slow rows take on a saturated machine: the default 60 s is not)
    s = Server("--workers", "2", "--graceful-timeout", "600")
    thread, result = _grade_in_background(s, 200)
    try:
        assert _wait_until(lambda: s.metric("mathgrade_requests_in_progress") >= 1)
        s.proc.send_signal(signal.SIGTERM)
        thread.join(300)
        assert s.proc.wait(120) == 0
    finally:
        s.stop()
    assert result["status"] == 200
    verdicts = result["body"]["verdicts"]
    assert len(verdicts) == 200
    assert [v["correct"] for v in verdicts] == [k % 2 == 1 for k in range(200)]
    with pytest.raises(httpx.TransportError):  # no longer accepting connections
        httpx.get(s.url + "/health", timeout=10)


def _worker_pids(parent: int) -> List[int]:
    """The server's grading worker processes: its children that run multiprocessing's spawn entry point or the
    server's own command line (forked), not multiprocessing's resource tracker."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue
        if ppid == parent and "resource_tracker" not in cmdline and ("spawn_main" in cmdline or "mathgrade" in cmdline):
            pids.append(int(entry))
    return pids


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the worker processes in /proc (Linux)")
def test_a_worker_killed_mid_request_costs_only_its_rows(server: Server) -> None:
    graded_before = server.metric("mathgrade_rows_graded_total")
    thread, result = _grade_in_background(server, 500)
    assert _wait_until(lambda: server.metric("mathgrade_rows_graded_total") > graded_before)
    workers = _worker_pids(server.proc.pid)
    assert workers, "no worker process found"
    os.kill(workers[0], signal.SIGKILL)
    thread.join(300)
    assert result["status"] == 200, result
    verdicts = result["body"]["verdicts"]
    assert len(verdicts) == 500
    failed = [k for k, v in enumerate(verdicts) if v["status"] not in ("correct", "incorrect")]
    assert all(verdicts[k]["status"] in ("error", "timeout") for k in failed)
    assert len(failed) <= 64  # at most the chunk the worker was grading; the other rows are graded as usual
    assert all(v["correct"] == (k % 2 == 1) for k, v in enumerate(verdicts) if k not in failed)
    with server.client() as c:  # the server keeps serving, on a replaced worker
        r = c.post("/grade", json={"rows": [{"output": o, "gold": g} for o, g in SLOW[:8]]})
    assert [v["correct"] for v in r.json()["verdicts"]] == [k % 2 == 1 for k in range(8)]


def test_a_slowly_sent_body_times_out_with_408() -> None:
    """The server as an application (its body time limit set to 1 s), served by uvicorn on 127.0.0.1 in this
    process; a client sends its headers and a few bytes, then nothing."""
    import uvicorn

    from mathgrade.serve import ServeSettings, create_app

    app = create_app(ServeSettings(workers=1, body_timeout=1.0))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        assert _wait_until(lambda: server.started)
        with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
            s.sendall(b"POST /grade HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 1000\r\n\r\n" + b'{"rows": [')
            answer = s.recv(65536).decode()
        assert answer.startswith("HTTP/1.1 408"), answer
        assert "not received within 1 s" in answer
        r = httpx.post(f"http://127.0.0.1:{port}/grade", json={"rows": [{"output": "\\boxed{1}", "gold": "1"}]},
                       timeout=60)
        assert r.status_code == 200 and r.json()["verdicts"][0]["correct"]
    finally:
        server.should_exit = True
        thread.join(120)
        sock.close()


def test_body_timeout_from_the_command_line_frees_many_slow_connections() -> None:
    """``mathgrade serve --body-timeout 2``: 40 clients that send their headers and a few bytes of body, then nothing
    (issue 24: 100 such connections were held for 25 s), each get a 408 saying so; meanwhile ``/health`` and a real
    request are answered."""
    s = Server("--workers", "1", "--body-timeout", "2")
    host, port = s.url.rsplit("/", 1)[-1].rsplit(":", 1)
    sockets: List[socket.socket] = []
    try:
        for _ in range(40):
            c = socket.create_connection((host, int(port)), timeout=120)
            c.sendall(b"POST /grade HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      + f"Authorization: Bearer {TOKEN}\r\nContent-Length: 5000\r\n\r\n".encode() + b'{"rows": [')
            sockets.append(c)
        assert httpx.get(s.url + "/health", timeout=60).status_code == 200
        with s.client() as client:
            r = client.post("/grade", json={"rows": [{"output": "\\boxed{2}", "gold": "2"}]})
        assert r.status_code == 200 and r.json()["verdicts"][0]["correct"] is True
        answers = []
        for c in sockets:
            data = b""
            while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
                chunk = c.recv(65536)
                if not chunk:
                    break
                data += chunk
            answers.append(data.decode())
        assert all(a.startswith("HTTP/1.1 408") and "not received within 2 s" in a for a in answers), answers[:2]
        assert s.metric('mathgrade_requests_total{code="408",endpoint="grade"}') == 40
        assert s.metric('mathgrade_requests_total{code="500",endpoint="grade"}') == 0
    finally:
        for c in sockets:
            c.close()
        assert s.stop() == 0
