"""The reward server's HTTP application (Starlette, served by uvicorn).

Each request is read with a size limit, parsed (off the event loop when large), checked field by field, graded on
the worker pool (:mod:`._grading`) and answered in JSON; every failure is a JSON ``{"error": "..."}`` whose message
says what was wrong and where. While a request is graded the server watches its connection: when the client goes
away, the request's remaining rows are not graded.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Dict, List, Optional, Sequence, Tuple

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .. import __version__
from ..options import Options, make_options
from ..rewards import Reward, make_reward
from ..rewards._openrlhf import openrlhf_body, openrlhf_inputs
from ..verdict import Verdict
from ._grading import Grading, make_pool
from ._metrics import CONTENT_TYPE, Metrics

if TYPE_CHECKING:
    from ..pool import WorkerPool

__all__ = ["ServeSettings", "create_app"]

_PARSE_IN_THREAD = 1 << 16
"""Request bodies larger than this (bytes) are parsed on a thread, so that the event loop keeps serving."""


@dataclass(frozen=True)
class ServeSettings:
    """How the server behaves. ``token``: the bearer token every request but ``GET /health`` must carry (None: no
    authentication). ``timeout``: the time limit per row of ``/grade``, in seconds (a request may ask for less).
    ``max_rows`` and ``max_body_bytes``: larger requests are refused with 413. ``reward``: what ``/reward`` pays,
    and its grading options (its own ``timeout`` included)."""

    workers: Optional[int] = None
    token: Optional[str] = None
    timeout: float = 5.0
    max_rows: int = 4096
    max_body_bytes: int = 64 * 1024 * 1024
    reward: Reward = field(default_factory=make_reward)


class _Refused(Exception):
    """A request answered with an error status and a message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class _ClientGone(Exception):
    """The client disconnected before its answer was ready."""


Handler = Callable[[Request], Awaitable[Any]]


def create_app(settings: ServeSettings, pool: Optional["WorkerPool"] = None,
               on_ready: Optional[Callable[[], None]] = None) -> Starlette:
    """The server's ASGI application. ``pool`` grades the rows (default: a new pool of ``settings.workers``
    processes, warmed up at start-up and closed at shutdown); ``on_ready`` is called once it is warm."""
    metrics = Metrics()
    state: Dict[str, Grading] = {}
    reward = settings.reward
    token = settings.token.encode() if settings.token else None

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        own = pool is None
        rows = make_pool(settings.workers) if pool is None else pool
        await run_in_threadpool(rows.warm_up)
        state["grading"] = Grading(rows, metrics)
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            if own:
                await run_in_threadpool(rows.close)

    def endpoint(name: str, handler: Handler, protected: bool = True) -> Callable[[Request], Awaitable[Response]]:
        grading = name in ("reward", "grade")

        async def respond(request: Request) -> Response:
            started = time.perf_counter()
            if grading:
                metrics.in_progress.inc()
            try:
                if protected and token is not None and not _authorized(request, token):
                    response = _json({"error": "missing or wrong bearer token (send 'Authorization: Bearer "
                                               "TOKEN')"}, 401, {"WWW-Authenticate": "Bearer"})
                else:
                    result = await handler(request)
                    response = result if isinstance(result, Response) else _json(result, 200)
            except _Refused as exc:
                response = _json({"error": str(exc)}, exc.status)
            except _ClientGone:
                metrics.cancelled.inc()
                response = _json({"error": "the client disconnected"}, 499)
            except Exception as exc:  # noqa: BLE001 - one request's failure is its answer, not the server's end
                response = _json({"error": f"internal error: {type(exc).__name__}: {exc}"}, 500)
            finally:
                if grading:
                    metrics.in_progress.dec()
            metrics.request(name, response.status_code, time.perf_counter() - started)
            return response

        return respond

    async def graded(request: Request, pairs: Sequence[Tuple[Any, Any]], options: Options) -> List[Verdict]:
        """The verdicts of ``pairs``; raises :class:`_ClientGone` (and stops grading) if the client leaves first."""
        grading = asyncio.ensure_future(state["grading"].grade(pairs, options))
        gone = asyncio.ensure_future(_disconnect(request))
        try:
            await asyncio.wait((grading, gone), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (gone, grading):
                if not task.done():
                    task.cancel()
        if not grading.done() or grading.cancelled():
            with contextlib.suppress(asyncio.CancelledError):
                await grading
            raise _ClientGone()
        return grading.result()

    async def post_reward(request: Request) -> Any:
        data = await _body(request, settings.max_body_bytes)
        _fields(data, ("query", "prompts", "labels"))
        try:
            responses, golds = openrlhf_inputs(data["query"], data["prompts"], data["labels"])
        except ValueError as exc:
            raise _Refused(400, str(exc)) from None
        _check_rows(len(responses), settings.max_rows)
        metrics.rows("reward", len(responses))
        plan = reward.plan(responses, golds)
        verdicts = await graded(request, plan.pairs, reward.options)
        return openrlhf_body(plan.results(verdicts), responses, reward)

    async def post_grade(request: Request) -> Any:
        data = await _body(request, settings.max_body_bytes)
        _fields(data, ("rows",))
        rows = data["rows"]
        if not isinstance(rows, list):
            raise _Refused(400, f"'rows' must be a list of objects, not {type(rows).__name__}")
        _check_rows(len(rows), settings.max_rows)
        pairs = [_pair(row, i) for i, row in enumerate(rows)]
        options = _grade_options(data.get("options"), settings.timeout)
        metrics.rows("grade", len(pairs))
        verdicts = await graded(request, pairs, options)
        return {"verdicts": [v.to_row() for v in verdicts]}

    async def get_health(request: Request) -> Any:
        grading = state.get("grading")
        return {"status": "ok" if grading else "starting", "version": __version__,
                "workers": grading.pool.workers if grading else None}

    async def get_metrics(request: Request) -> Any:
        return Response(metrics.exposition(), media_type=CONTENT_TYPE)

    routes = [
        Route("/reward", endpoint("reward", post_reward), methods=["POST"]),
        Route("/grade", endpoint("grade", post_grade), methods=["POST"]),
        Route("/health", endpoint("health", get_health, protected=False), methods=["GET"]),
        Route("/metrics", endpoint("metrics", get_metrics), methods=["GET"]),
    ]
    async def http_error(request: Request, exc: Exception) -> Response:
        """A path or method the server does not have (404, 405) is answered in JSON too, like every other error."""
        assert isinstance(exc, HTTPException)
        where = f"{request.method} {request.url.path}"
        return _json({"error": f"{exc.detail}: {where}"}, exc.status_code, dict(exc.headers or {}))

    return Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: http_error})


# --- requests ----------------------------------------------------------------------------------------------------


def _authorized(request: Request, token: bytes) -> bool:
    header = request.headers.get("authorization", "")
    scheme, _, given = header.partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token)


async def _body(request: Request, limit: int) -> Dict[str, Any]:
    """The request's JSON object, read with a size limit."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _Refused(413, f"the request body has {int(declared)} bytes; this server accepts at most {limit}")
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _Refused(413, f"the request body is over {limit} bytes, the most this server accepts")
        chunks.append(chunk)
    body = b"".join(chunks)
    try:
        data = json.loads(body) if size <= _PARSE_IN_THREAD else await run_in_threadpool(json.loads, body)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _Refused(400, f"the request body is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise _Refused(400, f"the request body must be a JSON object, not {type(data).__name__}")
    return data


def _fields(data: Dict[str, Any], names: Tuple[str, ...]) -> None:
    missing = [n for n in names if n not in data]
    if missing:
        raise _Refused(400, f"the request has no field {', '.join(map(repr, missing))} (it has: "
                            f"{', '.join(map(repr, data)) or 'nothing'})")


def _check_rows(n: int, limit: int) -> None:
    if n > limit:
        raise _Refused(413, f"the request has {n} rows; this server accepts at most {limit} per request")


def _pair(row: Any, i: int) -> Tuple[Any, Any]:
    if not isinstance(row, dict):
        raise _Refused(400, f"rows[{i}] must be an object with 'output' and 'gold', not {type(row).__name__}")
    output = row.get("output", row.get("answer"))
    if "gold" not in row or ("output" not in row and "answer" not in row):
        raise _Refused(400, f"rows[{i}] must have 'output' (or 'answer') and 'gold'; it has "
                            f"{', '.join(map(repr, row)) or 'nothing'}")
    if output is not None and not isinstance(output, str):
        raise _Refused(400, f"rows[{i}].output must be a string, not {type(output).__name__}")
    return output, row["gold"]


def _grade_options(given: Any, max_timeout: float) -> Options:
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise _Refused(400, f"'options' must be an object, not {type(given).__name__}")
    given = dict(given)
    given.setdefault("timeout", max_timeout)
    try:
        options = make_options(**given)
    except (TypeError, ValueError) as exc:
        raise _Refused(400, f"options: {exc}") from None
    if options.timeout > max_timeout:
        raise _Refused(400, f"options: timeout may be at most {max_timeout:g} s on this server, not "
                            f"{options.timeout:g}")
    return options


async def _disconnect(request: Request) -> None:
    """Return when the client disconnects (the body has been read: the next message is the disconnect)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


def _json(data: Any, status: int, headers: Optional[Dict[str, str]] = None) -> Response:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    return Response(body, status_code=status, media_type="application/json", headers=headers)
