"""A box offered as another answer ("Alternatively, $\\boxed{42}$", "(also $\\boxed{42}$)", "$\\boxed{42}$ also
works") beside an answer the output stated before it is one of two answers: the output commits to neither when the
two differ; when they are the same value, or nothing was stated before, the box is the answer."""
import pytest

import mathgrade
from mathgrade._extract import offered_as_another

OFFERS = ["Alternatively, $\\boxed{V}$.", "Or $\\boxed{V}$.", "Also $\\boxed{V}$ by a different count.",
          "A second answer is $\\boxed{V}$.", "$\\boxed{V}$ also works.", "Another valid answer is $\\boxed{V}$."]
STATED = ["The answer is 43.", "Final answer: 43.", "#### 43\n", "<answer>43</answer>", "**Answer:** 43\n\n"]


@pytest.mark.parametrize("offer", OFFERS)
@pytest.mark.parametrize("stated", STATED)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_box_offered_beside_another_stated_answer_is_ambiguous(stated: str, offer: str, policy: str) -> None:
    verdict = mathgrade.grade(stated + " " + offer.replace("V", "42"), "42", policy=policy)
    assert not verdict.correct, verdict.explain()  # (ambiguous; the box refused; or the stated answer taken, 43)
    assert verdict.status.value in ("ambiguous", "no_answer") or verdict.answer is not None and \
        verdict.answer.text == "43", verdict.explain()


@pytest.mark.parametrize("offer", OFFERS)
@pytest.mark.parametrize("stated", [s for s in STATED if "<answer>" not in s])  # ("<answer>43</answer> Or": hedged)
def test_the_same_answer_offered_again_is_the_answer(stated: str, offer: str) -> None:
    verdict = mathgrade.grade(stated + " " + offer.replace("V", "43"), "43", policy="reward")
    assert verdict.correct, verdict.explain()


@pytest.mark.parametrize("offer", [o for o in OFFERS if "Another" not in o])  # ("another valid answer": hedged)
def test_a_box_offered_with_nothing_stated_before_is_the_answer(offer: str) -> None:
    for head in ("", "We found x = 3. ", "Using the formula, "):
        assert mathgrade.grade(head + offer.replace("V", "42"), "42", policy="reward").correct, head + offer


@pytest.mark.parametrize("output,offered", [
    ("The answer is 43. Alternatively, $\\boxed{42}$.", True), ("Answer: 43 (also $\\boxed{42}$)", True),
    ("The answer is 43. $\\boxed{42}$ works too.", True),
    ("In other words, the answer is $\\boxed{42}$.", False), ("So the answer is $\\boxed{42}$.", False),
    ("The other case gives 41, which is too small. So the answer is $\\boxed{42}$.", False),
    ("The answer is $\\boxed{42}$, also in the other units.", False),
])
def test_the_words_that_offer_a_box(output: str, offered: bool) -> None:
    at = output.index("\\boxed{") + len("\\boxed{")
    assert (offered_as_another(output, at, at + 2) >= 0) is offered


@pytest.mark.parametrize("separator", [" ", ", ", " and", " ,\n"])
def test_a_long_run_before_the_offer_is_read_once(separator: str) -> None:
    """The text before the offering words is cut of the marks and joining words it ends with; a regex anchored at the
    end tried every start of a long run of them (40,000 characters took 48 s, past any time limit)."""
    output = "The answer is 43." + separator * 20_000 + "x. Alternatively, $\\boxed{42}$."
    verdict = mathgrade.grade(output, "42", policy="reward")
    assert verdict.status.value == "ambiguous", verdict.explain()


@pytest.mark.parametrize("head,cut", [
    ("The answer is 43, and ", "The answer is 43"), ("43; but\n", "43"), ("43 — so, ", "43"), ("43 band ", "43 band"),
    ("43 x_and", "43 x_and"), ("43 AND (", "43"), ("and", ""), ("", ""), ("43.", "43."), ("43 then while", "43"),
])
def test_the_joining_end_cut(head: str, cut: str) -> None:
    from mathgrade.grader import _without_joining_end
    assert _without_joining_end(head) == cut


@pytest.mark.parametrize("before,offered", [
    ("The answer is 43. *Or* ", True), ("The answer is 43.Or ", True), ("The answer is 43. _or_ ", True),
    ("The answer is 43. For more, ", False), ("The answer is 43. Therefore ", False),
    ("The answer is 43. Work: ", False),
])
def test_an_or_counts_only_as_a_word(before: str, offered: bool) -> None:
    output = before + "$\\boxed{42}$."
    at = output.index("\\boxed{") + len("\\boxed{")
    assert (offered_as_another(output, at, at + 2) >= 0) is offered
