"""mathgrade: decide whether a language model's answer to a math problem is correct.

The pipeline (one package per stage, data flowing one way)::

    output ──extract──▶ candidates ──read──▶ value ─┐
    gold ─────────────────────────────read──▶ value ─┴─compare──▶ Verdict

Public API::

    grade(output, gold, **options) -> Verdict
    grade_many(rows, *, workers=None, progress=False, **options) -> Iterator[Verdict]
    extract(output, **options) -> list[Candidate]
    read(text) -> Reading
    warm_up() -> None     # start the workers for symbolic work ahead of time (see mathgrade.runtime)

``import mathgrade`` is cheap: the stages are imported on first use of a public name (PEP 562), so a program that
only imports the package, or only needs :class:`Verdict`, does not pay for the reader's and extractor's tables.
"""

from __future__ import annotations

from ._lazy import exports

TYPE_CHECKING = False  # ``typing`` itself is not imported: it is a good part of the cost of a bare import
if TYPE_CHECKING:  # pragma: no cover
    # for type checkers and IDEs; at run time the names load on first use
    from .batch import grade_many
    from ._extract import Candidate
    from .grader import extract, grade, warm_up
    from .options import Options
    from ._read import Reading, read
    from .verdict import Answer, Status, Verdict

__version__ = "0.1.0"

__all__ = [
    "grade",
    "grade_many",
    "extract",
    "read",
    "warm_up",
    "Verdict",
    "Status",
    "Answer",
    "Candidate",
    "Reading",
    "Options",
    "__version__",
]

_WHERE = {
    "grade": ".grader",
    "grade_many": ".batch",
    "extract": ".grader",
    "read": "._read",
    "warm_up": ".grader",
    "Verdict": ".verdict",
    "Status": ".verdict",
    "Answer": ".verdict",
    "Candidate": "._extract",
    "Reading": "._read",
    "Options": ".options",
}
"""The module that defines each public name, imported the first time the name is used."""


__getattr__, __dir__ = exports(__name__, _WHERE, __all__)
