"""The functions of the extraction rules (the table :data:`mathgrade._extract.RULES` says what each rule is).

Every function takes a :class:`~mathgrade._extract._scan.Scan` of the output and whether the gold is a
multiple-choice letter, and returns at most a few answers (:class:`Found`); the package's pipeline ranks them and
applies the policy. Each regex here is linear: no nested quantifiers over the same
characters, and searches that could run to the end of the output are done once.
"""

from __future__ import annotations

import re
from functools import partial
from itertools import repeat
from typing import Dict, List, NamedTuple, Optional, Pattern, Sequence, Tuple

from ._commit import (_NEGATED_STEMS, HEDGE_ADVERBS, NOT_STATED, Refusal, asked, box_refusal, hedge_joins,
                      hedged_within, offered_after, phrase_refusal, reach, refused_after_value, sentence_before)
from ._phrases import ENGLISH_HEDGES, LANGUAGES, Language
from ._scan import Refused, Scan, clean_answer, strip_delimiters

__all__ = [
    "Found", "answer_tag", "boxed", "phrases", "final_answer_heading", "hashes", "answer_label", "bold", "choice_phrase",
    "code_output", "option_list", "choice_line", "choice_edge", "bare_answer", "final_line", "assignments", "math_env", "latex", "last_number",
    "promote_late_number", "promote_late_final", "looks_cut_off", "outside_withdrawn", "offered_as_another",
]


class Found(NamedTuple):
    """What a rule found, before it becomes a public :class:`~mathgrade._extract.Candidate` (a named tuple: rules
    make a few per output, and a tuple is made several times faster than a frozen dataclass)."""

    text: str
    start: int
    end: int
    family: str
    """The name of the rule (a row of the table) whose answer this is."""
    rule: str = ""
    """A refinement of the name shown to users (``answer_phrase:zh``, ``boxed.multiple``), or empty."""
    alternatives: Tuple[str, ...] = ()
    content: str = ""
    choice: bool = False
    refused: str = ""
    """The rule that refuses this answer (``answer.withdrawn``, ``answer.question``...; see :mod:`._commit`) when
    the text around it does not commit to it; empty for a committed answer."""
    why: str = ""
    """Why it is refused, for a person."""

    @property
    def name(self) -> str:
        return self.rule or self.family


# -- shared helpers -----------------------------------------------------------------------------------------------
_STOP_WORDS = frozenset(
    "let let's lets we to the that this it in not correct incorrect wrong right because as if whether given found "
    "shown below above obtained calculated clearly obviously indeed simply just when there here first so since for "
    "of a an is are was be by on at from with what how which where why i you they he she determined straightforward "
    "follows following option choice different something more less larger smaller bigger appropriate unclear unknown "
    "also still now then".split()
)
_FUNCTION_WORDS = frozenset(
    "the a an of to in on at by for from with and or but is are was were be been that this these those if then than "
    "as so which who whom whose where when while because since into onto about over under between each every some any "
    "no not can could would should will may might must do does did have has had its their his her our your my we i "
    "you he she they it let wait perhaps alternatively maybe".split()
)
_PLAIN_WORD = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")
_FIRST_WORD = re.compile(r"[A-Za-z']+")
_HAS_MATH = re.compile(r"[\d\\$=+^_{}<>]")

_BARE_JOINING_WORDS = frozenset({"or", "and", "no"})
_BARE_PROSE_WORDS = (_FUNCTION_WORDS | _STOP_WORDS | frozenset(
    "approximately approx about around roughly nearly almost think guess believe get got answer final result "
    "equals gives step me thus hence therefore finally otherwise instead either".split()
)) - _BARE_JOINING_WORDS
_WORDS_ONLY = re.compile(r"[A-Za-z][A-Za-z '’\-]*")
_COMMAND_OR_TEXT = re.compile(r"\\(?:text|mathrm|operatorname)\s*\{[^{}]*\}|\\[A-Za-z]+")
_ALNUM = re.compile(r"[^\W_]")
_NUMBER = re.compile(
    r"-?(?:\d+[ \t]+\d+/\d+(?![\d.])"  # mixed number 2 1/2
    r"|\d{1,3}(?:[ \u2009\u202f]\d{3}(?![\d,]))+(?:\.\d+)?"  # 1 000 000
    r"|\d{1,3}(?:\{,\}\d{3}(?!\d))+(?:\.\d+)?"  # 1{,}000 (LaTeX's thousands separator, outside math too)
    r"|\d+(?:\.\d+)?[eE][-+]?\d+(?![\d.])"  # 2.88e16
    r"|\d+(?:,\d+)*(?:\.\d+)?(?:/\d+(?!\d|\.\d))?"  # 1,234.5 3/4 (and 1000,99 or 3,4,5: the reader decides)
    r"|\.\d+)"  # .5
)
"""A number; the last one is then checked by hand: not glued to a word (``x5``) and signed only when the minus is
not a subtraction (``5-4`` gives ``4``)."""


def _looks_like_answer(text: str) -> bool:
    """A region that reads as an answer, not as the start of a sentence ("correct", "Let's think")."""
    if not text or len(text) > 400:
        return False
    words = _PLAIN_WORD.findall(text)
    if _HAS_MATH.search(text):
        return len(words) <= 8
    first = _FIRST_WORD.match(text)
    if first is not None and first.group().lower() in _STOP_WORDS and len(text) > 1:
        return False
    return len(words) <= 5


_CHOICE = re.compile(
    r"\s*(?:(?:option|choice)\s+)?(?:\\(?:text|textbf|mathrm|mathbf|bf)\s*\{\s*)?"
    r"(?:\(\s*([A-J])\s*\)|([A-J])(?![\w\\{(]))\s*\}?"
    r"\s*[.:)]?\s*(?:\}\s*)?"
)


def _as_choice(text: str) -> Optional[Tuple[str, str]]:
    """``(letter, content)`` when ``text`` starts with a multiple-choice letter: ``B``, ``(B) 12``, ``\\text{B}``."""
    m = _CHOICE.match(text)
    if m is None:
        return None
    letter = m.group(1) or m.group(2)
    content = clean_answer(text[m.end():])
    while content.endswith("}") and content.count("}") > content.count("{"):
        content = content[:-1].rstrip()  # (the closing brace of "\\text{(D) Torus}")
    if m.group(2) and content and text[m.end() - 1: m.end()] not in ".:)" and not text[m.end():].startswith(" "):
        return None
    return letter, content


_LEADING_LABEL = re.compile(r"\(([A-J])\)\s+(?=\S)")


_ONE_LETTER = r"(?:\(\s*[A-J]\s*\)|(?<![A-Za-z])[A-J](?![A-Za-z]))"
_LETTER_LIST = re.compile(rf"\s*{_ONE_LETTER}(?:\s*(?:,\s*(?:and|or)?|/|&|\bor\b|\band\b|[、和或与及])\s*{_ONE_LETTER})+"
                          r"\s*[.。]?\s*", re.I)
"""Several option letters joined: ``(A) or (B)``, ``(A), (C), (E)``, ``A and B``."""


def _letters(text: str) -> List[str]:
    """The letters of ``text`` when it names several options (``(A) or (B)``, ``(A), (C), (E)``); else []."""
    if _LETTER_LIST.fullmatch(text) is None:
        return []
    return re.findall(r"[A-J]", text)


_JOINER = re.compile(r"^\s*(?:or|and|,|/|&|或者|或|和|、)\s*", re.I)
"""What joins a second letter to a first ("(C) or (D)")."""


def _marked(found: Found, choices: bool) -> Found:
    """Turn a marked answer into a choice when it is a letter and choices are expected; else drop a leading
    ``(B)`` label (``(B) 12`` answers ``12`` when the gold is not a letter). A marked answer that names several
    letters (``(A) or (B)``, ``(A), (C), (E)``) commits to no one of them: it keeps them as its alternatives."""
    if choices:
        several = _letters(found.text)
        if several:
            return Found(several[-1], found.start, found.end, found.family, found.rule, tuple(several), "", True)
        ch = _as_choice(found.text)
        if ch is not None:
            more = _as_choice(_JOINER.sub("", ch[1], count=1)) if ch[1] else None
            if more is not None and not more[1] and more[0] != ch[0]:  # "\\text{(A)}\\text{(C)}": two letters
                return Found(more[0], found.start, found.end, found.family, found.rule, (ch[0], more[0]), "", True)
            return Found(ch[0], found.start, found.end, found.family, found.rule, found.alternatives, ch[1], True)
        return found
    m = _LEADING_LABEL.match(found.text)
    if m is not None:
        return Found(found.text[m.end():], found.start, found.end, found.family, found.rule, found.alternatives)
    return found


def _spaceless(text: str) -> str:
    """``text`` without its whitespace: two answers that differ only in spacing are the same answer."""
    return "".join(text.split())


def _dedupe(texts: Sequence[str]) -> List[str]:
    """``texts`` in order without repeats (texts that differ only in spacing are one: :func:`_spaceless`)."""
    seen: Dict[str, None] = {}
    for t in texts:
        seen.setdefault(t, None)
    out, keys = [], set()
    for t in seen:
        k = _spaceless(t)
        if k not in keys:
            keys.add(k)
            out.append(t)
    return out


# -- rule 1: \boxed{...} ------------------------------------------------------------------------------------------
_BOX = re.compile(r"\\(?:boxed|fbox)(?![A-Za-z])")
_BARE_BOX_ARG = re.compile(r"[ \t]*([^\s${}\\]+)")
_MAX_GAP = 80
_GAP_HEDGES = "|".join(HEDGE_ADVERBS + ("alternatively", "else", "even", "though", "although", "otherwise",
                                        r"unless[ \t]+(?:it[ \t]+is|it's|the[ \t]+answer[ \t]+is)", r"if[ \t]+not"))
"""Words between two boxes that make the second a possible alternative to the first ("$\\boxed{7}$, or likely
$\\boxed{9}$", "$\\boxed{7}$, if not, $\\boxed{9}$"): the boxes are then alternatives, not one answer in parts."""
_GAP_TOKEN = re.compile(
    r"\s+|~|\$|\\[()\[\]]|\\(?:newline|hfill|enspace|thinspace|hspace\{[^{}]*\})(?![A-Za-z])|"
    r"\\(?:lor|vee)(?![A-Za-z])|∨|\\q?quad(?![A-Za-z])|\\[,;:! ]|\\\\|\\?&|,|;|\||\\(?:mid|vert)(?![A-Za-z])|"
    r"(?<![A-Za-z])(?:vs\.?|versus)(?![A-Za-z])|"
    r"\\(?:text|mathrm|textbf)\s*\{\s*(?:and|or|either)?\s*\}|(?<![A-Za-z])(?:and|or|either)(?![A-Za-z])|"
    r"[A-Za-z](?:_\{?\w{1,3}\}?)?\s*=|\(?[a-hA-H]\)|\\text\s*\{\s*|\}|"
    r"(?<![A-Za-z])(?:for|part|case|but|also|could|might|be|it|it's|" + _GAP_HEDGES + r")(?![A-Za-z])|[()—–/]"
    r"|(?:但是?|不过|或者)?(?:也|又|更|很)?(?:可能|或许|也许|大概|多半)(?:就)?(?:是|为)?|(?:否则|不然)(?:就)?(?:是|为)?"
    r"|或者|或|还是|也可能是|和|与|及|以及|、|，"
)
_GAP_OR = re.compile(
    r"(?<![A-Za-z])(?:or|either|but|could|might|vs|versus|" + _GAP_HEDGES + r")(?![A-Za-z])|/|\||\\mid|\\vert|"
    r"\\(?:lor|vee)(?![A-Za-z])|∨|"
    r"或者|或|还是|可能|或许|也许|大概|"
    r"多半|否则|不然",
    re.I,
)

Box = Tuple[int, int, int, int]


_MAX_BOXES = 12
"""Boxes examined from the end of an output, at first: the final answer is among the last ones (the labeled sets
hold at most 8 boxes an output). All of them are examined when the answer is not decided within those: when every
one of them is refused, when the boxes joined into one answer reach back to the first of them, or when a box
further back may withdraw the same answer (``\\boxed{6} is wrong``: a word of a withdrawal is in the output). What
lies inside a refused box further back may be taken by a fallback (the last number or formula, which lie after the
last boxes anyway). 1,000 boxes cost what 12 do."""


_RESTATED = re.compile(r"(?:[ \t]{0,8}(?:\$\$?|\\\)|\\\]))?[ \t]{0,8}[,(]?[ \t]{0,8}(?:\n[ \t]{0,8})?"
                       r"(?:i\.e\.?|that[ \t]+is|or[ \t]+equivalently|equivalently|in[ \t]+other[ \t]+words)"
                       r"[ \t]{0,8},?[ \t]{0,8}(?:\$[^$\n]{1,40}\$|-?\d[\d.,/]*)", re.I)
"""The answer restated right after its box ("$\\boxed{42}$, i.e. 42.0"): a doubt after the restatement is read too.
(Runs of blanks of at most 8, as the squeezed text has them: runs of any length side by side would be read in every
way of sharing them, and hidden text leaves long ones.)"""


_Refusals = Dict[int, Optional[Tuple[Refusal, str, int]]]
"""The refusals of the boxes examined, by their start: why, the other value a hedge names (or ""), and where the words
about the box end."""


def _box_refusal(scan: Scan, start: int, end: int, s: int, e: int) -> Optional[Tuple[Refusal, str, int]]:
    """:func:`._commit.box_refusal` of the box ``text[start:end]`` (content ``text[s:e]``), with where the words about
    it end; and a withdrawal or a doubt after a second value right after it, named by a hedge, offered or restated
    ("$\\boxed{42}$ or 42.0. Wait, that's wrong.", "$\\boxed{42}$, i.e. 42.0 (a guess)"): a second value equal to the
    answer does not shield the words after it (:func:`._commit.refused_after_value`)."""
    text = scan.text
    refusal = box_refusal(text, start, end, s, e, partial(scan.env_containing, start))
    if refusal is not None and not (refusal[0][0] == "answer.hedged" and refusal[1]):
        return refusal[0], refusal[1], end
    second = refusal[1] if refusal is not None else _value_offered_after(text, end)
    at = text.find(second, end) if second else -1
    restated = _RESTATED.match(text, end) if at < 0 and refusal is None else None
    value_end = at + len(second) if at >= 0 else restated.end() if restated is not None else -1
    later = refused_after_value(text, value_end) if value_end >= 0 else None
    if later is not None:
        return later[0], "", later[1]
    if refusal is not None:
        return refusal[0], refusal[1], max(end, value_end)
    return None


def _box_matches(text: str, limit: int) -> Tuple[List["re.Match[str]"], bool]:
    """The last ``limit`` matches of :data:`_BOX` in order (0: all of them), and whether earlier ones were left out:
    ``list(_BOX.finditer(text))[-limit:]``, found from the end (an output of 1,000 boxes is not scanned whole)."""
    if not limit:
        return list(_BOX.finditer(text)), False
    found: List["re.Match[str]"] = []
    end = len(text)
    while len(found) <= limit:  # (one more than the limit: whether boxes were left out)
        at = max(text.rfind("\\boxed", 0, end), text.rfind("\\fbox", 0, end))
        if at < 0:
            break
        m = _BOX.match(text, at)  # (no two matches overlap: a box command holds no other backslash)
        if m is not None:
            found.append(m)
        end = at
    cut = len(found) > limit
    return found[:limit][::-1], cut


def _find_boxes(scan: Scan, limit: int = 0, memo: Optional[_Refusals] = None) -> Tuple[List[Box], bool]:
    """Outermost boxes among the last ``limit`` (0: all): (start, end, content_start, content_end); unclosed and
    empty boxes are skipped, and so are boxes the text does not commit to (:func:`._commit.box_refusal`), which are
    recorded in ``scan.refused``. Also whether boxes before them were left out (then a box nested in one of those is
    taken as outermost: the examined boxes are read as if the output started at the first of them). ``memo`` keeps
    the refusals of boxes already examined, by their start."""
    text = scan.text
    memo = {} if memo is None else memo
    matches, cut = _box_matches(text, limit)
    boxes: List[Box] = []
    refused: List[Refused] = []
    covered = -1
    for m in matches:
        if m.start() < covered or scan.in_code_block(m.start()):
            continue
        pos = m.end()
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        if text.startswith("{", pos):
            close = scan.closing_brace(pos)
            if close < 0:
                continue
            s, e, end = pos + 1, close, close + 1
        else:
            bare = _BARE_BOX_ARG.match(text, m.end())
            if bare is None:
                continue
            s, e = bare.start(1), bare.end(1)
            while e > s and text[e - 1] in ".,;:":
                e -= 1
            end = e
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            covered = end
            at = m.start()
            if at in memo:
                refusal = memo[at]
            else:
                refusal = memo[at] = _box_refusal(scan, at, end, s, e)
            if refusal is None:
                boxes.append((m.start(), end, s, e))
                continue
            (rule, why), other, reach_end = refusal
            env = scan.env_containing(m.start())
            span = (env[0], env[1]) if env is not None else (m.start(), end)
            span = (span[0], max(span[1], reach_end))  # (a value named after it: no fallback may take it either)
            refused.append(Refused(span[0], span[1], s, e, rule, why, other))
    scan.refused = refused
    withdrawn = [r for r in refused if r.rule == "answer.withdrawn"]
    if withdrawn:  # the same answer boxed elsewhere is withdrawn too ("$\\boxed{6}$ ... but 6 is wrong")
        gone = {_spaceless(text[r.content_start:r.content_end]) for r in withdrawn}
        again = [b for b in boxes if _spaceless(text[b[2]:b[3]]) in gone]
        if again:  # refused as well: no fallback may take the answer back from inside them
            boxes = [b for b in boxes if b not in again]
            scan.refused = refused = sorted(refused + [
                Refused(b[0], b[1], b[2], b[3], "answer.withdrawn", "the text has withdrawn this answer before")
                for b in again])
    return boxes, cut


_WITHDRAWN_AFTER_STEMS = ("not", "wrong", "incorrect", "fals", "invalid", "impossib", "rul", "exclud", "discard",
                          "elimin", "reject", "faux", "scratch", "mind", "oops", "wait", "hmm", "✗", "✘", "❌",
                          "mistake", "error", "trap", "pitfall", "misconception", "distractor", "kidding", "meant",
                          "sorry", "typo", "correction", "erratum", "edit", "update", "bad", "actually", "fail",
                          "contradict", "too ", "off", "estimate", "previous", "other", "differ", "ignore",
                          "disregard", "verdict", "status", "result", "check", "grad", "evaluat", "assess", "review",
                          "teacher", "tutor", "judge", "feedback", "correct", "right", "extraneous", "absurd",
                          "spurious", "bogus", "herring", "trick", "joke", "intermediate", "final", "count", "violat",
                          "sense", "happen", "occur", "sarcasm", "lol", "lmao", "jk", "j/k", "/s", "yeah", "untrue",
                          "erron", "inaccura", "garbage", "rubbish", "fake", "a lie", "bullshit", "made up", "strike",
                          "forget", "scrap", "cancel", "→", "=>", "->", "⇒", "...", "…", "salah", "keliru",
                          "tidak benar", "sai", "kosa", "sahihi", "fout", "onjuist", "verkeerd", "niet", "falsch",
                          "richtig", "sbagliat", "errat", "errad", "incorret", "niepoprawn", "incorrect")
"""Lower-case stems one of which every ASCII match of ``_commit.WITHDRAWN_AFTER`` holds (a test adds 40 boxes after
each withdrawal of the adversarial cases and checks that the answer stays withdrawn)."""
_WITHDRAWING = tuple(a for a in dict.fromkeys(_NEGATED_STEMS + _WITHDRAWN_AFTER_STEMS)
                     if not any(b != a and b in a for b in _NEGATED_STEMS + _WITHDRAWN_AFTER_STEMS))
"""A withdrawal in ASCII text holds one of these: before the box, ``_commit``'s own stems (its negation is tested only
when one is there), after it, :data:`_WITHDRAWN_AFTER_STEMS` (a stem holding another is left out). Looked for one by
one with ``in``: a regex of the 41 alternatives costs about 60 ns a character (2 ms on an output of 1,000 boxes,
against 0.7 ms)."""


_PLAIN_BOX = re.compile(r"\\(?:boxed|fbox)(?![A-Za-z])[ \t]*\{([^{}]*)\}")
"""A box and its content, when that holds no brace."""


def _boxed_before(text: str, boxes: List[Box]) -> bool:
    """Whether a box before the first of ``boxes`` (the last ones, examined) may hold the answer of one of them, spaces
    aside: only then can a withdrawal further back take that answer away. A box whose content holds braces, or that
    has none (``\\boxed 5``), may; a box of plain content that none of them has may not. About 0.4 ms for 1,000 boxes,
    against 1 ms for looking for the words of a withdrawal."""
    if not boxes:
        return True
    first = boxes[0][0]
    plain = _PLAIN_BOX.findall(text, 0, first)
    if len(plain) != text.count("\\boxed", 0, first) + text.count("\\fbox", 0, first):
        return True  # (a box that is not plain: no cheaper look than the words)
    answers = {_spaceless(text[b[2]:b[3]]) for b in boxes}
    return not answers.isdisjoint({_spaceless(c) for c in set(plain)})


def _may_withdraw(scan: Scan) -> bool:
    """Whether a box of this output may be withdrawn (``\\boxed{6} is wrong``): always outside ASCII (matching
    ignoring case is more than lower-casing there), else when a stem of a withdrawal is in it."""
    lowered = scan.lowered
    return not lowered.isascii() or any(stem in lowered for stem in _WITHDRAWING)


def _refused_found(text: str, refused: Refused, family: str) -> Found:
    """The last refused box as an answer that answers nothing (the grader reports why)."""
    content = text[refused.content_start:refused.content_end]
    alternatives = tuple(_dedupe([content, refused.other])) if refused.other else ()
    return Found(content, refused.content_start, refused.content_end, family, family,
                 alternatives if len(alternatives) > 1 else (), refused=refused.rule, why=refused.why)


def outside_withdrawn(found: List[Found], scan: Scan) -> List[Found]:
    """``found`` without what lies inside a box (or a phrase's answer) the text does not commit to (or the formula
    holding it): a guess taken from "definitely not $\\boxed{6}$" or "the answer is probably 42" is the refused
    answer again. The refused answers themselves stay."""
    spans = [(r.start, r.end) for r in scan.refused] if scan.refused else []
    spans += [(f.start, f.end) for f in found if f.refused and f.end > f.start]  # ("the answer is probably 42")
    if not spans:
        return found
    return [f for f in found if f.refused or not any(
        s <= f.start and f.end <= e or f.start <= s and e <= f.end for s, e in spans)]


_AND = re.compile(r"(?<![A-Za-z])and(?![A-Za-z])")
_OR_IN_BOX = re.compile(r"\\text\s*\{\s*or\s*\}|(?<![A-Za-z\\])or(?![A-Za-z])")


def _merged_alternatives(content: str) -> Tuple[str, ...]:
    """The alternatives merged into one box: ``\\text{(B)} \\text{ or } \\text{(A)}`` (letters) or
    ``1,2,3 \\text{ or } 1,2`` (lists); empty when the box is one answer (``x = 2 \\text{ or } x = 3`` is the set of
    solutions)."""
    if "or" not in content:
        return ()  # (every separator holds it: most boxes need no walk over their content)
    parts = [clean_answer(p) for p in _split_top_level(content, _OR_IN_BOX)]
    if len(parts) < 2 or not all(parts):
        return ()
    letters = [_as_choice(p) for p in parts]
    if all(ch is not None and not ch[1] for ch in letters) or any(_top_level_comma(p) for p in parts):
        return tuple(_dedupe(parts)) if len(_dedupe(parts)) > 1 else ()
    return ()


def _split_top_level(text: str, separator: Pattern[str]) -> List[str]:
    """``text`` split at the matches of ``separator`` outside brackets."""
    parts, depth, last = [], 0, 0
    pos = 0
    while pos < len(text):
        c = text[pos]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0:
            m = separator.match(text, pos)
            if m is not None and m.end() > pos:
                parts.append(text[last:pos])
                last = pos = m.end()
                continue
        pos += 1
    parts.append(text[last:])
    return parts


_THOUSANDS = re.compile(r"\d,\d{3}(?!\d)")
def _top_level_comma(text: str) -> bool:
    """A comma outside brackets (``1,2``), not a thousands separator (``1{,}000``, ``10,000``)."""
    depth = 0
    for i, c in enumerate(text):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0 and not _THOUSANDS.match(text, i - 1):
            return True
    return False


_GAP_WORDS = re.compile(r"([A-Za-z]+(?:[ \t]+[A-Za-z]+){0,2})(?=[ \t]*(?:,|(?:and|or|but)(?![A-Za-z])))")
"""Up to three words after a box, then a comma or a conjunction (checked by :func:`_unit_words`)."""


_LIST_MARKER = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,2}[.)]|\(\d{1,2}\))[ \t]+", re.M)
"""A Markdown list item's marker at a line's start (``- ``, ``* ``, ``1. ``, ``2) ``, ``(3) ``)."""
_LAYOUT = re.compile(r"(?:\s|\$|\\[()\[\]])*")
"""Line breaks, blank lines and formula delimiters."""


def _gap_kind(gap: str) -> Optional[str]:
    """How two boxes separated by ``gap`` relate: ``join`` (one multi-part answer), ``or`` (alternatives), or None
    (separate statements: the later box is the answer). Boxes that are the items of one list, nothing between them
    but list markers, line breaks and blank lines ("1. $\\boxed{42}$\\n\\n2. $\\boxed{43}$"), are joined; two displays
    apart by a blank line alone are separate statements."""
    if "\n" in gap and len(gap) <= _MAX_GAP:
        unlisted = _LIST_MARKER.sub("", gap)
        if unlisted != gap and _LAYOUT.fullmatch(unlisted):
            return "join"
    if len(gap) > _MAX_GAP or "\n\n" in gap.replace(" ", "").replace("\t", ""):
        return None
    pos, worded = 0, False
    while pos < len(gap):
        m = _GAP_TOKEN.match(gap, pos)
        if m is None or m.end() == pos:
            if worded or "\n" in gap:
                return None
            m = _GAP_WORDS.match(gap, pos)
            if m is None or not _unit_words(m.group(1)):
                return None
            worded = True  # "\\boxed{1} papers and \\boxed{2} bins": the first part's unit, then the conjunction
        pos = m.end()
    return "or" if _GAP_OR.search(gap) else "join"


def _unit_words(words: str) -> bool:
    """Words naming what a boxed number counts ("papers", "red balls"), not a sentence ("is wrong", "then")."""
    return not any(w.lower() in _BARE_PROSE_WORDS or _GAP_OR.fullmatch(w.lower()) for w in words.split())


_SPREADING = ("answer.hedged", "answer.supposed", "answer.withdrawn")
"""Refusals that reach the boxes listed right after the refused one ("Maybe:\\n- $\\boxed{42}$\\n- $\\boxed{43}$")."""


def _listed_after_refused(scan: Scan, boxes: List[Box]) -> List[Box]:
    """``boxes`` without those listed right after a box refused by a hedge, a supposition or a withdrawal (joined to it
    as items of one list, :func:`_gap_kind`): the words that refuse the first item refuse the list. They are recorded
    in ``scan.refused`` with the same rule."""
    if not scan.refused or not boxes:
        return boxes
    text = scan.text
    refused = [r for r in scan.refused if r.rule in _SPREADING]
    kept: List[Box] = []
    for b in boxes:
        before = [r for r in refused if r.end <= b[0]]
        last = before[-1] if before else None
        if last is not None and not (kept and kept[-1][1] > last.end) and _gap_kind(text[last.end:b[0]]) == "join":
            inherited = Refused(b[0], b[1], b[2], b[3], last.rule, last.why)
            refused.append(inherited)
            scan.refused = sorted(scan.refused + [inherited])
            continue
        kept.append(b)
    return kept


_OFFER_GAP = re.compile(
    r"(?<![A-Za-z])(?:or|also|alternatively|instead|otherwise|else|(?:under|with|in|for)[ \t]+(?:the|a)[ \t]+"
    r"(?:second|other|alternative|latter|looser|stricter|different)(?![A-Za-z])[^.;!?\n]{0,30}|(?:would|could|might)"
    r"[ \t]+(?:also[ \t]+)?be)[ \t]*[,:]?[ \t$]*(?:\\\(|\\\[)?[ \t]*$", re.I)
"""Words right before a later box that offer it as another value or reading of the earlier one."""


_ANOTHER_BEFORE = re.compile(
    r"(?:(?:^|(?<=[.;!?\n>]))[\W_]*?(?:alternatively|or(?![ \t,]+(?:rather|better|more[ \t]+(?:precisely|exactly|"
    r"accurately)|actually|correctly|to[ \t]+be[ \t]+(?:precise|exact)))|also|otherwise|else|bonus|unrelated|"
    r"(?:as[ \t]+an[ \t]+)?aside|side[ \t]+note|by[ \t]+the[ \t]+way|btw|fun[ \t]+fact|p\.s\.?|off-topic|"
    r"(?:just[ \t]+)?for[ \t]+fun|extra(?:[ \t]+credit)?)"
    r"|(?<![A-Za-z])(?:another|a[ \t]+second|an[ \t]+alternative|alternative|other)[ \t]+"
    r"(?:possible[ \t]+|valid[ \t]+)?(?:answer|solution|value|result)s?"
    r"(?:[ \t]+(?:is|would[ \t]+be|could[ \t]+be|might[ \t]+be))?"
    r"|[(（][ \t]*(?:also|or)"
    r"|(?:(?:^|(?<=[。；！？\n>]))[\W_]*?(?:或者|或是|或|另外|此外|顺便(?:说(?:一下|一句)?|一提)?|题外话|附加题|额外)"
    r"|另一(?:个|种)?(?:可能的?)?答案(?:是|为)?|[(（][ \t]*(?:或|也)))"
    r"(?![A-Za-z])[^.;!?。；！？\n]{0,40}$", re.I)
"""Words before a box in its sentence (opening it, at most 40 characters before the box) that offer it as another
answer ("Alternatively, $\\boxed{42}$", "(also $\\boxed{42}$)", "a second answer is $\\boxed{42}$"), read only
where :func:`_may_offer` says a match is possible."""
_ANOTHER_WORDS = ("alternat", "also", "else", "other", "second", "bonus", "unrelated", "side", "way", "btw", "fun",
                  "p.s", "off-topic", "extra")
"""What every match of :data:`_ANOTHER_BEFORE` on ASCII text holds, lower-cased, but for those of a free "or"."""


def _may_offer(window: str) -> bool:
    """Whether :data:`_ANOTHER_BEFORE` may match with its words in ``window``, exactly on ASCII text: one of
    :data:`_ANOTHER_WORDS`, or an "or" that no letter or digit comes right before ("*Or* $\\boxed{..": a list of
    marks before "or" missed that one; ``_gate.Gate`` would require any "or", as in "for", and read most boxes'
    sentences); text that is not ASCII is always read."""
    if not window.isascii():
        return True
    low = window.lower()
    if any(word in low for word in _ANOTHER_WORDS):
        return True
    at = low.find("or")
    while at >= 0:
        if at == 0 or not low[at - 1].isalnum():
            return True
        at = low.find("or", at + 1)
    return False


_ANOTHER_AFTER = re.compile(
    r"[ \t]*(?:\$+[ \t]*)?(?:\n[ \t]*)?(?:(?:also|too|as[ \t]+well)(?![A-Za-z])"
    r"|(?:(?:would|could|might|may)[ \t]+)?(?:also[ \t]+)?works?[ \t]+(?:too|as[ \t]+well)"
    r"|(?:is|are)[ \t]+also[ \t]+(?:possible|valid|correct|an?[ \t]+answer)"
    r"|也(?:可以|行|对|成立|正确|是(?:答案|对的|可能的)))", re.I)
"""Words after a box that offer it as another answer ("$\\boxed{42}$ also works", "$\\boxed{42}$ too"). Each run of
blanks is read by one repeat only: with three side by side (before and after an optional ``$``, and before an
optional verb) a box followed by 800 spaces to the end of the output took 2.9 s, and 2,000 spaces 47 s."""
_ANOTHER_REACH = 160
"""How far before a box :data:`_ANOTHER_BEFORE` reads."""
_ANOTHER_NEAR = 80
"""How far before a box its words are looked for first (they stand near it: "Alternatively, $\\boxed{..", "a second
answer is $\\boxed{..": within the 40 characters the pattern allows after them, unless long runs of blanks come
between)."""
_BOX_OPENING = re.compile(r"(?:\$\$?|\\\(|\\\[)?[ \t]*\\boxed[ \t]*\{$")


def offered_as_another(text: str, start: int, end: int) -> int:
    """Where the words start that offer the box whose content is ``text[start:end]`` as another answer, beside one
    stated before them: words in its sentence before the box (:data:`_ANOTHER_BEFORE`), or right after it
    (:data:`_ANOTHER_AFTER`: then the box's start); -1 when nothing does."""
    opening = _BOX_OPENING.search(text, max(0, start - 16), start)
    at = opening.start() if opening is not None else start
    offer = _ANOTHER_BEFORE.search(text, max(0, at - _ANOTHER_REACH), at) \
        if _may_offer(text[max(0, at - _ANOTHER_NEAR): at]) else None
    if offer is not None:
        return offer.start()
    close = text.find("}", end)
    return at if close >= 0 and _ANOTHER_AFTER.match(text, close + 1) is not None else -1


def boxed(scan: Scan, choices: bool) -> List[Found]:
    """The last box; boxes joined by ``and``/commas are one multi-part answer; boxes joined by ``or`` are ambiguous;
    repeated identical boxes count once."""
    text = scan.text
    limit = _MAX_BOXES
    memo: _Refusals = {}
    while True:  # the last boxes first; more only while the answer is not decided within them
        boxes, cut = _find_boxes(scan, limit, memo)
        boxes = _listed_after_refused(scan, boxes)
        if not boxes:
            if cut:
                limit = 0
                continue
            return [_refused_found(text, scan.refused[-1], "boxed")] if scan.refused else []
        chain = [boxes[-1]]
        hedged = anded = False
        for prev in reversed(boxes[:-1]):
            gap = text[prev[1]: chain[0][0]]
            kind = _gap_kind(gap)
            if kind is None and len(gap) <= _MAX_GAP and (hedge_joins(text, prev[1], chain[0][0])
                                                           or _OFFER_GAP.search(gap)):
                kind = "or"  # a hedge in another language offers the later box ("o quizás", "かもしれません"), or words
                # that offer it as another reading ("; under the second, $\\boxed{6}$", ". Also, $\\boxed{6}$")
            if kind is None:
                break
            hedged = hedged or kind == "or"
            anded = anded or _AND.search(gap) is not None
            chain.insert(0, prev)
        if cut and chain[0] is boxes[0]:
            limit = 0  # (the joined boxes may reach further back)
            continue
        if cut and _boxed_before(text, boxes) and _may_withdraw(scan):
            limit = 0  # (a box further back may withdraw the same answer: "\\boxed{6} is wrong")
            continue
        break
    contents = _dedupe([text[b[2]: b[3]] for b in chain])
    last = chain[-1]
    other = _value_offered_after(text, last[1]) or offered_after(text, last[1], contents[-1])
    if other and len(_dedupe(contents + [other])) > len(contents):  # "\\boxed{42} or 43": the same value or two
        # (or a remark after it offers another: "\\boxed{42} (43 if 0 counts)", "\\boxed{42}. Also, 43.")
        return [Found(contents[-1], chain[0][0], last[1], "boxed", "boxed.alternatives",
                      tuple(_dedupe(contents + [other])))]
    offered = _offered_after(scan, boxes, chain)
    if offered and len(_dedupe(contents + offered)) > len(contents):  # "\\boxed{42}. Maybe \\boxed{43}."
        alternatives = tuple(_dedupe(contents + offered))
        return [Found(alternatives[-1], chain[0][0], last[1], "boxed", "boxed.alternatives", alternatives)]
    if len(contents) == 1:
        same = [b for b in chain if text[b[2]: b[3]] == contents[0]]
        alternatives = _merged_alternatives(contents[0])
        if alternatives:
            return [Found(alternatives[-1], same[-1][2], same[-1][3], "boxed", "boxed.alternatives", alternatives)]
        return [_marked(Found(contents[0], same[-1][2], same[-1][3], "boxed"), choices)]
    start, end = chain[0][0], last[1]
    if not anded and any(_top_level_comma(c) for c in contents):
        hedged = True  # "\\boxed{1,2}, \\boxed{2}": two answers; "\\boxed{1,2} and \\boxed{3,4}" is one in two parts
    if hedged:
        return [Found(contents[-1], start, end, "boxed", "boxed.alternatives", tuple(contents))]
    if choices:
        letters = [_as_choice(c) for c in contents]
        if all(letters):
            return [Found(", ".join(ch[0] for ch in letters if ch), start, end, "boxed", "boxed.multiple",
                          choice=True)]
    return [Found(", ".join(contents), start, end, "boxed", "boxed.multiple")]


_ALTERNATIVELY = re.compile(r"[ \t]*(?:alternatively|or)\b", re.I)
_LAYOUT_MARKS = (r"(?:(?:\\(?:q?quad|[,;:! ]|tiny|scriptsize|footnotesize|small)(?![A-Za-z])|\\text[ \t]*\{|\}|"
                 r"[(（]|[_^][ \t]*\{|\\hspace\*?\{[^{}\n]{0,20}\}|\\(?:math)?[lrc]lap[ \t]*\{|\\smash[ \t]*\{|"
                 r"</?(?:sup|sub|small|span|em|i|b|strong|u|mark)(?![A-Za-z])[^<>\n]{0,40}>)[ \t]*)*")
"""What may come around the words that offer a value after a box, each mark with the spaces after it: LaTeX spacing
or sizes, ``\\text{``, a sub- or superscript, an overlap, inline HTML tags, a closing brace, an opening bracket
("$\\boxed{42}$ \\quad \\text{or} \\quad 43", "\\text{(alternatively } 43)", "\\boxed{42}<sup>or 43</sup>"). No
two patterns around it take the same spaces: a long run of blanks (what hidden text leaves) is read once, not tried
split in every way."""
OFFERING_WORDS = (
    "or", "or rather", "or else", "or even", "or equivalently", "or alternatively", "or in other words", "vs.", "vs",
    "versus", "alternatively", "alt.", "∨", "\\lor", "\\vee",  # en (and the signs of "or")
    "o", "ou", "oder", "или", "lub", "albo", "veya", "ya da", "hoặc", "atau", "au", "أو", "या", "অথবা", "หรือ", "లేదా",
    "또는", "혹은",  # es it fr pt de ru pl tr vi id sw ar hi bn th te ko
    "或者", "或是", "或", "还是", "または",  # zh ja
)
"""Words that offer a second value right after a box ("$\\boxed{42}$ or 43", "$\\boxed{42}$ (or 43)", "$\\boxed{42}$
或 43"): the output gives two values, one answer only when they are equal ("$\\boxed{0.5}$, or $\\frac12$")."""
_VALUE_OFFERED = re.compile(
    r"[ \t]*(?:(?:\$\$?|\\\)|\\\])[ \t]*)?(?:[,;，；][ \t]*)?(?:\n[ \t]*)?" + _LAYOUT_MARKS + r"(?:"
    + "|".join(re.escape(w).replace(r"\ ", r"(?:[ \t]*,[ \t]*|[ \t]+)")
               for w in sorted(OFFERING_WORDS, key=len, reverse=True))
    + r")(?![^\W\d_])[ \t]*(?:[,，][ \t]*)?" + _LAYOUT_MARKS + r"(?:\n[ \t]*)?"
    r"(\$\$?[^$\n]{1,80}\$\$?|\\\([^\n]{1,80}?\\\)|\\\[[^\n]{1,80}?\\\]|"
    r"-?\d+(?:[.,]\d+)*(?:/\d+)?(?:\\?%)?(?![ \t]*(?:[-+*/^=×÷·(\d]|\\(?:times|cdot|div|pm|mp)(?![A-Za-z])))"
    r"|(?-i:\([A-J]\)|[A-J])(?=[ \t]*(?:[.,;:!?)）\n]|$)))", re.I)
"""A value offered by one of :data:`OFFERING_WORDS` right after a box (a formula, a number that is not the start of a
sum or a product: "$\\boxed{6}$, or 3 \\times 2" offers no 3; an option's letter ending its clause, "(or C)")."""


def _value_offered_after(text: str, end: int) -> str:
    """The value offered right after the box ending at ``end`` ("or 43", "(or $x = 43$)"), or ""."""
    if end >= len(text) or text[end] not in " \t\n$\\,;，；(（或还ま<_^∨":
        return ""  # (every offering starts with one of these after the box: most boxes end their text or line)
    m = _VALUE_OFFERED.match(text, end)
    if m is None:
        return ""
    value = m.group(1)
    if value.startswith("$"):
        return value.strip("$ ")
    return value[2:-2].strip() if value.startswith(("\\(", "\\[")) else value


def _offered_after(scan: Scan, boxes: List[Box], chain: List[Box]) -> List[str]:
    """The other values an output offers besides its last committed boxes (``chain``): a box after them that a hedge
    refuses ("$\\boxed{42}$. Maybe $\\boxed{43}$.", "Though it might be $\\boxed{43}$"; not one it asks about:
    "Maybe $\\boxed{43}$?"), or, when the chain's sentence starts with "Alternatively" or "Or", the committed box
    before it. The answer is then not one value."""
    text = scan.text
    offered = [text[r.content_start:r.content_end] for r in scan.refused
               if r.rule == "answer.hedged" and r.start >= chain[-1][1] and not asked(text, r.end)]
    before = [b for b in boxes if b[1] <= chain[0][0]]
    if before and _ALTERNATIVELY.match(sentence_before(text, chain[0][0])):
        offered.append(text[before[-1][2]:before[-1][3]])
    return offered


# -- an <answer> tag ------------------------------------------------------------------------------------------------
_QUOTED_TAG = re.compile(r"(?:\b(?:form|format|formatted|like|e\.g\.|example|such as|as in)(?:[ \t]+(?:is|of|as|was))?"
                         r"|格式(?:为|是)?|形如|例如)[ \t]*(?:[:：][ \t]*)?$", re.I)
"""Words before a tag that quote the format instead of using it ("in the form <answer>7</answer>")."""
def answer_tag(scan: Scan, choices: bool) -> List[Found]:
    """The last ``<answer>..</answer>`` (the format of R1-style training): the answer the model marked, whatever
    precedes it; a box inside it gives the box's content. A value offered right after it ("or 43") or a tag right
    before it ("<answer>42</answer><answer>43</answer>") is an alternative of it."""
    text = scan.text
    open_at = text.rfind("<answer>")
    while open_at >= 0 and (scan.in_code_block(open_at) or _QUOTED_TAG.search(text, max(0, open_at - 60), open_at)):
        open_at = text.rfind("<answer>", 0, open_at)  # a tag shown in a code block or quoted is no answer
    if open_at < 0:
        return []
    s = open_at + len("<answer>")
    close = text.find("</answer>", s)
    if close < 0:
        return []
    if _BOX.search(text, close):
        return []  # a box after the tag is the later, final answer: the tag does not outrank it
    inside = boxed(Scan(text[s:close]), choices)
    if inside:
        f = inside[0]
        return [f._replace(start=f.start + s, end=f.end + s, family="answer_tag", rule=f.rule.replace("boxed",
                                                                                                        "answer_tag"))]
    answer = clean_answer(strip_delimiters(scan, s, close))
    if not answer:
        return []
    others = [_value_offered_after(text, close + len("</answer>"))]  # "<answer>42</answer> or 43"
    before = text.rfind("</answer>", 0, open_at)
    if before >= 0 and _LAYOUT.fullmatch(text, before + len("</answer>"), open_at):  # a tag right before it
        first = text.rfind("<answer>", 0, before)
        if first >= 0:
            others.append(clean_answer(strip_delimiters(scan, first + len("<answer>"), before)))
    alternatives = tuple(_dedupe([answer] + [o for o in others if o]))
    if len(alternatives) > 1:
        return [Found(answer, s, close, "answer_tag", "answer_tag.alternatives", alternatives)]
    # ("<answer>7</answer> (just kidding)", "I'm not sure. <answer>7</answer>")
    return [_committed(scan, open_at, answer, s, close, "answer_tag", close + len("</answer>"), choices)]


# -- rules 2 and 3: final-answer phrases ---------------------------------------------------------------------------
def _phrase_regex(phrase: str) -> str:
    """A table phrase as a regex: spaces match any whitespace; a final ``:`` also matches ``：`` after spaces."""
    colon = phrase.endswith(":")
    body = phrase[:-1].rstrip() if colon else phrase
    out = r"\s+".join(re.escape(w) for w in body.split())
    return out + (r"\s*[:：]" if colon else "")


def _compile_language(lang: Language, hedges: Tuple[str, ...] = ()) -> Pattern[str]:
    parts = []
    for group, phrases in (("hedge", hedges), ("final", lang.final), ("answer", lang.answer)):
        if phrases:
            alts = "|".join(_phrase_regex(p) for p in sorted(phrases, key=len, reverse=True))
            parts.append(f"(?P<{group}>{alts})")
    body = "|".join(parts)
    prefix = r"(?<![^\W_])" if lang.spaced else ""
    return re.compile(prefix + "(?:" + body + ")", re.I)


def _anchors(lang: Language) -> Tuple[str, ...]:
    """Substrings one of which every phrase of the language contains (its longest word, lowercased): a cheap test
    that skips the language's regex on outputs that cannot match it."""
    return tuple(sorted({max(p.lower().rstrip(":").split(), key=len) for p in lang.final + lang.answer}))


_LANGUAGE_ANCHORS: Tuple[Tuple[Language, Tuple[str, ...]], ...] = tuple((lang, _anchors(lang)) for lang in LANGUAGES)
_ASCII_LANGUAGE_ANCHORS: Tuple[Tuple[Language, Tuple[str, ...]], ...] = tuple(
    (lang, ascii_anchors) for lang, ascii_anchors in
    ((lang, tuple(a for a in anchors if a.isascii())) for lang, anchors in _LANGUAGE_ANCHORS) if ascii_anchors
)
"""The languages (in table order) whose phrases can occur in an ASCII output (most outputs), with the anchors that
can: the other languages are skipped at once."""
_RARE_LETTERS = "jqzx"
"""Letters absent from most outputs: an anchor holding one is looked for only when the letter is there (finding a
letter is much faster than finding a word)."""


def _presence_tests(anchors: Tuple[str, ...], phrases: Tuple[str, ...] = ()) -> Tuple[Tuple[str, str], ...]:
    """``(letter, anchor)`` pairs such that the language's regex can match a text only if, for some pair, both are in
    the text (lower-cased); ``letter`` is a rare letter of the anchor, or ``""``. An anchor that holds another
    (``jawabannya``, ``jawaban``) is left out. With ``phrases`` (for ASCII outputs, where matching ignoring case is
    lower-casing), so is an anchor every phrase holding it also holds another: ``problem`` in "the answer to the
    problem is" (the phrase holds ``answer``)."""
    kept = [a for a in anchors if not any(b != a and b in a for b in anchors)]
    lowered = [p.lower() for p in phrases]
    if not all(any(a in p for a in kept) for p in lowered):
        lowered = []  # a phrase without an anchor: keep every anchor
    for a in sorted(kept, key=lambda a: sum(a in p for p in lowered)):
        if lowered and all(any(b in p for b in kept if b != a) for p in lowered if a in p):
            kept.remove(a)
    return tuple((next((c for c in _RARE_LETTERS if c in a), ""), a) for a in kept)


def _phrases_of(lang: Language) -> Tuple[str, ...]:
    """Every phrase the language's regex matches (English also has its hedges)."""
    return lang.final + lang.answer + (ENGLISH_HEDGES if lang.code == "en" else ())


_PRESENCE: Tuple[Tuple[Language, Tuple[str, ...], Tuple[Tuple[str, str], ...]], ...] = tuple(
    (lang, anchors, _presence_tests(anchors)) for lang, anchors in _LANGUAGE_ANCHORS
)
_ASCII_PRESENCE: Tuple[Tuple[Language, Tuple[str, ...], Tuple[Tuple[str, str], ...]], ...] = tuple(
    (lang, anchors, _presence_tests(anchors, _phrases_of(lang))) for lang, anchors in _ASCII_LANGUAGE_ANCHORS
)
"""Per language: its anchors, and how to test quickly whether one of them is in an output (for every output, and
for an ASCII output)."""
_LANGUAGE_PATTERNS: Dict[str, Pattern[str]] = {}
"""Each language's phrase regex, compiled the first time an output holds one of its anchors (compiling all of them
is most of the cost of importing this module)."""


def _language_pattern(lang: Language) -> Pattern[str]:
    pattern = _LANGUAGE_PATTERNS.get(lang.code)
    if pattern is None:
        pattern = _compile_language(lang, ENGLISH_HEDGES if lang.code == "en" else ())
        _LANGUAGE_PATTERNS[lang.code] = pattern
    return pattern


_MAX_PHRASE_TRIES = 30
"""Phrases examined per kind, from the last: the final answer is near the end; this bounds the work on an output
that repeats "the answer is" a hundred thousand times."""
_STEP_BY_STEP = re.compile(r"step[- ]by[- ]step\s*$|step\s*$", re.I)
_ALTERNATIVE_SPLIT = re.compile(r"\s*(?:,\s*(?:or\s+)?|\bor\b|\beither\b)\s*", re.I)


_ONLY_WORDS = re.compile(r"[^\d\\$={}^_+*/<>()\[\]]*")


_LEAD_IN_COLON = re.compile(r"[ \t]*[:：][ \t]*\n?[ \t]*\n?[ \t]*")


_PLAIN_NUMBER_ENDING = re.compile(r"[ \t\r\n:：=*–—]*(-?[0-9]{1,100}(?:\.[0-9]{1,100})?)(?:\.(?=\s|\Z)|[ \t]*(?:\n|\Z))")
"""A plain number that ends its line or sentence ("A: 26", "is 18."): the region :meth:`Scan.region_after` would
find, cleaned, with no walk over it (most answers after a marker)."""


def _region_text(scan: Scan, pos: int) -> Tuple[str, int, int]:
    """The cleaned answer after ``pos`` and its span. A formula followed only by words (``$12$ apples``,
    ``$x=3$ です``) gives the formula."""
    plain = _PLAIN_NUMBER_ENDING.match(scan.text, pos)
    if plain is not None:
        return plain.group(1), plain.start(1), plain.end(1)
    s, e = scan.region_after(pos)
    env = scan.env_at(s)
    if env is not None and env[1] < e and _ONLY_WORDS.fullmatch(scan.text, env[1], e):
        return clean_answer(scan.text[env[2]: env[3]]), s, env[1]
    colon = _LEAD_IN_COLON.match(scan.text, e)
    if colon is not None and _WORDS_ONLY.fullmatch(scan.text, s, e):
        env = scan.env_at(colon.end())
        if env is not None:  # "The general solution is:\n$$x(t) = ...$$"
            return clean_answer(_last_of_chain(scan.text[env[2]: env[3]])), env[0], env[1]
    answer = clean_answer(strip_delimiters(scan, s, e))
    if e > s and scan.text[e - 1] in "$)]" and answer and not answer.endswith("!"):
        env = scan.env_containing(e - 1)  # a factorial ends the formula: "The answer is $5!$" is 120, not 5
        if env is not None and env[1] == e and scan.text[env[2]: env[3]].rstrip().endswith("!"):
            answer += "!"
    return answer, s, e


def phrases(scan: Scan, choices: bool) -> List[Found]:
    """The last answer after each kind of final-answer phrase, in every language of the phrase table."""
    text = scan.text
    lowered = scan.lowered
    ascii_only = lowered.isascii()
    out: List[Found] = []
    for lang, anchors, tests in _ASCII_PRESENCE if ascii_only else _PRESENCE:
        for letter, a in tests:
            if letter in lowered and a in lowered:  # ("" is in every text)
                break
        else:
            continue
        pattern = _language_pattern(lang)
        matches: Dict[str, List["re.Match[str]"]] = {"final": [], "answer": []}
        for m in _phrase_matches(text, lowered, pattern, anchors):
            matches["answer" if m.lastgroup == "hedge" else (m.lastgroup or "answer")].append(m)
        for level in ("final", "answer"):
            refused: Optional[Found] = None
            for m in reversed(matches[level][-_MAX_PHRASE_TRIES:]):
                if lang.code == "en" and _STEP_BY_STEP.search(text, max(0, m.start() - 14), m.start()):
                    continue
                found = _phrase_answer(scan, m, lang, level, choices)
                if found is not None and found.refused:
                    refused = refused or found  # (the last refused one, reported when no earlier one commits)
                    continue
                if found is not None:
                    out.append(found)
                    if choices:  # an earlier letter given as the answer too ("The answer is (D). ... is 12")
                        out.extend(_earlier_letters(scan, matches[level], m, lang, level))
                    break
            else:
                if refused is not None:
                    out.append(refused)
    return out


_EARLIER_LETTERS = 3
"""Earlier phrase answers looked at for a letter, when the gold is a letter."""


def _earlier_letters(scan: Scan, matches: List["re.Match[str]"], last: "re.Match[str]", lang: Language,
                     level: str) -> List[Found]:
    """Letters given as the answer by phrases before ``last`` (at most :data:`_EARLIER_LETTERS`): they rank after
    the last phrase's answer, for the grader to see that the output named another option as well."""
    out = []
    for m in reversed(matches[max(0, matches.index(last) - _EARLIER_LETTERS): matches.index(last)]):
        found = _phrase_answer(scan, m, lang, level, True)
        if found is not None and found.choice and not found.refused and not found.alternatives:
            out.append(found)
    return out


_ANCHOR_REACH = 48
"""How far from its anchor word a phrase may start or end (the longest phrase is ~30 characters)."""
_MAX_ANCHORS = 4 * _MAX_PHRASE_TRIES
"""Occurrences of each anchor word examined, from the last."""


def _phrase_matches(text: str, lowered: str, pattern: Pattern[str], anchors: Tuple[str, ...]) -> List["re.Match[str]"]:
    """The pattern's matches, found around each occurrence of an anchor word instead of by scanning the whole
    output with the (slow, many-branched) pattern."""
    if len(lowered) != len(text):  # lower-casing changed offsets (rare characters): scan everything
        return list(pattern.finditer(text))
    found: Dict[int, "re.Match[str]"] = {}
    for a in anchors:
        i = lowered.rfind(a)
        for _ in range(_MAX_ANCHORS):  # from the end: only the last phrases matter
            if i < 0:
                break
            lo, hi = max(0, i - _ANCHOR_REACH), min(len(text), i + len(a) + _ANCHOR_REACH)
            for m in pattern.finditer(text, lo, hi):
                found.setdefault(m.start(), m)
            i = lowered.rfind(a, 0, i)
    return [found[k] for k in sorted(found)]


_LEAD_IN = re.compile(
    r"[ \t]*(?:[A-Za-z]+[ \t]+){0,4}?(?:as follows|below|the following|given by|written as|expressed as)[ \t]*:?", re.I
)
_HEDGE_BEFORE = re.compile(
    r"\b(?:perhaps|maybe|might|could|if|suppose|supposing|assume|assuming|whether|alternatively|unless|possibly|"
    r"not sure|wonder)\b",
    re.I,
)
_HEDGE_AFTER = re.compile(
    r"[ \t]*(?:,[ \t]*)?(?:but|or)[ \t]+(?:maybe|perhaps|possibly|it[ \t]+(?:could|might|may)[ \t]+(?:also[ \t]+)?be)"
    r"[ \t]+(?:(?:it'?s|it[ \t]+is)[ \t]+)?",
    re.I,
)
_OTHER_CASE_AFTER = re.compile(
    r"[ \t]*(?:,[ \t]*)?(?:if|when|whenever|for|provided)[ \t][^.\n]{1,100}?(?:,|;|[ \t]and[ \t]|[ \t]but[ \t])[ \t]*"
    r"(?P<other>[^,;.\n]{1,40}?)[ \t]*(?:,[ \t]*)?(?:otherwise|else(?![A-Za-z])|in[ \t]+(?:all[ \t]+)?other[ "
    r"\t]+cases)",
    re.I,
)
"""A second case after a phrase's answer ("The answer is 42 if n is even, 43 otherwise"): the answer is given by
cases, and the other case's value is an alternative to it."""
_COPULA = re.compile(r"[ \t](?:is|are|equals|was|were|will be|would be)[ \t]+")
_NOT_PLAIN = re.compile(r"[\\$^_{}=<>]")
_EMPHASIS_CLOSE = re.compile(r"[ \t]*\*{1,3}")
"""The Markdown emphasis that closes around a phrase's answer ("The answer is **7**, but maybe 9"): the region stops
before it, and the checks after the answer read from after it."""


_CJK_OR = re.compile(r"\s*(?:或者|或|还是)\s*")
"""What joins two answers in Chinese ("x = 1 或 3")."""


def _phrase_answer(scan: Scan, m: "re.Match[str]", lang: Language, level: str, choices: bool) -> Optional[Found]:
    """The answer after the phrase matched by ``m``; a refused answer (``refused`` set) when the text around it
    does not commit to it; None when what follows is not an answer."""
    lead = _LEAD_IN.match(scan.text, m.end())
    answer, s, e = _region_text(scan, lead.end() if lead else m.end())
    family = ("final_answer_phrase" if level == "final" else "answer_phrase") + ("" if lang.code == "en" else "_i18n")
    rule = family if lang.code == "en" else f"{family}:{lang.code}"
    if scan.source is not None and not answer.strip("{} "):  # (what was there is blanked: "{\\color{white} 7}")
        return _unshown_answer(scan, lead.end() if lead else m.end(), family, rule)
    closed = _EMPHASIS_CLOSE.match(scan.text, e)
    after = closed.end() if closed else e  # (where the checks after the answer start)
    refusal = phrase_refusal(scan.text, m.start(), s, answer, after, stated=False) \
        if answer and m.lastgroup != "hedge" else None
    if refusal is not None:  # ("7, or probably 9": two answers)
        return _refused_answer(scan, refusal, answer, s, e, family, rule, "hedged_answer_phrase")
    if _hedged_sentence(scan.text, m.start()):
        return None
    if not _looks_like_answer(answer) and not (choices and _as_choice(answer)):
        return None
    cop = None
    for cop in _COPULA.finditer(answer):
        pass
    if cop is not None and _WORDS_ONLY.fullmatch(answer, 0, cop.start()):
        answer = clean_answer(answer[cop.end():])  # "The largest n is 34" → 34
        if not answer:
            return None
        written = None
        for written in _COPULA.finditer(scan.text, s, e):
            pass
        if written is not None:  # (the value after it is checked as a phrase's answer: "Final Answer: The final
            # answer is $42$ isn't correct" takes it back)
            inner = scan.text[written.end():e]
            refusal = phrase_refusal(scan.text, m.start(), written.end(), inner, after, stated=False)
            if refusal is not None:
                return _refused_answer(scan, refusal, inner, written.end(), e, family, rule, "hedged_answer_phrase")
    answer = _single_number_of_sentence(answer)
    if not lang.spaced:
        within = hedged_within(answer)
        if within is None and answer != scan.text[s:e].strip():
            within = hedged_within(scan.text[s:e].strip())  # (as written: "42 吧" was cleaned to "42")
        if within is not None and not within[1]:  # "42，大概", "42 吧": hedged
            return Found(answer, s, e, family, rule, refused="answer.hedged", why="a hedge follows it")
        if within is not None:  # "42，也许是 43": two answers
            alts = _dedupe([clean_answer(_value_of_statement(within[0]).strip("$ ")), clean_answer(within[1])])
            if len(alts) > 1:
                return Found(alts[-1], s, e, family, "hedged_answer_phrase", tuple(alts))
        answer = _value_of_statement(answer)
        alts = _dedupe([clean_answer(a) for a in _CJK_OR.split(answer) if clean_answer(a)])
        if len(alts) > 1:  # "x = 1 或 3": two answers
            return Found(alts[-1], s, e, family, "hedged_answer_phrase", tuple(alts))
    case = _OTHER_CASE_AFTER.match(scan.text, after)
    if case is not None:
        alts = _dedupe([answer, clean_answer(case.group("other"))])
        if len(alts) > 1:
            return Found(alts[-1], s, case.end("other"), family, "hedged_answer_phrase", tuple(alts))
    hedge = _HEDGE_AFTER.match(scan.text, after)
    if hedge is not None:
        other, _, e2 = _region_text(scan, hedge.end())
        alts = _dedupe([answer, other]) if other else [answer]
        if len(alts) > 1:
            return Found(alts[-1], s, e2, family, "hedged_answer_phrase", tuple(alts))
    if m.lastgroup == "hedge":
        alts = _dedupe([a for a in (clean_answer(x) for x in _ALTERNATIVE_SPLIT.split(answer)) if a])
        if len(alts) > 1:
            return Found(alts[-1], s, e, family, "hedged_answer_phrase", tuple(alts))
        # a hedge naming one answer ("the answer might be 5") commits to nothing
        return Found(answer, s, e, family, rule, refused="answer.hedged", why="the phrase hedges it")
    return _marked(Found(answer, s, e, family, rule), choices)




_UNSHOWN_WHY = {"hidden": ("answer.hidden", "its content is hidden when rendered (\\phantom, white text)"),
                "struck": ("answer.withdrawn", "it is struck out")}


def _unshown_answer(scan: Scan, pos: int, family: str, rule: str) -> Optional[Found]:
    """The answer after a phrase (from ``pos``) that is there but not shown, or struck out (``The answer is
    $\\color{white}{7}$``, ``~~7~~``): a refused answer; else None."""
    source = scan.source
    assert source is not None
    while pos < len(source) and source[pos] in " \t{$([\\":
        if source[pos] == "\\" and source[pos + 1: pos + 2] not in ("(", "["):
            break
        pos += 1
    span = scan.hidden_at(pos)
    if span is None or span[2] not in _UNSHOWN_WHY:
        return None
    content = clean_answer(source[span[0]: span[1]])
    refused, why = _UNSHOWN_WHY[span[2]]
    return Found(content, span[0], span[1], family, rule, refused=refused, why=why)


def _hedged_sentence(text: str, marker: int) -> bool:
    """The sentence before the marker hedges ("Alternatively, perhaps ... the answer is 16")."""
    begin = max(0, marker - 150)
    cut = max(text.rfind(". ", begin, marker), text.rfind("\n", begin, marker), text.rfind("? ", begin, marker))
    if _HEDGE_BEFORE.search(text, cut + 1 if cut >= 0 else begin, marker) is None:
        return False
    return _HEDGE_BEFORE.search(reach(text[cut + 1 if cut >= 0 else begin: marker], _HEDGE_BEFORE)) is not None


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_CJK_COPULA = ("为", "為", "是", "选", "選", "等于", "は", ":", "：")


def _value_of_statement(answer: str) -> str:
    """A statement in a language written without spaces that ends in its value (``乙去过的城市为 A``, ``x的值为3``):
    the value after the copula; other answers as they are."""
    last = None
    for last in _CJK.finditer(answer):
        pass
    if last is None:
        return answer
    tail = answer[last.end():].strip()
    head = answer[:last.end()]
    if tail and head.endswith(_CJK_COPULA):
        return tail
    return answer


def _single_number_of_sentence(answer: str) -> str:
    """A sentence with one number and no formula answers that number ("Jane started growing it 3 hours ago")."""
    if len(_PLAIN_WORD.findall(answer)) < 3 or _NOT_PLAIN.search(answer) or NOT_STATED.search(answer):
        return answer  # (nor one that operates on its number or bounds it: "the square root of 5")
    numbers = _NUMBER.findall(answer)
    return numbers[0] if len(numbers) == 1 else answer


_HEADING_FINAL = re.compile(r"^[ \t#*]*(?:the[ \t]+)?final[ \t]+answer[ \t*:]*$", re.I | re.M)
_MATH_START = re.compile(r"[-+−\d$\\([{]")


def _last_heading(text: str, lowered: str) -> "Optional[re.Match[str]]":
    """The last match of :data:`_HEADING_FINAL` (a match is one whole line holding "final"): in ASCII text, only the
    lines holding "final" are tried, from the last (a scan of every line costs 20 µs on a solution that merely says
    "the final answer is")."""
    if not text.isascii() or len(lowered) != len(text):
        last = None
        for last in _HEADING_FINAL.finditer(text):
            pass
        return last
    at = lowered.rfind("final")
    while at >= 0:
        line = text.rfind("\n", 0, at) + 1
        m = _HEADING_FINAL.match(text, line)
        if m is not None:
            return m
        at = lowered.rfind("final", 0, line)
    return None


_BULLET = re.compile(r"[-*•][ \t]|\n[ \t]*[-*•][ \t]", re.M)


_LIST_ITEM = re.compile(r"[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+")
"""A list item's marker at a line's start (``- ``, ``* ``, ``1. ``)."""
_MAX_ITEMS = 12
_LABELLED_ITEM = re.compile(r"[^:：\n$\\]{1,40}[:：][ \t]*\S")
"""An item that names what its value is ("- CH₃CH₂OH: 46.08 g/mol"): the problem says which one it asks for."""


def final_answer_heading(scan: Scan, choices: bool) -> List[Found]:
    """A heading line "**Final Answer**" or "## Final Answer": the answer is on the next line."""
    text = scan.text
    if text.isascii() and "final" not in scan.lowered:
        return []  # (outside ASCII, case-insensitive matching is not lower-casing: leave it to the regex)
    last = _last_heading(text, scan.lowered)
    if last is None:
        return []
    answer, s, e = _region_text(scan, last.end())
    if choices and _as_choice(answer):
        return [_committed(scan, last.start(), answer, s, e, "final_answer_heading", choices=choices)]
    if not _looks_like_answer(answer):
        return []
    if not _MATH_START.match(text, s) and len(_PLAIN_WORD.findall(answer)) > 3:
        return []  # a sentence under the heading ("The natural frequency is 100 rad/s, and ..."), not an answer
    line = text.rfind("\n", 0, s) + 1
    if _LIST_ITEM.match(text, line):
        return _heading_list(scan, last.start(), line)  # a list under the heading: its items together, or nothing
    return [_committed(scan, last.start(), answer, s, e, "final_answer_heading")]


def _heading_list(scan: Scan, heading_start: int, line: int) -> List[Found]:
    """The items of the list starting on ``line`` under a Final Answer heading as one answer ("- 3\n- 5" answers
    "3, 5"; a single value is not its last item; "1. 5" answers 5), when each item reads as an answer the text
    commits to (an item hedged or taken back refuses the list: "- 3\n- 5 (maybe)"); nothing when an item is a
    sentence. (Blank lines may separate the items; the list ends at the first line that is not an item.)"""
    text = scan.text
    items: List[Found] = []
    pos = line
    while len(items) <= _MAX_ITEMS:
        m = _LIST_ITEM.match(text, pos)
        if m is None:
            break
        answer, s, e = _region_text(scan, m.end())
        if not _looks_like_answer(answer) or _LABELLED_ITEM.match(text, m.end()):
            return []  # (a sentence, or labelled values: the fallbacks find the one the problem asks for)
        item = _committed(scan, heading_start, answer, s, e, "final_answer_heading")
        if item.refused or item.alternatives:
            return [item._replace(start=items[0].start if items else item.start)]
        items.append(item)
        nl = text.find("\n", e)
        if nl < 0:
            break
        pos = nl + 1
        while text.startswith(("\n", " \n", "\t\n"), pos):
            pos = text.index("\n", pos) + 1
    if not items or len(items) > _MAX_ITEMS:
        return []
    if len(items) == 1:
        return items
    return [Found(", ".join(f.text for f in items), items[0].start, items[-1].end, "final_answer_heading")]


def _committed(scan: Scan, marker_start: int, answer: str, s: int, e: int, family: str,
               after: Optional[int] = None, choices: Optional[bool] = None) -> Found:
    """The answer ``answer`` at ``s``..``e`` after a marker starting at ``marker_start`` (a Final Answer heading, an
    ``A:`` label, ``####``, ``<answer>``), refused as a phrase's answer is when the text around it does not commit to
    it (:func:`._commit.phrase_refusal`: "**Final Answer**\n5, or maybe 6" offers two values; "A: 5\n\nJust
    kidding, it is 6." takes it back; "A: Probably 5" hedges it). The checks after it start at ``after`` (default
    ``e``: after a closing tag). With ``choices`` given, an answer committed to is :func:`_marked` as a choice."""
    refusal = phrase_refusal(scan.text, marker_start, s, answer, e if after is None else after)
    if refusal is not None:
        return _refused_answer(scan, refusal, answer, s, e, family)
    found = Found(answer, s, e, family)
    return found if choices is None else _marked(found, choices)


def _refused_answer(scan: Scan, refusal: Tuple[Refusal, str], answer: str, s: int, e: int, family: str,
                    rule: str = "", hedged_rule: str = "") -> Found:
    """The answer ``answer`` at ``s``..``e`` that a refusal (:func:`._commit.phrase_refusal`) does not commit to: two
    answers (named ``hedged_rule``) when its hedge names another value, else the answer refused."""
    (refused, why), other = refusal
    alts = _dedupe([answer, clean_answer(other)]) if other else []
    if len(alts) > 1:  # a hedge naming another value: two answers
        at = scan.text.find(other, e)
        return Found(alts[-1], s, at + len(other) if at >= 0 else e, family, hedged_rule, tuple(alts))
    return Found(answer, s, e, family, rule, refused=refused, why=why)



_HASHES = re.compile(r"####[ \t]*(?=[-+$\\\d])")
_LABEL_A = re.compile(r"A[ \t]*[:：]")


def hashes(scan: Scan, choices: bool) -> List[Found]:
    """GSM8K's ``#### 18`` (a markdown heading such as ``#### Step 1`` or ``#### 3. Compute`` is not an answer)."""
    text = scan.text
    if "####" not in text:  # (every match starts with it: most outputs need no scan)
        return []
    for m in reversed(list(_HASHES.finditer(text))):
        answer, s, e = _region_text(scan, m.end())
        nl = text.find("\n", e)
        rest = text[e: nl if nl >= 0 else len(text)]
        if answer and not rest.strip(" \t.,;!*"):
            return [_committed(scan, m.start(), answer, s, e, "gsm8k_hashes")]  # ("#### 7 squared")
    return []


_NEXT_LABELS = re.compile(r"[^,\n]+,\s*B\s*:[^,\n]+(?:,\s*C\s*:)?")
"""After ``A:``, more labelled parts: ``11, B: 9, C: 4``."""


def answer_label(scan: Scan, choices: bool) -> List[Found]:
    """A line starting ``A:`` (question/answer transcripts). Not run for multiple choice, where ``A:`` is an option."""
    text = scan.text
    label_end = _last_label_end(text)
    if label_end >= 0:
        answer, s, e = _region_text(scan, label_end)
        following = [ln.strip() for ln in text[e: e + 2_000].splitlines() if ln.strip()]
        if len(following) > 2 or any(ln.startswith("B:") for ln in following):
            return []
        if _NEXT_LABELS.match(answer):  # "A: 11, B: 9, C: 4": labelled parts, A's among them
            start = text.rfind("A", 0, label_end)
            return [Found(text[start:e].strip(), start, e, "answer_label")]
        if _looks_like_answer(answer):
            return [_committed(scan, text.rfind("A", 0, label_end), answer, s, e, "answer_label")]
    return []



def _last_label_end(text: str) -> int:
    """Where the last ``A:`` that starts a line (after spaces or tabs) ends, or -1: each ``A`` from the end is tried
    (in linear time overall: the spaces walked over before one ``A`` are not walked over again)."""
    i = text.rfind("A")
    while i >= 0:
        m = _LABEL_A.match(text, i)
        if m is not None:
            j = i
            while j > 0 and text[j - 1] in " \t":
                j -= 1
            if j == 0 or text[j - 1] == "\n":
                return m.end()
        i = text.rfind("A", 0, i)
    return -1


_BOLD = re.compile(r"\*\*([^*\n]{1,200})\*\*")
_HEADING = re.compile(r"(?:step|case|part|method|approach|solution|option|example|question|problem|round|day|week|"
                      r"year|stage|phase|scenario|subcase|check|verification|note)\b", re.I)


_WORD_START = re.compile(r"\s*[A-Za-z]{3,}(?![^:]*:)")


def bold(scan: Scan, choices: bool) -> List[Found]:
    """The last markdown bold that holds an answer (``**73**``, ``**Total: $18**``), not a heading (``**Step 2**``)."""
    text = scan.text
    for m in reversed(list(_BOLD.finditer(text))):
        inner = m.group(1)
        if "answer" in inner.lower() or _HEADING.match(inner.strip()) or _WORD_START.match(inner):
            continue
        s, e = m.start(1), m.end(1)
        colon = inner.rfind(":")
        if colon >= 0:
            s += colon + 1
        answer = clean_answer(strip_delimiters(scan, s, e))
        if choices and _as_choice(answer) and len(answer) <= 60:
            return [_marked(Found(answer, s, e, "bold"), choices)]
        if answer and _HAS_MATH.search(answer) and len(_PLAIN_WORD.findall(answer)) <= 3:
            return [_marked(Found(answer, s, e, "bold"), choices)]
    return []


_CHOICE_PHRASE = re.compile(
    r"(?:\b(?:choose|select|pick)\s+(?:option\s+|choice\s+|answer\s+)?\(?([A-J])\)?(?![\w])"
    r"|\b(?:option|choice)\s*\(?([A-J])\)?\s+is\s+(?:the\s+)?(?:correct|right|answer|true)"
    r"|\(([A-J])\)\s+is\s+(?:the\s+)?(?:correct|right|answer|true))",
    re.I,
)


_LETTER_JOINED_BEFORE = re.compile(r"(?<![A-Za-z])(?-i:\(?[A-J]\)?)[ \t]*(?:,[ \t]*)?(?:or|and|/)[ \t]*"
                                   r"(?:(?:option|choice)[ \t]+)?$", re.I)
_LETTER_JOINED_AFTER = re.compile(r"[ \t]*(?:,[ \t]*)?(?:or|and|/)[ \t]*(?:(?:option|choice)[ \t]+)?(?-i:\(?[A-J]\)?)"
                                  r"(?![A-Za-z])", re.I)
"""Another option's letter joined to the one a choice phrase names ("(B) or (C) is correct", "choose B or C")."""


def choice_phrase(scan: Scan, choices: bool) -> List[Found]:
    """``option B is correct``, ``(C) is the answer``, ``choose B`` (the table runs it when the gold is a letter),
    refused as a phrase's answer is when the text around it does not commit to it ("Probably (C) is the answer",
    "(C) is correct, or maybe (D)"), and when another letter is joined to it ("Either (B) or (C) is right")."""
    text = scan.text
    last = None
    for m in _CHOICE_PHRASE.finditer(text):
        last = m
    if last is None:
        return []
    g = next(i for i in (1, 2, 3) if last.group(i))
    letter, s, e = last.group(g).upper(), last.start(g), last.end(g)
    named_at = last.start() if g == 3 else s  # (where the letter is named: "(C) is ...", "choose C")
    if _LETTER_JOINED_BEFORE.search(text, max(0, named_at - 20), named_at) or \
            _LETTER_JOINED_AFTER.match(text, e + (1 if text.startswith(")", e) else 0)):
        return [Found(letter, s, e, "choice_phrase", refused="answer.hedged",
                      why="another option's letter is named with it")]
    found = _committed(scan, last.start(), letter, s, e, "choice_phrase", after=last.end())
    return [found if found.refused or found.alternatives else found._replace(choice=True)]


# -- rule 4: program output -----------------------------------------------------------------------------------------
_OUTPUT_OPEN = re.compile(r"```output[ \t]*\n")


def code_output(scan: Scan, choices: bool) -> List[Found]:
    """The last ```` ```output ```` block (program-of-thought): its last line, read as text, never executed."""
    text = scan.text
    opens = list(_OUTPUT_OPEN.finditer(text))
    for m in reversed(opens[-3:]):
        close = text.find("```", m.end())
        if close < 0:
            continue
        lines = [ln for ln in text[m.end(): close].splitlines() if ln.strip()]
        if not lines or len(lines[-1]) > 200:
            return []
        last = lines[-1]
        s = text.rfind(last, m.end(), close)
        answer = last.strip()
        s += len(last) - len(last.lstrip())
        return [Found(answer, s, s + len(answer), "code_output")]
    return []


# -- multiple choice without a marker ---------------------------------------------------------------------------------
_OPTION_LABEL = re.compile(r"(?:(?<=\s)|^)\(([A-J])\)|^[ \t]*([A-J])[.)][ \t]", re.M)
_LETTER_LINE = re.compile(r"[\s*$]*(?:\\text\{)?\(?([A-J])\)?\}?[.\s*$]*")


def choice_line(scan: Scan, choices: bool) -> List[Found]:
    """A last line that is only a letter (``B``, ``(B).``)."""
    text = scan.text.rstrip()
    nl = text.rfind("\n")
    m = _LETTER_LINE.fullmatch(text, nl + 1)
    if m is None:
        return []
    return [Found(m.group(1), m.start(1), m.end(1), "choice_line", choice=True)]


_LEADING_LETTER = re.compile(r"[\s*]*(?:\(([A-J])\)|([A-J])[.):])(?=\s|$)")
_TRAILING_LETTER = re.compile(r"(?<=\s)\(([A-J])\)[\s.*]*$")
_ANY_LABEL = re.compile(r"\(([A-J])\)|(?<![A-Za-z])([A-J])[.)](?=\s)")


def choice_edge(scan: Scan, choices: bool) -> List[Found]:
    """A letter the output opens with (``D. because ...``, ``(D) ...``) or closes with (``... so it must be (D).``),
    when the output does not list the options (then it would be the first or the last of them)."""
    text = scan.text
    m = _LEADING_LETTER.match(text) or _TRAILING_LETTER.search(text, max(0, len(text) - 40))
    if m is None:
        return []
    letters = {lm.group(1) or lm.group(2) for lm in _ANY_LABEL.finditer(text)}
    if len(letters) >= 2:
        return []  # options discussed one by one
    g = 1 if m.group(1) else 2
    return [Found(m.group(g), m.start(g), m.end(g), "choice_edge", choice=True)]


def option_list(scan: Scan, choices: bool) -> List[Found]:
    """Options listed without choosing one: an ambiguous answer (alternatives = the letters)."""
    letters: Dict[str, None] = {}
    first = last = -1
    for m in _OPTION_LABEL.finditer(scan.text):
        letters.setdefault(m.group(1) or m.group(2), None)
        first = m.start() if first < 0 else first
        last = m.end()
    if len(letters) < 2:
        return []
    alts = tuple(letters)
    return [Found(alts[-1], first, last, "option_list", alternatives=alts, choice=True)]


# -- a bare answer: the whole output ------------------------------------------------------------------------------
BARE_MAX_CHARS = 200
"""Longest output taken whole as a bare answer (``x^2+2x+1``, ``[1, 2)``, ``\\text{Evelyn}``)."""
_BARE_MAX_WORDS = 3
_SENTENCE_INSIDE = re.compile(r"[.!?][ \t]+[A-Za-z]|[?]|```|####")
_LABEL_FIRST = re.compile(r"\s*[A-Za-z]{2,}[ \t]*[:,]?[ \t]+(?=[-+\d$\\(\[{.])")
"""A word before the math ("Hence 1 - \\sqrt{2}", "population 1 000 000"): a sentence, not an answer."""


def _is_bare(text: str) -> bool:
    """``text`` (a whole output, math delimiters removed) is an answer on its own rather than prose: one short line,
    no sentence break, and at most a few words outside LaTeX commands and ``\\text{}``, none of which reads as a
    sentence ("we", "is", "so", "approximately"), and no word before the math ("Hence 1 - \\sqrt{2}")."""
    if not text or len(text) > BARE_MAX_CHARS or "\n" in text or _SENTENCE_INSIDE.search(text):
        return False
    if re.search(r"[A-Za-z0-9]", text) is None or not _balanced_braces(text):
        return False
    if _HAS_MATH.search(text) and _LABEL_FIRST.match(text):
        return False
    if len(_OPTION_LABEL.findall(text)) >= 2:
        return False  # "(A) 1 (B) 2": options listed, not an answer
    words = [w.lower() for w in _PLAIN_WORD.findall(_COMMAND_OR_TEXT.sub(" ", text))]
    return len(words) <= _BARE_MAX_WORDS and not any(w in _BARE_PROSE_WORDS for w in words)


def _balanced_braces(text: str) -> bool:
    depth = 0
    for c in text:
        depth += (c == "{") - (c == "}")
        if depth < 0:
            return False
    return depth == 0


def bare_answer(scan: Scan, choices: bool) -> List[Found]:
    """The whole output when it is a bare answer (``x^2+2x+1``, ``2, 3``, ``12 apples``, ``\\text{Evelyn}``) rather
    than prose. Only used when no marked answer is found (see :func:`drop_bare_when_marked`)."""
    text = scan.text
    if len(text) > 4 * BARE_MAX_CHARS:
        return []
    stripped = text.strip()
    if not stripped:
        return []
    start = text.find(stripped)
    end = start + len(stripped)
    env = scan.env_at(start)
    if env is not None and env[1] == end:
        return []  # one formula ("$\\frac{9}{7}$"): the math_env rule reads it the same way
    inner = clean_answer(strip_delimiters(scan, start, end))  # "$x = 2$ or $x = 3$"
    if not _is_bare(inner):
        return []
    answer = clean_answer(_last_of_chain(inner))
    if not answer or not _ALNUM.search(answer):
        return []
    return [_marked(Found(answer, start, end, "bare_answer"), choices)]


_LAST_SENTENCE_BREAK = re.compile(r"[.!?](?=\s)|\n")
_PARTS = re.compile(r"\s*(?:,|;|(?<![A-Za-z])and(?![A-Za-z]))\s*")
_ASSIGNMENT = re.compile(
    r"(?:(?:so|thus|hence|therefore|then|finally|we|get|have|find|obtain|that|is|are|and)\W+)*"
    r"([A-Za-z](?:_\{?\w{1,3}\}?)?)\s*=\s*(-?[^=\s,;]+(?:\s*[-+*/]\s*[^=\s,;]+)*)",
    re.I,
)
_DERIVED = re.compile(r"\b(?:we|i)[ \t]+(?:get|have|find|obtain|conclude)[ \t:]+(.+)$", re.I)
"""The prose that derives the first of the values ("From $x + y = 5$ we get $x = 2$ and $y = 3$")."""
_EQUATION = re.compile(
    r"(?:(?:so|thus|hence|therefore|then|finally|we|get|have|find|obtain|that|is|are|and)\W+)*"
    r"([^=,;]*[^=\s,;<>!:\\][ \t]*=[ \t]*[^=\s,;][^=,;]*)",
    re.I,
)
"""An equation of a system (``x + y = 1``), after the words that lead in to the values."""
_MAX_SENTENCE = 300


def assignments(scan: Scan, choices: bool) -> List[Found]:
    """The values of a last sentence that assigns several unknowns ("So $a = -2$ and $b = -2$."): one answer in
    parts, ``a = -2, b = -2``, not the last of them alone. The equations listed before them in the same sentence, with
    no prose between, are part of it: ``x + y = 1, x - y = 2, z = 3, w = 4`` is one system, read whole as its gold
    would be (not its last three equations); the prose that derives the values ("From $x + y = 5$ we get $x = 2$ and
    $y = 3$") is not."""
    text = scan.text
    end = len(text.rstrip(" \t\r\n.!"))
    if "=" not in text[max(0, end - _MAX_SENTENCE):end]:
        return []
    start = max(0, end - _MAX_SENTENCE)
    for brk in _LAST_SENTENCE_BREAK.finditer(text, start, end):
        start = brk.end()
    sentence = strip_delimiters(scan, start, end)
    parts = [p for p in _PARTS.split(sentence) if p]
    found: List[str] = []
    led = False
    for part in reversed(parts):
        m = _ASSIGNMENT.fullmatch(part.strip())
        lead = None if m is not None else _DERIVED.search(part.strip())
        if lead is not None:  # "From $x + y = 5$ we get $x = 2$": the first value, after the prose deriving it
            m = _ASSIGNMENT.fullmatch(lead.group(1))
        if m is None:
            break
        found.insert(0, f"{m.group(1)} = {m.group(2)}")
        if lead is not None or m.start(1) > 0:
            led = True  # (the words that lead in to the values: what precedes them is not part of them)
            break
    names = {f.split("=")[0].strip() for f in found}
    if len(found) < 2 or len(names) < len(found):
        return []
    for part in reversed(parts[: 0 if led else len(parts) - len(found)]):
        m = _EQUATION.fullmatch(part.strip())
        if m is None or _PLAIN_WORD.search(_COMMAND_OR_TEXT.sub(" ", m.group(1))):
            break  # (prose: "From $x + y = 5$ we get $x = 2$, $y = 3$" answers x = 2, y = 3)
        found.insert(0, m.group(1).strip())  # a system: "x + y = 1, x - y = 2, z = 3" is one answer, as in a gold
    while start < end and text[start].isspace():
        start += 1
    return [Found(", ".join(found), start, end, "assignments")]


_ARITHMETIC = re.compile(r"[-+]?[\d.]+(?:\s*[-+*/]\s*\(?[-+]?[\d.]+\)?)+")
"""Arithmetic on numbers, not worked out (``240 - 36``)."""


def final_line(scan: Scan, choices: bool) -> List[Found]:
    """The last line of a longer output when it is a bare answer (``2.88e16``, ``1,-2``, ``5x-7y+11z+4=0``): the
    answer set apart on its own line, whole (its last number is only a piece of it)."""
    text = scan.text
    end = len(text.rstrip())
    nl = text.rfind("\n", 0, end)
    if nl < 0:
        return []  # one line: the bare answer's case
    start = nl + 1
    while start < end and text[start] in " \t":
        start += 1
    if end - start > BARE_MAX_CHARS or _OPTION_LABEL.match(text, start, end) or _BULLET.match(text, start, end):
        return []  # (an item of a list, an option: one of several)
    inner = clean_answer(strip_delimiters(scan, start, end))
    if not _is_bare(inner):
        return []
    answer = clean_answer(_last_of_chain(inner))
    if not answer or not _ALNUM.search(answer) or (
            answer != inner and _ARITHMETIC.fullmatch(answer.rsplit("=", 1)[-1].strip())):
        return []  # (a chain that ends in arithmetic not worked out, "t = 240 - 9/s = 240 - 36", is a step)
    return [_marked(Found(answer, start, end, "final_line"), choices)]



# -- rule 5: the last formula, then undelimited LaTeX, then the last number ---------------------------------------
_LONE_VARIABLE = re.compile(r"\s*(?:[A-Za-z]|\\[A-Za-z]+)(?:_\{?\w+\}?)?(?:\([A-Za-z]\))?\s*")




def _has_variable(expr: str) -> bool:
    """A letter outside LaTeX commands and ``\\text{}``: ``P(A)``, ``2x``; not ``\\frac{54}{6}``."""
    return re.search(r"[A-Za-z]", _COMMAND_OR_TEXT.sub(" ", expr)) is not None


_JOINED_STATEMENTS = re.compile(r"(?<![A-Za-z\\])(?:or|and)(?![A-Za-z])|(?<=[0-9)\]}])or(?=[A-Za-z](?![A-Za-z]))")
""""or"/"and" between statements, also "or" glued between two formulas (``W(x)=1orW(x)=-1``, as the reader splits)."""


_QUAD = re.compile(r"\\q?quad(?![A-Za-z])")


def _last_of_chain(expr: str) -> str:
    """``60 \\cdot 7 = 420`` → ``420``; ``x = 2 + 3 = 5`` → ``x = 5``; equations (``x^2/16 + y^2/12 = 1/4``,
    ``y = 2x + 1``), lists of assignments (``p=5, q=2``) and statements joined by "or"/"and" are kept whole."""
    if _JOINED_STATEMENTS.search(expr):
        return expr.strip()  # "x = 2 \\text{ or } x = 3", "x = 1 \\text{ and } y = 2": several statements
    if "quad" in expr and all("=" in p for p in _QUAD.split(expr)):
        return expr.strip()  # "x + y = 1 \\quad z = 3": statements set apart by space, as the reader takes them
    parts, depth, start = [], 0, 0
    for i, c in enumerate(expr):
        if c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif c in ",;" and depth == 0:
            return expr.strip()
        elif c == "=" and depth == 0:
            before, after = expr[i - 1: i], expr[i + 1: i + 2]
            if before not in "<>!:\\" and after != "=":
                parts.append(expr[start:i])
                start = i + 1
    parts.append(expr[start:])
    if len(parts) < 2 or not parts[-1].strip() or not parts[0].strip():
        return expr.strip()
    if not _has_variable(parts[0]):
        return parts[-1].strip()
    if len(parts) > 2 and _LONE_VARIABLE.fullmatch(parts[0]):
        return f"{parts[0].strip()} = {parts[-1].strip()}"
    return expr.strip()




def math_env(scan: Scan, choices: bool) -> List[Found]:
    """The last math environment that holds more than a variable name; the result of a computation chain."""
    text = scan.text
    for env in reversed(scan.envs[-5:]):
        inner = text[env[2]: env[3]]
        at_end = not text[env[1]:].strip(" \t\r\n.,;:!?")
        if not inner.strip() or (_LONE_VARIABLE.fullmatch(inner) and not at_end):
            continue  # "where $x$ is ..." names a variable; an output that ends with "$e$" answers e
        answer = clean_answer(_last_of_chain(inner))
        if not _ALNUM.search(answer):
            continue
        s = text.rfind(answer, env[2], env[3])
        s = s if s >= 0 else env[2]
        return [_marked(Found(answer, s, s + len(answer) if s != env[2] else env[3], "math_env"), choices)]
    return []


_TAIL = 400
_LATEX_RUN = re.compile(
    r"(?:\\[a-zA-Z]+|[0-9{}()\[\]^_+\-*/=.,|<>!']|(?<![A-Za-z])[A-Za-z](?![A-Za-z])|[ \t])+"
)
_MATH_COMMAND = re.compile(
    r"\\(?:d?frac|tfrac|sqrt|pi|infty|cdot|times|pm|mp|circ|log|ln|sin|cos|tan|cot|sec|csc|left|right|binom)"
    r"(?![A-Za-z])"
)


def latex(scan: Scan, choices: bool) -> List[Found]:
    """Undelimited LaTeX near the end (``so x is \\dfrac{9}{7}``), outside any math environment."""
    text = scan.text
    base = max(0, len(text) - _TAIL)
    if text.find("\\", base) < 0 or _MATH_COMMAND.search(text, base) is None:
        return []  # (a run's command is a command of the text: the run takes every letter after a backslash)
    best = None
    for m in _LATEX_RUN.finditer(text, base):
        if _MATH_COMMAND.search(m.group()) and scan.env_containing(m.start()) is None:
            best = m
    if best is None:
        return []
    raw = best.group()
    if raw.count("{") != raw.count("}"):
        return []  # a formula cut off in the middle
    answer = clean_answer(_last_of_chain(raw.strip(" \t.,")))
    s = text.rfind(answer, best.start(), best.end()) if answer else -1
    if not answer or s < 0:
        return []
    return [Found(answer, s, s + len(answer), "latex")]




_NUMBER_STEP = 256



_PERCENT_AFTER = re.compile(r"\\?%|[ \t]*(?:percent|per[ \t]+cent)(?![A-Za-z])", re.I)
_MAX_CODE_BLOCKS = 8
"""Code blocks looked behind for a number, from the end."""


def last_number(scan: Scan, choices: bool) -> List[Found]:
    """The last number: sign, decimals, thousands separators, ``a/b`` and mixed numbers ``2 1/2``; not in a program
    (a fenced code block other than an ``output`` block); with its percent sign or word ("25%", "25 percent")."""
    text = scan.text
    last = _last_number_fast(text)
    for _ in range(_MAX_CODE_BLOCKS):
        if last is None:
            return []
        block = scan.code_block_start(last[0])
        if block < 0 or text.startswith("```output", block):
            break
        last = _last_number_before(text, block)
    else:
        return []
    start, end = last
    percent = _PERCENT_AFTER.match(text, end)
    if percent is not None:
        end = percent.end()
    elif start > 0 and text[start - 1] in "√∛∜":
        start -= 1  # "leave it as √5": a plain-text radical is the value, with its coefficient ("2√5")
        while start > 0 and text[start - 1].isdigit():
            start -= 1
    return [Found(text[start:end], start, end, "last_number")]


def _last_number_before(text: str, end: int) -> Optional[Tuple[int, int]]:
    """The span of the last number that ends before ``end``, searched backwards chunk by chunk (a chunk starts after
    a space when it can, so no number is cut in two)."""
    while end > 0:
        begin = max(0, end - _NUMBER_STEP)
        sp = text.rfind(" ", max(0, begin - 200), begin) if begin else -1
        begin = sp + 1 if sp >= 0 else begin
        for m in reversed(list(_NUMBER.finditer(text, begin, end))):
            last = _standalone(text, m.start(), m.end())
            if last is not None:
                return last
        end = begin
    return None



_DIGITS = re.compile(r"\d+")
_ASCII_DIGITS = "0123456789"
_ONLY_DIGITS = bytes(48 if chr(i).isdigit() else 32 for i in range(256))
"""A byte table: ASCII digits to ``0``, every other byte to a space."""


def _last_digit_run(text: str, lo: int) -> Optional[Tuple[int, int]]:
    """The span of the last run of digits (``\\d``) in ``text[lo:]``: the last ASCII digit by ``rfind`` when only
    ASCII follows it, else (other digits such as ``٣`` may follow) by a regex scan."""
    if text.isascii():  # (O(1)) the digits of the tail as "0", everything else as " ", in one C call
        last = text[lo:].encode("ascii").translate(_ONLY_DIGITS).rfind(b"0")
        last = last + lo if last >= 0 else -1
    else:
        last = max(map(text.rfind, _ASCII_DIGITS, repeat(lo, 10)))
    if text.isascii() or text[last + 1:].isascii():  # else other digits such as "٣" may follow the last ASCII one
        if last < 0:
            return None
        start = last
        while start > lo and text[start - 1].isdecimal():
            start -= 1
        return start, last + 1
    run = None
    for run in _DIGITS.finditer(text, lo):
        pass
    return (run.start(), run.end()) if run is not None else None
_NUMBER_PUNCT = ",. \t/\u2009\u202f-{}eE+"
"""The characters of a number besides digits."""


def _last_number_fast(text: str) -> Optional[Tuple[int, int]]:
    """The common case: find the last run of digits (a fast scan), widen it to the number around it, check it."""
    run = _last_digit_run(text, max(0, len(text) - _NUMBER_STEP))
    if run is None:
        return None
    run_start, run_end = run
    begin, lo = run_start, max(0, run_start - 40)
    while begin > lo and (text[begin - 1] in _NUMBER_PUNCT or text[begin - 1].isdecimal()):
        begin -= 1  # widen to the characters of a number before the run (up to 40)
    found = None
    for m in _NUMBER.finditer(text, begin, len(text)):
        found = m
    if found is None or found.end() < run_end:
        return None
    return _standalone(text, found.start(), found.end())


def _standalone(text: str, start: int, end: int) -> Optional[Tuple[int, int]]:
    """The span of the number matched at ``start:end`` as an answer: None when glued to a word (``x5``); without
    its minus when the minus is a subtraction (``5-4``)."""
    digit = start + 1 if text[start] == "-" else start
    before = text[digit - 1: digit] if digit > start else text[start - 1: start]
    if digit == start and start > 0 and (before.isalnum() or before in "_."):
        return None
    if digit > start:
        prev = text[start - 1: start]
        if prev and (prev.isalnum() or prev in "_)]}."):
            return (digit, end)
    return (start, end)


_OPENER = re.compile(r"\\[(\[]|\$")
_IS_BEFORE = re.compile(
    r"(?:\b(?:is|are|was|were|equals|be|by|to|of|gives|get|gets|got|has|have|had|costs|pays|paid|earns|needs|"
    r"spends|saves|receives|remain|remains|makes|made)|[=≈:])[ \t]+"
    r"(?:(?:approximately|about|indeed|exactly|just|only|now|currently|then|still|again|also)[ \t]+){0,2}"
    r"(?:\\?\$|€|£)?$"
)
_SENTENCE_BREAK = re.compile(r"[.!?][ \t]*\n|[.!?][ \t]+[A-Z]|\n[ \t]*\n")


def promote_late_number(found: List[Found], scan: Scan) -> List[Found]:
    """When the last number is stated as a value ("is 7", "= 3", "by 100%") in a later sentence than the last formula
    (``\\[ 54/6 = 9 \\]`` ... "So the mean is 7."), or closes the output ("... of \\( z \\) is 2."), it is the more
    final of two unmarked answers: rank it above the formula."""
    formula = next((f for f in found if f.family == "math_env"), None)
    number = next((f for f in found if f.family == "last_number"), None)
    if formula is None or number is None or number.start < formula.end:
        return found
    text = scan.text
    env = scan.env_containing(formula.start)
    gap_start = env[1] if env is not None else formula.end
    currency = number.start - (text[number.start - 1: number.start] == "$")  # "gets $7.00"
    if _OPENER.search(text, gap_start, currency):
        return found  # the number sits in a formula that is never closed (a cut-off output)
    stated = _IS_BEFORE.search(text, max(gap_start, number.start - 40), number.start) is not None
    if not stated:
        return found  # an aside ("This took 3 steps.") is not an answer: the number must be stated as a value
    closing = not text[number.end:].strip(" \t\n.")
    display = env is not None and text.startswith(("$$", "\\["), env[0])
    ends_sentence = env is not None and text[env[2]: env[3]].rstrip().endswith((".", "!", "?"))
    if not (closing or display or ends_sentence or _SENTENCE_BREAK.search(text, gap_start, number.start)):
        return found
    late = Found(number.text, number.start, number.end, "last_number_after_formula", "last_number")
    return [late if f is number else f for f in found]


_FINAL_FAMILIES = frozenset({"final_answer_phrase", "final_answer_heading", "final_answer_phrase_i18n"})


def promote_late_final(found: List[Found]) -> List[Found]:
    """A "final answer" phrase after the last box (``\\boxed{255}`` ... "The final answer is $10,455$") states the
    answer the box was a step towards: rank it above the box."""
    box = next((f for f in found if f.family == "boxed"), None)
    if box is None:
        return found
    out = []
    for f in found:
        if f.family in _FINAL_FAMILIES and f.start >= box.end:
            f = f._replace(family="final_answer_after_box", rule=f.name)
        out.append(f)
    return out


_DANGLING = re.compile(r"[{(\[=+\-,\\^_&|<]\s*$")
_LAST_WORD = re.compile(r"([A-Za-z']+)\s*$")
_LAST_DIGIT = re.compile(r"\d")
_WORDS_AFTER_LAST_NUMBER = 4
"""A last line that ends in a word this many words after its last number (or without any) stops mid-sentence: "42
apples" ends an answer, "... 10^{-5} radians, but this seems too small compared to the angular" does not."""
CUT_OFF_MIN_CHARS = 3_000
"""Only outputs at least this long are suspected of having been cut off by a token limit."""
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_LOOP_TAIL_CHARS = 8_000
_LOOP_LAST_PARAGRAPHS = 5
_LOOP_REPEATED = 3
_LOOP_PARAGRAPH_MIN_CHARS = 40
_LOOP_TIMES = 3
"""A repetition loop: of the last ``_LOOP_LAST_PARAGRAPHS`` paragraphs before the (perhaps torn) last one, at least
``_LOOP_REPEATED`` of those longer than ``_LOOP_PARAGRAPH_MIN_CHARS`` occur ``_LOOP_TIMES`` times or more in the
output (a block restated once is not a loop)."""


def looks_cut_off(output: str) -> bool:
    """A long output that stops mid-sentence ("... perhaps I can consider the problem in", "F(A,", "... compared to
    the angular" with no number on its last line), inside a formula it opened (``\\[``, ``\\(`` or ``$$`` never
    closed), or in a repetition loop (its last paragraphs said before, word for word, until the token limit): it
    never got to its answer, so a number or formula taken from it would be a guess."""
    if len(output) < CUT_OFF_MIN_CHARS:
        return False
    tail = output[-200:]
    if _DANGLING.search(tail):
        return True
    if output.rfind("\\[") > output.rfind("\\]") or output.rfind("\\(") > output.rfind("\\)") or \
            output.count("$$") % 2:
        return True
    if _in_a_loop(output):
        return True
    m = _LAST_WORD.search(tail)
    if m is None:
        return False
    if m.group(1).lower() in _FUNCTION_WORDS:
        return True
    last_line = tail[tail.rfind("\n") + 1:]
    after_number = _LAST_DIGIT.split(last_line)[-1]  # (the whole line when it has no digit)
    return len(_PLAIN_WORD.findall(after_number)) >= _WORDS_AFTER_LAST_NUMBER


def _in_a_loop(output: str) -> bool:
    paragraphs = _PARAGRAPH_BREAK.split(output[-_LOOP_TAIL_CHARS:])[1:-1]  # (the first may be cut by the slice)
    said = [p.strip() for p in paragraphs[-_LOOP_LAST_PARAGRAPHS:]]
    return sum(len(p) > _LOOP_PARAGRAPH_MIN_CHARS and output.count(p) >= _LOOP_TIMES for p in said) >= _LOOP_REPEATED
