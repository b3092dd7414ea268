"""Every error mathgrade raises on purpose, in one tree; each carries the exit code the command line gives it.

``grade()`` never raises for any input string (a failure is a status of the verdict); these errors are for the
calls and commands around it: a setting with a bad value, an input file that cannot be read, an output that cannot
be written, a service that does not answer. Library code raises them with messages in Python terms (``timeout must
be a positive number of seconds, not 0``); the command line catches them, puts the flag in place of the Python name
(``--timeout must be ...``), prints one line, and exits with the error's :attr:`~MathgradeError.exit_code`::

    MathgradeError                   exit 1 unless a subclass says otherwise (1: a bug in mathgrade)
    ├── UsageError                   exit 2: the call or command must change (settings, input, output, extras)
    │   ├── ConfigError              a setting has a bad value (also a ValueError): .setting names it
    │   ├── MissingExtra             an optional dependency is not installed (also an ImportError): .extra
    │   ├── InputError               an input file, row or column is unusable: .kind is file, column or row
    │   │   └── ColumnError          a column grading needs is missing or not text (Ray Data; also a ValueError)
    │   └── OutputError              the output cannot be written as asked, or cannot be resumed
    ├── FileSystemError              exit 3: the operating system refused a read or a write (disk full, permission)
    ├── ServiceError                 exit 4: a service the command needs cannot serve it
    │   ├── EndpointError            an OpenAI-compatible endpoint: unreachable, wrong URL, unknown model, key refused
    │   └── ClusterError             a Ray cluster: unreachable, or cannot be joined
    ├── RequestFailed                exit 5 (a run that finished with some): one request to an endpoint failed for good
    ├── GradingTimeout               a time limit reached inside the pipeline; grade() turns it into status timeout
    └── PoolUnusable                 worker processes cannot start here (also a RuntimeError): work runs in-process

``GradingTimeout`` and ``PoolUnusable`` never reach the command line: the grader and the runtime catch them (one is a
verdict's status, the other a fallback said once as a warning); they are here so that there is one tree to read.

The other exit codes: 0 success, 130 interrupted (Ctrl-C), 143 stopped by SIGTERM (see :data:`EXIT_CODES`).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

__all__ = [
    "MathgradeError",
    "UsageError",
    "ConfigError",
    "MissingExtra",
    "InputError",
    "ColumnError",
    "OutputError",
    "FileSystemError",
    "ServiceError",
    "EndpointError",
    "ClusterError",
    "RequestFailed",
    "GradingTimeout",
    "PoolUnusable",
    "install_hint",
    "EXIT_OK",
    "EXIT_INTERNAL",
    "EXIT_USAGE",
    "EXIT_IO",
    "EXIT_SERVICE",
    "EXIT_INCOMPLETE",
    "EXIT_INTERRUPTED",
    "EXIT_TERMINATED",
    "EXIT_CODES",
]

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_IO = 3
EXIT_SERVICE = 4
EXIT_INCOMPLETE = 5
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143

EXIT_CODES: Dict[int, str] = {
    EXIT_OK: "success (whatever the verdicts)",
    EXIT_INTERNAL: "internal error (a bug in mathgrade; please report it)",
    EXIT_USAGE: "usage error: a bad option, input or output (missing file or column, malformed row, missing extra)",
    EXIT_IO: "the system refused a read or a write (disk full, permission denied...): the message names the file",
    EXIT_SERVICE: "a service the command needs cannot serve it (an endpoint, a Ray cluster): the message names it",
    EXIT_INCOMPLETE: "the run finished, but some requests failed for good: run the command again to retry them",
    EXIT_INTERRUPTED: "interrupted (Ctrl-C)",
    EXIT_TERMINATED: "stopped by SIGTERM",
}
"""Every exit code of every command, with its one meaning (printed in ``mathgrade --help``)."""


def install_hint(extra: str) -> str:
    """How to install an optional extra. mathgrade is installed from a clone of its repository, not a package
    index, so the extra is named on the clone's directory."""
    return f"pip install '.[{extra}]' (in your clone of mathgrade)"


class MathgradeError(Exception):
    """The root of mathgrade's own errors. ``exit_code`` is the command line's exit code for it."""

    exit_code: int = EXIT_INTERNAL


class UsageError(MathgradeError):
    """Something the caller gave must change: a setting, an input, an output, an extra to install. ``setting``,
    when known, is the Python name of the setting that would fix it (the command line names its flag)."""

    exit_code = EXIT_USAGE

    def __init__(self, message: str, setting: Optional[str] = None) -> None:
        super().__init__(message)
        self.setting = setting

    def __reduce__(self) -> Any:
        return (type(self), (str(self), self.setting))


class ConfigError(UsageError, ValueError):
    """A setting has a bad value. ``setting`` is its Python name (``timeout``, ``base_url``), ``problem`` what is
    wrong with the value (``must be a positive number of seconds, not 0``); the message is both, and the command
    line says the same with the setting's flag (:meth:`with_name`)."""

    def __init__(self, setting: str, problem: str, message: Optional[str] = None) -> None:
        super().__init__(message or f"{setting} {problem}", setting)
        self.problem = problem
        self._message = message

    def with_name(self, name: str) -> str:
        """The message with ``name`` (a flag) in place of the setting's Python name."""
        return f"{name} {self.problem}"

    def __reduce__(self) -> Any:
        return (type(self), (self.setting, self.problem, self._message))


class MissingExtra(UsageError, ImportError):
    """An optional dependency is missing: ``what`` needs ``module``, which the ``extra`` installs."""

    def __init__(self, what: str, module: str, extra: str) -> None:
        super().__init__(f"{what} needs {module}: {install_hint(extra)}")
        self.name = module
        self.what = what
        self.module = module
        self.extra = extra

    def __reduce__(self) -> Any:
        return (type(self), (self.what, self.module, self.extra))


class InputError(UsageError):
    """An input is unusable: ``kind`` says how: ``"file"`` (missing, empty, not in its format, too large),
    ``"column"`` (a column that is needed is missing: ``columns`` names them) or ``"row"`` (a malformed row)."""

    def __init__(self, message: str, kind: str = "file", columns: Sequence[str] = (),
                 setting: Optional[str] = None) -> None:
        super().__init__(message, setting)
        self.kind = kind
        self.columns = tuple(columns)

    def __reduce__(self) -> Any:
        return (type(self), (str(self), self.kind, self.columns, self.setting))


class ColumnError(InputError, ValueError):
    """A column that grading needs is missing from the data, or does not hold text (:mod:`mathgrade.ray`).
    ``column`` names it. It travels from Ray's actors to the driver, so it pickles with its arguments."""

    def __init__(self, message: str, column: str) -> None:
        super().__init__(message, "column", (column,))
        self.column = column

    def __reduce__(self) -> Any:
        return (type(self), (str(self), self.column))


class OutputError(UsageError):
    """The output cannot be written as asked (an unknown format, a row that does not fit its columns, a directory
    in use) or cannot be resumed; the message says what to do instead."""


class FileSystemError(MathgradeError):
    """The operating system refused a read or a write: disk full, permission denied, read-only file system...

    Not a problem with the data, nor a bug: the message says what was being done, to which file, and why.
    """

    exit_code = EXIT_IO

    def __init__(self, action: str, path: str, exc: OSError) -> None:
        reason = exc.strerror or str(exc)
        code = f" [{_errno_name(exc.errno)}]" if exc.errno else ""
        super().__init__(f"cannot {action} {path}: {reason}{code}")
        self.action = action
        self.path = path
        self.errno = exc.errno
        self._exc = exc

    def __reduce__(self) -> Any:
        return (type(self), (self.action, self.path, self._exc))


class ServiceError(MathgradeError):
    """A service the command needs cannot serve it; the message names it (a URL, a cluster's address). ``setting``,
    when known, is the Python name of the setting that may fix it (an API key's variable)."""

    exit_code = EXIT_SERVICE

    def __init__(self, message: str, setting: Optional[str] = None) -> None:
        super().__init__(message)
        self.setting = setting

    def __reduce__(self) -> Any:
        return (type(self), (str(self), self.setting))


class EndpointError(ServiceError):
    """The endpoint cannot serve this run at all: unreachable, wrong URL, unknown model, key refused. The message
    names the URL."""


class ClusterError(ServiceError):
    """A Ray cluster cannot be reached, joined or started; the message names its address."""


class RequestFailed(MathgradeError):
    """One request failed for good: the server refused it (``status``), or every retry failed. The sample gets the
    status ``request_error``; a run that ends with some exits with :data:`EXIT_INCOMPLETE`."""

    exit_code = EXIT_INCOMPLETE

    def __init__(self, message: str, status: Optional[int] = None) -> None:
        super().__init__(message)
        self.status = status

    def __reduce__(self) -> Any:
        return (type(self), (str(self), self.status))


class GradingTimeout(MathgradeError):
    """Raised inside the pipeline when the time limit is reached; :func:`mathgrade.grade` turns it into a status.
    ``step`` names the step that was stopped, where one was (the verdict's reason names it)."""

    step: Optional[str] = None


class PoolUnusable(MathgradeError, RuntimeError):
    """Worker processes cannot be started here (e.g. where starting processes is forbidden); work must run in the
    caller's process instead."""


def _errno_name(number: int) -> str:
    import errno

    return errno.errorcode.get(number, str(number))
