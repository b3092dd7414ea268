"""Grading on Ray (``mathgrade.ray.grade_dataset`` and ``mathgrade grade --ray``), on a real local Ray cluster.

The cluster tests (marked ``slow`` and ``ray``) share one module-scoped cluster of 2 CPUs, started on 127.0.0.1 and
shut down at the end; they skip, saying what to install, where Ray is missing. Their verdicts are compared with
``grade_many`` on the same rows, so they hold whatever the stages decide. The tests at the end need no Ray: the module
imports without it and says what to install.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Set, cast

import pytest

from mathgrade import grade_many
from mathgrade.cli import main
from mathgrade.ray import DEFAULT_BATCH_SIZE, INSTALL_HINT, ColumnError, batch_size_for, grade_dataset
from mathgrade.columns import GRADE_COLUMNS, graded_columns
from mathgrade.errors import ClusterError

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
LOOPBACK = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
"""Set to 0, Ray gives its nodes the loopback address instead of this machine's network address (read when Ray is
imported): the cluster's traffic then stays on 127.0.0.1."""


def on_cluster(test: Any) -> Any:
    """Mark a test that needs the Ray cluster (``slow`` and ``ray``: run by ``pytest -m slow``)."""
    return pytest.mark.slow(pytest.mark.ray(test))


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Ray cluster (2 CPUs, no dashboard, on 127.0.0.1) for the whole module; yields its address."""
    saved = os.environ.get(LOOPBACK)
    os.environ[LOOPBACK] = "0"
    try:
        ray = pytest.importorskip("ray", reason=f"needs Ray: {INSTALL_HINT} (CI: .ci/steps/20-ray.sh)")
        data = pytest.importorskip("ray.data", reason=f"needs Ray Data: {INSTALL_HINT}")
        ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
        data.DataContext.get_current().enable_progress_bars = False
        try:
            yield ray.get_runtime_context().gcs_address
        finally:
            ray.shutdown()
    finally:
        if saved is None:
            os.environ.pop(LOOPBACK, None)
        else:
            os.environ[LOOPBACK] = saved


# --- rows -----------------------------------------------------------------------------------------------------------

HOSTILE = [
    "9^{9^{9^9}}", "(" * 5_000 + "1" + ")" * 5_000, "\\frac{" * 2_000 + "1" + "}{2}" * 2_000, "1" * 50_000,
    "9" * 5_000 + "!", "\\sin(10^{10^{6}})", "(x+1)^{100000}", "\\boxed{" * 1_000 + "7" + "}" * 1_000,
    "2^{20000}-1", "", " ", "\\", "$", "\\boxed{", "}}}}", "\x00\x01", "答案是 $\\boxed{7}$", "🙂 7",
    "The answer is " + "x " * 200_000 + "7",
]


def _jsonl(path: Path) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _varied_rows() -> List[Dict[str, Any]]:
    """About 2,800 rows: real model outputs (the bundled sample, the extraction test set), every bundled gold answer
    answered right and answered with the next gold (mostly wrong), and hostile outputs and golds."""
    rows: List[Dict[str, Any]] = []
    for r in _jsonl(ROOT / "data" / "sample.jsonl"):
        rows.append({"answer": r["answer"], "gold": r["gold"], "source": "sample"})
    for r in _jsonl(DATA / "extract_outputs.jsonl"):
        rows.append({"answer": r["text"], "gold": r["gold"], "source": "extract"})
    golds = [r["gold"] for r in _jsonl(DATA / "gold_answers.jsonl")]
    for i, g in enumerate(golds):
        rows.append({"answer": f"The answer is $\\boxed{{{g}}}$.", "gold": g, "source": "gold-right"})
        rows.append({"answer": f"So it is $\\boxed{{{golds[(i + 1) % len(golds)]}}}$.", "gold": g,
                     "source": "gold-next"})
    for h in HOSTILE:
        rows += [{"answer": f"The answer is $\\boxed{{{h}}}$.", "gold": "7", "source": "hostile-output"},
                 {"answer": "7", "gold": h, "source": "hostile-gold"},
                 {"answer": h, "gold": h, "source": "hostile-both"}]
    rows += [{"answer": None, "gold": "7", "source": "null-output"}, {"answer": "7", "gold": None, "source": "null"}]
    for i, r in enumerate(rows):
        r["id"] = i
    return rows


def _expected(rows: List[Dict[str, Any]], **options: Any) -> List[Dict[str, Any]]:
    return [graded_columns(v) for v in grade_many([(r["answer"], r["gold"]) for r in rows], workers=0, **options)]


def _verdicts(rows: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [{c: r[c] for c in GRADE_COLUMNS} for r in rows]


# --- grade_dataset --------------------------------------------------------------------------------------------------


@on_cluster
def test_verdicts_identical_to_grade_many(cluster: str) -> None:
    import ray

    rows = _varied_rows()
    assert len(rows) > 2500
    expected = _expected(rows, timeout=30)
    statuses = {e["status"] for e in expected}
    assert {"correct", "incorrect", "no_answer", "invalid_gold", "unparsable"} <= statuses  # the rows are varied
    assert sum(e["correct"] for e in expected) < 0.6 * len(rows)  # and as many are wrong as right

    graded = grade_dataset(ray.data.from_items(rows), actors=2, batch_size=128, timeout=30)
    got = graded.take_all()
    assert [r["id"] for r in got] == [r["id"] for r in rows]  # every row once, in input order
    assert [(r["answer"], r["gold"], r["source"]) for r in got] == [(r["answer"], r["gold"], r["source"])
                                                                     for r in rows]
    assert _verdicts(got) == expected
    assert list(graded.schema().names) == ["answer", "gold", "source", "id", *GRADE_COLUMNS]


def _actor_pids() -> Set[int]:
    """Processes of this test's cluster (descendants of this process) that run a grading actor."""
    parents: Dict[int, int] = {}
    titles: Dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                titles[int(entry)] = f.read().decode(errors="replace")
        except OSError:
            continue
        parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])

    def ours(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == os.getpid():
                return True
        return False

    return {pid for pid, title in titles.items() if "_GradeBatches" in title and ours(pid)}


@on_cluster
def test_actor_killed_mid_batch_loses_and_repeats_nothing(cluster: str) -> None:
    import ray

    # Each batch of 20 holds one row whose symbolic comparison takes one or two seconds, so the actors are busy with
    # batches when one is killed; Ray restarts it and grades its batches again.
    slow = {"answer": "The answer is $\\boxed{(x+1)^{60}}$.", "gold": "\\sum_{k=0}^{60}\\binom{60}{k}x^k"}
    rows: List[Dict[str, Any]] = [dict(slow) if i % 20 == 7 else {"answer": f"We find {i + i % 3 // 2}.",
                                                                   "gold": str(i)} for i in range(240)]
    for i, r in enumerate(rows):
        r["id"] = i
    expected = _expected(rows, timeout=60)
    assert expected[7]["correct"] and not expected[5]["correct"] and expected[0]["correct"]

    earlier = _actor_pids()  # actors of earlier runs, perhaps still on their way out
    graded = grade_dataset(ray.data.from_items(rows), actors=2, batch_size=20, timeout=60)
    got: List[Dict[str, Any]] = []
    killed: List[int] = []
    rows_at_kill = 0
    for batch in graded.iter_batches(batch_size=None, batch_format="pyarrow"):
        got += cast(Any, batch).to_pylist()  # an Arrow table (Ray types a batch as one of its formats)
        if not killed:
            ours = _actor_pids() - earlier  # this run's actors
            assert ours, "no grading actor found among this process's descendants"
            victim = min(ours)
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)
            rows_at_kill = len(got)
    assert killed and rows_at_kill < 200  # killed while most batches were still to be graded
    assert killed[0] not in _actor_pids()
    assert [r["id"] for r in got] == list(range(240))  # nothing lost, nothing twice, in order
    assert _verdicts(got) == expected


@on_cluster
def test_time_limit_works_inside_an_actor(cluster: str) -> None:
    """The limit stops grading inside an actor (no signals there) and gives the row status ``timeout``, without
    failing the batch. The grader's budget chooses only the symbolic steps that fit the limit, so no real row
    outlasts a limit of a second or more (bench/bench_load.py); a limit no row can meet, a microsecond, shows the
    mechanism. That one hung row costs only itself is tested on ``grade_many`` (tests/test_batch.py), which the
    actors run."""
    import ray

    rows = [{"answer": f"The answer is {i if i % 2 else i + 1}.", "gold": str(i)} for i in range(30)]
    rows[11] = {"answer": "The answer is $\\boxed{x^2+2x+1}$.", "gold": "(x+1)^2"}
    got = grade_dataset(ray.data.from_items(rows), actors=1, batch_size=30, timeout=1e-6).take_all()
    assert [r["status"] for r in got] == ["timeout"] * 30
    assert all(r["correct"] is False and "time limit of 1e-06 s" in r["reason"] for r in got)
    assert got[11]["extracted"] == "x^2+2x+1"  # what was found before the time ran out is kept
    again = grade_dataset(ray.data.from_items(rows), actors=1, batch_size=30, timeout=5).take_all()
    assert [r["correct"] for r in again] == [i % 2 == 1 or i == 11 for i in range(30)]


@on_cluster
def test_problem_column(cluster: str) -> None:
    import ray

    problem = "Which is largest? (A) 12 (B) 96 (C) 7 (D) 3"
    rows = [{"answer": "So $\\boxed{96}$.", "gold": "B", "q": problem},
            {"answer": "So $\\boxed{12}$.", "gold": "B", "q": problem}]
    got = grade_dataset(ray.data.from_items(rows), problem_column="q", actors=1).take_all()
    assert [r["correct"] for r in got] == [True, False]
    assert [r["correct"] for r in grade_dataset(ray.data.from_items(rows), actors=1).take_all()] == [False, False]
    with pytest.raises(ColumnError, match="no column 'question' \\(the problems\\)"):
        grade_dataset(ray.data.from_items(rows), problem_column="question")


_FAILING_RUN = """
import sys, ray, mathgrade.ray as mgray
ray.init(address=sys.argv[1], logging_level="ERROR", log_to_driver=False)
ray.data.DataContext.get_current().enable_progress_bars = False
try:
    mgray.grade_dataset(ray.data.read_json(sys.argv[2]), actors=1).take_all()
except Exception as exc:
    print("FAILED:", exc)
"""


def _failing_run(address: str, path: Path) -> str:
    """What a program that grades ``path`` (and fails) reports. It runs in its own process because Ray Data frees a
    failed run's actors only when the program drops the failed run's objects (reference cycles that hold the
    actors' handles); a program that ends frees them at once, and the next test finds the cluster's CPUs free."""
    proc = subprocess.run([sys.executable, "-c", _FAILING_RUN, address, str(path)], capture_output=True, text=True,
                          timeout=600, cwd=str(ROOT))
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@on_cluster
def test_bad_columns_are_named_or_graded_as_errors(cluster: str, tmp_path: Path) -> None:
    import ray

    # The schema is known without running: the error comes at once.
    items = ray.data.from_items([{"response": "7", "gold": "7"}])
    with pytest.raises(ColumnError, match="no column 'answer' .*'response', 'gold'"):
        grade_dataset(items)
    with pytest.raises(ColumnError, match="'gold' .* holds list"):
        grade_dataset(ray.data.from_items([{"answer": "7", "gold": ["7"]}]))

    # Read from a file, the schema is known only when a batch is read: the run fails, naming the column, or with
    # skip_bad_rows every row gets status bad_row and the reason.
    lists = tmp_path / "lists.jsonl"
    lists.write_text("".join(json.dumps({"answer": ["x", str(i)], "gold": str(i)}) + "\n" for i in range(5)))
    got = grade_dataset(ray.data.read_json(str(lists)), actors=1, skip_bad_rows=True).take_all()
    assert [r["status"] for r in got] == ["bad_row"] * 5
    assert all(r["reason"] == "output must be a str (or a number), not list" for r in got)
    assert "ColumnError: column 'answer' (the model outputs) holds list<item: string> values, not text" in (
        _failing_run(cluster, lists))

    no_gold = tmp_path / "no_gold.jsonl"
    no_gold.write_text("".join(json.dumps({"answer": f"{i}", "id": i}) + "\n" for i in range(4)))
    got = grade_dataset(ray.data.read_json(str(no_gold)), actors=1, skip_bad_rows=True).take_all()
    assert [(r["id"], r["status"], r["correct"]) for r in got] == [(i, "bad_row", False) for i in range(4)]
    assert all(r["reason"] == "the row has no column 'gold'" for r in got)
    assert "ColumnError: no column 'gold' (the gold answers); the columns are: 'answer', 'id'" in (
        _failing_run(cluster, no_gold))


# --- the command line -----------------------------------------------------------------------------------------------


def _mathgrade(*args: str, env: Optional[Dict[str, str]] = None) -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "mathgrade", *args], capture_output=True, text=True, timeout=900,
                          env=env, cwd=str(ROOT))


def _summary(text: str) -> List[str]:
    """The lines of a summary that do not depend on how the run was made (rows, accuracy, counts per status)."""
    return [line for line in text.splitlines() if line.split(":")[0] in ("rows", "accuracy", "status")]


def _shards(folder: Path, suffix: str) -> List[Dict[str, Any]]:
    files = sorted(p for p in folder.iterdir() if p.name.endswith(suffix))
    assert files, f"no {suffix} shard in {folder}"
    if suffix == ".parquet":
        import pyarrow.parquet as pq

        return [row for f in files for row in pq.read_table(f).to_pylist()]
    return [row for f in files for row in _jsonl(f)]


@on_cluster
def test_cli_pattern_of_jsonl_files_to_jsonl_shards(cluster: str, tmp_path: Path) -> None:
    sample = _jsonl(ROOT / "data" / "sample.jsonl")
    (tmp_path / "in").mkdir()
    for part, rows in (("a", sample[:170]), ("b", sample[170:])):
        (tmp_path / "in" / f"{part}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (tmp_path / "all.jsonl").write_text("".join(json.dumps(r) + "\n" for r in sample))
    local = _mathgrade("grade", str(tmp_path / "all.jsonl"), "-o", str(tmp_path / "local.jsonl"), "--workers", "0")
    assert local.returncode == 0, local.stderr

    out = tmp_path / "graded.jsonl"
    proc = _mathgrade("grade", str(tmp_path / "in" / "*.jsonl"), "--ray", cluster, "-o", str(out), "--workers", "2")
    assert proc.returncode == 0, proc.stderr
    assert _shards(out, ".json") == _jsonl(tmp_path / "local.jsonl")
    assert _summary(proc.stdout) == _summary(local.stdout) and len(_summary(proc.stdout)) == 3
    assert f"output:   {out} (300 rows, jsonl shards)" in proc.stdout

    again = _mathgrade("grade", str(tmp_path / "all.jsonl"), "--ray", cluster, "-o", str(out))
    assert again.returncode == 2 and "not an empty directory" in again.stderr

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"answer": "7", "gold": "7"}\n{"answer": "8", "gold"\n')
    proc = _mathgrade("grade", str(bad), "--ray", cluster, "--skip-bad-rows")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"mathgrade: error: {bad}: cannot read a file: " in proc.stderr and "--skip-bad-rows" in proc.stderr


@on_cluster
def test_cli_auto_csv_to_parquet_and_bad_column(cluster: str, tmp_path: Path) -> None:
    import csv

    rows = [{"id": f"r{i}", "response": f"so the total is {v}", "reference": g}
            for i, (v, g) in enumerate([("018", "18"), ("1.50", "1.5"), ("1.5", "3/2"), ("7", "8")] * 10)]
    with open(tmp_path / "in.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    columns = ["--output-field", "response", "--gold-field", "reference"]
    local = _mathgrade("grade", str(tmp_path / "in.csv"), "-o", str(tmp_path / "local.jsonl"), *columns)
    assert local.returncode == 0, local.stderr

    env = dict(os.environ, RAY_ADDRESS=cluster)  # --ray auto joins the cluster named there
    proc = _mathgrade("grade", str(tmp_path / "in.csv"), "--ray", "auto", "-o", str(tmp_path / "out"), *columns,
                      env=env)
    assert proc.returncode == 0, proc.stderr
    got = _shards(tmp_path / "out", ".parquet")
    assert got == _jsonl(tmp_path / "local.jsonl")  # the output and gold columns are read as text, as locally
    assert _summary(proc.stdout) == _summary(local.stdout)

    bad = _mathgrade("grade", str(tmp_path / "in.csv"), "--ray", "auto", env=env)
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines()[-1].startswith("mathgrade: error: ")
    assert "no column 'answer'" in bad.stderr and "'response'" in bad.stderr and "Traceback" not in bad.stderr


@on_cluster
def test_cli_parquet_with_every_cpu_taken_by_actors(cluster: str, tmp_path: Path) -> None:
    """Two actors on the 2 CPUs of the cluster, reading Parquet: reading must not wait for a CPU (Ray Data 2.60's
    newer Parquet reader lists the files in a task that needs one, and waited forever here)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    sample = _jsonl(ROOT / "data" / "sample.jsonl")
    pq.write_table(pa.Table.from_pylist(sample), tmp_path / "in.parquet")
    local = _mathgrade("grade", str(tmp_path / "in.parquet"), "-o", str(tmp_path / "local.jsonl"))
    assert local.returncode == 0, local.stderr
    proc = _mathgrade("grade", str(tmp_path / "in.parquet"), "--ray", cluster, "--workers", "2",
                      "-o", str(tmp_path / "out.jsonl"))
    assert proc.returncode == 0, proc.stderr
    assert _shards(tmp_path / "out.jsonl", ".json") == _jsonl(tmp_path / "local.jsonl")
    assert _summary(proc.stdout) == _summary(local.stdout)


@on_cluster
def test_cli_local_starts_its_own_cluster(cluster: str, tmp_path: Path) -> None:
    local = _mathgrade("grade", "data/sample.jsonl", "--limit", "120", "-o", str(tmp_path / "local.jsonl"))
    proc = _mathgrade("grade", "data/sample.jsonl", "--ray", "local", "-o", str(tmp_path / "graded"), "--limit", "120")
    assert proc.returncode == 0, proc.stderr
    assert "a local cluster started for this run" in proc.stdout
    assert _shards(tmp_path / "graded", ".parquet") == _jsonl(tmp_path / "local.jsonl")
    assert _summary(proc.stdout) == _summary(local.stdout) and "rows:     120" in proc.stdout


@on_cluster
def test_cli_unreachable_cluster_fails_fast(cluster: str, tmp_path: Path) -> None:
    with socket.socket() as s:  # a port that nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.monotonic()
    proc = _mathgrade("grade", "data/sample.jsonl", "--ray", f"127.0.0.1:{port}")
    assert proc.returncode == ClusterError.exit_code == 4 and "cannot reach a Ray cluster" in proc.stderr
    assert time.monotonic() - started < 120  # not Ray's minutes of retries


# --- without Ray ----------------------------------------------------------------------------------------------------


def test_import_does_not_load_ray() -> None:
    code = "import sys, mathgrade.ray; print(sorted(m for m in ('ray', 'pyarrow') if m in sys.modules))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip() == "[]", proc.stderr


def test_missing_ray_says_what_to_install(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError, as where Ray is not installed
    monkeypatch.setitem(sys.modules, "ray.data", None)
    with pytest.raises(ImportError, match=r"pip install '\.\[ray\]'"):
        grade_dataset(object())  # type: ignore[arg-type]
    assert main(["grade", str(ROOT / "data" / "sample.jsonl"), "--ray", "local"]) == 2
    assert "--ray needs Ray: pip install '.[ray]'" in capsys.readouterr().err


def test_arguments_are_checked_before_ray_is_needed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for bad in ({"actors": 0}, {"actors": (3, 2)}, {"actors": 1.5}, {"batch_size": 0}, {"output_column": ""},
                {"timeout": -1}, {"policy": "lenient"}):
        with pytest.raises(ValueError):
            grade_dataset(object(), **bad)  # type: ignore[arg-type]
    sample = str(ROOT / "data" / "sample.jsonl")
    assert main(["grade", sample, "--ray", "local", "--resume", "-o", str(tmp_path / "o.jsonl")]) == 2
    assert main(["grade", sample, "--ray", "local", "-o", "-"]) == 2
    err = capsys.readouterr().err
    assert "--resume is not available with --ray" in err and "not - (stdin or stdout)" in err


def test_batch_size_follows_the_cost_of_the_rows() -> None:
    short = [{"answer": f"The answer is {i}.", "gold": str(i)} for i in range(200)]
    long = [{"answer": "Let me think. " * 3000 + f"The answer is {i}.", "gold": str(i)} for i in range(40)]
    assert batch_size_for([]) == DEFAULT_BATCH_SIZE
    small, large = batch_size_for(long), batch_size_for(short)
    assert 16 <= small < large  # long outputs cost more per row: fewer rows per batch
    assert large & (large - 1) == 0 and small & (small - 1) == 0  # powers of two
    named = [{"response": r["answer"], "ref": r["gold"]} for r in long]
    assert batch_size_for(named, output_column="response", gold_column="ref") < large  # the named columns count
    with pytest.raises(ValueError, match="unknown option"):
        batch_size_for(short, tolerance=2)
