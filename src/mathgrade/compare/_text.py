"""Words and multiple-choice letters.

Text compares after normalization: case, spacing, ``\\text{...}``-style wrappers, end punctuation and the articles
"a", "an", "the" are ignored (``\\text{No solution}`` = ``no solution``). A word the reader took for a product of
letters (``odd`` read as o·d·d) is spelled back out. Choice letters compare as letters (``\\text{(C)}`` = ``C``).
"""

from __future__ import annotations

import re
from typing import Dict, FrozenSet, Optional, Tuple

from ..values import Choice, Expression, SetValue, Text, Value
from ._core import Ctx, Decision, a_kind_name
from ._table import (
    CHOICE_CONTENT, CHOICE_LETTER, KIND_MISMATCH, TEXT_EMPTY_SET, TEXT_EQUIVALENT, TEXT_KEY_WORDS, TEXT_NORMALIZED,
)

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
        return _by_content(a, g, answer, gold)
    text, other = (answer, gold) if isinstance(answer, Text) else (gold, answer)
    assert isinstance(text, Text)
    if isinstance(other, SetValue) and other.braces and not other.items:
        same = normalize_text(text.text) in _NO_SOLUTION
        return Decision(same, TEXT_EMPTY_SET, f"{text.text!r} {'says' if same else 'does not say'} "
                                                "there is no solution (the empty set)")
    word = _spelled(other)
    if word is not None:
        same = word == normalize_text(text.text).replace(" ", "")
        if not same and text is gold:
            by_content = _by_content(word, normalize_text(text.text), Text(word), text)
            if by_content.equal:
                return by_content
        return Decision(same, TEXT_NORMALIZED, f"{other} spelled as a word is {word!r}"
                                                 f"{'' if same else ', not ' + repr(normalize_text(text.text))}")
    return Decision(False, KIND_MISMATCH, f"the {'answer' if text is answer else 'gold'} is text "
                                            f"({text.text!r}) and the other side is {a_kind_name(other)}")


_EQUIVALENTS: Tuple[FrozenSet[str], ...] = (
    frozenset({"irrational", "irrational number", "not rational", "not rational number", "not a rational number",
               "it is irrational", "no, it is irrational", "not a fraction"}),
    frozenset({"rational", "rational number", "it is rational"}),
    frozenset(_NO_SOLUTION | {"no such value", "no such values", "does not exist", "dne", "it does not exist",
                             "impossible", "no such triangle", "not possible"}),
    frozenset({"infinitely many", "infinite", "infinitely many solutions", "infinite number", "infinitely many values",
               "there are infinitely many", "infinitely many such numbers", "infinity"}),
    frozenset({"all real numbers", "all reals", "every real number", "any real number", "r", "\\mathbb{r}",
               "mathbb{r}", "(-\\infty, \\infty)"}),
    frozenset({"yes", "true", "it is true", "correct"}),
    frozenset({"no", "false", "it is false", "incorrect"}),
    frozenset({"even", "an even number", "even number"}),
    frozenset({"odd", "an odd number", "odd number"}),
    frozenset({"increasing", "strictly increasing", "monotonically increasing"}),
    frozenset({"decreasing", "strictly decreasing", "monotonically decreasing"}),
    frozenset({"converges", "convergent", "it converges"}),
    frozenset({"diverges", "divergent", "it diverges"}),
)
"""Standard phrases that say the same thing, compared after :func:`normalize_text` (articles already gone)."""
_EQUIVALENT: Dict[str, int] = {phrase: k for k, group in enumerate(_EQUIVALENTS) for phrase in group}
_VERDICT_WORDS = frozenset({"yes", "no", "true", "false"})
"""Words that answer a yes-or-no question; the first word of an answer sentence that says only one of them."""
_WORD = re.compile(r"[^\W_]+(?:'[a-z]+)?")
_STOP_WORDS = frozenset("""
    is are was were be been will would shall should can could may might must do does did has have had of to in on at by
    for with from as that this these those it its which who whom whose there here so thus hence therefore then and or
    answer final result value equal equals
""".split())
_DOUBTS = frozenset("""maybe perhaps possibly probably likely presumably guess guessing guessed unsure uncertain
    unverified unchecked unconfirmed tentative tentatively think believe hopefully""".split())
"""Words by which an answer sentence doubts its yes or no ("Yes, probably", "Yes (I think)")."""
_NOT_SURE = re.compile(r"\bnot\s+(?:sure|certain|confident|verified|checked)\b")
_NEGATIONS = frozenset("not no never cannot can't isn't aren't doesn't don't won't neither nor none nothing".split())


def _by_content(a: str, g: str, answer: Text, gold: Text) -> Decision:
    """Two texts that differ as written: the same when they are standard equivalents (``irrational`` and ``not a
    rational number``), or when the answer is the key phrase of a gold sentence (``X`` for "X will receive the last
    token"): every content word of the answer is a word of the gold, the answer holds every name of the gold
    (single letters, capitalized words after its first, words with digits), and neither side negates what the other
    does not. Kept strict: a false "correct" costs more than a miss."""
    ka, kg = _EQUIVALENT.get(a), _EQUIVALENT.get(g)
    if ka is not None and ka == kg:
        return Decision(True, TEXT_EQUIVALENT, f"{a!r} and {g!r} say the same thing")
    if ka is not None and kg is not None:
        return Decision(False, TEXT_EQUIVALENT, f"{a!r} and {g!r} say different things")
    words_a, words_g = _WORD.findall(a), _WORD.findall(g)
    for short, long_words, long_text in ((g, words_a, a), (a, words_g, g)):
        # "Yes, it is possible." answers "Yes" (and "No" answers "No, it is not possible.")
        if short in _VERDICT_WORDS and long_words and long_words[0] in _VERDICT_WORDS \
                and len({_EQUIVALENT[w] for w in long_words if w in _VERDICT_WORDS}) == 1:
            if long_text is a and (set(long_words) & _DOUBTS or _NOT_SURE.search(a)):
                return Decision(False, TEXT_EQUIVALENT, f"{a!r} doubts its own {long_words[0]!r}")
            same = _EQUIVALENT[long_words[0]] == _EQUIVALENT[short]
            return Decision(same, TEXT_EQUIVALENT, f"{a!r} {'answers' if same else 'does not answer'} {g!r}")
    content = [w for w in words_a if w not in _STOP_WORDS]
    names = _names(gold.raw or gold.text)
    if len(words_g) >= 3 and content and names and set(content) <= set(words_g) and names <= set(content) \
            and not (set(words_a) & _NEGATIONS) ^ (set(words_g) & _NEGATIONS):
        return Decision(True, TEXT_KEY_WORDS, f"{a!r} names what the gold says ({g!r}): its words are the gold's, "
                                              f"with every name of it ({', '.join(sorted(names))})")
    return Decision(False, TEXT_NORMALIZED, f"the texts differ: {a!r} vs {g!r}")


_COMMON_FIRST_WORDS = _STOP_WORDS | frozenset("""
    the an he she they we you it there this that these those his her their our my each every all some no yes if when
    since because both either neither one two three first after before only
""".split())
"""Words that start a sentence without naming anything."""
_NAME = re.compile(r"(?<![\\\w])(?:[A-Za-z](?![\w'])|[A-Z][a-z]+|\w*\d\w*)")


def _names(raw: str) -> FrozenSet[str]:
    """The names in a gold sentence, lower-cased: single letters, capitalized words (but a common word that starts a
    sentence), words holding digits."""
    text = _WRAPPER.sub(r"\1", raw)
    found = set()
    for m in _NAME.finditer(text):
        word = m.group()
        before = text[:m.start()].rstrip()
        sentence_start = not before or before[-1] in ".!?:"
        if len(word) > 1 and word[0].isupper() and sentence_start and word.lower() in _COMMON_FIRST_WORDS:
            continue
        if word.lower() in ("a", "i") and len(word) == 1 and word.islower():
            continue  # the article, the pronoun
        found.add(word.lower())
    return frozenset(found)


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
    if isinstance(answer, Choice) and answer.content is None and isinstance(gold, Text):
        letter = answer.letter.strip("()")
        return _by_content(letter.lower(), normalize_text(gold.text), Text(letter.lower()), gold)
    return Decision(False, KIND_MISMATCH, "one side is a choice letter and the other is not a letter")
