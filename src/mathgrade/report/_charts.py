"""The charts of a report, as Vega-Lite specifications (plain data, drawn in the page by the bundled Vega).

Every number a chart shows was computed in Python (:mod:`._summary`) over all rows; a spec holds those numbers
inline, never the rows. Field names are fixed words (text from the inputs is only ever a data value, which Vega
draws as text). A chart may name the sample-browser filter that a click on one of its marks sets (``filter``):
the page reads the value from the clicked mark's ``name`` field (``lo``/``hi`` for a length bin).
"""

from __future__ import annotations

from dataclasses import dataclass
from collections import Counter
from typing import Any, Dict, List, Optional, Sequence

from ..verdict import Status
from ._problems import ProblemAgreement
from ._summary import GROUPS, OUTCOMES, Summary, natural_key

__all__ = ["Chart", "charts", "STATUS_COLORS", "OUTCOME_COLORS"]

STATUS_COLORS = {
    Status.CORRECT.value: "#2e9e5b",
    Status.INCORRECT.value: "#d64545",
    Status.NO_ANSWER.value: "#8a94a6",
    Status.AMBIGUOUS.value: "#e0a526",
    Status.UNPARSABLE.value: "#8e5cc9",
    Status.TIMEOUT.value: "#e07b26",
    Status.INVALID_GOLD.value: "#8b5a3c",
    Status.ERROR.value: "#222831",
}
"""One colour per status, used by the charts and the page's badges alike."""
OTHER_STATUS_COLOR = "#5f6b7a"

OUTCOME_COLORS = dict(zip(OUTCOMES, ("#2e9e5b", "#d64545", "#8a94a6", "#e0a526")))

ACCURACY_GROUPS = ("dataset", "subject", "level")
"""Groupings charted as accuracy per value; the others (rules) as rows per value, split by correctness."""

_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
_CONFIG = {
    "font": _FONT,
    "view": {"stroke": None},
    "axis": {"labelColor": "#3b4252", "titleColor": "#3b4252", "gridColor": "#e6e9ef", "domainColor": "#c7ccd6",
             "tickColor": "#c7ccd6", "labelFontSize": 11, "titleFontSize": 11, "titleFontWeight": 600,
             "labelLimit": 220},
    "legend": {"labelColor": "#3b4252", "titleColor": "#3b4252", "labelFontSize": 11, "titleFontSize": 11,
               "orient": "bottom", "labelLimit": 260},
    "bar": {"cornerRadiusEnd": 3},
    "range": {"category": ["#4c6ef5", "#f08c00", "#12b886", "#e64980", "#7950f2", "#15aabf", "#82c91e",
                           "#fa5252"]},
}
_BY_ORDER = {"field": "order", "op": "min"}
"""Categories sort by a number in the data: a sort by a list of values would put the values, which come from the
inputs, into a Vega expression."""
_BAR = 22
"""Pixels per bar of a horizontal bar chart (per group of bars when several runs are compared)."""


@dataclass(frozen=True)
class Chart:
    """One chart: its element id, title, a line saying what it shows, its Vega-Lite spec, and the sample-browser
    filter a click on a mark sets (None when a click does nothing)."""

    id: str
    title: str
    caption: str
    spec: Dict[str, Any]
    filter: Optional[str] = None

    def to_dict(self) -> Dict[str, Any]:
        return {"id": self.id, "title": self.title, "caption": self.caption, "spec": self.spec,
                "filter": self.filter}


def charts(summaries: Sequence[Summary], by_problem: Sequence[ProblemAgreement] = ()) -> List[Chart]:
    """The charts for these runs' summaries (and their comparisons by problem), in page order; a chart without data
    is left out."""
    out = [_status_chart(summaries)]
    curve = _k_chart(summaries)
    if curve:
        out.append(curve)
    out += [_problem_accuracy_chart(c, i) for i, c in enumerate(by_problem) if c.problems]
    titles = {g.name: g.title for g in GROUPS}
    for name in ACCURACY_GROUPS:
        if any(name in s.groups for s in summaries):
            out.append(_accuracy_chart(summaries, name, titles[name]))
    out.append(_length_chart(summaries))
    for name in ("extraction_rule", "rule"):
        if any(name in s.groups for s in summaries):
            out.append(_rows_chart(summaries, name, titles[name]))
    return out


def _spec(data: List[Dict[str, Any]], **rest: Any) -> Dict[str, Any]:
    spec: Dict[str, Any] = {"$schema": "https://vega.github.io/schema/vega-lite/v6.json", "width": "container",
                            "data": {"values": data}, "config": _CONFIG, "autosize": {"type": "fit-x",
                                                                                         "contains": "padding"}}
    spec.update(rest)
    return spec


def _run_encoding(summaries: Sequence[Summary], offset: str) -> Dict[str, Any]:
    """With several runs: one colour per run, bars side by side within a category."""
    if len(summaries) < 2:
        return {}
    names = [s.name for s in summaries]
    return {"color": {"field": "run", "type": "nominal", "title": "run", "scale": {"domain": names}},
            offset: {"field": "run", "type": "nominal", "scale": {"domain": names}}}


def _status_chart(summaries: Sequence[Summary]) -> Chart:
    statuses: List[str] = []
    for s in summaries:
        statuses += [k for k in s.status_counts if k not in statuses]
    data = [{"run": s.name, "name": k, "order": i, "rows": s.status_counts.get(k, 0),
             "share": s.status_counts.get(k, 0) / s.rows if s.rows else 0.0}
            for s in summaries for i, k in enumerate(statuses)]
    colors = [STATUS_COLORS.get(k, OTHER_STATUS_COLOR) for k in statuses]
    encoding: Dict[str, Any] = {
        "y": {"field": "name", "type": "nominal", "sort": _BY_ORDER, "title": None},
        "x": {"field": "rows", "type": "quantitative", "title": "rows"},
        "color": {"field": "name", "type": "nominal", "scale": {"domain": statuses, "range": colors},
                  "legend": None},
        "tooltip": _tooltip(summaries, [("name", "status", None), ("rows", "rows", ","), ("share", "share", ".1%")]),
    }
    encoding.update(_run_encoding(summaries, "yOffset"))
    height = _BAR * len(statuses) * max(1, len(summaries))
    return Chart("chart-status", "Verdicts by status", "How many rows got each status. Click a bar to list them.",
                 _spec(data, mark={"type": "bar", "cursor": "pointer"}, encoding=encoding, height=height),
                 filter="status")


def _k_chart(summaries: Sequence[Summary]) -> Optional[Chart]:
    data: List[Dict[str, Any]] = []
    for s in summaries:
        for metric, values in (("pass@k", s.pass_at_k), ("maj@k", s.maj_at_k)):
            data += [{"run": s.name, "metric": metric, "k": k, "value": v} for k, v in values.items()]
    if not data:
        return None
    ks = sorted({d["k"] for d in data})
    encoding: Dict[str, Any] = {
        "x": {"field": "k", "type": "quantitative", "title": "k (samples per problem)",
              "scale": {"type": "log", "base": 2} if ks[-1] >= 8 else {}, "axis": {"values": ks, "format": "d"}},
        "y": {"field": "value", "type": "quantitative", "title": None, "axis": {"format": ".0%"},
              "scale": {"zero": False}},
        "tooltip": _tooltip(summaries, [("metric", "metric", None), ("k", "k", None), ("value", "value", ".2%")]),
    }
    if len(summaries) > 1:  # the runs' colours, as in every other chart; the metric by the line's dashes
        encoding["color"] = {"field": "run", "type": "nominal", "title": "run",
                             "scale": {"domain": [s.name for s in summaries]}}
    else:
        encoding["color"] = {"field": "metric", "type": "nominal", "title": None,
                             "scale": {"domain": ["pass@k", "maj@k"], "range": ["#4c6ef5", "#f08c00"]}}
    # pass@k first, maj@k drawn over it dashed with hollow squares: where the two are equal (every problem's
    # samples agreeing), both stay visible, the dashes showing the solid line beneath and each square its dot.
    layers = [
        {"transform": [{"filter": {"field": "metric", "equal": "pass@k"}}],
         "mark": {"type": "line", "strokeWidth": 2.5, "point": {"filled": True, "shape": "circle", "size": 40}}},
        {"transform": [{"filter": {"field": "metric", "equal": "maj@k"}}],
         "mark": {"type": "line", "strokeWidth": 2, "strokeDash": [7, 5],
                  "point": {"filled": False, "shape": "square", "size": 130, "strokeWidth": 2}}},
    ]
    return Chart("chart-k", "pass@k and maj@k", "pass@k: a problem counts when any of k samples is correct; maj@k: "
                 "when the most common answer among k samples is correct (as written by mathgrade eval). "
                 "pass@k: solid lines, dots; maj@k: dashed lines, hollow squares.",
                 _spec(data, encoding=encoding, layer=layers, height=220))


def _problem_accuracy_chart(c: ProblemAgreement, i: int) -> Chart:
    """Each shared problem's accuracy in one run against the other (problems at the same point counted)."""
    points = Counter((round(a, 6), round(b, 6)) for a, b in c.accuracy.values())
    data = [{"a": a, "b": b, "problems": n} for (a, b), n in sorted(points.items())]
    axis = {"format": ".0%"}
    encoding: Dict[str, Any] = {
        "x": {"field": "a", "type": "quantitative", "title": f"accuracy in {c.a}", "scale": {"domain": [0, 1]},
              "axis": axis},
        "y": {"field": "b", "type": "quantitative", "title": f"accuracy in {c.b}", "scale": {"domain": [0, 1]},
              "axis": axis},
        "size": {"field": "problems", "type": "quantitative", "title": "problems",
                 "scale": {"range": [40, 600], "zero": False},
                 "legend": {"values": sorted({d["problems"] for d in data})[:6]}},
        "tooltip": [{"field": "a", "type": "quantitative", "format": ".1%", "title": c.a},
                    {"field": "b", "type": "quantitative", "format": ".1%", "title": c.b},
                    {"field": "problems", "type": "quantitative", "title": "problems"}],
    }
    diagonal = {"data": {"values": [{"a": 0, "b": 0}, {"a": 1, "b": 1}]},
                "mark": {"type": "line", "color": "#c7ccd6", "strokeDash": [4, 4]},
                "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}}}
    points_layer = {"mark": {"type": "circle", "color": "#4c6ef5", "opacity": 0.65}, "encoding": encoding}
    return Chart(f"chart-problems-{i}", f"Per-problem accuracy: {c.a} against {c.b}",
                 "Each point is the share of a problem's samples graded correct in each run (its size: how many "
                 "problems are there). Problems on the diagonal fare alike in both runs.",
                 _spec(data, layer=[diagonal, points_layer], height=300))


def _accuracy_chart(summaries: Sequence[Summary], group: str, title: str) -> Chart:
    names = _group_names(summaries, group)
    data = [{"run": s.name, "name": r.name, "order": names.index(r.name), "rows": r.rows, "correct": r.correct,
             "accuracy": r.accuracy} for s in summaries for r in s.groups.get(group, [])]
    encoding: Dict[str, Any] = {
        "y": {"field": "name", "type": "nominal", "sort": _BY_ORDER, "title": None},
        "x": {"field": "accuracy", "type": "quantitative", "title": "accuracy", "scale": {"domain": [0, 1]},
              "axis": {"format": ".0%"}},
        "color": {"value": "#4c6ef5"},
        "tooltip": _tooltip(summaries, [("name", title.lower(), None), ("accuracy", "accuracy", ".1%"),
                                        ("correct", "correct", ","), ("rows", "rows", ",")]),
    }
    encoding.update(_run_encoding(summaries, "yOffset"))
    height = _BAR * len(names) * max(1, len(summaries))
    return Chart(f"chart-{group}", f"Accuracy by {title.lower()}", "Share of rows graded correct in each group. "
                 "Click a bar to list its rows.",
                 _spec(data, mark={"type": "bar", "cursor": "pointer"}, encoding=encoding, height=height),
                 filter=group)


def _rows_chart(summaries: Sequence[Summary], group: str, title: str) -> Chart:
    names = _group_names(summaries, group)
    data = []
    for s in summaries:
        for r in s.groups.get(group, []):
            for verdict, rows in (("correct", r.correct), ("not correct", r.rows - r.correct)):
                data.append({"run": s.name, "name": r.name, "order": names.index(r.name), "verdict": verdict,
                             "rows": rows, "all": r.rows, "accuracy": r.accuracy})
    encoding: Dict[str, Any] = {
        "y": {"field": "name", "type": "nominal", "sort": _BY_ORDER, "title": None},
        "x": {"field": "rows", "type": "quantitative", "title": "rows", "stack": True},
        "color": {"field": "verdict", "type": "nominal", "title": None,
                  "scale": {"domain": ["correct", "not correct"], "range": ["#2e9e5b", "#c7ccd6"]}},
        "tooltip": _tooltip(summaries, [("name", title.lower(), None), ("verdict", "verdict", None), ("rows", "rows", ","),
                                        ("all", "all rows", ","), ("accuracy", "accuracy", ".1%")]),
    }
    if len(summaries) > 1:
        encoding["yOffset"] = {"field": "run", "type": "nominal", "scale": {"domain": [s.name for s in summaries]}}
        encoding["opacity"] = {"field": "run", "type": "ordinal", "title": "run",
                               "scale": {"domain": [s.name for s in summaries], "range": [1.0, 0.55]}}
    caption = ("Which extraction rule found the answer: boxed, a final-answer phrase, the last number..."
               if group == "extraction_rule" else "The rule that decided each verdict (see docs/comparison.md).")
    height = _BAR * len(names) * max(1, len(summaries))
    return Chart(f"chart-{group}", title, caption + " Click a bar to list its rows.",
                 _spec(data, mark={"type": "bar", "cursor": "pointer"}, encoding=encoding, height=height),
                 filter=group)


def _length_chart(summaries: Sequence[Summary]) -> Chart:
    data = [dict(d, run=s.name) for s in summaries for d in s.lengths]
    encoding: Dict[str, Any] = {
        "x": {"field": "bin", "type": "ordinal", "sort": _BY_ORDER, "title": "output length (characters)",
              "axis": {"labelAngle": 0}},
        "y": {"field": "rows", "type": "quantitative", "title": "rows", "stack": True},
        "color": {"field": "outcome", "type": "nominal", "title": None,
                  "scale": {"domain": list(OUTCOME_COLORS), "range": list(OUTCOME_COLORS.values())}},
        "order": {"field": "rank", "type": "quantitative"},
        "tooltip": _tooltip(summaries, [("bin", "length", None), ("outcome", "outcome", None),
                                        ("rows", "rows", ",")]),
    }
    rank = {o: i for i, o in enumerate(OUTCOMES)}
    for d in data:
        d["rank"] = rank[d["outcome"]]
    if len(summaries) > 1:
        encoding["xOffset"] = {"field": "run", "type": "nominal", "scale": {"domain": [s.name for s in summaries]}}
        encoding["opacity"] = {"field": "run", "type": "ordinal", "title": "run",
                               "scale": {"domain": [s.name for s in summaries], "range": [1.0, 0.55]}}
    return Chart("chart-length", "Output length against correctness",
                 "Rows by the length of the output and what became of them: long outputs are often cut off "
                 "before an answer. Click a bar to list its rows.",
                 _spec(data, mark={"type": "bar", "cursor": "pointer"}, encoding=encoding, height=220),
                 filter="length")


def _group_names(summaries: Sequence[Summary], group: str) -> List[str]:
    """The values of a grouping over all runs, in its order: by name (natural order), or most rows first."""
    rows: Dict[str, int] = {}
    for s in summaries:
        for r in s.groups.get(group, []):
            rows[r.name] = rows.get(r.name, 0) + r.rows
    if next(g for g in GROUPS if g.name == group).order == "rows":
        return sorted(rows, key=lambda name: (-rows[name], name))
    return sorted(rows, key=natural_key)


def _tooltip(summaries: Sequence[Summary], fields: List[tuple]) -> List[Dict[str, Any]]:
    out = [{"field": "run", "type": "nominal", "title": "run"}] if len(summaries) > 1 else []
    for name, title, fmt in fields:
        item: Dict[str, Any] = {"field": name, "title": title}
        if fmt:
            item.update(type="quantitative", format=fmt)
        out.append(item)
    return out
