"""Fixtures of the evaluation tests: the replay server (``replay_server.py``, a real OpenAI-compatible HTTP server
on 127.0.0.1 replaying recorded model outputs) started once per session in its own process, and reset before each
test that uses it."""

from __future__ import annotations

import json
import os
import sys
import urllib.request
from typing import Any, Dict, Iterator, List

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "replay_outputs.jsonl")
MODEL = "sky-t1-replay"

for _module in ("aiohttp", "starlette", "uvicorn"):
    pytest.importorskip(_module, reason=f"the eval tests need {_module}: pip install '.[test]'")


class ReplayServer:
    """Handle on the running replay server: its ``url`` (ending in /v1) and its control endpoints."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.root = f"http://127.0.0.1:{port}"
        self.url = self.root + "/v1"
        self.model = MODEL

    def _call(self, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.root + path, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read())

    def faults(self, *rules: Dict[str, Any], fallback: bool = False) -> None:
        """Inject faults (see replay_server.py); ``fallback``: answer prompts of unrecorded problems too."""
        self._call("/_control/faults", {"rules": list(rules), "fallback": fallback})

    def reset(self) -> None:
        self._call("/_control/reset", {})

    def requests(self) -> List[Dict[str, Any]]:
        return list(self._call("/_control/stats")["requests"])


@pytest.fixture(scope="session")
def replay_server_process() -> Iterator[ReplayServer]:
    sys.path.insert(0, HERE)
    try:
        from replay_server import launch
    finally:
        sys.path.remove(HERE)
    proc, port = launch(DATA, MODEL)
    try:
        yield ReplayServer(port)
    finally:
        proc.kill()
        proc.wait(timeout=30)


@pytest.fixture
def replay(replay_server_process: ReplayServer) -> ReplayServer:
    """The replay server, with no faults and an empty request log."""
    replay_server_process.reset()
    return replay_server_process
