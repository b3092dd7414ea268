"""Stage 2, read: turn a LaTeX or plain string into a value (see :mod:`mathgrade.values`).

``read(text)`` never raises: it returns a :class:`Reading` whose ``value`` is the value read (possibly a ``Text``
value for words) or None, with ``error`` saying where and why reading failed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from ..values import Number, Text, Value

__all__ = ["read", "Reading", "ReadError"]


@dataclass(frozen=True)
class ReadError:
    """Why a string could not be read: a message and the character offset where the problem was found."""

    pos: int
    message: str

    def __str__(self) -> str:
        return f"{self.message} at position {self.pos}"


@dataclass(frozen=True)
class Reading:
    value: Optional[Value]
    error: Optional[ReadError] = None


def read(text: str) -> Reading:
    """Read ``text`` into a value. Placeholder: integers and text only (replaced by the real reader)."""
    s = text.strip().strip("$").strip()
    if s.startswith("\\boxed{") and s.endswith("}"):
        s = s[7:-1].strip()
    try:
        return Reading(Number(Fraction(s.replace(",", ""))))
    except (ValueError, ZeroDivisionError):
        return Reading(Text(" ".join(s.lower().split()), raw=text))
