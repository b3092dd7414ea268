"""``mathgrade report`` without a browser: reading graded files and eval runs, the numbers of the summary (checked
against counts made here from the files), agreement matrices, the embedded data, and the page's safety (escaping,
Content-Security-Policy). The page itself is opened in Chromium by ``test_report_browser.py``."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest
from _paths import ROOT
from _report_runs import (
    HOSTILE,
    SAMPLE,
    graded_file,
    read_jsonl,
    samples,
    write_eval_run,
    write_jsonl,
)

from mathgrade.cli import main as cli
from mathgrade.report import Grading, load_run, report_html, write_report
from mathgrade.report._page import ROW_FIELDS, encode_rows, script_json
from mathgrade.report._summary import CELLS, agreements, length_bins, summarize

pytest.importorskip("jinja2")


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled sample of 300 real outputs, graded by ``mathgrade grade``."""
    return graded_file(tmp_path_factory.mktemp("graded"), read_jsonl(SAMPLE))


@pytest.fixture(scope="module")
def qwen_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_eval_run(tmp_path_factory.mktemp("runs") / "qwen", samples("qwen2.5-math-cot"),
                          model="qwen2.5-math-cot")


@pytest.fixture(scope="module")
def sky_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_eval_run(tmp_path_factory.mktemp("runs") / "sky", samples("sky-t1-32b"), model="sky-t1-32b")


# --- graded files ----------------------------------------------------------------------------------------------


def test_graded_file_keeps_the_files_verdicts_and_finds_every_span(graded: Path) -> None:
    rows = read_jsonl(graded)
    run = load_run(str(graded), Grading(workers=0, compare_field="label"))
    assert run.kind == "graded" and len(run.samples) == len(rows) == 300
    assert not run.notes
    for row, s in zip(rows, run.samples):
        assert (s.status, s.correct, s.extracted, s.rule, s.reason) == \
            (row["status"], row["correct"], row["extracted"], row["rule"], row["reason"])
        assert s.key == row["id"]  # the file's `id` column, found without --id-field
        assert s.label is bool(row["label"])
        if s.extracted is None:
            assert s.start is None and s.end is None
        else:  # the span is the region the answer was taken from; its text may drop a unit ("-1.8 billion")
            assert s.extracted in s.output[s.start:s.end]
            assert s.extraction_rule
        if s.status in ("correct", "incorrect"):
            assert s.answer_value is not None and s.gold_value is not None


def test_rows_graded_differently_now_keep_the_files_verdict_and_say_so(tmp_path: Path, graded: Path) -> None:
    rows = read_jsonl(graded)
    i = next(i for i, r in enumerate(rows) if r["status"] == "incorrect" and r["extracted"])
    # Claim that this row was graded correct, with a different answer taken from earlier in the output.
    output = rows[i]["answer"]
    earlier = re.search(r"\d+", output)
    assert earlier is not None and earlier.group() != rows[i]["extracted"]
    rows[i] = dict(rows[i], status="correct", correct=True, extracted=earlier.group())
    path = write_jsonl(tmp_path / "edited.jsonl", rows)
    run = load_run(str(path), Grading(workers=0))
    s = run.samples[i]
    assert (s.status, s.correct, s.extracted) == ("correct", True, earlier.group())
    assert s.output[s.start:s.end] == earlier.group() and s.answer_value is None
    assert "graded again here: incorrect" in (s.note or "")
    assert len(run.notes) == 1 and run.notes[0].startswith("1 of 300 rows were graded differently now (policy eval")
    assert sum(1 for x in run.samples if x.note) == 1


def test_a_file_without_verdicts_is_graded_for_the_report(tmp_path: Path) -> None:
    rows = [{"answer": "so the answer is \\boxed{12}", "gold": "12", "dataset": "a"},
            {"answer": "I think it is 13", "gold": "12", "dataset": "a"},
            {"answer": "I do not know.", "gold": "12", "dataset": "b"}]
    run = load_run(str(write_jsonl(tmp_path / "raw.jsonl", rows)), Grading(workers=0))
    assert [s.status for s in run.samples] == ["correct", "incorrect", "no_answer"]
    assert [s.dataset for s in run.samples] == ["a", "a", "b"]
    assert run.notes and "were graded for this report" in run.notes[0]
    assert [s.key for s in run.samples] == ["1", "2", "3"]


def test_csv_graded_file(tmp_path: Path) -> None:
    rows = [{"id": f"r{i}", "response": f"The answer is {i % 3}.", "solution": "1"} for i in range(6)]
    out = graded_file(tmp_path, rows, name="graded.csv", output_field="response", gold_field="solution")
    run = load_run(str(out), Grading(output_field="response", gold_field="solution", id_field="id", workers=0))
    assert [s.correct for s in run.samples] == [i % 3 == 1 for i in range(6)]
    assert [s.key for s in run.samples] == [f"r{i}" for i in range(6)]
    assert all(s.output[s.start:s.end].strip() == s.extracted for s in run.samples)


# --- eval runs -------------------------------------------------------------------------------------------------


def test_eval_run_reads_samples_and_takes_pass_and_maj_from_results(qwen_run: Path) -> None:
    results = json.loads((qwen_run / "results.json").read_text())
    lines = read_jsonl(qwen_run / "samples.jsonl")
    run = load_run(str(qwen_run))
    assert run.kind == "eval" and run.name == "qwen2.5-math-cot" and not run.notes
    assert len(run.samples) == len(lines) == 96
    s = summarize(run)
    assert s.problems == 12 and s.samples_per_problem == 8
    assert s.accuracy == pytest.approx(sum(x["correct"] for x in lines) / 96)
    assert s.pass_at_k == {int(k): v for k, v in results["pass_at_k"].items()}
    assert s.maj_at_k == {int(k): v for k, v in results["maj_at_k"].items()}
    assert s.accuracy_stderr == results["accuracy_stderr"]
    assert s.status_counts == results["status_counts"]
    assert run.samples[0].prompt and run.samples[0].prompt.startswith("[user]\n")
    for x, line in zip(run.samples, lines):
        assert (x.key, x.sample, x.cluster, x.extracted) == \
            (line["problem_id"], line["sample_index"], line["cluster"], line["extracted"])
        if x.extracted is not None:
            assert (x.start, x.end) == (line["extracted_start"], line["extracted_end"])


def test_the_samples_file_of_an_eval_run_names_the_run(qwen_run: Path) -> None:
    run = load_run(str(qwen_run / "samples.jsonl"))
    assert run.kind == "eval" and run.results is not None and len(run.samples) == 96


def test_eval_run_whose_results_disagree_with_its_samples_says_so(tmp_path: Path) -> None:
    run_dir = write_eval_run(tmp_path / "run", samples("sky-t1-32b")[:10], model="m")
    results = json.loads((run_dir / "results.json").read_text())
    results["accuracy"] = 0.99
    (run_dir / "results.json").write_text(json.dumps(results))
    s = summarize(load_run(str(run_dir)))
    assert len(s.notes) == 1 and "results.json gives an accuracy of 0.990000" in s.notes[0]


def test_eval_run_without_results_json_is_shown_with_a_note(tmp_path: Path) -> None:
    run_dir = write_eval_run(tmp_path / "run", samples("sky-t1-32b")[:5], model="m")
    (run_dir / "results.json").unlink()
    run = load_run(str(run_dir))
    assert run.results is None and "results.json is missing" in run.notes[0]
    assert summarize(run).pass_at_k == {}


# --- summary numbers -------------------------------------------------------------------------------------------


def test_summary_numbers_equal_counts_made_from_the_file(graded: Path) -> None:
    rows = read_jsonl(graded)
    s = summarize(load_run(str(graded), Grading(workers=0)))
    statuses = Counter(r["status"] for r in rows)
    assert s.rows == 300 and s.correct == sum(r["correct"] for r in rows)
    assert s.accuracy == s.correct / 300
    assert s.status_counts == dict(statuses) and list(s.status_counts)[0] == "correct"
    assert s.no_answer_share == statuses.get("no_answer", 0) / 300
    assert s.cutoff_share is None  # no finish_reason column
    datasets = Counter(r["source"] for r in rows)
    assert {g.name: g.rows for g in s.groups["dataset"]} == dict(datasets)
    for g in s.groups["dataset"]:
        assert g.correct == sum(r["correct"] for r in rows if r["source"] == g.name)
    assert {g.name: g.rows for g in s.groups["rule"]} == dict(Counter(r["rule"] for r in rows))
    assert "subject" not in s.groups
    assert sum(b["rows"] for b in s.lengths) == 300


def test_length_bins_double_and_cover_every_row() -> None:
    from mathgrade.report import Sample

    def sample(n: int, status: str) -> Sample:
        return Sample(key="k", output="x" * n, gold="1", status=status, correct=status == "correct", rule="r",
                      reason="")

    bins = length_bins([sample(10, "correct"), sample(300, "incorrect"), sample(300, "no_answer"),
                        sample(5000, "timeout")])
    labels = list(dict.fromkeys(b["bin"] for b in bins))
    assert labels == ["0–250", "250–500", "500–1k", "1k–2k", "2k–4k", "4k–8k"]
    counts = {(b["bin"], b["outcome"]): b["rows"] for b in bins if b["rows"]}
    assert counts == {("0–250", "correct"): 1, ("250–500", "incorrect"): 1, ("250–500", "no answer"): 1,
                      ("4k–8k", "other"): 1}


def test_cutoff_share_counts_finish_reason_length(tmp_path: Path) -> None:
    rows = samples("sky-t1-32b")[:4]
    run_dir = write_eval_run(tmp_path / "run", rows, model="m", finish_reasons=["length", "stop", "stop", "length"])
    assert summarize(load_run(str(run_dir))).cutoff_share == 0.5


# --- agreement -------------------------------------------------------------------------------------------------


def test_agreement_with_a_label_column(graded: Path, tmp_path: Path) -> None:
    rows = read_jsonl(graded)
    rows[0] = dict(rows[0], label=1 - rows[0]["label"])  # one disagreement of each kind at least
    rows[1] = dict(rows[1], label=None)
    path = write_jsonl(tmp_path / "labels.jsonl", rows)
    run = load_run(str(path), Grading(workers=0, compare_field="label"))
    [a] = agreements([run])
    expected = Counter((r["correct"], bool(r["label"])) for r in rows if r["label"] is not None)
    assert a.counts == [expected[(True, True)], expected[(True, False)], expected[(False, True)],
                        expected[(False, False)]]
    assert a.missing == 1 and a.rows == 299
    assert a.codes[1] == -1
    for code, r in zip(a.codes, rows):
        if r["label"] is not None:
            assert CELLS[code] == {(True, True): "both correct", (True, False): "only A correct",
                                   (False, True): "only B correct", (False, False): "both incorrect"}[
                (r["correct"], bool(r["label"]))]


def test_two_runs_of_several_samples_per_problem_get_no_matrix_of_samples(qwen_run: Path, sky_run: Path) -> None:
    runs = [load_run(str(qwen_run)), load_run(str(sky_run))]
    assert agreements(runs) == []  # compared by problem instead (test_report_problems.py)
    from mathgrade.report._problems import problem_agreements

    [c] = problem_agreements(runs)
    shared = {s.key for s in runs[0].samples} & {s.key for s in runs[1].samples}
    assert c.problems == len(shared) == 5 and c.only_a == 12 - 5 and c.only_b == 44 - 5


def test_bad_label_values_are_an_input_error(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "x.jsonl", [{"answer": "1", "gold": "1", "human": "maybe"}])
    assert cli(["report", str(path), "-o", str(tmp_path / "r.html"), "--compare-field", "human",
                "--workers", "0"]) == 2


# --- embedding and safety --------------------------------------------------------------------------------------


def test_script_json_cannot_end_its_script_element() -> None:
    data = {"s": HOSTILE + ["</script><script>x</script>", "<!--", "a\u2028b\u2029c", "&amp;"]}
    text = script_json(data)
    assert not set("<>&\u2028\u2029") & set(text)
    assert json.loads(text) == data


def test_embedded_rows_decode_to_every_field_of_every_row(graded: Path, qwen_run: Path) -> None:
    runs = [load_run(str(graded), Grading(workers=0, compare_field="label")), load_run(str(qwen_run))]
    agree = agreements(runs)
    payload = json.loads(gzip.decompress(base64.b64decode(encode_rows(runs, agree))))
    cols = payload["columns"]
    everything = [s for r in runs for s in r.samples]
    assert payload["rows"] == len(everything) == 396

    def value(name: str, i: int) -> Any:
        c = cols[name]
        if "dict" in c:
            return None if c["codes"][i] < 0 else c["dict"][c["codes"][i]]
        return c["ints" if "ints" in c else "text"][i]

    for name in ROW_FIELDS:
        expected = [getattr(s, name) for s in everything]
        if name in cols:
            assert [value(name, i) for i in range(396)] == [int(v) if isinstance(v, bool) else v for v in expected], \
                name
        else:
            assert all(v is None for v in expected), name
    assert "dict" in cols["status"] and "text" in cols["output"]  # few distinct statuses; outputs all differ
    assert cols["run"]["ints"] == [0] * 300 + [1] * 96
    assert cols["agree0"]["ints"] == agree[0].codes


def _page_parts(html: str) -> Tuple[List[Tuple[Dict[str, str], str]], List[str], str]:
    """The page's <script> elements (attributes, text), the tags of every element, and the CSP."""

    class Parts(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.scripts: List[Tuple[Dict[str, str], str]] = []
            self.tags: List[str] = []
            self.csp = ""
            self._in: Any = None

        def handle_starttag(self, tag: str, attrs: List[Tuple[str, Any]]) -> None:
            self.tags.append(tag)
            a = {k: v or "" for k, v in attrs}
            if tag == "script":
                self._in = (a, [])
            if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy":
                self.csp = a["content"]

        def handle_data(self, data: str) -> None:
            if self._in is not None:
                self._in[1].append(data)

        def handle_endtag(self, tag: str) -> None:
            if tag == "script" and self._in is not None:
                self.scripts.append((self._in[0], "".join(self._in[1])))
                self._in = None

    p = Parts()
    p.feed(html)
    return p.scripts, p.tags, p.csp


def test_hostile_outputs_and_names_stay_text_in_the_page(tmp_path: Path) -> None:
    rows = [{"id": h, "answer": h, "gold": "</script><img src=x onerror=alert(1)>", "dataset": h, "subject": h,
             "label": i % 2} for i, h in enumerate(HOSTILE)]
    path = graded_file(tmp_path, rows)
    html = report_html([load_run(str(path), Grading(workers=0, compare_field="label"),
                                 name="<script>alert('name')</script>")], title="<b>title</b>")
    scripts, tags, csp = _page_parts(html)
    # Only the page's own elements: two data blocks and four scripts, no element from the data.
    assert [a.get("type", "") for a, _ in scripts] == ["application/json", "application/octet-stream", "", "", "",
                                                       ""]
    assert not {"img", "iframe", "svg", "textarea", "b", "style"} & set(tags[tags.index("body"):])
    meta = json.loads(scripts[0][1])
    assert meta["runs"][0]["name"] == "<script>alert('name')</script>"
    assert "&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;" in html
    assert "&lt;b&gt;title&lt;/b&gt;" in html
    assert re.fullmatch(r"[A-Za-z0-9+/=]+", scripts[1][1])


def test_csp_allows_exactly_the_pages_own_scripts_and_no_network(graded: Path) -> None:
    html = report_html([load_run(str(graded), Grading(workers=0))])
    scripts, _, csp = _page_parts(html)
    code = [text for a, text in scripts if not a.get("type")]
    hashes = re.findall(r"'sha256-([A-Za-z0-9+/=]+)'", csp)
    assert hashes == [base64.b64encode(hashlib.sha256(t.encode()).digest()).decode() for t in code]
    assert "default-src 'none'" in csp and "connect-src" not in csp and "http" not in csp


def test_vendored_files_are_the_ones_named_in_their_sources() -> None:
    vendor = Path(__import__("mathgrade.report", fromlist=["x"]).__file__).parent / "static" / "vendor"
    listed = dict(re.findall(r"- `([\w./-]+\.(?:js|css|woff2))`: ([0-9a-f]{64})", (vendor / "SOURCES.md").read_text()))
    fonts = {f"katex-fonts/{p.name}" for p in (vendor / "katex-fonts").iterdir()}
    assert len(fonts) == 20
    assert set(listed) == {"vega.min.js", "vega-lite.min.js", "katex.min.js", "katex.min.css"} | fonts
    for name, digest in listed.items():
        assert hashlib.sha256((vendor / name).read_bytes()).hexdigest() == digest, name
    for name in ("vega", "vega-lite", "katex"):
        assert (vendor / f"LICENSE-{name}.txt").exists()


def test_katex_fonts_are_inlined_and_nothing_else_is_named() -> None:
    from mathgrade.report._page import katex_css

    vendor = Path(__import__("mathgrade.report", fromlist=["x"]).__file__).parent / "static" / "vendor"
    original = (vendor / "katex.min.css").read_text()
    css = katex_css()
    faces = re.findall(r"@font-face\{[^}]*\}", css)
    assert len(faces) == original.count("@font-face") == 20
    urls = re.findall(r"url\(([^)]*)\)", css)
    assert len(urls) == 20 and all(u.startswith("data:font/woff2;base64,") for u in urls)
    for face, url in zip(faces, urls):  # each face gets its own font's bytes
        name = re.search(r"url\(fonts/([\w-]+)\.woff2\)", original[original.index(face.split("src:")[0]):]).group(1)
        assert base64.b64decode(url.split(",", 1)[1]) == (vendor / "katex-fonts" / f"{name}.woff2").read_bytes()
    # Everything but the font sources is KaTeX's style sheet unchanged.
    assert re.sub(r"src:[^}]*", "", css) == re.sub(r"src:[^}]*", "", original)


# --- command line ----------------------------------------------------------------------------------------------


def test_cli_writes_a_page_and_prints_the_accuracy(graded: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "r.html"
    assert cli(["report", str(graded), "-o", str(out), "--workers", "0", "--compare-field", "label"]) == 0
    printed = capsys.readouterr().out
    s = summarize(load_run(str(graded), Grading(workers=0)))
    assert f"accuracy {s.accuracy:.4f} ({s.correct:,} of 300 correct)" in printed
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and 'id="report-rows"' in html
    assert f'data-metric="accuracy" data-run="0" data-value="{s.accuracy!r}"' in html
    assert out.stat().st_mode & 0o044  # readable by others, as a report to share should be


def test_cli_side_by_side_runs_with_names(qwen_run: Path, sky_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "cmp.html"
    assert cli(["report", str(qwen_run), str(sky_run), "-o", str(out), "--name", "A", "--name", "B"]) == 0
    scripts, _, _ = _page_parts(out.read_text(encoding="utf-8"))
    meta = json.loads(scripts[0][1])
    assert [r["name"] for r in meta["runs"]] == ["A", "B"]
    assert meta["agreements"] == [] and [a["title"] for a in meta["problem_agreements"]] == ["A against B, by problem"]
    assert {c["id"] for c in meta["charts"]} >= {"chart-status", "chart-k", "chart-subject", "chart-level",
                                                  "chart-length", "chart-extraction_rule", "chart-rule"}


def test_same_run_twice_gets_two_names(sky_run: Path, tmp_path: Path) -> None:
    runs = write_report([str(sky_run), str(sky_run)], str(tmp_path / "r.html"))
    assert [r.name for r in runs] == ["sky-t1-32b", "sky-t1-32b (2)"]


@pytest.mark.parametrize("args, message", [
    (["missing.jsonl"], "no such file: missing.jsonl"),
    (["{tmp}"], "is a directory but not an evaluation run"),
    (["{graded}", "-o", "{tmp}"], "is a directory; give the name of the HTML file"),
    (["{graded}", "-o", "{tmp}/no/such/r.html"], "does not exist"),
    (["{graded}", "-o", "{graded}"], "is the input"),
    (["{graded}", "--name", "a", "--name", "b"], "2 --name options for 1 inputs"),
    (["{graded}", "--compare-field", "nope"], "has no column 'nope'"),
    (["{graded}", "--output-field", "response"], "has no column 'response'"),
    (["{graded}", "--timeout", "0"], "Invalid value for '--timeout': 0.0 is not in the range x>0"),
])
def test_cli_errors_are_one_line_and_exit_2(args: List[str], message: str, graded: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["report"] + [a.format(tmp=tmp_path, graded=graded) for a in args]
    if "-o" not in argv:
        argv += ["-o", str(tmp_path / "r.html")]
    assert cli(argv + ["--workers", "0"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "r.html").exists()


def test_the_docs_report_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture) -> None:
    readme = (ROOT / "docs" / "report.md").read_text(encoding="utf-8")
    block = re.search(r"# Reports.*?\n```bash\n(.*?)```", readme, re.S)
    assert block is not None
    commands = [line.split() for line in block.group(1).splitlines() if line.startswith("mathgrade ")]
    assert [c[1] for c in commands] == ["grade", "report"]
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "sample.jsonl").write_bytes(SAMPLE.read_bytes())
    monkeypatch.chdir(tmp_path)
    for command in commands:
        assert cli(command[1:] + ["--workers", "0"]) == 0, command
    assert "<!DOCTYPE html>" in (tmp_path / "report.html").read_text(encoding="utf-8")[:20]
    correct = sum(r["correct"] for r in read_jsonl(tmp_path / "graded.jsonl"))
    assert f"accuracy {correct / 300:.4f} ({correct} of 300 correct)" in capsys.readouterr().out


def test_a_file_graded_with_the_reward_policy_is_read_with_it(tmp_path: Path) -> None:
    rows = read_jsonl(SAMPLE)[:60]
    path = graded_file(tmp_path, rows, policy="reward")
    run = load_run(str(path), Grading(workers=0, policy="reward"))
    assert not run.notes and not any(s.note for s in run.samples)
    assert run.config["policy"] == "reward"


def test_the_pages_script_never_parses_text_as_html() -> None:
    """Markdown and everything else from the data are built with createElement/textContent: no API of the page's
    own script turns a string into HTML (KaTeX, bundled, builds its output with createElement too)."""
    static = Path(__import__("mathgrade.report", fromlist=["x"]).__file__).parent / "static"
    for name in ("report.js", "vendor/katex.min.js"):
        code = (static / name).read_text(encoding="utf-8")
        for api in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "createContextualFragment",
                    "DOMParser", "srcdoc"):
            assert api not in code, (name, api)
