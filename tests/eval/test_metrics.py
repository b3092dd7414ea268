"""pass@k against the closed form on hand-made counts; maj@k over answers clustered by equivalence (equivalent but
different strings are one vote, different answers are not); the scoreboard's results."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

import mathgrade
from mathgrade.evaluation.metrics import AnswerClusters, SampleOutcome, Scoreboard, majority_correct, pass_at_k, \
    percentile
from mathgrade.options import make_options


def closed_form(n: int, c: int, k: int) -> Fraction:
    """1 - C(n-c, k) / C(n, k), exactly."""
    return 1 - Fraction(math.comb(n - c, k), math.comb(n, k))


@pytest.mark.parametrize("n,c", [(1, 0), (1, 1), (2, 1), (5, 0), (5, 2), (8, 3), (10, 10), (16, 1), (64, 7),
                                 (100, 99), (200, 13)])
def test_pass_at_k_equals_the_closed_form_for_every_k(n: int, c: int) -> None:
    for k in range(1, n + 1):
        assert pass_at_k(n, c, k) == pytest.approx(float(closed_form(n, c, k)), abs=1e-12)


def test_pass_at_k_hand_computed_values() -> None:
    assert pass_at_k(4, 1, 1) == pytest.approx(0.25)
    assert pass_at_k(4, 1, 2) == pytest.approx(0.5)  # 1 - C(3,2)/C(4,2) = 1 - 3/6
    assert pass_at_k(4, 2, 2) == pytest.approx(5 / 6)  # 1 - C(2,2)/C(4,2) = 1 - 1/6
    assert pass_at_k(4, 0, 4) == 0.0
    assert pass_at_k(4, 3, 2) == 1.0  # fewer wrong samples than k: always one right
    assert pass_at_k(10, 5, 1) == pytest.approx(0.5)  # pass@1 is the share correct


def test_pass_at_k_is_stable_where_binomials_overflow_floats() -> None:
    # C(2000, 1000) is far beyond a float; the product form stays exact enough
    assert pass_at_k(2000, 1, 1000) == pytest.approx(0.5, abs=1e-9)
    assert pass_at_k(2000, 3, 1) == pytest.approx(3 / 2000)
    assert 0.0 <= pass_at_k(5000, 2, 17) <= 1.0


@pytest.mark.parametrize("n,c,k", [(0, 0, 1), (4, 5, 1), (4, 1, 0), (4, 1, 5), (4, -1, 1)])
def test_pass_at_k_rejects_impossible_counts(n: int, c: int, k: int) -> None:
    with pytest.raises(ValueError):
        pass_at_k(n, c, k)


def test_majority_vote_for_every_k_with_ties_to_the_first_cluster() -> None:
    # samples' clusters and verdicts: cluster 0 is wrong, cluster 1 is right
    clusters = [0, 1, 1, 0, 0, None]
    correct = [False, True, True, False, False, False]
    # k=1: {0:1} -> 0 (wrong); k=2: {0:1,1:1} tie -> 0, seen first (wrong); k=3: 1 leads (right);
    # k=4: tie 2-2 -> 0 (wrong); k=5: 0 leads (wrong); k=6: None does not vote (wrong)
    assert majority_correct(clusters, correct) == [False, False, True, False, False, False]


def test_majority_vote_without_votes_is_not_solved() -> None:
    assert majority_correct([None, None], [False, False]) == [False, False]
    assert majority_correct([None, 0], [False, True]) == [False, True]


def test_the_winning_cluster_is_judged_by_its_first_answer() -> None:
    # a cluster whose first member was graded correct wins: later members' verdicts do not change it
    assert majority_correct([0, 0], [True, False]) == [True, True]
    assert majority_correct([0, 0], [False, True]) == [False, False]


def _cluster_all(outputs, gold):
    opts = make_options()
    clusters = AnswerClusters(opts)
    verdicts = [mathgrade.grade(o, gold) for o in outputs]
    return [clusters.add(v) for v in verdicts], [v.correct for v in verdicts]


def test_equivalent_answers_written_differently_are_one_vote() -> None:
    outputs = ["The answer is $\\boxed{\\frac12}$.", "So we get $\\boxed{0.5}$.", "Answer: $\\boxed{1/2}$",
               "Thus $\\boxed{\\dfrac{1}{2}}$", "It is $\\boxed{3}$.", "Finally $\\boxed{3.0}$", "It is $\\boxed{3}$."]
    clusters, correct = _cluster_all(outputs, "\\frac{1}{2}")
    assert clusters == [0, 0, 0, 0, 1, 1, 1]
    assert correct == [True, True, True, True, False, False, False]
    # string equality would see 5 different answers and let "3" (3 votes) win over 1 vote each; by equivalence
    # 1/2 has 4 votes against 3
    assert majority_correct(clusters, correct)[-1] is True


def test_different_answers_are_never_merged() -> None:
    outputs = ["$\\boxed{100000}$", "$\\boxed{100001}$", "$\\boxed{0.5}$", "$\\boxed{50}$", "$\\boxed{x+1}$",
               "$\\boxed{x-1}$", "$\\boxed{(1,2)}$", "$\\boxed{(2,1)}$"]
    clusters, _ = _cluster_all(outputs, "7")
    assert clusters == list(range(len(outputs)))


def test_wrong_majority_beats_right_minority() -> None:
    outputs = ["$\\boxed{4}$", "$\\boxed{\\frac{8}{2}}$", "$\\boxed{5}$", "$\\boxed{4.0}$"]
    clusters, correct = _cluster_all(outputs, "5")
    assert clusters == [0, 0, 1, 0]
    assert majority_correct(clusters, correct) == [False, False, False, False]


def test_samples_without_an_answer_do_not_vote() -> None:
    outputs = ["I could not solve it.", "$\\boxed{2}$ or maybe $\\boxed{3}$", "$\\boxed{7}$"]
    clusters, correct = _cluster_all(outputs, "7")
    assert clusters == [None, None, 0]
    assert majority_correct(clusters, correct) == [False, False, True]


def test_unreadable_answers_vote_by_their_text() -> None:
    outputs = ["$\\boxed{\\text{Evelyn}}$", "$\\boxed{\\text{ Evelyn }}$", "$\\boxed{\\text{Bob}}$"]
    clusters, _ = _cluster_all(outputs, "\\text{Evelyn}")
    assert clusters[0] == clusters[1] != clusters[2]


def test_percentile_interpolates_between_ranks() -> None:
    assert percentile([], 50) is None
    assert percentile([7.0], 99) == 7.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == pytest.approx(2.5)
    assert percentile(list(map(float, range(101))), 99) == pytest.approx(99.0)


def test_scoreboard_results_on_hand_made_problems() -> None:
    board = Scoreboard()
    o = SampleOutcome
    # problem A (Algebra, level 1): 2 of 3 right, answers cluster 0,0,1 with the right one first
    board.add_problem([o("correct", True, 0, "stop", 10, 100, 1.0), o("correct", True, 0, "stop", 10, 200, 2.0),
                       o("incorrect", False, 1, "length", 10, 300, 3.0)], "Algebra", 1)
    # problem B (Geometry, level 2): none right, one without an answer
    board.add_problem([o("incorrect", False, 0, "stop", 20, 50, 0.5), o("no_answer", False, None, "length", 20, 400,
                                                                         4.0, cached=True),
                       o("request_error", False, None)], "Geometry", 2)
    r = board.results("t", "m", 1.5)
    assert (r["problems"], r["n"], r["samples"]) == (2, 3, 6)
    assert r["accuracy"] == pytest.approx(2 / 6)
    assert r["accuracy_stderr"] == pytest.approx(math.sqrt(((2 / 3 - 1 / 3) ** 2 * 2) / 1 / 2))
    assert r["pass_at_k"] == pytest.approx({"1": (2 / 3 + 0) / 2, "2": (1 + 0) / 2, "3": (1 + 0) / 2})
    assert r["maj_at_k"] == {"1": 0.5, "2": 0.5, "3": 0.5}
    assert r["cutoff_share"] == pytest.approx(2 / 6)
    assert r["no_answer_share"] == pytest.approx(1 / 6)
    assert r["status_counts"] == {"incorrect": 2, "correct": 2, "no_answer": 1, "request_error": 1}
    assert r["failed"] == 1 and r["cached"] == 1
    assert r["by_subject"]["Algebra"] == {"problems": 1, "samples": 3, "accuracy": pytest.approx(2 / 3),
                                          "accuracy_stderr": None,  # one problem: no spread to measure
                                          "pass_at_k": {"1": pytest.approx(2 / 3), "2": 1.0, "3": 1.0},
                                          "maj_at_k": {"1": 1.0, "2": 1.0, "3": 1.0}}
    assert list(r["by_level"]) == ["1", "2"]
    # the standard errors of pass@k and maj@k: a bootstrap over the two problems, for k = 1, 2 and n = 3
    assert set(r["pass_at_k_stderr"]) == set(r["maj_at_k_stderr"]) == {"1", "2", "3"}
    assert r["bootstrap"] == {"resamples": 1000, "seed": 0, "over": "problems"}
    # maj@k is 1 for A and 0 for B at every k: a resample's mean is (A's draws)/2, whose sd is 0.5/sqrt(2)
    assert r["maj_at_k_stderr"]["3"] == pytest.approx(0.5 / math.sqrt(2), rel=0.1)
    assert r["tokens"] == {"prompt_total": 70, "completion_total": 1050, "completion_p50": 200.0,
                           "completion_p99": pytest.approx(396.0)}
    assert r["latency_s"]["p50"] == pytest.approx(2.0)
    assert r["schema_version"] == 1 and r["wall_time_s"] == 1.5


def test_uneven_sample_counts_report_k_up_to_the_smallest() -> None:
    board = Scoreboard()
    board.add_problem([SampleOutcome("correct", True, 0)] * 4)
    board.add_problem([SampleOutcome("incorrect", False, 0)] * 2)
    r = board.results("t", None, 0.0)
    assert r["n"] == 2 and list(r["pass_at_k"]) == ["1", "2"]
    assert r["accuracy"] == pytest.approx(4 / 6)


def test_an_eval_sample_is_graded_with_its_problem() -> None:
    """A multiple-choice task: an answer that names the option by its content is right because the problem lists
    the options (and only then); one that names another option's content is wrong."""
    import io

    from mathgrade.evaluation.client import Completion
    from mathgrade.evaluation.scoring import Sample, Scorer
    from mathgrade.evaluation.tasks import Problem
    from mathgrade.options import make_options

    def sample(problem: Problem, index: int, text: str) -> Sample:
        return Sample(problem, 0, index, None, Completion(text, "stop", None, None, None))

    listed = Problem("mc-1", "Which is largest? (A) 12 (B) 96 (C) 7 (D) 3", "B")
    unlisted = Problem("mc-2", "Which is largest?", "B")
    samples = [sample(listed, 0, "So $\\boxed{96}$."), sample(listed, 1, "So $\\boxed{12}$."),
               sample(unlisted, 0, "So $\\boxed{96}$.")]
    out = io.StringIO()
    scorer = Scorer("mc", make_options(), out, workers=0)
    scorer.run(samples)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(r["problem_id"], r["correct"]) for r in rows] == [("mc-1", True), ("mc-1", False), ("mc-2", False)]


def test_bootstrap_stderr_agrees_with_the_formula_and_is_seeded() -> None:
    """Over many problems the bootstrap standard error of a mean is the sample sd / sqrt(problems) (within a few
    percent at 1000 resamples); a constant has none; the same values give the same numbers every time; the values'
    order does not matter beyond resampling noise; fewer than 2 problems give None."""
    import random

    from mathgrade.evaluation.metrics import bootstrap_stderr

    rng = random.Random(7)
    values = [rng.random() for _ in range(400)]
    mean = sum(values) / len(values)
    formula = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1) / len(values))
    errors = bootstrap_stderr({"x": values, "constant": [0.5] * 400})
    assert errors["x"] == pytest.approx(formula, rel=0.1)
    assert errors["constant"] == 0.0
    assert bootstrap_stderr({"x": values}) == {"x": errors["x"]}  # seeded
    assert bootstrap_stderr({"x": values}, seed=1)["x"] != errors["x"]  # (and the seed is used)
    assert bootstrap_stderr({"x": [1.0]}) == {"x": None}
    half = [1.0] * 200 + [0.0] * 200  # a share of 0.5: sd 0.5, stderr 0.025
    assert bootstrap_stderr({"x": half})["x"] == pytest.approx(0.025, rel=0.1)


def test_reported_ks() -> None:
    from mathgrade.evaluation.metrics import reported_ks

    assert reported_ks(1) == [1] and reported_ks(4) == [1, 2, 4] and reported_ks(6) == [1, 2, 4, 6]
    assert reported_ks(0) == []
