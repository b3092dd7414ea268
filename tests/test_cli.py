"""The command line, run through its real entry point ``mathgrade.cli:main(argv)`` (and ``python -m mathgrade``)
on temporary files: formats, columns, bad rows, order, summary, resume, interruption.

Verdicts are only relied on for obvious rows (``42`` answers ``42``; ``41`` does not).
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

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
    assert list(got[0]) == ["id", "model_output", "reference", "correct", "status", "extracted", "rule", "reason"]
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
    assert main(["grade", str(f), "-o", str(out), "--skip-bad-rows"]) == 0
    captured = capsys.readouterr()
    assert "bad rows: 2 written with status bad_row:" in captured.out
    assert "line 3: malformed JSON" in captured.out and "line 5: a JSON array, not an object" in captured.out
    got = _read_jsonl(out)
    assert [r["status"] for r in got] == ["correct", "correct", "bad_row", "correct", "bad_row", "correct"]
    assert "line 3: malformed JSON" in got[2]["reason"] and got[2]["correct"] is False
    assert "rows:     6" in captured.out and "status:   correct 4, bad_row 2" in captured.out


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
    assert [r["status"] for r in got] == ["correct", "invalid_gold", "no_answer", "correct", "error", "incorrect"]
    assert all(r["reason"] for r in got)


# --- extract -------------------------------------------------------------------------------------------------------


def test_extract_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = [{"answer": "The answer is $\\boxed{17}$.", "gold": "17"}, {"answer": "nothing to see", "gold": "1"}]
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert main(["extract", str(f), "-o", str(out)]) == 0
    got = _read_jsonl(out)
    first = mathgrade.extract(rows[0]["answer"])[0]
    assert (got[0]["extracted"], got[0]["rule"], got[0]["start"], got[0]["end"]) == (
        first.text, first.rule, first.start, first.end)
    assert got[0]["extracted"] == "17"
    assert got[1]["extracted"] is None and got[1]["rule"] is None
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


def test_python_dash_m_stdin_to_stdout() -> None:
    stdin = "".join(json.dumps(r) + "\n" for r in _rows(3))
    proc = _run("grade", "-", "-o", "-", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(x)["correct"] for x in proc.stdout.splitlines()] == [True, False, True]
    assert "accuracy" in proc.stderr


def test_bundled_sample_if_present(tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parent.parent / "data" / "sample.jsonl"
    if not sample.exists():
        pytest.skip("no bundled sample")
    out = tmp_path / "out.jsonl"
    n = sum(1 for line in sample.read_text(encoding="utf-8").splitlines() if line.strip())
    assert main(["grade", str(sample), "-o", str(out), "--workers", "0", "--no-progress"]) == 0
    got = _read_jsonl(out)
    assert len(got) == n
    assert all(r["status"] in {s.value for s in Status} for r in got)


def test_ctrl_c_stops_cleanly_and_keeps_the_rows(tmp_path: Path) -> None:
    import signal
    import time

    rows = _rows(100_000)
    f = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    env = dict(os.environ)
    env.pop("CI", None)
    proc = subprocess.Popen([sys.executable, "-m", "mathgrade", "grade", str(f), "-o", str(out), "--workers", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    give_up = time.monotonic() + 120
    while (not out.exists() or out.stat().st_size < 50_000) and proc.poll() is None:
        assert time.monotonic() < give_up, "no output appeared"
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "interrupted" in stdout and "--resume" in stdout
    got = _read_jsonl(out)
    assert 0 < len(got) < len(rows)
    assert [r["id"] for r in got] == [r["id"] for r in rows[:len(got)]]
    assert [r["correct"] for r in got] == _expected_correct(len(got))


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
