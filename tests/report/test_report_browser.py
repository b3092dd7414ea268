"""Reports opened in a real headless Chromium (Debian's ``chromium``, driven by Playwright): no console errors and no
network; the summary equals the numbers counted here from the files; filtering by status, a chart click and an
agreement cell show exactly the right rows; the highlighted span is the extracted answer; hostile outputs render as
text; 100,000 rows open. Screenshots are written to ``test-artifacts/`` (or ``$MATHGRADE_TEST_ARTIFACTS``).

Needs ``apt-get install chromium`` and ``pip install playwright`` (never ``playwright install``: the browser is
Debian's); ``.ci/steps/40-browser.sh`` installs both.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterator, List, Set

import pytest
from _paths import ROOT
from _report_runs import (
    HOSTILE,
    SAMPLE,
    graded_file,
    read_jsonl,
    reordered,
    samples,
    write_eval_run,
    write_jsonl,
)

from mathgrade.cli import main as cli
from mathgrade.report import Grading, load_run

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CHROMIUM = os.environ.get("MATHGRADE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""Flags that let Chromium start here as root, with no GPU and no network."""
ARTIFACTS = Path(os.environ.get("MATHGRADE_TEST_ARTIFACTS") or ROOT / "test-artifacts")
LOCAL = ("file:", "data:", "blob:", "about:")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip("needs Chromium: apt-get update && apt-get install -y chromium (or set MATHGRADE_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("needs Playwright for Python: pip install playwright (it drives Debian's chromium; no "
                    "`playwright install`)")
    profile = tempfile.mkdtemp(prefix="mathgrade-chromium-")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
                                                       viewport={"width": 1360, "height": 900})
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


class Opened:
    """A report open in a tab, with what the page logged, asked for over the network and tried to pop up."""

    def __init__(self, context: Any, path: Path, timeout_s: float = 120) -> None:
        self.page = context.new_page()
        self.problems: List[str] = []
        self.requests: List[str] = []
        self.page.on("console", lambda m: m.type in ("error", "warning") and self.problems.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))
        self.page.on("dialog", lambda d: (self.problems.append(f"dialog: {d.message}"), d.dismiss()))
        self.page.on("request", lambda r: r.url.startswith(LOCAL) or self.requests.append(r.url))
        started = time.perf_counter()
        self.page.goto(path.as_uri())
        self.page.wait_for_selector("body[data-state]", timeout=timeout_s * 1000)
        self.seconds = time.perf_counter() - started
        assert self.page.get_attribute("body", "data-state") == "ready", self.page.text_content("#count")

    def check_clean(self) -> None:
        assert self.problems == [] and self.requests == []
        assert self.page.evaluate("window.__pwned") is None

    def metric(self, name: str, run: int = 0) -> str:
        return self.page.get_attribute(f'[data-metric="{name}"][data-run="{run}"]', "data-value") or ""

    def matching(self) -> int:
        return int(self.page.get_attribute("#count", "data-matching") or -1)

    def shown(self) -> List[int]:
        """Indexes of the rows on the current page of the table."""
        return [int(i) for i in self.page.eval_on_selector_all("tr.row", "rows => rows.map(r => r.dataset.index)")]

    def all_pages(self) -> Set[int]:
        """Indexes of every matching row, paging through the table 500 rows at a time."""
        self.page.select_option("#page-size", "500")
        seen: Set[int] = set(self.shown())
        while not self.page.is_disabled("#next"):
            self.page.click("#next")
            seen |= set(self.shown())
        return seen

    def open_row(self, i: int) -> Any:
        self.page.click(f'tr.row[data-index="{i}"]')
        return self.page.wait_for_selector(f'tr.detail[data-index="{i}"]')

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / name
        self.page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
        return path


def _report(tmp: Path, inputs: List[Path], *extra: str) -> Path:
    out = tmp / "report.html"
    assert cli(["report", *map(str, inputs), "-o", str(out), "--workers", "0", "--no-progress", *extra]) == 0
    return out


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return graded_file(tmp_path_factory.mktemp("graded"), read_jsonl(SAMPLE))


def test_graded_file_summary_filters_and_spans(browser: Any, graded: Path, tmp_path: Path) -> None:
    rows = read_jsonl(graded)
    statuses = Counter(r["status"] for r in rows)
    opened = Opened(browser, _report(tmp_path, [graded], "--compare-field", "label"))
    page = opened.page
    # The summary, rendered in Python, against counts made here from the file.
    correct = sum(r["correct"] for r in rows)
    assert float(opened.metric("accuracy")) == correct / len(rows)
    assert page.text_content('.tile-big[data-metric="accuracy"]') == f"{100 * correct / len(rows):.1f}%"
    assert int(opened.metric("rows")) == len(rows)
    for status, n in statuses.items():
        assert int(opened.metric(f"status:{status}")) == n
        # counted again by the page's script from the embedded rows
        assert int(page.get_attribute(f'.chip[data-status="{status}"] .n', "data-count") or -1) == n
    assert opened.matching() == len(rows)
    # Filtering by status shows exactly those rows.
    for status in statuses:
        page.click(f'.chip[data-status="{status}"]')
        assert opened.matching() == statuses[status]
        assert opened.all_pages() == {i for i, r in enumerate(rows) if r["status"] == status}
        page.click(f'.chip[data-status="{status}"]')
    assert opened.matching() == len(rows)
    # A click on a bar of the status chart lists that status's rows.
    page.click("#chart-status g.mark-rect path")
    page.wait_for_selector('.chip[aria-pressed="true"]')
    picked = page.get_attribute('.chip[aria-pressed="true"]', "data-status") or ""
    assert opened.matching() == statuses[picked]
    page.click("#clear")
    # The highlighted span is where the answer was taken: the row's extracted text, found by the grader.
    run = load_run(str(graded), Grading(workers=0))
    page.select_option("#page-size", "500")
    with_answer = [i for i, s in enumerate(run.samples) if s.extracted is not None]
    inexact = [i for i in with_answer if run.samples[i].output[run.samples[i].start:run.samples[i].end].strip()
               != run.samples[i].extracted]
    for i in with_answer[:25] + inexact:
        s = run.samples[i]
        detail = opened.open_row(i)
        mark = detail.query_selector("mark.answer")
        assert mark.text_content() == s.output[s.start:s.end]
        assert s.extracted in mark.text_content()
        assert detail.query_selector("pre.output").text_content() == s.output
        if i not in inexact:
            assert mark.text_content().strip() == s.extracted
        page.click(f'tr.row[data-index="{i}"]')  # closed again
    no_answer = next((i for i, s in enumerate(run.samples) if s.extracted is None), None)
    if no_answer is not None:
        assert opened.open_row(no_answer).query_selector("mark") is None
    # Free-text search.
    needle = rows[7]["answer"][10:40]
    page.fill("#search", needle)
    page.wait_for_function(f"document.querySelector('#count').dataset.matching == "
                           f"{sum(needle.lower() in r['answer'].lower() for r in rows)}")
    opened.screenshot("report-graded.png")
    opened.check_clean()


def test_hostile_outputs_render_as_text(browser: Any, tmp_path: Path) -> None:
    rows = [{"id": f"<b>{i}</b>", "answer": h, "gold": "</script><img src=x onerror=\"window.__pwned='gold'\">",
             "source": h, "label": i % 2} for i, h in enumerate(HOSTILE)]
    graded = graded_file(tmp_path, rows)
    run = load_run(str(graded), Grading(workers=0))
    opened = Opened(browser, _report(tmp_path, [graded], "--compare-field", "label", "--title", "<i>t</i>",
                                     "--name", "<script>window.__pwned='name'</script>"))
    page = opened.page
    for i, s in enumerate(run.samples):
        detail = opened.open_row(i)
        assert detail.query_selector("pre.output").text_content() == s.output
        if s.start is not None:
            assert detail.query_selector("mark.answer").text_content() == s.output[s.start:s.end]
    assert page.eval_on_selector_all("img, iframe, textarea, b, i, style:not(head style)", "e => e.length") == 0
    assert page.evaluate("document.querySelectorAll('svg[onload], [onerror]').length") == 0
    assert page.title() == "<i>t</i>"
    assert "<script>window.__pwned='name'</script>" in (page.text_content(".tile-name") or "")
    page.fill("#search", "<script>")
    found = sum("<script>" in "\n".join([s.key, s.extracted or "", s.gold, s.output]).lower() for s in run.samples)
    assert found >= 2
    page.wait_for_function(f"document.querySelector('#count').dataset.matching == '{found}'")
    opened.screenshot("report-hostile.png")
    opened.check_clean()
    # Defence in depth: a script element that got into the page by mistake would not run (Content-Security-Policy).
    assert page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.__pwned = 1';"
                         " document.body.appendChild(s); return window.__pwned }") is None
    assert len(opened.problems) == 1 and "Content Security Policy" in opened.problems[0]


def test_eval_runs_side_by_side(browser: Any, tmp_path: Path) -> None:
    qwen = write_eval_run(tmp_path / "qwen", samples("qwen2.5-math-cot"), model="qwen2.5-math-cot")
    sky = write_eval_run(tmp_path / "sky", samples("sky-t1-32b"), model="sky-t1-32b")
    opened = Opened(browser, _report(tmp_path, [qwen, sky]))
    page = opened.page
    results = json.loads((qwen / "results.json").read_text())
    assert float(opened.metric("pass@8")) == results["pass_at_k"]["8"]
    assert float(opened.metric("maj@8")) == results["maj_at_k"]["8"]
    assert float(opened.metric("accuracy_stderr")) == results["accuracy_stderr"]
    assert int(opened.metric("problems", 1)) == 44
    # The two runs' agreement on the problems they share.
    meta = json.loads(page.text_content("#report-meta") or "")
    assert [a["title"] for a in meta["agreements"]] == ["qwen2.5-math-cot against sky-t1-32b"]
    runs = [load_run(str(qwen)), load_run(str(sky))]
    everything = [s for r in runs for s in r.samples]
    page.click("#clear")
    # A click on a bar of a chart of several runs lists that group of that run.
    for chart, field in (("#chart-subject", "subject"), ("#chart-level", "level")):
        bars = page.query_selector_all(f"{chart} g.mark-rect path")
        assert len(bars) >= 5
        bars[-1].click()
        page.wait_for_function(f"document.querySelector('#filter-{field}').value != ''")
        value = page.eval_on_selector(f"#filter-{field}", "e => e.value")
        run = int(page.eval_on_selector("#filter-run", "e => e.value"))
        assert opened.matching() == sum(1 for s in runs[run].samples if getattr(s, field) == value) > 0
        page.click("#clear")
    # A problem's samples, grouped by answer cluster; the same problem in the other run.
    shared = next(i for i, s in enumerate(everything[:96]) if any(t.key == s.key for t in runs[1].samples))
    page.select_option("#page-size", "500")
    detail = opened.open_row(shared)
    clusters = {s.cluster for s in everything[:96] if s.key == everything[shared].key}
    assert len(detail.query_selector_all(".cluster")) == len(clusters)
    assert len(detail.query_selector_all(".cluster.mine")) == 1
    assert "sky-t1-32b" in (detail.query_selector(".others").text_content() or "")
    detail.query_selector(".clusters button").click()
    assert opened.matching() == 8
    opened.screenshot("report-eval-runs.png")
    opened.check_clean()


def test_the_disagreeing_rows_of_two_runs(browser: Any, tmp_path: Path) -> None:
    rows = samples("qwen2.5-math-cot")
    a = write_eval_run(tmp_path / "a", rows, model="qwen2.5-math-cot")
    b = write_eval_run(tmp_path / "b", reordered(rows), model="qwen2.5-math-cot, samples reversed")
    runs = [load_run(str(a)), load_run(str(b))]
    first = {(s.key, s.sample): s.correct for s in runs[0].samples}
    differ = {(s.key, s.sample) for s in runs[1].samples if first[(s.key, s.sample)] != s.correct}
    assert differ
    opened = Opened(browser, _report(tmp_path, [a, b]))
    opened.page.click('button.disagreeing[data-agreement="0"]')
    assert opened.matching() == 2 * len(differ)
    everything = [s for r in runs for s in r.samples]
    assert opened.all_pages() == {i for i, s in enumerate(everything) if (s.key, s.sample) in differ}
    opened.page.click('button.cell[data-agreement="0"][data-cell="0"]')
    assert opened.matching() == 2 * sum(1 for s in runs[1].samples if s.correct and first[(s.key, s.sample)])
    opened.check_clean()


def test_a_hundred_thousand_rows_open(browser: Any, graded: Path, tmp_path: Path) -> None:
    rows = read_jsonl(graded)
    big = [dict(r, id=f"{i}", answer=f"Attempt {i}.\n{r['answer']}") for i in range(100_000)
           for r in [rows[i % len(rows)]]]  # every output distinct, as in a real run
    path = write_jsonl(tmp_path / "big.jsonl", big)
    started = time.perf_counter()
    report = _report(tmp_path, [path])
    made = time.perf_counter() - started
    opened = Opened(browser, report, timeout_s=300)
    print(f"\n100,000 rows: report written in {made:.1f} s ({report.stat().st_size / 1e6:.1f} MB), "
          f"opened in Chromium in {opened.seconds:.1f} s (shared machine)")
    assert opened.matching() == 100_000 and len(opened.shown()) == 50
    statuses = Counter(r["status"] for r in big)
    opened.page.click('.chip[data-status="incorrect"]')
    assert opened.matching() == statuses["incorrect"]
    assert int(opened.metric("status:incorrect")) == statuses["incorrect"]
    opened.page.click("#clear")
    opened.page.fill("#search", "ducks eggs")
    opened.page.wait_for_function(f"document.querySelector('#count').dataset.matching == "
                                  f"{sum('ducks eggs' in r['answer'].lower() for r in big)}", timeout=120_000)
    opened.check_clean()
