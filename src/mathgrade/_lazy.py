"""Names of a package imported the first time they are used (PEP 562), for packages whose import must stay cheap:
``mathgrade`` itself, and the ``evaluation`` and ``report`` packages that the command line imports for their
commands. Each such package keeps a table of where its names are defined and gets its ``__getattr__`` and
``__dir__`` from :func:`exports`."""

from __future__ import annotations

import sys
from importlib import import_module

TYPE_CHECKING = False  # ``typing`` is not imported at run time: it is a good part of the cost of ``import mathgrade``
if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Callable, List, Mapping, Sequence, Tuple


def exports(package: str, where: "Mapping[str, str]",
            names: "Sequence[str]") -> "Tuple[Callable[[str], Any], Callable[[], List[str]]]":
    """The module ``__getattr__`` and ``__dir__`` of ``package``: a name of ``where`` is imported from its module
    (relative to ``package``) when first asked for, then kept in the package; ``dir()`` lists ``names`` too."""

    def __getattr__(name: str) -> "Any":
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> "List[str]":
        return sorted(set(vars(sys.modules[package])) | set(names))

    return __getattr__, __dir__
