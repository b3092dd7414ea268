"""Stage 3, compare: decide whether two values are the same answer, and which rule decided.

``compare(answer, gold, options, deadline)`` dispatches on the kinds of the two values (see :mod:`._dispatch`) and
returns a :class:`Decision` naming the rule that decided (``number.exact``, ``number.rounded``,
``expression.random_points``, ``relation.same_solutions``, ``set.elementwise``...) with a one-line reason.
Every rule is described, with examples, in docs/comparison.md.

Modules: :mod:`._dispatch` (which rule decides a pair), :mod:`._core` (what the rules share), :mod:`._trees`
(tree helpers), :mod:`._numbers` (Fractions only), :mod:`._numeric` (evaluation at points, mpmath), :mod:`._sympy`
(tree → sympy, symbolic confirmation; sympy itself is imported lazily), and the rules: :mod:`._scalars`,
:mod:`._structures`, :mod:`._relations`, :mod:`._text`.
"""

from __future__ import annotations

from ..limits import Deadline
from ..options import Options
from ..values import Value
from ._core import Ctx, Decision
from ._dispatch import decide

__all__ = ["compare", "Decision"]


def compare(answer: Value, gold: Value, options: Options, deadline: Deadline) -> Decision:
    """Decide whether ``answer`` (read from the model's output) is the same answer as ``gold``.

    Raises :class:`mathgrade.limits.GradingTimeout` when ``deadline`` passes; never returns an undecided result.
    """
    return decide(answer, gold, Ctx(options, deadline, decide))
