"""Every rule a :class:`~mathgrade.Verdict` can name, as one table: what each rule is, in one row.

A row names a rule (the ``rule`` of a verdict), where it is decided (the comparison itself, or around it: the
grader, extraction, reading), the kinds of values it applies to, what it decides, and examples it accepts and
rejects. The rule names are constants (:data:`NUMBER_EXACT`...) used by every ``Decision`` of :mod:`mathgrade.compare`
and every verdict of :mod:`mathgrade.grader`; the tables of ``docs/comparison.md`` are made from this one by
:func:`rules_markdown`, and a test checks both that the docs are up to date and that every example is graded as its
row says (an accepted example is correct and decided by its rule; a rejected one is not correct).

This module is data only: it imports nothing of the pipeline, so every stage can name its rules from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple

__all__ = ["Rule", "Example", "RULES", "RULE", "SECTIONS", "rules_markdown"]

# ---- the names ------------------------------------------------------------------------------------------------------

IDENTICAL = "identical"
NUMBER_EXACT = "number.exact"
NUMBER_ROUNDED = "number.rounded"
NUMBER_TOO_FEW_DIGITS = "number.too_few_digits"
NUMBER_DEGREES = "number.degrees"
NUMBER_DECIMAL_COMMA = "number.decimal_comma"
NUMBER_AMBIGUOUS_COMMA = "number.ambiguous_comma"
NUMBER_EXACT_GOLD = "number.exact_gold"
EXPRESSION_NUMERIC = "expression.numeric"
EXPRESSION_VARIABLES = "expression.variables"
EXPRESSION_RANDOM_POINTS = "expression.random_points"
EXPRESSION_SYMBOLIC = "expression.symbolic"
EXPRESSION_STRUCTURAL = "expression.structural"
EXPRESSION_REAL_VALUES = "expression.real_values"
EXPRESSION_ARBITRARY_CONSTANT = "expression.arbitrary_constant"
EXPRESSION_ROUNDED = "expression.rounded"
EXPRESSION_PERIODIC_FAMILY = "expression.periodic_family"
RELATION_ASSIGNMENT = "relation.assignment"
RELATION_FUNCTION = "relation.function"
RELATION_RESTATED = "relation.restated"
RELATION_FALSE = "relation.false"
RELATION_TRUE_CHAIN = "relation.true_chain"
RELATION_SAME_SOLUTIONS = "relation.same_solutions"
RELATION_INTERVAL = "relation.interval"
RELATION_SOLVED = "relation.solved"
SET_ELEMENTWISE = "set.elementwise"
SET_SIZE = "set.size"
SET_PARTS = "set.parts"
SET_SINGLE = "set.single"
TUPLE_ELEMENTWISE = "tuple.elementwise"
TUPLE_AS_LIST = "tuple.as_list"
LIST_ORDER = "list.order"
INTERVAL_ENDPOINTS = "interval.endpoints"
INTERVAL_BRACKETS = "interval.brackets"
INTERVAL_AS_TUPLE = "interval.as_tuple"
UNION_PARTS = "union.parts"
UNION_AS_SETS = "union.as_sets"
MATRIX_ENTRYWISE = "matrix.entrywise"
MATRIX_SHAPE = "matrix.shape"
MATRIX_SIZE = "matrix.size"
MATRIX_VECTOR = "matrix.vector"
MATRIX_VECTOR_AS_TUPLE = "matrix.vector_as_tuple"
TEXT_NORMALIZED = "text.normalized"
TEXT_EMPTY_SET = "text.empty_set"
TEXT_EQUIVALENT = "text.equivalent"
TEXT_KEY_WORDS = "text.key_words"
CHOICE_LETTER = "choice.letter"
CHOICE_CONTENT = "choice.content"
KIND_MISMATCH = "kind.mismatch"
UNIT_CONVERTED = "unit.converted"
UNIT_MISMATCH = "unit.mismatch"
UNIT_PERCENT = "unit.percent"
ANSWER_RESTATES_PROBLEM = "answer.restates_problem"
ANSWER_UNFINISHED_ARITHMETIC = "answer.unfinished_arithmetic"
ANSWER_OPTION_MISMATCH = "answer.option_mismatch"
ANSWER_CONFLICTING = "answer.conflicting"
ANSWER_ALL_OPTIONS = "answer.all_options"
ANSWER_WITHDRAWN = "answer.withdrawn"
ANSWER_QUESTION = "answer.question"
ANSWER_SUPPOSED = "answer.supposed"
ANSWER_HEDGED = "answer.hedged"
ANSWER_PARTIAL_EXPRESSION = "answer.partial_expression"
ANSWER_HIDDEN = "answer.hidden"
READ_GOLD = "read.gold"
READ_ANSWER = "read.answer"
EXTRACT_NONE = "extract.none"
EXTRACT_AMBIGUOUS = "extract.ambiguous"
LIMIT_TIMEOUT = "limit.timeout"
LIMIT_DEPTH = "limit.depth"
ERROR = "error"

# ---- the table -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """One graded example: the model's ``output`` (often a bare answer) against ``gold``, with the problem's text
    and the policy when the rule needs them."""

    output: str
    gold: str
    problem: Optional[str] = None
    policy: str = "eval"
    whole: bool = False
    """False: ``output`` is an answer, graded as the output ``$\\boxed{output}$``; True: it is a whole output."""

    @property
    def graded(self) -> str:
        """The model output that is graded."""
        return self.output if self.whole else f"$\\boxed{{{self.output}}}$"

    def markdown(self, sign: str) -> str:
        """``output`` ~ ``gold`` (or vs); an example that needs the problem's text, a policy or a whole output is
        written "against", with those named (tests/test_docs.py checks the plain ``~`` and ``vs`` claims alone)."""
        notes = [f'problem: "{self.problem}"'] if self.problem else []
        if self.policy != "eval":
            notes.append(f"{self.policy} policy")
        if self.whole or notes:
            sign = "against"
        shown = f"{'the output ' if self.whole else ''}{_code(self.output)} {sign} {_code(self.gold)}"
        return shown + (f" ({'; '.join(notes)})" if notes else "")


@dataclass(frozen=True)
class Rule:
    """One rule (a row of :data:`RULES`)."""

    name: str
    """The rule's name: the ``rule`` of a verdict it decides."""
    section: str
    """The section of docs/comparison.md that lists it (a key of :data:`SECTIONS`)."""
    kinds: str
    """The kinds of values (or the situation) it applies to."""
    decides: str
    """What it decides, for the documentation (Markdown)."""
    accepts: Tuple[Example, ...] = ()
    """Examples it decides correct (each graded ``correct`` with this rule by a test)."""
    rejects: Tuple[Example, ...] = ()
    """Examples it decides not correct (each graded not ``correct`` by a test)."""
    option: str = ""
    """The option of :class:`mathgrade.Options` that changes it, if any."""
    stage: str = "compare"
    """Where it is decided: ``compare`` (:mod:`mathgrade.compare`), ``grader`` (:mod:`mathgrade.grader` and the
    modules it calls: units, forms), ``extract`` (:mod:`mathgrade._extract`, refusals of marked answers)."""


def _e(output: str, gold: str, problem: Optional[str] = None, policy: str = "eval") -> Example:
    """An example whose answer is ``output`` (graded boxed)."""
    return Example(output, gold, problem, policy)


def _o(output: str, gold: str, problem: Optional[str] = None, policy: str = "eval") -> Example:
    """An example that is a whole model output."""
    return Example(output, gold, problem, policy, whole=True)


SECTIONS: Dict[str, str] = {
    "numbers": "Numbers",
    "expressions": "Expressions",
    "relations": "Relations",
    "containers": "Sets, lists, tuples, intervals, matrices",
    "text": "Text and choices",
    "grader": "Units, the problem's text, and the form of an answer",
    "outcome": "Outcomes decided before or around comparison",
}
"""The sections of docs/comparison.md that hold a generated table, by key, in the order of the page."""

_N = "number vs number"
_X = "numbers and expressions"
_R = "relation vs anything"
RULES: Tuple[Rule, ...] = (
    # -- numbers
    Rule(IDENTICAL, "numbers", "any two values",
         "values that are identical as read are equal (a relation is first checked for being a false statement)",
         accepts=(_e("\\dfrac{9}{7}", "\\frac{9}{7}"), _e("(1, 2]", "(1,2]"))),
    Rule(NUMBER_EXACT, "numbers", _N,
         "exact rationals compare exactly (Fractions, no floats, no tolerance); an **integer gold is exact**: only "
         "its exact value matches (scientific notation rounds nothing away); a decimal that is not a rounding of "
         "the other side (a truncation) differs",
         accepts=(_e("0.5", "\\frac{10}{20}"), _e("1000.0", "1000"), _e("3.16 \\times 10^3", "3160")),
         rejects=(_e("100001", "100000"), _e("2e-7", "1e-7"), _e("3.16 \\times 10^3", "3159"), _e("0.5", "50"),
                  _e("0", "10^{-50}"), _e("1.00 \\times 10^6", "1000001"), _e("2.6666", "\\frac83"),
                  _e("0.334", "\\frac13"), _e("8", "7.78"))),
    Rule(NUMBER_ROUNDED, "numbers", _X,
         "a decimal **written by the model** matches an exact gold that is not an integer when the gold, rounded at "
         "the last written digit, gives it (ties either way) **and** it has at least 3 significant digits; a "
         "**decimal gold** (a rounded value) matches an answer that rounds to it at the gold's digits when the gold "
         "has at least 2 significant digits (a one-figure gold, `3 \\times 10^{21}`, is exact: `3.2 \\times 10^{21}` "
         "is not it); when both are decimals the less precise must be a rounding of the other; a float's print-out "
         "(15 or more significant digits) matches the integer it stands for; a unit after a decimal (`4.8 s`, "
         "`4.812 \\mathrm{s}`) is dropped",
         accepts=(_e("0.333", "\\frac13"), _e("2.6667", "\\frac83"), _e("1.41", "\\sqrt2"),
                  _e("4.123105625617661", "\\sqrt{17}"), _e("\\frac13", "0.33"), _e("16386.16", "16386.2"),
                  _e("0.533", "0.53"), _e("\\sqrt2", "1.4"), _e("3.24 \\times 10^{21}", "3.2 \\times 10^{21}"),
                  _e("4.81 s", "4.8 s"), _e("3.031", "3\\frac{1}{32}"),
                  _e("1.2676506002282294e+30", "1267650600228229401496703205376")),
         rejects=(_e("1.42", "\\sqrt2"), _e("4.9 s", "4.8 s"), _e("3.26 \\times 10^{21}", "3.2 \\times 10^{21}"),
                  _e("1.2676506002282295e+30", "1267650600228229401496703205376")),
         option="min_significant_digits"),
    Rule(NUMBER_TOO_FEW_DIGITS, "numbers", _X,
         "a decimal that is a rounding of the other side but too short to stand for it (a one-digit decimal gold "
         "is exact)",
         rejects=(_e("0.3", "\\frac13"), _e("0.33", "\\frac13"), _e("1.4", "\\sqrt2"), _e("1/4", "0.3"),
                  _e("0.28", "0.3"), _e("3.2 \\times 10^{21}", "3 \\times 10^{21}")), option="min_significant_digits"),
    Rule(NUMBER_DEGREES, "numbers", _N,
         "with the option off, a degree sign must be on both sides or neither",
         rejects=(), option="degrees"),
    Rule(NUMBER_DECIMAL_COMMA, "numbers", _N,
         "two numbers joined by a comma (`2,74`) read as a decimal when that reading is exactly the other side: "
         "always in an output whose language writes decimals with a comma (French, German, Russian, Spanish...), "
         "otherwise only when nothing else fits (not `-3,0`, which is the list -3, 0)", stage="grader",
         accepts=(_o("La réponse est $\\boxed{2,74}$.", "2.74"), _o("Die Antwort ist $\\boxed{-3,0}$.", "-3"),
                  _e("1000,99", "1000.99")),
         rejects=(_e("-3", "-3,0"), _e("-3,0", "-3"))),
    Rule(NUMBER_AMBIGUOUS_COMMA, "numbers", _N,
         "in an output whose language writes decimals with a comma, `1,234` is 1234 or 1.234: ambiguous when "
         "the other side is either (status ambiguous)", stage="grader",
         rejects=(_o("La réponse est $\\boxed{1,234}$.", "1.234"), _o("La réponse est $\\boxed{1,234}$.", "1234"))),
    # -- expressions
    Rule(EXPRESSION_NUMERIC, "expressions", "constant expressions",
         "both sides evaluated to 50 digits or more; values that differ are different, values that agree are "
         "equal (confirmed symbolically when the budget allows: then the rule is `expression.symbolic`); a side "
         "with no value never equals one that has a value",
         rejects=(_e("\\sqrt2 + 10^{-40}", "\\sqrt2"), _e("\\frac{1}{0}", "1"), _e("e^{100} + 1", "e^{100}"))),
    Rule(EXPRESSION_VARIABLES, "expressions", "expressions",
         "the variables must match by name, after evaluating over the variables of both sides (a variable may "
         "cancel out)", rejects=(_e("y^2+2y+1", "x^2+2x+1"),), option="match_variables"),
    Rule(EXPRESSION_RANDOM_POINTS, "expressions", "expressions with variables",
         "both sides evaluated at up to 6 deterministic random points: one point where they differ decides "
         "\"different\"; agreement everywhere not confirmed by sympy in time decides \"equal\" (the reason says "
         "\"not confirmed symbolically\")",
         rejects=(_e("(x+1)^2", "x^2+1"), _e("\\frac{x}{2}", "\\frac{x}{3}"), _e("x + 1.4i", "x + \\sqrt2 i"))),
    Rule(EXPRESSION_SYMBOLIC, "expressions", "numbers and expressions",
         "sympy shows the difference is zero (expand, cancel, trigsimp, simplify, within the symbolic budget): "
         "the confirmation of numeric agreement, or the only evidence when there is none",
         accepts=(_e("(x+1)^2", "x^2+2x+1"), _e("\\sin^2 x + \\cos^2 x", "1"), _e("2\\sqrt2", "\\sqrt8"))),
    Rule(EXPRESSION_STRUCTURAL, "expressions", "expressions that cannot be evaluated",
         "identical, or the same up to the order of terms and factors (unknown functions, symbolic sums)",
         accepts=(_e("\\sum_{k=0}^{n-1} F_k F_{n-k-1}", "\\sum_{k=0}^{n-1} F_{n-k-1} F_k"),)),
    Rule(EXPRESSION_REAL_VALUES, "expressions", "expressions with variables",
         "two sides that differ only at points where a value is not real are equal when they agree wherever both "
         "are real (at least 3 points)",
         accepts=(_e("\\sqrt{1/n}", "\\frac{1}{\\sqrt n}"),)),
    Rule(EXPRESSION_ARBITRARY_CONSTANT, "expressions", "expressions with an arbitrary constant",
         "`C`, `C_1`, `c_2` stand for any constant when every other variable is lowercase: sides whose difference "
         "depends on the constants alone are the same family",
         accepts=(_e("\\ln|2x| + C", "\\ln|x| + C"), _e("-x^2 + C", "-(x^2 + C)"))),
    Rule(EXPRESSION_ROUNDED, "expressions", "expressions holding decimals",
         "the rounding rule of numbers inside an expression: the sides differ by no more than moving each written "
         "decimal by half a unit of its last digit can change",
         accepts=(_e("x + 1.414i", "x + \\sqrt2 i"), _e("0.333x + 1", "\\frac x3 + 1"))),
    Rule(EXPRESSION_PERIODIC_FAMILY, "expressions", "families of angles in an integer parameter",
         "an expression holding π in one integer parameter (`k`, `n`, `m`, `j`, `l`) is a family: the parameter may "
         "be renamed (`2n\\pi` ~ `2k\\pi`), and two families linear in it are the same when their steps agree up to "
         "sign and they are a whole number of steps apart",
         accepts=(_e("-\\frac{\\pi}{4} + k\\pi", "\\frac{3\\pi}{4} + k\\pi"),
                  _e("\\frac{\\pi}{2} - 2k\\pi", "\\frac{\\pi}{2} + 2k\\pi")),
         rejects=(_e("\\frac{\\pi}{4} + k\\pi", "\\frac{3\\pi}{4} + k\\pi"), _e("k\\pi", "2k\\pi"),
                  _e("\\frac{\\pi}{2} + k\\pi", "\\frac{\\pi}{2} + 2k\\pi"))),
    # -- relations
    Rule(RELATION_ASSIGNMENT, "relations", _R,
         "an assignment answers its value: the name is a variable, a sum, product or ratio of variables, a "
         "function value, a tuple of names, or notation the reader does not evaluate (a limit, a determinant); the "
         "value is the **last** side of a chain of `=`; `≈` answers too, a trailing approximation is dropped (after "
         "a number, only when it is the number rounded or truncated: `5 \\approx 6` is two values)",
         accepts=(_e("x = 3", "3"), _e("3", "k = 3"), _e("x = 5+5+1 = 11", "11"), _e("(p,q) = (3,2)", "(3,2)"),
                  _e("x = \\frac13 \\approx 0.33", "\\frac13"),
                  _e("\\frac{NO}{BO} = \\frac1{\\sqrt6}", "\\frac1{\\sqrt6}"),
                  _e("0", "1 = y = x = 0"), _e("a+b = 1", "1"), _e("\\lim_{x\\to 0} \\frac{\\sin x}{x} = 1", "1")),
         rejects=(_e("x = 4", "3"),)),
    Rule(RELATION_FUNCTION, "relations", "function definitions",
         "a function's variables are bound: definitions compare after renaming the answer's variables to the "
         "gold's; a one-letter function name may differ, `y = …` defines the function too",
         accepts=(_e("f(z) = z", "f(x) = x"), _e("g(x) = x^2", "f(x) = x^2"), _e("y = 2x+3", "f(x) = 2x+3"),
                  _e("f(t) = t^2", "x^2")),
         rejects=(_e("f(y) = y^2 + x", "f(x) = x^2 + y"),)),
    Rule(RELATION_RESTATED, "relations", "an answer equation vs a value",
         "an answer equation whose left side restates the question: its right side answers when the left side "
         "holds no variable the gold names, or has the same value as the right side",
         accepts=(_e("(x+y)^2 = 81", "81"), _e("\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}", "\\frac{n(n+1)}{2}")),
         rejects=(_e("(x+y)^2 = 81", "9"),)),
    Rule(RELATION_FALSE, "relations", _R,
         "a statement without variables that is false answers nothing, not even itself; an answer chain of `=` "
         "that equates two different constants, or whose sides after a name differ, answers nothing",
         rejects=(_e("7 = 5", "5"), _e("x = 7 = 6", "6"), _e("7 = x = 6", "6"), _e("z = 3+3 = 2", "2"),
                  _e("\\frac{6}{0} = \\frac{5}{9}", "\\frac{5}{9}"), _e("x = 3a+b = 2a+b", "3a+b"))),
    Rule(RELATION_TRUE_CHAIN, "relations", _R, "a true statement without variables answers its last side",
         accepts=(_e("2 + 3 = 5", "5"),)),
    Rule(RELATION_SAME_SOLUTIONS, "relations", "relation vs relation",
         "links pair up so that, everything moved to one side, `f₁ = c·f₂` for a constant c (c > 0 for "
         "inequalities); otherwise one equation by the square-free part of its numerator (sympy), inequalities in "
         "one variable as sets of reals",
         accepts=(_e("2x+4=0", "x+2=0"), _e("y = -\\frac23x+2", "2x+3y=6"),
                  _e("x^2/16+y^2/12=\\frac14", "x^2/4+y^2/3=1"),
                  _e("2>a", "a<2"), _e("-x>-1", "x<1"), _e("5>x>2", "2<x<5"), _e("x = 2y", "\\frac{x}{y} = 2"),
                  _e("x = 1", "(x-1)^2 = 0"), _e("-2 < x < 2", "x^2 < 4")),
         rejects=(_e("x>-1", "x<1"), _e("x \\le 5", "x \\ge 5"), _e("x = 2", "x^2 = 4"), _e("x = y", "x^2 = y^2"),
                  _e("y+2=0", "x+2=0"), _e("f'(x) = 2x", "f(x) = 2x"), _e("f(2) = 5", "f(3) = 5"))),
    Rule(RELATION_SOLVED, "relations", "an expression vs a gold equation",
         "the answer is the gold equation solved for a variable: the gold's variables are the answer's and one more, "
         "v, and `v = answer` has the gold's solutions; a side of the gold written again solves nothing",
         accepts=(_e("\\frac{10}{x}", "xy = 10"), _e("\\frac{6 - 2x}{3}", "2x + 3y = 6")),
         rejects=(_e("\\frac{11}{x}", "xy = 10"), _e("\\frac{10}{z}", "xy = 10"),
                  _e("m\\ddot x + kx", "m\\ddot x + kx = F"))),
    Rule(RELATION_INTERVAL, "relations", "relation vs interval or union",
         "a solved inequality answers its interval, and the reverse; an open pair counts as the open interval; an "
         "unsolved one-variable inequality is solved with sympy",
         accepts=(_e("x > 3", "(3,\\infty)"), _e("2 \\le x < 5", "[2,5)"),
                  _e("x \\ne 3", "(-\\infty,3)\\cup(3,\\infty)"), _e("0<f(x)<1", "(0,1)"),
                  _e("1\\le|z|\\le\\frac32", "[-\\frac32,-1]\\cup[1,\\frac32]")),
         rejects=(_e("x > 3", "[3,\\infty)"),), option="allow_interval_as_inequality"),
    # -- containers
    Rule(SET_ELEMENTWISE, "containers", "sets and bare lists",
         "unordered; every element must match one element of the other (a perfect matching: repeated gold "
         "elements must each be matched); an answer repeating an element of a gold that repeats nothing is the same "
         "set; a flattened list of assignments whose names cycle is read as tuples",
         accepts=(_e("1,2,3", "\\{3,1,2\\}"), _e("\\{-2021, 2021\\}", "\\pm 2021"), _e("x=1 \\text{ or } x=2", "2, 1"),
                  _e("AB=4, CD=5", "4, 5"), _e("(3,17),(37,3),(3,17)", "(3,17),(37,3)"),
                  _e("p=5, q=2, p=7, q=2", "(5,2), (7,2)")),
         rejects=(_e("1, 2, 4", "1, 2, 3"), _e("2, 3, 3", "2, 2, 3"))),
    Rule(SET_SIZE, "containers", "sets and bare lists", "a partial answer, or extra elements, is wrong",
         rejects=(_e("1, 2", "\\{1,2,3\\}"), _e("1, 2, 3", "1, 2"))),
    Rule(SET_PARTS, "containers", "assignments to different names vs a list",
         "a multi-part answer (`a = -2, b = -3`) against a list of values is ordered: as written, or else in the "
         "order of the names",
         accepts=(_e("a=-2 \\text{ and } b=-2", "-2, -2"), _e("b=-3, a=-2", "-2, -3")),
         rejects=(_e("a=-3, b=-2", "-2, -3"),)),
    Rule(SET_SINGLE, "containers", "a one-element set vs a value", "compares the element",
         accepts=(_e("\\{5\\}", "5"),), rejects=(_e("\\{6\\}", "5"),)),
    Rule(TUPLE_ELEMENTWISE, "containers", "tuple vs tuple", "ordered, same length",
         accepts=(_e("(1, 4.5)", "(1, \\frac92)"),), rejects=(_e("(3,1)", "(1,3)"), _e("(1,3,5)", "(1,3)"))),
    Rule(TUPLE_AS_LIST, "containers", "bare list vs tuple", "a bare list is read in the order written",
         accepts=(_e("1, 3", "(1,3)"),), rejects=(_e("3, 1", "(1,3)"),)),
    Rule(INTERVAL_ENDPOINTS, "containers", "interval vs interval",
         "endpoints match by the rules above (decimals round)",
         accepts=(_e("(0.6, 2.6667]", "(\\frac35, \\frac83]"),), rejects=(_e("[0,9)", "[0,1)"),)),
    Rule(INTERVAL_BRACKETS, "containers", "interval vs interval", "bracket types must match",
         rejects=(_e("(0,9]", "[0,9]"),)),
    Rule(INTERVAL_AS_TUPLE, "containers", "open interval vs pair",
         "an open interval and a pair with the same ends match"),
    Rule(UNION_PARTS, "containers", "unions", "unions match part by part in any order",
         accepts=(_e("(-\\frac12,0)\\cup[-1,-\\frac12)", "[-1,-\\frac12)\\cup(-\\frac12,0)"),)),
    Rule(UNION_AS_SETS, "containers", "unions, intervals, sets of reals",
         "with constant endpoints, both sides compared as sets of reals (sympy)",
         accepts=(_e("(1,2]\\cup(2,3]", "(1,3]"),),
         rejects=(_e("(1,2]\\cup(2,3)", "(1,3]"),)),
    Rule(MATRIX_ENTRYWISE, "containers", "matrix vs matrix",
         "same shape and every entry matches (bracket style does not matter)",
         accepts=(_e("\\begin{bmatrix}0.333&1\\end{bmatrix}", "\\begin{pmatrix}\\frac13&1\\end{pmatrix}"),),
         rejects=(_e("\\begin{pmatrix}1&2\\\\3&5\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}"),)),
    Rule(MATRIX_SHAPE, "containers", "matrix vs matrix", "shapes differ (a transpose is different)",
         rejects=(_e("\\begin{pmatrix}1&2&3\\\\4&5&6\\end{pmatrix}",
                     "\\begin{pmatrix}1&4\\\\2&5\\\\3&6\\end{pmatrix}"),)),
    Rule(MATRIX_SIZE, "containers", "matrix vs matrix", "a matrix too large to compare is not equal"),
    Rule(MATRIX_VECTOR, "containers", "row vs column vector", "a row vector matches a column vector with the same "
         "entries", accepts=(_e("\\begin{pmatrix}1&2\\end{pmatrix}", "\\begin{pmatrix}1\\\\2\\end{pmatrix}"),)),
    Rule(MATRIX_VECTOR_AS_TUPLE, "containers", "vector vs tuple", "a vector matches a tuple of its entries",
         accepts=(_e("(1,2,3)", "\\begin{pmatrix}1\\\\2\\\\3\\end{pmatrix}"),),
         rejects=(_e("(1,3,2)", "\\begin{pmatrix}1\\\\2\\\\3\\end{pmatrix}"),)),
    # -- text
    Rule(TEXT_NORMALIZED, "text", "text vs text (or an unread answer)",
         "case, spacing, `\\text{}` wrappers, end punctuation and articles are ignored; a word read as a product of "
         "letters is spelled back; an answer that cannot be read, or a gold that cannot be read (a trailing `^`, an "
         "unbalanced bracket, a relation symbol), is compared as text: correct when the two are the same text",
         accepts=(_e("\\text{the empty set}", "\\text{Empty set}"), _e("x^", "x^"), _e("(1,2", "(1,2"),
                  _e("\\text{perpendicular}", "\\perp")),
         rejects=(_e("\\text{odd}", "\\text{even}"), _e("(1,2)", "(1,2"), _e("\\parallel", "\\perp"))),
    Rule(TEXT_EQUIVALENT, "text", "text vs text",
         "standard phrases that say the same thing (a small table: irrational ↔ not a rational number, no solution "
         "↔ none ↔ does not exist, infinitely many ↔ infinite, all real numbers ↔ ℝ, true ↔ yes...)",
         accepts=(_e("\\text{irrational}", "\\text{not a rational number}"), _e("\\text{none}", "\\text{no solution}"),
                  _e("\\text{DNE}", "\\text{does not exist}")),
         rejects=(_e("\\text{rational}", "\\text{not a rational number}"), _e("\\text{yes}", "\\text{false}"))),
    Rule(TEXT_KEY_WORDS, "text", "a short answer vs a gold sentence",
         "the answer is the key phrase of a gold sentence: its content words are all the gold's, it holds every "
         "name of the gold (single letters, capitalized words, words with digits), and neither negates what the "
         "other does not",
         accepts=(_e("\\text{X}", "\\text{X will receive the last token}"),
                  _e("\\text{Evelyn}", "\\text{Evelyn has the highest average speed}")),
         rejects=(_e("\\text{Y}", "\\text{X will receive the last token}"),
                  _e("\\text{the last token}", "\\text{X will receive the last token}"),
                  _e("\\text{Alice}", "\\text{Alice and Bob tie}"),
                  _e("\\text{not Evelyn}", "\\text{Evelyn has the highest average speed}"),
                  _e("\\text{Evelyn}", "\\text{Evelyn does not have the highest speed}"))),
    Rule(TEXT_EMPTY_SET, "text", "text vs the empty set", "a text that says there is no solution is the empty set",
         accepts=(_e("\\text{no solution}", "\\{\\}"),), rejects=(_e("\\text{all reals}", "\\{\\}"),)),
    Rule(CHOICE_LETTER, "text", "choice letters",
         "compare as letters, whatever the wrapping; against a letter gold, an answer that is not a letter but is "
         "given with one option letter (\"The answer is (B): …\") is that letter",
         accepts=(_e("(c)", "\\text{C}"), _o("The answer is (B): $\\boxed{2\\pi(5-\\sqrt3)}$", "B")),
         rejects=(_e("(B)", "C"), _o("The answer is (C): $\\boxed{2\\pi(5-\\sqrt3)}$", "B"))),
    Rule(CHOICE_CONTENT, "text", "a chosen option vs a value",
         "an option given with its content (`(B) 5`) is compared by its content against a gold that is not a "
         "letter", accepts=(_e("(B)\\ 5", "5"),), rejects=(_e("(B)\\ 6", "5"),)),
    Rule(KIND_MISMATCH, "text", "kinds that cannot match",
         "a set against a number, a matrix against text… are different; the reason names both kinds",
         rejects=(_e("\\{1, 2\\}", "3"), _e("\\text{blue}", "5"), _e("0", "a + 3z = 0"),
                  _e("11a+c", "7 = 11a + c"), _e("-m \\approx m", "m"), _e("x + 1 = 2x - 3", "2x - 3"))),
    # -- the grader: units, the problem's text, the form of an answer
    Rule(UNIT_CONVERTED, "grader", "a number with a unit",
         "a unit that differs from the gold's (or from the unit the problem asks for) but has the same dimension is "
         "converted exactly (pint, rational factors); a missing unit is not a wrong one", stage="grader",
         accepts=(_e("2.5 \\text{ hours}", "150 \\text{ minutes}"), _e("1.5 \\text{ km}", "1500 \\text{ m}"))),
    Rule(UNIT_MISMATCH, "grader", "a number with a unit",
         "a unit of another dimension, another currency, radians for degrees, a percent for a currency; or a "
         "converted value that differs", stage="grader",
         rejects=(_e("150 \\text{ hours}", "150 \\text{ minutes}"), _e("20 \\text{ cm}^2", "20 \\text{ cm}"),
                  _e("25\\%", "\\$25"))),
    Rule(UNIT_PERCENT, "grader", "number vs number", "reward policy: a percent sign is never moved by a factor "
         "of 100", stage="grader", rejects=(_e("30\\%", "0.3", policy="reward"),)),
    Rule(ANSWER_RESTATES_PROBLEM, "grader", "an answer with the problem's text",
         "the answer is one of the problem's own expressions written again (and the gold is not that expression)",
         stage="grader", rejects=(_e("47^2+47+1", "2257", problem="Compute $47^2+47+1$."),)),
    Rule(ANSWER_UNFINISHED_ARITHMETIC, "grader", "an answer vs a plain number",
         "reward policy: the answer still holds operations that work out to the gold (`2^{10}`, `3 \\cdot 4 + 5`); "
         "a fraction in lowest terms, a mixed number and scientific notation are numbers", stage="grader",
         rejects=(_e("2^{10}", "1024", policy="reward"),)),
    Rule(NUMBER_EXACT_GOLD, "grader", "a decimal gold",
         "a decimal gold is exact unless the problem says it is rounded (\"nearest\", \"approximately\", "
         "\"significant figures\", \"保留\") or it is in scientific notation; reward policy always, eval policy when "
         "the problem's text is given", stage="grader",
         rejects=(_e("\\frac13", "0.33", policy="reward"),
                  _e("0.1304", "0.13", problem="What is the probability?"))),
    Rule(LIST_ORDER, "grader", "lists with the problem's text",
         "when the problem asks for an order (\"in increasing order\", \"respectively\") in a sentence that asks "
         "(\"List the roots in increasing order.\"; not \"the list consists of integers written in increasing "
         "order\"), a list is compared item by item, in order", stage="grader",
         rejects=(_e("3, 1", "1, 3", problem="List the roots in increasing order."),)),
    Rule(ANSWER_OPTION_MISMATCH, "grader", "a letter with the problem's options",
         "a letter written with the content of another option", stage="grader",
         rejects=(_e("(B)\\ 12", "B", problem="(A) 12 (B) 96 (C) 7"),)),
    Rule(ANSWER_CONFLICTING, "grader", "a letter with the problem's options",
         "the output also marks another option as its answer (status ambiguous)", stage="grader",
         rejects=(_o("The answer is (A).\n\n$\\boxed{B}$", "B", problem="(A) 12 (B) 96 (C) 7"),)),
    Rule(ANSWER_ALL_OPTIONS, "grader", "a letter with the problem's options",
         "an answer listing the contents of several options (status ambiguous)", stage="grader",
         rejects=(_e("12, 96", "B", problem="(A) 12 (B) 96 (C) 7"),)),
    # -- outcomes decided around comparison
    Rule(ANSWER_WITHDRAWN, "outcome", "a marked answer", "negated or called wrong: \"the answer is not "
         "$\\boxed{7}$\", \"$\\boxed{7}$ is wrong\"", stage="extract",
         rejects=(_o("The answer is not $\\boxed{7}$.", "7", policy="reward"),)),
    Rule(ANSWER_QUESTION, "outcome", "a marked answer", "asked, not stated: \"could it be $\\boxed{7}$?\"",
         stage="extract", rejects=(_o("Could it be $\\boxed{7}$?", "7", policy="reward"),)),
    Rule(ANSWER_SUPPOSED, "outcome", "a marked answer", "a supposition or a trial: \"suppose the answer were "
         "$\\boxed{7}$\"", stage="extract",
         rejects=(_o("Suppose the answer were $\\boxed{7}$.", "7", policy="reward"),)),
    Rule(ANSWER_HEDGED, "outcome", "a marked answer", "hedged before or after: \"maybe $\\boxed{7}$\", "
         "\"$\\boxed{7}$, but it might be 9\"", stage="extract",
         rejects=(_o("Maybe $\\boxed{7}$.", "7", policy="reward"),)),
    Rule(ANSWER_PARTIAL_EXPRESSION, "outcome", "a marked answer", "the box is a piece of a longer expression: "
         "\"$\\boxed{9} + 3 = 12$\"", stage="extract",
         rejects=(_o("$\\boxed{9} + 3 = 12$", "9", policy="reward"),)),
    Rule(ANSWER_HIDDEN, "outcome", "a marked answer", "its content is hidden when rendered (`\\phantom`, white "
         "text)", stage="extract", rejects=(_o("$\\boxed{\\phantom{7}}$", "7", policy="reward"),)),
    Rule(EXTRACT_NONE, "outcome", "an output", "no final answer found (status no_answer)", stage="grader",
         rejects=(_o("I do not know.", "7", policy="reward"),)),
    Rule(EXTRACT_AMBIGUOUS, "outcome", "an output", "the output commits to different answers (status ambiguous)",
         stage="grader", rejects=(_o("$\\boxed{7}$ or $\\boxed{8}$", "7"),)),
    Rule(READ_GOLD, "outcome", "a gold", "the gold could not be read (status invalid_gold)", stage="grader"),
    Rule(READ_ANSWER, "outcome", "an answer", "the answer could not be read and is not the gold's text (status "
         "unparsable)", stage="grader", rejects=(_e("\\frac{}{}", "7"),)),
    Rule(LIMIT_TIMEOUT, "outcome", "any pair", "the time limit was reached (status timeout)", stage="grader"),
    Rule(LIMIT_DEPTH, "outcome", "any pair", "the input is nested too deeply (status error)", stage="grader"),
    Rule(ERROR, "outcome", "any pair", "an internal error, recorded in the verdict (status error)", stage="grader"),
)
"""Every rule a verdict can name, by section."""

RULE: Dict[str, Rule] = {r.name: r for r in RULES}
"""The rules by name."""


def rules_markdown(section: str) -> str:
    """The generated table of one section of ``docs/comparison.md``, made from :data:`RULES`."""
    lines = ["| rule | applies to | decides | accepts | rejects |", "|---|---|---|---|---|"]
    for r in RULES:
        if r.section != section:
            continue
        decides = r.decides + (f" [`{r.option}`]" if r.option else "")
        accepts = "; ".join(e.markdown("~") for e in r.accepts)
        rejects = "; ".join(e.markdown("vs") for e in r.rejects)
        lines.append(f"| `{r.name}` | {r.kinds} | {_cell(decides)} | {_cell(accepts)} | {_cell(rejects)} |")
    return "\n".join(lines) + "\n"


def _code(text: str) -> str:
    """``text`` as Markdown code (a line break shown as ``\\n``)."""
    text = text.replace("\n", "\\n")
    fence = "``" if "`" in text else "`"
    return f"{fence}{text}{fence}"


def _cell(text: str) -> str:
    """Text fit for a table cell (one line)."""
    return text.replace("\n", " ")
