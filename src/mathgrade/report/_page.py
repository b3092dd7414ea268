"""The page: one self-contained HTML file (Jinja2 template, bundled CSS and JavaScript, the data embedded).

Nothing is fetched when the page opens: no CDN, no server; it works from ``file://``. Safety rules, because the
data holds model outputs written by anyone:

- Text from the inputs reaches the HTML only through Jinja2's autoescaping, or as data: JSON inside
  ``<script type="application/json">`` with ``<``, ``>``, ``&``, U+2028 and U+2029 escaped (:func:`script_json`), and
  the rows as base64 of gzip (no character that HTML or JavaScript could read as markup). The page's script builds
  the DOM with ``textContent``, never ``innerHTML`` of data.
- A Content-Security-Policy allows only the page's own scripts (by their SHA-256), no network at all, so that even
  a mistake could neither run an injected script nor send anything anywhere.

The rows are embedded column by column: a column of few distinct strings (status, rule, gold answer, prompt...) as a
table of its distinct values and one index per row, the others as plain lists; then the whole is gzip-compressed.
"""

from __future__ import annotations

import base64
import datetime
import functools
import gzip
import hashlib
import json
import re
from importlib import resources
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import __version__
from ._charts import OTHER_STATUS_COLOR, STATUS_COLORS, Chart
from ._problems import ProblemAgreement
from ._sources import Run
from ._summary import CELLS, Agreement, Summary

__all__ = ["render", "script_json", "encode_rows", "katex_css", "ROW_FIELDS", "VENDORED"]

VENDORED = ("vendor/vega.min.js", "vendor/vega-lite.min.js", "vendor/katex.min.js")
"""Third-party scripts bundled in the package (see ``static/vendor/SOURCES.md``), inlined in every page."""
KATEX_CSS = "vendor/katex.min.css"
"""KaTeX's style sheet, inlined with its fonts (:func:`katex_css`)."""
KATEX_FONTS = "vendor/katex-fonts"

ROW_FIELDS = ("key", "sample", "output", "gold", "status", "correct", "rule", "reason", "extracted", "start", "end",
              "extraction_rule", "answer_value", "gold_value", "dataset", "subject", "level", "label", "cluster",
              "finish_reason", "tokens", "length", "prompt", "note", "problem")
"""The columns of the embedded rows (with ``run``, the index of each row's run, and ``agree0``, ``agree1``... the
cell of each row in each agreement matrix). A column that is empty in every row is left out."""

_CSP = ("default-src 'none'; script-src {scripts} 'unsafe-eval'; style-src 'unsafe-inline'; img-src data:; "
        "font-src data:; base-uri 'none'; form-action 'none'")
"""'unsafe-eval': Vega compiles its chart expressions (the specs' own, never data) to functions."""

_JSON_ESCAPES = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026", 0x2028: "\\u2028",
                 0x2029: "\\u2029"}


def script_json(data: Any) -> str:
    """``data`` as JSON that is safe inside ``<script type="application/json">``: no ``</script>``, no ``<!--``,
    no line separators, whatever the strings hold (each such character is written as a JSON escape)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).translate(_JSON_ESCAPES)


def encode_rows(runs: Sequence[Run], agreements: Sequence[Agreement], problems: Optional[Dict[str, Any]] = None) -> str:
    """Every row of every run, columnar, as base64 of gzip-compressed JSON (see the module's docstring), with the
    per-problem table of evaluation runs (:func:`._problems.problems_payload`) when there is one."""
    samples = [s for run in runs for s in run.samples]
    columns: Dict[str, Any] = {"run": {"ints": [i for i, run in enumerate(runs) for _ in run.samples]}}
    for name in ROW_FIELDS:
        values = [_plain(getattr(s, name)) for s in samples]
        if any(v is not None for v in values):
            columns[name] = _column(values)
    for i, agreement in enumerate(agreements):
        columns[f"agree{i}"] = {"ints": agreement.codes}
    payload: Dict[str, Any] = {"rows": len(samples), "columns": columns}
    if problems is not None:
        payload["problems"] = problems
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii")


def _plain(value: Any) -> Any:
    """Booleans as 0 and 1 (the page's script compares them as numbers)."""
    return int(value) if isinstance(value, bool) else value


def _column(values: List[Any]) -> Dict[str, Any]:
    if all(v is None or isinstance(v, int) for v in values):
        return {"ints": values}
    distinct: Dict[str, int] = {}
    for v in values:
        if v is not None and v not in distinct:
            distinct[v] = len(distinct)
            if len(distinct) > len(values) // 2:
                return {"text": values}
    return {"dict": list(distinct), "codes": [-1 if v is None else distinct[v] for v in values]}


def render(runs: Sequence[Run], summaries: Sequence[Summary], charts: Sequence[Chart],
           agreements: Sequence[Agreement], *, title: Optional[str] = None,
           generated_at: Optional[datetime.datetime] = None, problems: Optional[Dict[str, Any]] = None,
           problem_agreements: Sequence[ProblemAgreement] = ()) -> str:
    """The HTML of the report (``problems`` and ``problem_agreements`` for evaluation runs, see :mod:`._problems`)."""
    import jinja2

    when = (generated_at or datetime.datetime.now(datetime.timezone.utc)).replace(microsecond=0)
    title = title or "mathgrade report: " + ", ".join(run.name for run in runs)
    meta = {
        "title": title, "version": __version__, "generated_at": when.isoformat(),
        "runs": [{"name": r.name, "kind": r.kind, "path": r.path, "rows": len(r.samples),
                  "compare_field": r.compare_field} for r in runs],
        "summaries": [s.to_dict() for s in summaries], "charts": [c.to_dict() for c in charts],
        "agreements": [a.to_dict() for a in agreements], "cells": list(CELLS),
        "problem_agreements": [a.to_dict() for a in problem_agreements], "has_problems": problems is not None,
        "status_colors": STATUS_COLORS, "other_status_color": OTHER_STATUS_COLOR,
    }
    scripts = [_asset(name) for name in VENDORED] + [_asset("report.js")]
    env = jinja2.Environment(loader=jinja2.PackageLoader("mathgrade.report", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    env.filters.update(pct=_pct, num=_num, value=_value)
    template = env.get_template("report.html.j2")
    return template.render(
        title=title, runs=runs, summaries=summaries, charts=charts, agreements=agreements, cells=CELLS,
        generated_at=when.strftime("%Y-%m-%d %H:%M UTC"), version=__version__, meta_json=script_json(meta),
        rows_b64=encode_rows(runs, agreements, problems), problem_agreements=problem_agreements,
        has_problems=problems is not None, css=_asset("report.css"), katex_css=katex_css(), scripts=scripts,
        csp=_CSP.format(scripts=" ".join(_sha256(s) for s in scripts)), status_colors=STATUS_COLORS,
        other_status_color=OTHER_STATUS_COLOR, configs=[_config_items(r) for r in runs])


_FONT_FACE_SRC = re.compile(r'src:url\(fonts/([\w-]+)\.woff2\) format\("woff2"\)(?:,url\(fonts/\1\.woff\) '
                            r'format\("woff"\))?(?:,url\(fonts/\1\.ttf\) format\("truetype"\))?')


@functools.lru_cache(maxsize=1)
def katex_css() -> str:
    """KaTeX's style sheet with each font as a ``data:`` URI, so that the page needs no file beside it.

    The bundled ``katex.min.css`` is KaTeX's own, unchanged; each ``@font-face`` of it names its font three times
    (woff2, woff, ttf): here the woff2 file is inlined and the other two, which every browser able to run the page
    does not need, are dropped (``static/vendor/SOURCES.md``).
    """
    static = resources.files("mathgrade.report").joinpath("static")
    css = static.joinpath(KATEX_CSS).read_text(encoding="utf-8")
    fonts = static.joinpath(KATEX_FONTS)

    def inline(match: "re.Match[str]") -> str:
        data = fonts.joinpath(match.group(1) + ".woff2").read_bytes()
        return 'src:url(data:font/woff2;base64,' + base64.b64encode(data).decode("ascii") + ') format("woff2")'

    out = _FONT_FACE_SRC.sub(inline, css)
    if re.search(r"url\((?!data:)", out) or "</style" in out.lower():
        raise RuntimeError(f"{KATEX_CSS} names a file this page cannot inline, or holds '</style' (a packaging bug in "
                           f"mathgrade: see static/vendor/SOURCES.md)")
    return out


def _asset(name: str) -> str:
    text = resources.files("mathgrade.report").joinpath("static").joinpath(name).read_text(encoding="utf-8")
    if "</script" in text.lower() or "<!--" in text:
        raise RuntimeError(f"the bundled script {name} holds '</script' or '<!--', which would end or break its "
                           f"<script> element (a packaging bug in mathgrade)")
    return text


def _sha256(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


def _config_items(run: Run) -> List[Tuple[str, str]]:
    """A run's settings as (name, text) pairs for a table."""
    return [(k, v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)) for k, v in run.config.items()]


def _pct(x: Optional[float], digits: int = 1) -> str:
    return "–" if x is None else f"{100 * x:.{digits}f}%"


def _num(x: Optional[float]) -> str:
    return "–" if x is None else f"{x:,}"


def _value(x: Optional[float]) -> str:
    """A number for a ``data-value`` attribute: exact, so that tests can compare it with Python's."""
    return "" if x is None else repr(x)
