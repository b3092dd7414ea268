"""The command line, run through its real entry point ``mathgrade.cli:main(argv)`` (and ``python -m mathgrade``)
on temporary files: formats, columns, bad rows, order, summary, resume, interruption.

Verdicts are only relied on for obvious rows (``42`` answers ``42``; ``41`` does not).
"""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Tuple

import pytest
from _paths import ROOT

import mathgrade
from mathgrade import Status, Verdict
from mathgrade.cli import main


def _rows(n: int, *, answer: str = "answer", gold: str = "gold") -> List[Dict[str, Any]]:
    """Even rows are right (the output ends with the gold), odd rows are wrong (gold + 1)."""
    out = []
    for i in range(n):
        g = 100 + i
        given = g if i % 2 == 0 else g + 1
        out.append({"id": f"r{i}", answer: f"Step by step we find the answer is {given}.", gold: str(g)})
    return out


def _write_jsonl(path: Path, rows: List[Dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _write_csv(path: Path, rows: List[Dict[str, Any]]) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return path


def _read_jsonl(path: Path) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _read_csv(path: Path) -> List[Dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _expected_correct(n: int) -> List[bool]:
    return [i % 2 == 0 for i in range(n)]


# --- basics ------------------------------------------------------------------------------------------------------


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert mathgrade.__version__ in capsys.readouterr().out
    assert main(["grade", "--help"]) == 0
    text = capsys.readouterr().out
    for word in ("--output-field", "--gold-field", "--id-field", "--workers", "--resume", "--skip-bad-rows",
                 "--policy", "--timeout", "exit codes", "130"):
        assert word in text
    assert main(["--help"]) == 0
    assert "exit codes" in capsys.readouterr().out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", _rows(2))
    assert main([]) == 2
    assert main(["frobnicate"]) == 2
    assert main(["grade", str(f), "--timeout", "0"]) == 2
    assert main(["grade", str(f), "--timeout", "soon"]) == 2
    assert main(["grade", str(f), "--workers", "-1"]) == 2
    assert main(["grade", str(f), "--policy", "lenient"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_summary_without_output_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", _rows(10))
    before = set(os.listdir(tmp_path))
    assert main(["grade", str(f), "--workers", "0"]) == 0
    assert set(os.listdir(tmp_path)) == before
    out = capsys.readouterr().out
    assert "rows:     10" in out
    assert "accuracy: 0.5000 (5 of 10 correct)" in out
    assert "correct 5" in out and "incorrect 5" in out
    assert "time:" in out


def test_jsonl_to_jsonl_keeps_rows_order_and_adds_columns(tmp_path: Path) -> None:
    rows = _rows(30)
    rows[3]["extra"] = {"nested": [1, 2]}
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--workers", "0"]) == 0
    got = _read_jsonl(out)
    assert [r["id"] for r in got] == [r["id"] for r in rows]
    for original, written in zip(rows, got):
        for key, value in original.items():
            assert written[key] == value
    assert [r["correct"] for r in got] == _expected_correct(30)
    assert [r["status"] for r in got] == ["correct" if c else "incorrect" for c in _expected_correct(30)]
    assert all(r["extracted"] == str(100 + i if i % 2 == 0 else 101 + i) for i, r in enumerate(got))
    assert all(isinstance(r["reason"], str) and r["reason"] for r in got)


def test_csv_in_csv_out_with_named_columns(tmp_path: Path) -> None:
    rows = _rows(12, answer="model_output", gold="reference")
    f = _write_csv(tmp_path / "in.csv", rows)
    out = tmp_path / "out.csv"
    assert main(["grade", str(f), "-o", str(out)]) == 2  # default column names are not there
    assert main(["grade", str(f), "-o", str(out), "--output-field", "model_output", "--gold-field", "reference",
                 "--workers", "0"]) == 0
    got = _read_csv(out)
    assert list(got[0]) == ["id", "model_output", "reference", "correct", "status", "extracted", "extracted_start",
                            "extracted_end", "extraction_rule", "rule", "reason"]
    assert [r["id"] for r in got] == [r["id"] for r in rows]
    assert [r["correct"] for r in got] == [str(c) for c in _expected_correct(12)]


def test_jsonl_to_csv_and_csv_to_jsonl(tmp_path: Path) -> None:
    rows = _rows(6)
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    assert main(["grade", str(f), "-o", str(tmp_path / "a.csv"), "--workers", "0"]) == 0
    assert [r["status"] for r in _read_csv(tmp_path / "a.csv")] == ["correct", "incorrect"] * 3
    g = _write_csv(tmp_path / "in.csv", rows)
    assert main(["grade", str(g), "-o", str(tmp_path / "b.jsonl"), "--workers", "0"]) == 0
    assert [r["correct"] for r in _read_jsonl(tmp_path / "b.jsonl")] == [True, False] * 3


def test_parquet_in_and_out(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    rows = _rows(20)
    src = tmp_path / "in.parquet"
    pq.write_table(pa.Table.from_pylist(rows), src)
    out = tmp_path / "out.parquet"
    assert main(["grade", str(src), "-o", str(out), "--workers", "0"]) == 0
    got = pq.read_table(out).to_pylist()
    assert [r["id"] for r in got] == [r["id"] for r in rows]
    assert [r["correct"] for r in got] == _expected_correct(20)
    before = out.read_bytes()
    assert main(["grade", str(src), "-o", str(out), "--resume"]) == 0  # nothing left to do
    assert out.read_bytes() == before


def test_json_array_input(tmp_path: Path) -> None:
    f = tmp_path / "in.json"
    f.write_text(json.dumps(_rows(4)), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--workers", "0"]) == 0
    assert [r["correct"] for r in _read_jsonl(out)] == [True, False, True, False]


def test_output_to_stdout(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", _rows(4))
    assert main(["grade", str(f), "-o", "-", "--workers", "0"]) == 0
    captured = capsys.readouterr()
    lines = [json.loads(x) for x in captured.out.splitlines()]
    assert [r["correct"] for r in lines] == [True, False, True, False]
    assert "accuracy" in captured.err and "accuracy" not in captured.out


def test_pool_keeps_input_order(tmp_path: Path) -> None:
    rows = _rows(300)
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--workers", "2", "--no-progress"]) == 0
    got = _read_jsonl(out)
    assert [r["id"] for r in got] == [r["id"] for r in rows]
    assert [r["correct"] for r in got] == _expected_correct(300)


def test_options_reach_the_grader(tmp_path: Path) -> None:
    rows = [{"answer": "so we get 42", "gold": "42"}]
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    for policy in ("eval", "reward"):
        out = tmp_path / f"{policy}.jsonl"
        assert main(["grade", str(f), "-o", str(out), "--policy", policy, "--timeout", "3"]) == 0
        assert _read_jsonl(out)[0]["status"] == mathgrade.grade("so we get 42", "42", policy=policy).status.value


def test_limit(tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", _rows(10))
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--limit", "3"]) == 0
    assert len(_read_jsonl(out)) == 3


def test_input_column_named_like_an_added_one_is_replaced_with_a_warning(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = [{"answer": "42", "gold": "42", "status": "theirs"}]
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out)]) == 0
    assert _read_jsonl(out)[0]["status"] == "correct"
    assert "'status'" in capsys.readouterr().err


# --- bad input ------------------------------------------------------------------------------------------------------


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["grade", str(tmp_path / "nope.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "nope.jsonl" in err and "Traceback" not in err


def test_directory_and_unknown_extension(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["grade", str(tmp_path)]) == 2
    assert "directory" in capsys.readouterr().err
    f = tmp_path / "in.txt"
    f.write_text('{"answer": "1", "gold": "1"}\n')
    assert main(["grade", str(f)]) == 2
    assert "--format" in capsys.readouterr().err
    assert main(["grade", str(f), "--format", "jsonl"]) == 0
    assert main(["grade", str(f), "--format", "jsonl", "-o", str(tmp_path / "out.xlsx")]) == 2
    assert not (tmp_path / "out.xlsx").exists()


def test_missing_column_names_the_columns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", [{"question": "q", "response": "42", "gold": "42"}])
    assert main(["grade", str(f)]) == 2
    err = capsys.readouterr().err
    assert "'answer'" in err and "'question'" in err and "'response'" in err and "--output-field" in err
    assert main(["grade", str(f), "--output-field", "response"]) == 0
    g = _write_csv(tmp_path / "in.csv", [{"answer": "1", "target": "1"}])
    assert main(["grade", str(g)]) == 2
    err = capsys.readouterr().err
    assert "'gold'" in err and "'target'" in err
    assert main(["grade", str(g), "--gold-field", "target", "--id-field", "row_id"]) == 2
    assert "'row_id'" in capsys.readouterr().err


def test_malformed_json_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "in.jsonl"
    good = json.dumps({"answer": "42", "gold": "42"})
    f.write_text("\n".join([good, good, '{"answer": "1", "gold": ', good, "[1, 2]", good]) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "line 3" in err and "malformed JSON" in err and "--skip-bad-rows" in err and "Traceback" not in err
    assert main(["grade", str(f), "-o", str(out), "--skip-bad-rows"]) == 2  # the stopped output is not replaced
    assert "run the same command with --resume to continue it" in capsys.readouterr().err
    out = tmp_path / "whole.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--skip-bad-rows"]) == 0
    captured = capsys.readouterr()
    assert "bad rows: 2 written with status bad_row:" in captured.out
    assert "line 3: malformed JSON" in captured.out and "line 5: a JSON array, not an object" in captured.out
    got = _read_jsonl(out)
    assert [r["status"] for r in got] == ["correct", "correct", "bad_row", "correct", "bad_row", "correct"]
    assert "line 3: malformed JSON" in got[2]["reason"] and got[2]["correct"] is False
    assert "rows:     6\n" in captured.out and "status:   correct 4, bad_row 2\n" in captured.out


def test_row_missing_a_field_later_in_the_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", [{"answer": "1", "gold": "1"}, {"answer": "2"}, {"answer": "3",
                                                                                          "gold": "3"}])
    assert main(["grade", str(f)]) == 2
    assert "line 2" in capsys.readouterr().err
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "--skip-bad-rows", "-o", str(out)]) == 0
    assert "rows:     3" in capsys.readouterr().out
    got = _read_jsonl(out)
    assert [r["status"] for r in got] == ["correct", "bad_row", "correct"]
    assert got[1]["answer"] == "2" and "no 'gold' field" in got[1]["reason"]  # what could be read is kept


def test_bad_csv_row(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "in.csv"
    f.write_text("answer,gold\n42,42\n1,2,3\n7,7\n", encoding="utf-8")
    assert main(["grade", str(f)]) == 2
    err = capsys.readouterr().err
    assert "line 3" in err and "3 fields" in err
    out = tmp_path / "out.csv"
    assert main(["grade", str(f), "--skip-bad-rows", "-o", str(out)]) == 0
    assert "rows:     3" in capsys.readouterr().out
    got = _read_csv(out)
    assert [(r["answer"], r["status"]) for r in got] == [("42", "correct"), ("", "bad_row"), ("7", "correct")]
    assert "3 fields, but the header has 2" in got[1]["reason"]


def test_empty_inputs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name, text in (("a.jsonl", ""), ("b.jsonl", "\n\n  \n"), ("c.csv", ""), ("d.csv", "answer,gold\n")):
        f = tmp_path / name
        f.write_text(text)
        assert main(["grade", str(f)]) == 2, name
        assert "empty" in capsys.readouterr().err, name


def test_failing_rows_are_reported_not_fatal(tmp_path: Path) -> None:
    rows = [
        {"answer": "42", "gold": "42"},
        {"answer": "42", "gold": None},
        {"answer": None, "gold": "42"},
        {"answer": 42, "gold": 42},
        {"answer": ["42"], "gold": "42"},
        {"answer": "41", "gold": "42"},
    ]
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out)]) == 0
    got = _read_jsonl(out)
    assert [r["status"] for r in got] == ["correct", "bad_row", "bad_row", "correct", "bad_row", "incorrect"]
    assert all(r["reason"] for r in got)


# --- extract -------------------------------------------------------------------------------------------------------


def test_extract_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = [{"answer": "The answer is $\\boxed{17}$.", "gold": "17"}, {"answer": "nothing to see", "gold": "1"}]
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert main(["extract", str(f), "-o", str(out)]) == 0
    got = _read_jsonl(out)
    first = mathgrade.extract(rows[0]["answer"])[0]
    assert (got[0]["extracted"], got[0]["extraction_rule"], got[0]["extracted_start"], got[0]["extracted_end"]) == (
        first.text, first.rule, first.start, first.end)
    assert got[0]["extracted"] == "17"
    assert got[1]["extracted"] is None and got[1]["extraction_rule"] is None
    assert "rule" not in got[0]  # (rule is the rule that decided a verdict: grade's column, not extract's)
    summary = capsys.readouterr().out
    assert "answers:  1 found, 1 none" in summary
    assert main(["extract", str(tmp_path / "missing.jsonl")]) == 2


# --- resume and interruption -------------------------------------------------------------------------------------------


def test_resume_continues_an_interrupted_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = _rows(40)
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--limit", "15", "--id-field", "id"]) == 0
    with open(out, "a", encoding="utf-8") as fh:
        fh.write('{"id": "r15", "answer": "cut off in the mid')  # a write interrupted mid-line
    capsys.readouterr()
    assert main(["grade", str(f), "-o", str(out), "--resume", "--id-field", "id"]) == 0
    got = _read_jsonl(out)
    assert [r["id"] for r in got] == [r["id"] for r in rows]
    assert [r["correct"] for r in got] == _expected_correct(40)
    summary = capsys.readouterr().out
    assert "rows:     40 (15 from the earlier run, 25 graded now)" in summary
    assert "accuracy: 0.5000 (20 of 40 correct)" in summary
    # Nothing left to do: resuming again changes nothing.
    assert main(["grade", str(f), "-o", str(out), "--resume", "--id-field", "id"]) == 0
    assert len(_read_jsonl(out)) == 40


def test_resume_csv(tmp_path: Path) -> None:
    rows = _rows(20)
    f = _write_csv(tmp_path / "in.csv", rows)
    out = tmp_path / "out.csv"
    assert main(["grade", str(f), "-o", str(out), "--limit", "7"]) == 0
    assert main(["grade", str(f), "-o", str(out), "--resume"]) == 0
    got = _read_csv(out)
    assert [r["id"] for r in got] == [r["id"] for r in rows]
    assert [r["correct"] for r in got] == [str(c) for c in _expected_correct(20)]


def test_resume_refuses_an_output_of_another_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", _rows(10))
    other = _write_jsonl(tmp_path / "other.jsonl", [dict(r, id="x" + r["id"]) for r in _rows(10)])
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(other), "-o", str(out), "--limit", "4"]) == 0
    assert main(["grade", str(f), "-o", str(out), "--resume", "--id-field", "id"]) == 2
    assert "cannot resume" in capsys.readouterr().err
    assert len(_read_jsonl(out)) == 4  # untouched
    small = _write_jsonl(tmp_path / "small.jsonl", _rows(2))
    assert main(["grade", str(small), "-o", str(out), "--resume"]) == 2
    assert main(["grade", str(f), "--resume"]) == 2  # needs -o


def test_interrupt_keeps_what_was_written(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    import mathgrade.batch as batch

    real = batch.grade_many

    def interrupted_after_5(rows: Any, **kw: Any) -> Iterator[Verdict]:
        def gen() -> Iterator[Verdict]:
            for n, v in enumerate(real(rows, **kw)):
                if n == 5:
                    raise KeyboardInterrupt
                yield v
        return gen()

    rows = _rows(12)
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    monkeypatch.setattr(batch, "grade_many", interrupted_after_5)
    assert main(["grade", str(f), "-o", str(out), "--workers", "0"]) == 130
    captured = capsys.readouterr()
    assert "interrupted" in captured.out and "--resume" in captured.out
    assert [r["id"] for r in _read_jsonl(out)] == [r["id"] for r in rows[:5]]
    monkeypatch.setattr(batch, "grade_many", real)
    assert main(["grade", str(f), "-o", str(out), "--resume"]) == 0
    got = _read_jsonl(out)
    assert [r["id"] for r in got] == [r["id"] for r in rows]
    assert [r["correct"] for r in got] == _expected_correct(12)


# --- the real process -----------------------------------------------------------------------------------------------


def _run(*args: str, stdin: str = "") -> "subprocess.CompletedProcess[str]":
    env = dict(os.environ)
    env.pop("CI", None)
    return subprocess.run([sys.executable, "-m", "mathgrade", *args], input=stdin, capture_output=True,
                          text=True, timeout=300, env=env)


def test_python_dash_m(tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", _rows(100))
    out = tmp_path / "out.jsonl"
    proc = _run("grade", str(f), "-o", str(out), "--workers", "2")
    assert proc.returncode == 0, proc.stderr
    assert "accuracy: 0.5000 (50 of 100 correct)" in proc.stdout
    assert "it/s" not in proc.stderr and "rows/s]" not in proc.stderr  # no progress bar in a pipe
    assert [r["correct"] for r in _read_jsonl(out)] == _expected_correct(100)


def test_python_dash_m_bad_input_has_no_traceback(tmp_path: Path) -> None:
    f = tmp_path / "in.jsonl"
    f.write_text('{"answer": "1", "gold": "1"}\nnot json\n')
    proc = _run("grade", str(f))
    assert proc.returncode == 2
    assert "line 2" in proc.stderr and "Traceback" not in proc.stderr


def test_without_workers_each_row_from_a_pipe_is_written_before_the_input_ends() -> None:
    import select

    proc = subprocess.Popen([sys.executable, "-m", "mathgrade", "grade", "-", "-o", "-", "--workers", "0",
                             "--no-progress"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps({"answer": "\\boxed{3}", "gold": "3"}) + "\n")
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], 120)  # the input is still open
        assert ready, "no row was written while the input stayed open"
        assert json.loads(proc.stdout.readline())["correct"] is True
        proc.stdin.close()
        assert proc.wait(timeout=120) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        for pipe in (proc.stdin, proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()


def test_python_dash_m_stdin_to_stdout() -> None:
    stdin = "".join(json.dumps(r) + "\n" for r in _rows(3))
    proc = _run("grade", "-", "-o", "-", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(x)["correct"] for x in proc.stdout.splitlines()] == [True, False, True]
    assert "accuracy" in proc.stderr


def test_bundled_sample_if_present(tmp_path: Path) -> None:
    sample = ROOT / "data" / "sample.jsonl"
    if not sample.exists():
        pytest.skip("no bundled sample")
    out = tmp_path / "out.jsonl"
    n = sum(1 for line in sample.read_text(encoding="utf-8").splitlines() if line.strip())
    assert main(["grade", str(sample), "-o", str(out), "--workers", "0", "--no-progress"]) == 0
    got = _read_jsonl(out)
    assert len(got) == n
    assert all(r["status"] in {s.value for s in Status} for r in got)


def test_an_error_leaves_an_earlier_output_alone(tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", _rows(4))
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out)]) == 0
    before = out.read_text()
    assert main(["grade", str(f), "-o", str(out), "--gold-field", "nope"]) == 2
    assert out.read_text() == before
    assert main(["grade", str(f), "-o", str(tmp_path / "new.jsonl"), "--gold-field", "nope"]) == 2
    assert not (tmp_path / "new.jsonl").exists()
    assert main(["grade", str(f), "-o", str(tmp_path / "none.jsonl"), "--limit", "0"]) == 0
    assert (tmp_path / "none.jsonl").read_text() == ""


def test_output_over_the_input_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", _rows(4))
    before = f.read_text()
    assert main(["grade", str(f), "-o", str(f)]) == 2
    assert main(["extract", str(f), "-o", str(f)]) == 2
    assert "is the input" in capsys.readouterr().err
    assert f.read_text() == before


# --- helpers for the data guarantees --------------------------------------------------------------------------------


def _read_any(path: Path) -> List[Dict[str, Any]]:
    """The rows of an output file, whatever its format (CSV and TSV values are strings)."""
    if path.suffix == ".jsonl":
        return _read_jsonl(path)
    if path.suffix == ".parquet":
        pq = pytest.importorskip("pyarrow.parquet")
        return list(pq.read_table(path).to_pylist())
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t" if path.suffix == ".tsv" else ","))


def _long_rows(n: int) -> List[Dict[str, Any]]:
    """Rows whose outputs span several lines and hold commas, quotes and tabs, as real model outputs do."""
    out = []
    for i in range(n):
        g = 100 + i
        text = (f"Row {i}: first we note that a, b and \"c\"\tare given.\nThen\r\nwe compute {g - 1} + 1.\n" * 3
                + f"So the answer is $\\boxed{{{g if i % 2 == 0 else g + 1}}}$.")
        out.append({"id": f"r{i}", "answer": text, "gold": str(g), "source": "even" if i % 2 == 0 else "odd"})
    return out


FORMATS_OUT = ["jsonl", "csv", "tsv", "parquet"]


def _needs(fmt: str) -> None:
    if fmt == "parquet":
        pytest.importorskip("pyarrow")


# --- no column dropped ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS_OUT)
def test_keys_that_first_appear_later_are_kept(tmp_path: Path, fmt: str) -> None:
    _needs(fmt)
    rows = _rows(6)
    rows[3]["model"] = "m-1"
    rows[5]["meta"] = {"k": [1, 2]}
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / f"out.{fmt}"
    assert main(["grade", str(f), "-o", str(out), "--workers", "0"]) == 0
    got = _read_any(out)
    if fmt != "jsonl":  # a JSONL row keeps its own keys; a table has every column on every row
        assert list(got[0])[:5] == ["id", "answer", "gold", "model", "meta"]
    assert got[3]["model"] == "m-1" and got[0].get("model") in (None, "")
    meta = got[5]["meta"]
    assert (json.loads(meta) if isinstance(meta, str) else meta) == {"k": [1, 2]}
    assert [r["status"] for r in got] == ["correct", "incorrect"] * 3


def test_a_new_key_in_jsonl_on_stdin_stops_a_csv_output_with_a_message(tmp_path: Path) -> None:
    rows = _rows(4)
    rows[2]["model"] = "m"
    out = tmp_path / "out.csv"
    proc = _run("grade", "-", "-o", str(out), "--workers", "0", stdin="".join(json.dumps(r) + "\n" for r in rows))
    assert proc.returncode == 2, proc.stderr
    assert "'model'" in proc.stderr and ".jsonl" in proc.stderr and "Traceback" not in proc.stderr
    assert len(_read_csv(out)) == 2  # the rows before it are kept


# --- bad rows -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS_OUT)
def test_skip_bad_rows_writes_a_row_for_every_input_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        fmt: str) -> None:
    _needs(fmt)
    good = [json.dumps(r) for r in _rows(5)]
    bad = ["garbage", "[1, 2]", '{"answer": "1"}', '{"answer": "1", "gold": }', '"text"', "{", "null"]
    lines = [good[0], bad[0], bad[1], good[1], bad[2], bad[3], good[2], bad[4], bad[5], good[3], bad[6], good[4]]
    f = tmp_path / "in.jsonl"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / f"out.{fmt}"
    assert main(["grade", str(f), "-o", str(out), "--skip-bad-rows", "--workers", "0"]) == 0
    got = _read_any(out)
    assert len(got) == len(lines)  # joining back by position works
    statuses = [r["status"] for r in got]
    assert statuses == ["correct" if line in good[0::2] else "incorrect" if line in good else "bad_row"
                        for line in lines]
    assert "line 2: not JSON: 'garbage'" in got[1]["reason"] and "no 'gold' field" in got[4]["reason"]
    assert [str(r["correct"]) for r in got if r["status"] == "bad_row"] == ["False"] * 7
    summary = capsys.readouterr().out
    assert "rows:     12" in summary and "bad rows: 7 written with status bad_row (the first 5:)" in summary
    assert "status:   correct 3, incorrect 2, bad_row 7\n" in summary
    assert sum(1 for line in summary.splitlines() if line.startswith("  ") and "line" in line) == 5


def test_extract_writes_bad_rows_too(tmp_path: Path) -> None:
    f = tmp_path / "in.jsonl"
    f.write_text('{"answer": "so \\\\boxed{3}"}\nnope\n', encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["extract", str(f), "-o", str(out)]) == 2
    assert main(["extract", str(f), "-o", str(out), "--skip-bad-rows", "--resume"]) == 0
    got = _read_jsonl(out)
    assert got[0]["extracted"] == "3" and got[1]["extraction_rule"].startswith("bad_row: line 2: not JSON")


# --- resume checks what the output was made from ---------------------------------------------------------------------


def test_resume_refuses_another_input_even_without_an_id_field(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    rows = _rows(10)
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    other = _write_jsonl(tmp_path / "other.jsonl", [dict(r, answer=r["answer"] + " ") for r in rows])
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--limit", "4"]) == 0
    before = out.read_bytes()
    capsys.readouterr()
    assert main(["grade", str(other), "-o", str(out), "--resume"]) == 2
    err = capsys.readouterr().err
    assert "cannot resume" in err and "in.jsonl" in err and "other.jsonl" in err
    assert main(["grade", str(f), "-o", str(out), "--resume", "--policy", "reward"]) == 2
    assert "policy = 'eval', not 'reward'" in capsys.readouterr().err
    assert main(["grade", str(f), "-o", str(out), "--resume", "--gold-field", "answer"]) == 2
    assert "gold_field = 'gold', not 'answer'" in capsys.readouterr().err
    assert out.read_bytes() == before  # refused: untouched
    moved = tmp_path / "moved.jsonl"
    os.replace(f, moved)  # the same file under another name is the same input
    assert main(["grade", str(moved), "-o", str(out), "--resume"]) == 0
    assert [r["id"] for r in _read_jsonl(out)] == [r["id"] for r in rows]
    assert not (tmp_path / "out.jsonl.run.json").exists()  # complete: the record is gone


def test_resume_of_an_output_without_its_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", _rows(6))
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out)]) == 0
    assert main(["grade", str(f), "-o", str(out), "--resume"]) == 0  # complete: nothing to do
    assert "rows:     6 (6 from the earlier run, 0 graded now)" in capsys.readouterr().out
    g = _write_jsonl(tmp_path / "longer.jsonl", _rows(9))
    assert main(["grade", str(g), "-o", str(out), "--resume"]) == 2
    assert "no record of the run that made it" in capsys.readouterr().err
    assert main(["grade", "-", "-o", str(out), "--resume"]) == 2
    assert "not stdin" in capsys.readouterr().err


def test_limit_then_resume_in_every_format_is_the_whole_output(tmp_path: Path) -> None:
    rows = _long_rows(30)
    rows[20]["late_key"] = "x"
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    for fmt in FORMATS_OUT:
        if fmt == "parquet" and importlib.util.find_spec("pyarrow") is None:
            continue
        whole, part = tmp_path / f"whole.{fmt}", tmp_path / f"part.{fmt}"
        assert main(["grade", str(f), "-o", str(whole), "--workers", "0"]) == 0
        assert main(["grade", str(f), "-o", str(part), "--workers", "0", "--limit", "11"]) == 0
        assert (tmp_path / f"part.{fmt}.run.json").exists()  # incomplete: the record stays
        assert main(["grade", str(f), "-o", str(part), "--workers", "0", "--limit", "19", "--resume"]) == 0
        assert main(["grade", str(f), "-o", str(part), "--workers", "0", "--resume"]) == 0
        assert part.read_bytes() == whole.read_bytes(), fmt
        assert not (tmp_path / f"part.{fmt}.run.json").exists()


# --- the system refusing a write -------------------------------------------------------------------------------------


def test_a_full_disk_is_an_io_error_with_its_own_exit_code(tmp_path: Path) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full (Linux)")
    f = _write_jsonl(tmp_path / "in.jsonl", _long_rows(200))
    out = tmp_path / "out.jsonl"
    out.symlink_to("/dev/full")  # every write fails with ENOSPC
    proc = _run("grade", str(f), "-o", str(out), "--workers", "0")
    assert proc.returncode == 3, proc.stderr
    assert "No space left on device [ENOSPC]" in proc.stderr and str(out) in proc.stderr
    assert "--resume" in proc.stderr
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
    assert "stopped: cannot write" in proc.stdout
    notadir = tmp_path / "in.jsonl" / "out.jsonl"
    proc = _run("grade", str(f), "-o", str(notadir), "--workers", "0")
    assert proc.returncode == 3 and "[ENOTDIR]" in proc.stderr and "Traceback" not in proc.stderr


def _limit_file_size(limit: int) -> Callable[[], None]:
    def apply() -> None:
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


@pytest.mark.parametrize("fmt", FORMATS_OUT)
def test_file_size_limit_then_resume_gives_the_uninterrupted_output(tmp_path: Path, fmt: str) -> None:
    _needs(fmt)
    rows = _long_rows(400)
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    whole, out = tmp_path / f"whole.{fmt}", tmp_path / f"out.{fmt}"
    assert main(["grade", str(f), "-o", str(whole), "--workers", "0"]) == 0
    env = dict(os.environ)
    env.pop("CI", None)
    proc = subprocess.run([sys.executable, "-m", "mathgrade", "grade", str(f), "-o", str(out), "--workers", "0"],
                          capture_output=True, text=True, timeout=300, env=env,
                          preexec_fn=_limit_file_size(60_000))
    assert proc.returncode == 3, proc.stderr
    assert "File too large [EFBIG]" in proc.stderr and "--resume" in proc.stderr
    assert "Traceback" not in proc.stderr
    # The summary counts the rows that reached the file (buffered rows are lost with a failed write), and the
    # resumed run finds as many.
    kept = re.search(r"the (\d+) rows in the file are kept; run again with --resume", proc.stdout)
    assert kept is not None, proc.stdout
    if fmt == "jsonl":
        assert int(kept[1]) == out.read_bytes().count(b"\n")
    resumed = subprocess.run([sys.executable, "-m", "mathgrade", "grade", str(f), "-o", str(out), "--workers", "0",
                              "--resume"], capture_output=True, text=True, timeout=300, env=env)
    assert resumed.returncode == 0, resumed.stderr
    n = int(kept[1])
    assert (f"rows:     400 ({n} from the earlier run, {400 - n} graded now)" if n else "rows:     400\n") \
        in resumed.stdout
    assert out.read_bytes() == whole.read_bytes()
    assert not (tmp_path / f"out.{fmt}.partial").exists()


@pytest.fixture
def small_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 1 MB tmpfs (needs root and mount); unmounted afterwards."""
    where = tmp_path / "small"
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)], capture_output=True,
                          text=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_disk_full_on_a_tmpfs_then_more_space_then_resume(small_tmpfs: Path, tmp_path: Path, fmt: str) -> None:
    """The issue's failure, made for real: the output fills a 1 MB disk; space is freed; --resume completes it with
    no row lost and no garbage row."""
    rows = _long_rows(5000)
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    whole, out = tmp_path / f"whole.{fmt}", small_tmpfs / f"out.{fmt}"
    assert main(["grade", str(f), "-o", str(whole), "--workers", "0"]) == 0
    assert whole.stat().st_size > 1_500_000
    proc = _run("grade", str(f), "-o", str(out), "--workers", "0")
    assert proc.returncode == 3, proc.stderr
    assert "No space left on device [ENOSPC]" in proc.stderr and "Traceback" not in proc.stderr
    subprocess.run(["mount", "-o", "remount,size=64m", str(small_tmpfs)], check=True)
    proc = _run("grade", str(f), "-o", str(out), "--workers", "0", "--resume")
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes() == whole.read_bytes()
    assert "status:   correct 2500, incorrect 2500\n" in proc.stdout


# --- signals ----------------------------------------------------------------------------------------------------


def _start(*args: str) -> "subprocess.Popen[str]":
    env = dict(os.environ, PYTHONFAULTHANDLER="1")  # (a hang is shown: see _stopped)
    env.pop("CI", None)
    return subprocess.Popen([sys.executable, "-m", "mathgrade", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def _stopped(proc: "subprocess.Popen[str]") -> Tuple[str, str]:
    """The output of a run that was sent a stop; if it has not ended two minutes later, it is aborted so that
    its threads' stacks (printed by faulthandler) show where it hung."""
    import signal

    try:
        return proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)
        stdout, stderr = proc.communicate(timeout=60)
        pytest.fail(f"the run did not end after its stop\n--- stdout:\n{stdout}\n--- stderr:\n{stderr}")


def _wait_for_size(path: Path, size: int, proc: "subprocess.Popen[str]") -> None:
    import time

    give_up = time.monotonic() + 120
    while (not path.exists() or path.stat().st_size < size) and proc.poll() is None:
        assert time.monotonic() < give_up, "no output appeared"
        time.sleep(0.02)


@pytest.mark.parametrize("stop, fmt, code, said", [
    ("SIGINT", "jsonl", 130, "interrupted"),  # Ctrl-C
    ("SIGTERM", "csv", 143, "terminated (SIGTERM)"),
])
def test_a_stop_keeps_the_rows_the_summary_counts_and_resume_completes(tmp_path: Path, stop: str, fmt: str,
                                                                        code: int, said: str) -> None:
    import signal

    rows = _rows(60_000)
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / f"out.{fmt}"
    read = _read_jsonl if fmt == "jsonl" else _read_csv
    proc = _start("grade", str(f), "-o", str(out), "--workers", "2")
    _wait_for_size(out, 100_000, proc)
    proc.send_signal(getattr(signal, stop))
    stdout, stderr = _stopped(proc)
    assert proc.returncode == code, stderr
    assert f"{said}: the rows above are kept; run again with --resume" in stdout
    assert "Traceback" not in stderr
    kept = read(out)
    assert 0 < len(kept) < len(rows)
    assert f"rows:     {len(kept)}\n" in stdout and f"({len(kept)} rows written)" in stdout, stdout
    assert main(["grade", str(f), "-o", str(out), "--resume", "--workers", "2", "--no-progress"]) == 0
    got = read(out)
    assert [str(r["id"]) for r in got] == [str(r["id"]) for r in rows]
    assert [str(r["correct"]) for r in got] == [str(c) for c in _expected_correct(len(rows))]


def _sigkill_then_resume(tmp_path: Path, fmt: str, rows: List[Dict[str, Any]], kill_at: float) -> None:
    """Kill -9 a run once its output (or its Parquet stream) reaches ``kill_at`` of the whole output's size, then
    resume; the result must be the uninterrupted output, byte for byte."""
    import signal

    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    whole, out = tmp_path / f"whole.{fmt}", tmp_path / f"out.{fmt}"
    if not whole.exists():
        assert main(["grade", str(f), "-o", str(whole), "--workers", "0"]) == 0
    for stale in (out, tmp_path / f"out.{fmt}.partial", tmp_path / f"out.{fmt}.run.json"):
        if stale.exists():
            stale.unlink()
    grows = tmp_path / (f"out.{fmt}.partial" if fmt == "parquet" else f"out.{fmt}")
    proc = _start("grade", str(f), "-o", str(out), "--workers", "2")
    _wait_for_size(grows, int(kill_at * whole.stat().st_size), proc)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=120)
    assert proc.returncode == -signal.SIGKILL, f"the run ended before it was killed at {kill_at:.2f}"
    assert main(["grade", str(f), "-o", str(out), "--workers", "0", "--resume", "--no-progress"]) == 0
    assert out.read_bytes() == whole.read_bytes(), (fmt, kill_at)


def test_sigkill_mid_csv_then_resume(tmp_path: Path) -> None:
    _sigkill_then_resume(tmp_path, "csv", _long_rows(3000), 0.3)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS_OUT)
def test_sigkill_at_random_points_then_resume_in_every_format(tmp_path: Path, fmt: str) -> None:
    import random

    _needs(fmt)
    rows = _long_rows(6000)
    seed = random.randrange(1 << 30)
    chosen = random.Random(seed)
    for _ in range(3):
        at = chosen.uniform(0.05, 0.9)
        try:
            _sigkill_then_resume(tmp_path, fmt, rows, at)
        except AssertionError as exc:
            raise AssertionError(f"{exc} (seed {seed}, killed at {at:.3f} of the output's size)") from exc


# --- summary, groups, fields, options ------------------------------------------------------------------------------


def test_summary_json_and_group_by(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = _long_rows(10)
    rows[9]["source"] = None
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out, summary = tmp_path / "out.jsonl", tmp_path / "summary.json"
    assert main(["grade", str(f), "-o", str(out), "--limit", "6", "--group-by", "source"]) == 0
    assert main(["grade", str(f), "-o", str(out), "--resume", "--group-by", "source", "--summary-json",
                 str(summary)]) == 0
    text = capsys.readouterr().out
    assert "by source:" in text and "even" in text and "accuracy 1.0000" in text and "accuracy 0.0000" in text
    data = json.loads(summary.read_text())
    assert data["rows"] == 10 and data["rows_earlier"] == 6 and data["rows_now"] == 4
    assert data["correct"] == 5 and data["accuracy"] == 0.5 and data["complete"] is True
    assert data["status_counts"] == {"correct": 5, "incorrect": 5}
    assert data["groups"]["source"]["even"] == {"rows": 5, "correct": 5, "accuracy": 1.0,
                                                 "status_counts": {"correct": 5}}
    assert data["groups"]["source"]["(empty)"]["rows"] == 1 and data["groups"]["source"]["odd"]["rows"] == 4
    assert data["options"]["policy"] == "eval" and data["schema_version"] == 1
    assert main(["grade", str(f), "--summary-json", "-"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["rows"] == 10 and "accuracy:" in captured.err


def test_nested_field_paths(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = [{"id": i, "choices": [{"message": {"content": f"so the answer is {40 + i}"}}], "meta": {"gold": "41"}}
            for i in range(3)]
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--output-field", "choices.0.message.content",
                 "--gold-field", "meta.gold"]) == 0
    assert [r["status"] for r in _read_jsonl(out)] == ["incorrect", "correct", "incorrect"]
    assert main(["grade", str(f), "--output-field", "choices.1.message.content", "--gold-field", "meta.gold"]) == 2
    assert "choices is a list of 1 items" in capsys.readouterr().err


def test_tsv_in_and_out(tmp_path: Path) -> None:
    rows = _long_rows(4)
    src = tmp_path / "in.tsv"
    with open(src, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]), delimiter="\t")
        w.writeheader()
        w.writerows(rows)
    out = tmp_path / "out.tsv"
    assert main(["grade", str(src), "-o", str(out)]) == 0
    got = _read_any(out)
    assert [r["answer"] for r in got] == [r["answer"] for r in rows]
    assert [r["status"] for r in got] == ["correct", "incorrect"] * 2


@pytest.mark.parametrize("flags,answer,gold,expected", [
    ([], "$50\\%$", "50", "correct"),
    (["--no-percent"], "$50\\%$", "50", "incorrect"),
    ([], "$0.33$", "\\frac13", "incorrect"),
    (["--min-significant-digits", "2"], "$0.33$", "\\frac13", "correct"),
    ([], "$\\boxed{y^2}$", "x^2", "incorrect"),
    (["--no-match-variables"], "$\\boxed{y^2}$", "x^2", "correct"),
    ([], "$\\boxed{30}$", "30^\\circ", "correct"),
    (["--no-degrees"], "$\\boxed{30}$", "30^\\circ", "incorrect"),
    ([], "$\\boxed{x > 3}$", "(3, \\infty)", "correct"),
    (["--no-allow-interval-as-inequality"], "$\\boxed{x > 3}$", "(3, \\infty)", "incorrect"),
    ([], "We get 42.", "42", "correct"),
    (["--policy", "reward"], "We get 42.", "42", "no_answer"),
])
def test_grading_options_on_the_command_line(tmp_path: Path, flags: List[str], answer: str, gold: str,
                                             expected: str) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", [{"answer": answer, "gold": gold}])
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), *flags]) == 0
    assert _read_jsonl(out)[0]["status"] == expected


def test_a_timeout_keeps_the_extracted_answer(tmp_path: Path) -> None:
    f = _write_jsonl(tmp_path / "in.jsonl", [{"answer": "so $\\boxed{x^2+2x+1}$", "gold": "(x+1)^2"}])
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--timeout", "0.000001"]) == 0
    row = _read_jsonl(out)[0]
    assert row["status"] == "timeout" and row["extracted"] == "x^2+2x+1"
    v = mathgrade.grade("so $\\boxed{x^2+2x+1}$", "(x+1)^2", timeout=1e-6)
    assert v.status is Status.TIMEOUT and v.answer is not None and v.answer.rule == "boxed"
    assert "answer:  'x^2+2x+1'" in v.explain() and "none found" not in v.explain()


def test_extract_resume_and_help(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = _long_rows(9)
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    whole, part = tmp_path / "whole.csv", tmp_path / "part.csv"
    assert main(["extract", str(f), "-o", str(whole)]) == 0
    assert main(["extract", str(f), "-o", str(part), "--limit", "4"]) == 0
    assert main(["extract", str(f), "-o", str(part), "--resume"]) == 0
    assert part.read_bytes() == whole.read_bytes()
    assert main(["grade", str(f), "-o", str(part), "--resume"]) == 2  # made by extract
    capsys.readouterr()
    assert main(["extract", "--help"]) == 0
    text = capsys.readouterr().out
    assert "--resume" in text and "--policy" in text and "--gold-field" not in text


# --- option typing ---------------------------------------------------------------------------------------------------


def test_every_grading_option_is_a_typed_keyword_and_a_command_line_flag(capsys: pytest.CaptureFixture[str]) -> None:
    import dataclasses
    import typing

    from mathgrade.options import ExtractOptions, GradeOptions, Options

    hints = typing.get_type_hints(GradeOptions)
    assert {f.name: f.type for f in dataclasses.fields(Options)} == {k: v.__name__ if isinstance(v, type) else
                                                                      "Policy" for k, v in hints.items()}
    assert set(typing.get_type_hints(ExtractOptions)) == set(hints) | {"choices"}
    assert main(["grade", "--help"]) == 0
    text = capsys.readouterr().out
    for name in hints:
        assert "--" + name.replace("_", "-") in text, name


@pytest.mark.slow
def test_a_misspelt_option_is_a_type_error(tmp_path: Path) -> None:
    """``**options: Unpack[GradeOptions]``: mypy rejects ``polcy=`` and a wrong value type, accepts the real ones."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("needs mypy: pip install mypy (.ci/steps/30-data.sh installs it)")
    f = tmp_path / "use.py"
    f.write_text("import mathgrade\n"
                 "mathgrade.grade('1', '1', policy='reward', timeout=2.0, percent=False)\n"
                 "mathgrade.extract('1', choices=True)\n"
                 "mathgrade.grade_many([('1', '1')], workers=1, degrees=False)\n"
                 "mathgrade.grade('1', '1', polcy='eval')\n"
                 "mathgrade.grade('1', '1', timeout='soon')\n"
                 "mathgrade.grade_many([('1', '1')], policy='lenient')\n")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--ignore-missing-imports",
                           "--follow-imports=silent", str(f)], capture_output=True, text=True, timeout=900)
    errors = [line for line in proc.stdout.splitlines() if ": error:" in line]
    assert [int(line.split(":")[1]) for line in errors] == [5, 6, 7], proc.stdout
    assert "polcy" in errors[0]


def test_a_bad_row_stops_after_the_rows_before_it_and_resume_continues(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    good = [json.dumps(r) for r in _rows(8)]
    f = tmp_path / "in.jsonl"
    f.write_text("\n".join(good[:3] + ["oops"] + good[3:6] + ["{"] + good[6:]) + "\n", encoding="utf-8")
    whole, out = tmp_path / "whole.csv", tmp_path / "out.csv"
    assert main(["grade", str(f), "-o", str(whole), "--skip-bad-rows"]) == 0
    capsys.readouterr()
    assert main(["grade", str(f), "-o", str(out)]) == 2
    captured = capsys.readouterr()
    assert "line 4: not JSON: 'oops'" in captured.err and "bad rows" not in captured.out
    assert [r["id"] for r in _read_csv(out)] == ["r0", "r1", "r2"]  # the rows before it are kept
    assert main(["grade", str(f), "-o", str(out), "--skip-bad-rows", "--resume", "--limit", "6"]) == 0
    assert main(["grade", str(f), "-o", str(out), "--skip-bad-rows", "--resume"]) == 0
    assert out.read_bytes() == whole.read_bytes()
    text = capsys.readouterr().out
    summary = text[text.rindex("rows:     10"):]
    assert "(6 from the earlier run, 4 graded now)" in summary and "bad_row 2" in summary
    assert "bad rows: 1 written with status bad_row:" in summary and "line 8" in summary


def test_problem_field_lets_an_answer_name_an_option_by_its_content(tmp_path: Path) -> None:
    problem = "Which number is the largest? (A) 12 (B) 96 (C) 7 (D) 3"
    rows = [{"id": 1, "answer": "So $\\boxed{96}$.", "gold": "B", "q": {"text": problem}},
            {"id": 2, "answer": "So $\\boxed{12}$.", "gold": "B", "q": {"text": problem}}]
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    assert main(["grade", str(f), "-o", str(tmp_path / "with.jsonl"), "--problem-field", "q.text"]) == 0
    assert [r["status"] for r in _read_jsonl(tmp_path / "with.jsonl")] == ["correct", "incorrect"]
    assert main(["grade", str(f), "-o", str(tmp_path / "without.jsonl")]) == 0
    assert [r["status"] for r in _read_jsonl(tmp_path / "without.jsonl")] == ["incorrect", "incorrect"]
    assert main(["grade", str(f), "-o", str(tmp_path / "missing.jsonl"), "--problem-field", "question"]) == 2
