"""A ``spawn`` multiprocessing context whose workers never run the caller's ``__main__`` module.

Python's ``spawn`` start method re-imports the parent's main module in every child, so that functions defined there
can be unpickled. mathgrade's workers only ever run mathgrade's own functions, and re-running the caller's script has
two bad effects: a script without an ``if __name__ == "__main__":`` guard grades everything again inside each worker,
and a script read from standard input (``python - < script.py``) or a notebook cell makes every worker fail at start
(``No such file or directory: '<stdin>'``).

:func:`context` returns a spawn context whose processes are named ``mathgrade-...``; a small wrapper around
:func:`multiprocessing.spawn.get_preparation_data`, installed once, drops the main-module entries from the start-up
data of those processes only. Every other process of the program is untouched.
"""

from __future__ import annotations

import threading
from multiprocessing import context as _context
from multiprocessing import spawn as _spawn
from typing import Any, Callable, Dict

__all__ = ["context", "PREFIX"]

PREFIX = "mathgrade-"
"""Name prefix of every process started through :func:`context`."""

_MAIN_KEYS = ("init_main_from_name", "init_main_from_path")
_lock = threading.Lock()
_installed = False


class _Process(_context.SpawnProcess):
    """A spawn process whose name marks it as mathgrade's (so its start-up data skips ``__main__``)."""

    def __init__(self, *args: Any, name: str | None = None, **kwargs: Any) -> None:
        kwargs["name"] = PREFIX + (name or "worker")
        super().__init__(*args, **kwargs)


class _Context(_context.SpawnContext):
    Process = _Process  # type: ignore[assignment]


def _without_main(original: Callable[[str], Dict[str, Any]]) -> Callable[[str], Dict[str, Any]]:
    def get_preparation_data(name: str) -> Dict[str, Any]:
        data = original(name)
        if str(name).startswith(PREFIX):
            for key in _MAIN_KEYS:
                data.pop(key, None)
        return data

    get_preparation_data.__wrapped__ = original  # type: ignore[attr-defined]
    return get_preparation_data


def context() -> _context.SpawnContext:
    """A spawn context for mathgrade's worker processes (see the module docstring)."""
    global _installed
    if not _installed:
        with _lock:
            if not _installed:
                setattr(_spawn, "get_preparation_data", _without_main(_spawn.get_preparation_data))
                _installed = True
    return _Context()
