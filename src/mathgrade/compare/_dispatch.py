"""The dispatcher: look at the kinds of the two values and hand them to the rules that decide.

:data:`ROUTES` is the order, as a table: the first route whose test holds for the pair decides it. Every rule
returns a :class:`._core.Decision` named by a constant of :mod:`._table` (``number.exact``, ``set.elementwise``...).
docs/comparison.md ("How a pair is dispatched") is made from :data:`ROUTES` by :func:`routes_markdown`.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Tuple, Union, cast

from ..values import Choice, Expression, Number, Relation, SetValue, Text, TupleValue, Value
from ._core import Ctx, Decision
from ._relations import compare_relations
from ._scalars import compare_scalars, expand_pm
from ._structures import compare_structures
from ._table import IDENTICAL
from ._text import compare_text
from ._trees import is_scalar

__all__ = ["decide", "ROUTES", "routes_markdown"]


Scalar = Union[Number, Expression]


class Route(NamedTuple):
    """One step of dispatch: when ``applies`` holds for (answer, gold), ``decide`` decides the pair."""

    when: str
    """When it applies, for the documentation (Markdown)."""
    applies: Callable[[Value, Value], bool]
    decide: Callable[[Value, Value, Ctx], Decision]
    rules: str
    """Which rules decide then, for the documentation."""


def _relation(answer: Value, gold: Value) -> bool:
    return isinstance(answer, Relation) or isinstance(gold, Relation)


def _identical(answer: Value, gold: Value) -> bool:
    return answer == gold and not _has_pm(answer)


def _decide_identical(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    return Decision(True, IDENTICAL, "the two values are identical")


def _text(answer: Value, gold: Value) -> bool:
    return isinstance(answer, (Choice, Text)) or isinstance(gold, (Choice, Text))


def _plus_minus(answer: Value, gold: Value) -> bool:
    return _has_pm(answer) or _has_pm(gold)


def _decide_expanded(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    return decide(expand_pm(answer) or answer, expand_pm(gold) or gold, ctx)


def _scalars(answer: Value, gold: Value) -> bool:
    return is_scalar(answer) and is_scalar(gold)


def _decide_scalars(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    return compare_scalars(cast(Scalar, answer), cast(Scalar, gold), ctx)


def _anything(answer: Value, gold: Value) -> bool:
    return True


ROUTES: Tuple[Route, ...] = (
    Route("either side is a relation (equation, inequality, chain)", _relation, compare_relations,
          "the relation rules (a false statement is not even equal to itself)"),
    Route("the two values are identical", _identical, _decide_identical, "`identical`"),
    Route("either side is text or a choice letter", _text, compare_text, "the text and choice rules"),
    Route("either side is `a ± b`", _plus_minus, _decide_expanded,
          "it becomes the bare list `a + b, a - b`, dispatched again"),
    Route("both are numbers or expressions", _scalars, _decide_scalars, "the number and expression rules"),
    Route("otherwise", _anything, compare_structures,
          "the container rules (sets, tuples, intervals, unions, matrices); anything else is `kind.mismatch`"),
)
"""The order of dispatch: the first route that applies decides."""


def decide(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    """Compare ``answer`` with ``gold`` by the rules for their kinds (the first of :data:`ROUTES` that applies)."""
    ctx.deadline.check()
    answer, gold = _unwrap(answer), _unwrap(gold)
    if type(answer) is Number and type(gold) is Number:  # the common pair: the routes' answer, without the walk
        return _decide_identical(answer, gold, ctx) if answer == gold else compare_scalars(answer, gold, ctx)
    for route in ROUTES:
        if route.applies(answer, gold):
            return route.decide(answer, gold, ctx)
    raise AssertionError("the last route applies to every pair")  # pragma: no cover


def routes_markdown() -> str:
    """The numbered list of docs/comparison.md ("How a pair is dispatched"), made from :data:`ROUTES`."""
    lines = ["0. A one-item tuple or bare list is its item (`(5)` is `5`)."]
    lines += [f"{i}. If {r.when}: {r.rules}." if r.when != "otherwise" else f"{i}. Otherwise {r.rules}."
              for i, r in enumerate(ROUTES, 1)]
    return "\n".join(lines) + "\n"


def _unwrap(v: Value) -> Value:
    """A one-item tuple or bare list is its item: ``(5)`` and ``5`` are the same answer."""
    while isinstance(v, (TupleValue, SetValue)) and len(v.items) == 1 and not (
        isinstance(v, SetValue) and v.braces
    ):
        v = v.items[0]
    return v


def _has_pm(v: Value) -> bool:
    return isinstance(v, Expression) and v.tree[0] == "pm"
