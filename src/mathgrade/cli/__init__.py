"""The command line: one command group (``mathgrade``), one module per command.

``main(argv)`` is the entry point (also ``python -m mathgrade``); it returns the exit code and never shows a
traceback for a problem of the user's. The commands import the library, never the other way round: the library
raises the errors of :mod:`mathgrade.errors` in Python terms, and :func:`main` prints each as one line, with the
command's flag in place of the Python name of a setting, and exits with the error's own exit code (the table is
:data:`mathgrade.errors.EXIT_CODES`, printed by ``mathgrade --help``).

A command's module is imported only when the command runs (``mathgrade --help`` lists them from :data:`COMMANDS`
without importing any), and imports what is heavy (grading, the eval client, the server) inside its function.

Adding a command: a module here defining ``command`` (a :class:`Command`, built with the decorators of
:mod:`._options` for flags other commands share), and one row in :data:`COMMANDS`.
"""

from __future__ import annotations

import os
import signal
import sys
from importlib import import_module
from typing import Any, Dict, List, Optional, Sequence, Tuple

import click

from .. import __version__
from ..runtime import stopping_on
from ..errors import (EXIT_CODES, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_TERMINATED, EXIT_USAGE,
                      ConfigError, FileSystemError, InputError, MathgradeError)

__all__ = ["main", "cli", "Command", "COMMANDS", "Terminated", "exit_codes_markdown"]

COMMANDS: Dict[str, Tuple[str, str]] = {
    "grade": ("grade", "grade every row of a file"),
    "extract": ("extract", "show the answer extracted from each row's model output"),
    "eval": ("eval", "evaluate a model on a math benchmark (any OpenAI-compatible endpoint), or rescore generations"),
    "tasks": ("tasks", "list the bundled benchmark tasks (for mathgrade eval --task)"),
    "report": ("report", "write a self-contained HTML report of graded files or eval runs"),
    "serve": ("serve", "run a reward server (OpenRLHF remote reward, grading over HTTP)"),
}
"""Each command: the module here that defines it, and its one-line help."""

EPILOG = "exit codes:\n" + "\n".join(f"  {code:<4} {meaning}" for code, meaning in EXIT_CODES.items())
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 118}


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so that it stops a command the way Ctrl-C does."""


class Command(click.Command):
    """A mathgrade command: the exit codes in its help, and its context kept on an error it raises, so that
    :func:`main` can name the command's flags in the message."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("context_settings", CONTEXT)
        kwargs["epilog"] = kwargs.get("epilog") or EPILOG
        super().__init__(*args, **kwargs)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.epilog:  # as written (click would re-wrap the table)
            formatter.write("\n" + self.epilog + "\n")

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except MathgradeError as exc:
            if not hasattr(exc, "cli_context"):
                exc.cli_context = ctx  # type: ignore[attr-defined]
            raise


class _Group(click.Group):
    """The ``mathgrade`` group: commands loaded from :data:`COMMANDS` when used; a typo gets a suggestion."""

    def list_commands(self, ctx: click.Context) -> List[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> Optional[click.Command]:
        if cmd_name not in COMMANDS:
            return None
        command: click.Command = import_module(f".{COMMANDS[cmd_name][0]}", __name__).command
        return command

    def resolve_command(self, ctx: click.Context, args: List[str]) -> Any:
        name = args[0]
        if name not in COMMANDS and not ctx.resilient_parsing:
            import difflib

            close = difflib.get_close_matches(name, list(COMMANDS), n=2, cutoff=0.5)
            hint = f"; did you mean {' or '.join(close)}?" if close else f"; the commands are {', '.join(COMMANDS)}"
            raise click.UsageError(f"no such command {name!r}{hint}", ctx)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):  # from the table: no command module is imported for --help
            formatter.write_dl([(name, text) for name, (_, text) in COMMANDS.items()])

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write("\n" + EPILOG + "\n")


@click.group("mathgrade", cls=_Group, context_settings=CONTEXT,
             help="Decide whether language-model answers to math problems are correct. "
                  "`mathgrade COMMAND --help` shows a command's options.")
@click.version_option(__version__, "--version", prog_name="mathgrade", message="%(prog)s %(version)s")
def cli() -> None:
    """The command group (see :data:`COMMANDS`)."""


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``) and return the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    with stopping_on(signal.SIGTERM, Terminated):  # every command stops on SIGTERM as on Ctrl-C
        try:
            with cli.make_context("mathgrade", args) as ctx:
                code = cli.invoke(ctx)
            return EXIT_OK if code is None else int(code)
        except click.exceptions.Exit as exc:  # --help, --version
            return int(exc.exit_code)
        except click.UsageError as exc:
            _usage(exc)
            return EXIT_USAGE
        except MathgradeError as exc:
            error(message(exc, getattr(exc, "cli_context", None)))
            return exc.exit_code
        except BrokenPipeError:  # e.g. `mathgrade grade f.jsonl -o - | head`
            _silence_stdout()
            return EXIT_OK
        except KeyboardInterrupt as exc:  # before a command could say what it kept
            error("terminated (SIGTERM)" if isinstance(exc, Terminated) else "interrupted", prefix=False)
            return EXIT_TERMINATED if isinstance(exc, Terminated) else EXIT_INTERRUPTED
        except Exception as exc:  # noqa: BLE001 - a bug in mathgrade: one line, not a traceback
            error(f"internal error: {type(exc).__name__}: {exc} (please report this)")
            return EXIT_INTERNAL


# --- messages ----------------------------------------------------------------------------------------------------


def message(exc: MathgradeError, ctx: Optional[click.Context]) -> str:
    """The one line said for ``exc`` raised by the command of ``ctx``: the setting's flag in place of its Python
    name, and the command's own flags in hints (never one it does not have)."""
    text = str(exc)
    options = _flags(ctx)
    params: Dict[str, Any] = dict(ctx.params) if ctx is not None else {}
    setting = getattr(exc, "setting", None)
    if isinstance(exc, ConfigError):
        if setting in options:
            text = exc.with_name(options[setting])
    elif setting in options:
        text += f" ({options[setting]})"
    if isinstance(exc, InputError):
        if exc.kind == "row" and "skip_bad_rows" in options:
            text += " (use --skip-bad-rows to write such rows with status bad_row instead of stopping)"
        elif exc.kind == "column":
            flags = [flag for name, flag in options.items() if name.endswith(("_field", "_key"))
                     and params.get(name) is not None and params.get(name) in exc.columns]
            if flags:
                text += f" (name the column to use with {' or '.join(flags)})"
    if isinstance(exc, FileSystemError):
        text += "; fix that (free some space, check the permissions), then run again"
        if "resume" in options and params.get("output") not in (None, "-"):
            text += " with --resume to continue the output"
    return text


def _flags(ctx: Optional[click.Context]) -> Dict[str, str]:
    """The command's options: Python name → its flag (the first long one)."""
    if ctx is None:
        return {}
    return {p.name: next((o for o in p.opts if o.startswith("--")), p.opts[0]) for p in ctx.command.params
            if isinstance(p, click.Option) and p.name is not None}


def flag(ctx: Optional[click.Context], setting: str) -> str:
    """The flag of ``setting`` in the command of ``ctx`` (its Python name if the command has none)."""
    return _flags(ctx).get(setting, setting)


def _usage(exc: click.UsageError) -> None:
    where = exc.ctx.command_path if exc.ctx is not None else "mathgrade"
    if isinstance(exc, click.exceptions.NoArgsIsHelpError):
        click.echo(exc.format_message(), err=True)
        return
    error(f"{exc.format_message()} (see `{where} --help`)")


def exit_codes_markdown() -> str:
    """The table of exit codes in docs/cli.md, made from :data:`mathgrade.errors.EXIT_CODES`."""
    rows = [f"| {code} | {meaning} |" for code, meaning in EXIT_CODES.items()]
    return "\n".join(["| code | meaning |", "|---|---|", *rows]) + "\n"


def error(text: str, prefix: bool = True) -> None:
    """Print a message of the command line on stderr: ``mathgrade: error: ...``."""
    print(("mathgrade: error: " if prefix else "mathgrade: ") + text, file=sys.stderr, flush=True)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
