"""Options of :func:`mathgrade.grade`: one validated, immutable record shared by every stage."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

__all__ = ["Options", "make_options"]

Policy = Literal["eval", "reward"]


@dataclass(frozen=True)
class Options:
    """How to grade. Every field is a keyword argument of :func:`mathgrade.grade`.

    policy:
        ``"eval"`` (default, lenient, for benchmarks): the answer may be found by any extraction rule, down to the
        last number in the output. ``"reward"`` (strict, for training): only marked answers count (``\\boxed{}``,
        "the final answer is", ``Answer:``, ``#### N``); no fallback to the last number or the last formula.
    timeout:
        Seconds allowed for one call (float, > 0). Symbolic work that runs past it is stopped; status ``timeout``.
    min_significant_digits:
        A decimal written by the model matches an exact value only if it carries at least this many significant
        digits and the exact value rounds to it at the digits written (``0.333`` ~ ``1/3``; ``0.3`` is not).
    percent:
        True: ``50%`` equals both ``50`` and ``0.5`` (a percent sign may be dropped, never invented; ``0.5 != 50``).
        False: ``50%`` equals only ``0.5``.
    degrees:
        True: ``45°`` equals ``π/4``, and a bare number answering an angle in degrees matches it.
    match_variables:
        True: free variables must match by name (``x^2`` is not ``y^2``). False: expressions that are equal after a
        consistent renaming of variables match.
    allow_interval_as_inequality:
        True: a solved inequality (``x > 3``, ``2 <= x < 5``) answers the interval it describes, and the reverse.
    """

    policy: Policy = "eval"
    timeout: float = 5.0
    min_significant_digits: int = 3
    percent: bool = True
    degrees: bool = True
    match_variables: bool = True
    allow_interval_as_inequality: bool = True


_DEFAULT = Options()
_NAMES = tuple(f.name for f in fields(Options))


def make_options(**kwargs: Any) -> Options:
    """Build :class:`Options` from keyword arguments, with a clear ``ValueError`` for an unknown name or bad value."""
    if not kwargs:
        return _DEFAULT
    unknown = sorted(set(kwargs) - set(_NAMES))
    if unknown:
        raise ValueError(f"unknown option {', '.join(map(repr, unknown))}; known options are {', '.join(_NAMES)}")
    opts = Options(**kwargs)
    _validate(opts)
    return opts


def _validate(o: Options) -> None:
    if o.policy not in ("eval", "reward"):
        raise ValueError(f"policy must be 'eval' or 'reward', not {o.policy!r}")
    if isinstance(o.timeout, bool) or not isinstance(o.timeout, (int, float)) or not o.timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, not {o.timeout!r}")
    if isinstance(o.min_significant_digits, bool) or not isinstance(o.min_significant_digits, int) or not (
        1 <= o.min_significant_digits <= 50
    ):
        raise ValueError(f"min_significant_digits must be an integer from 1 to 50, not {o.min_significant_digits!r}")
    for name in ("percent", "degrees", "match_variables", "allow_interval_as_inequality"):
        if not isinstance(getattr(o, name), bool):
            raise ValueError(f"{name} must be True or False, not {getattr(o, name)!r}")
