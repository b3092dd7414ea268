"""Words and multiple-choice letters.

Text compares after normalization: case, spacing, ``\\text{...}``-style wrappers, end punctuation and the articles
"a", "an", "the" are ignored (``\\text{No solution}`` = ``no solution``). A word the reader took for a product of
letters (``odd`` read as o·d·d) is spelled back out. Choice letters compare as letters (``\\text{(C)}`` = ``C``).
"""

from __future__ import annotations

import re
from typing import Optional

from ..values import Choice, Expression, SetValue, Text, Value
from ._core import Ctx, Decision, a_kind_name
from ._table import CHOICE_CONTENT, CHOICE_LETTER, KIND_MISMATCH, TEXT_EMPTY_SET, TEXT_NORMALIZED

__all__ = ["compare_text", "normalize_text"]

_WRAPPER = re.compile(r"\\(?:text|textbf|textit|textrm|textnormal|mathrm|mathbf|mbox|operatorname)\s*\{([^{}]*)\}")
_ARTICLES = re.compile(r"\b(?:a|an|the)\b")
_LETTER = re.compile(r"^\(?([a-z])\)?$")
_NO_SOLUTION = frozenset({
    "no solution", "no solutions", "no real solution", "no real solutions", "no roots", "no real roots",
    "none", "empty set", "there are no solutions", "there is no solution", "no such number", "no such numbers",
})


def normalize_text(s: str) -> str:
    """Lowercase words without wrappers, articles, end punctuation or repeated spaces."""
    prev = None
    while prev != s:
        prev, s = s, _WRAPPER.sub(r"\1", s)
    s = s.replace("$", " ").replace("~", " ").replace("\\ ", " ").replace("\\,", " ").lower()
    s = _ARTICLES.sub(" ", s)
    s = " ".join(s.split())
    return s.strip(" .,;:!")


def _letter(v: Value) -> Optional[str]:
    """The choice letter a value stands for: a Choice, a one-letter text, or a one-letter variable."""
    if isinstance(v, Choice):
        return v.letter.strip("()").upper()
    if isinstance(v, Text):
        m = _LETTER.match(normalize_text(v.text))
        return m.group(1).upper() if m else None
    if isinstance(v, Expression) and v.tree[0] in ("sym", "const") and len(v.tree[1]) == 1:
        return v.tree[1].upper()
    return None


def _spelled(v: Value) -> Optional[str]:
    """A word the reader read as a product of one-letter variables (``odd`` → o·d·d), spelled back; else None."""
    if not isinstance(v, Expression):
        return None
    letters = []
    stack = [v.tree]
    while stack:
        node = stack.pop()
        if node[0] == "mul":
            stack.extend(reversed(node[1:]))
        elif node[0] in ("sym", "const") and node[1] != "oo":
            letters.append(node[1])
        else:
            return None
    word = "".join(letters)
    return word.lower() if word.isalpha() else None


def compare_text(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    """At least one side is a :class:`Text` or a :class:`Choice`."""
    if isinstance(answer, Choice) or isinstance(gold, Choice):
        return _choices(answer, gold, ctx)
    if isinstance(answer, Text) and isinstance(gold, Text):
        a, g = normalize_text(answer.text), normalize_text(gold.text)
        if a == g:
            return Decision(True, TEXT_NORMALIZED, f"the texts agree after normalization: {g!r}")
        return Decision(False, TEXT_NORMALIZED, f"the texts differ: {a!r} vs {g!r}")
    text, other = (answer, gold) if isinstance(answer, Text) else (gold, answer)
    assert isinstance(text, Text)
    if isinstance(other, SetValue) and other.braces and not other.items:
        same = normalize_text(text.text) in _NO_SOLUTION
        return Decision(same, TEXT_EMPTY_SET, f"{text.text!r} {'says' if same else 'does not say'} "
                                                "there is no solution (the empty set)")
    word = _spelled(other)
    if word is not None:
        same = word == normalize_text(text.text).replace(" ", "")
        return Decision(same, TEXT_NORMALIZED, f"{other} spelled as a word is {word!r}"
                                                 f"{'' if same else ', not ' + repr(normalize_text(text.text))}")
    return Decision(False, KIND_MISMATCH, f"the {'answer' if text is answer else 'gold'} is text "
                                            f"({text.text!r}) and the other side is {a_kind_name(other)}")


def _choices(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    la, lg = _letter(answer), _letter(gold)
    if la is not None and lg is not None:
        same = la == lg
        return Decision(same, CHOICE_LETTER, f"choice {la} {'is' if same else 'is not'} choice {lg}")
    if isinstance(answer, Choice) and answer.content is not None and not isinstance(gold, Choice):
        d = ctx.compare(answer.content, gold)
        return Decision(d.equal, CHOICE_CONTENT, f"the chosen option's content: {d.reason}")
    if isinstance(gold, Choice) and gold.content is not None and not isinstance(answer, Choice):
        d = ctx.compare(answer, gold.content)
        return Decision(d.equal, CHOICE_CONTENT, f"the gold option's content: {d.reason}")
    return Decision(False, KIND_MISMATCH, "one side is a choice letter and the other is not a letter")
