"""The dispatcher: look at the kinds of the two values and hand them to the rule that decides.

Every rule returns a :class:`._core.Decision` naming itself (``number.exact``, ``set.elementwise``...). The order
below is the order of docs/comparison.md ("How a pair is dispatched").
"""

from __future__ import annotations

from ..values import Choice, Expression, Relation, SetValue, Text, TupleValue, Value
from ._core import Ctx, Decision
from ._relations import compare_relations
from ._scalars import compare_scalars, expand_pm
from ._structures import compare_structures
from ._text import compare_text
from ._trees import is_scalar

__all__ = ["decide"]


def decide(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    """Compare ``answer`` with ``gold`` by the rule for their kinds."""
    ctx.deadline.check()
    answer, gold = _unwrap(answer), _unwrap(gold)
    if isinstance(answer, Relation) or isinstance(gold, Relation):
        return compare_relations(answer, gold, ctx)  # (a false statement is not even equal to itself)
    if answer == gold and not _has_pm(answer):
        return Decision(True, "identical", "the two values are identical")
    if isinstance(answer, (Choice, Text)) or isinstance(gold, (Choice, Text)):
        return compare_text(answer, gold, ctx)
    pm_a, pm_g = expand_pm(answer), expand_pm(gold)
    if pm_a is not None or pm_g is not None:
        return decide(pm_a or answer, pm_g or gold, ctx)
    if is_scalar(answer) and is_scalar(gold):
        return compare_scalars(answer, gold, ctx)
    return compare_structures(answer, gold, ctx)


def _unwrap(v: Value) -> Value:
    """A one-item tuple or bare list is its item: ``(5)`` and ``5`` are the same answer."""
    while isinstance(v, (TupleValue, SetValue)) and len(v.items) == 1 and not (
        isinstance(v, SetValue) and v.braces
    ):
        v = v.items[0]
    return v


def _has_pm(v: Value) -> bool:
    return isinstance(v, Expression) and v.tree[0] == "pm"
