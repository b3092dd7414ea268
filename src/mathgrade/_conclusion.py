"""Where an unmarked output concludes: an answer phrase that was a step, and a list of labelled values.

Two questions the grader asks about the text around a candidate answer (issue 28, kind 4: the wrong span taken):

- :func:`conclusion_span`: an output that says "the answer is ..." in the middle of its work ("Therefore, the
  correct choice is $\\cos\\phi = -\\frac12$", "in subproblem 1 ... the answer is 0.5") and goes on for paragraphs to
  a concluding sentence ("Therefore, the function can be rewritten as $-2\\cos(\\pi t - \\frac{2\\pi}{3})$.") answers
  with its conclusion: the phrase was a step. The span returned is the last concluding sentence (with the list it
  introduces, "So, the answers are:" and its items), where the grader looks for the answer the fallback rules found.
- :func:`asked_label`: an output that ends with labelled values ("Coefficient of CO: 1", "Coefficient of CO2: 1.0")
  answers, when the problem's text asks for one of them by name ("what is the coefficient of CO2?"), with the value
  of that label, not with the last value listed.

- :func:`sentence_name`: an output whose answer is a name ("So the winner is Alice, who scored 95 points in 2019.")
  answers with the one name of its concluding last sentence, not with its last number (a year, a score), when the
  gold is text.

All three look only at English words; both are plain scans of the text (no reading), linear in its length.
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

__all__ = ["conclusion_span", "asked_label", "sentence_name"]

_CONCLUDING = re.compile(
    r"(?:^|(?<=[.!?])[ \t]+)[ \t]*(?:[-*•][ \t]*)?(?:\*\*)?"
    r"(?:therefore|thus|hence|so|consequently|in conclusion|in summary|in total|finally|overall)\b",
    re.I | re.M)
"""The start of a concluding sentence: "Therefore, ...", "So, the answers are:" (at a line start or after a
sentence's end)."""
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|:[ \t]*(?=\n)|\n[ \t]*\n")
_LIST_LINE = re.compile(r"[ \t]*(?:$|[-*•][ \t]|\d{1,2}[.)][ \t]|\\\[|\$\$|\\\]|\\begin|\\end)", re.M)
"""A line that continues a list a sentence introduced with a colon (an item, display math, a blank line)."""
_MIN_PARAGRAPHS_AFTER = 2
"""Paragraph breaks between an answer phrase and the conclusion that supersedes it: an answer restated in the next
paragraph is the answer; one followed by paragraphs of further work was a step."""


def conclusion_span(output: str, phrase_end: int) -> Optional[Tuple[int, int]]:
    """The span of the last concluding sentence of ``output`` (with the list it introduces) when it starts at least
    :data:`_MIN_PARAGRAPHS_AFTER` paragraphs after the answer phrase that ends at ``phrase_end``; else None."""
    if output.count("\n\n", phrase_end) < _MIN_PARAGRAPHS_AFTER:
        return None
    last = None
    for last in _CONCLUDING.finditer(output, phrase_end):
        pass
    if last is None:
        return None
    start = last.start() + len(last.group()) - len(last.group().lstrip(" \t-*•"))
    if output.count("\n\n", phrase_end, start) < _MIN_PARAGRAPHS_AFTER:
        return None
    end_m = _SENTENCE_END.search(output, last.end())
    if end_m is None:
        return start, len(output)
    end = end_m.end()
    if end_m.group().startswith(":"):  # "So, the answers are:" and the items that follow it
        at = end
        while at < len(output):
            eol = output.find("\n", at + 1)
            line_start = at + 1 if output[at] == "\n" else at
            line_end = eol if eol >= 0 else len(output)
            if not _LIST_LINE.match(output, line_start) and not output[line_start:line_end].strip().startswith("$"):
                break
            at = line_end
            end = line_end
            if eol < 0:
                break
    return start, end


_QUESTION = re.compile(
    r"\b(?:what|which)\s+(?:is|are|was|were|will\s+be|would\s+be)\s+(?:the\s+|its\s+)?(?P<a>[^?.;]{1,80}?)"
    r"\s*(?:\(|\?|,|;|\.(?:\s|$)|$)"
    r"|\b(?:find|compute|calculate|determine|give|state)\s+(?:the\s+|its\s+)?(?P<b>[^?.;]{1,80}?)\s*(?:\(|\?|,|;|\.(?:\s|$)|$)",
    re.I)
"""What a problem asks for by name: "what is the coefficient of $\\mathrm{CO}_2$ (in decimal form)?", "Find the
radius." (the last such question of the problem is the one asked)."""
_LABELLED = re.compile(
    r"^[ \t]*(?:[-*•][ \t]*|\d{1,2}[.)][ \t]*)?(?:\*\*)?(?P<label>[A-Za-z][^:=\n]{0,60}?)(?:\*\*)?[ \t]*[:=][ \t]*"
    r"(?:\*\*)?[ \t]*\$?(?P<value>[-−+]?\d[\d,]*(?:\.\d+)?(?:/\d+)?)\$?(?:\*\*)?[ \t]*\.?[ \t]*$",
    re.M)
"""A line that gives one labelled value: "- Coefficient of CO2: 1.0", "**Total:** 73", "2. x = 4"."""
_LATEX_WORD = re.compile(r"\\(?:mathrm|text|textbf|mathbf|operatorname|rm)\b|[{}$_^\\]")
_LIST_WINDOW = 2_000
"""Characters looked at on each side of the value taken, for the list that holds it."""


def asked_label(output: str, at: int, problem: str) -> Optional[Tuple[int, int]]:
    """When the number at offset ``at`` of ``output`` is a value in a list of labelled values (two or more lines
    ``label: value``) and the problem asks for exactly one of those labels by name, the span of that label's value;
    else None."""
    asked = [m.group("a") or m.group("b") for m in _QUESTION.finditer(problem)]
    if not asked:
        return None
    want = _plain(asked[-1])
    items = _list_around(output, at)
    if len(items) < 2 or not any(s <= at < e for _, s, e in items):
        return None
    named = [(s, e) for label, s, e in items if _plain(label) == want]
    return named[0] if len(named) == 1 else None


def _list_around(output: str, at: int) -> List[Tuple[str, int, int]]:
    """The labelled lines of the list that holds offset ``at`` (consecutive lines, blank lines between them
    allowed): (label, value start, value end), in order; empty when ``at`` is in no such list."""
    blocks: List[List[Tuple[str, int, int]]] = [[]]
    previous_end = -1
    for m in _LABELLED.finditer(output, max(0, at - _LIST_WINDOW), min(len(output), at + _LIST_WINDOW)):
        if previous_end >= 0 and output[previous_end:m.start()].strip():
            blocks.append([])
        blocks[-1].append((m.group("label"), m.start("value"), m.end("value")))
        previous_end = m.end()
    return next((b for b in blocks if any(s <= at < e for _, s, e in b)), [])


def _plain(text: str) -> str:
    """A name as plain lowercase words: LaTeX wrappers, braces, sub- and superscript marks and articles dropped
    (``the coefficient of $\\mathrm{CO}_{2}$`` → ``coefficient of co2``)."""
    words = _LATEX_WORD.sub("", text).replace("*", " ").lower().split()
    return " ".join(w for w in words if w not in ("the", "a", "an"))


_NAME_WORD = re.compile(r"(?<![\\\w$])[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)*(?![\w$])")
"""A capitalized word, or a run of them ("New York")."""
_SENTENCE_BOUNDARY = re.compile(r"[.!?](?=\s|$)|\n")
_NOT_NAMES = frozenset("""
    so thus hence therefore then the a an he she they we you it there this that these those his her their our my each
    every all some no yes if when since because both either neither one two three first after before only final
    answer step note total finally in on at for of and or but to by with from as also overall after
    january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday
""".split())
"""Capitalized words that name no one: words that start sentences, and months and days (a date is not a name)."""
_UNSAID = re.compile(r"\b(?:not|no|never|maybe|perhaps|possibly|might|could|unless|except|if|or|either|neither|"
                     r"nor|but|lose|loses|lost|losing|wrong|incorrect|false)\b|n't\b|[?]", re.I)
"""Words by which a sentence does not say its one name is the answer."""


def sentence_name(output: str, at: int) -> Optional[Tuple[int, int]]:
    """The span of the one name (a capitalized word or run of them, not a sentence's opening word such as "So",
    not a month) in the sentence of ``output`` that holds offset ``at``, when that sentence concludes ("So",
    "Therefore"...), names exactly one, and neither negates, hedges, asks nor says it loses; else None."""
    begin = max((m.end() for m in _SENTENCE_BOUNDARY.finditer(output, max(0, at - 600), at)), default=max(0, at - 600))
    end_m = _SENTENCE_BOUNDARY.search(output, at)
    end = end_m.start() if end_m is not None else len(output)
    sentence = output[begin:end]
    if not _CONCLUDING.match(sentence.lstrip(" \t")) or _UNSAID.search(sentence):
        return None
    names = []
    for m in _NAME_WORD.finditer(sentence):
        start = m.start()
        for word in re.finditer(r"\S+", m.group()):  # ("So Evelyn": the opening word is no part of the name)
            if word.group().lower() not in _NOT_NAMES:
                break
            start = m.start() + word.end()
        else:
            continue
        names.append((start + len(sentence[start:m.end()]) - len(sentence[start:m.end()].lstrip()), m.end()))
    distinct = {sentence[s:e] for s, e in names}
    if len(distinct) != 1:
        return None
    s, e = names[-1]
    return begin + s, begin + e
