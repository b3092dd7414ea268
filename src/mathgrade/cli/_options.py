"""Options shared by several commands, each defined once: argument types with their ranges, and one decorator per
group of flags (the rows of a file, the grading options, the progress bar).

Nothing heavy is imported here: every command's module imports this one to build its flags, and ``mathgrade
--help`` must stay fast.
"""

from __future__ import annotations

import math
import os
import sys
from dataclasses import fields
from typing import Any, Callable, Dict, Optional, TypeVar

import click

from ..files import FORMAT_NAMES
from ..options import Options

__all__ = ["COUNT", "POSITIVE", "SECONDS", "NON_NEGATIVE", "FORMAT", "POLICY", "rows_options", "grading_options",
           "progress_option", "options_of", "show_progress"]

F = TypeVar("F", bound=Callable[..., Any])


class _Float(click.FloatRange):
    """A finite float in a range (click's :class:`~click.FloatRange` lets ``nan`` through every bound)."""

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number) or math.isinf(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


COUNT = click.IntRange(min=0)
"""An integer of at least 0 (``--limit``, ``--max-retries``)."""
POSITIVE = click.IntRange(min=1)
"""An integer of at least 1 (``--n``, ``--concurrency``, ``--workers`` of ``serve``)."""
SECONDS = _Float(min=0, min_open=True)
"""A positive, finite number of seconds (``--timeout``)."""
NON_NEGATIVE = _Float(min=0)
"""A finite number of at least 0 (``--temperature``)."""
FORMAT = click.Choice(FORMAT_NAMES)
"""A file format's name (see :data:`mathgrade.files.FORMATS`)."""
POLICY = click.Choice(("eval", "reward"))


def rows_options(f: F) -> F:
    """INPUT, ``-o``, the fields, formats and the run's flags of ``grade`` and ``extract``."""
    decorators = [
        click.argument("input", metavar="INPUT"),
        click.option("-o", "--output", metavar="OUTPUT", default=None,
                     help="write rows here; format from the extension (.jsonl, .csv, .tsv, .parquet) or "
                          "--output-format; - for stdout. Without -o only the summary is printed"),
        click.option("--output-field", default="answer", metavar="NAME", show_default=True,
                     help="field of the model output (choices.0.message.content for nested values)"),
        click.option("--id-field", default=None, metavar="NAME", help="field identifying a row (checked by --resume)"),
        click.option("--format", "--input-format", "input_format", type=FORMAT, default=None,
                     help="format of INPUT when its extension does not say (- is JSONL unless given)"),
        click.option("--output-format", type=FORMAT, default=None,
                     help="format of OUTPUT when its extension does not say (-o /dev/null, -o -)"),
        click.option("--skip-bad-rows", is_flag=True,
                     help="write a malformed row (bad JSON, missing field...) with status bad_row and its reason, "
                          "instead of stopping"),
        click.option("--limit", type=COUNT, default=None, metavar="N", help="only the first N rows"),
        click.option("--resume", is_flag=True,
                     help="continue an interrupted OUTPUT: keep its complete rows, check that it was made from this "
                          "input with these options, and append the rest"),
        click.option("--summary-json", metavar="FILE", default=None,
                     help="also write the summary as JSON to FILE (- for stdout; the text summary then goes to "
                          "stderr)"),
        click.option("--group-by", metavar="COLUMN", multiple=True,
                     help="break the summary down by the values of COLUMN (repeatable)"),
    ]
    f = progress_option()(f)
    for decorate in reversed(decorators):
        f = decorate(f)
    return f


def grading_options(f: F) -> F:
    """One ``--option`` per field of :class:`mathgrade.Options`, from its type and its ``help`` metadata; their
    values are collected with :func:`options_of`."""
    for field in reversed(fields(Options)):
        flag = "--" + field.name.replace("_", "-")
        helptext = field.metadata["help"].replace("%%", "%")
        if field.name == "policy":
            option = click.option(flag, type=POLICY, default=field.default, help=helptext)
        elif field.type in (bool, "bool"):
            option = click.option(f"{flag}/--no-{flag[2:]}", default=field.default, help=helptext)
        elif field.type in (float, "float"):
            option = click.option(flag, type=SECONDS, default=field.default, metavar="SECONDS", help=helptext)
        else:
            option = click.option(flag, type=click.IntRange(1, 50), default=field.default, metavar="N",
                                  help=helptext)
        f = option(f)
    return f


def options_of(params: Dict[str, Any]) -> Dict[str, Any]:
    """The options of :func:`mathgrade.grade` among a command's parameters."""
    return {field.name: params[field.name] for field in fields(Options)}


def progress_option(during: str = "") -> Callable[[F], F]:
    """``--progress`` / ``--no-progress`` (default: a bar only on a terminal); ``during`` says when it shows."""
    return click.option("--progress/--no-progress", default=None,
                        help=f"show a progress bar{during} (default: only on a terminal)")


def show_progress(flag: Optional[bool]) -> bool:
    """Whether to show a progress bar: as ``--progress`` says, else only on a terminal (and not in CI)."""
    if flag is not None:
        return bool(flag)
    try:
        return bool(sys.stderr.isatty()) and not os.environ.get("CI")
    except (AttributeError, ValueError):
        return False
