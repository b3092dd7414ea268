"""``mathgrade serve``: a reward server for RL training, and a grading service.

Endpoints: ``POST /reward`` (OpenRLHF's remote reward format), ``POST /grade`` (rows in, verdicts out),
``GET /health``, ``GET /metrics`` (Prometheus). Grading runs on a pool of worker processes, never on the event loop.
Needs the ``serve`` extra (``pip install '.[serve]'``): Starlette, uvicorn and prometheus_client, imported
only when the server is built (``create_app``), so that the command line starts without them.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app", "ServeSettings"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import _app

        return getattr(_app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
