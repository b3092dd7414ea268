"""Row files and resuming them (``mathgrade.files``, ``mathgrade.resume``): field paths, CSV records that span lines,
the repair of a torn output in every format, and the property that a run resumed from *any* cut point of its
output gives the uninterrupted output byte for byte.

The cut points stand for writes interrupted anywhere (SIGKILL, a full disk); tests/cli/test_cli.py makes those faults
for real.
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any, Dict, List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathgrade.cli import main
from mathgrade.files import (BadLine, FieldPath, InputError, OutputError, ParquetOutput, RowReader, csv_records,
                             journal_path, jsonl_schema, read_journal)
from mathgrade.resume import RunRecord, input_fingerprint, open_earlier, record_path

# --- field paths -------------------------------------------------------------------------------------------------


def test_field_path_reads_nested_values_and_says_where_it_stops() -> None:
    row = {"choices": [{"message": {"content": "42"}}], "a.b": 1, "meta": {"n": 3}}
    assert FieldPath("choices.0.message.content").get(row) == "42"
    assert FieldPath("a.b").get(row) == 1  # a key holding a dot wins over the path
    assert FieldPath("meta.n").get(row) == 3
    for path, words in (("choices.1.message", "a list of 1 items"), ("choices.x", "not indexed by 'x'"),
                        ("meta.m", "meta has no key 'm'"), ("meta.n.k", "meta.n is a int"),
                        ("answer", "no 'answer' field")):
        with pytest.raises(KeyError) as info:
            FieldPath(path).get(row)
        assert words in str(info.value.args[0]), path
        assert not FieldPath(path).present(row)


# --- reading -------------------------------------------------------------------------------------------------


def test_csv_records_know_where_each_record_ends() -> None:
    text = 'id,answer\r\n1,"two\nlines"\r\n2,plain\r\n3,"torn\n'
    data = text.encode()
    records = list(csv_records(io.BytesIO(data), ",", strict=True))
    assert [r.fields for r in records[:3]] == [["id", "answer"], ["1", "two\nlines"], ["2", "plain"]]
    assert [(r.line, r.lines) for r in records[:3]] == [(1, 1), (2, 2), (4, 1)]
    assert data[:records[1].end].endswith(b'lines"\r\n') and data[:records[2].end].endswith(b"plain\r\n")
    assert records[3].problem and records[3].end == len(data)  # inside quotes at the end: torn


@pytest.mark.parametrize("text,words", [
    ("not json at all\n", "line 1: not JSON: 'not json at all'"),
    ('{"answer": "a\x01b", "gold": "1"}\n', "Invalid control character at character 14"),
    ('{"answer": "1", "gold": }\n', "line 1: malformed JSON: Expecting value at character 25"),
    ('{"answer": "1", "gold": 3 \n', "line 1: malformed JSON: Expecting ',' delimiter at the end of the line, "
                                    "which ends '{\"answer\": \"1\", \"gold\": 3'"),
    ('{"answer": "1", "gold": "3\r\n', "Unterminated string starting at character 25"),
    ("[1, 2]\n", "a JSON array, not an object"),
])
def test_json_line_problems_say_what_and_where(tmp_path: Path, text: str, words: str) -> None:
    f = tmp_path / "in.jsonl"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        list(RowReader(str(f)))
    assert words in str(info.value)
    assert "at at" not in str(info.value) and "column 1" not in str(info.value)


def test_a_file_of_garbage_is_not_called_empty(tmp_path: Path) -> None:
    f = tmp_path / "in.jsonl"
    f.write_bytes(bytes(range(256)) * 20)
    with pytest.raises(InputError) as info:
        list(RowReader(str(f), skip_bad_rows=True))
    message = str(info.value)
    assert "empty" not in message and "no readable row" in message and "is it a JSON Lines file?" in message
    c = tmp_path / "in.csv"
    c.write_bytes(bytes(range(256)) * 20)
    with pytest.raises(InputError) as info:
        list(RowReader(str(c), skip_bad_rows=True))
    assert "empty" not in str(info.value) and "is it a CSV file?" in str(info.value)
    g = tmp_path / "zero.jsonl"
    g.write_bytes(b"")
    with pytest.raises(InputError, match="is empty: 0 bytes"):
        RowReader(str(g))


def test_bad_rows_are_kept_in_place_when_asked(tmp_path: Path) -> None:
    f = tmp_path / "in.jsonl"
    f.write_text('{"answer": "1", "gold": "1"}\nnope\n{"answer": "2"}\n{"answer": "3", "gold": "3"}\n')
    reader = RowReader(str(f), required=["answer", "gold"], keep_bad_rows=True)
    items = list(reader)
    assert [type(i).__name__ for i in items] == ["dict", "BadLine", "BadLine", "dict"]
    assert isinstance(items[2], BadLine) and items[2].row == {"answer": "2"} and "no 'gold' field" in items[2].problem
    assert reader.bad_rows == 2 and len(reader.first_bad) == 2 and "line 2" in reader.first_bad[0]


def test_tsv_is_read_like_csv(tmp_path: Path) -> None:
    f = tmp_path / "in.tsv"
    f.write_text('id\tanswer\tgold\r\n1\t"a\tb 42"\t42\r\n', encoding="utf-8")
    assert list(RowReader(str(f))) == [{"id": "1", "answer": "a\tb 42", "gold": "42"}]


def test_jsonl_schema_collects_every_key_and_unifies_types(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    f = tmp_path / "in.jsonl"
    rows = [{"a": 1}, {"a": 2.5, "model": "m"}, {"a": None, "meta": {"k": [1]}}]
    f.write_text("".join(json.dumps(r) + "\n" for r in rows))
    columns, schema = jsonl_schema(str(f), types=True)
    assert columns == ["a", "model", "meta"]
    assert schema.field("a").type == pa.float64() and schema.field("model").type == pa.string()
    f.write_text('{"a": 1}\n' + '{"a": "x"}\n')
    with pytest.raises(OutputError, match="different types"):
        jsonl_schema(str(f), types=True)


# --- repairing a torn output -------------------------------------------------------------------------------------


def test_jsonl_repair_cuts_the_torn_line_and_refuses_a_broken_middle(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_bytes(b'{"a": 1}\n{"a": 2}\n{"a": 3, "b": "cut in the mid')
    earlier = open_earlier(str(out))
    assert "torn" in earlier.repair and out.read_bytes() == b'{"a": 1}\n{"a": 2}\n'
    assert [r["a"] for r in earlier.rows()] == [1, 2]
    out.write_bytes(b'{"a": 1}\nnot json\n{"a": 3}\n')
    with pytest.raises(OutputError, match="line 2"):
        open_earlier(str(out))
    out.write_bytes(b'{"a": 1}\n{"a": 2')
    with pytest.raises(OutputError, match="torn"):
        open_earlier(str(out), repair=False)
    assert out.read_bytes() == b'{"a": 1}\n{"a": 2'  # refused: untouched


def test_csv_repair_cuts_at_the_last_complete_record_not_the_last_newline(tmp_path: Path) -> None:
    """The issue's failure: a CSV torn inside a field that holds newlines was cut at its last newline, and the
    appended rows were read as garbage."""
    out = tmp_path / "out.csv"
    whole = 'id,answer,status\r\n1,"line one\nline two",correct\r\n'
    out.write_bytes((whole + '2,"first line\nsecond li').encode())
    earlier = open_earlier(str(out))
    assert out.read_bytes() == whole.encode()
    assert [r["id"] for r in earlier.rows()] == ["1"]
    out.write_bytes((whole + '2,"first line\n').encode())  # torn just after a newline inside the field
    open_earlier(str(out))
    assert out.read_bytes() == whole.encode()
    out.write_bytes((whole + "2,x,corr").encode())  # torn inside an unquoted field
    open_earlier(str(out))
    assert out.read_bytes() == whole.encode()
    out.write_bytes((whole + "2,x\r\n3,y,correct\r\n").encode())  # a short record before the end: not a tear
    with pytest.raises(OutputError, match="line 4: 2 fields, but the header has 3"):
        open_earlier(str(out))


def test_parquet_journal_keeps_its_complete_batches(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "out.parquet"
    schema = pa.schema([("id", pa.int64()), ("text", pa.string())])
    writer = ParquetOutput(str(out), schema)
    for i in range(2500):
        writer.write({"id": i, "text": "x" * (i % 7)})
    writer.flush()
    journal = Path(journal_path(str(out)))
    data = journal.read_bytes()
    journal.write_bytes(data[:-100])  # the last batch torn
    got_schema, batches, clean = read_journal(str(journal))
    assert not clean and got_schema.equals(schema)
    assert sum(b.num_rows for b in batches) == 2048  # two whole batches of 1024
    journal.write_bytes(data)
    writer.close()
    assert not journal.exists() and pq.read_table(out).column("id").to_pylist() == list(range(2500))
    out.write_bytes(out.read_bytes()[:-20])  # a Parquet file without its footer
    with pytest.raises(OutputError, match="not a whole Parquet file"):
        open_earlier(str(out))


def test_run_record_says_what_differs(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text('{"answer": "1", "gold": "1"}\n')
    b.write_text('{"answer": "2", "gold": "2"}\n{"answer": "3", "gold": "3"}\n')
    then = RunRecord("grade", input_fingerprint(str(a)), {"output_field": "answer"}, {"policy": "eval"}, [], "0")
    same_file_moved = tmp_path / "moved.jsonl"
    same_file_moved.write_bytes(a.read_bytes())
    moved = RunRecord("grade", input_fingerprint(str(same_file_moved)), {"output_field": "answer"},
                      {"policy": "eval"}, [], "0")
    assert then.differences(moved) == []
    other = RunRecord("extract", input_fingerprint(str(b)), {"output_field": "response"}, {"policy": "reward"},
                      [], "0")
    text = "\n".join(then.differences(other))
    assert "mathgrade grade" in text and str(a) in text and str(b) in text
    assert "output_field = 'answer', not 'response'" in text and "policy = 'eval', not 'reward'" in text
    out = tmp_path / "out.jsonl"
    then.save(str(out))
    assert RunRecord.load(str(out)) == then
    Path(record_path(str(out))).write_text("{}")
    with pytest.raises(OutputError, match="not a run record"):
        RunRecord.load(str(out))


# --- resuming from any cut point gives the uninterrupted output -----------------------------------------------------

_PIECES = list("ab ,;\"'\t\n\r\\{}$é∑7") + ["\r\n", "\\boxed{", "}"]
_TEXT = st.lists(st.sampled_from(_PIECES), max_size=25).map("".join)


def _row(i: int, text: str, extra: bool) -> Dict[str, Any]:
    row: Dict[str, Any] = {"id": i, "answer": f"{text} so the answer is {i % 3}", "gold": "1"}
    if extra:
        row["model"] = text  # a key that the first rows do not have
    return row


def _graded(tmp: Path, rows: List[Dict[str, Any]], fmt: str) -> bytes:
    src = tmp / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp / f"whole.{fmt}"
    assert main(["grade", str(src), "-o", str(out), "--workers", "0", "--no-progress", "--id-field", "id"]) == 0
    return out.read_bytes()


def _resumed(tmp: Path, torn: bytes, fmt: str, name: str) -> bytes:
    out = tmp / f"{name}.{fmt}"
    out.write_bytes(torn)
    # the record a run writes before its first row
    assert main(["grade", str(tmp / "in.jsonl"), "-o", str(tmp / f"{name}-rec.{fmt}"), "--workers", "0",
                 "--limit", "0", "--id-field", "id"]) == 0
    os.replace(record_path(str(tmp / f"{name}-rec.{fmt}")), record_path(str(out)))
    assert main(["grade", str(tmp / "in.jsonl"), "-o", str(out), "--workers", "0", "--no-progress", "--resume",
                 "--id-field", "id"]) == 0
    return out.read_bytes()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(_TEXT, min_size=1, max_size=8), cut=st.floats(0, 1), fmt=st.sampled_from(["jsonl", "csv", "tsv"]))
def test_resume_from_any_cut_point_gives_the_uninterrupted_output(
        tmp_path_factory: pytest.TempPathFactory, texts: List[str], cut: float, fmt: str) -> None:
    tmp = tmp_path_factory.mktemp("cut")
    rows = [_row(i, t, extra=i == len(texts) - 1 and i > 0) for i, t in enumerate(texts)]
    whole = _graded(tmp, rows, fmt)
    k = int(cut * len(whole))
    assert _resumed(tmp, whole[:k], fmt, "torn") == whole


def test_resume_from_every_cut_point_of_a_small_csv(tmp_path: Path) -> None:
    """Exhaustive on one small CSV with multi-line fields: every byte offset is a possible tear."""
    rows = [_row(i, t, extra=False) for i, t in enumerate(["two\nlines", 'a "quote"', "x,y", "\r\nz"])]
    whole = _graded(tmp_path, rows, "csv")
    for k in range(0, len(whole) + 1, 3):
        assert _resumed(tmp_path, whole[:k], "csv", f"t{k}") == whole, k


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(1, 2600), cut=st.floats(0, 1))
def test_parquet_resumed_from_any_cut_of_its_stream_is_the_uninterrupted_file(
        tmp_path_factory: pytest.TempPathFactory, n: int, cut: float) -> None:
    pytest.importorskip("pyarrow")
    tmp = tmp_path_factory.mktemp("pq")
    rows = [_row(i, "t" * (i % 5), extra=i == n - 1 and i > 0) for i in range(n)]
    whole = _graded(tmp, rows, "parquet")
    # The stream a killed run leaves: every row written, the stream cut anywhere, no Parquet file yet.
    partial = tmp / "full-stream.parquet"
    assert main(["grade", str(tmp / "in.jsonl"), "-o", str(partial), "--workers", "0", "--id-field", "id"]) == 0
    import pyarrow.parquet as pq

    table = pq.read_table(partial)
    stream_out = tmp / "s.parquet"
    writer = ParquetOutput(str(stream_out), table.schema)
    for row in table.to_pylist():
        writer.write(row)
    writer.flush()
    stream = Path(journal_path(str(stream_out))).read_bytes()
    k = int(cut * len(stream))
    out = tmp / "torn.parquet"
    Path(journal_path(str(out))).write_bytes(stream[:k])
    assert main(["grade", str(tmp / "in.jsonl"), "-o", str(tmp / "rec.parquet"), "--workers", "0", "--limit", "0",
                 "--id-field", "id"]) == 0
    os.replace(record_path(str(tmp / "rec.parquet")), record_path(str(out)))
    assert main(["grade", str(tmp / "in.jsonl"), "-o", str(out), "--workers", "0", "--resume", "--id-field",
                 "id"]) == 0
    assert out.read_bytes() == whole
    assert not Path(journal_path(str(out))).exists() and not Path(record_path(str(out))).exists()


def test_csv_output_written_by_the_cli_is_read_back_by_the_csv_module(tmp_path: Path) -> None:
    rows = [_row(i, t, extra=False) for i, t in enumerate(["a\rb", "c\nd", 'q"q'])]
    whole = _graded(tmp_path, rows, "csv")
    got = list(csv.DictReader(io.StringIO(whole.decode("utf-8"), newline="")))
    assert [r["answer"] for r in got] == [r["answer"] for r in rows]
