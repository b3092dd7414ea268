"""The shape and behaviour of :mod:`mathgrade.compat.math_verify` as Math-Verify users call it.

Also holds, in our own words, the cases of Math-Verify 0.9.0's tests that are not parametrized (configs, timeouts,
raise_on_error, precision), each asserted the way mathgrade behaves (see KNOWN_DIFFERENCES.md where that differs).
"""

from __future__ import annotations

import inspect
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest

import mathgrade.compat.math_verify as mv
from mathgrade.compat.math_verify import (
    ExprExtractionConfig,
    LatexExtractionConfig,
    LatexNormalizationConfig,
    ParsedAnswer,
    StringExtractionConfig,
    math_metric,
    parse,
    verify,
)
from mathgrade.values import Number

pytestmark = pytest.mark.compat

LATEX_ONLY = [LatexExtractionConfig()]


def _defaults(fn):
    return {name: p.default for name, p in inspect.signature(fn).parameters.items()}


# --- signatures ------------------------------------------------------------------------------------------------------


def test_parse_signature_is_math_verify_s() -> None:
    d = _defaults(parse)
    assert list(d) == ["pred", "extraction_config", "fallback_mode", "extraction_mode", "parsing_timeout",
                       "raise_on_error"]
    assert [type(c) for c in d["extraction_config"]] == [LatexExtractionConfig, ExprExtractionConfig]
    assert (d["fallback_mode"], d["extraction_mode"], d["parsing_timeout"], d["raise_on_error"]) == (
        "first_match", "any_match", 5, False)


def test_verify_signature_is_math_verify_s() -> None:
    d = _defaults(verify)
    assert list(d) == ["gold", "target", "float_rounding", "numeric_precision", "strict",
                       "allow_set_relation_comp", "timeout_seconds", "raise_on_error"]
    assert [d[k] for k in list(d)[2:]] == [6, 15, True, False, 5, False]


def test_math_metric_signature_is_math_verify_s() -> None:
    d = _defaults(math_metric)
    assert list(d) == ["gold_extraction_target", "pred_extraction_target", "aggregation_function", "precision"]
    assert d["aggregation_function"] is max and d["precision"] == 6


def test_config_fields_are_math_verify_s() -> None:
    assert LatexExtractionConfig().boxed_match_priority == 50
    assert LatexExtractionConfig().try_extract_without_anchor is True
    assert ExprExtractionConfig().try_extract_without_anchor is True
    s = StringExtractionConfig()
    assert (s.strings, s.try_extract_without_anchor, s.lowercase) == (("A", "B", "C", "D"), True, True)
    n = LatexNormalizationConfig()
    assert {"basic_latex", "units", "malformed_operators", "nits", "boxed", "equations"} <= set(vars(n))
    # frozen and hashable, as Math-Verify's are (users put them in tuples and caches)
    assert hash(LatexExtractionConfig()) == hash(LatexExtractionConfig())
    with pytest.raises(Exception):
        LatexExtractionConfig().boxed_match_priority = 0  # type: ignore[misc]


def test_import_does_not_import_sympy() -> None:
    code = "import sys, mathgrade.compat.math_verify; print('sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


# --- parse -----------------------------------------------------------------------------------------------------------


def test_parse_returns_answer_and_fallback_text() -> None:
    got = parse("The answer is $\\frac{1}{2}$.")
    assert len(got) == 2
    assert isinstance(got[0], ParsedAnswer) and isinstance(got[1], str)
    assert got[0].value == Number(Fraction(1, 2))
    assert "frac" in got[1]


def test_parse_no_fallback_returns_only_the_answer() -> None:
    got = parse("The answer is $\\frac{1}{2}$.", fallback_mode="no_fallback")
    assert len(got) == 1 and isinstance(got[0], ParsedAnswer)


PROSE = "We think about it for a while.\nThen we stop, because there is nothing to compute in this text at all."


def test_parse_nothing_found_is_empty() -> None:
    assert parse(PROSE) == []
    assert parse("") == []


def test_parse_short_text_answer() -> None:
    got = parse("\\text{Evelyn}")
    assert got and str(got[0]) == "evelyn"
    assert verify(got, parse("Therefore $\\boxed{\\text{Evelyn}}$ is our answer."))
    assert not verify(got, parse("Therefore $\\boxed{\\text{Carla}}$ is our answer."))


def test_parse_bad_modes_raise() -> None:
    with pytest.raises(ValueError):
        parse("1", fallback_mode="last_match")
    with pytest.raises(ValueError):
        parse("1", extraction_mode="every_match")


def test_parse_non_string_returns_empty_or_raises() -> None:
    assert parse(12) == []  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse(12, raise_on_error=True)  # type: ignore[arg-type]


def test_boxed_match_priority() -> None:
    """Math-Verify's test_configs.test_boxed_match_priority, in mathgrade terms."""
    got = parse("\\boxed{1}", LATEX_ONLY, fallback_mode="no_fallback", extraction_mode="first_match")
    assert len(got) == 1 and got[0].value == Number(Fraction(1))
    # -1: boxed answers are not looked at
    off = [LatexExtractionConfig(boxed_match_priority=-1)]
    assert parse("\\boxed{1}", off, fallback_mode="no_fallback", extraction_mode="first_match") == []
    # above 50: a "final answer is" phrase wins over a box
    late = [LatexExtractionConfig(boxed_match_priority=100)]
    got = parse("final answer is $9999$, \\boxed{1}", late, fallback_mode="no_fallback",
                extraction_mode="first_match")
    assert got and got[0].value == Number(Fraction(9999))
    # while by default the box wins
    got = parse("final answer is $9999$, \\boxed{1}", LATEX_ONLY, fallback_mode="no_fallback")
    assert got and got[0].value == Number(Fraction(1))


def test_normalization_config_is_accepted_and_ignored() -> None:
    """Math-Verify refuses ``\\frac12`` when malformed_operators=False; mathgrade always repairs it."""
    cfg = LatexExtractionConfig(normalization_config=LatexNormalizationConfig(malformed_operators=False))
    got = parse("$\\frac12$", [cfg], fallback_mode="no_fallback", extraction_mode="first_match")
    assert got and got[0].value == Number(Fraction(1, 2))


def test_try_extract_without_anchor_false_needs_a_marked_answer() -> None:
    strict = [LatexExtractionConfig(try_extract_without_anchor=False),
              ExprExtractionConfig(try_extract_without_anchor=False)]
    assert parse("We get 12 apples and then 15 pears", strict, fallback_mode="no_fallback") == []
    got = parse("so the answer is $\\boxed{15}$", strict, fallback_mode="no_fallback")
    assert got and got[0].value == Number(Fraction(15))


def test_expr_only_ignores_latex() -> None:
    got = parse("$\\frac{1}{2}$ or 7", [ExprExtractionConfig()], fallback_mode="no_fallback")
    assert got and got[0].value == Number(Fraction(7))


@pytest.mark.parametrize(
    "pred,config,expected",
    [
        ("The answer is C.", StringExtractionConfig(), ["c", "C"]),
        ("The answer is C.", StringExtractionConfig(lowercase=False), ["C", "C"]),
        ("Answer: (B)", StringExtractionConfig(), ["b", "B"]),
        ("D. because the others fail", StringExtractionConfig(), ["d", "D"]),
        ("The answer is E.", StringExtractionConfig(strings=("E",)), ["e", "E"]),
        ("Nothing chosen here", StringExtractionConfig(), []),
        ("The answer is E.", StringExtractionConfig(), []),  # E is not among A-D
        ("Apples and Bananas", StringExtractionConfig(), []),  # letters inside words are not choices
    ],
)
def test_string_extraction(pred, config, expected) -> None:
    assert parse(pred, [config]) == expected


def test_string_extraction_no_fallback() -> None:
    assert parse("The answer is A.", [StringExtractionConfig()], fallback_mode="no_fallback") == ["a"]


# --- verify ----------------------------------------------------------------------------------------------------------


def test_verify_parsed_lists() -> None:
    assert verify(parse("$\\frac{1}{2}$"), parse("so it is $\\boxed{0.5}$"))
    assert not verify(parse("$\\frac{1}{2}$"), parse("so it is $\\boxed{0.6}$"))


def test_verify_is_not_symmetric_in_its_arguments_names_only() -> None:
    # gold first, target second, as in Math-Verify
    assert verify(parse("$3$"), parse("$x = 3$"))
    assert not verify(parse("$3$"), parse("$x = 4$"))


def test_verify_accepts_single_items_and_plain_numbers() -> None:
    gold = parse("$\\frac{1}{3}$")[0]
    assert verify(gold, parse("0.333")[0])
    assert verify(gold, 0.3333333)
    assert not verify(gold, 0.3)
    assert verify(parse("$7$"), 7)
    assert not verify(parse("$7$"), 8)
    assert verify(Number(Fraction(5)), [Number(Fraction(5))])


def test_verify_strings() -> None:
    assert verify("a", "a")
    assert verify(" a ", ["a"])
    assert not verify("a", "b")
    assert not verify("", "")
    # a math answer never equals a string
    assert not verify(parse("$5$", fallback_mode="no_fallback"), "5")


def test_verify_sympy_objects() -> None:
    import sympy  # a dependency of mathgrade: never skipped

    assert verify(sympy.Rational(1, 3), parse("$\\frac{2}{6}$"))
    assert not verify(sympy.Rational(1, 3), parse("$\\frac{2}{5}$"))
    assert verify(sympy.Integer(1), sympy.Integer(1))


def test_verify_rejects_unknown_types_quietly_or_loudly() -> None:
    assert not verify(object(), object())
    with pytest.raises(TypeError):
        verify(object(), object(), raise_on_error=True)


def test_verify_raise_on_error(monkeypatch) -> None:
    """Math-Verify's test_raise_on_error: an error in comparison is False, or raised when asked."""

    def boom(*args, **kwargs):
        raise ValueError("boom")

    gold = parse("$1$")[0]
    monkeypatch.setattr(mv, "compare", boom)
    assert not verify(gold, gold, raise_on_error=False)
    with pytest.raises(ValueError, match="boom"):
        verify(gold, gold, raise_on_error=True)


def test_verify_and_parse_work_in_threads_with_timeouts_on() -> None:
    """Math-Verify raises in a thread unless timeouts are off; mathgrade's limits work anywhere."""

    def job(i: int) -> bool:
        return verify(parse(f"${i}$", parsing_timeout=5), parse(f"so $\\boxed{{{i}}}$", parsing_timeout=5),
                      timeout_seconds=5)

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(job, range(20)))


def test_float_rounding_lowers_needed_digits() -> None:
    gold = parse("$\\frac{1}{3}$")
    assert not verify(gold, parse("$0.33$"))
    assert verify(gold, parse("$0.33$"), float_rounding=2)
    assert not verify(gold, parse("$0.34$"), float_rounding=2)


def test_precision_cases_from_math_verify() -> None:
    """Math-Verify's test_precision: 1/3 vs 0.333 and 4/3 vs 1.333. mathgrade accepts a decimal when the exact value
    rounds to it at the digits written, whatever float_rounding says (Math-Verify rounds both sides instead)."""
    third, four_thirds = Number(Fraction(1, 3)), parse("$\\frac{4}{3}$")
    assert verify(third, 0.333, float_rounding=3)
    assert verify(third, 0.333, float_rounding=4)  # Math-Verify: False (it rounds 1/3 to 0.3333 first)
    assert verify(four_thirds, parse("1.333"), float_rounding=3)
    assert not verify(four_thirds, parse("1.334"), float_rounding=3)
    assert verify(parse("$\\frac{1}{3}$"), parse("0.3333$"), float_rounding=4)


def test_strict_controls_variable_names() -> None:
    assert not verify(parse("$x^2+1$"), parse("$y^2+1$"))
    assert verify(parse("$x^2+1$"), parse("$y^2+1$"), strict=False)
    assert not verify(parse("$x^2+1$"), parse("$y^2+2$"), strict=False)


def test_set_relation_comparison_is_one_way_by_default() -> None:
    ineq, interval = parse("$-2 \\le x \\le 7$"), parse("$[-2, 7]$")
    assert verify(ineq, interval)
    assert not verify(interval, ineq)
    assert verify(interval, ineq, allow_set_relation_comp=True)
    assert not verify(ineq, parse("$[-2, 8]$"))


def test_conflicting_answers_match_nothing() -> None:
    for mode in ("no_fallback", "first_match"):
        two = parse("so \\boxed{2} or \\boxed{3}", fallback_mode=mode)
        assert not verify(parse("$2$"), two)
        assert not verify(parse("$3$"), two)
        assert not verify(parse("$2, 3$"), two)
    both = parse("so \\boxed{2} and \\boxed{3}")
    assert verify(parse("$2, 3$"), both)
    assert not verify(parse("$3$"), both)


def test_verify_bad_float_rounding_raises() -> None:
    with pytest.raises(ValueError):
        verify(parse("1"), parse("1"), float_rounding=-1)


# --- math_metric -----------------------------------------------------------------------------------------------------


def test_math_metric_scores_and_texts() -> None:
    metric = math_metric(gold_extraction_target=(LatexExtractionConfig(),),
                         pred_extraction_target=(ExprExtractionConfig(), LatexExtractionConfig()))
    score, texts = metric(["$\\frac{1}{2}$"], ["so it is $\\boxed{0.5}$"])
    assert score == 1.0
    assert texts is not None and len(texts) == 2 and all(isinstance(t, str) for t in texts[0] + texts[1])
    score, _ = metric(["$\\frac{1}{2}$"], ["so it is $\\boxed{0.6}$"])
    assert score == 0.0


def test_math_metric_aggregates_predictions() -> None:
    metric = math_metric(aggregation_function=lambda xs: sum(xs) / len(xs))
    score, _ = metric(["4"], ["it is 4", "it is 5"])
    assert score == 0.5


def test_math_metric_gold_without_answer_raises() -> None:
    metric = math_metric()
    with pytest.raises(ValueError):
        metric([PROSE], ["4"])


# --- Math-Verify expectations that are wrong, asserted the right way round (see KNOWN_DIFFERENCES.md) ------------------


def test_text_wrapped_number_is_the_number() -> None:
    assert verify(parse("$\\text{13}$"), parse("$13$"))
    assert not verify(parse("$\\text{13}$"), parse("$14$"))


def test_sign_matters() -> None:
    assert not verify(parse("$1 - \\frac{1}{\\mathrm{e}}$"), parse("$1 + \\frac{1}{\\mathrm{e}}$"))
    assert verify(parse("$1 - \\frac{1}{\\mathrm{e}}$"), parse("$1 - e^{-1}$"))


def test_inline_math_may_span_lines() -> None:
    assert verify(parse("$9$"), parse("Answer $ \n 9 \n $"))
    assert verify(parse("$9$"), parse("Answer \\( \n 9 \n \\)"))
    assert not verify(parse("$9$"), parse("Answer \\( \n 8 \n \\)"))


def test_gamma_function() -> None:
    assert verify(parse("$24$"), parse("$\\Gamma(5)$"))
    assert not verify(parse("$120$"), parse("$\\Gamma(5)$"))


def test_capital_gamma_is_not_euler_s_constant() -> None:
    assert not verify(parse("$\\gamma \\cdot 2$"), parse("$\\Gamma * 2$"))
    assert verify(parse("$\\Gamma \\cdot 2$"), parse("$2\\Gamma$"))


# --- hostile input ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "junk",
    [
        "$" * 50_000,
        "\\boxed{" * 20_000,
        "{" * 30_000 + "}" * 10,
        "9^{9^{9^{9^{9}}}}",
        "\\frac{" * 5_000 + "1",
        "1" * 100_000,
    ],
    ids=["dollars", "open-boxes", "braces", "power-tower", "nested-fracs", "long-number"],
)
def test_hostile_input_never_raises(junk: str) -> None:
    got = parse(junk)
    assert isinstance(got, list)
    assert verify(got, got) in (True, False)
    assert not verify(parse("$2$"), parse(junk))


hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789+-*/^=,.()[]{}$\\ abxyfracsqrtboxed")), max_size=60))
def test_parse_and_verify_never_raise(text: str) -> None:
    got = parse(text)
    assert isinstance(got, list)
    assert all(isinstance(x, (ParsedAnswer, str)) for x in got)
    assert isinstance(verify(got, parse(text)), bool)
