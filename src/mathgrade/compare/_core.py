"""What every comparison rule shares: the :class:`Decision` it returns, the :class:`Ctx` it is given, and
:func:`bounded` for symbolic work.

Rules for containers compare their items with :meth:`Ctx.compare`, which hands the pair back to the dispatcher
(:mod:`._dispatch`), so an interval of decimals or a set of equations is compared by the same rules as a lone number
or equation. The dispatcher is passed in the context, so no rule module imports it. Docs: docs/comparison.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Optional, TypeVar

from ..limits import Deadline, GradingTimeout, run_bounded
from ..options import Options
from ..values import Interval, Matrix, SetValue, Union_, Value

__all__ = ["Decision", "Ctx", "bounded", "kind_name"]

T = TypeVar("T")


@dataclass(frozen=True)
class Decision:
    """The outcome of a comparison: ``equal``, the ``rule`` that decided (``number.exact``, ...) and a one-line
    ``reason``."""

    equal: bool
    rule: str
    reason: str

    def __bool__(self) -> bool:
        return self.equal


@dataclass(frozen=True)
class Ctx:
    """What every rule needs: the options, the deadline, and the dispatcher for the items of containers."""

    options: Options
    deadline: Deadline
    dispatch: Callable[[Value, Value, "Ctx"], Decision]
    confirm: bool = True
    """Whether an agreement found numerically is confirmed symbolically (only for the reason it gives)."""

    def compare(self, answer: Value, gold: Value) -> Decision:
        """Compare two values (sides of relations, the content of a choice) by the rule for their kinds."""
        return self.dispatch(answer, gold, self)

    def compare_items(self, answer: Value, gold: Value) -> Decision:
        """Compare two items of containers. Only a differing item's reason is shown, so an agreement is not
        confirmed symbolically (which would change no verdict and cost a sympy job per pair of items)."""
        return self.dispatch(answer, gold, replace(self, confirm=False) if self.confirm else self)


def bounded(fn: Callable[..., T], *args: Any, ctx: Ctx, decisive: bool = False) -> Optional[T]:
    """Run a symbolic job (sympy) with a share of the remaining time; None if it did not finish in that share.

    A confirmation of numeric evidence gets at most half the remaining time (and at most 40% of the timeout, at
    least 1 s); a ``decisive`` job, the only evidence there is, gets 80% of what remains. The whole comparison
    times out (:class:`GradingTimeout` propagates) only when the overall deadline passes; a confirmation that
    merely took too long leaves the decision to the numeric evidence.
    """
    ctx.deadline.check()
    remaining = ctx.deadline.remaining()
    budget = remaining * 0.8 if decisive else min(remaining * 0.5, max(1.0, ctx.options.timeout * 0.4))
    try:
        return run_bounded(fn, *args, deadline=Deadline(budget))
    except GradingTimeout:
        ctx.deadline.check()
        return None
    except (RuntimeError, ValueError, TypeError, ArithmeticError, RecursionError, MemoryError):
        return None  # a crashed or failing symbolic job proves nothing: the numeric evidence decides


def kind_name(v: Value) -> str:
    """A short human name for the kind of a value (for reasons)."""
    if isinstance(v, SetValue):
        return "set" if v.braces else "list"
    if isinstance(v, Union_):
        return "union" if v.op == "cup" else "intersection"
    if isinstance(v, Interval):
        return "interval"
    if isinstance(v, Matrix):
        return "matrix"
    return v.kind.value
