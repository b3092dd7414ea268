"""A root whose degree is no rational number (``\\sqrt[\\pi]{8}``, ``\\sqrt[e]{2}``, ``\\sqrt[\\sqrt{2}]{10}``) is the
power ``1/n`` of its radicand in the numeric evaluator (``compare/_numeric._root``, the inexact branch): it equals
``8^{1/\\pi}`` and ``2^{3/\\pi}``, rounds to its decimal value, and differs from the square of that root. Rational
degrees (``\\sqrt[3]{8}``) are exact.

Written for seed 179 (docs/testing.md): the inexact branch made ``2 / n`` (the root squared) survived:
``\\sqrt[\\pi]{x}`` then equalled ``x^{2/\\pi}`` (a false "correct") and no longer ``x^{1/\\pi}``.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade import Status

# (answer, gold, correct)
ROWS = [
    ("\\sqrt[\\pi]{8}", "8^{1/\\pi}", True), ("\\sqrt[\\pi]{8}", "2^{3/\\pi}", True),
    ("\\sqrt[\\pi]{8}", "1.9385", True), ("\\sqrt[e]{2}", "1.2905", True), ("\\sqrt[\\sqrt{2}]{10}", "5.0946", True),
    ("\\sqrt[\\pi]{x}", "x^{1/\\pi}", True),
    ("\\sqrt[\\pi]{x^2}", "x^{2/\\pi}", True), ("\\sqrt[3]{8}", "2", True), ("\\sqrt[2\\pi]{64}", "8^{1/\\pi}", True),
    # the contrasts: the root squared, another degree
    ("\\sqrt[\\pi]{8}", "8^{2/\\pi}", False), ("\\sqrt[\\pi]{8}", "3.7577", False), ("\\sqrt[e]{2}", "1.6653", False),
    ("\\sqrt[\\pi]{x}", "x^{2/\\pi}", False), ("\\sqrt[\\pi]{8}", "2", False), ("\\sqrt[e]{8}", "8^{1/\\pi}", False),
]


@pytest.mark.parametrize("answer, gold, correct", ROWS)
def test_a_root_of_inexact_degree(answer: str, gold: str, correct: bool) -> None:
    verdict = mathgrade.grade(answer, gold)
    assert verdict.correct is correct, (answer, gold, verdict.rule, verdict.reason)
    assert verdict.status == (Status.CORRECT if correct else Status.INCORRECT), verdict.status
