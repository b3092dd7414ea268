"""``mathgrade serve``: the command that runs the reward server (also ``python -m mathgrade serve``).

It binds the socket itself (so that ``--port 0`` can say which port it got), warms the worker pool up, prints one
line ``mathgrade serve: listening on http://HOST:PORT ...`` on stderr, and serves until SIGINT or SIGTERM; then it
stops accepting connections, finishes the requests in flight (up to ``--graceful-timeout`` seconds) and stops the
workers.
"""

from __future__ import annotations

import ipaddress
import os
import signal
import socket
import sys
import threading
from types import SimpleNamespace
from typing import Any, Optional

import click

from ..errors import EXIT_INTERNAL, EXIT_OK, MissingExtra, UsageError
from . import Command
from ._options import POSITIVE, SECONDS

__all__ = ["command", "run"]

TOKEN_ENV = "MATHGRADE_SERVE_TOKEN"
"""The environment variable read for the bearer token when neither ``--token`` nor ``--token-env`` is given."""

_DESCRIPTION = f"""\
Serve rewards and verdicts over HTTP: POST /reward (OpenRLHF's remote reward format: {{"query", "prompts",
"labels"}} in, {{"rewards", "scores", "extra_logs"}} out), POST /grade ({{"rows": [{{"output", "gold"}}...]}} in,
{{"verdicts": [...]}} out), GET /health, GET /metrics (Prometheus). Grading runs on a pool of worker processes.
With a token (--token, --token-env, or ${TOKEN_ENV}) every request but /health must send
'Authorization: Bearer TOKEN'; a token is required to listen on an address other than loopback."""


@click.command("serve", cls=Command, help=_DESCRIPTION)
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="port (0: any free port)")
@click.option("--workers", type=POSITIVE, default=None, metavar="N",
              help="grading worker processes (default: every core; the server always grades in worker processes)")
@click.option("--token", default=None, help="bearer token required on requests (visible in the process list: "
                                            "prefer --token-env)")
@click.option("--token-env", default=None, metavar="VAR",
              help=f"read the bearer token from environment variable VAR (default: {TOKEN_ENV}, if set)")
@click.option("--timeout", type=SECONDS, default=5.0, metavar="SECONDS", show_default=True,
              help="time limit per row")
@click.option("--max-rows", type=POSITIVE, default=4096, metavar="N", show_default=True,
              help="most rows in one request; more is refused with 413")
@click.option("--max-body-mb", type=SECONDS, default=64.0, metavar="MB", show_default=True,
              help="largest request body in MiB; larger is refused with 413")
@click.option("--body-timeout", type=SECONDS, default=60.0, metavar="SECONDS", show_default=True,
              help="time a client may take to send a request body; a slower one is answered 408")
@click.option("--correct", type=float, default=1.0, show_default=True, help="reward for a correct answer")
@click.option("--incorrect", type=float, default=0.0, show_default=True, help="reward for anything else")
@click.option("--formatted", type=float, default=None,
              help="reward for a marked final answer that is wrong (default: the --incorrect value)")
@click.option("--graceful-timeout", type=SECONDS, default=60.0, metavar="SECONDS", show_default=True,
              help="on SIGTERM or Ctrl-C, wait this long for requests in flight")
@click.option("--log-level", type=click.Choice(("critical", "error", "warning", "info", "debug")),
              default="warning", show_default=True, help="uvicorn's log level")
def command(**params: Any) -> int:
    """Serve until stopped; the exit code."""
    return run(SimpleNamespace(**params))


def run(args: Any) -> int:
    """Serve with the command's parameters ``args`` until stopped; the exit code."""
    from ..rewards import make_reward

    token = _token(args)
    if token is None and not _is_loopback(args.host):
        raise UsageError(f"refusing to serve on {args.host} without a bearer token: set {TOKEN_ENV} (or "
                         "--token-env VAR) so that only your trainers can use the server")
    try:
        import uvicorn

        from ..serve._app import ServeSettings, create_app
    except ImportError as exc:
        raise MissingExtra("mathgrade serve", str(exc.name), "serve") from None
    try:
        reward = make_reward(correct=args.correct, incorrect=args.incorrect, formatted=args.formatted,
                             timeout=args.timeout)
    except ValueError as exc:
        if isinstance(exc, UsageError):
            raise
        raise UsageError(str(exc)) from None  # (rewards' own checks raise ValueError)
    settings = ServeSettings(workers=args.workers, token=token, timeout=args.timeout,
                             max_rows=args.max_rows, max_body_bytes=int(args.max_body_mb * 1024 * 1024),
                             body_timeout=args.body_timeout, reward=reward)
    sock = _bind(args.host, args.port)
    host, port = sock.getsockname()[:2]
    where = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"

    def ready() -> None:
        workers = settings.workers or "every core's"
        print(f"mathgrade serve: listening on {where} ({workers} worker processes, "
              f"authentication {'on' if token else 'off'})", file=sys.stderr, flush=True)

    app = create_app(settings, on_ready=ready)
    config = uvicorn.Config(app, log_level=args.log_level, access_log=False, lifespan="on",
                            timeout_graceful_shutdown=int(max(1, args.graceful_timeout)))
    server = uvicorn.Server(config)
    previous = signal.signal(signal.SIGTERM, _stop) if threading.current_thread() is threading.main_thread() else None
    try:
        server.run(sockets=[sock])
    except (KeyboardInterrupt, _Stopped):
        pass  # the signal that stopped the server, raised again by uvicorn once its graceful shutdown is over
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        sock.close()
    if not server.started:
        return EXIT_INTERNAL  # (uvicorn said why: the application failed to start)
    print("mathgrade serve: stopped", file=sys.stderr, flush=True)
    return EXIT_OK


class _Stopped(Exception):
    """SIGTERM, once uvicorn has finished the requests in flight and raises it again."""


def _stop(signum: int, frame: Any) -> None:
    raise _Stopped()


def _token(args: Any) -> Optional[str]:
    if args.token is not None:
        if not args.token.strip():
            raise UsageError("--token is empty")
        return str(args.token)
    name = args.token_env or TOKEN_ENV
    value = os.environ.get(name)
    if args.token_env and not (value and value.strip()):
        raise UsageError(f"--token-env {name}: the environment variable {name} is not set (or empty)")
    return value.strip() if value and value.strip() else None


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(2048)  # connections wait in the backlog until the server accepts them
    sock.set_inheritable(True)
    return sock
