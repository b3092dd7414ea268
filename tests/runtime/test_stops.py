"""A stop signal turned into an exception lands between steps (``mathgrade.runtime``), with real signals sent to this
process (SIGUSR1, so that nothing else reacts to them)."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from mathgrade.runtime import STEP, stopping_on


class _Stop(Exception):
    pass


def _signal_self() -> None:
    os.kill(os.getpid(), signal.SIGUSR1)
    for _ in range(1000):  # the handler runs at the next bytecode boundary of the main thread
        pass


def test_a_stop_outside_a_step_is_raised_at_once() -> None:
    with stopping_on(signal.SIGUSR1, _Stop):
        with pytest.raises(_Stop):
            _signal_self()
            raise AssertionError("not stopped")


def test_a_stop_inside_a_step_is_raised_when_the_step_ends() -> None:
    done = []
    with stopping_on(signal.SIGUSR1, _Stop):
        with pytest.raises(_Stop):
            with STEP:
                _signal_self()
                done.append("the rest of the step")
                with STEP:  # steps nest: the outermost one raises
                    done.append("an inner step")
                done.append("after the inner step")
            raise AssertionError("not stopped at the end of the step")
    assert done == ["the rest of the step", "an inner step", "after the inner step"]
    assert STEP.depth == 0 and STEP.pending is None


def test_a_second_stop_does_not_wait() -> None:
    done = []
    with stopping_on(signal.SIGUSR1, _Stop):
        with pytest.raises(_Stop):
            with STEP:
                _signal_self()
                done.append("deferred")
                _signal_self()
                done.append("never")
    assert done == ["deferred"]
    assert STEP.depth == 0 and STEP.pending is None


def test_an_error_that_ends_the_step_is_not_replaced_by_the_stop() -> None:
    with stopping_on(signal.SIGUSR1, _Stop):
        with pytest.raises(ZeroDivisionError):
            with STEP:
                _signal_self()
                1 / 0
    assert STEP.pending is None


def test_a_step_of_another_thread_does_not_defer_the_main_thread() -> None:
    entered, release = threading.Event(), threading.Event()

    def other() -> None:
        with STEP:
            entered.set()
            release.wait(60)

    thread = threading.Thread(target=other)
    with stopping_on(signal.SIGUSR1, _Stop):
        thread.start()
        try:
            assert entered.wait(60)
            with pytest.raises(_Stop):
                _signal_self()
                raise AssertionError("not stopped")
        finally:
            release.set()
            thread.join(60)
    assert STEP.depth == 0


def test_the_handler_before_is_restored() -> None:
    before = signal.getsignal(signal.SIGUSR1)
    with stopping_on(signal.SIGUSR1, _Stop):
        assert signal.getsignal(signal.SIGUSR1) is not before
    assert signal.getsignal(signal.SIGUSR1) is before
