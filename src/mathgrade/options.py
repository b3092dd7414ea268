"""Options of :func:`mathgrade.grade`: one validated, immutable record shared by every stage.

:class:`Options` is the record; :class:`GradeOptions` types the same names as keyword arguments (``**options:
Unpack[GradeOptions]``), so that a type checker rejects ``polcy="eval"``; each field's ``help`` metadata is the
command line's one-line help for its ``--option``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Dict, Literal, TypedDict

__all__ = ["Options", "GradeOptions", "ExtractOptions", "make_options"]

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

    policy: Policy = field(default="eval", metadata={
        "help": "eval: lenient, any extraction rule (default); reward: only marked answers (boxed, 'answer is')"})
    timeout: float = field(default=5.0, metadata={"help": "time limit per row, in seconds (default: 5)"})
    min_significant_digits: int = field(default=3, metadata={
        "help": "fewest significant digits of a decimal that stands for an exact value (default: 3: 0.333 ~ 1/3)"})
    percent: bool = field(default=True, metadata={
        "help": "50%% equals 50 as well as 0.5 (default); with --no-percent only 0.5"})
    degrees: bool = field(default=True, metadata={
        "help": "45° equals pi/4 and a bare 30 answers 30° (default); --no-degrees: the sign must match"})
    match_variables: bool = field(default=True, metadata={
        "help": "variables must match by name (default); --no-match-variables: a consistent renaming matches"})
    allow_interval_as_inequality: bool = field(default=True, metadata={
        "help": "x > 3 answers (3, oo) and the reverse (default); --no-allow-interval-as-inequality: never"})


class GradeOptions(TypedDict, total=False):
    """The fields of :class:`Options` as keyword arguments (for ``**options: Unpack[GradeOptions]``)."""

    policy: Policy
    timeout: float
    min_significant_digits: int
    percent: bool
    degrees: bool
    match_variables: bool
    allow_interval_as_inequality: bool


class ExtractOptions(GradeOptions, total=False):
    """:func:`mathgrade.extract`'s keyword arguments: the grading options and ``choices``."""

    choices: bool


_DEFAULT = Options()
_NAMES = tuple(f.name for f in fields(Options))


_MADE: Dict[Any, Options] = {}
"""Options already validated, by their keyword arguments (with each value's type: ``True == 1``); at most
:data:`_MADE_MOST` of them. ``grade(output, gold, timeout=2.0)`` called a million times validates once."""
_MADE_MOST = 256


def make_options(**kwargs: Any) -> Options:
    """Build :class:`Options` from keyword arguments, with a clear ``ValueError`` for an unknown name or bad value."""
    if not kwargs:
        return _DEFAULT
    key: Any = tuple((name, type(value), value) for name, value in kwargs.items())
    try:
        made = _MADE.get(key)
    except TypeError:  # an unhashable value: validated below, and refused
        key = made = None
    if made is not None:
        return made
    unknown = sorted(set(kwargs) - set(_NAMES))
    if unknown:
        raise ValueError(f"unknown option {', '.join(map(repr, unknown))}; known options are {', '.join(_NAMES)}")
    opts = Options(**kwargs)
    _validate(opts)
    if key is not None and len(_MADE) < _MADE_MOST:
        _MADE[key] = opts
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
