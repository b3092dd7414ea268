"""mathgrade: decide whether a language model's answer to a math problem is correct.

The pipeline (one package per stage, data flowing one way)::

    output ──extract──▶ candidates ──read──▶ value ─┐
    gold ─────────────────────────────read──▶ value ─┴─compare──▶ Verdict

Public API::

    grade(output, gold, **options) -> Verdict
    grade_many(rows, *, workers=None, progress=False, **options) -> Iterator[Verdict]
    extract(output, **options) -> list[Candidate]
    read(text) -> Reading
"""

from .batch import grade_many
from .extract import Candidate
from .grader import extract, grade
from .options import Options
from .read import Reading, read
from .verdict import Answer, Status, Verdict

__version__ = "0.1.0"

__all__ = [
    "grade",
    "grade_many",
    "extract",
    "read",
    "Verdict",
    "Status",
    "Answer",
    "Candidate",
    "Reading",
    "Options",
    "__version__",
]
