"""The dispatcher: look at the kinds of the two values and hand them to the rule that decides.

Every rule returns a :class:`Decision` naming itself (``number.exact``, ``set.elementwise``...). Rules for
containers call :func:`decide` back on their items, so an interval of decimals or a set of equations is compared
by the same rules as a lone number or equation. Docs: docs/comparison.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, TypeVar

from ..limits import Deadline, GradingTimeout, run_bounded
from ..options import Options
from ..values import (
    Choice,
    Expression,
    Interval,
    Matrix,
    Number,
    Relation,
    SetValue,
    Text,
    TupleValue,
    Union_,
    Value,
)

__all__ = ["Decision", "Ctx", "decide", "is_scalar", "bounded"]

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
    """What every rule needs: the options and the deadline."""

    options: Options
    deadline: Deadline


def is_scalar(v: Value) -> bool:
    """Numbers and expressions: the values compared by value rather than by structure."""
    return isinstance(v, (Number, Expression))


def bounded(fn: Callable[..., T], *args: Any, ctx: Ctx, decisive: bool = False) -> Optional[T]:
    """Run a symbolic job (sympy) where it can be stopped; None if it failed or could not finish.

    What the job tries is fixed by the symbolic budget (:mod:`._sympy`: the sizes of its inputs and the ``timeout``
    option, never the clock), so its outcome does not depend on how busy the machine is. The call's deadline is
    only the last guard against a runaway: when it passes, a ``decisive`` job (the only evidence there is) raises
    :class:`GradingTimeout` (status ``timeout``), and a confirmation of numeric evidence leaves the decision to that
    evidence.
    """
    from ._sympy import within_budget

    try:
        return run_bounded(within_budget, fn, args, ctx.options.timeout, deadline=ctx.deadline)
    except GradingTimeout:
        if decisive:
            raise
        return None
    except (RuntimeError, ValueError, TypeError, ArithmeticError, RecursionError, MemoryError):
        return None  # a crashed or failing symbolic job proves nothing: the numeric evidence decides


def decide(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    """Compare ``answer`` with ``gold`` by the rule for their kinds."""
    from . import _relations, _scalars, _structures, _text

    ctx.deadline.check()
    answer, gold = _unwrap(answer), _unwrap(gold)
    if isinstance(answer, Relation) or isinstance(gold, Relation):
        return _relations.compare_relations(answer, gold, ctx)  # (a false statement is not even equal to itself)
    if answer == gold and not _has_pm(answer):
        return Decision(True, "identical", "the two values are identical")
    if isinstance(answer, (Choice, Text)) or isinstance(gold, (Choice, Text)):
        return _text.compare_text(answer, gold, ctx)
    pm_a, pm_g = _scalars.expand_pm(answer), _scalars.expand_pm(gold)
    if pm_a is not None or pm_g is not None:
        return decide(pm_a or answer, pm_g or gold, ctx)
    if is_scalar(answer) and is_scalar(gold):
        return _scalars.compare_scalars(answer, gold, ctx)  # type: ignore[arg-type]
    return _structures.compare_structures(answer, gold, ctx)


def _unwrap(v: Value) -> Value:
    """A one-item tuple or bare list is its item: ``(5)`` and ``5`` are the same answer."""
    while isinstance(v, (TupleValue, SetValue)) and len(v.items) == 1 and not (
        isinstance(v, SetValue) and v.braces
    ):
        v = v.items[0]
    return v


def _has_pm(v: Value) -> bool:
    return isinstance(v, Expression) and v.tree[0] == "pm"


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
