"""Units written with an answer, judged against the gold's unit (or the unit the problem asks for).

The reader drops a unit to read the number (``150 \\text{ hours}`` is 150); this module looks at the unit itself, so
that "150 hours" does not answer "150 minutes". The rules, under both policies:

- A unit written with the answer must agree with the gold's unit, or, when the gold has none, with the unit the
  problem asks for ("How many minutes...", "... in km/h?", "需要多少分钟"). A unit of the same dimension is
  converted exactly (``2.5 \\text{ hours}`` answers ``150 \\text{ minutes}``: ``unit.converted``); one of another
  dimension never matches (``20 \\text{ cm}^2`` is not ``20 \\text{ cm}``: ``unit.mismatch``).
- A missing unit is not a wrong one: ``150`` answers ``150 \\text{ minutes}``, and ``12 \\text{ miles}`` answers a
  bare ``12`` when the problem names no unit.
- Currencies are units: ``\\$3.20`` is 320 cents; a percent is not a currency (``25\\%`` is not ``\\$25``).
- Under the reward policy a percent sign is never moved by a factor of 100: ``3000\\%`` does not answer 30 and
  ``30\\%`` does not answer 0.3 (``unit.percent``); ``30\\%`` answers 30. The eval policy keeps the documented
  reading (``50\\%`` equals 0.5 and 50).
- Radians and degrees: a number said to be in radians never answers degrees, nor the other way round.

Units are parsed and converted with `pint <https://pint.readthedocs.io>`_ (exact rational factors: a registry with
``non_int_type=Fraction``), loaded the first time an answer carries a unit word: most answers never load it.
Without pint installed, two differing unit words are a mismatch (never a credit) and no conversion is made.
"""

from __future__ import annotations

import re
import threading
from fractions import Fraction
from typing import Any, Dict, Optional, Tuple

from .limits import not_charged
from .runtime import add_worker_setup

__all__ = ["written_unit", "asked_unit", "number_text", "Unit", "relate", "factor"]

Unit = Tuple[str, str]
"""``(kind, name)``: ``("percent", "%")``, ``("angle", "degree")``, ``("angle", "radian")``, ``("pint", "hour")``
(a unit pint parses: a physical unit or a currency)."""

_CURRENCY_BEFORE = re.compile(r"^\s*(?:\\\$|\$|US\s*\\?\$|USD\s*|€|£|¥|￥|\\euro\b|\\pounds\b)")
_CURRENCY_NAMES = {"$": "dollar", "€": "euro", "£": "pound_sterling", "¥": "yen_or_yuan", "￥": "yuan", "U": "dollar",
                   "\\euro": "euro", "\\pounds": "pound_sterling"}
_PERCENT_AFTER = re.compile(r"(?:\\%|%|\bpercent|\bper\s*cent)\s*$", re.I)
_DEGREE_AFTER = re.compile(r"(?:\^\s*\{?\s*\\circ\s*\}?|°|\\degree(?![A-Za-z]))\s*$")
_WORD_UNIT_AFTER = re.compile(
    r"(?:(?<=[\d}).\s])|(?<=\d\\[,;: ])|(?<=\d~))\s*(?:\\(?:text|mathrm|mbox|textrm|textnormal|operatorname)"
    r"\s*\{\s*([^{}]*?)\s*\}"
    r"|([A-Za-z\u4e00-\u9fff][A-Za-z\u4e00-\u9fff /.]{0,30}?))"
    r"\s*(?:\^\s*\{?\s*([23])\s*\}?)?\s*[.,;]?\s*$"
)
_CJK_UNITS: Tuple[Tuple[str, str], ...] = (
    ("平方千米", "kilometer**2"), ("平方公里", "kilometer**2"), ("平方厘米", "centimeter**2"), ("平方毫米", "millimeter**2"),
    ("平方米", "meter**2"), ("立方厘米", "centimeter**3"), ("立方米", "meter**3"), ("千米", "kilometer"),
    ("公里", "kilometer"), ("厘米", "centimeter"), ("毫米", "millimeter"), ("分钟", "minute"), ("小时", "hour"),
    ("千克", "kilogram"), ("公斤", "kilogram"), ("毫升", "milliliter"), ("秒", "second"), ("天", "day"), ("周", "week"),
    ("米", "meter"), ("克", "gram"), ("吨", "metric_ton"), ("升", "liter"), ("元", "yuan"), ("角", "jiao"),
)
"""Chinese unit words and the pint names they translate to (the longest first)."""
_NOT_UNITS = frozenset(
    "a an at in is it of or and on to by as be the point points pt turn turns count counts bit bits dozen gross "
    "percent pct degree degrees deg rad radian radians score ways way times time each per unit units".split()
)
"""Words pint would read as units that, after a number in a math answer, are not (``in``: inch, ``a``: year,
``point``: a printer's point); degrees, radians and percent are handled apart."""
_SQUARE = re.compile(r"\b(?:square|sq\.?)\s+([A-Za-z]+)", re.I)
_CUBIC = re.compile(r"\b(?:cubic|cu\.?)\s+([A-Za-z]+)", re.I)
_SQUARED = re.compile(r"\b([A-Za-z]+)\s+squared\b", re.I)
_CUBED = re.compile(r"\b([A-Za-z]+)\s+cubed\b", re.I)


def written_unit(text: str) -> Optional[Unit]:
    """The unit written with an answer (or a gold) ``text``: a currency sign before its number, a percent or degree
    sign after it, or unit words after it (``150 \\text{ hours}``, ``12 km``, ``5 \\mathrm{cm}^2``, ``150 分钟``);
    None when it carries none (or only words that are not units: ``12 apples``)."""
    s = text.strip().strip("$").strip()
    if s.startswith("\\boxed{") and s.endswith("}"):
        s = s[len("\\boxed{"):-1].strip()
    if not s or not any(c.isdigit() for c in s):
        return None
    currency = _CURRENCY_BEFORE.match(s)
    if currency is not None:
        sign = currency.group().strip()
        return "pint", _CURRENCY_NAMES.get(sign[-1] if sign.endswith("$") else sign, "dollar")
    if _PERCENT_AFTER.search(s):
        return "percent", "%"
    if _DEGREE_AFTER.search(s):
        return "angle", "degree"
    m = _WORD_UNIT_AFTER.search(s)
    if m is None or m.start() == 0:
        return None
    phrase = (m.group(1) if m.group(1) is not None else m.group(2) or "").strip(" .")
    if m.group(1) is None and len(phrase.replace(" ", "")) < 2 and not _has_cjk(phrase):
        return None  # a single letter outside \text{} is a variable, never a unit
    return _unit_of_phrase(phrase, m.group(3))


def number_text(text: str) -> str:
    """``text`` without the unit words after its number (``1500 \\text{ m}`` → ``1500``); "" when it has none."""
    s = text.strip().strip("$").strip()
    m = _WORD_UNIT_AFTER.search(s)
    return s[:m.start()].strip() if m is not None and m.start() > 0 else ""


def _has_cjk(s: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in s)


def _unit_of_phrase(phrase: str, power: Optional[str]) -> Optional[Unit]:
    """The unit a phrase names (``hours``, ``km/h``, ``cm`` with the power ``2``, ``分钟``); None for other words."""
    words = phrase.lower().split()
    if not words:
        return None
    if words[0] in ("degree", "degrees", "deg") and len(words) == 1:
        return "angle", "degree"
    if words[0] in ("radian", "radians", "rad") and len(words) == 1:
        return "angle", "radian"
    if words[0] in ("percent", "pct"):
        return "percent", "%"
    if _has_cjk(phrase):
        for word, name in _CJK_UNITS:
            if phrase.strip() == word:
                return "pint", name + (f"**{power}" if power else "")
        return None
    if len(words) == 1 and words[0] in _NOT_UNITS:
        return None
    expr = _SQUARE.sub(r"\1**2", phrase)
    expr = _CUBIC.sub(r"\1**3", expr)
    expr = _SQUARED.sub(r"\1**2", expr)  # "meters per second squared"
    expr = _CUBED.sub(r"\1**3", expr)
    expr = re.sub(r"\s+per\s+", "/", expr.strip())
    expr = re.sub(r"\s+", "*", expr)
    if power:
        expr = f"({expr})**{power}"
    return ("pint", expr) if _parses(expr) else None


# -- pint, loaded once, on first use --------------------------------------------------------------------------------
_REGISTRY: Dict[str, Any] = {}
_LOCK = threading.Lock()
_CURRENCIES = (
    "dollar = [currency_usd] = usd = buck", "cent = dollar / 100", "euro = [currency_eur] = eur",
    "pound_sterling = [currency_gbp] = gbp", "yuan = [currency_cny] = rmb = renminbi", "jiao = yuan / 10",
    "yen = [currency_jpy] = jpy", "yen_or_yuan = [currency_yen_or_yuan]", "rupee = [currency_inr] = inr",
    "peso = [currency_peso]",
)


def _registry() -> Optional[Any]:
    """pint's unit registry with exact (Fraction) factors and the currencies as units; None without pint."""
    if "r" not in _REGISTRY:
        with _LOCK:
            if "r" not in _REGISTRY:
                registry: Optional[Any]
                with not_charged():  # (loading pint, once per process, is no row's work)
                    try:
                        import pint

                        registry = pint.UnitRegistry(non_int_type=Fraction, cache_folder=None)
                        for definition in _CURRENCIES:
                            registry.define(definition)
                    except Exception:  # noqa: BLE001 - pint missing or broken: units are compared by name only
                        registry = None
                _REGISTRY["r"] = registry
    return _REGISTRY["r"]


def load() -> None:
    """Load pint's registry now (about 0.4 s of CPU, once per process). A worker setup: the pool's process runs it
    before forking its workers, which inherit the registry, and a spawned worker runs it at its start; so the first
    row with a unit does not hold up a worker, and the rows queued behind it, while the others wait for their turn in
    input order."""
    _registry()


add_worker_setup(load, before_fork=True)


def loaded() -> bool:
    """Whether pint's registry has been loaded (or found missing) in this process."""
    return "r" in _REGISTRY


_PARSED: Dict[str, Any] = {}


def _parsed(expr: str) -> Any:
    """pint's units for ``expr`` (cached), or None when pint does not know them."""
    if expr in _PARSED:
        return _PARSED[expr]
    registry = _registry()
    units = None
    if registry is not None:
        try:
            units = registry.parse_units(expr)
        except Exception:  # noqa: BLE001 - pint raises many kinds of errors on words that are not units
            units = None
    if len(_PARSED) < 4096:
        _PARSED[expr] = units
    return units


def _parses(expr: str) -> bool:
    if _registry() is None:
        return bool(re.fullmatch(r"[A-Za-z*/()0-9]+", expr))  # without pint: any unit-looking word, by name
    units = _parsed(expr)
    return units is not None and bool(dict(units.dimensionality))  # (dimensionless words are counts, not units)


def factor(from_unit: str, to_unit: str) -> Optional[Fraction]:
    """The exact factor converting a quantity in ``from_unit`` to ``to_unit``; None when their dimensions differ
    (or pint is missing and the names differ)."""
    if from_unit == to_unit:
        return Fraction(1)
    a, b = _parsed(from_unit), _parsed(to_unit)
    if a is None or b is None or dict(a.dimensionality) != dict(b.dimensionality):
        return None
    registry = _registry()
    if registry is None:
        return None
    try:
        value = registry.Quantity(Fraction(1), a).to(b).magnitude
    except Exception:  # noqa: BLE001 - offset units (temperatures) and the like: not converted
        return None
    return value if isinstance(value, Fraction) else None


# -- the unit a problem asks for --------------------------------------------------------------------------------------
_HOW_MANY = re.compile(r"\bhow\s+many\s+((?:square\s+|cubic\s+)?[A-Za-z]+(?:\s*/\s*[A-Za-z]+)?)", re.I)
_IN_UNIT = re.compile(r"\b(?:in|in\s+units\s+of|measured\s+in|expressed\s+in)\s+"
                      r"((?:square\s+|cubic\s+)?[A-Za-z]+(?:\s*/\s*[A-Za-z]+|\s+per\s+[A-Za-z]+)?"
                      r"(?:\s+(?:squared|cubed))?)(?![A-Za-z])", re.I)
_CJK_ASKED = re.compile(r"多少\s*(平方千米|平方公里|平方厘米|平方毫米|平方米|立方厘米|立方米|千米|公里|厘米|毫米|分钟|小时|千克|公斤|毫升|"
                        r"秒|天|周|米|克|吨|升|元)|单位[:：是为]?\s*(\S{1,4})")


def asked_unit(problem: Optional[str]) -> Optional[Unit]:
    """The unit the problem asks its answer in: "How many minutes ...", "... in km/h?", "(in cm)", "多少分钟"; None
    when it names none (or only counts: "how many apples")."""
    if not problem:
        return None
    tail = problem[-2000:]
    for pattern in (_HOW_MANY, _IN_UNIT):
        found = None
        for m in pattern.finditer(tail):
            phrase = m.group(1)
            if phrase.lower() in _NOT_UNITS:
                continue
            unit = _unit_of_phrase(phrase.replace(" / ", "/"), None)
            if unit is not None:
                found = unit
                if pattern is _HOW_MANY:
                    return found
        if found is not None:
            return found
    cjk = _CJK_ASKED.search(tail)
    if cjk is not None:
        return _unit_of_phrase(cjk.group(1) or cjk.group(2), None)
    return None


def relate(answer: Unit, gold: Unit) -> Tuple[str, Optional[Fraction]]:
    """How an answer's unit relates to the gold's: ``("same", 1)``, ``("convert", factor)`` (same dimension),
    ``("mismatch", None)`` (another dimension, another currency, percent against a unit), or ``("angle", None)``
    (degrees against radians: for the caller)."""
    if answer == gold:
        return "same", Fraction(1)
    if answer[0] == "angle" and gold[0] == "angle":
        return "angle", None
    if answer[0] != "pint" or gold[0] != "pint":
        return "mismatch", None
    f = factor(answer[1], gold[1])
    if f is None:
        return "mismatch", None
    return ("same" if f == 1 else "convert"), f
