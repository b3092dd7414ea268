"""``mathgrade eval`` end to end against the replay server: the run directory as documented, faults that lose and
change nothing, reruns and ``--resume`` that ask only for what is missing (after SIGKILL and Ctrl-C too), failed
requests, and the errors that stop a run before it starts."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from typing import Any, Dict, List, Tuple

import pytest

from mathgrade.cli import main
from mathgrade.evaluation import load_task, pass_at_k
from mathgrade.evaluation.rundir import RunDir
from mathgrade.evaluation.scoring import SAMPLE_KEYS

ReplayServer = Any  # the fixture's class, in conftest.py

CONFIG_KEYS = {"task", "task_source", "model", "base_url", "mode", "system", "prompt_template", "num_fewshot", "n",
               "temperature",
               "top_p", "max_tokens", "seed", "stop", "extra", "limit", "policy", "timeout", "min_significant_digits",
               "percent", "degrees", "match_variables", "allow_interval_as_inequality", "concurrency",
               "request_timeout", "max_retries", "api_key_env", "predictions", "workers", "mathgrade_version",
               "started_at"}
RESULTS_KEYS = {"schema_version", "task", "model", "problems", "n", "samples", "accuracy", "accuracy_stderr",
                "pass_at_k", "maj_at_k", "pass_at_k_stderr", "maj_at_k_stderr", "bootstrap", "cutoff_share", "no_answer_share", "status_counts", "by_subject", "by_level",
                "tokens", "latency_s", "wall_time_s", "failed", "cached"}
VARYING = ("latency_s",)
"""Sample keys that differ between two runs of the same settings."""


def _eval(server: ReplayServer, out: Any, *args: str) -> int:
    return main(["eval", "--model", server.model, "--base-url", server.url, "-o", str(out), "--no-progress",
                 *args])


def _samples(out: Any) -> List[Dict[str, Any]]:
    with open(os.path.join(str(out), "samples.jsonl"), encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _json(out: Any, name: str) -> Dict[str, Any]:
    with open(os.path.join(str(out), name), encoding="utf-8") as f:
        return dict(json.load(f))


def _stable(rows: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in VARYING} for r in rows]


def _metrics(results: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in results.items() if k not in ("wall_time_s", "latency_s", "cached")}


def _asked(server: ReplayServer, task: str) -> Counter:
    """(problem id, sample index) of each chat request the server saw (seed = sample index in these tests)."""
    ids = {" ".join(p.problem.split()): p.id for p in load_task(task).problems}
    return Counter((ids[r["problem"]], r["seed"]) for r in server.requests() if r["problem"] is not None)


def test_the_run_directory_is_as_documented(replay: ReplayServer, tmp_path: Any, capsys: Any) -> None:
    out = tmp_path / "run"
    assert _eval(replay, out, "--task", "math500", "--limit", "6", "--n", "3", "--temperature", "0.7",
                 "--seed", "0") == 0
    printed = capsys.readouterr().out
    assert "|math500|3|eval|0|accuracy|" in printed and "|pass@3|" in printed and "|maj@3|" in printed
    assert "|math500: level|Problems|Accuracy|Stderr|pass@3|maj@3|" in printed
    config = _json(out, "config.json")
    assert set(config) == CONFIG_KEYS
    assert (config["task"], config["model"], config["base_url"], config["n"], config["seed"]) == (
        "math500", replay.model, replay.url, 3, 0)
    assert config["mode"] == "chat" and "{problem}" in config["prompt_template"] and config["max_tokens"] == 4096
    samples = _samples(out)
    assert [(s["problem_id"], s["sample_index"]) for s in samples] == [
        (p.id, i) for p in load_task("math500").problems[:6] for i in range(3)]
    problem = load_task("math500").problems[0]
    for s in samples:
        assert tuple(s) == SAMPLE_KEYS
        assert s["task"] == "math500" and s["finish_reason"] == "stop" and s["subject"] and s["level"]
        if s["extracted"] is not None:
            assert s["response"][s["extracted_start"]:s["extracted_end"]] == s["extracted"]
        assert s["correct"] == (s["status"] == "correct")
    assert samples[0]["prompt"] == [{"role": "user", "content": problem.problem + "\nPlease reason step by step, "
                                     "and put your final answer within \\boxed{}."}]
    assert samples[0]["gold"] == problem.answer and samples[0]["gold_value"] is not None
    results = _json(out, "results.json")
    assert set(results) == RESULTS_KEYS
    assert (results["problems"], results["n"], results["samples"]) == (6, 3, 18)
    assert results["accuracy"] == pytest.approx(sum(s["correct"] for s in samples) / 18)
    by_problem: Dict[str, List[bool]] = {}
    for s in samples:
        by_problem.setdefault(s["problem_id"], []).append(s["correct"])
    for k in (1, 2, 3):
        expected = sum(pass_at_k(3, sum(v), k) for v in by_problem.values()) / 6
        assert results["pass_at_k"][str(k)] == pytest.approx(expected)
    assert set(results["maj_at_k"]) == {"1", "2", "3"}
    assert results["status_counts"] == dict(Counter(s["status"] for s in samples))
    assert sum(g["samples"] for g in results["by_level"].values()) == 18
    assert results["tokens"]["completion_total"] == sum(s["completion_tokens"] for s in samples)
    assert results["failed"] == 0 and results["cached"] == 0
    assert len(_asked(replay, "math500")) == 18


def test_faults_lose_nothing_and_change_nothing(replay: ReplayServer, tmp_path: Any) -> None:
    settings = ["--task", "aime24", "--limit", "8", "--n", "4", "--temperature", "0.8", "--seed", "0",
                "--request-timeout", "2"]
    assert _eval(replay, tmp_path / "clean", *settings) == 0
    replay.reset()
    replay.faults({"kind": "429", "retry_after": 0.1, "share": 0.3, "times": 2, "salt": "a"},
                  {"kind": "500", "share": 0.2, "times": 1, "salt": "b"},
                  {"kind": "503", "share": 0.2, "times": 1, "salt": "c"},
                  {"kind": "drop", "share": 0.2, "times": 1, "salt": "d"},
                  {"kind": "slow", "delay": 4, "share": 0.1, "times": 1, "salt": "e"})
    assert _eval(replay, tmp_path / "faulty", *settings) == 0
    statuses = Counter(r["status"] for r in replay.requests())
    assert statuses[429] and statuses[500] and statuses[503] and statuses[-1]  # the faults did happen
    clean, faulty = _samples(tmp_path / "clean"), _samples(tmp_path / "faulty")
    assert len(faulty) == 32 and len({(s["problem_id"], s["sample_index"]) for s in faulty}) == 32
    assert _stable(faulty) == _stable(clean)
    assert _metrics(_json(tmp_path / "faulty", "results.json")) == _metrics(_json(tmp_path / "clean", "results.json"))
    with sqlite3.connect(str(tmp_path / "faulty" / "cache.sqlite")) as db:
        assert db.execute("SELECT count(*) FROM responses").fetchone()[0] == 32


def test_a_rerun_asks_only_for_what_is_missing(replay: ReplayServer, tmp_path: Any) -> None:
    out = tmp_path / "run"
    common = ["--task", "math500", "--n", "2", "--temperature", "1", "--seed", "0"]
    assert _eval(replay, out, *common, "--limit", "4") == 0
    replay.reset()
    assert _eval(replay, out, *common, "--limit", "7") == 0
    ids = [p.id for p in load_task("math500").problems]
    assert set(_asked(replay, "math500")) == {(pid, i) for pid in ids[4:7] for i in (0, 1)}
    assert _json(out, "results.json")["cached"] == 8 and len(_samples(out)) == 14
    replay.reset()
    assert _eval(replay, out, *common, "--limit", "7") == 0
    assert replay.requests() == []  # every sample cached: the endpoint is not even asked
    replay.reset()
    assert _eval(replay, out, *common, "--limit", "7", "--temperature", "0.5") == 0
    assert len(replay.requests()) == 14  # other sampling parameters: other samples


def _start(server: ReplayServer, out: Any, *args: str) -> "subprocess.Popen[str]":
    return subprocess.Popen([sys.executable, "-m", "mathgrade", "eval", "--model", server.model, "--base-url",
                             server.url, "-o", str(out), "--no-progress", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _cached(out: Any) -> set:
    path = os.path.join(str(out), "cache.sqlite")
    if not os.path.exists(path):
        return set()
    try:
        with sqlite3.connect(path, timeout=10) as db:
            return set(db.execute("SELECT problem_id, sample_index FROM responses").fetchall())
    except sqlite3.OperationalError:  # the table is being created
        return set()


def _wait_for_cached(out: Any, proc: "subprocess.Popen[str]", at_least: int) -> None:
    deadline = time.monotonic() + 120
    while len(_cached(out)) < at_least:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the run never cached enough answers"
        time.sleep(0.05)


RUN = ["--task", "math500", "--limit", "30", "--n", "2", "--temperature", "1", "--seed", "0", "--concurrency", "4"]


def test_sigkill_then_rerun_never_asks_again_for_a_cached_sample(replay: ReplayServer, tmp_path: Any) -> None:
    out = tmp_path / "killed"
    replay.faults({"kind": "slow", "delay": 0.25, "share": 1.0, "times": 1000})
    proc = _start(replay, out, *RUN)
    _wait_for_cached(out, proc, 8)
    proc.kill()
    proc.wait(timeout=60)
    cached = _cached(out)
    assert 8 <= len(cached) < 60
    replay.reset()
    assert _eval(replay, out, *RUN) == 0
    asked = _asked(replay, "math500")
    assert not set(asked) & cached  # no request for a sample that was cached before the kill
    assert set(asked) | cached == {(p.id, i) for p in load_task("math500").problems[:30] for i in (0, 1)}
    assert max(asked.values()) == 1
    assert _eval(replay, tmp_path / "clean", *RUN) == 0
    assert _stable(_samples(out)) == _stable(_samples(tmp_path / "clean"))
    assert _metrics(_json(out, "results.json")) == {**_metrics(_json(tmp_path / "clean", "results.json"))}


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_stops_cleanly_and_resume_finishes(replay: ReplayServer, tmp_path: Any, stop: int) -> None:
    out = tmp_path / "interrupted"
    replay.faults({"kind": "slow", "delay": 0.25, "share": 1.0, "times": 1000})
    proc = _start(replay, out, *RUN)
    _wait_for_cached(out, proc, 8)
    proc.send_signal(stop)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "--resume" in err and "Traceback" not in err
    assert not os.path.exists(out / "results.json")
    cached = _cached(out)
    assert len(_samples(out)) <= len(cached) < 60
    replay.reset()
    assert main(["eval", "--resume", "-o", str(out), "--no-progress"]) == 0
    assert not set(_asked(replay, "math500")) & cached
    assert len(_samples(out)) == 60 and _json(out, "results.json")["cached"] == len(cached)


def test_cut_off_answers_are_counted(replay: ReplayServer, tmp_path: Any) -> None:
    replay.faults({"kind": "length", "share": 0.5, "times": 1000})
    out = tmp_path / "run"
    assert _eval(replay, out, "--task", "math500", "--limit", "10", "--max-tokens", "100000") == 0
    samples = _samples(out)
    cut = sum(s["finish_reason"] == "length" for s in samples)
    assert 0 < cut < 10
    assert _json(out, "results.json")["cutoff_share"] == pytest.approx(cut / 10)
    replay.reset()
    short = tmp_path / "short"  # max_tokens the server honours
    assert _eval(replay, short, "--task", "math500", "--limit", "3", "--max-tokens", "5") == 0
    assert all(s["finish_reason"] == "length" and s["completion_tokens"] <= 5 for s in _samples(short))


def test_reasoning_sent_apart_is_kept_and_only_the_answer_is_graded(replay: ReplayServer, tmp_path: Any) -> None:
    assert _eval(replay, tmp_path / "plain", "--task", "math500", "--limit", "5") == 0
    replay.faults({"kind": "reasoning", "share": 1.0, "times": 1000})
    assert _eval(replay, tmp_path / "split", "--task", "math500", "--limit", "5") == 0
    plain, split = _samples(tmp_path / "plain"), _samples(tmp_path / "split")
    for a, b in zip(plain, split):
        assert a["reasoning"] is None and b["reasoning"] is not None
        assert b["reasoning"] + b["response"] == a["response"]
        assert b["extracted"] == a["extracted"] and b["correct"] == a["correct"]


def _task_file(path: Any, problems: List[Tuple[str, str]]) -> str:
    with open(path, "w", encoding="utf-8") as f:
        for i, (problem, answer) in enumerate(problems):
            f.write(json.dumps({"id": f"q{i}", "problem": problem, "answer": answer}) + "\n")
    return str(path)


def test_failed_requests_are_samples_with_a_status_and_are_retried_next_time(replay: ReplayServer,
                                                                             tmp_path: Any, capsys: Any) -> None:
    known = load_task("math500").problems
    tasks = _task_file(tmp_path / "mixed.jsonl", [(known[0].problem, known[0].answer), ("Unknown to the server", "1"),
                                                  (known[1].problem, known[1].answer)])
    out = tmp_path / "run"
    assert _eval(replay, out, "--task-file", tasks) == 5  # finished, with requests that failed for good
    assert "1 samples got no response" in capsys.readouterr().err
    samples = _samples(out)
    assert [s["status"] for s in samples][1] == "request_error"
    assert samples[1]["response"] is None and "HTTP 400" in samples[1]["reason"] and not samples[1]["correct"]
    results = _json(out, "results.json")
    assert results["failed"] == 1 and results["samples"] == 3 and results["status_counts"]["request_error"] == 1
    replay.reset()
    assert _eval(replay, out, "--task-file", tasks) == 5  # finished, with requests that failed for good
    assert [r["status"] for r in replay.requests()] == [400]  # only the failed sample is asked again


def test_errors_before_the_run_name_the_url(replay: ReplayServer, tmp_path: Any, capsys: Any,
                                            monkeypatch: Any) -> None:
    assert main(["eval", "--task", "math500", "--model", "nope", "--base-url", replay.url, "-o",
                 str(tmp_path / "a"), "--no-progress"]) == 4  # the endpoint cannot serve the run
    assert f"model 'nope' is not served at {replay.url}" in capsys.readouterr().err
    assert main(["eval", "--task", "math500", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "-o",
                 str(tmp_path / "b"), "--no-progress"]) == 4
    assert "cannot reach http://127.0.0.1:9/v1" in capsys.readouterr().err
    unknown_first = _task_file(tmp_path / "t.jsonl", [("Unknown to the server", "1")] * 1 +
                               [(p.problem, p.answer) for p in load_task("math500").problems[:40]])
    assert _eval(replay, tmp_path / "c", "--task-file", unknown_first) == 4
    err = capsys.readouterr().err
    assert f"the first request to {replay.url} failed" in err and "HTTP 400" in err
    assert len(replay.requests()) == 1  # one request, not forty
    monkeypatch.delenv("MG_NO_SUCH_KEY", raising=False)
    assert _eval(replay, tmp_path / "d", "--task", "math500", "--api-key-env", "MG_NO_SUCH_KEY") == 2
    assert "--api-key-env names the environment variable MG_NO_SUCH_KEY, which is not set" in capsys.readouterr().err
    assert _eval(replay, tmp_path / "e", "--task", "math500", "--extra", "[1]") == 2
    assert "--extra must be a JSON object" in capsys.readouterr().err
    assert _eval(replay, tmp_path / "f", "--task", "nosuch") == 2
    assert "unknown task 'nosuch'" in capsys.readouterr().err


def test_the_api_key_is_sent_but_never_written(replay: ReplayServer, tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("MG_TEST_KEY", "sk-secret-4242")
    out = tmp_path / "run"
    assert _eval(replay, out, "--task", "math500", "--limit", "2", "--api-key-env", "MG_TEST_KEY") == 0
    assert {r["authorization"] for r in replay.requests()} == {"Bearer sk-secret-4242"}
    assert _json(out, "config.json")["api_key_env"] == "MG_TEST_KEY"
    for name in os.listdir(out):
        with open(out / name, "rb") as f:
            assert b"sk-secret-4242" not in f.read(), name


def test_completion_mode_sends_the_few_shot_prompt(replay: ReplayServer, tmp_path: Any) -> None:
    out = tmp_path / "run"
    assert _eval(replay, out, "--task", "math500", "--limit", "2", "--mode", "completion") == 0
    config = _json(out, "config.json")
    assert (config["mode"], config["prompt_template"], config["stop"]) == ("completion", "minerva_math_4shot",
                                                                          ["Problem:"])
    sample = _samples(out)[0]
    assert isinstance(sample["prompt"], str) and sample["prompt"].endswith("\n\nSolution:")
    assert {r["path"] for r in replay.requests()} == {"/v1/completions"}


def test_resume_keeps_the_runs_settings(replay: ReplayServer, tmp_path: Any, capsys: Any) -> None:
    assert main(["eval", "--resume", "-o", str(tmp_path / "empty"), "--no-progress"]) == 2
    assert "nothing to resume" in capsys.readouterr().err
    out = tmp_path / "run"
    assert _eval(replay, out, "--task", "math500", "--limit", "2") == 0
    assert main(["eval", "--resume", "-o", str(out), "--model", "other", "--no-progress"]) == 2
    assert "leave out --model" in capsys.readouterr().err


def test_one_run_at_a_time_per_directory(replay: ReplayServer, tmp_path: Any, capsys: Any) -> None:
    out = tmp_path / "run"
    with RunDir(str(out)):
        assert _eval(replay, out, "--task", "math500", "--limit", "1") == 2
    assert "another mathgrade eval is writing" in capsys.readouterr().err
    (tmp_path / "file").write_text("x")
    assert _eval(replay, tmp_path / "file", "--task", "math500", "--limit", "1") == 2


def _rescore(out: Any, *args: str) -> int:
    return main(["eval", "-o", str(out), "--no-progress", *args])


def test_rescoring_a_runs_samples_gives_the_same_results(replay: ReplayServer, tmp_path: Any) -> None:
    live = tmp_path / "live"
    assert _eval(replay, live, "--task", "aime24", "--limit", "5", "--n", "3", "--temperature", "1",
                 "--seed", "1") == 0
    again = tmp_path / "again"
    assert _rescore(again, "--predictions", str(live / "samples.jsonl"), "--task", "aime24") == 0
    assert _samples(again) == _samples(live)
    assert _metrics(_json(again, "results.json")) == {**_metrics(_json(live, "results.json")), "model": None}
    assert _json(again, "config.json")["predictions"]["path"] == str(live / "samples.jsonl")
    assert not os.path.exists(again / "predictions.tmp.sqlite")


def test_rescoring_other_harnesses_files(tmp_path: Any) -> None:
    task = load_task("math500").problems
    right, wrong = "so the answer is $\\boxed{%s}$", "so the answer is $\\boxed{-12345}$"
    # Qwen2.5-Math's evaluation writes one row per problem with its n outputs in a list, keyed by position
    qwen = tmp_path / "qwen.jsonl"
    with open(qwen, "w", encoding="utf-8") as f:
        for i in (2, 0, 1):  # any order
            f.write(json.dumps({"idx": i, "code": [right % task[i].answer, wrong]}) + "\n")
    out = tmp_path / "qwen"
    assert _rescore(out, "--predictions", str(qwen), "--task", "math500", "--response-field", "code",
                    "--predictions-key", "idx", "--match-by", "index") == 0
    results = _json(out, "results.json")
    assert (results["problems"], results["n"], results["accuracy"]) == (3, 2, 0.5)
    assert results["pass_at_k"] == {"1": 0.5, "2": 1.0}
    assert [(s["problem_id"], s["sample_index"], s["correct"]) for s in _samples(out)] == [
        (task[i].id, j, j == 0) for i in (0, 1, 2) for j in (0, 1)]
    # lm-evaluation-harness writes responses nested in lists, and keeps the problem's text
    lm_eval = tmp_path / "lm_eval.jsonl"
    with open(lm_eval, "w", encoding="utf-8") as f:
        f.write(json.dumps({"doc_id": 3, "doc": {"problem": "  " + task[3].problem.replace(" ", "\n", 1)},
                            "resps": [[wrong], [right % task[3].answer]]}) + "\n")
    out = tmp_path / "lm_eval"
    assert _rescore(out, "--predictions", str(lm_eval), "--task", "math500", "--response-field", "resps",
                    "--predictions-key", "doc.problem", "--match-by", "problem") == 0
    assert [s["correct"] for s in _samples(out)] == [False, True]
    # no task: the file's own gold answers; several rows per problem
    own = tmp_path / "own.csv"
    own.write_text("qid,output,gold\nA,\"$\\boxed{\\frac12}$\",0.5\nA,\"$\\boxed{0.5}$\",0.5\nB,\"$\\boxed{3}$\",4\n"
                   "A,\"$\\boxed{2}$\",0.5\n", encoding="utf-8")
    out = tmp_path / "own"
    assert _rescore(out, "--predictions", str(own), "--response-field", "output", "--predictions-key", "qid",
                    "--gold-field", "gold") == 0
    results = _json(out, "results.json")
    assert (results["problems"], results["samples"], results["n"]) == (2, 4, 1)
    samples = _samples(out)
    assert [(s["problem_id"], s["sample_index"], s["cluster"]) for s in samples] == [
        ("A", 0, 0), ("A", 1, 0), ("A", 2, 1), ("B", 0, 0)]
    assert results["maj_at_k"] == {"1": 0.5}


def test_rescoring_errors_say_which_row(tmp_path: Any, capsys: Any) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"problem_id": "no/such/problem.json", "response": "1"}) + "\n", encoding="utf-8")
    assert _rescore(tmp_path / "o", "--predictions", str(bad), "--task", "math500") == 2
    err = capsys.readouterr().err
    assert "row 1" in err and "matches no problem of the task math500" in err
    assert _rescore(tmp_path / "o", "--predictions", str(bad)) == 2
    assert "--gold-field must name the column of the gold answer" in capsys.readouterr().err
    assert _rescore(tmp_path / "o", "--predictions", str(bad), "--task", "math500", "--temperature", "1") == 2
    assert "only apply when asking a model" in capsys.readouterr().err


def test_a_full_disk_stops_the_run_clearly_and_loses_no_committed_answer(replay: ReplayServer,
                                                                         tmp_path: Any) -> None:
    import resource

    out = tmp_path / "full"
    limit = 100_000  # bytes any file of the run may hold: the cache's log or samples.jsonl outgrows it

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    # graded in the process (--workers 0): this test is about the run's own error, not about starting workers
    args = ["--task", "math500", "--limit", "60", "--n", "2", "--temperature", "1", "--seed", "0", "--workers", "0"]
    proc = subprocess.run([sys.executable, "-m", "mathgrade", "eval", "--model", replay.model, "--base-url",
                           replay.url, "-o", str(out), "--no-progress", *args], capture_output=True, text=True,
                          preexec_fn=small_disk, timeout=300)
    assert proc.returncode == 2, proc.stderr
    assert "cannot write" in proc.stderr and "Traceback" not in proc.stderr
    cached = _cached(out)
    replay.reset()
    assert _eval(replay, out, *args) == 0
    assert not set(_asked(replay, "math500")) & cached
    assert len(_samples(out)) == 120


def test_evaluate_runs_inside_a_running_event_loop(replay: ReplayServer, tmp_path: Any) -> None:
    """From a notebook (whose event loop is running), :func:`evaluate` works all the same."""
    import asyncio

    from mathgrade.evaluation import EvalSettings, Prompter, evaluate

    task = load_task("math500")
    settings = EvalSettings(task, replay.model, replay.url, Prompter.make("chat", None, None, task.few_shot), limit=3)

    async def notebook_cell() -> Any:
        return evaluate(settings, str(tmp_path / "run"))

    outcome = asyncio.run(notebook_cell())
    assert outcome.complete and outcome.results is not None and outcome.results["samples"] == 3


def test_an_answer_over_the_size_limit_is_not_read_whole(replay: ReplayServer, tmp_path: Any, capsys: Any,
                                                         monkeypatch: Any) -> None:
    import mathgrade.evaluation.client as client

    monkeypatch.setattr(client, "MAX_RESPONSE_BYTES", 100)  # (every recorded answer is longer)
    assert _eval(replay, tmp_path / "run", "--task", "math500", "--limit", "2") == 4
    err = capsys.readouterr().err
    assert "is larger than 9.53674e-05 MiB; it was not read whole" in err and err.count("\n") == 1
