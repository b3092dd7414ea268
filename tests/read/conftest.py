"""Fixtures shared by the reader's tests."""

from __future__ import annotations

import sys
from typing import Iterator

import pytest

from mathgrade.limits import MAX_DIGITS


@pytest.fixture
def long_answers(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The answer's length limit (``MAX_ANSWER_CHARS``) raised to three times the digit limit, the read cache
    emptied before and after: numbers longer than the digit limit reach the checks of their digits, which the length
    limit would otherwise stop first."""
    reader = sys.modules["mathgrade._read"]
    monkeypatch.setattr(reader, "MAX_ANSWER_CHARS", 3 * MAX_DIGITS)
    reader.clear_read_cache()
    yield
    reader.clear_read_cache()
