"""The front door (issue 25): what a new user hit, each with its exit code and message; the generated tables of the
docs; the error tree. Every command runs through the real entry point (``main(argv)``, or ``python -m mathgrade``
in a process of its own where the environment must differ), on real files.
"""

from __future__ import annotations

import json
import os
import pickle
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Dict, List

import pytest
from _paths import ROOT

import mathgrade.files as files
from mathgrade import errors
from mathgrade.cli import exit_codes_markdown, main
from mathgrade.files import formats_markdown


def _rows(n: int) -> List[Dict[str, Any]]:
    """Even rows are right, odd rows wrong."""
    return [{"id": f"r{i}", "answer": f"so the answer is $\\boxed{{{100 + i + i % 2}}}$.", "gold": str(100 + i)}
            for i in range(n)]


def _jsonl(path: Path, rows: List[Dict[str, Any]], extra: str = "") -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows) + extra, encoding="utf-8")
    return path


def _read(path: Path) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _run(*args: str, cwd: Path, env: Dict[str, str] | None = None, python: str = "") -> subprocess.CompletedProcess:
    code = python + "import sys; from mathgrade.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=600, env=env)


# --- Parquet without pyarrow ---------------------------------------------------------------------------------------

_NO_PYARROW = "import sys; sys.modules['pyarrow'] = None; sys.modules['pyarrow.parquet'] = None; "


def test_parquet_without_pyarrow_says_what_to_install_and_writes_nothing(tmp_path: Path) -> None:
    _jsonl(tmp_path / "in.jsonl", _rows(4))
    before = set(os.listdir(tmp_path))
    proc = _run("grade", "in.jsonl", "-o", "out.parquet", "--workers", "0", cwd=tmp_path, python=_NO_PYARROW)
    assert proc.returncode == 2, proc.stderr
    assert "writing Parquet needs pyarrow: pip install '.[parquet]'" in proc.stderr
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
    assert set(os.listdir(tmp_path)) == before
    (tmp_path / "in.parquet").write_bytes(b"PAR1")
    proc = _run("grade", "in.parquet", cwd=tmp_path, python=_NO_PYARROW)
    assert proc.returncode == 2 and "reading Parquet needs pyarrow: pip install '.[parquet]'" in proc.stderr


# --- hints name the command's own options --------------------------------------------------------------------------


def test_hints_name_only_options_the_command_has(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("jinja2")
    preds = _jsonl(tmp_path / "preds.jsonl", [{"problem_id": "a", "response": "1", "gold": "1"}], extra="nope\n")
    assert main(["eval", "--predictions", str(preds), "--gold-field", "gold", "-o", str(tmp_path / "o"),
                 "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "--skip-bad-rows" not in err  # (eval has no such option)
    assert main(["eval", "--predictions", str(preds), "--gold-field", "gold", "--response-field", "text",
                 "-o", str(tmp_path / "o"), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "no column 'text'" in err and "--response-field" in err and "--output-field" not in err
    graded = _jsonl(tmp_path / "graded.jsonl", _rows(2))
    assert main(["grade", str(graded), "-o", str(tmp_path / "g.jsonl"), "--workers", "0"]) == 0
    assert main(["report", str(tmp_path / "g.jsonl"), "--compare-field", "label", "-o", str(tmp_path / "r.html"),
                 "--workers", "0", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "no column 'label'" in err and "--compare-field" in err and "--gold-field" not in err
    assert main(["grade", str(graded), "--gold-field", "solution"]) == 2
    err = capsys.readouterr().err
    assert "(name the column to use with --gold-field)" in err and "--output-field" not in err


def test_the_library_speaks_python_and_the_cli_names_the_flag(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from mathgrade.evaluation import EvalSettings, Prompter, load_task

    task = load_task("gsm8k")
    with pytest.raises(errors.ConfigError) as info:
        EvalSettings(task, "m", "ftp://host/v1", Prompter.make("chat", None, None, task.few_shot))
    assert str(info.value).startswith("base_url must be an http:// or https:// URL") and "--" not in str(info.value)
    assert info.value.exit_code == 2 and isinstance(info.value, ValueError)
    assert main(["eval", "--task", "gsm8k", "--model", "m", "--base-url", "ftp://host/v1", "-o",
                 str(tmp_path / "o"), "--no-progress"]) == 2
    assert "mathgrade: error: --base-url must be an http:// or https:// URL" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


# --- install hints -------------------------------------------------------------------------------------------------


def test_every_install_hint_is_from_a_clone() -> None:
    """mathgrade is not on a package index: ``pip install 'mathgrade[x]'`` cannot work; ``pip install '.[x]'`` in a
    clone does."""
    texts = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "src").rglob("*.py"))]
    wrong = [f"{p.relative_to(ROOT)}:{n}" for p in texts
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"pip install [\"']?mathgrade\[", line)]
    assert wrong == []
    assert "pip install '.[eval]'" in str(errors.MissingExtra("asking a model", "aiohttp", "eval"))


# --- a rerun, a failure, a Parquet output ---------------------------------------------------------------------------


def test_a_rerun_without_resume_keeps_a_stopped_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _jsonl(tmp_path / "in.jsonl", _rows(6), extra="not json\n" + json.dumps(_rows(1)[0]) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--workers", "0"]) == 2  # stops at line 7, after 6 rows
    kept = out.read_bytes()
    assert len(_read(out)) == 6 and (tmp_path / "out.jsonl.run.json").exists()
    capsys.readouterr()
    assert main(["grade", str(f), "-o", str(out), "--workers", "0", "--skip-bad-rows"]) == 2
    err = capsys.readouterr().err
    assert "run the same command with --resume to continue it" in err and "remove" in err
    assert out.read_bytes() == kept
    assert main(["grade", str(f), "-o", str(out), "--workers", "0", "--skip-bad-rows", "--resume"]) == 0
    assert [r["status"] for r in _read(out)][5:] == ["incorrect", "bad_row", "correct"]
    assert not (tmp_path / "out.jsonl.run.json").exists()
    assert main(["grade", str(f), "-o", str(out), "--workers", "0", "--skip-bad-rows"]) == 0  # complete: replaced


def test_a_parquet_output_keeps_its_partial_name_until_complete(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    f = _jsonl(tmp_path / "in.jsonl", _rows(5), extra="not json\n" + json.dumps(_rows(1)[0]) + "\n")
    out = tmp_path / "out.parquet"
    assert main(["grade", str(f), "-o", str(out), "--workers", "0"]) == 2
    assert not out.exists() and (tmp_path / "out.parquet.partial").exists()
    assert main(["grade", str(f), "-o", str(out), "--workers", "0", "--skip-bad-rows", "--resume"]) == 0
    assert out.exists() and not (tmp_path / "out.parquet.partial").exists()
    assert pq.read_table(out).column("status").to_pylist() == ["correct", "incorrect"] * 2 + [
        "correct", "bad_row", "correct"]


def test_a_failed_command_leaves_nothing_behind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _jsonl(tmp_path / "in.jsonl", _rows(3))
    before = set(os.listdir(tmp_path))
    for fmt in ("jsonl", "csv", "parquet"):
        assert main(["grade", str(f), "-o", str(tmp_path / f"out.{fmt}"), "--gold-field", "nope"]) == 2
    assert main(["grade", str(f), "-o", str(tmp_path / "out.jsonl"), "--summary-json", str(tmp_path / "no" / "s.json"),
                 "--workers", "0"]) == 3
    os.remove(tmp_path / "out.jsonl")  # (written before the summary could not be)
    assert set(os.listdir(tmp_path)) == before
    # eval: --resume of a folder that is not there does not make it; a failed rescoring leaves no folder, no
    # staging database, no lock
    assert main(["eval", "--resume", "-o", str(tmp_path / "runs" / "nonexist"), "--no-progress"]) == 2
    assert "nothing to resume" in capsys.readouterr().err and not (tmp_path / "runs").exists()
    preds = _jsonl(tmp_path / "p.jsonl", [{"problem_id": "a", "response": "1", "gold": "1"}], extra="nope\n")
    assert main(["eval", "--predictions", str(preds), "--gold-field", "gold", "-o", str(tmp_path / "new"),
                 "--no-progress", "--workers", "0"]) == 2
    assert not (tmp_path / "new").exists()
    kept = tmp_path / "kept"
    kept.mkdir()
    assert main(["eval", "--predictions", str(preds), "--gold-field", "gold", "-o", str(kept), "--no-progress",
                 "--workers", "0"]) == 2
    assert [p for p in os.listdir(kept) if p.endswith((".lock", ".tmp.sqlite", ".tmp"))] == []
    good = _jsonl(tmp_path / "good.jsonl", [{"problem_id": "a", "response": "so \\boxed{1}", "gold": "1"}])
    assert main(["eval", "--predictions", str(good), "--gold-field", "gold", "-o", str(kept), "--no-progress",
                 "--workers", "0"]) == 0
    assert sorted(os.listdir(kept)) == ["config.json", "results.json", "samples.jsonl"]


# --- columns -------------------------------------------------------------------------------------------------------


def test_grade_extract_and_eval_name_the_span_and_rules_alike(tmp_path: Path) -> None:
    rows = _rows(4) + [{"id": "none", "answer": "I do not know.", "gold": "3"}]
    f = _jsonl(tmp_path / "in.jsonl", rows)
    assert main(["grade", str(f), "-o", str(tmp_path / "g.jsonl"), "--workers", "0"]) == 0
    assert main(["extract", str(f), "-o", str(tmp_path / "e.jsonl")]) == 0
    assert main(["eval", "--predictions", str(f), "--predictions-key", "id", "--response-field", "answer",
                 "--gold-field", "gold", "-o", str(tmp_path / "run"), "--no-progress", "--workers", "0"]) == 0
    graded, extracted, samples = _read(tmp_path / "g.jsonl"), _read(tmp_path / "e.jsonl"), _read(
        tmp_path / "run" / "samples.jsonl")
    span = ("extracted", "extracted_start", "extracted_end", "extraction_rule")
    for g, e, s in zip(graded, extracted, samples):
        assert [g[c] for c in span] == [e[c] for c in span] == [s[c] for c in span]
        assert g["rule"] == s["rule"] and "rule" not in e  # `rule` is always the rule that decided a verdict
    assert graded[0]["extraction_rule"] == "boxed" and graded[0]["rule"] == "identical"
    assert graded[1]["rule"].startswith("number.")
    assert graded[4]["extracted"] is None and graded[4]["extraction_rule"] is None


# --- options -------------------------------------------------------------------------------------------------------


def test_group_by_a_column_the_input_lacks_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _jsonl(tmp_path / "in.jsonl", _rows(3))
    assert main(["grade", str(f), "-o", str(tmp_path / "out.jsonl"), "--group-by", "nosuch", "--workers", "0"]) == 2
    assert "--group-by nosuch: the input has no such column; its first row has 'id', 'answer', 'gold'" in \
        capsys.readouterr().err
    assert not (tmp_path / "out.jsonl").exists()
    assert main(["grade", str(f), "--group-by", "id", "--workers", "0"]) == 0


@pytest.mark.parametrize("argv,suggested", [
    (["grdae", "x.jsonl"], "did you mean grade?"),
    (["evl"], "did you mean eval or serve?"),
    (["frobnicate"], "the commands are grade, extract, eval, tasks, report, serve"),
    (["grade", "x.jsonl", "--outptu", "y.jsonl"], "Did you mean one of: '--output'"),
    (["grade", "x.jsonl", "--skip-bad-row"], "Did you mean '--skip-bad-rows'?"),
    (["eval", "--predictons", "p.jsonl"], "Did you mean one of: '--predictions', '--predictions-key'?"),
])
def test_typos_get_a_suggestion(argv: List[str], suggested: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert suggested in err and err.startswith("mathgrade: error: ") and err.count("\n") == 1


def test_workers_zero_means_in_this_process_and_serve_refuses_it(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    f = _jsonl(tmp_path / "in.jsonl", _rows(2))
    assert main(["grade", str(f), "--workers", "0"]) == 0
    assert main(["serve", "--workers", "0"]) == 2
    assert "Invalid value for '--workers': 0 is not in the range x>=1" in capsys.readouterr().err


def test_output_format_names_the_format_of_a_path_without_extension(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    f = _jsonl(tmp_path / "in.jsonl", _rows(4))
    assert main(["grade", str(f), "-o", os.devnull, "--workers", "0"]) == 2
    assert "cannot tell the format of '/dev/null'" in capsys.readouterr().err
    capsys.readouterr()
    assert main(["grade", str(f), "-o", os.devnull, "--output-format", "jsonl", "--workers", "0"]) == 0
    assert not os.path.exists(os.devnull + ".run.json")
    capsys.readouterr()
    assert main(["grade", str(f), "-o", "-", "--output-format", "csv", "--workers", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("id,answer,gold,correct,status,extracted,extracted_start") and len(lines) == 5
    assert main(["grade", str(f), "-o", "-", "--output-format", "parquet"]) == 2
    assert "Parquet cannot be written to stdout" in capsys.readouterr().err


# --- sizes ---------------------------------------------------------------------------------------------------------


def test_a_line_over_the_limit_is_refused_before_it_is_read_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "MAX_LINE_BYTES", 2000)
    long = json.dumps({"id": "long", "answer": "x" * 5000, "gold": "1"}) + "\n"
    f = _jsonl(tmp_path / "in.jsonl", _rows(2), extra=long + json.dumps(_rows(1)[0]) + "\n")
    assert main(["grade", str(f), "--workers", "0"]) == 2
    assert "line 3: longer than 0.00190735 MiB (the longest line read); it was not read whole" in \
        capsys.readouterr().err
    out = tmp_path / "out.jsonl"
    assert main(["grade", str(f), "-o", str(out), "--workers", "0", "--skip-bad-rows"]) == 0
    assert [r["status"] for r in _read(out)] == ["correct", "incorrect", "bad_row", "correct"]
    csv = tmp_path / "in.csv"
    csv.write_text("answer,gold\n1,1\n" + "x" * 5000 + ",1\n2,2\n", encoding="utf-8")
    assert main(["grade", str(csv), "--workers", "0", "--skip-bad-rows"]) == 2
    assert "line 3 is longer than" in capsys.readouterr().err
    array = tmp_path / "in.json"
    array.write_text(json.dumps(_rows(100)), encoding="utf-8")
    assert main(["grade", str(array), "--workers", "0"]) == 2
    assert "is a JSON array larger than" in capsys.readouterr().err


# --- the server's errors are JSON ------------------------------------------------------------------------------------


def test_serve_answers_unknown_paths_and_methods_with_json(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    proc = subprocess.Popen([sys.executable, "-m", "mathgrade", "serve", "--port", "0", "--workers", "1"],
                            stderr=subprocess.PIPE, text=True)
    try:
        line = ""
        deadline = time.monotonic() + 300
        while "listening on" not in line and time.monotonic() < deadline:
            line = proc.stderr.readline() if proc.stderr else ""
            if not line and proc.poll() is not None:
                break
        m = re.search(r"listening on (http://\S+)", line)
        assert m, line
        for path, method, status in (("/nope", "GET", 404), ("/grade", "GET", 405), ("/health", "POST", 405)):
            req = urllib.request.Request(m.group(1) + path, method=method, data=b"{}" if method == "POST" else None)
            with pytest.raises(urllib.error.HTTPError) as info:
                urllib.request.urlopen(req, timeout=60)
            assert info.value.code == status
            assert info.value.headers["content-type"].startswith("application/json")
            body = json.loads(info.value.read())
            assert set(body) == {"error"} and body["error"]
    finally:
        proc.terminate()
        proc.wait(timeout=120)


# --- generated docs and the error tree ------------------------------------------------------------------------------


def _generated(doc: Path, source: str) -> str:
    text = doc.read_text(encoding="utf-8")
    m = re.search(rf"<!-- generated from {re.escape(source)} .*?-->\n(.*?)<!-- end of the generated table -->",
                  text, re.S)
    assert m, f"{doc}: no table generated from {source}"
    return m.group(1)


def test_the_docs_tables_are_made_from_the_code() -> None:
    cli_md = ROOT / "docs" / "cli.md"
    assert _generated(cli_md, "mathgrade.files.FORMATS") == formats_markdown(), (
        "docs/cli.md's table of formats differs from mathgrade.files.FORMATS: paste the output of "
        "python -c 'from mathgrade.files import formats_markdown; print(formats_markdown(), end=\"\")'")
    assert _generated(cli_md, "mathgrade.errors.EXIT_CODES") == exit_codes_markdown()


def test_every_error_has_one_exit_code_and_survives_pickling() -> None:
    made = [errors.ConfigError("timeout", "must be positive"), errors.MissingExtra("x", "y", "eval"),
            errors.InputError("bad", "column", ["a"], "output_field"), errors.ColumnError("no column", "a"),
            errors.OutputError("cannot", "output_format"), errors.FileSystemError("write", "/x", OSError(28, "full")),
            errors.EndpointError("down"), errors.ClusterError("gone"), errors.RequestFailed("no", 400)]
    codes = {type(e).__name__: e.exit_code for e in made}
    assert codes == {"ConfigError": 2, "MissingExtra": 2, "InputError": 2, "ColumnError": 2, "OutputError": 2,
                     "FileSystemError": 3, "EndpointError": 4, "ClusterError": 4, "RequestFailed": 5}
    for e in made:
        again = pickle.loads(pickle.dumps(e))
        assert type(again) is type(e) and str(again) == str(e) and vars(again).keys() >= {"exit_code"} - {"exit_code"}
        assert getattr(again, "setting", None) == getattr(e, "setting", None)
    assert set(errors.EXIT_CODES) == {0, 1, 2, 3, 4, 5, 130, 143}
    tree = errors.__doc__ or ""
    for name in errors.__all__:
        obj = getattr(errors, name)
        if isinstance(obj, type):
            assert name in tree, f"{name} is not drawn in the tree of mathgrade.errors"


def test_options_are_checked_once_per_combination_and_never_confused() -> None:
    from mathgrade.options import make_options

    assert make_options(policy="reward", timeout=2.0) is make_options(timeout=2.0, policy="reward")
    assert make_options(percent=True).percent is True
    with pytest.raises(errors.ConfigError, match="percent must be True or False, not 1"):
        make_options(percent=1)  # (1 == True, but it is not a bool: the cache of checked options keeps them apart)
    with pytest.raises(errors.ConfigError, match="timeout must be a positive number of seconds, not nan"):
        make_options(timeout=float("nan"))
    with pytest.raises(errors.ConfigError, match="unknown option 'polcy'"):
        make_options(polcy="eval")
    with pytest.raises(errors.ConfigError, match="policy must be 'eval' or 'reward'"):
        make_options(policy=["eval"])  # (unhashable: checked, not cached)
