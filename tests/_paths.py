"""Where tests find their files, wherever the test module sits (``tests/`` is on ``sys.path``: pytest's
``pythonpath`` setting in pyproject.toml)."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
"""The ``tests/`` folder."""
DATA = TESTS / "data"
"""Input files of the tests (``tests/data/``, sources in its SOURCES.md)."""
ROOT = TESTS.parent
"""The project's root (README.md, docs/, data/)."""
