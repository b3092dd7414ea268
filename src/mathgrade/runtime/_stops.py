"""Stops (Ctrl-C, SIGTERM) that land between steps, never inside one.

Python raises the exception of a signal handler in the main thread between any two bytecodes, also inside
``threading`` and ``queue`` code. One landing inside ``Condition.notify`` (a task handed to pebble's scheduler
thread) leaves a stale waiter behind, and the scheduler then misses the wake-up that stops the pool: the process
hangs at exit, after it printed its summary. And one landing between writing a row and counting it makes the
summary disagree with the file.

So the command line turns its stop signals into exceptions with :func:`stopping_on`, and the code marks what must
not be cut in two with ``with STEP:``: a stop that arrives inside a step of the main thread is raised when the step
ends. Steps are cheap (two attribute writes) and do nothing in other threads or where no handler of ours is set.
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Any, Callable, Iterator, Optional

__all__ = ["STEP", "stopping_on"]


class _Step:
    """``with STEP:`` makes a block one step for a stop: a stop that arrives while the main thread is inside it is
    raised when the outermost step ends (steps nest)."""

    def __init__(self) -> None:
        self.depth = 0
        self.pending: Optional[BaseException] = None
        self._main = threading.main_thread().ident

    def __enter__(self) -> None:
        if threading.get_ident() == self._main:
            self.depth += 1

    def __exit__(self, *exc: Any) -> None:
        if threading.get_ident() != self._main:
            return
        self.depth -= 1
        if self.depth == 0 and self.pending is not None:
            pending, self.pending = self.pending, None
            if exc[0] is None:  # (an error that ends the step stops the run anyway)
                raise pending


STEP = _Step()


@contextmanager
def stopping_on(signum: int, stop: Callable[[], BaseException]) -> Iterator[None]:
    """While the block runs, the signal ``signum`` raises ``stop()`` in this process, after the step under way
    (:data:`STEP`); a second signal does not wait (a write may hang on a full pipe). A forked process that
    inherits the handler gets the signal's default action. Outside the main thread, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    me = os.getpid()

    def handler(received: int, frame: Optional[FrameType]) -> None:
        if os.getpid() != me:
            signal.signal(received, signal.SIG_DFL)
            os.kill(os.getpid(), received)
            return
        interrupt = stop()
        if STEP.depth and STEP.pending is None:
            STEP.pending = interrupt
            return
        raise interrupt

    previous = signal.signal(signum, handler)
    try:
        yield
    finally:
        signal.signal(signum, previous)
