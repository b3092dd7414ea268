"""lighteval: mathgrade as sample-level metrics, in lighteval's own metric classes.

::

    from mathgrade.integrations.lighteval import mathgrade_metric, pass_at_k, maj_at_k
    LightevalTaskConfig(..., metrics=[mathgrade_metric(), pass_at_k(k=1, n=8), maj_at_k(n=8)])

- :func:`mathgrade_metric`: 1.0 when the model's (first) answer equals the doc's gold answer, graded by
  :func:`mathgrade.grade` (the doc's ``specific["problem"]`` or ``["question"]``, if set, is passed on as the problem).
- :func:`pass_at_k`: lighteval's own ``PassAtK`` estimator with mathgrade deciding each sample.
- :func:`maj_at_k`: maj@n whose votes are mathgrade-equivalence classes (``\\\\frac12``, ``0.5`` and ``1/2`` are one
  vote; lighteval's ``MajAtN`` counts exact strings).

The classes (:class:`MathgradeMatch`, :class:`MathgradeMajAtN`) subclass lighteval's ``SampleLevelComputation``;
they live in :mod:`mathgrade.integrations._lighteval`, imported (with lighteval) on first use of a name here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ._lighteval import MathgradeMajAtN, MathgradeMatch, maj_at_k, mathgrade_metric, pass_at_k

__all__ = ["mathgrade_metric", "pass_at_k", "maj_at_k", "MathgradeMatch", "MathgradeMajAtN"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import _lighteval

        return getattr(_lighteval, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
