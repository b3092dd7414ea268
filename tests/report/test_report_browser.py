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
import zlib
from collections import Counter
from pathlib import Path
from typing import Any, Dict, Iterator, List, Set, Tuple
from urllib.parse import quote

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

    def __init__(self, context: Any, path: Path, timeout_s: float = 120, fragment: str = "") -> None:
        self.page = context.new_page()
        self.problems: List[str] = []
        self.requests: List[str] = []
        self.page.on("console", lambda m: m.type in ("error", "warning") and self.problems.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))
        self.page.on("dialog", lambda d: (self.problems.append(f"dialog: {d.message}"), d.dismiss()))
        self.page.on("request", lambda r: r.url.startswith(LOCAL) or self.requests.append(r.url))
        started = time.perf_counter()
        self.page.goto(path.as_uri() + fragment)
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
        mark = detail.query_selector("pre.output mark.answer")
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
            assert detail.query_selector("pre.output mark.answer").text_content() == s.output[s.start:s.end]
        assert detail.query_selector(".rich.output")  # rendered as markdown and math too
    assert page.eval_on_selector_all("img, iframe, textarea, b, i, a[href^='javascript'], style:not(head style)",
                                     "e => e.length") == 0
    assert page.evaluate("document.querySelectorAll('svg[onload], [onerror], [onload], .rich a').length") == 0
    # KaTeX (trust off) draws \href, \url, \htmlId and \includegraphics as errors, never as links or images.
    assert len(page.query_selector_all(".rich .katex")) >= 5
    for math in page.query_selector_all(".rich .katex, .rich strong, .rich code, .rich pre")[:40]:
        math.dispatch_event("click")  # were any of them a link, this would follow it
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
    assert meta["agreements"] == []  # several samples per problem: compared by problem
    assert [a["title"] for a in meta["problem_agreements"]] == ["qwen2.5-math-cot against sky-t1-32b, by problem"]
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


# --- rendered math and markdown, problems, links, comparison by problem ---------------------------------------


def _all_same_answer(rows: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Each problem's samples all answering as its first sample: pass@k equals maj@k for every k."""
    first: Dict[str, str] = {}
    for r in rows:
        first.setdefault(r["problem_id"], r["response"])
    return [dict(r, response=first[r["problem_id"]]) for r in rows]


@pytest.fixture(scope="module")
def qwen_runs(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Path]:
    tmp = tmp_path_factory.mktemp("qwen")
    rows = samples("qwen2.5-math-cot")
    changed = reordered(rows)
    changed[3] = dict(changed[3], response="So the answer is $\\boxed{999999}$.")
    return {"a": write_eval_run(tmp / "a", rows, model="qwen"),
            "b": write_eval_run(tmp / "b", reordered(rows), model="qwen, samples reversed"),
            "c": write_eval_run(tmp / "c", changed, model="qwen, one answer changed"),
            "same": write_eval_run(tmp / "same", _all_same_answer(rows), model="qwen, one answer per problem")}


MARKDOWN = ("## Step 1\nLet $x^2 = 4$, so\n\n$$x = \\pm 2.$$\n\n- **bold with $\\frac{1}{2}$ inside**\n- *slanted*\n\n"
            "```\ncode $not math$\n```\n\nThe cost is $5 and $10 in total. Thus \\[ \\boxed{\\frac{3}{4}} \\]")


def test_math_and_markdown_are_rendered_and_the_raw_text_is_one_click_away(browser: Any, tmp_path: Path) -> None:
    graded = graded_file(tmp_path, [{"id": "md", "answer": MARKDOWN, "gold": "0.75",
                                     "problem": "Find $\\frac{3}{4}$ of $1$."}])
    [s] = load_run(str(graded), Grading(workers=0)).samples
    assert s.correct and s.extracted == "\\frac{3}{4}"
    opened = Opened(browser, _report(tmp_path, [graded]))
    page = opened.page
    detail = opened.open_row(0)
    rich = detail.query_selector(".rich.output")
    # KaTeX's output: each formula as .katex with its TeX kept in the MathML annotation.
    tex = detail.eval_on_selector_all(".rich.output .katex annotation", "e => e.map(a => a.textContent)")
    assert tex == ["x^2 = 4", "x = \\pm 2.", "\\frac{1}{2}", " \\boxed{\\frac{3}{4}} "]
    assert len(rich.query_selector_all(".katex-display")) == 2 and rich.query_selector(".katex-html")
    # Markdown: a heading, a list with bold holding math, italics; code and currency stay text.
    assert rich.query_selector("h4").text_content() == "Step 1"
    assert rich.eval_on_selector_all("li", "e => e.length") == 2
    assert rich.query_selector("li strong .katex") and rich.query_selector("li em").text_content() == "slanted"
    assert rich.query_selector("pre.code").text_content() == "code $not math$"
    assert "The cost is $5 and $10 in total." in rich.text_content()
    # The extracted answer is marked in the rendered view too: the formula it lies in.
    assert rich.query_selector("mark.answer .katex annotation").text_content() == " \\boxed{\\frac{3}{4}} "
    # The problem, above the output, rendered.
    problem = detail.query_selector(".rich.problem")
    assert problem.query_selector(".katex") and problem.evaluate(
        "p => !!(p.compareDocumentPosition(document.querySelector('tr.detail .rich.output')) & 4)")
    assert detail.query_selector("pre.raw.problem").text_content() == "Find $\\frac{3}{4}$ of $1$."
    # KaTeX's fonts are in the page: loaded from data: URIs, offline.
    assert page.evaluate("document.fonts.load('20px KaTeX_Main').then(f => f.length)") >= 1
    assert page.evaluate("document.fonts.load('20px KaTeX_Math').then(f => f.length)") >= 1
    opened.screenshot("report-rendered.png")
    # One click shows the raw text (every box), another renders again.
    assert not detail.query_selector("pre.output").is_visible()
    detail.query_selector(".output-wrap .raw-toggle").click()
    assert detail.query_selector("pre.output").is_visible() and not rich.is_visible()
    assert detail.query_selector("pre.output").text_content() == MARKDOWN
    assert detail.query_selector("pre.raw.problem").is_visible()
    detail.query_selector(".output-wrap .raw-toggle").click()
    assert rich.is_visible() and not detail.query_selector("pre.output").is_visible()
    opened.check_clean()


def test_the_per_problem_view(browser: Any, qwen_runs: Dict[str, Path], tmp_path: Path) -> None:
    from mathgrade.report._problems import problem_stats

    run = load_run(str(qwen_runs["a"]))
    stats = problem_stats(run)
    opened = Opened(browser, _report(tmp_path, [qwen_runs["a"]]))
    page = opened.page
    assert int(page.get_attribute("#problem-count", "data-matching") or -1) == 12
    assert len(page.query_selector_all("tr.problem-row")) == 12
    # The problem with the most answer clusters: its samples, clusters, gold, pass and maj.
    k = max(range(12), key=lambda j: (len(stats[j].clusters), -j))
    p = stats[k]
    assert len(p.clusters) >= 3
    page.click(f'tr.problem-row[data-problem="{k}"]')
    detail = page.wait_for_selector(f'tr.problem-detail[data-problem="{k}"]')
    part = detail.query_selector(".problem-run")
    assert [part.get_attribute(a) for a in ("data-samples", "data-correct", "data-solved", "data-majority")] == \
        ["8", str(p.correct), str(int(p.solved)), str(int(p.majority))]
    chips = part.query_selector_all(".cluster")
    assert [int(c.get_attribute("data-count") or 0) for c in chips] == [c.samples for c in p.clusters]
    assert [c.get_attribute("data-first") for c in chips] == [str(c.first) for c in p.clusters]
    first = run.samples[p.rows[0]]
    assert detail.query_selector("pre.raw.problem").text_content() == first.problem
    assert detail.query_selector(".rich.problem .katex") or "$" not in (first.problem or "")
    lines = part.query_selector_all("tr.sample-line")
    assert [int(x.get_attribute("data-index") or -1) for x in lines] == p.rows
    # A sample opens in place, its output rendered and raw.
    lines[2].click()
    opened_sample = part.wait_for_selector(f'tr.sample-open[data-index="{p.rows[2]}"]')
    assert opened_sample.query_selector("pre.output").text_content() == run.samples[p.rows[2]].output
    assert opened_sample.query_selector(".rich.output .katex")
    opened.screenshot("report-problem.png")
    # Filters: the problems whose most common answer is wrong; those with no correct sample.
    page.select_option("#problem-show", "majority")
    assert int(page.get_attribute("#problem-count", "data-matching") or -1) == sum(not q.majority for q in stats)
    page.select_option("#problem-show", "unsolved")
    shown = page.eval_on_selector_all("tr.problem-row", "e => e.map(r => Number(r.dataset.problem))")
    assert shown == [j for j, q in enumerate(stats) if not q.solved]
    page.select_option("#problem-show", "")
    page.select_option("#problem-sort", "accuracy")
    shown = page.eval_on_selector_all("tr.problem-row", "e => e.map(r => Number(r.dataset.problem))")
    assert [stats[j].accuracy for j in shown] == sorted(q.accuracy for q in stats)
    opened.check_clean()


def _in_view(page: Any, selector: str) -> bool:
    return bool(page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect();"
                                                " return r.top >= -1 && r.top < window.innerHeight; }"))


def test_a_link_opens_its_sample_or_problem(browser: Any, qwen_runs: Dict[str, Path], tmp_path: Path) -> None:
    report = _report(tmp_path, [qwen_runs["a"], qwen_runs["b"]])
    runs = [load_run(str(qwen_runs["a"])), load_run(str(qwen_runs["b"]))]
    s = runs[1].samples[29]
    index = len(runs[0].samples) + 29
    sid = f"{s.key}/{s.sample}"
    opened = Opened(browser, report, fragment="#sample=" + quote(sid, safe="") + "&run=1")
    page = opened.page
    detail = page.wait_for_selector(f'tr.detail.target[data-index="{index}"]')
    assert detail.query_selector("pre.output").text_content() == s.output
    assert _in_view(page, "tr.detail.target")
    assert opened.matching() == 8  # the samples of its problem in its run
    # The page's own link to that sample is the same.
    href = detail.query_selector("a.sample-link").get_attribute("href")
    assert href == "#sample=" + quote(sid, safe="") + "&run=1"
    # Following a problem's link (the fragment changes in an open page) opens the problem view.
    key = runs[0].samples[50].key
    page.evaluate(f"location.hash = {json.dumps('#problem=' + quote(key, safe=''))}")
    k = list(dict.fromkeys(x.key for x in runs[0].samples)).index(key)
    problem = page.wait_for_selector(f'tr.problem-detail.target[data-problem="{k}"]')
    assert len(problem.query_selector_all(".problem-run")) == 2
    assert _in_view(page, "tr.problem-detail.target")
    # A link a sample line offers opens that sample in the sample browser.
    problem.query_selector_all(".problem-run")[0].query_selector("a.sample-link").click()
    first = min(i for i, x in enumerate(runs[0].samples) if x.key == key)
    page.wait_for_selector(f'tr.detail.target[data-index="{first}"]')
    # A link to what this page does not hold says so.
    page.evaluate("location.hash = '#sample=nope%2F1'")
    page.wait_for_selector("#link-note:not([hidden])")
    assert "no sample nope/1" in (page.text_content("#link-note") or "")
    opened.check_clean()
    # Opened fresh on a problem's link.
    again = Opened(browser, report, fragment="#problem=" + quote(key, safe=""))
    again.page.wait_for_selector(f'tr.problem-detail.target[data-problem="{k}"]')
    assert _in_view(again.page, "tr.problem-detail.target")
    again.check_clean()


def test_runs_compared_by_problem(browser: Any, qwen_runs: Dict[str, Path], tmp_path: Path) -> None:
    """Two runs with the same answers in another order agree 100% (paired by sample index they showed 83%); a run
    with one answer changed differs on that one problem, listed one click away."""
    opened = Opened(browser, _report(tmp_path, [qwen_runs["a"], qwen_runs["b"], qwen_runs["c"]]))
    page = opened.page

    def metric(name: str, c: int) -> str:
        return page.get_attribute(f'[data-metric="{name}"][data-comparison="{c}"]', "data-value") or ""

    meta = json.loads(page.text_content("#report-meta") or "")
    assert meta["agreements"] == []  # no matrix of samples paired by index
    assert float(metric("answer_agreement", 0)) == 1.0 and float(metric("majority_agreement", 0)) == 1.0
    assert int(metric("accuracy_differs", 0)) == 0
    assert page.text_content('[data-metric="answer_agreement"][data-comparison="0"]') == "100.0%"
    assert float(metric("answer_agreement", 1)) == pytest.approx((11 + 7 / 8) / 12)
    page.click('button.problems-differ[data-comparison="1"]')
    page.wait_for_function("document.querySelector('#problem-count').dataset.matching == '1'")
    [row] = page.query_selector_all("tr.problem-row")
    changed = load_run(str(qwen_runs["c"])).samples[3]
    assert row.query_selector("td.id").text_content() == changed.key
    assert [c.text_content() for c in row.query_selector_all("td.agree-cell")] == ["100%", "88%"]
    page.select_option("#problem-show", "differ:0")
    assert int(page.get_attribute("#problem-count", "data-matching") or -1) == 0
    # The per-problem accuracy chart: every problem on the diagonal for the reordered run.
    assert page.query_selector("#chart-problems-0 g.mark-symbol path")
    opened.screenshot("report-by-problem.png")
    opened.check_clean()


def _png_pixels(data: bytes) -> Tuple[int, int, List[bytes], int]:
    """A PNG (8-bit RGB or RGBA, not interlaced, as Chromium writes screenshots) as rows of bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, [], b""
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + n
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:8], "big")
    depth, color, interlace = header[8], header[9], header[12]
    assert depth == 8 and color in (2, 6) and interlace == 0
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * bpp
    rows: List[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows, bpp


def _count_colour(png: bytes, rgb: Tuple[int, int, int], tolerance: int = 40) -> int:
    width, height, rows, bpp = _png_pixels(png)
    return sum(1 for line in rows for x in range(0, width * bpp, bpp)
               if all(abs(line[x + i] - rgb[i]) <= tolerance for i in range(3)))


def test_pass_and_maj_lines_both_show_when_equal(browser: Any, qwen_runs: Dict[str, Path], tmp_path: Path) -> None:
    results = json.loads((qwen_runs["same"] / "results.json").read_text())
    assert results["pass_at_k"] == results["maj_at_k"]  # every k: the two lines coincide
    opened = Opened(browser, _report(tmp_path, [qwen_runs["same"]]))
    chart = opened.page.query_selector("#chart-k")
    lines = chart.query_selector_all("g.mark-line path")
    assert len(lines) == 2
    assert sorted(bool(x.get_attribute("stroke-dasharray")) for x in lines) == [False, True]
    assert len(chart.query_selector_all("g.mark-symbol.role-mark path")) == 2 * len(results["pass_at_k"])
    # Both colours are drawn: the pass@k line shows between the dashes of maj@k, each dot inside its square.
    png = chart.screenshot()
    blue, orange = _count_colour(png, (0x4C, 0x6E, 0xF5)), _count_colour(png, (0xF0, 0x8C, 0x00))
    assert blue >= 400 and orange >= 400, (blue, orange)  # the legend alone: under 100 pixels of each
    opened.check_clean()
