"""``mathgrade eval`` as users of lm-eval and NeMo-Skills run it, against the replay server: several benchmarks with
their own sample counts in one run, results that are never overwritten, the markdown table and its JSON, progress
lines in a log, dry runs that ask nothing, generation keywords reaching the server, few-shot prompts, and seeds."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from typing import Any

import pytest

from mathgrade.cli import main
from mathgrade.evaluation import load_task

ReplayServer = Any  # the fixture's class, in conftest.py


def _eval(server: ReplayServer, *args: str) -> int:
    return main(["eval", "--model", server.model, "--base-url", server.url, "--no-progress", *args])


def _json(path: Any) -> dict[str, Any]:
    with open(str(path), encoding="utf-8") as f:
        return dict(json.load(f))


def _lines(path: Any) -> list[dict[str, Any]]:
    with open(str(path), encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _table(text: str) -> list[list[str]]:
    """The rows of the first markdown table in ``text`` (without its alignment row), as cells."""
    rows, started = [], False
    for line in text.splitlines():
        if line.startswith("|"):
            started = True
            cells = line[1:-1].split("|")
            if not all(c and set(c) <= set("-:") for c in cells):
                rows.append(cells)
        elif started:
            break
    return rows


def _metrics_of(rows: list[list[str]]) -> dict[tuple, tuple]:
    """{(task, metric): (value, stderr)} of a summary table, the blank task cells filled from the row above."""
    head, out, task = rows[0], {}, ""
    for row in rows[1:]:
        cell = dict(zip(head, row))
        task = cell["Task"] or task
        out[(task, cell["Metric"])] = (cell["Value"], cell["Stderr"])
    return out


def _snapshot(folder: Any) -> dict[str, bytes]:
    """Every file under ``folder`` but the cache, by relative path, with its bytes."""
    out = {}
    for root, _, files in os.walk(str(folder)):
        for name in files:
            if not name.startswith("cache.sqlite"):
                path = os.path.join(root, name)
                with open(path, "rb") as f:
                    out[os.path.relpath(path, str(folder))] = f.read()
    return out


# --- several benchmarks --------------------------------------------------------------------------------------------


def test_two_benchmarks_with_their_own_sample_counts(replay: ReplayServer, tmp_path: Any, capsys: Any) -> None:
    out = tmp_path / "out"
    assert _eval(replay, "--tasks", "aime24:3,amc23:2", "--limit", "4", "--temperature", "1", "--seed", "0",
                 "-o", str(out)) == 0
    printed = capsys.readouterr()
    assert sorted(os.listdir(out)) == ["aime24", "amc23", "summary.json"]
    for task, n in (("aime24", 3), ("amc23", 2)):
        results = _json(out / task / "results.json")
        assert (results["task"], results["problems"], results["n"], results["samples"]) == (task, 4, n, 4 * n)
        samples = _lines(out / task / "samples.jsonl")
        assert [(s["problem_id"], s["sample_index"]) for s in samples] == [
            (p.id, i) for p in load_task(task).problems[:4] for i in range(n)]
        assert _json(out / task / "config.json")["n"] == n
    asked = [(r["body"]["messages"][-1]["content"].split("\n")[0], r["seed"]) for r in replay.requests()]
    assert len(asked) == 4 * 3 + 4 * 2 and len(set(asked)) == len(asked)
    # the table on stdout: each benchmark's metrics, as in its results.json
    metrics = _metrics_of(_table(printed.out))
    for task, n in (("aime24", 3), ("amc23", 2)):
        results = _json(out / task / "results.json")
        assert metrics[(task, "accuracy")] == (f"{results['accuracy']:.4f}", f"{results['accuracy_stderr']:.4f}")
        assert metrics[(task, f"pass@{n}")] == (f"{results['pass_at_k'][str(n)]:.4f}",
                                                f"{results['pass_at_k_stderr'][str(n)]:.4f}")
        assert metrics[(task, "maj@2")][0] == f"{results['maj_at_k']['2']:.4f}"
    assert (("aime24", "pass@4") not in metrics) and (("amc23", "pass@3") not in metrics)
    # the combined summary: the same numbers, and where each run is
    summary = _json(out / "summary.json")
    assert [(r["task"], r["n"], r["dir"]) for r in summary["runs"]] == [
        ("aime24", 3, str(out / "aime24")), ("amc23", 2, str(out / "amc23"))]
    row = next(r for r in summary["table"] if (r["task"], r["metric"]) == ("amc23", "accuracy"))
    assert row["value"] == _json(out / "amc23" / "results.json")["accuracy"] and row["seeds"] == 1


def test_a_repeated_task_is_an_error_not_an_override(replay: ReplayServer, tmp_path: Any, capsys: Any) -> None:
    out = tmp_path / "out"
    assert _eval(replay, "--task", "aime24", "--task", "amc23", "-o", str(out)) == 2
    assert "--task was given 2 times (aime24, amc23); run several benchmarks with --tasks aime24,amc23" in \
        capsys.readouterr().err
    assert _eval(replay, "--task", "aime24,amc23", "-o", str(out)) == 2
    assert "use --tasks aime24,amc23" in capsys.readouterr().err
    for spec, said in (("aime24:0", "--tasks gives aime24 a sample count of '0'"),
                       ("aime24,aime24", "names aime24 twice"),
                       ("aime24:x", "sample count of 'x'"), ("a b", "not 'a b'"), (",", "names no benchmark"),
                       ("nope", "nope")):
        assert _eval(replay, "--tasks", spec, "-o", str(out)) == 2, spec
        assert said in capsys.readouterr().err, spec
    assert _eval(replay, "--tasks", "aime24", "--task", "amc23", "-o", str(out)) == 2
    assert not out.exists() and replay.requests() == []


# --- results that are never overwritten --------------------------------------------------------------------------


def test_a_rerun_never_overwrites_a_finished_run(replay: ReplayServer, tmp_path: Any, capsys: Any) -> None:
    out = tmp_path / "run"
    common = ["--task", "aime24", "--limit", "3", "--n", "2", "--temperature", "1", "--seed", "0", "-o", str(out)]
    assert _eval(replay, *common) == 0
    first = _snapshot(out)
    assert sorted(first) == ["config.json", "results.json", "samples.jsonl"]
    # the same command again: that run is finished; nothing is asked, nothing written
    replay.reset()
    capsys.readouterr()
    assert _eval(replay, *common) == 0
    assert replay.requests() == [] and _snapshot(out) == first
    printed = capsys.readouterr()
    assert "finished already" in printed.err and "|aime24|2|eval|0|accuracy|" in printed.out
    # other settings: the finished run's files are kept under the time it started; the new run asks only what
    # the cache lacks
    replay.reset()
    assert _eval(replay, *common, "--limit", "5") == 0
    now = _snapshot(out)
    stamp = _json(out / "config.json")["started_at"]
    kept = {name: data for name, data in now.items() if name not in first}
    assert len(kept) == 3 and sorted(first.values()) == sorted(kept.values())  # byte for byte
    assert all(n.startswith(("config_", "samples_", "results_")) for n in kept)
    assert _json(out / "results.json")["problems"] == 5 and _json(out / "results.json")["cached"] == 6
    assert len(replay.requests()) == 4 and stamp
    assert "kept     the earlier run's files there, renamed:" in capsys.readouterr().err
    # and once more: the earlier runs stay, each under its own name
    assert _eval(replay, *common, "--limit", "2") == 0
    assert len([n for n in os.listdir(out) if n.startswith("results")]) == 3


def test_an_unfinished_run_of_other_settings_is_refused(replay: ReplayServer, tmp_path: Any, capsys: Any) -> None:
    out = tmp_path / "run"
    common = ["--task", "amc23", "--limit", "3", "-o", str(out)]
    assert _eval(replay, *common) == 0
    os.remove(out / "results.json")  # as a run stopped before its end leaves it
    before = _snapshot(out)
    capsys.readouterr()
    assert _eval(replay, *common, "--max-tokens", "100") == 2
    err = capsys.readouterr().err
    assert f"{out} holds an unfinished run with other settings (max_tokens: 4096 there, 100 here)" in err
    assert f"`mathgrade eval --resume -o {out}` continues it; or give this run another -o" in err
    assert _snapshot(out) == before
    replay.reset()
    assert _eval(replay, *common) == 0  # the same settings continue it (from the cache)
    assert replay.requests() == [] and os.path.exists(out / "results.json")


def test_without_output_a_new_folder_under_runs(replay: ReplayServer, tmp_path: Any, monkeypatch: Any,
                                                capsys: Any) -> None:
    monkeypatch.chdir(tmp_path)
    assert _eval(replay, "--task", "amc23", "--limit", "2") == 0
    assert _eval(replay, "--tasks", "amc23,aime24", "--limit", "2") == 0
    folders = sorted(os.listdir("runs"))
    assert len(folders) == 2 and all(f.startswith(replay.model + "-") for f in folders)
    single = next(f for f in folders if os.path.exists(os.path.join("runs", f, "results.json")))
    multi = next(f for f in folders if f != single)
    assert sorted(os.listdir(os.path.join("runs", multi))) == ["aime24", "amc23", "summary.json"]
    assert f"output runs/{multi}" in capsys.readouterr().out


def test_report_without_a_path_shows_the_newest_run(replay: ReplayServer, tmp_path: Any, monkeypatch: Any,
                                                    capsys: Any) -> None:
    pytest.importorskip("jinja2", reason="the report needs jinja2: pip install '.[report]'")
    monkeypatch.chdir(tmp_path)
    assert main(["report"]) == 2
    assert "no run found under runs/" in capsys.readouterr().err
    assert _eval(replay, "--task", "amc23", "--limit", "2", "-o", "runs/old") == 0
    assert _eval(replay, "--tasks", "amc23,aime24", "--limit", "2", "-o", "runs/new") == 0
    os.utime("runs/old/samples.jsonl")  # the older folder's run written last: it is the newest
    capsys.readouterr()
    assert main(["report", "-o", "a.html"]) == 0
    out = capsys.readouterr().out
    assert "runs/old" in out and "runs/new" not in out and os.path.getsize("a.html") > 0
    os.utime("runs/new/aime24/samples.jsonl")  # now a run of the two-benchmark folder: both its runs are shown
    assert main(["report", "-o", "b.html"]) == 0
    out = capsys.readouterr().out
    assert "runs/new/aime24" in out and "runs/new/amc23" in out and "runs/old" not in out


# --- the summary -------------------------------------------------------------------------------------------------


def test_summary_json_on_stdout_and_the_table_on_stderr(replay: ReplayServer, tmp_path: Any, capsys: Any) -> None:
    out = tmp_path / "run"
    assert _eval(replay, "--task", "math500", "--limit", "8", "--n", "4", "--temperature", "1", "--seed", "0",
                 "-o", str(out), "--summary-json", "-") == 0
    printed = capsys.readouterr()
    summary = json.loads(printed.out)
    results = _json(out / "results.json")
    rows = {r["metric"]: r for r in summary["table"]}
    assert list(rows) == ["accuracy", "pass@2", "pass@4", "maj@2", "maj@4"]
    assert rows["accuracy"]["value"] == results["accuracy"] and rows["accuracy"]["stderr"] == results[
        "accuracy_stderr"]
    assert rows["maj@4"]["value"] == results["maj_at_k"]["4"] and rows["maj@4"]["stderr"] == results[
        "maj_at_k_stderr"]["4"]
    assert all(r["stderr"] is not None for r in rows.values())
    assert (rows["pass@4"]["n"], rows["pass@4"]["filter"], rows["pass@4"]["n_shot"]) == (4, "eval", 0)
    # per level and per subject, as in results.json
    assert summary["groups"]["math500"]["level"].keys() == results["by_level"].keys()
    for name, g in summary["groups"]["math500"]["subject"].items():
        assert g["accuracy"] == results["by_subject"][name]["accuracy"]
        assert g["pass@4"] == results["by_subject"][name]["pass_at_k"]["4"]
    assert "|math500|4|eval|0|accuracy|" in printed.err and "|math500: subject|Problems|" in printed.err
    # to a file: the same object, the table on stdout
    assert _eval(replay, "--task", "math500", "--limit", "8", "--n", "4", "--temperature", "1", "--seed", "0",
                 "-o", str(out), "--summary-json", str(tmp_path / "s.json")) == 0
    again = _json(tmp_path / "s.json")
    assert again["table"] == summary["table"] and "|math500|4|eval|0|accuracy|" in capsys.readouterr().out


# --- progress in a log ---------------------------------------------------------------------------------------------


def test_progress_lines_when_stderr_is_a_pipe(replay: ReplayServer, tmp_path: Any) -> None:
    out = tmp_path / "run"
    proc = subprocess.run([sys.executable, "-m", "mathgrade", "eval", "--model", replay.model, "--base-url",
                           replay.url, "--tasks", "aime24:2,amc23", "--limit", "5", "--temperature", "1", "-o",
                           str(out), "--progress-interval", "0.01", "--workers", "0"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.startswith("mathgrade eval: ")]
    assert "\r" not in proc.stderr  # no bar drawn over itself
    for task, total in (("aime24", 10), ("amc23", 5)):
        mine = [line for line in lines if line.startswith(f"mathgrade eval: {task}: ")]
        assert mine, proc.stderr
        done = [int(line.split(": ")[2].split("/")[0]) for line in mine]
        assert done == sorted(done) and done[-1] == total
        assert all(f"/{total} samples (" in line for line in mine)
        last = mine[-1]
        for part in ("(100.0%)", "elapsed ", "ETA 00:00", "in flight 0", "failed 0", "retries 0", " req/s",
                     " tok/s"):
            assert part in last, (part, last)
        accuracy = _json(out / task / "results.json")["accuracy"]
        assert last.endswith(f"acc {accuracy:.3f}")
    # --no-progress: not a line
    quiet = subprocess.run([sys.executable, "-m", "mathgrade", "eval", "--model", replay.model, "--base-url",
                            replay.url, "--task", "amc23", "--limit", "2", "-o", str(tmp_path / "q"),
                            "--no-progress", "--workers", "0"], capture_output=True, text=True, timeout=600)
    assert quiet.returncode == 0 and "mathgrade eval: amc23:" not in quiet.stderr


# --- previews, generation keywords, few-shot prompts ---------------------------------------------------------------


def test_a_dry_run_prints_the_requests_as_sent_and_asks_nothing(replay: ReplayServer, tmp_path: Any,
                                                               capsys: Any) -> None:
    out = tmp_path / "run"
    args = ["--tasks", "aime24:2,amc23", "--limit", "3", "--temperature", "0.6", "--seed", "3", "--gen-kwargs",
            "top_k=20,chat_template_kwargs.enable_thinking=false", "-o", str(out)]
    assert _eval(replay, *args, "--dry-run", "--write-out", "2") == 0
    assert replay.requests() == [] and not out.exists()
    printed = capsys.readouterr().out
    heads = [line for line in printed.splitlines() if line.startswith("# ")]
    assert heads == ["# aime24: request 1 of 2 (problem 60, sample 0 of 2)",
                     "# aime24: request 2 of 2 (problem 61, sample 0 of 2)",
                     "# amc23: request 1 of 2 (problem 0, sample 0 of 1)",
                     "# amc23: request 2 of 2 (problem 1, sample 0 of 1)"]
    decoder = json.JSONDecoder()
    shown = []
    for block in printed.split("\nPOST ")[1:]:
        url, _, body = block.partition("\n")
        shown.append((url, decoder.raw_decode(body)[0]))
    assert [u for u, _ in shown] == [replay.url + "/chat/completions"] * 4
    # the real run sends exactly these bodies for those samples
    assert _eval(replay, *args) == 0
    sent = [r["body"] for r in replay.requests()]
    for _, body in shown:
        assert body in sent
    capsys.readouterr()
    replay.reset()
    assert _eval(replay, "--task", "amc23", "--limit", "2", "--write-out", "1", "-o", str(tmp_path / "w")) == 0
    printed = capsys.readouterr()  # without --dry-run: shown on stderr, then the run
    assert printed.err.count("\nPOST ") == 1 and "|amc23|1|" in printed.out and len(replay.requests()) == 2
    assert _eval(replay, "--task", "amc23", "--dry-run", "-o", str(tmp_path / "d")) == 0  # 3 by default
    printed = capsys.readouterr().out.splitlines()
    assert sum(line.startswith("POST ") for line in printed) == 3 and not (tmp_path / "d").exists()


def test_gen_kwargs_reach_the_server(replay: ReplayServer, tmp_path: Any, capsys: Any) -> None:
    out = tmp_path / "run"
    assert _eval(replay, "--task", "amc23", "--limit", "2", "--gen-kwargs",
                 'temperature=0.6,top_p=0.95,top_k=20,min_p=0,repetition_penalty=1.05,'
                 'chat_template_kwargs={"enable_thinking": false},stop=["</answer>"]', "-o", str(out)) == 0
    bodies = [r["body"] for r in replay.requests() if r["path"].endswith("/chat/completions")]
    assert len(bodies) == 2
    for body in bodies:
        assert (body["temperature"], body["top_p"], body["top_k"], body["min_p"], body["repetition_penalty"]) == (
            0.6, 0.95, 20, 0, 1.05)
        assert body["chat_template_kwargs"] == {"enable_thinking": False} and body["stop"] == ["</answer>"]
    config = _json(out / "config.json")
    assert config["extra"] == {"top_k": 20, "min_p": 0, "repetition_penalty": 1.05,
                               "chat_template_kwargs": {"enable_thinking": False}}
    assert (config["temperature"], config["top_p"], config["stop"]) == (0.6, 0.95, ["</answer>"])
    # nested by a dotted key, merged with --extra
    replay.reset()
    assert _eval(replay, "--task", "amc23", "--limit", "1", "--gen-kwargs", "chat_template_kwargs.enable_thinking"
                 "=true,chat_template_kwargs.mode=fast", "--extra", '{"top_k": 5}', "-o", str(tmp_path / "b")) == 0
    body = replay.requests()[-1]["body"]
    assert body["chat_template_kwargs"] == {"enable_thinking": True, "mode": "fast"} and body["top_k"] == 5
    # what is refused, before anything is asked
    replay.reset()
    capsys.readouterr()
    for args, said in ((["--gen-kwargs", "temperature=1", "--temperature", "0.5"],
                        "--gen-kwargs sets temperature, and so does --temperature"),
                       (["--gen-kwargs", "seed=3"], "--gen-kwargs may not set seed"),
                       (["--gen-kwargs", "n=4"], "--gen-kwargs may not set n"),
                       (["--gen-kwargs", "top_k"], "--gen-kwargs takes key=value pairs separated by commas"),
                       (["--gen-kwargs", "top_k=1,top_k=2"], "--gen-kwargs sets top_k twice"),
                       (["--gen-kwargs", "top_k=1", "--extra", '{"top_k": 2}'], "both set top_k")):
        assert _eval(replay, "--task", "amc23", "--limit", "1", "-o", str(tmp_path / "no"), *args) == 2, args
        assert said in capsys.readouterr().err, args
    assert replay.requests() == [] and not (tmp_path / "no").exists()


def test_num_fewshot(replay: ReplayServer, tmp_path: Any, capsys: Any) -> None:
    replay.faults(fallback=True)  # (GSM8K's problems have no recorded outputs)
    # completion mode: the first K exemplars of the task's template
    assert _eval(replay, "--task", "gsm8k", "--mode", "completion", "--num-fewshot", "2", "--limit", "1",
                 "-o", str(tmp_path / "c")) == 0
    prompt = replay.requests()[-1]["body"]["prompt"]
    assert prompt.count("\nQ: ") == 2 and prompt.startswith("Q: There are 15 trees") and prompt.endswith("\nA:")
    assert _json(tmp_path / "c" / "config.json")["num_fewshot"] == 2
    assert "|gsm8k|1|eval|2|accuracy|" in capsys.readouterr().out
    # chat mode: K earlier turns, the exemplar's problem asked like the real one and its solution answered
    assert _eval(replay, "--task", "amc23", "--num-fewshot", "1", "--limit", "1", "-o", str(tmp_path / "h")) == 0
    messages = replay.requests()[-1]["body"]["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "user"]
    assert messages[0]["content"].startswith("Find the domain of the expression")
    assert messages[1]["content"].endswith("I hope it is correct.") and "\\boxed{[2,5)}" in messages[1]["content"]
    assert "|amc23|1|eval|1|accuracy|" in capsys.readouterr().out
    # more exemplars than there are: refused
    assert _eval(replay, "--task", "gsm8k", "--mode", "completion", "--num-fewshot", "9", "-o",
                 str(tmp_path / "x")) == 2
    assert "--num-fewshot must be at most 8" in capsys.readouterr().err
    # and the run resumes with them
    os.remove(tmp_path / "c" / "results.json")
    replay.reset()
    assert main(["eval", "--resume", "-o", str(tmp_path / "c"), "--no-progress"]) == 0
    assert replay.requests() == []


# --- seeds ---------------------------------------------------------------------------------------------------------


def test_seeds_make_runs_with_distinct_seeds_and_their_spread(replay: ReplayServer, tmp_path: Any,
                                                             capsys: Any) -> None:
    out = tmp_path / "out"
    assert _eval(replay, "--task", "amc23", "--limit", "6", "--n", "2", "--temperature", "1", "--seed", "5",
                 "--seeds", "3", "-o", str(out)) == 0
    printed = capsys.readouterr().out
    assert sorted(os.listdir(out)) == sorted(["amc23-seed5", "amc23-seed7", "amc23-seed9", "summary.json"])
    seeds = sorted(r["seed"] for r in replay.requests())
    assert seeds == sorted([5, 6, 7, 8, 9, 10] * 6)  # run j: seeds 5+2j and 6+2j, none shared
    accuracies = [_json(out / f"amc23-seed{s}" / "results.json")["accuracy"] for s in (5, 7, 9)]
    summary = _json(out / "summary.json")
    row = next(r for r in summary["table"] if r["metric"] == "accuracy")
    assert row["seeds"] == 3 and row["values"] == accuracies
    assert row["value"] == pytest.approx(statistics.mean(accuracies))
    assert row["sd"] == pytest.approx(statistics.stdev(accuracies))
    head = _table(printed)[0]
    assert head == ["Task", "n", "Filter", "n-shot", "Metric", "Value", "Stderr", "Seeds", "SD"]
    assert f"|amc23|2|eval|0|accuracy|{row['value']:.4f}|" in printed and f"|3|{row['sd']:.4f}|" in printed
    # resuming the folder continues every seed's run (all finished here: nothing asked)
    replay.reset()
    assert main(["eval", "--resume", "-o", str(out), "--no-progress"]) == 0
    assert replay.requests() == []


# --- the parsers -----------------------------------------------------------------------------------------------------


def test_parse_tasks_and_gen_kwargs() -> None:
    from mathgrade.errors import ConfigError
    from mathgrade.evaluation.client import parse_gen_kwargs, split_gen_kwargs
    from mathgrade.evaluation.suite import TaskSpec, parse_tasks, seeds_for

    assert parse_tasks("aime24:16, math500:4,gsm8k") == [TaskSpec("aime24", 16), TaskSpec("math500", 4),
                                                         TaskSpec("gsm8k")]
    for bad in ("", "a:1:2", "a:-1", "a:1.5", "a,a:2"):
        with pytest.raises(ConfigError):
            parse_tasks(bad)
    assert seeds_for(None, 1, 8) == [None] and seeds_for(None, 3, 8) == [0, 8, 16] and seeds_for(2, 2, 1) == [2, 3]
    assert parse_gen_kwargs('a=1,b=x y,c={"d": [1, 2], "e": "f,g"},h.i=null,h.j="1"') == {
        "a": 1, "b": "x y", "c": {"d": [1, 2], "e": "f,g"}, "h": {"i": None, "j": "1"}}
    assert parse_gen_kwargs("url=http://x/?a=b") == {"url": "http://x/?a=b"}  # the first = separates
    for bad in ("a", "=1", "a..b=1", "a=1,a=2", "a=1,a.b=2"):
        with pytest.raises(ConfigError):
            parse_gen_kwargs(bad)
    assert split_gen_kwargs({"temperature": 0.5, "stop": "x", "top_k": 3}) == (
        {"temperature": 0.5, "stop": ("x",)}, {"top_k": 3})
    for own in ("n", "seed", "model", "messages", "prompt", "stream"):
        with pytest.raises(ConfigError):
            split_gen_kwargs({own: 1})


def test_a_finished_run_is_reused_only_when_nothing_that_changes_its_results_differs(replay: ReplayServer,
                                                                                      tmp_path: Any) -> None:
    """The attacks on "the same run, finished: nothing written": another grading policy, another mathgrade version
    in config.json, failed requests in it — each must grade again (keeping the earlier files), never reuse."""
    from mathgrade.evaluation.rundir import differences

    out = tmp_path / "run"
    common = ["--task", "amc23", "--limit", "3", "-o", str(out)]
    assert _eval(replay, *common) == 0
    assert _eval(replay, *common, "--concurrency", "3", "--workers", "0") == 0  # how fast is not what
    assert len([n for n in os.listdir(out) if n.startswith("results")]) == 1
    assert _eval(replay, *common, "--policy", "reward") == 0  # how it is graded is
    assert len([n for n in os.listdir(out) if n.startswith("results")]) == 2
    assert _json(out / "config.json")["policy"] == "reward"
    config = _json(out / "config.json")
    with open(out / "config.json", "w", encoding="utf-8") as f:
        json.dump({**config, "mathgrade_version": "0.0.1"}, f)
    assert _eval(replay, *common, "--policy", "reward") == 0  # another version of the grader
    assert len([n for n in os.listdir(out) if n.startswith("results")]) == 3
    results = _json(out / "results.json")
    with open(out / "results.json", "w", encoding="utf-8") as f:
        json.dump({**results, "failed": 1}, f)
    assert _eval(replay, *common, "--policy", "reward") == 0  # a run with failed requests is not done
    assert len([n for n in os.listdir(out) if n.startswith("results")]) == 4
    assert differences({"n": 1, "workers": 2, "started_at": "a"}, {"n": 1, "workers": None, "started_at": "b"}) == []
    assert differences({"n": 1}, {"n": 2, "extra": {"top_k": 1}}) == ["extra", "n"]


def test_an_interrupted_run_of_two_benchmarks_continues_where_it_stopped(replay: ReplayServer,
                                                                         tmp_path: Any) -> None:
    import signal
    import sqlite3
    import time

    out = tmp_path / "out"
    args = [sys.executable, "-m", "mathgrade", "eval", "--model", replay.model, "--base-url", replay.url, "--tasks",
            "amc23,math500:2", "--limit", "30", "--temperature", "1", "--seed", "0", "--concurrency", "2", "-o",
            str(out), "--no-progress", "--workers", "0"]
    replay.faults({"kind": "slow", "delay": 0.2, "share": 1.0, "times": 1}, fallback=True)
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    cache = out / "math500" / "cache.sqlite"
    deadline = time.monotonic() + 120
    while True:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the second benchmark never started"
        try:
            with sqlite3.connect(str(cache), timeout=10) as db:
                if db.execute("SELECT count(*) FROM responses").fetchone()[0] >= 4:
                    break
        except sqlite3.Error:
            pass
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "run the same command again" in err and not (out / "math500" / "results.json").exists()
    first = _snapshot(out / "amc23")
    with sqlite3.connect(str(cache)) as db:
        kept = db.execute("SELECT count(*) FROM responses").fetchone()[0]
    replay.reset()
    replay.faults(fallback=True)
    again = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert "amc23 (seed 0): 30 samples (30 problems x 1); this run was finished already" in again.stderr
    assert _snapshot(out / "amc23") == first  # untouched
    assert len(replay.requests()) == 60 - kept  # only math500's missing samples
    assert f"math500 (seed 0): 60 samples (30 problems x 2), {kept} from the cache, {60 - kept} asked now" in \
        again.stderr
    assert _json(out / "math500" / "results.json")["samples"] == 60
    assert [r["task"] for r in _json(out / "summary.json")["runs"]] == ["amc23", "math500"]


def test_the_bar_and_the_log_lines_show_the_same_numbers() -> None:
    import io
    import re

    from mathgrade.evaluation.progress import Progress

    shown = {}
    for kind in ("bar", "lines"):
        stream = io.StringIO()
        p = Progress(480, kind == "bar", log_every=None if kind == "bar" else 3600.0, label="aime24", stream=stream)
        p.done, p.in_flight, p.failed, p.retries, p.graded, p.correct = 177, 64, 2, 3, 100, 74
        p.close()
        last = stream.getvalue().replace("\r", "\n").strip().splitlines()[-1]
        # the numbers that do not depend on the clock
        shown[kind] = re.sub(r"elapsed \S+, ETA \S+|[\d.]+ req/s|\d+ tok/s", "", last.split("177/480", 1)[1])
        assert "177/480" in last
    assert shown["bar"].replace(" samples (36.9%)", "") == shown["lines"].replace(" samples (36.9%)", "")
    assert "in flight 64, failed 2, retries 3" in shown["bar"] and shown["bar"].endswith("acc 0.740")
