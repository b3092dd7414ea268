"""``mathgrade extract``: show the answer taken from each row's model output, with its span and extraction rule."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Dict, Iterator, Optional

import click

from ..columns import EXTRACT_COLUMNS
from . import Command
from ._options import POLICY, rows_options, show_progress
from ._summary import BAD_ROW

__all__ = ["command"]


@click.command("extract", cls=Command,
               help="Find the final answer in each row's model output. Writes every input row with added columns "
                    + ", ".join(EXTRACT_COLUMNS) + " (the same columns grade writes). After exit code 3, 130 or 143 "
                    "the rows written so far are kept in OUTPUT: run the same command again with --resume to "
                    "continue it.")
@rows_options
@click.option("--policy", type=POLICY, default="eval", show_default=True,
              help="eval: any extraction rule; reward: only marked answers")
def command(**params: Any) -> int:
    args = SimpleNamespace(**params)
    from ..files import FieldPath
    from ..grader import extract
    from ._run import Job, Run

    output = FieldPath(args.output_field)

    def results(rows: Iterator[Dict[str, Any]], total: Optional[int]) -> Iterator[Dict[str, Any]]:
        for row in rows:
            yield _extracted(extract, output.get(row), args.policy)

    def bad(message: str) -> Dict[str, Any]:
        return dict(dict.fromkeys(EXTRACT_COLUMNS), extraction_rule=f"{BAD_ROW}: {message}")

    job = Job("extract", EXTRACT_COLUMNS, "extraction_rule", [args.output_field],
              {"output_field": args.output_field, "id_field": args.id_field}, {"policy": args.policy}, results, bad)
    return Run(args, job, show_progress(args.progress)).execute()


def _extracted(extract: Any, output: Any, policy: str) -> Dict[str, Any]:
    from ..columns import extracted_columns

    if output is None:
        return extracted_columns(None)
    try:
        candidates = extract(str(output), policy=policy)
    except Exception as exc:  # noqa: BLE001 - one row never stops the file
        return dict(extracted_columns(None), extraction_rule=f"error: {type(exc).__name__}: {exc}")
    return extracted_columns(candidates[0] if candidates else None)
