"""Gold answers as grading uses them: a gold is the user's data, not the model's, so one that cannot be read as math
is still compared.

:func:`gold_forms` reads a gold and returns every form it stands for:

- a gold that is a whole solution, or holds several boxes, gives its marked answer; a sentence ending in its value
  gives that value (``"So the total number of apples is 42."``);
- a gold listing equivalent forms with a separator (``\\frac54 \\#\\# 1.25``, ``a ## b``) stands for each of them,
  and so does a gold ``a or b`` whose parts are one value (``1.25 \\text{ or } \\frac54``);
- a gold with a repairable slip is read repaired (a decimal broken by a space, ``0. 75``);
- a gold of words in any script (``系统抽样``) is text;
- any other gold that cannot be read (a trailing ``^``, an unbalanced bracket, an unknown symbol) is compared with
  the answer as text by :func:`same_text` (spacing, ``$``, braces, ``\\left``/``\\right``, ``\\text{}`` wrappers
  and case ignored): the answer is correct when it is the same text, and the gold stays ``invalid_gold`` otherwise.
"""

from __future__ import annotations

import re
from typing import Optional, Tuple

from . import _parts
from ._extract import extract
from ._read import Reading, read
from .compare import compare
from .limits import Deadline, GradingTimeout
from .options import make_options
from .values import SetValue, Text, Value, has_surrogate

__all__ = ["GoldForms", "gold_forms", "same_text", "text_key"]


GoldForms = Tuple[Reading, Tuple[Value, ...]]
"""What a gold text stands for: its reading (value None when it cannot be read) and, for a gold that lists
equivalent forms, each of them (empty otherwise). A plain tuple: it is made for every row."""


_SAME_VALUE_SECONDS = 1.0
"""How long the parts of a gold ``a or b`` may take to be found one value."""
_SEPARATOR = re.compile(r"\s*(?:\\#\s*\\#|##)\s*")
"""Separators of equivalent forms in a gold: ``\\#\\#``, ``##``."""
_OR = re.compile(r"\s*(?:\\(?:text|mathrm|textrm|mbox)\s*\{\s*or\s*\}|(?<![A-Za-z\\])or(?![A-Za-z]))\s*")
_BROKEN_DECIMAL = re.compile(r"(?<![0-9.])([0-9]+)\.\s+([0-9]+)(?![0-9.])")
_COMMAND = re.compile(r"\\([A-Za-z]+)")
_WORDS_ONLY = re.compile(r"[\w\s'’,.;:!?()\-]+")
_TEXT_WRAPPER = re.compile(r"\\(?:text|mathrm|textrm|textbf|mbox|operatorname)\s*\{([^{}]*)\}")


def gold_forms(gold_text: str) -> GoldForms:
    """The forms ``gold_text`` stands for (see the module docstring)."""
    reading = read_gold(gold_text)
    value = reading.value
    if value is not None:
        if type(value) is SetValue and not value.braces and _OR.search(gold_text):
            return reading, _one_value_or(value)
        return reading, ()
    parts = [p for p in _SEPARATOR.split(gold_text) if p.strip()]
    if len(parts) > 1:
        values = tuple(v for v in (read_gold(p).value for p in parts) if v is not None)
        if len(values) == len(parts):
            return Reading(values[0]), values
    repaired = _BROKEN_DECIMAL.sub(r"\1.\2", gold_text)
    if repaired != gold_text:
        again = read(repaired)
        if again.value is not None:
            return again, ()
    words = _words(gold_text)
    if words is not None:
        return Reading(Text(words, raw=gold_text)), ()
    return reading, ()


def _one_value_or(value: SetValue) -> Tuple[Value, ...]:
    """The parts of a gold ``a or b`` (a bare list) that are all one value (``1.25 \\text{ or } \\frac54``): any of
    them is the answer. Empty for anything else (``x = 2 \\text{ or } x = 3`` lists two solutions)."""
    if len(value.items) < 2:
        return ()
    options, deadline = make_options(), Deadline(_SAME_VALUE_SECONDS)
    first = value.items[0]
    try:
        if all(compare(item, first, options, deadline).equal for item in value.items[1:]):
            return value.items
    except GradingTimeout:
        pass  # (parts that take this long to compare are not one value written twice)
    return ()


def _words(gold_text: str) -> Optional[str]:
    """The gold as lower-case words when it is only words (of any script) and punctuation, without digits, math
    commands or operators (``系统抽样``, ``\\text{Tuesday}``); else None."""
    s = gold_text.strip().strip("$").strip()
    prev = None
    while prev != s:
        prev, s = s, _TEXT_WRAPPER.sub(r"\1", s)
    if not s or _COMMAND.search(s) or any(c.isdigit() for c in s) or not _WORDS_ONLY.fullmatch(s):
        return None
    if not any(c.isalpha() for c in s):
        return None
    return " ".join(s.lower().split()).strip(" .,;:!?")


def read_gold(gold_text: str) -> Reading:
    """Read a gold answer. A gold that is a whole solution (MATH's ``solution`` field, a reference output ending in
    "The final answer is ...") or that holds several boxes gives its marked answer instead; a gold that is a
    sentence ending in its value ("So the total number of apples is 42.") gives that value."""
    reading = read(gold_text)
    several_boxes = gold_text.count("\\boxed") + gold_text.count("\\fbox") > 1
    if not several_boxes and not isinstance(reading.value, (Text, type(None))):
        return reading
    if several_boxes:
        listed = _boxes_only(gold_text)
        if listed is not None:
            return listed
    marked = extract(gold_text, policy="reward")
    if marked and not marked[0].alternatives:
        answer = read(marked[0].text)
        if answer.value is not None:
            return answer
    stated = _STATED_VALUE.search(gold_text) if isinstance(reading.value, Text) else None
    if stated is not None:
        answer = read(stated.group(1))
        if answer.value is not None and not isinstance(answer.value, Text):
            return answer
    return reading


def _boxes_only(gold_text: str) -> Optional[Reading]:
    """A gold that is only boxes and separators (``\\boxed{35 cm} ++++++ \\boxed{4}``): the list of its boxes."""
    contents = _parts.boxes(gold_text)
    outside = _BOX_OR_CONTENT.sub("", gold_text.replace("\\\\", "\\"))
    for c in contents:
        outside = outside.replace(c, "", 1)
    if len(contents) < 2 or any(ch.isalnum() for ch in outside):
        return None
    reading = read(", ".join(contents))
    return reading if isinstance(reading.value, SetValue) else None


_BOX_OR_CONTENT = re.compile(r"\\(?:boxed|fbox)\s*")
_STATED_VALUE = re.compile(r"(?:\b(?:is|are|was|were|equals|be)|=)\s+([^\s=]+?)\s*[.!]?\s*$")
"""The value at the end of a sentence: "... she has is 42." """

_LAYOUT = re.compile(r"\\(?:left|right|displaystyle|textstyle|big|Big|bigg|Bigg)(?![A-Za-z])|\\[,;:! ]|[\s$~{}]")


_SYMBOL_WORDS = {"\\perp": "⊥", "perpendicular": "⊥", "\\parallel": "∥", "parallel": "∥", "\\|": "∥",
                 "\\cong": "≅", "congruent": "≅", "\\sim": "∼", "similar": "∼"}
"""Relation symbols used as answers, and the words for them."""


def text_key(text: str) -> str:
    """``text`` reduced to what a reader sees: no spacing, ``$``, braces, ``\\left``/``\\right``, ``\\text{}``-style
    wrappers, final period, nor case; ``\\dfrac`` and ``\\tfrac`` are ``\\frac``."""
    prev = None
    s = text
    while prev != s:
        prev, s = s, _TEXT_WRAPPER.sub(r"\1", s)
    s = s.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac")
    s = _LAYOUT.sub("", s).rstrip(".").lower()
    return _SYMBOL_WORDS.get(s, s)


def same_text(a: str, b: str) -> bool:
    """Whether two answers are the same text once :func:`text_key` has dropped what does not show. Text that is not
    valid Unicode (a lone surrogate) is the same as nothing: what it says cannot be known."""
    if has_surrogate(a) or has_surrogate(b):
        return False
    key = text_key(a)
    return bool(key) and key == text_key(b)
