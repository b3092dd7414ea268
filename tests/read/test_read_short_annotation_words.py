"""Words in ``\\text{}`` after a number annotate it, and are dropped, when one of them has three letters or more
(``_read._normalize._annotation_words``): ``12 \\text{ cat}``, ``12 \\text{ red box}`` read as 12. Words of one or
two letters only (``12 \\text{ ox}``) are not an annotation: the whole reads as words; nor are words that change the
value or join answers (``12 \\text{ plus}``), nor a sentence about the number (``12 \\text{ is}``).

Written for seed 173 (docs/testing.md): three letters made four (``len(w) > 3``) left ``12 \\text{ cat}`` unread as
a number.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read
from mathgrade.values import Number, Text

ANNOTATED = ["12 \\text{ cat}", "12 \\text{ dog}", "12 \\text{ toy}", "12 \\text{ red box}", "12\\text{ big cat}",
             "12 \\text{ cats}", "12 \\text{ egg-box}", "12 \\text{ ox cart}"]
NOT_ANNOTATED = ["12 \\text{ ox}", "12 \\text{ ox ox}", "12 \\text{ plus}", "12 \\text{ is}", "12 \\text{ yes}",
                 "12 \\text{ not}", "12 \\text{ the cat}", "12 \\text{ ox is}"]


@pytest.mark.parametrize("s", ANNOTATED)
def test_a_word_of_three_letters_annotates(s: str) -> None:
    r = read(s)
    assert r.error is None and r.value == Number(12), (s, r.value, r.error)
    assert mathgrade.grade(s, "12").correct
    assert not mathgrade.grade(s, "13").correct


@pytest.mark.parametrize("s", NOT_ANNOTATED)
def test_other_words_are_no_annotation(s: str) -> None:
    r = read(s)
    assert not isinstance(r.value, Number), (s, r.value)
    assert isinstance(r.value, Text) or r.value is None, (s, r.value)
    assert not mathgrade.grade(s, "12").correct
