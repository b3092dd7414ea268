"""A test-only OpenAI-compatible server that answers by replaying recorded real model outputs, with faults on demand.

Run as ``python tests/eval/replay_server.py --data FILE [--model NAME] [--port 0]`` (or :func:`launch` it): it
binds 127.0.0.1, prints ``PORT <n>`` on stdout once it accepts connections, and serves until killed. Built on
Starlette and uvicorn, the stack vLLM's own OpenAI server uses.

- ``GET /v1/models``, ``POST /v1/chat/completions``, ``POST /v1/completions``: a request's problem is the recorded
  problem whose text (whitespace normalised) appears in the prompt (the last message, or the prompt string); the
  answer is one of that problem's recorded outputs, chosen by the request's ``seed`` (``seed % outputs``), so the
  same request always gets the same answer. ``usage`` counts a token per 4 characters; an output longer than
  ``max_tokens`` is cut there with ``finish_reason: "length"``. An unknown model is a 404 as vLLM gives it; a prompt
  with no recorded problem is a 400, unless the fallback is on (then it gets one of all the recorded outputs, chosen
  by a hash of the prompt and the seed: a real output, though for another problem).
- ``POST /_control/faults`` with ``{"rules": [...], "fallback": false}``: each rule ``{"kind", "share", "times",
  "retry_after", "delay", "salt"}`` applies to the share of samples (a sample is a problem and a seed, chosen by a
  hash) for their first ``times`` attempts. Kinds: ``429`` (with ``Retry-After``), ``500``, ``503``, ``slow`` (answer
  after ``delay`` seconds), ``drop`` (start the answer, then close the connection), ``length`` (answer cut to half,
  with ``finish_reason: "length"``), ``reasoning`` (chat: the output up to its last paragraph comes as
  ``reasoning_content``, as vLLM's reasoning parsers send it, the last paragraph as ``content``); ``delay`` is
  honoured by every kind.
- ``GET /_control/stats``: requests seen, as ``{"requests": [{"problem", "seed", "path", "status",
  "authorization", "body"}...]}`` (``body``: the request's JSON body as received; None when the server was
  started with ``--no-bodies``, as the benchmark does to keep its memory flat); ``POST /_control/reset`` forgets them, the faults and the fallback.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import socket
import subprocess
import sys
import threading
from typing import Any, Dict, List, Optional, Tuple

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route


def _normal(text: str) -> str:
    return " ".join(text.split())


class Replay:
    """The recorded outputs, by problem, and the server's faults and request log."""

    def __init__(self, rows: List[Dict[str, Any]], model: str, bodies: bool = True) -> None:
        self.model = model
        self.bodies = bodies
        self.outputs: Dict[str, List[str]] = {}
        for row in rows:
            self.outputs.setdefault(_normal(row["problem"]), []).append(row["text"])
        self.problems = sorted(self.outputs, key=len, reverse=True)  # the longest match wins
        self._found: Dict[str, Optional[str]] = {}
        self.rules: List[Dict[str, Any]] = []
        self.fallback = False
        self.everything = [text for texts in self.outputs.values() for text in texts]
        self.log: List[Dict[str, Any]] = []
        self.attempts: Dict[Tuple[str, Any, str], int] = {}

    def problem_of(self, prompt: str) -> Optional[str]:
        if prompt not in self._found:
            text = _normal(prompt)
            self._found[prompt] = next((p for p in self.problems if p in text), None)
        return self._found[prompt]

    def fault(self, sample: Tuple[str, Any, str]) -> Optional[Dict[str, Any]]:
        attempt = self.attempts.get(sample, 0)
        self.attempts[sample] = attempt + 1
        for rule in self.rules:
            digest = hashlib.sha256(f"{rule.get('salt', '')}|{sample}".encode()).digest()
            chosen = int.from_bytes(digest[:4], "big") / 2**32 < float(rule.get("share", 1.0))
            if chosen and attempt < int(rule.get("times", 1)):
                return rule
        return None


class _Dropped(Response):
    """Starts a 200 answer, sends part of its body, then fails: uvicorn closes the connection mid-answer."""

    def __init__(self) -> None:
        super().__init__()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", b"100000")]})
        await send({"type": "http.response.body", "body": b'{"id": "replay", "choices": [', "more_body": True})
        raise ConnectionAbortedError("replay server: dropping the connection on purpose")


def make_app(replay: Replay) -> Starlette:
    async def models(request: Request) -> Response:
        return JSONResponse({"object": "list", "data": [{"id": replay.model, "object": "model",
                                                         "owned_by": "replay"}]})

    async def chat(request: Request) -> Response:
        return await answer(request, chat=True)

    async def completions(request: Request) -> Response:
        return await answer(request, chat=False)

    async def answer(request: Request, chat: bool) -> Response:
        body = await request.json()
        if body.get("model") != replay.model:
            return _error(404, f"The model `{body.get('model')}` does not exist.", "NotFoundError")
        if chat:
            messages = body.get("messages") or []
            prompt = str(messages[-1].get("content", "")) if messages else ""
        else:
            prompt = str(body.get("prompt", ""))
        problem = replay.problem_of(prompt)
        seed = body.get("seed")
        entry = {"problem": problem, "seed": seed, "path": request.url.path, "status": 200,
                 "authorization": request.headers.get("authorization"), "body": body if replay.bodies else None}
        replay.log.append(entry)
        if problem is None and not replay.fallback:
            entry["status"] = 400
            return _error(400, "replay server: no recorded output for this prompt", "BadRequestError")
        rule = replay.fault((problem or prompt, seed, request.url.path))
        kind = rule.get("kind") if rule else None
        if rule and rule.get("delay"):
            await asyncio.sleep(float(rule["delay"]))
        if rule is not None and kind in ("429", "500", "503"):
            entry["status"] = int(kind)
            headers = {"Retry-After": str(rule["retry_after"])} if rule.get("retry_after") is not None else {}
            return _error(int(kind), f"replay server: injected {kind}", "ServiceUnavailable", headers)
        if kind == "drop":
            entry["status"] = -1
            return _Dropped()
        if problem is None:
            pick = int.from_bytes(hashlib.sha256(f"{prompt}|{seed}".encode()).digest()[:4], "big")
            text = replay.everything[pick % len(replay.everything)]
        else:
            outputs = replay.outputs[problem]
            text = outputs[(seed or 0) % len(outputs)]
        finish = "stop"
        max_tokens = body.get("max_tokens")
        if kind == "length":
            text, finish = text[: len(text) // 2], "length"
        elif isinstance(max_tokens, int) and len(text) > 4 * max_tokens:
            text, finish = text[: 4 * max_tokens], "length"
        choice: Dict[str, Any] = {"index": 0, "finish_reason": finish}
        if chat and kind == "reasoning":
            cut = text.rfind("\n\n") + 2 if "\n\n" in text else 0
            choice["message"] = {"role": "assistant", "reasoning_content": text[:cut], "content": text[cut:]}
        elif chat:
            choice["message"] = {"role": "assistant", "content": text}
        else:
            choice["text"] = text
        usage = {"prompt_tokens": max(1, len(prompt) // 4), "completion_tokens": max(1, len(text) // 4)}
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        return JSONResponse({"id": "replay", "object": "chat.completion" if chat else "text_completion",
                             "model": replay.model, "choices": [choice], "usage": usage})

    async def set_faults(request: Request) -> Response:
        control = await request.json()
        replay.rules = list(control.get("rules", []))
        replay.fallback = bool(control.get("fallback", False))
        replay.attempts.clear()
        return JSONResponse({"rules": len(replay.rules)})

    async def stats(request: Request) -> Response:
        return JSONResponse({"requests": replay.log})

    async def reset(request: Request) -> Response:
        replay.rules = []
        replay.fallback = False
        replay.log = []
        replay.attempts.clear()
        return JSONResponse({"reset": True})

    return Starlette(routes=[
        Route("/v1/models", models, methods=["GET"]),
        Route("/v1/chat/completions", chat, methods=["POST"]),
        Route("/v1/completions", completions, methods=["POST"]),
        Route("/_control/faults", set_faults, methods=["POST"]),
        Route("/_control/stats", stats, methods=["GET"]),
        Route("/_control/reset", reset, methods=["POST"]),
    ])


def _error(status: int, message: str, kind: str, headers: Optional[Dict[str, str]] = None) -> Response:
    return JSONResponse({"error": {"message": message, "type": kind, "code": status}}, status_code=status,
                        headers=headers)


def launch(data: str, model: str, timeout: float = 120.0,
           bodies: bool = True) -> "Tuple[subprocess.Popen[str], int]":
    """Start this server in its own process (``python replay_server.py``); return the process and its port once it
    accepts connections. The caller kills the process. ``bodies``: keep each request's body in the log."""
    proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--data", data, "--model", model, "--port",
                             "0", *([] if bodies else ["--no-bodies"])], stdout=subprocess.PIPE, text=True)
    line: List[str] = []
    reader = threading.Thread(target=lambda: line.append(proc.stdout.readline() if proc.stdout else ""), daemon=True)
    reader.start()
    reader.join(timeout=timeout)
    if not line or not line[0].startswith("PORT "):
        proc.kill()
        raise RuntimeError(f"the replay server did not start (it said {line!r}, exit code {proc.poll()})")
    return proc, int(line[0].split()[1])


def main(argv: Optional[List[str]] = None) -> None:
    import uvicorn

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", required=True, help="JSONL of recorded outputs: problem, text")
    p.add_argument("--model", default="replay-model")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--no-bodies", action="store_true", help="do not keep the requests' bodies in the log")
    args = p.parse_args(argv)
    with open(args.data, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", args.port))
    app = make_app(Replay(rows, args.model, bodies=not args.no_bodies))
    config = uvicorn.Config(app, log_level="critical", access_log=False,
                            lifespan="off", backlog=2048, timeout_keep_alive=30)
    server = uvicorn.Server(config)

    async def serve() -> None:
        task = asyncio.ensure_future(server.serve(sockets=[sock]))
        while not server.started:
            if task.done():
                task.result()
                return
            await asyncio.sleep(0.01)
        print(f"PORT {sock.getsockname()[1]}", flush=True)
        await task

    asyncio.run(serve())


if __name__ == "__main__":
    main()
