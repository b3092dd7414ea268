"""An async client for OpenAI-compatible endpoints (``/v1/chat/completions``, ``/v1/completions``, ``/v1/models``),
on aiohttp (the ``eval`` extra).

One request per sample. A request that fails on the way (connection refused or dropped, a timeout, HTTP 408, 429 or
5xx, a truncated or malformed answer) is sent again after an exponential backoff with full jitter, or after the
server's ``Retry-After`` when it gives one. A request the server refuses for good (HTTP 400, 422...) raises
:class:`RequestFailed` for that sample; a refusal that concerns every request (HTTP 401, 403 or 404: a bad key, a
wrong URL, an unknown model) raises :class:`EndpointError`, which stops the run.

Why aiohttp and not httpx: measured on this project's 2-core machine against the same local server, httpx's async
client spent about 1.5 ms of CPU per request (3 ms at 64 connections), aiohttp 0.2 ms; the evaluation's whole budget
per sample, grading included, is about 1 ms.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

from .._check import Check, check, integer, number, optional
from ..errors import ConfigError, EndpointError, MissingExtra, RequestFailed

__all__ = ["Sampling", "RetryPolicy", "Completion", "Client", "EndpointError", "RequestFailed", "request_body",
           "parse_gen_kwargs", "split_gen_kwargs", "SAMPLING_KWARGS"]

RETRY_STATUSES = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
"""HTTP statuses worth sending the request again for: the server is busy, restarting or overloaded."""
FATAL_STATUSES = frozenset({401, 403, 404})
"""HTTP statuses that concern every request of the run (key, URL, model), not one sample: the run stops."""
_OWN_FIELDS = frozenset({"model", "messages", "prompt", "n", "stream", "temperature", "top_p", "max_tokens", "seed",
                         "stop"})
"""Request fields set by mathgrade itself, which ``extra`` may not override."""
SAMPLING_KWARGS = ("temperature", "top_p", "max_tokens", "stop")
"""Generation keywords that are settings of :class:`Sampling` (``parse_gen_kwargs`` sets those, not ``extra``)."""


def parse_gen_kwargs(text: str) -> Dict[str, Any]:
    """The request fields of ``key=value,key=value`` (lm-eval's ``--gen_kwargs``), as a dict.

    A value is read as JSON when it is JSON (``20``, ``0.05``, ``false``, ``null``, ``"text"``, ``[..]``,
    ``{..}``), else taken as text; commas inside brackets, braces or quotes do not separate pairs. A dotted key sets
    a field of an object: ``chat_template_kwargs.enable_thinking=false`` is
    ``{"chat_template_kwargs": {"enable_thinking": false}}`` (as is ``chat_template_kwargs={"enable_thinking":
    false}``). Raises :class:`ConfigError` (setting ``gen_kwargs``) for a pair without ``=``, an empty key or a
    key given twice."""
    out: Dict[str, Any] = {}
    for pair in _split_pairs(text):
        key, found, raw = pair.partition("=")
        key = key.strip()
        if not found or not key or any(not part for part in key.split(".")):
            raise ConfigError("gen_kwargs", f"takes key=value pairs separated by commas, not {pair.strip()!r}")
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw.strip()
        where = out
        *path, last = key.split(".")
        for name in path:
            inner = where.setdefault(name, {})
            if not isinstance(inner, dict):
                raise ConfigError("gen_kwargs", f"sets {name} twice (as a value and as an object)")
            where = inner
        if last in where:
            raise ConfigError("gen_kwargs", f"sets {key} twice")
        where[last] = value
    return out


def split_gen_kwargs(kwargs: Dict[str, Any]) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """Generation keywords split into the settings of :class:`Sampling` they name (:data:`SAMPLING_KWARGS`; ``stop``
    as a tuple) and the other request fields (``extra``). Raises :class:`ConfigError` (setting ``gen_kwargs``) for
    a field mathgrade sets itself (``n``, ``seed``, ``model``...)."""
    own = sorted((set(kwargs) & _OWN_FIELDS) - set(SAMPLING_KWARGS))
    if own:
        raise ConfigError("gen_kwargs", f"may not set {', '.join(own)}: use the setting of that name (each request "
                                        f"asks for one sample)")
    fields = {k: v for k, v in kwargs.items() if k in SAMPLING_KWARGS}
    if "stop" in fields:
        stop = fields["stop"]
        fields["stop"] = (stop,) if isinstance(stop, str) else tuple(stop) if isinstance(stop, list) else stop
    return fields, {k: v for k, v in kwargs.items() if k not in SAMPLING_KWARGS}


def _split_pairs(text: str) -> List[str]:
    """``text`` split at the commas that are outside brackets, braces and double quotes."""
    pairs: List[str] = []
    current: List[str] = []
    depth, quoted, escaped = 0, False, False
    for char in text:
        if quoted:
            escaped = char == "\\" and not escaped
            if char == '"' and not escaped:
                quoted = False
        elif char == '"':
            quoted = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            pairs.append("".join(current))
            current = []
            continue
        current.append(char)
    pairs.append("".join(current))
    return [p for p in pairs if p.strip()]


# EndpointError (the endpoint cannot serve the run) and RequestFailed (one request failed for good) are defined in
# mathgrade.errors, with every other error.


@dataclass(frozen=True)
class Sampling:
    """The sampling parameters of every request. None means "not sent" (the server's default applies).

    ``seed``: sample ``i`` of a problem is sent with ``seed + i``, so that the n samples of a problem differ and a
    run can be repeated. ``extra``: more body fields, sent as they are (``{"top_k": 20}``).
    """

    temperature: Optional[float] = 0.0
    top_p: Optional[float] = None
    max_tokens: Optional[int] = 4096
    seed: Optional[int] = None
    stop: Tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check(self, _SAMPLING_CHECKS)
        if not isinstance(self.extra, Mapping):
            raise ConfigError("extra", f"must be a mapping of request fields, not {self.extra!r}")
        clash = sorted(set(self.extra) & _OWN_FIELDS)
        if clash:
            raise ConfigError("extra", f"may not set {', '.join(clash)}: use the setting of that name (n is always "
                                       f"1 per request: ask for more samples with n)")

    def config(self) -> Dict[str, Any]:
        """The part of ``config.json`` that describes sampling."""
        return {"temperature": self.temperature, "top_p": self.top_p, "max_tokens": self.max_tokens,
                "seed": self.seed, "stop": list(self.stop) or None, "extra": dict(self.extra) or None}


_SAMPLING_CHECKS: Dict[str, Check] = {"temperature": optional(number(0)), "top_p": optional(number(0)),
                                      "max_tokens": optional(integer(1)), "seed": optional(integer(-2**63))}
"""How each field of :class:`Sampling` is checked (see :mod:`mathgrade._check`)."""


def request_body(model: str, prompt: Any, sampling: Sampling, sample_index: int) -> Dict[str, Any]:
    """The JSON body of the request for one sample: ``messages`` for a chat prompt (a list), ``prompt`` otherwise."""
    body: Dict[str, Any] = {"model": model, ("prompt" if isinstance(prompt, str) else "messages"): prompt}
    if sampling.temperature is not None:
        body["temperature"] = sampling.temperature
    if sampling.top_p is not None:
        body["top_p"] = sampling.top_p
    if sampling.max_tokens is not None:
        body["max_tokens"] = sampling.max_tokens
    if sampling.seed is not None:
        body["seed"] = sampling.seed + sample_index
    if sampling.stop:
        body["stop"] = list(sampling.stop)
    body.update(sampling.extra)
    return body


@dataclass(frozen=True)
class RetryPolicy:
    """How failed requests are sent again: at most ``max_retries`` more times, waiting a random time between 0 and
    ``min(max_delay, base_delay * 2**attempt)`` (full jitter), or the server's ``Retry-After`` when it says one
    (capped at ``max_retry_after``)."""

    max_retries: int = 8
    base_delay: float = 0.5
    max_delay: float = 30.0
    max_retry_after: float = 300.0

    def delay(self, attempt: int, retry_after: Optional[float]) -> float:
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_retry_after)
        return random.uniform(0, min(self.max_delay, self.base_delay * 2 ** attempt))


@dataclass(frozen=True)
class Completion:
    """One answer of the model: its text, why it stopped, the token counts from ``usage`` (None when the server did
    not say), the seconds the successful attempt took (None when unknown), how many attempts it needed, and the
    reasoning the server returned apart from the text (vLLM's and DeepSeek's ``reasoning_content``), if any. The
    text alone is graded."""

    text: str
    finish_reason: Optional[str]
    prompt_tokens: Optional[int]
    completion_tokens: Optional[int]
    latency_s: Optional[float]
    attempts: int = 1
    reasoning: Optional[str] = None


class _Retry(Exception):
    """A failure worth another attempt (with the server's Retry-After, if any)."""

    def __init__(self, message: str, retry_after: Optional[float] = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Client:
    """An async OpenAI-compatible client for one endpoint; use as ``async with Client(...) as client``.

    ``base_url`` ends with ``/v1`` (``http://localhost:8000/v1``). ``api_key`` is sent as a bearer token when given.
    ``concurrency`` bounds the open connections; ``timeout`` is the time limit of one attempt, in seconds.
    ``on_retry`` is called with a short reason each time a request is sent again (for the progress display).
    """

    def __init__(self, base_url: str, *, api_key: Optional[str] = None, concurrency: int = 64,
                 timeout: float = 1200.0, retry: RetryPolicy = RetryPolicy(),
                 on_retry: Optional[Callable[[str], None]] = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.concurrency = concurrency
        self.timeout = timeout
        self.retry = retry
        self.on_retry = on_retry
        self._headers = {"Content-Type": "application/json"}
        if api_key:
            self._headers["Authorization"] = f"Bearer {api_key}"
        self._session: Any = None

    async def __aenter__(self) -> "Client":
        aiohttp = _aiohttp()
        connector = aiohttp.TCPConnector(limit=self.concurrency, limit_per_host=self.concurrency,
                                         enable_cleanup_closed=True)
        timeout = aiohttp.ClientTimeout(total=self.timeout, sock_connect=min(30.0, self.timeout))
        self._session = aiohttp.ClientSession(connector=connector, timeout=timeout, headers=self._headers,
                                              raise_for_status=False)
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    # --- before the run ---------------------------------------------------------------------------------------

    async def check_model(self, model: str) -> Optional[List[str]]:
        """Check that the endpoint answers and serves ``model`` (``GET /models``), before any sample is asked.

        Raises :class:`EndpointError` naming the URL when it cannot be reached, refuses the key, or lists models
        that do not include ``model``. Returns the served models, or None when the endpoint has no model list
        (some servers do not implement it; then the first request is the check).
        """
        aiohttp = _aiohttp()
        url = self.base_url + "/models"
        try:
            async with self._session.get(url, timeout=aiohttp.ClientTimeout(total=min(60.0, self.timeout))) as resp:
                raw = await resp.read()
                status = resp.status
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
            raise EndpointError(f"cannot reach {self.base_url}: {_describe(exc)} (is the server running, and does "
                                f"the URL end in /v1?)") from None
        if status in (401, 403):
            raise EndpointError(f"{url} refused the request (HTTP {status}: {_server_message(raw)}); give the API "
                                f"key, by the name of the environment variable that holds it", setting="api_key_env")
        if status != 200:
            return None
        try:
            served = [str(m["id"]) for m in json.loads(raw)["data"]]
        except (ValueError, KeyError, TypeError):
            return None
        if model not in served:
            shown = ", ".join(served[:20]) + (f" and {len(served) - 20} more" if len(served) > 20 else "")
            raise EndpointError(f"model {model!r} is not served at {self.base_url}; it serves: {shown or 'none'}")
        return served

    # --- one sample -------------------------------------------------------------------------------------------

    async def complete(self, body: Mapping[str, Any]) -> Completion:
        """Send one request (chat when ``body`` has ``messages``, completion when it has ``prompt``) and return the
        model's answer, retrying as the :class:`RetryPolicy` says."""
        chat = "messages" in body
        url = self.base_url + ("/chat/completions" if chat else "/completions")
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        attempt = 0
        while True:
            try:
                return await self._attempt(url, data, chat, attempt + 1)
            except _Retry as exc:
                if attempt >= self.retry.max_retries:
                    raise RequestFailed(f"{exc} (gave up after {attempt + 1} attempts)") from None
                if self.on_retry is not None:
                    self.on_retry(str(exc))
                await asyncio.sleep(self.retry.delay(attempt, exc.retry_after))
                attempt += 1

    async def _attempt(self, url: str, data: bytes, chat: bool, attempts: int) -> Completion:
        aiohttp = _aiohttp()
        started = time.perf_counter()
        try:
            async with self._session.post(url, data=data) as resp:
                raw = await _read_bounded(resp, url)
                status = resp.status
                retry_after = _retry_after(resp.headers.get("Retry-After"))
        except asyncio.TimeoutError:
            raise _Retry(f"no answer from {url} within {self.timeout:g} s") from None
        except (aiohttp.ClientError, OSError) as exc:
            raise _Retry(f"{url}: {_describe(exc)}") from None
        latency = time.perf_counter() - started
        if status != 200:
            message = f"HTTP {status} from {url}: {_server_message(raw)}"
            if status in RETRY_STATUSES:
                raise _Retry(message, retry_after)
            if status in FATAL_STATUSES:
                hint = (" (check the API key and the variable that holds it)" if status in (401, 403) else
                        " (is the model name right, and does the URL end in /v1?)")
                raise EndpointError(message + hint, setting="api_key_env" if status in (401, 403) else None)
            raise RequestFailed(message, status)
        try:
            return _parse(raw, chat, latency, attempts)
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise _Retry(f"malformed answer from {url} ({type(exc).__name__}: {exc})") from None


MAX_RESPONSE_BYTES = 64 * 1024 * 1024
"""The largest answer read from the endpoint, in bytes: a larger one fails its request (status ``request_error``)
after this much was read, instead of being read whole."""


async def _read_bounded(resp: Any, url: str) -> bytes:
    """The body of ``resp``, read in pieces; :class:`RequestFailed` once it passes :data:`MAX_RESPONSE_BYTES`."""
    parts: List[bytes] = []
    size = 0
    async for piece in resp.content.iter_chunked(1 << 16):
        size += len(piece)
        if size > MAX_RESPONSE_BYTES:
            raise RequestFailed(f"the answer from {url} is larger than {MAX_RESPONSE_BYTES / (1 << 20):g} MiB; it was not "
                                f"read whole")
        parts.append(piece)
    return b"".join(parts)


def _parse(raw: bytes, chat: bool, latency: float, attempts: int) -> Completion:
    obj = json.loads(raw)
    choice = obj["choices"][0]
    reasoning = None
    if chat:
        message = choice["message"]
        text = message.get("content")
        reasoning = message.get("reasoning_content", message.get("reasoning"))
    else:
        text = choice["text"]
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise TypeError(f"the answer's text is a {type(text).__name__}")
    usage = obj.get("usage") or {}
    return Completion(text, choice.get("finish_reason"), _int_or_none(usage.get("prompt_tokens")),
                      _int_or_none(usage.get("completion_tokens")), latency, attempts,
                      reasoning if isinstance(reasoning, str) else None)


def _int_or_none(value: Any) -> Optional[int]:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _retry_after(value: Optional[str]) -> Optional[float]:
    """Seconds to wait from a ``Retry-After`` header: a number of seconds, or an HTTP date."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _server_message(raw: bytes) -> str:
    """The error message in a server's answer (OpenAI's ``{"error": {"message"}}``, vLLM's, or the text)."""
    text = raw.decode("utf-8", "replace").strip()
    try:
        obj = json.loads(text)
    except ValueError:
        return text[:300] or "no message"
    if isinstance(obj, dict):
        err = obj.get("error", obj.get("detail", obj.get("message")))
        if isinstance(err, dict):
            err = err.get("message", err)
        if err:
            return str(err)[:300]
    return text[:300]


def _describe(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _aiohttp() -> Any:
    try:
        import aiohttp
    except ImportError:
        raise MissingExtra("asking a model", "aiohttp", "eval") from None
    return aiohttp
