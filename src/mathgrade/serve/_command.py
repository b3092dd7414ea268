"""``mathgrade serve``: the command that runs the reward server (also ``python -m mathgrade serve``).

It binds the socket itself (so that ``--port 0`` can say which port it got), warms the worker pool up, prints one
line ``mathgrade serve: listening on http://HOST:PORT ...`` on stderr, and serves until SIGINT or SIGTERM; then it
stops accepting connections, finishes the requests in flight (up to ``--graceful-timeout`` seconds) and stops the
workers.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import signal
import socket
import sys
import threading
from typing import Any, Optional

__all__ = ["add_command", "run"]

TOKEN_ENV = "MATHGRADE_SERVE_TOKEN"
"""The environment variable read for the bearer token when neither ``--token`` nor ``--token-env`` is given."""

_DESCRIPTION = f"""\
Serve rewards and verdicts over HTTP: POST /reward (OpenRLHF's remote reward format: {{"query", "prompts",
"labels"}} in, {{"rewards", "scores", "extra_logs"}} out), POST /grade ({{"rows": [{{"output", "gold"}}...]}} in,
{{"verdicts": [...]}} out), GET /health, GET /metrics (Prometheus). Grading runs on a pool of worker processes.
With a token (--token, --token-env, or ${TOKEN_ENV}) every request but /health must send
'Authorization: Bearer TOKEN'; a token is required to listen on an address other than loopback."""


def add_command(subparsers: Any, epilog: str) -> None:
    """Add ``serve`` to the command line's subcommands."""
    from ..cli import _non_negative_int, _positive_float

    p = subparsers.add_parser("serve", help="run a reward server (OpenRLHF remote reward, grading over HTTP)",
                              description=_DESCRIPTION, epilog=epilog,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=_non_negative_int, default=8000, help="port (default: 8000; 0: any free port)")
    p.add_argument("--workers", type=_non_negative_int, default=None, metavar="N",
                   help="grading worker processes (default: every core)")
    p.add_argument("--token", default=None, help="bearer token required on requests (visible in the process list: "
                                                 "prefer --token-env)")
    p.add_argument("--token-env", default=None, metavar="VAR",
                   help=f"read the bearer token from environment variable VAR (default: {TOKEN_ENV}, if set)")
    p.add_argument("--timeout", type=_positive_float, default=5.0, metavar="SECONDS",
                   help="time limit per row (default: 5)")
    p.add_argument("--max-rows", type=_positive_int, default=4096, metavar="N",
                   help="most rows in one request; more is refused with 413 (default: 4096)")
    p.add_argument("--max-body-mb", type=_positive_float, default=64.0, metavar="MB",
                   help="largest request body in MiB; larger is refused with 413 (default: 64)")
    p.add_argument("--correct", type=float, default=1.0, help="reward for a correct answer (default: 1.0)")
    p.add_argument("--incorrect", type=float, default=0.0, help="reward for anything else (default: 0.0)")
    p.add_argument("--formatted", type=float, default=None,
                   help="reward for a marked final answer that is wrong (default: the --incorrect value)")
    p.add_argument("--graceful-timeout", type=_positive_float, default=60.0, metavar="SECONDS",
                   help="on SIGTERM or Ctrl-C, wait this long for requests in flight (default: 60)")
    p.add_argument("--log-level", choices=("critical", "error", "warning", "info", "debug"), default="warning",
                   help="uvicorn's log level (default: warning)")
    p.set_defaults(run=run)


def _positive_int(text: str) -> int:
    from ..cli import _non_negative_int

    value = _non_negative_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {text!r}")
    return value


def run(args: argparse.Namespace) -> int:
    """Serve until stopped; the exit code."""
    from ..cli import UsageError
    from ..rewards import make_reward

    token = _token(args)
    if token is None and not _is_loopback(args.host):
        raise UsageError(f"refusing to serve on {args.host} without a bearer token: set {TOKEN_ENV} (or "
                         "--token-env VAR) so that only your trainers can use the server")
    try:
        import uvicorn

        from ._app import ServeSettings, create_app
    except ImportError as exc:
        raise UsageError(f"mathgrade serve needs the serve extra ({exc.name} is missing): "
                         "pip install 'mathgrade[serve]'") from None
    try:
        reward = make_reward(correct=args.correct, incorrect=args.incorrect, formatted=args.formatted,
                             timeout=args.timeout)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    settings = ServeSettings(workers=args.workers or None, token=token, timeout=args.timeout,
                             max_rows=args.max_rows, max_body_bytes=int(args.max_body_mb * 1024 * 1024),
                             reward=reward)
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
        return 1
    print("mathgrade serve: stopped", file=sys.stderr, flush=True)
    return 0


class _Stopped(Exception):
    """SIGTERM, once uvicorn has finished the requests in flight and raises it again."""


def _stop(signum: int, frame: Any) -> None:
    raise _Stopped()


def _token(args: argparse.Namespace) -> Optional[str]:
    from ..cli import UsageError

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
    from ..cli import UsageError

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
