"""How large inputs fare in ``mathgrade report``: time to write the page, its size, and time to open it in Chromium.

    .venv/bin/python bench/bench_report.py                  # 100,000 rows
    .venv/bin/python bench/bench_report.py --rows 20000 --json out.json

The rows are the bundled ``data/sample.jsonl`` (300 real outputs) repeated, each output made distinct (a line
``Attempt N.`` in front, so that no deduplication or compression flatters the page), graded once by ``grade_many``
into a graded JSONL file, as ``mathgrade grade`` writes it. Then:

- writing: ``load_run`` (reading the file and grading every row again for the answer spans) and ``report_html``
  (summaries, charts, embedding), then the size of the page next to the size of the graded file;
- opening, in Debian's Chromium driven by Playwright: from navigation until the page says it is ready (rows decoded,
  table and charts drawn), median of ``--loads`` fresh tabs; then a status filter, a free-text search over every
  row, and opening one row (its output and problem rendered: markdown, and math by KaTeX);
- reference, in the same browser and run: a page holding the same rows as one plain JSON array (the graded file's
  rows, uncompressed) that parses it and draws the first 50 rows: the least any page must do to show these rows.
  The ratio says what the report's extra work (decompression, charts, indexes) costs on top.

Needs ``pip install '.[report]' playwright`` and ``apt-get install chromium``. Other jobs on the machine slow every
number; the ratios, measured in one run, are the part to compare between machines.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parent / "data" / "sample.jsonl"
CHROMIUM = os.environ.get("MATHGRADE_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

_REFERENCE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>reference</title></head><body>
<table><tbody id="t"></tbody></table>
<script type="application/json" id="d">{data}</script>
<script>
const rows = JSON.parse(document.getElementById("d").textContent);
const t = document.getElementById("t");
for (const r of rows.slice(0, 50)) {{
  const tr = document.createElement("tr");
  for (const k of ["id", "status", "extracted", "gold", "rule"]) {{
    const td = document.createElement("td"); td.textContent = r[k] == null ? "" : String(r[k]); tr.appendChild(td);
  }}
  t.appendChild(tr);
}}
document.body.setAttribute("data-state", "ready");
</script></body></html>"""


def make_graded(rows: int, folder: Path) -> Path:
    from mathgrade import grade_many

    base = [json.loads(line) for line in open(SAMPLE, encoding="utf-8")]
    inputs = [dict(r, id=str(i), answer=f"Attempt {i}.\n{r['answer']}")
              for i in range(rows) for r in [base[i % len(base)]]]
    path = folder / "graded.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        for row, verdict in zip(inputs, grade_many(((r["answer"], r["gold"]) for r in inputs), total=rows)):
            f.write(json.dumps(dict(row, **verdict.to_row()), ensure_ascii=False) + "\n")
    return path


def timed(fn: Callable[[], Any]) -> tuple:
    started = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - started


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--loads", type=int, default=3, help="fresh tabs per page (median shown)")
    ap.add_argument("--json", default=None, help="also write the numbers here")
    args = ap.parse_args()
    from mathgrade.report import Grading, load_run, report_html

    folder = Path(tempfile.mkdtemp(prefix="mathgrade-bench-report-"))
    graded, t_grade = timed(lambda: make_graded(args.rows, folder))
    run, t_load = timed(lambda: load_run(str(graded), Grading()))
    html, t_render = timed(lambda: report_html([run]))
    page = folder / "report.html"
    page.write_text(html, encoding="utf-8")
    rows = [json.loads(line) for line in open(graded, encoding="utf-8")]
    reference = folder / "reference.html"
    reference.write_text(_REFERENCE.format(data=json.dumps(rows, ensure_ascii=False).replace("<", "\\u003c")),
                         encoding="utf-8")
    numbers: Dict[str, Any] = {
        "rows": args.rows, "graded_file_mb": graded.stat().st_size / 1e6, "report_mb": page.stat().st_size / 1e6,
        "reference_mb": reference.stat().st_size / 1e6, "write_load_s": t_load, "write_render_s": t_render,
        "load1": os.getloadavg()[0],
    }
    numbers.update(browse(page, reference, args.loads, sum(r["status"] == "incorrect" for r in rows)))
    numbers["open_ratio"] = numbers["open_s"] / numbers["reference_open_s"]
    print(f"mathgrade report, {args.rows:,} rows (load average {numbers['load1']:.1f}; graded in {t_grade:.1f} s)")
    print(f"  graded file        {numbers['graded_file_mb']:8.1f} MB")
    print(f"  report page        {numbers['report_mb']:8.1f} MB  "
          f"({numbers['report_mb'] / numbers['graded_file_mb']:.2f}x the graded file)")
    print(f"  write: read + grade again {t_load:6.1f} s, summaries + charts + page {t_render:5.1f} s")
    print(f"  open in Chromium   {numbers['open_s']:8.2f} s  (reference page, plain JSON: "
          f"{numbers['reference_open_s']:.2f} s, {numbers['reference_mb']:.1f} MB; ratio {numbers['open_ratio']:.2f})")
    print(f"  filter by status   {numbers['filter_s']:8.2f} s   search all outputs {numbers['search_s']:6.2f} s "
          f"(first search builds the index)")
    print(f"  open one row       {numbers['detail_s']:8.2f} s   (its output rendered: markdown and math)")
    if args.json:
        Path(args.json).write_text(json.dumps(numbers, indent=2))
    return 0


def browse(page: Path, reference: Path, loads: int, incorrect: int) -> Dict[str, float]:
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="mathgrade-bench-chromium-")
    out: Dict[str, float] = {}
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            for name, path in (("open_s", page), ("reference_open_s", reference)):
                times: List[float] = []
                for _ in range(loads):
                    tab = ctx.new_page()
                    started = time.perf_counter()
                    tab.goto(path.as_uri(), timeout=600_000)
                    tab.wait_for_selector('body[data-state="ready"]', timeout=600_000)
                    times.append(time.perf_counter() - started)
                    if name == "open_s" and len(times) == loads:
                        out.update(interact(tab, incorrect))
                    tab.close()
                out[name] = statistics.median(times)
        finally:
            ctx.close()
    return out


def interact(tab: Any, incorrect: int) -> Dict[str, float]:
    started = time.perf_counter()
    tab.click('.chip[data-status="incorrect"]')
    tab.wait_for_function(f"document.querySelector('#count').dataset.matching == '{incorrect}'")
    filter_s = time.perf_counter() - started
    tab.click("#clear")
    started = time.perf_counter()
    tab.fill("#search", "ducks eggs")
    tab.wait_for_function("document.querySelector('#count').dataset.matching != '%s'"
                          % tab.get_attribute("#count", "data-matching"), timeout=600_000)
    search_s = time.perf_counter() - started - 0.2  # less the input's 200 ms pause
    tab.click("#clear")
    started = time.perf_counter()
    tab.click("tr.row")
    tab.wait_for_selector("tr.detail .rich.output", timeout=600_000)
    return {"filter_s": filter_s, "search_s": search_s, "detail_s": time.perf_counter() - started}


if __name__ == "__main__":
    sys.exit(main())
