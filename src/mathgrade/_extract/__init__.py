"""Stage 1, extract: find the final answer(s) in a model output, with spans and the rule that found each.

The rules, from the most to the least trusted, are one table, :data:`RULES` (module :mod:`._table`): each row names
a rule, the function that finds its answers, its priority, the policies that use it and when its answers are
dropped; ``docs/extraction.md`` shows it. Candidates are ranked by priority (ties keep the table's order).

Where the answer is looked for: a model's turn ends at an end-of-turn token (``<|im_end|>``, ``<|endoftext|>``...);
a reasoning model's answer follows its thinking (``</think>``, ``<|end_of_thought|>``). The ``eval`` policy takes
an answer marked after the thinking; else one marked in it (the write-up after it was cut off before its answer);
else unmarked math after it, then in it. The ``reward`` policy never searches the thinking, and an output cut off
while thinking (a thinking block that is never closed) has no answer for it: an answer written while thinking is a
step.
Only the last :data:`WINDOW` characters of an output are looked at; every rule
is linear in them.

The pipeline, one way through: every rule the policy uses finds its answers in the output; then a "final answer"
phrase after the last box outranks it (``final_answer_after_box``); a bare answer is dropped when anything ranks
higher; a last number stated as a value after the last formula outranks it (``last_number_after_formula``); on a
long output that stops mid-sentence (cut off by a token limit before its answer) the guesses are dropped, since
taking its last number would be a guess; candidates are ordered, repeats and pieces of better candidates dropped.

A bare answer (rule ``bare_answer``) is the whole output when it is short and reads as an answer, not prose: at most
three words outside LaTeX commands and ``\\text{}``, none a word of a sentence ("we", "is", "so", "approximately"),
no word before the math ("Hence 1 - \\sqrt{2}"), one line. It ranks below every marked answer and above the
fallbacks: the last number of ``x^2+2x+1`` is a fragment of it, not the answer. An output that is one formula
(``$\\frac{9}{7}$``) is left to ``math_env``.

The text after a phrase runs to the end of the math or of the sentence (``The answer is 12 apples, which...`` gives
``12``). The ``reward`` policy keeps only the rules that find answers the model marked as final. It does not take a
bare answer either, even ``42`` as the whole output: that policy exists to reward a model for marking its answer,
and an unmarked output is exactly what it must not credit. A caller grading answers it has already extracted uses
``eval`` (or boxes them).

:func:`extract_staged` gives the candidates in two parts, the marked answers first and the fallbacks on demand
(``grade()`` rarely needs them); :func:`extract` is both parts at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, List, Optional, Tuple

from ..limits import MAX_INPUT_CHARS
from ._commit import HEDGE_WORDS, NOT_STATED
from ._rules import Found, looks_cut_off, offered_as_another, outside_withdrawn, promote_late_final, promote_late_number
from ._scan import Scan, hide_comments
from ._table import RULE, RULES, Finder, Rule

__all__ = ["extract", "extract_staged", "answer_part", "why_none", "Candidate", "Rule", "RULES", "THINKING_TAGS",
           "WINDOW", "squeezed", "NOT_STATED", "HEDGE_WORDS", "offered_as_another"]

_APOSTROPHES = {0x2019: "'", 0x02BC: "'", 0x2018: "'"}
"""Apostrophes the rules read as ``'`` (typographic ones: "isn’t", "I’m not sure"; the opening quote typed for one,
"isn‘t")."""
_WIDE_LATIN = {**{0xFF21 + i: chr(0x41 + i) for i in range(26)}, **{0xFF41 + i: chr(0x61 + i) for i in range(26)}}
_SMALL_CAPITALS = dict(zip(map(ord, "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ"), "abcdefghijklmnoprstuvwyz", strict=True))
_LATIN_ALWAYS = {**_WIDE_LATIN, **_SMALL_CAPITALS}
"""Latin letters in another form, read as the plain letter: full-width ("ｎｏｔ") and small capitals ("ɴᴏᴛ")."""
_LOOKALIKES = dict(zip(map(ord, "аеорсухіјѕԁԛԝАВЕКМНОРСТХІЈЅοΑΒΕΗΙΚΜΝΟΡΤΧΥΖ"),
                       "aeopcyxijsdqwABEKMHOPCTXIJSoABEHIKMNOPTXYZ", strict=True))
"""Cyrillic and Greek letters drawn as Latin ones, read as the Latin letter inside a Latin word ("nоt" with a
Cyrillic о, "wrοng" with a Greek ο), never in a word of their own script ("не"). (Not α: it is a variable, "αx".)"""
_NOT_PLAIN_LATIN = re.compile("[%s]+" % "".join(map(chr, sorted({**_LATIN_ALWAYS, **_LOOKALIKES}))))


def _as_latin(text: str) -> str:
    """``text`` with the letters of :data:`_LATIN_ALWAYS` and, next to a Latin letter, of :data:`_LOOKALIKES` read
    as the Latin letters they show (one character for one: offsets are unchanged). A word that spells "not" or
    "wrong" with look-alike letters still refuses the answer."""
    parts: List[str] = []
    last = 0
    for m in _NOT_PLAIN_LATIN.finditer(text):
        start, end = m.span()
        latin_next = (start and text[start - 1].isascii() and text[start - 1].isalpha()) or \
            (end < len(text) and text[end].isascii() and text[end].isalpha())
        folded = m.group().translate(_LATIN_ALWAYS)
        if latin_next or folded.isascii():  # (a run of small capitals or wide letters is a Latin word)
            folded = folded.translate(_LOOKALIKES)
        parts.append(text[last:start])
        parts.append(folded)
        last = end
    parts.append(text[last:])
    return "".join(parts)


TURN_ENDS: Tuple[str, ...] = (
    "<|im_end|>", "<|im_start|>", "<|endoftext|>", "<|eot_id|>", "<|end|>", "<|end_of_text|>", "<|end_of_solution|>",
    "<|END_OF_TURN_TOKEN|>", "<eoa>", "<eos>", "<end_of_turn>", "<｜end▁of▁sentence｜>", "</s>",
)
"""End-of-turn and end-of-sequence tokens: the model's turn ends at the first (``<eoa>``: GAOKAO-Bench's end of
answer; ``</s>`` unless it closes a struck-out ``<s>``)."""
_TURN_END = re.compile("|".join(re.escape(t) for t in TURN_ENDS))
_TURN_MARKS = ("<|", "</s>", "<e", "｜end")
"""What every token of :data:`_TURN_END` holds (most outputs hold none: no search)."""
THINKING_TAGS: Tuple[Tuple[str, str], ...] = (
    ("<think>", "</think>"),
    ("<|begin_of_thought|>", "<|end_of_thought|>"),
)
"""(opening, closing) tags of a reasoning model's thinking. The answer is what follows the last closing tag."""

_INVISIBLE = re.compile("[\u00ad\u034f\u180e\u200b-\u200d\u2060-\u2064\ufeff\u0332\u0333]")
"""Characters that show nothing and join nothing (zero-width spaces and joiners, the word joiner, the soft hyphen, the
byte-order mark), and the combining underlines, which only underline the letter before them: an output is read
without them, so that none hides a word that refuses an answer ("r\u200bule out", "ma\u00adybe",
"n\u0332o\u0332t\u0332").
(Combining strokes through a letter are kept: a struck-out word is not there to read.)"""
_KEPT_SPACES = 8
_SQUEEZE = re.compile("%s|(?P<spaces>%s)|(?P<lines>%s)" % (
    _INVISIBLE.pattern, r"[ \t]{%d}[ \t]+" % _KEPT_SPACES, r"(?:[ \t]*\n){3,}"))
"""What an output is read without: invisible characters, and the part of a long run of whitespace past what any rule
reads of it: of more than 8 spaces and tabs in a row, the first 8 are kept (enough for any indentation); of more than
two line breaks with only spaces between, the first two (a blank line). Runs of spaces count as one space to the word
lists, and a long run made their patterns with several optional spaces in a row try every way of sharing it among
them: an output with 300 spaces after its box took two minutes to grade, in the caller, where no limit stops it."""
_LINE_RUN = re.compile(r"\n[ \t]*\n[ \t]*\n")


def _to_squeeze(text: str) -> bool:
    """Whether ``text`` holds what :data:`_SQUEEZE` drops (tested cheaply: most outputs are ASCII and hold no tab, no
    9 spaces in a row and no three line breaks in a row; a search with ``_SQUEEZE`` itself costs 30 µs on an output)."""
    return ("\t" in text or " " * (_KEPT_SPACES + 1) in text or _LINE_RUN.search(text) is not None
            or (not text.isascii() and _INVISIBLE.search(text) is not None))


WINDOW = 100_000
"""Characters looked at, from the end of the output: the final answer is at the end, and this bounds the work on a
huge output (1 MB of anything is extracted in well under a second). Longer outputs are cut at a line start."""


_set = object.__setattr__


@dataclass(frozen=True, init=False)
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
    refused: str = ""
    """Set when the text around this answer does not commit to it (it negates, asks, supposes or hedges it, hides it,
    or makes it a piece of a longer expression): the rule that refuses it (``answer.withdrawn``, ``answer.question``,
    ``answer.supposed``, ``answer.hedged``, ``answer.hidden``, ``answer.partial_expression``). Such a candidate
    answers nothing; it is reported only when no committed answer ranks above it."""
    why: str = ""
    """Why it is refused, for a person (empty when it is not)."""

    def __init__(self, text: str, start: int, end: int, rule: str, priority: int, alternatives: Tuple[str, ...] = (),
                 choice: bool = False, content: str = "", refused: str = "", why: str = "") -> None:
        # One write of all the fields (a frozen dataclass's own __init__ makes one call per field: a few candidates
        # are made per row).
        _set(self, "__dict__", {"text": text, "start": start, "end": end, "rule": rule, "priority": priority,
                                "alternatives": alternatives, "choice": choice, "content": content,
                                "refused": refused, "why": why})


def extract(output: str, *, policy: str = "eval", choices: bool = False) -> List[Candidate]:
    """All candidate final answers in ``output``, best first (see :data:`RULES` for the rules).

    ``policy="reward"`` keeps only answers the model marked as final (boxed, final-answer phrases, ``#### N``), after any thinking.
    ``choices=True`` (the gold is a letter) turns marked letters into choices (``\\boxed{B}``, ``(B) 12``) and
    reports a bare list of options as ambiguous. Never raises on any string; linear time in its length.
    """
    first, more = extract_staged(output, policy=policy, choices=choices)
    return first + more()


def extract_staged(output: str, *, policy: str = "eval",
                   choices: bool = False) -> Tuple[List[Candidate], Callable[[], List[Candidate]]]:
    """:func:`extract` in two parts, ``(first, more)``: ``first + more()`` is ``extract(output, ...)``, and ``more()``
    finds the fallback candidates (code output, bare answer, last formula, last number...) only when it is called.

    ``first`` holds the answers the model marked (boxed, final-answer phrases, ``#### N``, ``A:``, bold) when there
    are any; then every fallback ranks below them, and a grader that can read the first of them never pays for the
    fallbacks. ``first`` is empty only when there is no candidate at all.
    """
    end = _turn_end(output)
    start, thinking = _after_thinking(output, end)
    if policy == "reward":  # only what follows the thinking; nothing from an output cut off while thinking
        if thinking:
            return [], _no_more
        return _staged(_Extraction(output, start, end, policy, choices))
    if start:  # the answer marked after the thinking; else the one marked at its end; else unmarked math after it
        after = _Extraction(output, start, end, policy, choices)
        first = after.first()
        if first:
            return first, after.more
        whole = _Extraction(output, 0, end, policy, choices)
        marked = whole.first()  # (only the thinking can hold one now) e.g. a write-up cut off before its answer
        if marked:
            return marked, after.more
        found = after.more()
        if found:
            return found, _no_more
        return whole.more(), _no_more
    return _staged(_Extraction(output, 0, end, policy, choices))


def answer_part(output: str) -> Optional[str]:
    """The part of ``output`` that may hold its final answer: what follows the last end-of-thinking tag (the whole
    output when it has none), up to the end of the turn. None when the output opened a thinking block and never
    closed it: it was cut off while thinking. (What the ``reward`` policy searches.)"""
    end = _turn_end(output)
    start, thinking = _after_thinking(output, end)
    return None if thinking else output[start:end]


def why_none(output: str, *, policy: str = "eval") -> str:
    """Why :func:`extract` found no answer in ``output``, when more can be said than that it found none (for a
    verdict's reason); else ``""``."""
    end = _turn_end(output)
    _, thinking = _after_thinking(output, end)
    if policy == "reward":
        if thinking:
            return "the output was cut off while thinking (its thinking block never closes)"
        return "the reward policy takes only an answer marked as final (\\boxed{}, \"the answer is\", #### N)"
    if looks_cut_off(output[:end] if end != len(output) else output):
        return ("the output looks cut off before its answer (it stops mid-sentence, inside a formula, or in a "
                "repetition loop), so no number or formula in it is taken as one")
    return ""


def _staged(extraction: "_Extraction") -> Tuple[List[Candidate], Callable[[], List[Candidate]]]:
    first = extraction.first()
    if first:
        return first, extraction.more
    return extraction.more(), _no_more


def _no_more() -> List[Candidate]:
    return []


def _finders(rules: Tuple[Rule, ...]) -> Tuple[Finder, ...]:
    """The distinct functions of ``rules``, in table order (one function may find the answers of several rules)."""
    out: List[Finder] = []
    for r in rules:
        if r.find is not None and r.find not in out:
            out.append(r.find)
    return tuple(out)


_FIRST_PHASE_END = next(i for i, r in enumerate(RULES) if "reward" not in r.policies)
_FIRST_PHASE = _finders(RULES[:_FIRST_PHASE_END])
"""The functions of the rules ranked above the first rule the ``reward`` policy does not use: what the model marked
as its answer. Each rule they find ranks above every rule of the other functions (a test checks it), so their
candidates, ordered, are the first of the full list."""
_FINDERS = {
    (policy, choices): (
        tuple(f for f in _FIRST_PHASE if f in uses) if policy == "eval" else uses,
        tuple(f for f in uses if f not in _FIRST_PHASE) if policy == "eval" else (),
    )
    for policy in ("eval", "reward") for choices in (False, True)
    for uses in [_finders(tuple(r for r in RULES if policy in r.policies and r.letters in (None, choices)))]
}
"""For each policy and kind of gold: the functions of the first phase and of the second. The ``reward`` policy runs
in one phase (it has few rules, and no fallback to defer)."""


class _Extraction:
    """The rules run on ``output[start:end]`` (spans are offsets in ``output``) in two phases: the first phase's
    functions, then (on demand) the others."""

    def __init__(self, output: str, start: int, end: int, policy: str, choices: bool) -> None:
        self.output, self.end, self.policy, self.choices = output, end, policy, choices
        whole = (start, end) == (0, len(output))  # (no copy of the common case)
        self.offset = start + _window_start(output if whole else output[start:end])
        # what a LaTeX comment, \\iffalse or an HTML comment hides is not there: it is blanked (offsets unchanged)
        shown = output if self.offset == 0 and end == len(output) else output[self.offset:end]
        if not shown.isascii():
            if "\u2019" in shown or "\u02bc" in shown or "\u2018" in shown:
                shown = shown.translate(_APOSTROPHES)  # ("isn’t": the word lists are written with "'"; offsets kept)
            if _NOT_PLAIN_LATIN.search(shown) is not None:
                shown = _as_latin(shown)
        self.index: Optional[List[int]] = None
        if _to_squeeze(shown):
            shown, self.index = _squeezed(shown)  # read without them (spans map back)
        blanked = hide_comments(shown)
        self.scan = Scan(blanked, None if blanked is shown else shown)
        self.phases = _FINDERS[policy, choices]
        self.found: List[Found] = []
        self.n_first = 0

    def first(self) -> List[Candidate]:
        """The marked candidates, best first (every candidate when the policy runs in one phase)."""
        for find in self.phases[0]:
            self.found.extend(find(self.scan, self.choices))
        if not self.phases[1]:
            return self._finish()
        if not self.found:
            return []
        first = _ordered(promote_late_final(self.found), self.offset, self.index)
        self.n_first = len(first)
        return first

    def more(self) -> List[Candidate]:
        """The candidates after those of :meth:`first` (all of them when :meth:`first` gave none)."""
        if not self.phases[1]:
            return []
        for find in self.phases[1]:
            self.found.extend(find(self.scan, self.choices))
        return self._finish()[self.n_first:]

    def _finish(self) -> List[Candidate]:
        """What the rules found, filtered, promoted, and ordered as candidates (see the module docstring)."""
        found = self.found
        if self.choices and any(f.choice for f in found if not RULE[f.family].yields_to_letter):
            found = [f for f in found if not RULE[f.family].yields_to_letter]
        found = _drop_alone_when_outranked(promote_late_final(outside_withdrawn(found, self.scan)))
        found = [f for f in found if self.policy in RULE[f.family].policies]
        if looks_cut_off(self.output[:self.end] if self.end != len(self.output) else self.output):
            found = [f for f in found if not RULE[f.family].guess]
        else:
            found = promote_late_number(found, self.scan)
        return _ordered(found, self.offset, self.index)


def _drop_alone_when_outranked(found: List[Found]) -> List[Found]:
    """The answers of a rule used only alone (the bare answer: the whole output) are dropped when another rule ranks
    higher: "\\boxed{5}" is a box, "Answer: 5" a phrase."""
    alone = [f for f in found if RULE[f.family].alone]
    if alone and any(RULE[f.family].priority < RULE[a.family].priority for f in found for a in alone):
        return [f for f in found if not RULE[f.family].alone]
    return found


def _turn_end(output: str) -> int:
    """Where the model's turn ends: at the first end-of-turn token after some text (what follows, such as a new
    ``<|im_start|>user`` turn the model went on to write, is not its answer)."""
    if "<" not in output:
        return len(output)
    for mark in _TURN_MARKS:  # (a loop, not a generator: this runs for every row)
        if mark in output:
            break
    else:
        return len(output)  # (no token: GSM8K's "<<3*4=12>>" needs no search)
    m = _TURN_END.search(output)
    while m is not None and (not output[: m.start()].strip()
                             or m.group() == "</s>" and output.rfind("<s>", 0, m.start()) >= 0):
        m = _TURN_END.search(output, m.end())  # (a "</s>" that closes a struck-out "<s>" ends nothing)
    return m.start() if m is not None else len(output)


def _after_thinking(output: str, end: int) -> Tuple[int, bool]:
    """Where the answer part starts in a reasoning model's output (after the last end-of-thinking tag before
    ``end``, or 0), and whether a thinking block opens after that point and is never closed (cut off while
    thinking)."""
    if "think>" not in output and "thought|>" not in output:  # (every tag holds one: most outputs need no search)
        return 0, False
    start = 0
    for _, closing in THINKING_TAGS:
        at = output.rfind(closing, 0, end)
        if at >= 0:
            start = max(start, at + len(closing))
    return start, any(output.find(opening, start, end) >= 0 for opening, _ in THINKING_TAGS)


def squeezed(text: str) -> str:
    """``text`` as the rules read it: without invisible characters, its long runs of whitespace shortened
    (:data:`_SQUEEZE`); what other stages read of an output's span is read the same way."""
    return _squeezed(text)[0] if _to_squeeze(text) else text


def _squeezed(shown: str) -> Tuple[str, List[int]]:
    """``shown`` without its invisible characters and with its long runs of whitespace shortened (:data:`_SQUEEZE`),
    and the offset in ``shown`` of each character kept. The invisible characters go first: spaces they stood between
    make one run (" \u200b" a hundred times is a run of a hundred spaces, and was read unshortened: 18 s to grade)."""
    if not shown.isascii() and _INVISIBLE.search(shown) is not None:
        seen, first = _dropped(shown, _INVISIBLE)
        if not _to_squeeze(seen):
            return seen, first
        text, second = _dropped(seen, _SQUEEZE)
        return text, [first[i] for i in second]
    return _dropped(shown, _SQUEEZE)


def _dropped(shown: str, pattern: "re.Pattern[str]") -> Tuple[str, List[int]]:
    """``shown`` without what ``pattern`` finds (of a long run of whitespace, what :data:`_SQUEEZE` does not keep),
    and the offset in ``shown`` of each character kept."""
    index: List[int] = []
    parts: List[str] = []
    last = 0
    for m in pattern.finditer(shown):
        if m.lastgroup == "spaces":
            cut = m.start() + _KEPT_SPACES
        elif m.lastgroup == "lines":
            cut = shown.index("\n", shown.index("\n", m.start()) + 1) + 1  # (after its second line break)
        else:
            cut = m.start()
        index.extend(range(last, cut))
        parts.append(shown[last:cut])
        last = m.end()
    index.extend(range(last, len(shown)))
    parts.append(shown[last:])
    return "".join(parts), index


def _window_start(output: str) -> int:
    if len(output) <= min(WINDOW, MAX_INPUT_CHARS):
        return 0
    start = len(output) - min(WINDOW, MAX_INPUT_CHARS)
    nl = output.find("\n", start, start + 2_000)
    return nl + 1 if nl >= 0 else start


def _ordered(found: List[Found], offset: int, index: Optional[List[int]] = None) -> List[Candidate]:
    """Candidates ranked by priority (a stable sort: ties keep the order the rules were run in), without repeats and
    without the fragments that lie inside a higher-ranked candidate (the ``9`` of ``\\frac{10}{9}``). The whole
    output taken as a bare answer does not hide fragments: they remain the fallbacks when it cannot be read. ``index``
    maps offsets in the text the rules read to the output's, when invisible characters were taken out of it."""
    if index is not None:
        found = [f._replace(start=_mapped(index, f.start), end=_mapped(index, f.end - 1) + 1 if f.end > f.start
                            else _mapped(index, f.start)) for f in found]
    if len(found) == 1:  # (most outputs: nothing to rank, repeat or hide)
        f = found[0]
        return [Candidate(f.text, f.start + offset, f.end + offset, f.name, RULE[f.family].priority, f.alternatives,
                          f.choice, f.content, f.refused, f.why)]
    ranked = sorted(found, key=_priority)
    out: List[Candidate] = []
    spans: List[Tuple[int, int]] = []  # of the candidates that hide fragments
    seen = set()
    for f in ranked:
        rule = RULE[f.family]
        key = (f.text, f.start, f.end, f.alternatives, f.refused)
        if key in seen or (rule.fragment and any(s <= f.start and f.end <= e and (s, e) != (f.start, f.end)
                                                 for s, e in spans)):
            continue
        seen.add(key)
        if not rule.alone:
            spans.append((f.start, f.end))
        out.append(Candidate(f.text, f.start + offset, f.end + offset, f.name, rule.priority, f.alternatives,
                             f.choice, f.content, f.refused, f.why))
    return out


def _mapped(index: List[int], pos: int) -> int:
    """The offset in the output of offset ``pos`` of the text read without its invisible characters."""
    return index[pos] if pos < len(index) else (index[-1] + 1 if index else 0)


def _priority(f: Found) -> int:
    return RULE[f.family].priority
