"""``mathgrade report``: one self-contained HTML page that shows where a model and the grader stand.

Inputs are graded files (``mathgrade grade -o graded.jsonl``) and evaluation run directories (``mathgrade eval -o
DIR``); several inputs are shown side by side. The page holds a summary (accuracy, pass@k and maj@k of eval runs,
counts per status, no-answer and cut-off shares, run settings), charts, agreement matrices (``compare_field``, or
two runs on the same problems) and a sample browser that shows each output with its extracted answer highlighted.
It opens offline (no CDN, no server) and never runs anything from a model output.

Stages, one module each, data flowing one way::

    _sources (read inputs into Runs) ─▶ _summary (numbers over all rows) ─▶ _charts (Vega-Lite specs) ─▶ _page (HTML)
                                    └─▶ _problems (eval runs problem by problem; runs compared by problem) ─┘

Needs Jinja2: ``pip install '.[report]'``.
"""

from __future__ import annotations

from .._lazy import exports

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    from ._problems import ProblemAgreement, ProblemStats, problem_agreements, problem_stats
    from ._sources import Grading, Run, Sample, load_run
    from ._summary import Agreement, Summary
    from ._write import report_html, write_report

__all__ = ["Grading", "Run", "Sample", "Summary", "Agreement", "ProblemStats", "ProblemAgreement", "load_run",
           "problem_stats", "problem_agreements", "report_html", "write_report"]

_WHERE = {"Grading": "._sources", "Run": "._sources", "Sample": "._sources", "load_run": "._sources",
          "Summary": "._summary", "Agreement": "._summary", "ProblemStats": "._problems",
          "ProblemAgreement": "._problems", "problem_stats": "._problems", "problem_agreements": "._problems",
          "report_html": "._write", "write_report": "._write"}
"""The module of each public name, imported on first use: ``mathgrade`` imports this package (for its command)
every time it starts, and should not pay for it until ``report`` runs."""

__getattr__, __dir__ = exports(__name__, _WHERE, __all__)
