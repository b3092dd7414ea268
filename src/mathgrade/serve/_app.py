"""The reward server's HTTP application (Starlette, served by uvicorn).

Each request is read with a size limit and a time limit, parsed, checked field by field, graded on the worker pool
(:mod:`._grading`) and answered in JSON; every failure is a JSON ``{"error": "..."}`` whose message says what was
wrong and where (4xx for anything a request can contain: a malformed body is never a 500). The work around the
grading (parsing, checking, planning, building the answer) runs on a thread, so the event loop only moves bytes and
answers ``/health`` at once whatever the size of a request; only for a small request (at most 4 KiB, tens of
microseconds of such work) is it done on the loop, where a thread's round trip would cost more. While a request is
read or graded the server watches its connection: a client that goes away is a cancelled request (499 in the
metrics), and its remaining rows are not graded (a request of one short row graded at once has nothing to watch).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import sys
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Dict, List, Optional, Sequence, Tuple

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from .. import __version__
from ..options import Options, make_options
from ..rewards import Reward, make_reward, refusals
from ..rewards._openrlhf import invalid_gold_warning, openrlhf_body, openrlhf_plan
from ..verdict import Verdict
from ._grading import Grading, make_pool
from ._metrics import CONTENT_TYPE, Metrics

if TYPE_CHECKING:
    from ..runtime import WorkerPool
    from ..rewards import Plan

__all__ = ["ServeSettings", "create_app"]

_ROW_KEYS = ("output", "answer", "gold", "problem")
"""The keys a ``/grade`` row may have."""
_GRADE_KEYS = ("rows", "options")
"""The fields of a ``/grade`` request."""


@dataclass(frozen=True)
class ServeSettings:
    """How the server behaves. ``token``: the bearer token every request but ``GET /health`` must carry (None: no
    authentication). ``timeout``: the time limit per row of ``/grade``, in seconds (a request may ask for less).
    ``max_rows`` and ``max_body_bytes``: larger requests are refused with 413 (a body is refused by its declared
    length before it is read, and while it is read when it declares none). ``body_timeout``: seconds a client may
    take to send a request's body; a slower one gets 408. ``reward``: what ``/reward`` pays, and its grading options
    (its own ``timeout`` included)."""

    workers: Optional[int] = None
    token: Optional[str] = None
    timeout: float = 5.0
    max_rows: int = 4096
    max_body_bytes: int = 64 * 1024 * 1024
    body_timeout: float = 60.0
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
    invalid_gold = {"rows": 0, "warned": 0}

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
            if invalid_gold["rows"]:
                _log(f"{invalid_gold['rows']} /reward rows in this run had an empty or missing label (invalid_gold)")
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
            except (_ClientGone, ClientDisconnect):
                metrics.cancelled.inc()
                response = _json({"error": "the client disconnected"}, 499)
            except Exception as exc:  # noqa: BLE001 - one request's failure is its answer, not the server's end
                response = _json({"error": f"internal error: {type(exc).__name__}: {_safe(str(exc))}"}, 500)
            finally:
                if grading:
                    metrics.in_progress.dec()
            metrics.request(name, response.status_code, time.perf_counter() - started)
            return response

        return respond

    async def graded(request: Request, pairs: Sequence[Tuple[Any, Any]], options: Options) -> List[Verdict]:
        """The verdicts of ``pairs``; raises :class:`_ClientGone` (and stops grading) if the client leaves first."""
        here = state["grading"].here(pairs, options)  # one short row: graded at once, nothing to watch
        if here is not None:
            return here
        grading = asyncio.ensure_future(state["grading"].grade(pairs, options, here=False))
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
        data, small = await _body(request, settings.max_body_bytes, settings.body_timeout)
        plan, n = (_reward_plan(data, reward, settings.max_rows) if small else
                   await run_in_threadpool(_reward_plan, data, reward, settings.max_rows))
        metrics.rows("reward", n)
        decided = plan.decided
        metrics.verdicts(_statuses(decided))  # rows decided before the workers (the graded ones are counted there)
        verdicts = await graded(request, plan.pairs, reward.options)
        body = (openrlhf_body(plan.results(verdicts), reward) if small else
                await run_in_threadpool(lambda: openrlhf_body(plan.results(verdicts), reward)))
        metrics.refusals(body["refusals"])
        bad = int(sum(body["extra_logs"]["invalid_gold"]))
        if bad:
            invalid_gold["rows"] += bad
            if not invalid_gold["warned"]:
                invalid_gold["warned"] = 1
                _log("warning: " + invalid_gold_warning(bad, n) + " (said once per run; the count is in "
                     "/metrics and in extra_logs)")
        return _encoded(body) if small else await run_in_threadpool(_encoded, body)

    async def post_grade(request: Request) -> Any:
        data, small = await _body(request, settings.max_body_bytes, settings.body_timeout)
        pairs, options = (_grade_request(data, settings.max_rows, settings.timeout) if small else
                          await run_in_threadpool(_grade_request, data, settings.max_rows, settings.timeout))
        metrics.rows("grade", len(pairs))
        verdicts = await graded(request, pairs, options)
        metrics.refusals(refusals(verdicts))
        if small:
            return _encoded({"verdicts": [v.to_row() for v in verdicts]})
        return await run_in_threadpool(lambda: _encoded({"verdicts": [v.to_row() for v in verdicts]}))

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


_SMALL_BODY = 4_096
"""Bytes of the largest request body whose work around the grading (parsing, checking, building the answer: tens of
microseconds) is done on the event loop itself: a thread's round trip costs more than that work. Larger bodies are
handled on a thread, so that the loop never waits on a large request."""


async def _body(request: Request, limit: int, seconds: float) -> Tuple[Dict[str, Any], bool]:
    """The request's JSON object, read with a size limit (refused by its declared length before it is read) and a
    time limit (408 for a client that sends it too slowly), and parsed (on a thread unless it is small); and whether
    it is small (at most :data:`_SMALL_BODY` bytes)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _Refused(413, f"the request body has {int(declared)} bytes; this server accepts at most {limit}")
    chunks = []
    size = 0

    async def read() -> None:
        nonlocal size
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise _Refused(413, f"the request body is over {limit} bytes, the most this server accepts")
            chunks.append(chunk)

    try:
        await asyncio.wait_for(read(), seconds)
    except asyncio.TimeoutError:
        raise _Refused(408, f"the request body was not received within {seconds:g} s ({size} bytes came)") from None
    body = b"".join(chunks)
    small = len(body) <= _SMALL_BODY
    data = _parse(body) if small else await run_in_threadpool(_parse, body)
    if not isinstance(data, dict):
        raise _Refused(400, f"the request body must be a JSON object, not {type(data).__name__}")
    return data, small


def _parse(body: bytes) -> Any:
    """JSON text to Python values, or :class:`_Refused` naming what is wrong with it."""
    try:
        return json.loads(body, parse_constant=_no_constant)
    except RecursionError:
        raise _Refused(400, "the request body is not valid JSON here: its arrays or objects are nested too deeply "
                            "(a few hundred levels at most)") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _Refused(400, f"the request body is not valid JSON: {exc}") from None
    except ValueError as exc:  # a number past Python's digit limit for int(), NaN or Infinity
        text = str(exc)
        if "digits" in text:
            text = "a number has more digits than this server reads (" + text.split(";")[0] + ")"
        raise _Refused(400, f"the request body is not valid JSON here: {text}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _fields(data: Dict[str, Any], names: Tuple[str, ...]) -> None:
    missing = [n for n in names if n not in data]
    if missing:
        raise _Refused(400, f"the request has no field {', '.join(map(repr, missing))} (it has: "
                            f"{', '.join(map(repr, data)) or 'nothing'})")


def _check_rows(n: int, limit: int) -> None:
    if n > limit:
        raise _Refused(413, f"the request has {n} rows; this server accepts at most {limit} per request")


def _reward_plan(data: Dict[str, Any], reward: Reward, max_rows: int) -> "Tuple[Plan, int]":
    """A ``/reward`` request checked and planned (on a thread): the plan and the number of rows."""
    _fields(data, ("query", "prompts", "labels"))
    for name in ("query", "prompts", "labels"):
        if isinstance(data[name], list):
            _check_rows(len(data[name]), max_rows)
    try:
        plan, responses = openrlhf_plan(reward, data["query"], data["prompts"], data["labels"])
    except ValueError as exc:
        raise _Refused(400, str(exc)) from None
    return plan, len(responses)


def _grade_request(data: Dict[str, Any], max_rows: int, max_timeout: float) -> Tuple[List[Tuple[Any, ...]], Options]:
    """A ``/grade`` request checked (on a thread): its rows and options."""
    _fields(data, ("rows",))
    unknown = [k for k in data if k not in _GRADE_KEYS]
    if unknown:
        raise _Refused(400, f"the request has unknown fields {', '.join(map(repr, unknown))} (a /grade request has "
                            f"{' and '.join(map(repr, _GRADE_KEYS))})")
    rows = data["rows"]
    if not isinstance(rows, list):
        raise _Refused(400, f"'rows' must be a list of objects, not {type(rows).__name__}")
    _check_rows(len(rows), max_rows)
    pairs = [_pair(row, i) for i, row in enumerate(rows)]
    return pairs, _grade_options(data.get("options"), max_timeout)


def _pair(row: Any, i: int) -> Tuple[Any, ...]:
    if not isinstance(row, dict):
        raise _Refused(400, f"rows[{i}] must be an object with 'output' and 'gold', not {type(row).__name__}")
    unknown = [k for k in row if k not in _ROW_KEYS]
    if unknown:
        raise _Refused(400, f"rows[{i}] has unknown keys {', '.join(map(repr, unknown))} (a row has 'output' (or "
                            "'answer'), 'gold' and, optionally, 'problem')")
    output = row.get("output", row.get("answer"))
    if "gold" not in row or ("output" not in row and "answer" not in row):
        raise _Refused(400, f"rows[{i}] must have 'output' (or 'answer') and 'gold'; it has "
                            f"{', '.join(map(repr, row)) or 'nothing'}")
    if output is not None and not isinstance(output, str):
        raise _Refused(400, f"rows[{i}].output must be a string, not {type(output).__name__}")
    problem = row.get("problem")
    if problem is not None and not isinstance(problem, str):
        raise _Refused(400, f"rows[{i}].problem must be a string, not {type(problem).__name__}")
    return (output, row["gold"]) if problem is None else (output, row["gold"], problem)


def _statuses(verdicts: Sequence[Verdict]) -> Dict[str, int]:
    counts: Dict[str, int] = {}
    for v in verdicts:
        counts[v.status.value] = counts.get(v.status.value, 0) + 1
    return counts


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


class _Encoded(Response):
    """A JSON answer already encoded (on a thread)."""

    media_type = "application/json"


def _encoded(data: Any) -> Response:
    return _Encoded(_dumps(data), status_code=200)


def _dumps(data: Any) -> bytes:
    """JSON as UTF-8. Text that is not valid Unicode (a lone surrogate, which a request may carry as ``\\ud800``)
    is written as the same JSON escape, so the answer says back exactly what was asked about."""
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode()


def _json(data: Any, status: int, headers: Optional[Dict[str, str]] = None) -> Response:
    return Response(_dumps(data), status_code=status, media_type="application/json", headers=headers)


def _safe(text: str) -> str:
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _log(message: str) -> None:
    print(f"mathgrade serve: {message}", file=sys.stderr, flush=True)
