"""The public API's shape: names, types, options validation, Verdict methods."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import mathgrade
from mathgrade import Answer, Candidate, Options, Status, Verdict


def test_public_names() -> None:
    for name in ("grade", "extract", "read", "Verdict", "Status", "Answer", "Candidate", "Options", "__version__"):
        assert hasattr(mathgrade, name), name
    assert set(mathgrade.__all__) >= {"grade", "extract", "Verdict", "Status"}


def test_statuses_are_the_documented_ones() -> None:
    assert {s.value for s in Status} == {
        "correct", "incorrect", "no_answer", "ambiguous", "unparsable", "timeout", "invalid_gold", "error",
        "bad_row",
    }


def test_correct_verdict_shape() -> None:
    output = "We add them up.\nThe answer is 42."
    v = mathgrade.grade(output, "42")
    assert isinstance(v, Verdict)
    assert v.correct is True and bool(v) is True and float(v) == 1.0
    assert v.status is Status.CORRECT
    assert isinstance(v.answer, Answer)
    assert output[v.answer.start:v.answer.end].strip() == v.answer.text == "42"
    assert v.answer.rule and v.rule and v.reason


def test_incorrect_verdict_is_falsy() -> None:
    v = mathgrade.grade("The answer is 41.", "42")
    assert v.correct is False and not v and float(v) == 0.0
    assert v.status is Status.INCORRECT


def test_no_answer() -> None:
    v = mathgrade.grade("I am not sure how to solve this.", "42")
    assert not v
    assert v.status is Status.NO_ANSWER
    assert v.answer is None


def test_to_dict_is_json_ready_and_complete() -> None:
    v = mathgrade.grade("The answer is 42.", "42")
    d = v.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["correct"] is True and d["status"] == "correct"
    assert d["answer"]["text"] == "42"
    assert set(d) >= {"correct", "status", "reason", "rule", "gold", "answer", "answer_value", "gold_value", "error"}


def test_explain_names_answer_gold_and_rule() -> None:
    v = mathgrade.grade("The answer is 41.", "42")
    text = v.explain()
    assert text.splitlines()[0].startswith("INCORRECT")
    assert "'41'" in text and "'42'" in text and v.rule in text


def test_gold_may_be_a_number() -> None:
    assert mathgrade.grade("The answer is 42.", 42).correct
    assert mathgrade.grade("The answer is 42.", 42.0).correct
    assert not mathgrade.grade("The answer is 42.", 43).correct


@pytest.mark.parametrize(
    "options, message",
    [
        ({"polcy": "eval"}, "unknown option 'polcy'"),
        ({"policy": "lenient"}, "policy must be"),
        ({"timeout": 0}, "timeout must be"),
        ({"timeout": -1.0}, "timeout must be"),
        ({"timeout": "5"}, "timeout must be"),
        ({"min_significant_digits": 0}, "min_significant_digits"),
        ({"percent": "yes"}, "percent must be"),
    ],
)
def test_bad_options_raise_value_error(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        mathgrade.grade("42", "42", **options)


def test_good_options_are_accepted() -> None:
    v = mathgrade.grade("The answer is 42.", "42", policy="reward", timeout=1.5, min_significant_digits=4)
    assert isinstance(v, Verdict)
    assert Options().policy == "eval"


@pytest.mark.parametrize("bad", [None, True, b"42", ["42"]])
def test_output_must_be_a_string(bad: object) -> None:
    with pytest.raises(TypeError, match="output must be a str"):
        mathgrade.grade(bad, "42")  # type: ignore[arg-type]


def test_a_number_output_is_read_as_its_text_like_a_gold_number() -> None:
    assert mathgrade.grade(42, "42").correct  # type: ignore[arg-type]
    assert mathgrade.grade(3.0, 3).correct  # type: ignore[arg-type]
    assert not mathgrade.grade(41, "42").correct  # type: ignore[arg-type]


def test_gold_of_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="gold must be"):
        mathgrade.grade("42", None)  # type: ignore[arg-type]


def test_extract_returns_candidates_with_spans() -> None:
    output = "First 3, then 5.\nThe answer is 12."
    cands = mathgrade.extract(output)
    assert cands and all(isinstance(c, Candidate) for c in cands)
    best = cands[0]
    assert best.text == "12"
    assert output[best.start:best.end].strip() == "12"
    assert mathgrade.extract("no numbers here at all") == []


def test_extract_validates_options() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        mathgrade.extract("42", colour="red")


def test_import_does_not_load_sympy() -> None:
    code = "import sys, mathgrade; mathgrade.grade('The answer is 42', '42'); print('sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_gold_may_be_a_whole_solution_with_a_box() -> None:
    solution = "We compute $2 + 3$, so the answer is $\\boxed{5}$."
    v = mathgrade.grade("The answer is 5.", solution)
    assert v.correct and v.gold_value is not None and str(v.gold_value) == "5"
    assert mathgrade.grade("The answer is 6.", solution).status is Status.INCORRECT
    assert mathgrade.grade("The answer is 2.", solution).status is Status.INCORRECT


def test_gold_with_several_boxes_is_one_multi_part_answer() -> None:
    gold = "$\\boxed{1}\\boxed{2}$"
    assert mathgrade.grade("$\\boxed{1,2}$", gold).correct
    assert not mathgrade.grade("$\\boxed{2}$", gold).correct
    assert not mathgrade.grade("$\\boxed{1}$", gold).correct


def test_gold_may_be_a_reference_output_with_a_final_answer_phrase() -> None:
    gold = "It loses 28 of 100. Final Answer: The final answer is $28 \\%$. I hope it is correct."
    assert mathgrade.grade("The answer is $28\\%$.", gold).correct
    assert not mathgrade.grade("The answer is $72\\%$.", gold).correct
    assert not mathgrade.grade("The answer is 100.", gold).correct


def test_verdicts_and_values_survive_pickling() -> None:
    """Verdicts cross process boundaries (grade_many's workers, Ray actors): every field comes back equal."""
    import pickle
    from fractions import Fraction

    from mathgrade.values import Number

    for number in (Number(Fraction(-7, 3)), Number(Fraction(1234, 1000), 3), Number(Fraction(25), None, True),
                   Number(Fraction(30), None, False, True), Number(Fraction(10**40 + 1, 3))):
        back = pickle.loads(pickle.dumps(number))
        assert back == number and (back.places, back.percent, back.degrees) == (number.places, number.percent,
                                                                                 number.degrees)
    v = mathgrade.grade("So $x = \\frac{6}{4}$, i.e. 1.50.", "\\frac32")
    assert pickle.loads(pickle.dumps(v)) == v
