"""Batch grading: grade_many keeps order, streams, grades in the caller until workers pay, keeps the process-wide
workers warm between calls, survives hung and crashed rows, and loses no row.

The stages are being improved in parallel, so these tests only rely on obvious verdicts (``42`` answers ``42``,
``41`` does not) and otherwise compare grade_many with plain grade() on the same rows. ``_pool_only=True`` (private)
makes the caller a driver only, so that a test of the workers' path does not depend on how much work pays for them.
Helpers used by worker processes are module-level functions of this file (workers import it by name).
"""

from __future__ import annotations

import os
import signal
import time
from typing import Any, Iterator, List, Tuple

import pytest

import mathgrade
from mathgrade import Status, Verdict, grade_many
from mathgrade.options import Options
from mathgrade.rows import grade_pair as _grade_row


def _rows(n: int) -> List[Tuple[str, str]]:
    """Rows whose verdicts are obvious: even rows answer their gold, odd rows give gold + 1."""
    rows = []
    for i in range(n):
        gold = str(1000 + i)
        answer = gold if i % 2 == 0 else str(1001 + i)
        rows.append((f"We compute step by step. The answer is {answer}.", gold))
    return rows


def _key(v: Verdict) -> Tuple[Any, ...]:
    return (v.correct, v.status, v.gold, v.answer.text if v.answer else None)


def _hanging_grader(output: Any, gold: Any, options: Options) -> Verdict:
    """Grades normally, except that the output ``HANG`` never finishes."""
    if output == "HANG":
        while True:
            time.sleep(0.05)
    return _grade_row(output, gold, options)


def _crashing_grader(output: Any, gold: Any, options: Options) -> Verdict:
    """Grades normally, except that the output ``CRASH`` kills its worker process."""
    if output == "CRASH":
        os._exit(7)
    return _grade_row(output, gold, options)


def _raising_grader(output: Any, gold: Any, options: Options) -> Verdict:
    """Grades normally, except that the output ``RAISE`` raises inside the worker."""
    if output == "RAISE":
        raise RuntimeError("broken row")
    return _grade_row(output, gold, options)


def _freeze_reporting_grader(output: Any, gold: Any, options: Options) -> Verdict:
    """Reports, as the reason, how many objects the process running it has frozen for the garbage collector."""
    import gc

    return Verdict(False, Status.INCORRECT, str(gc.get_freeze_count()), "test.freeze", str(gold))


_VARIED_ROWS: List[Tuple[str, str]] = [
    ("The answer is $\\boxed{\\frac{3}{4}}$.", "0.75"),
    ("So $x \\in \\boxed{[2, 5)}$.", "[2,5)"),
    ("Thus $\\boxed{\\{1, 2, 3\\}}$", "\\{3,2,1\\}"),
    ("We get $\\boxed{\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}}$",
     "\\begin{pmatrix} 1 & 2 \\\\ 3 & 5 \\end{pmatrix}"),
    ("Final answer: $\\boxed{2\\sqrt{3}}$", "\\sqrt{12}"),
    ("The answer is (C).", "C"),
    ("I think it is $\\boxed{x^2 + 2x + 1}$", "(x+1)^2"),
    ("No idea.", "17"),
    ("It is $\\boxed{3}$ or maybe $\\boxed{4}$.", "3"),
    ("The answer is $\\boxed{50\\%}$", "0.5"),
    ("$\\boxed{y = 2x + 1}$", "2x - y + 1 = 0"),
    ("We compute step by step. The answer is 1001.", "1000"),
]
"""Our own rows of many kinds (numbers, intervals, sets, matrices, expressions, choices, relations, no answer,
ambiguous), so that equality with grade() covers the values carried back from the workers."""


# --- API shape -------------------------------------------------------------------------------------------------


def test_exported_from_package() -> None:
    assert mathgrade.grade_many is grade_many
    assert "grade_many" in mathgrade.__all__


def test_obvious_verdicts_in_process() -> None:
    verdicts = list(grade_many([("42", "42"), ("41", "42")], workers=1))
    assert [v.correct for v in verdicts] == [True, False]
    assert [v.status for v in verdicts] == [Status.CORRECT, Status.INCORRECT]
    assert all(isinstance(v, Verdict) for v in verdicts)


def test_returns_an_iterator_and_checks_options_eagerly() -> None:
    it = grade_many([("42", "42")], workers=0)
    assert iter(it) is it
    with pytest.raises(ValueError):
        grade_many([("42", "42")], timeout=-1)
    with pytest.raises(ValueError):
        grade_many([("42", "42")], no_such_option=True)
    with pytest.raises(ValueError):
        grade_many([("42", "42")], workers=-2)
    with pytest.raises(ValueError):
        grade_many([("42", "42")], chunk_size=0)


def test_row_shapes() -> None:
    rows: List[Any] = [
        ("42", "42"),
        ["42", "42"],
        {"output": "42", "gold": "42"},
        {"answer": "42", "gold": 42},   # Math-Verify's column names; an int gold
        {"answer": "41", "gold": "42"},
    ]
    verdicts = list(grade_many(rows, workers=0))
    assert [v.correct for v in verdicts] == [True, True, True, True, False]


def test_bad_rows_become_verdicts_not_exceptions() -> None:
    rows: List[Any] = [
        ("42", "42"),
        ("42", None),            # gold missing
        ("42", ""),              # gold empty
        ("42", ["42"]),          # gold of the wrong type
        (None, "42"),            # output missing
        (["42"], "42"),          # output of the wrong type
        (42, "42"),              # an int output: read as its text, as grade() reads it
        5,                       # not a row at all
        ("a", "b", "c", "d"),    # wrong arity (a triple is output, gold and problem)
        {"response": "42", "gold": "42"},  # a mapping without the output
        ("41", "42"),
    ]
    verdicts = list(grade_many(rows, workers=0))
    assert len(verdicts) == len(rows)
    assert [v.status for v in verdicts] == [
        Status.CORRECT, Status.BAD_ROW, Status.INVALID_GOLD, Status.BAD_ROW, Status.BAD_ROW,
        Status.BAD_ROW, Status.CORRECT, Status.BAD_ROW, Status.BAD_ROW, Status.BAD_ROW, Status.INCORRECT,
    ]
    assert [i for i, v in enumerate(verdicts) if v.correct] == [0, 6]
    assert all(v.reason for v in verdicts)
    assert not any(v.error for v in verdicts)  # none of these is a bug in mathgrade
    assert "'response', 'gold'" in verdicts[9].reason and "output_key=" in verdicts[9].reason
    assert "int" in verdicts[7].reason and "4 items" in verdicts[8].reason
    # The same rows in worker processes get the same verdicts.
    pooled = list(grade_many(rows * 8, workers=2, chunk_size=4))
    assert [(v.status, v.reason) for v in pooled] == [(v.status, v.reason) for v in verdicts] * 8


@pytest.mark.parametrize("value", [42, 4.5, None, ["42"], {"a": 1}, b"42", True])
def test_types_follow_grade(value: Any) -> None:
    # A row gets grade()'s verdict; where grade() raises TypeError, the row gets bad_row with grade()'s message.
    for output, gold in ((value, "42"), ("42", value)):
        (verdict,) = list(grade_many([("42", "42"), (output, gold)], workers=0))[1:]
        try:
            expected = mathgrade.grade(output, gold)
        except TypeError as exc:
            assert verdict.status == Status.BAD_ROW and verdict.reason == str(exc)
        else:
            assert verdict == expected


def test_first_row_of_the_wrong_shape_raises_naming_the_keys() -> None:
    rows = [{"response": "The answer is 42.", "gold": "42"}] * 3
    for workers in (0, 2):
        with pytest.raises(ValueError, match=r"keys: 'response', 'gold'.*output_key="):
            list(grade_many(rows, workers=workers))
    with pytest.raises(ValueError, match="not an \\(output, gold\\) pair"):
        next(grade_many([5, ("42", "42")], workers=0))
    with pytest.raises(ValueError, match="gold_key="):
        next(grade_many([{"output": "42", "answer_key": "42"}], workers=0))
    # Naming the fields grades such rows.
    named = list(grade_many(rows, output_key="response", workers=0))
    assert [v.status for v in named] == [Status.CORRECT] * 3
    renamed = list(grade_many([{"out": "41", "ref": "42"}], output_key="out", gold_key="ref", workers=0))
    assert renamed[0].status == Status.INCORRECT
    with pytest.raises(ValueError, match="output_key"):
        grade_many(rows, output_key=3)  # type: ignore[arg-type]


def test_options_are_passed_to_every_row() -> None:
    # Under the reward policy an unmarked last number is not an answer; under eval it is.
    rows = [("so we get 42", "42")] * 3
    lenient = list(grade_many(rows, workers=0, policy="eval"))
    strict = list(grade_many(rows, workers=0, policy="reward"))
    assert [v.status for v in strict] == [mathgrade.grade("so we get 42", "42", policy="reward").status] * 3
    assert [v.status for v in lenient] == [mathgrade.grade("so we get 42", "42").status] * 3


# --- where rows are graded -----------------------------------------------------------------------------------------


def _pid_grader(output: Any, gold: Any, options: Options) -> Verdict:
    """Grades normally, working at least 10 ms of CPU per row, and says in the reason which process graded it."""
    until = time.thread_time() + 0.01
    while time.thread_time() < until:
        pass
    v = _grade_row(output, gold, options)
    return Verdict(v.correct, v.status, str(os.getpid()), v.rule, v.gold, v.answer)


_SMALL_INPUT_SCRIPT = """
import multiprocessing, mathgrade, mathgrade.runtime
rows = [(f"The answer is {i}.", str(i if i % 2 == 0 else i + 1)) for i in range(2000)]
ok = [v.correct for v in mathgrade.grade_many(rows)] == [i % 2 == 0 for i in range(2000)]
print(ok, mathgrade.runtime.current_pool() is None, multiprocessing.active_children() == [])
"""


def test_a_small_input_is_graded_in_the_caller_and_starts_no_worker() -> None:
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", _SMALL_INPUT_SCRIPT], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True", "True", "True"]


def test_a_large_input_is_shared_between_the_caller_and_the_workers() -> None:
    # 10 ms of CPU a row: 4 s of work, more than starting the workers costs. (They are started first: a cold start
    # is also skipped while other work keeps every core busy, as in the CI step that runs this suite under load.)
    mathgrade.warm_up()
    rows = _rows(400)
    got = list(grade_many(rows, workers=2, _row_grader=_pid_grader))
    assert [v.correct for v in got] == [i % 2 == 0 for i in range(400)]
    graders = {int(v.reason) for v in got}
    assert os.getpid() in graders  # the caller graded rows too
    assert graders - {os.getpid()}  # and workers graded the others


def _head_of_line_grader(output: Any, gold: Any, options: Options) -> Verdict:
    """``SLOW|<file>``: waits until other rows have written 100 lines to the file (or 40 s passed) and says in its
    reason how many it saw; ``FAST|<file>|<output>``: writes a line to the file, then grades ``<output>``."""
    kind, path, *rest = output.split("|", 2)
    if kind == "SLOW":
        seen, give_up = 0, time.monotonic() + 40
        while seen < 100 and time.monotonic() < give_up:
            time.sleep(0.02)
            with open(path, encoding="utf-8") as f:
                seen = sum(1 for _ in f)
        return Verdict(True, Status.CORRECT, str(seen), "slow", gold)
    with open(path, "a", encoding="utf-8") as f:
        f.write("graded\n")
    return _grade_row(rest[0], gold, options)


def test_the_workers_go_on_while_a_slow_chunk_holds_up_the_output(tmp_path: Any) -> None:
    # The first chunk holds a row that does not end until 100 later rows are graded. Verdicts are yielded in input
    # order, so every chunk done after it waits in the window; such chunks are no longer in a worker's hands, and the
    # other worker goes on with new ones (it used to stop after the two chunks in its hands, with 30 rows graded).
    path = tmp_path / "graded.txt"
    path.write_text("", encoding="utf-8")
    rows = [(f"SLOW|{path}", "1")] + [(f"FAST|{path}|{o}", g) for o, g in _rows(300)]
    got = list(grade_many(rows, workers=2, chunk_size=10, timeout=30, _row_grader=_head_of_line_grader,
                          _pool_only=True))
    assert got[0].rule == "slow" and int(got[0].reason) >= 100
    assert [v.correct for v in got[1:]] == [i % 2 == 0 for i in range(300)]


def test_the_workers_stay_warm_between_calls() -> None:
    import mathgrade.runtime as runtime

    list(grade_many(_rows(50), workers=2, _row_grader=_pid_grader, _pool_only=True))
    pool = runtime.current_pool()
    assert pool is not None and pool.ready() >= 2
    workers = set(pool._gen.ready)  # type: ignore[union-attr]
    generations = pool._generations
    got = list(grade_many(_rows(50), workers=2, _row_grader=_pid_grader, _pool_only=True))
    assert {int(v.reason) for v in got} <= workers  # the same processes: nothing was started or stopped
    assert runtime.current_pool() is pool and pool._generations == generations


def test_a_warm_pool_is_used_for_less_work_than_a_cold_one() -> None:
    import mathgrade.batch as batch

    # 40 rows of 10 ms of CPU: 0.4 s of work, enough for warm workers (more than _WARM_PAYS), not to start them.
    assert batch._WARM_PAYS < 0.4 < batch._COLD_PAYS
    mathgrade.warm_up()
    got = list(grade_many(_rows(40), workers=2, _row_grader=_pid_grader))
    assert {int(v.reason) for v in got} - {os.getpid()}


# --- the workers' path: order, equality with grade(), streaming ------------------------------------------------------


def test_pool_keeps_order_and_matches_grade() -> None:
    rows = _rows(300)
    expected = [_key(mathgrade.grade(o, g)) for o, g in rows]
    got = [_key(v) for v in grade_many(rows, workers=2, chunk_size=8, _pool_only=True)]
    assert got == expected
    assert [k[0] for k in got] == [i % 2 == 0 for i in range(300)]
    assert [_key(v) for v in grade_many(rows, workers=2, chunk_size=8)] == expected  # (the caller's share too)


def test_pool_streams_its_input() -> None:
    for pool_only in (True, False):
        consumed = 0

        def gen() -> Iterator[Tuple[str, str]]:
            nonlocal consumed
            for row in _rows(2000):
                consumed += 1
                yield row

        it = grade_many(gen(), workers=2, chunk_size=10, _pool_only=pool_only)
        first = next(it)
        assert first.correct
        # At most the window of chunks in flight (2 per worker), or the caller's first chunk, has been read.
        assert consumed <= (4 * 2 + 1) * 10
        rest = list(it)
        assert consumed == 2000
        assert len(rest) == 1999


def test_pool_verdicts_equal_sequential_grade_ones() -> None:
    rows = _VARIED_ROWS * 3
    expected = [mathgrade.grade(o, g) for o, g in rows]
    got = list(grade_many(rows, workers=2, chunk_size=5, _pool_only=True))
    assert got == expected  # whole Verdict objects: answer, spans, rule, reason, both values
    assert list(grade_many(rows, workers=2, chunk_size=5)) == expected
    # The rows are varied enough for this equality to mean something: several kinds of values, both outcomes.
    kinds = {v.gold_value.kind for v in got if v.gold_value is not None}
    assert len(kinds) >= 6
    assert {v.status for v in got} >= {Status.CORRECT, Status.INCORRECT, Status.AMBIGUOUS}
    assert sum(v.answer_value is not None for v in got) >= 9 * 3
    # A verdict differing in its value alone is told apart.
    import dataclasses

    assert dataclasses.replace(got[0], answer_value=got[1].answer_value) != expected[0]


def _driver(rows: Any, chunk_size: int = 1024) -> Any:
    import mathgrade.batch as batch
    from mathgrade.options import make_options

    return batch._Driver(iter(rows), 2, chunk_size, make_options(), None, None, False)


def test_chunks_end_at_the_text_budget() -> None:
    import mathgrade.batch as batch

    small = _driver([("x" * 10, "1")] * 1000)
    assert [len(small._take(batch._CHUNK)) for _ in range(2)] == [batch._CHUNK if batch._CHUNK < 1000 else 1000, 0]
    big = _driver([("x" * (batch._CHUNK_CHARS // 4), "1")] * 10)
    assert [len(big._take(batch._CHUNK)) for _ in range(4)] == [4, 4, 2, 0]
    assert big.exhausted and big.taken == 10
    mixed: List[Any] = [("x" * (batch._CHUNK_CHARS // 2), "1"), {"output": "y", "gold": "2"}, 5,
                        (None, "3"), ("z" * batch._CHUNK_CHARS, "4"), ("w", "5")]
    d = batch._Driver(batch._pairs(mixed, None, "gold", None), 2, 100, mathgrade.Options(), None, None, False)
    chunks = [d._take(100), d._take(100)]
    assert [len(c) for c in chunks] == [5, 1]
    assert [p for c in chunks for p in c][1] == ("y", "2")  # every row kept, in order, as a pair


def _slow_grader(output: Any, gold: Any, options: Options) -> Verdict:
    """Grades normally, taking at least 10 ms per row."""
    time.sleep(0.01)
    return _grade_row(output, gold, options)


def test_sizer_aims_at_a_set_time_per_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    import mathgrade.batch as batch

    monkeypatch.setattr(batch, "_CHUNK_SECONDS", 0.1)
    sizer = batch._Sizer(256)
    assert sizer.size == batch._FIRST_CHUNK and sizer.per_row is None
    sizer.observe(16 * 1e-4, 16)  # fast rows: as large as allowed
    assert sizer.size == 256
    sizer.observe(256 * 1.0, 256)  # then very slow ones: one row at a time
    assert sizer.size == 1
    small = batch._Sizer(8)
    assert small.size == 8
    small.observe(1e-3, 8)
    assert small.size == 8  # never past the caller's chunk_size
    slow = batch._Sizer(256)
    slow.observe(0.4, 16)  # 25 ms per row: 4 rows make a tenth of a second
    assert slow.size == 4 and slow.per_row == 0.025


def _record_chunk_sizes(monkeypatch: pytest.MonkeyPatch) -> List[int]:
    """Make grade_many record the size of every chunk it takes from its input, in the list returned."""
    import mathgrade.batch as batch

    sizes: List[int] = []
    real = batch._Driver._take

    def recording(self: Any, size: int) -> List[Tuple[Any, ...]]:
        chunk = real(self, size)
        if chunk:
            sizes.append(len(chunk))
        return chunk

    monkeypatch.setattr(batch._Driver, "_take", recording)
    return sizes


def test_slow_rows_go_in_small_chunks_and_fast_ones_in_large(monkeypatch: pytest.MonkeyPatch) -> None:
    import mathgrade.batch as batch

    sizes = _record_chunk_sizes(monkeypatch)
    slow = list(grade_many(_rows(150), workers=2, _row_grader=_slow_grader, _pool_only=True))
    assert [v.correct for v in slow] == [i % 2 == 0 for i in range(150)]
    window = 2 * 2  # chunks sent before the first one's time is known
    assert sizes[:window] == [batch._FIRST_CHUNK] * window
    assert max(sizes[window + 1:]) <= int(batch._CHUNK_SECONDS / 0.01)  # 10 ms or more per row
    sizes.clear()
    fast = list(grade_many(_rows(3000), workers=2, _pool_only=True))
    assert [v.correct for v in fast] == [i % 2 == 0 for i in range(3000)]
    assert max(sizes) > batch._FIRST_CHUNK


def test_last_chunks_shrink_when_the_number_of_rows_is_known(monkeypatch: pytest.MonkeyPatch) -> None:
    import mathgrade.batch as batch

    sizes = _record_chunk_sizes(monkeypatch)
    rows = _rows(6000)
    assert len(list(grade_many(rows, workers=2, _pool_only=True))) == 6000
    done = 0
    for n in sizes:
        assert n <= max(batch._FIRST_CHUNK, -(-(6000 - done) // 8))
        done += n
    assert done == 6000 and sizes[-1] <= batch._FIRST_CHUNK
    # Without a known length (a generator) the chunks keep the size the timing asks for, to the end.
    sizes.clear()
    assert len(list(grade_many(iter(rows), workers=2, _pool_only=True))) == 6000
    done, over = 0, 0
    for n in sizes:
        over += n > max(batch._FIRST_CHUNK, -(-(6000 - done) // 8))
        done += n
    assert over > 0


def test_warm_grades_plain_rows_once_and_starts_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    import mathgrade.grader as grader

    monkeypatch.setattr(grader, "_warmed", False)
    calls: List[Tuple[Any, ...]] = []
    real = grader.grade_with
    monkeypatch.setattr(grader, "grade_with", lambda *args: calls.append(args) or real(*args))
    started: List[str] = []
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self.name))  # nothing may start
    monkeypatch.setattr(os, "fork", lambda: started.append("fork"))
    grader.warm()
    grader.warm()
    grader.grade_with("41", "42", mathgrade.Options())
    assert [c[:2] for c in calls] == list(grader._WARM_ROWS) + [("41", "42")]  # once, before the first real row
    assert [real(*c).status for c in calls] == [Status.CORRECT, Status.CORRECT, Status.INCORRECT]
    assert started == []


def test_tuple_rows_are_passed_as_they_are_and_other_shapes_converted() -> None:
    import collections

    from mathgrade.rows import BadRow, pair_of

    row = ("42", "42")
    assert pair_of(row) is row
    Pair = collections.namedtuple("Pair", "output gold")
    assert pair_of(Pair("1", "2")) == ("1", "2")
    assert pair_of(["1", "2"]) == ("1", "2")
    assert pair_of({"answer": "1", "gold": "2"}) == ("1", "2")
    assert pair_of({"output": "0", "answer": "1", "gold": "2"}) == ("0", "2")  # output first
    assert pair_of({"o": "1", "g": "2"}, "o", "g") == ("1", "2")
    assert pair_of(("1", "2", "a problem")) == ("1", "2", "a problem")  # (output, gold, problem)
    assert pair_of({"o": "1", "g": "2", "p": "3"}, "o", "g", "p") == ("1", "2", "3")
    bad = pair_of(("1", "2", "3", "4"))
    assert isinstance(bad[0], BadRow) and "4 items" in bad[0].reason


def test_workers_freeze_what_they_inherit_for_the_gc() -> None:
    rows = _rows(80)
    pooled = list(grade_many(rows, workers=2, chunk_size=10, _row_grader=_freeze_reporting_grader, _pool_only=True))
    assert len(pooled) == 80 and all(int(v.reason) > 1000 for v in pooled)
    here = list(grade_many(rows, workers=1, _row_grader=_freeze_reporting_grader))
    assert all(v.reason == "0" for v in here)  # the caller's process is left alone


def test_in_process_matches_pool() -> None:
    rows = _rows(100)
    assert [_key(v) for v in grade_many(rows, workers=0)] == [
        _key(v) for v in grade_many(rows, workers=2, _pool_only=True)]


def test_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    verdicts = list(grade_many(_rows(10), workers=0, progress=True))
    assert len(verdicts) == 10
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "10/10" in captured.err


# --- pool: one bad row costs only itself ---------------------------------------------------------------------------


def test_hung_row_times_out_alone() -> None:
    rows = _rows(100)
    rows[37] = ("HANG", "5")
    verdicts = list(grade_many(rows, workers=2, chunk_size=10, timeout=0.5, _row_grader=_hanging_grader,
                               _pool_only=True))
    assert len(verdicts) == 100
    assert verdicts[37].status == Status.TIMEOUT and not verdicts[37].correct
    others = [v for i, v in enumerate(verdicts) if i != 37]
    assert all(v.status in (Status.CORRECT, Status.INCORRECT) for v in others)
    assert [v.correct for i, v in enumerate(verdicts) if i != 37] == [i % 2 == 0 for i in range(100) if i != 37]


def test_crashed_row_is_an_error_and_loses_nothing() -> None:
    rows = _rows(100)
    rows[5] = ("CRASH", "5")
    rows[64] = ("CRASH", "6")
    verdicts = list(grade_many(rows, workers=2, chunk_size=10, _row_grader=_crashing_grader, _pool_only=True))
    assert len(verdicts) == 100
    for i in (5, 64):
        assert verdicts[i].status == Status.ERROR and not verdicts[i].correct
        assert "died" in verdicts[i].reason and verdicts[i].error
    assert [v.correct for i, v in enumerate(verdicts) if i not in (5, 64)] == [
        i % 2 == 0 for i in range(100) if i not in (5, 64)]


def test_exception_in_worker_is_recorded() -> None:
    rows = _rows(80)
    rows[3] = ("RAISE", "1")
    for pool_only in (True, False):
        verdicts = list(grade_many(rows, workers=2, chunk_size=10, _row_grader=_raising_grader, _pool_only=pool_only))
        assert verdicts[3].status == Status.ERROR
        assert "broken row" in (verdicts[3].error or "")
        assert sum(v.status == Status.ERROR for v in verdicts) == 1


def test_survives_a_worker_killed_from_outside() -> None:
    import mathgrade.runtime as runtime

    rows = [("x " * 1000 + output, gold) for output, gold in _rows(400)]
    mathgrade.warm_up()
    pool = runtime.current_pool()
    assert pool is not None
    # (A time limit far above these rows' cost: the test is about the kill, and a chunk's limit of a few seconds
    # could run out by chance on a machine at load 14.)
    it = grade_many(rows, workers=2, chunk_size=5, timeout=10.0, _pool_only=True)
    verdicts = [next(it)]
    pool.ready()
    workers = list(pool._gen.ready)  # type: ignore[union-attr]
    assert workers
    try:
        os.kill(workers[0], signal.SIGKILL)
    except ProcessLookupError:  # (already replaced: the race is the point of the test, either way)
        pass
    verdicts.extend(it)
    assert len(verdicts) == 400
    # The killed worker's chunk is graded again elsewhere: every row gets its normal verdict.
    assert [v.status for v in verdicts] == [Status.CORRECT if i % 2 == 0 else Status.INCORRECT for i in range(400)]


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_both_start_methods(method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    import mathgrade.runtime._pool as pool
    import mathgrade.runtime._shared as shared

    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} here")
    real = pool._context
    monkeypatch.setattr(pool, "_context", lambda start_method: real(method))
    shared._shutdown()  # a new process-wide pool, started with `method`
    try:
        rows = _rows(120)
        rows[50] = ("CRASH", "1")
        verdicts = list(grade_many(rows, workers=2, chunk_size=8, _row_grader=_crashing_grader, _pool_only=True))
        assert len(verdicts) == 120
        assert verdicts[50].status == Status.ERROR
        assert [v.correct for i, v in enumerate(verdicts) if i != 50] == [i % 2 == 0 for i in range(120) if i != 50]
    finally:
        shared._shutdown()


def test_fork_only_when_single_threaded() -> None:
    import threading

    import mathgrade.runtime._pool as pool

    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert pool._context(None).get_start_method() == "spawn"
    finally:
        stop.set()
        t.join()


_NO_WORKERS_SCRIPT = """
import sys, threading, warnings
warnings.simplefilter("always")
import mathgrade
import mathgrade.runtime._pool
mathgrade.runtime._pool._start_worker = sys.exit  # every worker dies as it starts, as where processes are forbidden
stop = threading.Event()
t = threading.Thread(target=stop.wait)
t.start()  # another thread: grade_many must spawn its workers rather than fork them
try:
    rows = [(str(i), str(i if i % 2 == 0 else i + 1)) for i in range(200)]
    print([v.correct for v in mathgrade.grade_many(rows, workers=2, _pool_only=True)] == [
        i % 2 == 0 for i in range(200)])
finally:
    stop.set()
"""


def test_grade_many_falls_back_when_workers_cannot_start() -> None:
    import subprocess
    import sys

    for args, stdin in ((["-c", _NO_WORKERS_SCRIPT], None),
                        (["-"], _NO_WORKERS_SCRIPT.replace("mathgrade.runtime._pool._start_worker = sys.exit", ""))):
        proc = subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip() == "True"
        warned = proc.stderr.count("RuntimeWarning: mathgrade could not start worker processes")
        assert warned == (1 if stdin is None else 0), proc.stderr


# --- the problem's text: a multiple-choice answer given as the option's content ----------------------------------

_PROBLEM = "Which number is the largest? (A) 12 (B) 96 (C) 7 (D) 3"


@pytest.mark.parametrize("workers", [0, 2])
def test_the_problem_travels_with_its_row(workers: int) -> None:
    rows = [("So the answer is $\\boxed{96}$.", "B", _PROBLEM), ("So the answer is $\\boxed{7}$.", "B", _PROBLEM),
            ("So the answer is $\\boxed{96}$.", "B"), ("So the answer is $\\boxed{B}$.", "B", _PROBLEM)] * 40
    got = [v.status.value for v in grade_many(rows, workers=workers, chunk_size=8, _pool_only=workers > 1)]
    assert got == ["correct", "incorrect", "incorrect", "correct"] * 40  # without the problem, 96 names no option


def test_problem_key_of_mappings() -> None:
    rows = [{"answer": "So $\\boxed{96}$.", "gold": "B", "question": _PROBLEM},
            {"answer": "So $\\boxed{12}$.", "gold": "B", "question": _PROBLEM},
            {"answer": "So $\\boxed{96}$.", "gold": "B"},
            {"answer": "So $\\boxed{96}$.", "gold": "B", "question": 7}]
    got = list(grade_many(rows, workers=0, problem_key="question"))
    assert [v.status.value for v in got] == ["correct", "incorrect", "bad_row", "bad_row"]
    assert "no key 'question'" in got[2].reason and "problem_key=" in got[2].reason
    assert "problem must be a str" in got[3].reason
    with pytest.raises(ValueError, match="problem_key must be a string"):
        list(grade_many(rows, problem_key=3))  # type: ignore[arg-type]
