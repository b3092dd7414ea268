"""The data of the report's per-problem view and of its comparison of runs by problem, without a browser: each
problem's samples, clusters, pass and maj (checked against ``results.json`` and against counts made here from
``samples.jsonl``); two runs with the same answers in another order agree fully; a changed answer lowers agreement by
its share; answers are matched across runs by equivalence, not by text; the problem text taken back from prompts."""

from __future__ import annotations

import base64
import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List

import pytest
from _report_runs import graded_file, read_jsonl, reordered, samples, write_eval_run

from mathgrade.report import Grading, load_run
from mathgrade.report._page import encode_rows
from mathgrade.report._problems import problem_agreements, problem_stats, problems_payload
from mathgrade.report._sources import problem_from_prompt
from mathgrade.report._summary import agreements

pytest.importorskip("jinja2")

QWEN = "qwen2.5-math-cot"


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Path]:
    """The 96 Qwen outputs (12 problems x 8) as one run; the same answers with each problem's samples reversed;
    and that reversed run with one sample's answer changed."""
    tmp = tmp_path_factory.mktemp("runs")
    rows = samples(QWEN)
    flipped = reordered(rows)
    changed = [dict(r) for r in flipped]
    changed[3] = dict(changed[3], response="So the answer is $\\boxed{999999}$.")
    return {"a": write_eval_run(tmp / "a", rows, model=QWEN),
            "b": write_eval_run(tmp / "b", flipped, model=QWEN + " reversed"),
            "c": write_eval_run(tmp / "c", changed, model=QWEN + " changed")}


def test_each_problem_its_samples_clusters_pass_and_maj(runs: Dict[str, Path]) -> None:
    run = load_run(str(runs["a"]))
    lines = read_jsonl(runs["a"] / "samples.jsonl")
    results = json.loads((runs["a"] / "results.json").read_text())
    stats = problem_stats(run)
    assert [p.key for p in stats] == list(dict.fromkeys(r["problem_id"] for r in lines)) and len(stats) == 12
    for p in stats:
        mine = [r for r in lines if r["problem_id"] == p.key]
        assert [lines[i]["sample_index"] for i in p.rows] == list(range(8))
        assert p.correct == sum(r["correct"] for r in mine) and p.solved == any(r["correct"] for r in mine)
        counts = Counter(r["cluster"] for r in mine)
        assert sorted(c.samples for c in p.clusters) == sorted(counts.values())
        for c in p.clusters:
            first = lines[c.first]
            assert first["problem_id"] == p.key
            cluster = first["cluster"] if c.vote else None
            assert counts[cluster] == c.samples
            # the first sample of its cluster
            assert first["sample_index"] == min(r["sample_index"] for r in mine if r["cluster"] == cluster)
        voting = [c.samples for c in p.clusters if c.vote]
        assert voting == sorted(voting, reverse=True)
    # Their means over problems are results.json's pass@n and maj@n.
    assert sum(p.solved for p in stats) / 12 == pytest.approx(results["pass_at_k"]["8"])
    assert sum(p.majority for p in stats) / 12 == pytest.approx(results["maj_at_k"]["8"])
    assert problem_stats(load_run(str(graded_file(runs["a"].parent, [{"answer": "1", "gold": "1"}])),
                                  Grading(workers=0))) == []


def test_the_same_answers_in_another_order_agree_fully(runs: Dict[str, Path]) -> None:
    a, b = load_run(str(runs["a"])), load_run(str(runs["b"]))
    # Pairing samples by index would see disagreements that are not there.
    by_index = {(s.key, s.sample): s.correct for s in a.samples}
    assert sum(by_index[(s.key, s.sample)] != s.correct for s in b.samples) >= 5
    [c] = problem_agreements([a, b])
    assert c.problems == 12 and c.only_a == c.only_b == 0
    assert c.answer_agreement == 1.0 and c.majority_agreement == 1.0
    assert c.accuracy_gap == 0.0 and c.differing == 0 and c.accuracy_differs == 0
    assert agreements([a, b]) == []  # no matrix of samples paired by index


def test_a_changed_answer_lowers_agreement_by_its_share(runs: Dict[str, Path]) -> None:
    a, c_run = load_run(str(runs["a"])), load_run(str(runs["c"]))
    changed = c_run.samples[3]
    assert changed.extracted == "999999" and changed.cluster is not None
    original = next(s for s in a.samples if s.key == changed.key and s.sample == 7 - (changed.sample or 0))
    assert original.cluster is not None  # it voted for an answer that now lost one of its 8 samples
    [c] = problem_agreements([a, c_run])
    assert c.overlap[changed.key] == pytest.approx(7 / 8)
    assert all(v == 1.0 for k, v in c.overlap.items() if k != changed.key)
    assert c.answer_agreement == pytest.approx((11 + 7 / 8) / 12)
    assert c.differing == 1
    lines = [r for r in read_jsonl(runs["a"] / "samples.jsonl") if r["problem_id"] == changed.key]
    top = Counter(r["cluster"] for r in lines if r["cluster"] is not None).most_common()
    # The most common answer stays the same unless the changed sample broke a tie or a one-vote lead.
    lead = top[0][1] - (top[1][1] if len(top) > 1 else 0)
    assert c.same_majority[changed.key] == (original.cluster != top[0][0] or lead > 1)
    assert c.accuracy[changed.key][0] - c.accuracy[changed.key][1] == pytest.approx(original.correct / 8)


NONE = "I am not sure how to solve this problem, sorry about that."
"""An output without an answer (status no_answer: no vote)."""


def _two_sample_run(tmp: Path, name: str, answers: List[str], gold: str = "\\frac{1}{2}") -> Path:
    rows = [{"problem_id": "p1", "sample_index": i, "problem": "Halve one.", "response": text, "gold": gold}
            for i, text in enumerate(answers)]
    return write_eval_run(tmp / name, rows, model=name)


@pytest.mark.parametrize("left, right, overlap, same", [
    (["\\boxed{0.5}", "\\boxed{0.5}"], ["\\boxed{\\frac{1}{2}}", "\\boxed{1/2}"], 1.0, True),  # equivalent forms
    (["\\boxed{x+1}", "\\boxed{3}"], ["\\boxed{3}", "\\boxed{1+x}"], 1.0, True),  # a tie, in another order
    (["\\boxed{3}", "\\boxed{3}"], ["\\boxed{4}", "\\boxed{4}"], 0.0, False),
    (["\\boxed{0.5}", "\\boxed{0.5}"], ["\\boxed{0.51}", "\\boxed{0.5}"], 0.5, False),  # tied in B only
    (["\\boxed{\\frac{1}{2}}", NONE], ["\\boxed{2}", NONE], 0.5, False),  # no answer in both: agreed on
    ([NONE, NONE], ["\\boxed{2}", NONE], 0.5, False),
    ([NONE, NONE], [NONE, NONE], 1.0, True),
    (["\\boxed{x+1}", "\\boxed{x+1}"], ["\\boxed{x-1}", "\\boxed{x+2}"], 0.0, False),
])
def test_answers_are_matched_across_runs_by_equivalence(tmp_path: Path, left: List[str], right: List[str],
                                                        overlap: float, same: bool) -> None:
    a = load_run(str(_two_sample_run(tmp_path, "a", left)))
    b = load_run(str(_two_sample_run(tmp_path, "b", right)))
    [c] = problem_agreements([a, b])
    assert c.overlap == {"p1": pytest.approx(overlap)} and c.same_majority == {"p1": same}


def test_runs_of_one_sample_per_problem_keep_the_matrix(tmp_path: Path) -> None:
    rows = samples("sky-t1-32b")[:6]
    a = load_run(str(write_eval_run(tmp_path / "a", rows, model="a")))
    b = load_run(str(write_eval_run(tmp_path / "b", rows, model="b")))
    assert problem_agreements([a, b]) == []
    [m] = agreements([a, b])
    assert m.agreement == 1.0 and m.rows == 6


def test_problems_are_embedded_with_their_stats_and_comparisons(runs: Dict[str, Path]) -> None:
    a, b = load_run(str(runs["a"])), load_run(str(runs["c"]))
    stats = [problem_stats(a), problem_stats(b)]
    compared = problem_agreements([a, b], stats)
    payload = problems_payload([a, b], stats, compared)
    assert payload is not None
    decoded = json.loads(gzip.decompress(base64.b64decode(encode_rows([a, b], [], payload))))
    assert decoded["problems"] == payload
    keys = payload["keys"]
    assert keys == [p.key for p in stats[0]]
    everything = a.samples + b.samples
    for r, run_stats in enumerate(stats):
        cols = payload["runs"][r]
        for k, p in enumerate(run_stats):
            assert (cols["samples"][k], cols["correct"][k], cols["solved"][k], cols["majority"][k]) == \
                (8, p.correct, int(p.solved), int(p.majority))
            for first, n, vote in cols["clusters"][k]:
                assert everything[first].key == keys[k] and (everything[first].cluster is not None) == bool(vote)
                assert (first >= len(a.samples)) == (r == 1)
            assert sum(n for _, n, _ in cols["clusters"][k]) == 8
    [cmp] = payload["comparisons"]
    assert cmp["b_run"] == 1 and sum(v < 1 for v in cmp["overlap"]) == 1
    assert cmp["same"] == [int(compared[0].same_majority[k]) for k in keys]


# --- the problem above each output -----------------------------------------------------------------------------


def test_the_problem_is_taken_back_out_of_the_prompt() -> None:
    from mathgrade.evaluation.prompts import CHAT_DEFAULT, load_template

    problem = "What is $1+1$?\nGive a number."
    chat = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": CHAT_DEFAULT.render(problem)}]
    assert problem_from_prompt(chat, CHAT_DEFAULT.text) == problem
    few_shot = load_template("minerva_math_4shot")
    assert problem_from_prompt(few_shot.render(problem), few_shot.text) == problem
    # Without a template (a run of predictions made elsewhere): a chat prompt's last user message as it is.
    assert problem_from_prompt(chat, None) == CHAT_DEFAULT.render(problem)
    assert problem_from_prompt([{"role": "user", "content": problem}], CHAT_DEFAULT.text) == problem
    # A completion prompt that does not fit its template is not a problem (a few-shot prompt holds far more).
    assert problem_from_prompt(few_shot.render(problem), None) is None
    assert problem_from_prompt("Problem: x", few_shot.text) is None
    assert problem_from_prompt(None, CHAT_DEFAULT.text) is None
    assert problem_from_prompt([{"role": "assistant", "content": "x"}], None) is None


def test_eval_runs_and_graded_files_carry_their_problem(runs: Dict[str, Path], tmp_path: Path) -> None:
    rows = samples(QWEN)
    by_key = {r["problem_id"]: r["problem"] for r in rows}
    run = load_run(str(runs["a"]))
    assert all(s.problem == by_key[s.key] for s in run.samples)
    # A `problem` field in samples.jsonl is taken as it is.
    lines = read_jsonl(runs["a"] / "samples.jsonl")
    folder = tmp_path / "with-problem"
    folder.mkdir()
    (folder / "config.json").write_text((runs["a"] / "config.json").read_text())
    (folder / "samples.jsonl").write_text("".join(json.dumps(dict(r, problem="P " + r["problem_id"])) + "\n"
                                                  for r in lines))
    assert [s.problem for s in load_run(str(folder)).samples] == ["P " + r["problem_id"] for r in lines]
    graded = graded_file(tmp_path, [{"question": "What is 2+2?", "answer": "It is \\boxed{4}", "gold": "4"},
                                    {"question": "", "answer": "5", "gold": "4"}])
    assert [s.problem for s in load_run(str(graded), Grading(workers=0)).samples] == ["What is 2+2?", None]


def _decoded_problem_column(payload: str) -> List[Any]:
    cols = json.loads(gzip.decompress(base64.b64decode(payload)))["columns"]
    c = cols["problem"]
    return [None if k < 0 else c["dict"][k] for k in c["codes"]]


def test_the_problem_column_is_stored_once_per_problem(runs: Dict[str, Path]) -> None:
    run = load_run(str(runs["a"]))
    assert _decoded_problem_column(encode_rows([run], [])) == [s.problem for s in run.samples]
