"""The form of an answer, judged with the problem's text: is it the problem's own expression left unevaluated, does it
leave arithmetic undone, does the problem say its decimal answer is rounded, does it ask for an order?

These checks read only the answer's text, the gold's text and the problem's math, never the whole model output,
so they cost microseconds. The grader applies them after a comparison found the answer equal to the gold:

``answer.restates_problem``
    with the problem's text: the answer is one of the problem's own expressions, written again, while the gold is
    not that expression ("Compute $47^2+47+1$." answered ``47^2+47+1``; "Simplify $\\sqrt{180}$." answered
    ``\\sqrt{180}``; "Write $\\frac{7}{25}$ as a decimal." answered ``\\frac{7}{25}``). Both policies.
``answer.unfinished_arithmetic``
    the gold is a plain number (``1024``, ``2.5``) and the answer still holds operations that work out to it
    (``2^{10}``, ``3 \\cdot 4 + 5``, ``\\frac{10}{4}``, ``\\sqrt{49}``, ``5!``, ``|-7|``, ``\\lceil 6.5 \\rceil``,
    ``\\gcd(84, 126)``, ``max(1, 42)``, ``{5 \\choose 2}``); a fraction in lowest terms, a mixed
    number, a repeating decimal and scientific notation (``1.5 \\times 10^{6}``) are numbers, not arithmetic. Reward
    policy only: the eval policy credits a correct value however it is written, as benchmark graders do.
"""

from __future__ import annotations

import re
from functools import lru_cache
from math import gcd
from typing import List, Optional

from ._read._normalize import normalize
from ._read._parser import FUNCTION_NAMES

__all__ = ["restates_problem", "unfinished_arithmetic", "problem_says_rounded", "problem_asks_order",
           "plain_number"]

_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)
_NAMES = "|".join(sorted(FUNCTION_NAMES, key=lambda n: (-len(n), n)))
_OPERATION = re.compile(r"[-+*/^!|_]|\\(?:frac|times|cdot|div|sum|prod|" + _NAMES + r")(?![A-Za-z])"
                        r"|(?<![A-Za-z\\])(?:" + _NAMES + r")\(")
"""An operation in an answer (spaces removed): an operator sign, the bars of an absolute value, a subscript, or a
function the reader evaluates (:data:`mathgrade._read._parser.FUNCTION_NAMES`: ``\\lceil``, ``\\gcd``, ``max(``)."""
_SPACES = re.compile(r"\s+|\{|\}")


def _compact(text: str) -> str:
    """``text`` normalized as the reader does it, without spaces and braces (``\\dbinom{25}{22}`` and
    ``\\binom 25 22`` differ, but the same spelling written twice compares equal)."""
    return _SPACES.sub("", normalize(text))


def _problem_expressions(problem: str) -> List[str]:
    """The math of the problem: each ``$...$`` (or ``\\(...\\)``, ``\\[...\\]``), and each side of its top-level ``=``
    (``$x = 47^2+47+1$`` restates ``47^2+47+1`` too)."""
    out: List[str] = []
    for m in _MATH.finditer(problem[:20_000]):
        inner = next(g for g in m.groups() if g is not None)
        out.append(inner)
        if "=" in inner:
            out.extend(part for part in inner.split("=") if part.strip())
    return out


def restates_problem(answer: str, gold: str, problem: Optional[str]) -> bool:
    """The answer is one of the problem's own expressions that holds an operation, written again, and the gold is
    not that expression."""
    if not problem:
        return False
    compact = _compact(answer)
    if not _OPERATION.search(compact):
        return False
    if not compact or compact == _compact(gold):
        return False
    return any(_compact(expr) == compact for expr in _problem_expressions(problem))


_PLAIN = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)")


_LITERAL = re.compile(r"[\s$]*-?[\d.,\s]+%?[\s$.]*")
"""Digits and separators only: a plain number whatever the details (no need to normalize it)."""


@lru_cache(maxsize=4096)
def plain_number(text: str) -> bool:
    """``text`` (a gold) is a plain integer or decimal, as written: ``1024``, ``-2.5``, ``\\$1,000``, ``30\\%``."""
    if _LITERAL.fullmatch(text):
        return any(c.isdigit() for c in text)
    s = normalize(text).replace(",", "").replace(" ", "").rstrip("%")
    return _PLAIN.fullmatch(s) is not None


_NUMBER_FORMS = re.compile(
    r"-?(?:\d+(?:\.\d*)?|\.\d+)"  # 12, 2.5
    r"|-?\d*\.\d*\\overline\{?\d+\}?"  # 0.\overline{3}, 0.1\overline{6}
    r"|-?(?:\d+(?:\.\d+)?)(?:\\times|\\cdot|\*|x)10\^\{?-?\d+\}?"  # 1.5\times10^{6}
    r"|-?10\^\{?-?\d+\}?"  # 10^{6}
    r"|-?\d+(?:\.\d+)?[eE][-+]?\d+"  # 1.5e6
)
_FRACTION = re.compile(r"(-?)(\d+)?(?:\\frac\{?(\d+)\}?\{?(\d+)\}?|(\d+)/(\d+))")


_UNIT_TEXT = re.compile(r"\\(?:text|mathrm|mbox|textrm)\s*\{(?:[^{}]|\{[^{}]*\})*\}(?:\s*\^\s*\{?-?\d\}?)?")
"""A unit left in the text (``\\text{m/s^2}``): not arithmetic."""


@lru_cache(maxsize=4096)
def unfinished_arithmetic(answer: str) -> bool:
    """The answer is not written as a number but as operations on numbers (``2^{10}``, ``3 \\cdot 4 + 5``,
    ``\\frac{10}{4}``, ``\\sqrt{49}``, ``5!``). The caller checks that it works out to a rational number."""
    if _LITERAL.fullmatch(answer):
        return False  # (most answers: a plain number)
    s = _UNIT_TEXT.sub("", normalize(answer)).replace(" ", "").replace("{,}", "").rstrip("%°")
    if not _OPERATION.search(s.lstrip("-")):
        return False  # (a number word, "\\text{seven}", is no arithmetic)
    s = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", s)
    while s.startswith("{") and s.endswith("}"):
        s = s[1:-1]
    if not s or _NUMBER_FORMS.fullmatch(s):
        return False
    m = _FRACTION.fullmatch(s)
    if m is not None:
        numerator, denominator = m.group(3) or m.group(5), m.group(4) or m.group(6)
        n, d = int(numerator), int(denominator)
        whole = m.group(2)
        return d == 0 or gcd(n, d) != 1 or d == 1 or (whole is not None and n >= d)
    return True


_ROUNDED_WORDS = re.compile(
    r"\b(?:round(?:ed|ing)?|nearest|approximate(?:ly)?|approx|estimate[ds]?|about|roughly|significant (?:figures|"
    r"digits)|decimal places?|to (?:one|two|three|four|five|\d+) (?:decimal|places|digits)|tenths?|hundredths?|"
    r"thousandths?|sig(?:\.|nificant)? ?figs?)\b"
    r"|保留|四舍五入|约|近似|精确到|小数点后",
    re.I,
)


def problem_says_rounded(problem: Optional[str]) -> bool:
    """The problem asks for (or allows) a rounded value: "to the nearest hundredth", "approximately", "round",
    "significant figures", "保留两位小数"."""
    return bool(problem) and _ROUNDED_WORDS.search(problem or "") is not None


_ORDER_WORDS = re.compile(
    r"\b(?:in (?:increasing|decreasing|ascending|descending|that|this|the given|the same) order|in order|"
    r"(?:increasing|decreasing|ascending|descending) order|from (?:least|smallest|lowest) to (?:greatest|largest|"
    r"highest)|from (?:greatest|largest|highest) to (?:least|smallest|lowest)|ordered (?:pair|triple|list|tuple)s?|"
    r"sequence|respectively)\b"
    r"|从小到大|从大到小|由小到大|由大到小|依次|按顺序|顺序",
    re.I,
)


_ASKING = re.compile(r"^\W*(?:(?:please|then|now|also|and)\s+)?(?:list|give|enter|write|find|determine|compute|"
                     r"calculate|express|arrange|put|state|order|rank|sort|name|identify|provide|present)\b"
                     r"|\byour\s+answers?\b|\?|[\u3000-\u9fff]", re.I)
"""What makes a sentence ask for the answer: an instruction (a sentence that opens with its verb: "List ...",
"Find ..."), "your answer", a question; any CJK sentence, whose order words are themselves instructions."""
_PROBLEM_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?](?=\s|$)|\n|$)")


def problem_asks_order(problem: Optional[str]) -> bool:
    """The problem asks for its answers in an order ("List the roots in increasing order.", "Find $a$ and $b$,
    respectively.", "从小到大"): a list answer is then compared item by item, in order. The order words must be in a
    sentence that asks: "the list $3n^2, m^2, 2(n+1)^2$ consists of three consecutive integers written in increasing
    order" and "the first three integers in the sequence" describe the problem, they ask for no order."""
    if not problem or _ORDER_WORDS.search(problem) is None:
        return False
    return any(_ORDER_WORDS.search(m.group()) and _ASKING.search(m.group().strip())
               for m in _PROBLEM_SENTENCE.finditer(problem))
