"""Writing a report: read the inputs, compute, render, and replace the output file whole."""

from __future__ import annotations

import os
import tempfile
from typing import List, Optional, Sequence

from ._sources import Grading, Run, load_run
from ._summary import agreements, summarize

__all__ = ["report_html", "write_report"]


def report_html(runs: Sequence[Run], *, title: Optional[str] = None) -> str:
    """The HTML page for these runs (summaries, charts and agreements are computed here, over every row)."""
    from ._charts import charts
    from ._page import render
    from ._problems import problem_agreements, problem_stats, problems_payload

    if not runs:
        raise ValueError("a report needs at least one run")
    summaries = [summarize(run) for run in runs]
    stats = [problem_stats(run) for run in runs]
    by_problem = problem_agreements(runs, stats)
    return render(runs, summaries, charts(summaries, by_problem), agreements(runs), title=title,
                  problems=problems_payload(runs, stats, by_problem), problem_agreements=by_problem)


def write_report(inputs: Sequence[str], output: str, *, grading: Grading = Grading(), title: Optional[str] = None,
                 names: Sequence[str] = ()) -> List[Run]:
    """Read ``inputs`` (graded files or eval run directories, see :func:`load_run`), write the page to ``output``
    (replaced whole at the end, never left half written) and return the runs read.

    ``names`` names the runs in the page (default: an eval run's model, else the file or directory name).
    """
    runs = [load_run(path, grading, name=names[i] if i < len(names) else None) for i, path in enumerate(inputs)]
    _unique_names(runs)
    html = report_html(runs, title=title)
    folder = os.path.dirname(os.path.abspath(output))
    fd, tmp = tempfile.mkstemp(prefix=".mathgrade-report-", suffix=".html", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(html)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes the file private; a report is made to be shared
        os.replace(tmp, output)
    except BaseException:
        os.unlink(tmp)
        raise
    return runs


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _unique_names(runs: Sequence[Run]) -> None:
    """Two runs of the same name (two copies of ``results``) get ``name (2)``, so that the page tells them apart."""
    seen: dict = {}
    for run in runs:
        n = seen.get(run.name, 0) + 1
        seen[run.name] = n
        if n > 1:
            run.name = f"{run.name} ({n})"
