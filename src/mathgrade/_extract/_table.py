"""The extraction rules as one table: what each rule is, in one row.

A row names a rule, the function that finds its answers, its priority (lower is better: candidates are ranked by
it), which policies use it, when its answers are dropped, and what it finds (the text of the documentation's table,
which :func:`rules_markdown` makes from this table and a test compares with ``docs/extraction.md``). The pipeline in
:mod:`mathgrade._extract` reads everything it needs about a rule from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple

from . import _rules
from ._rules import Found
from ._scan import Scan

__all__ = ["Rule", "RULES", "RULE", "Finder", "rules_markdown"]

Finder = Callable[[Scan, bool], List[Found]]
"""A rule's function: the scanned output and whether the gold is a multiple-choice letter → what it found."""

EVAL = ("eval",)
BOTH = ("eval", "reward")


@dataclass(frozen=True)
class Rule:
    """One extraction rule (a row of :data:`RULES`)."""

    name: str
    """The rule's name; a candidate's ``rule`` is it or a refinement of it (``answer_phrase:zh``, ``boxed.multiple``)."""
    priority: int
    """Rank of its candidates, lower is better; ties keep the order of the rows."""
    find: Optional[Finder]
    """The function that finds its answers; None for a rule whose candidates another rule's are promoted to."""
    policies: Tuple[str, ...]
    """The policies that use it: ``eval`` uses every rule, ``reward`` only answers the model marked as final."""
    summary: str
    """What it finds, for the documentation."""
    letters: Optional[bool] = None
    """True: only when the gold is a multiple-choice letter; False: only when it is not; None: always."""
    guess: bool = False
    """An unmarked guess (a formula, a number): dropped from an output that looks cut off before its answer."""
    alone: bool = False
    """Used only when no rule ranked higher found anything."""
    fragment: bool = False
    """Dropped when it lies inside a higher-ranked candidate (the ``9`` of ``\\frac{10}{9}``)."""
    yields_to_letter: bool = False
    """Dropped when another rule found a chosen letter."""


RULES: Tuple[Rule, ...] = (
    Rule("answer_tag", 5, _rules.answer_tag, BOTH,
         "the last ``<answer>..</answer>`` (R1-style training format), whatever precedes it; a box inside it gives "
         "its content"),
    Rule("final_answer_after_box", 9, None, BOTH,
         'a "final answer" phrase (or heading) *after* the last box: the box was a step'),
    Rule("boxed", 10, _rules.boxed, BOTH,
         "``\\boxed{..}``, ``\\fbox{..}``, ``\\boxed 5``; the last box, or several joined by \"and\" or commas "
         "(one multi-part answer; ``\\boxed{1} papers and \\boxed{2} bins`` too); boxes joined by \"or\" or "
         '"but maybe" are ambiguous'),
    Rule("final_answer_phrase", 20, _rules.phrases, BOTH,
         '"The final answer is", "Final Answer:" (Minerva\'s "... I hope it is correct.")'),
    Rule("final_answer_heading", 20, _rules.final_answer_heading, BOTH,
         'a heading line "**Final Answer**" or "## Final Answer": the answer on the next line (a list under it: '
         'its items together, "- 3\\n- 5" answers "3, 5")'),
    Rule("gsm8k_hashes", 20, _rules.hashes, BOTH, "``#### 18`` (not a heading such as ``#### Step 1``)"),
    Rule("answer_phrase", 22, _rules.phrases, BOTH,
         '"the answer is", "Answer:"; a hedge ("the answer could be 2 or 3", "2, but maybe 3") is ambiguous '
         "(``hedged_answer_phrase``)"),
    Rule("answer_label", 24, _rules.answer_label, BOTH,
         "a last line ``A: 26`` (question/answer transcripts); ``A: 11, B: 9, C: 4`` is taken whole (labelled parts)",
         letters=False),
    Rule("choice_phrase", 25, _rules.choice_phrase, BOTH, '"option B is correct", "(C) is the answer", "choose B"; '
         'checked as a phrase\'s answer is ("Probably (C) is the answer" is hedged), and "choose B or C" picks none',
         letters=True),
    Rule("final_answer_phrase_i18n", 30, _rules.phrases, BOTH,
         "the final-answer phrases of 20 languages, e.g. ``最终答案是`` (``final_answer_phrase:zh``)"),
    Rule("answer_phrase_i18n", 32, _rules.phrases, BOTH, "e.g. ``答案是``, ``Ответ:``, ``la réponse est``"),
    Rule("bold", 34, _rules.bold, EVAL,
         "``**73**``, ``**Total: 73**`` (not a heading such as ``**Step 2**``); emphasis, not a mark of the final "
         "answer, so not for the reward policy"),
    Rule("code_output", 40, _rules.code_output, EVAL,
         "the last line of the last ``output`` code block (read, never executed)"),
    Rule("choice_edge", 43, _rules.choice_edge, EVAL,
         "a letter the output opens with (``D. because ...``) or closes with (``... it must be (D).``), when it "
         "lists no options", letters=True, guess=True),
    Rule("choice_line", 44, _rules.choice_line, EVAL, "a last line that is only a letter (``B``, ``(B).``)",
         letters=True, guess=True),
    Rule("option_list", 45, _rules.option_list, BOTH,
         "options listed without choosing one: ambiguous", letters=True, yields_to_letter=True),
    Rule("bare_answer", 46, _rules.bare_answer, EVAL,
         "the whole output, when it is a bare answer rather than prose (``x^2+2x+1``, ``2, 3``, ``[1, 2)``, "
         "``12 apples``, ``\\text{Evelyn}``, ``no solution``)", alone=True),
    Rule("final_line", 47, _rules.final_line, EVAL,
         "the last line, when it is a bare answer set apart (``2.88e16``, ``1,-2``, ``5x-7y+11z+4=0``), whole",
         guess=True),
    Rule("assignments", 48, _rules.assignments, EVAL,
         'a last sentence that gives several unknowns their values ("So $a = -2$ and $b = -2$."): one answer in '
         'parts, with the equations of a system listed before them (``x + y = 1, x - y = 2, z = 3, w = 4``)',
         guess=True),
    Rule("last_number_after_formula", 49, None, EVAL,
         'the last number, when it is stated as a value ("is 7", "= 3") after the last formula, in a later '
         'sentence or closing the output ("... is 2.")', guess=True),
    Rule("math_env", 50, _rules.math_env, EVAL,
         "the last ``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]``; of ``60 \\cdot 7 = 420`` the result", guess=True),
    Rule("latex", 60, _rules.latex, EVAL, "undelimited LaTeX near the end (``\\dfrac{9}{7}``, ``1 - \\sqrt{2}``)",
         guess=True, fragment=True),
    Rule("last_number", 70, _rules.last_number, EVAL,
         "the last number (sign, decimals, ``1,000``, ``a/b``, mixed numbers ``2 1/2``, a plain-text radical "
         "``2√5``)", guess=True, fragment=True),
)
"""Every rule, best first."""

RULE: Dict[str, Rule] = {r.name: r for r in RULES}
"""The rules by name."""


def rules_markdown() -> str:
    """The table of ``docs/extraction.md``, made from :data:`RULES`."""
    lines = ["| priority | rule | policies | dropped when | finds |", "|---|---|---|---|---|"]
    for r in RULES:
        dropped = [text for flag, text in (
            (r.guess, "the output looks cut off"), (r.alone, "a rule ranked higher found an answer"),
            (r.fragment, "inside a higher-ranked answer"), (r.yields_to_letter, "another rule found a letter"),
        ) if flag]
        found_by = "" if r.find is not None else " (promoted)"
        when = {True: " (only for a letter gold)", False: " (never for a letter gold)", None: ""}[r.letters]
        lines.append(f"| {r.priority} | `{r.name}`{found_by} | {', '.join(r.policies)} | {'; '.join(dropped)} | "
                     f"{_markdown(r.summary)}{when} |")
    return "\n".join(lines) + "\n"


def _markdown(rst: str) -> str:
    """The summary's reStructuredText literals as Markdown code."""
    return rst.replace("``", "`")
