"""The parts of mathgrade's lm-eval integration that need no lm-eval (default suite): the gold of a doc, the
filters, ``process_results``, the task configs' files; and ``mathgrade eval --predictions`` on a samples file of
lm-eval's shape (one row per doc and filter, each with the doc's repeats). ``test_lm_eval.py`` runs lm-eval itself."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Dict, List

import pytest

from mathgrade.cli import main
from mathgrade.integrations.lm_eval import (TASKS_DIR, ExtractAnswer, MajorityVote, gold_of, problem_of,
                                            process_results)


def test_the_gold_is_the_last_box_of_the_solution_not_the_mangled_answer() -> None:
    # minerva math's process_docs turns \cot x into \cotx and \frac9{19} into \frac{9}{{}19}
    doc = {"problem": "Simplify.", "solution": "First $\\boxed{1}$... so it is $\\boxed{\\cot x}$.", "answer": "\\cotx"}
    assert gold_of(doc) == "\\cot x"
    assert process_results(doc, ["We get $\\boxed{\\cot x}$."]) == {"exact_match": 1.0}
    assert process_results(doc, ["We get $\\boxed{\\tan x}$."]) == {"exact_match": 0.0}
    assert gold_of({"question": "q", "answer": "She has 3 + 4 = 7.\n#### 1,234"}) == "1234"
    assert gold_of({"answer": 42}) == "42" and gold_of({"Solution": "x", "Answer": "5"}) == "5"
    assert problem_of({"question": "How many?"}) == "How many?" and problem_of({}) is None


def test_process_results_passes_the_problem_on() -> None:
    doc = {"problem": "How many? (A) 36 (B) 42 (C) 48", "answer": "B"}
    assert process_results(doc, ["So $\\boxed{42}$."])["exact_match"] == 1.0
    assert process_results({"answer": "B"}, ["So $\\boxed{42}$."])["exact_match"] == 0.0
    assert process_results(doc, [["So $\\boxed{42}$.", "So $\\boxed{36}$."]])["exact_match"] == 1.0


def test_majority_vote_groups_by_equivalence() -> None:
    doc = {"problem": "Half of one?", "answer": "\\frac{1}{2}"}
    # by strings, 0.3 wins (2 votes to 1 each); by value, 1/2 wins (3 votes)
    resps = [["It is $\\boxed{0.3}$.", "It is $\\boxed{\\frac12}$.", "It is $\\boxed{0.5}$.", "It is $\\boxed{0.3}$.",
              "It is $\\boxed{1/2}$."]]
    chosen = MajorityVote().apply(resps, [doc])
    assert chosen == ["It is $\\boxed{\\frac12}$."]
    assert process_results(doc, chosen)["exact_match"] == 1.0
    wrong = [["$\\boxed{3}$", "$\\boxed{0.5}$", "$\\boxed{3.0}$", "no answer", "no answer", "no answer"]]
    assert MajorityVote().apply(wrong, [doc]) == ["$\\boxed{3}$"]  # silence does not vote; 3 and 3.0 are one
    assert MajorityVote().apply([["nothing", "at all"]], [doc]) == ["nothing"]


def test_extract_answer_filter() -> None:
    resps = [["So the answer is $\\boxed{\\frac{1}{2}}$.", "We first add the two numbers and then divide by the count."], ["The answer is 7."]]
    assert ExtractAnswer().apply(resps, [{}, {}]) == [["\\frac{1}{2}", ""], ["7"]]
    assert ExtractAnswer(policy="reward").apply([["so it is 7"]], [{}]) == [[""]]
    with pytest.raises(ValueError):
        ExtractAnswer(policy="lenient")


def test_every_task_config_names_what_exists() -> None:
    import mathgrade.integrations.lm_eval as module

    helper = Path(TASKS_DIR) / "mathgrade_lm_eval.py"
    names: Dict[str, Any] = {}
    exec(compile(helper.read_text(encoding="utf-8"), str(helper), "exec"), names)  # noqa: S102 - our own file
    configs = sorted(p for p in os.listdir(TASKS_DIR) if p.endswith(".yaml"))
    assert {"mathgrade_math500.yaml", "mathgrade_gsm8k.yaml", "mathgrade_aime24.yaml"} <= set(configs)
    for config in configs:
        text = (Path(TASKS_DIR) / config).read_text(encoding="utf-8")
        for ref in re.findall(r"!function mathgrade_lm_eval\.(\w+)", text):
            assert callable(names[ref]), (config, ref)
        if not config.startswith("_"):
            assert f"task: {config[:-5]}" in text and "include: _mathgrade_base.yaml" in text
    assert module.__all__


def _lm_eval_file(path: Path, filters: List[str], docs: int, repeats: int) -> None:
    """A samples file as lm-eval writes it: one row per doc and filter; ``resps`` holds the doc's repeats."""
    with open(path, "w", encoding="utf-8") as f:
        for filt in filters:
            for d in range(docs):
                resps = [[f"So the answer is $\\boxed{{{d if k % 2 else d + 1}}}$." for k in range(repeats)]]
                f.write(json.dumps({"doc_id": d, "doc": {"id": str(d), "problem": f"P{d}", "answer": str(d)},
                                    "target": str(d), "arguments": {}, "resps": resps,
                                    "filtered_resps": [resps[0][0]], "filter": filt, "metrics": ["exact_match"],
                                    "exact_match": 0.0}) + "\n")


def test_rescoring_an_lm_eval_file_keeps_one_filter_and_counts_repeats(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "samples_gsm8k.jsonl"
    _lm_eval_file(path, ["strict-match", "flexible-extract"], docs=5, repeats=4)
    base = ["eval", "--predictions", str(path), "--response-field", "resps", "--predictions-key", "doc_id",
            "--gold-field", "doc.answer", "--workers", "0"]
    assert main(base + ["-o", str(tmp_path / "a")]) == 0
    said = capsys.readouterr()
    results = json.loads((tmp_path / "a" / "results.json").read_text())
    assert results["samples"] == 20 and results["problems"] == 5 and results["n"] == 4  # not 40, not pass@8
    assert results["accuracy"] == pytest.approx(0.5)
    assert "20 samples (5 problems x 4)" in said.err  # the run's details; the table goes to stdout
    assert "scored the rows of filter 'strict-match'" in said.err and "'flexible-extract'" in said.err
    assert main(base + ["-o", str(tmp_path / "b"), "--filter", "flexible-extract"]) == 0
    assert "filter 'flexible-extract'" in capsys.readouterr().err
    assert main(base + ["-o", str(tmp_path / "c"), "--filter", "strict"]) != 0
    assert "its filters are 'strict-match', 'flexible-extract'" in capsys.readouterr().err


def test_a_file_covering_part_of_the_task_is_said(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "samples.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        for i in range(3):
            f.write(json.dumps({"idx": i, "response": "$\\boxed{1}$"}) + "\n")
    assert main(["eval", "--predictions", str(path), "--task", "gsm8k", "--predictions-key", "idx", "--match-by",
                 "index", "--workers", "0", "-o", str(tmp_path / "o")]) == 0
    said = capsys.readouterr()
    assert "the file answers 3 of the 1319 problems of the task gsm8k" in said.out + said.err
    assert main(["eval", "--predictions", str(path), "--task", "gsm8k", "--predictions-key", "idx", "--match-by",
                 "index", "--workers", "0", "--limit", "3", "-o", str(tmp_path / "p")]) == 0
    assert "the file answers" not in capsys.readouterr().out
