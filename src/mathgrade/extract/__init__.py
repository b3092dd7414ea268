"""Stage 1, extract: find the final answer(s) in a model output, with spans and the rule that found each.

Rules, from the most to the least trusted (priority: lower is better):

====  ==========================  ==========================================================================
   9  ``final_answer_phrase``     a "final answer" phrase *after* the last box (the box was a step)
  10  ``boxed``                   ``\\boxed{..}``, ``\\fbox{..}``, ``\\boxed 5``; the last box, or several joined
                                  by "and"/commas (one multi-part answer), also after a unit in the same sentence
                                  (``\\boxed{1} papers and \\boxed{2} bins``); by "or"/"but maybe": ambiguous
  20  ``final_answer_phrase``     "The final answer is", "Final Answer:" (Minerva's "... I hope it is correct."),
                                  a "**Final Answer**" heading line (rule ``final_answer_heading``)
  20  ``gsm8k_hashes``            ``#### 18``
  22  ``answer_phrase``           "the answer is", "Answer:"; hedges ("the answer could be 2 or 3", "2, but
                                  maybe 3") are ambiguous (rule ``hedged_answer_phrase``)
  24  ``answer_label``            a last line ``A: 26``
  25  ``choice_phrase``           "option B is correct", "(C) is the answer" (multiple choice only)
  26  ``bold``                    ``**73**``, ``**Total: 73**`` (not headings such as ``**Step 2**``)
  30  ``final_answer_phrase_i18n``  the same phrases in 20 languages (:mod:`._phrases`), e.g. ``最终答案是``
  32  ``answer_phrase_i18n``      e.g. ``答案是``, ``Ответ:``, ``la réponse est``
  40  ``code_output``             the last ```` ```output ```` block (read, never executed)
  44  ``choice_line``             a last line that is only a letter (multiple choice only)
  45  ``option_list``             options listed without choosing: ambiguous (multiple choice only)
  46  ``bare_answer``             the whole output, when it is a bare answer rather than prose (``x^2+2x+1``,
                                  ``2, 3``, ``[1, 2)``, ``12 apples``, ``\\text{Evelyn}``, ``no solution``)
  49  ``last_number``             the last number, when it stands after the last formula in a later sentence
                                  (or closes the output: "... is 2.")
  50  ``math_env``                the last ``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]``; of ``60 \\cdot 7 = 420``
                                  the result
  60  ``latex``                   undelimited LaTeX near the end (``\\dfrac{9}{7}``, ``1 - \\sqrt{2}``)
  70  ``last_number``             the last number (sign, decimals, ``1,000``, ``a/b``, mixed numbers ``2 1/2``)
====  ==========================  ==========================================================================

Where the answer is looked for: a model's turn ends at an end-of-turn token (``<|im_end|>``, ``<|endoftext|>``...);
a reasoning model's answer follows its thinking (``</think>``, ``<|end_of_thought|>``), and the thinking is searched
only when nothing is found after it.

Unmarked fallbacks (priorities 44 and up, except ``option_list``) are not used on a long output that stops
mid-sentence (cut off by a token limit before its answer): taking its last number would be a guess.

A bare answer (rule ``bare_answer``) is the whole output when it is short and reads as an answer, not prose: at most
three words outside LaTeX commands and ``\\text{}``, none a word of a sentence ("we", "is", "so", "approximately"),
no word before the math ("Hence 1 - \\sqrt{2}"), one line. It ranks below every marked answer and is dropped when
one is found (``\\boxed{5}`` is a box, not a bare answer), and above the fallbacks: the last number of ``x^2+2x+1``
is a fragment of it, not the answer. An output that is one formula (``$\\frac{9}{7}$``) is left to ``math_env``.

The text after a phrase runs to the end of the math or of the sentence (``The answer is 12 apples, which...`` gives
``12``). The ``reward`` policy keeps only the marked rules (priorities up to 32, plus ``option_list``). It does not
take a bare answer either, even ``42`` as the whole output: that policy exists to reward a model for marking its
answer, and an unmarked output is exactly what it must not credit. A caller grading answers it has already
extracted uses ``eval`` (or boxes them). :func:`extract_staged` gives the same candidates in two parts, the
marked answers first and the fallbacks on demand (``grade()`` rarely needs them). Only the last
:data:`WINDOW` characters of an output are looked at; every rule is linear in them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, List, Tuple

from ..limits import MAX_INPUT_CHARS
from . import _rules
from ._rules import MARKED_RULES, PRIORITY, Found
from ._scan import Scan

__all__ = ["extract", "extract_staged", "Candidate", "RULES"]


@dataclass(frozen=True)
class Candidate:
    """A possible final answer: ``output[start:end] == text`` (after trimming), found by ``rule``.

    ``priority`` orders candidates (lower is better). ``alternatives`` is non-empty when this region commits to
    several answers (e.g. ``\\boxed{2} or \\boxed{3}``): the texts of each, for the grader to compare among
    themselves. ``choice`` is True when the text is a multiple-choice letter found by a choice rule; ``content`` is
    then what the model wrote after the letter (``12`` in ``(B) 12``).

    When the text is assembled from several places (``\\boxed{2}`` and ``\\boxed{3}`` give ``2, 3``), ``start`` and
    ``end`` span all of them.
    """

    text: str
    start: int
    end: int
    rule: str
    priority: int
    alternatives: Tuple[str, ...] = ()
    choice: bool = False
    content: str = ""


RULES: Tuple[Callable[[Scan, bool], List[Found]], ...] = (
    _rules.boxed,
    _rules.phrases,
    _rules.final_answer_heading,
    _rules.hashes,
    _rules.answer_label,
    _rules.choice_phrase,
    _rules.bold,
    _rules.code_output,
    _rules.choice_line,
    _rules.option_list,
    _rules.bare_answer,
    _rules.math_env,
    _rules.latex,
    _rules.last_number,
)
"""Every rule, as a function of the scanned output and whether the gold is a multiple-choice letter."""

_ONLY_WITHOUT_CHOICE = frozenset({"option_list"})

_MARKED_PHASE = RULES[:7]
"""The rules whose answers rank at ``answer_phrase_i18n`` (32) or better: every candidate they find ranks above every
candidate of the other rules, whatever those find (see :func:`extract_staged`)."""
_FALLBACK_PHASE = RULES[7:]
_LAST_MARKED_PRIORITY = PRIORITY["answer_phrase_i18n"]


def extract(output: str, *, policy: str = "eval", choices: bool = False) -> List[Candidate]:
    """All candidate final answers in ``output``, best first (see the module docstring for the rules).

    ``policy="reward"`` keeps only answers the model marked (boxed, final-answer phrases, ``#### N``, bold).
    ``choices=True`` (the gold is a letter) turns marked letters into choices (``\\boxed{B}``, ``(B) 12``) and
    reports a bare list of options as ambiguous. Never raises on any string; linear time in its length.
    """
    end = _turn_end(output)
    start = _after_thinking(output, end)
    if start:
        found = _extract_span(output, start, end, policy, choices)
        if found:
            return found
    return _extract_span(output, 0, end, policy, choices)


def _extract_span(output: str, start: int, end: int, policy: str, choices: bool) -> List[Candidate]:
    """Run the rules on ``output[start:end]``; spans are offsets in ``output``."""
    offset = start + _window_start(output[start:end] if (start, end) != (0, len(output)) else output)
    scan = Scan(output[offset:end] if (offset, end) != (0, len(output)) else output)
    found: List[Found] = []
    for rule in RULES:
        if policy == "reward" and rule.__name__ not in _REWARD_RULE_FUNCS:
            continue
        found.extend(rule(scan, choices))
    return _finish(found, output, end, scan, policy, choices, offset)


def _finish(found: List[Found], output: str, end: int, scan: Scan, policy: str, choices: bool,
            offset: int) -> List[Candidate]:
    """What the rules found, filtered by the policy, promoted, and ordered as candidates."""
    if choices and any(f.choice for f in found if f.family != "option_list"):
        found = [f for f in found if f.family not in _ONLY_WITHOUT_CHOICE]
    found = _rules.drop_bare_when_marked(_rules.promote_late_final(found))
    if policy == "reward":
        found = [f for f in found if f.family in MARKED_RULES]
    elif _rules.looks_cut_off(output[:end] if end != len(output) else output):
        found = [f for f in found if f.family not in _rules.FALLBACK_FAMILIES]
    else:
        found = _rules.promote_late_number(found, scan)
    return _ordered(found, offset)


def extract_staged(output: str, *, policy: str = "eval",
                   choices: bool = False) -> Tuple[List[Candidate], Callable[[], List[Candidate]]]:
    """:func:`extract` in two parts, ``(first, more)``: ``first + more()`` is ``extract(output, ...)``, and ``more()``
    finds the fallback candidates (code output, bare answer, last formula, last number...) only when it is called.

    ``first`` holds the answers the model marked (boxed, final-answer phrases, ``#### N``, ``A:``, bold) when there
    are any; then every fallback ranks below them, and a grader that can read the first of them never pays for the
    fallbacks. ``first`` is empty only when there is no candidate at all.
    """
    end = _turn_end(output)
    start = _after_thinking(output, end)
    if start:
        staged = _Staged(output, start, end, policy, choices)
        first = staged.first()
        if first:
            return first, staged.more
        found = staged.more()
        if found:
            return found, _no_more
    staged = _Staged(output, 0, end, policy, choices)
    first = staged.first()
    if first:
        return first, staged.more
    return staged.more(), _no_more


def _no_more() -> List[Candidate]:
    return []


class _Staged:
    """:func:`_extract_span` run in two phases: the marked rules, then (on demand) the fallback rules.

    Why the first phase alone gives the first candidates of the full list: the marked rules come first in
    :data:`RULES` and only find families ranked 32 or better, every other rule finds families ranked 40 or worse; the
    steps between finding and ordering change only the families of the fallbacks (``promote_late_number``, the
    cut-off filter, ``drop_bare_when_marked``, the option-list filter) except ``promote_late_final``, which looks at
    boxes and phrases only; and ordering is by (priority, index), deduplication and the fragment filter look only at
    better candidates. The ``reward`` policy is run in one phase.
    """

    def __init__(self, output: str, start: int, end: int, policy: str, choices: bool) -> None:
        self.output, self.start, self.end, self.policy, self.choices = output, start, end, policy, choices
        self.offset = start + _window_start(output[start:end] if (start, end) != (0, len(output)) else output)
        self.scan = Scan(output[self.offset:end] if (self.offset, end) != (0, len(output)) else output)
        self.marked: List[Found] = []
        self.n_first = 0
        self.complete = False  # the first part was the whole list

    def first(self) -> List[Candidate]:
        """The marked candidates, best first."""
        if self.policy == "reward":
            self.complete = True
            return _extract_span(self.output, self.start, self.end, self.policy, self.choices)
        for rule in _MARKED_PHASE:
            self.marked.extend(rule(self.scan, self.choices))
        if not self.marked:
            return []
        if any(PRIORITY[f.family] > _LAST_MARKED_PRIORITY for f in self.marked):  # (not so today: a safeguard)
            self.complete = True
            return _extract_span(self.output, self.start, self.end, self.policy, self.choices)
        first = _ordered(_rules.promote_late_final(self.marked), self.offset)
        self.n_first = len(first)
        return first

    def more(self) -> List[Candidate]:
        """The candidates after those of :meth:`first` (all of them when :meth:`first` gave none)."""
        if self.complete:
            return []
        found = list(self.marked)
        for rule in _FALLBACK_PHASE:
            found.extend(rule(self.scan, self.choices))
        return _finish(found, self.output, self.end, self.scan, self.policy, self.choices, self.offset)[self.n_first:]


_TURN_END = re.compile(r"<\|(?:im_end|im_start|endoftext|eot_id|end|end_of_text|end_of_solution)\|>")
_THINKING_END = ("</think>", "<|end_of_thought|>")


def _turn_end(output: str) -> int:
    """Where the model's turn ends: at the first end-of-turn token after some text (what follows, such as a new
    ``<|im_start|>user`` turn the model went on to write, is not its answer)."""
    if "<" not in output:
        return len(output)
    m = _TURN_END.search(output)
    while m is not None and not output[: m.start()].strip():
        m = _TURN_END.search(output, m.end())
    return m.start() if m is not None else len(output)


def _after_thinking(output: str, end: int) -> int:
    """Where the answer part starts in a reasoning model's output (after ``</think>``), or 0. Answers inside the
    thinking are used only when the part after it has none."""
    start = 0
    if "<" in output:  # (every tag starts with "<": most outputs need no search)
        for tag in _THINKING_END:
            at = output.rfind(tag, 0, end)
            if at >= 0:
                start = max(start, at + len(tag))
    return start


WINDOW = 100_000
"""Characters looked at, from the end of the output: the final answer is at the end, and this bounds the work on a
huge output (1 MB of anything is extracted in well under a second). Longer outputs are cut at a line start."""


def _window_start(output: str) -> int:
    if len(output) <= min(WINDOW, MAX_INPUT_CHARS):
        return 0
    start = len(output) - min(WINDOW, MAX_INPUT_CHARS)
    nl = output.find("\n", start, start + 2_000)
    return nl + 1 if nl >= 0 else start


_REWARD_RULE_FUNCS = frozenset(
    {"boxed", "phrases", "final_answer_heading", "hashes", "answer_label", "choice_phrase", "bold", "option_list"}
)


_FRAGMENT_FAMILIES = frozenset({"last_number", "latex"})


def _inside_better(f: Found, better: List[Candidate], offset: int) -> bool:
    """A fallback that is a piece of a better candidate (the ``9`` of ``\\frac{10}{9}``) is no answer of its own. A
    bare answer (the whole output) does not hide them: they remain the fallbacks when it cannot be read."""
    s, e = f.start + offset, f.end + offset
    return any(c.start <= s and e <= c.end and (c.start, c.end) != (s, e) and c.rule != "bare_answer"
               for c in better)


def _priority(f: Found) -> int:
    return PRIORITY[f.family]


def _ordered(found: List[Found], offset: int) -> List[Candidate]:
    ranked = sorted(found, key=_priority) if len(found) > 1 else found  # stable: ties keep the rules' order
    out: List[Candidate] = []
    seen = set()
    for f in ranked:
        key = (f.text, f.start, f.end, f.alternatives)
        if key in seen or (f.family in _FRAGMENT_FAMILIES and _inside_better(f, out, offset)):
            continue
        seen.add(key)
        out.append(Candidate(f.text, f.start + offset, f.end + offset, f.name, PRIORITY[f.family], f.alternatives,
                             f.choice, f.content))
    return out
