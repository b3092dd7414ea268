"""What every comparison rule shares: the :class:`Decision` it returns, the :class:`Ctx` it is given, and
:func:`bounded` for symbolic work.

Rules for containers compare their items with :meth:`Ctx.compare`, which hands the pair back to the dispatcher
(:mod:`._dispatch`), so an interval of decimals or a set of equations is compared by the same rules as a lone number
or equation. The dispatcher is passed in the context, so no rule module imports it. Docs: docs/comparison.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Optional, TypeVar

from ..errors import GradingTimeout
from ..limits import Deadline
from ..options import Options
from ..runtime import add_worker_setup, run_bounded
from ..values import Interval, Matrix, SetValue, Union_, Value

__all__ = ["Decision", "Ctx", "bounded", "kind_name"]

T = TypeVar("T")


@dataclass(frozen=True, init=False)
class Decision:
    """The outcome of a comparison: ``equal``, the ``rule`` that decided (``number.exact``, ...) and a one-line
    ``reason``."""

    equal: bool
    rule: str
    reason: str

    def __init__(self, equal: bool, rule: str, reason: str) -> None:
        # One write of the fields (a frozen dataclass's __init__ makes one call per field; made per comparison).
        object.__setattr__(self, "__dict__", {"equal": equal, "rule": rule, "reason": reason})

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
    """Run a symbolic job (sympy) where it can be stopped (:func:`mathgrade.runtime.run_bounded`); None if it failed.
    ``decisive`` says the job is the only evidence (for the reader: a guard that fires ends the row either way).

    What the job tries is fixed by the symbolic budget (:mod:`._sympy`: the sizes of its inputs and the ``timeout``
    option, never the clock), so its outcome does not depend on how busy the machine is. The call's deadline is
    only the last guard against a runaway: when it passes, :class:`~mathgrade.limits.GradingTimeout` goes up and the
    row is ``timeout``, whether the job was the only evidence (``decisive``) or a confirmation of numeric evidence: a
    guard that fires never hands the decision to another rule, which would make the verdict depend on the load.
    """
    from ._sympy import within_budget

    try:
        return run_bounded(within_budget, fn, args, ctx.options.timeout, deadline=ctx.deadline)
    except GradingTimeout as exc:
        exc.step = f"symbolic step {fn.__name__}"  # (named in the verdict's reason)
        raise
    except (RuntimeError, ValueError, TypeError, ArithmeticError, RecursionError, MemoryError):
        return None  # a crashed or failing symbolic job proves nothing: the numeric evidence decides


def _warm_symbolic() -> None:
    """Worker setup: import sympy and what its ``simplify`` and ``solveset`` load on first use."""
    from ._sympy import warm

    warm()


add_worker_setup(_warm_symbolic, before_fork=True)


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


def a_kind_name(v: Value) -> str:
    """:func:`kind_name` with its article: "a set", "an interval", "an expression"."""
    name = kind_name(v)
    return ("an " if name[0] in "aeio" else "a ") + name  # (of the kinds, only "union" starts with a u: "a union")
