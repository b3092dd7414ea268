"""Text that is not valid Unicode (lone surrogates, as a JSON escape ``"\\ud800"`` or a ``surrogateescape`` decoding
gives them) is read, compared and written back without an exception anywhere (issue 24, item 2)."""

import json

import pytest

from mathgrade import grade, read
from mathgrade.values import Expression, Text, printable, replaced

ROWS = [
    # (output, gold, correct)
    ("1", "V_{\\end{{\udcff}}}", False),
    ("\\boxed{\ud800}", "5", False),
    ("\\boxed{5} \ud800", "5", True),
    ("ok \udcff so \\boxed{5}", "5", True),
    ("\\boxed{5}", "\ud800", False),
    ("\\boxed{\ud800}", "\ud800", False),  # unreadable on both sides (as an emoji is): the gold is invalid
    ("V_{\\end{{\udcff}}}", "V_{\\end{{\udcff}}}", True),
    ("V_{\\end{{\udcff}}}", "V_{\\end{{\udcfe}}}", False),  # two different invalid characters are not one
    ("V_{\\end{{\udcff}}}", "V_{\\end{{\ufffd}}}", False),  # nor the replacement character
    ("V_{\\end{{\udcff}}} + 1", "1 + V_{\\end{{\udcff}}}", True),  # compared at random points seeded by the name
    ("V_{\\end{{\udcff}}} + 1", "2 + V_{\\end{{\udcff}}}", False),
    ("\\boxed{\\text{a\udcff}}", "\\text{a\udcfe}", False),
    ("\\boxed{x = \udcff}", "x = 1", False),
    ("\\text{\udcff\udcfe}", "\\text{yes}", False),
]


@pytest.mark.parametrize("output, gold, correct", ROWS)
def test_lone_surrogates_are_graded_and_printable(output, gold, correct):
    v = grade(output, gold)
    assert v.status.value != "error", v.error
    assert v.correct is correct, v.explain()
    for text in (v.explain(), str(v.answer_value), str(v.gold_value), repr(v)):
        text.encode("utf-8")
    line = json.dumps(v.to_dict(), ensure_ascii=False)
    line.encode("utf-8")
    d = json.loads(line)
    if v.answer is not None:  # the span still indexes the output: U+FFFD replaces a surrogate one for one
        assert len(d["answer"]["text"]) == v.answer.end - v.answer.start
        assert d["answer"]["text"] == replaced(output[v.answer.start:v.answer.end])


def test_a_surrogate_in_a_name_is_shown_as_its_escape():
    v = grade("1", "V_{\\end{{\udcff}}}")
    assert "\\udcff" in v.explain() and "\udcff" not in v.explain()
    assert "\\udcff" in v.to_dict()["gold_value"]
    assert v.to_dict()["gold"] == "V_{\\end{{\ufffd}}}"
    value = read("V_{\\end{{\udcff}}}").value
    assert isinstance(value, Expression) and "\udcff" in value.tree[1]  # the value keeps the text as written


def test_text_values_print_their_escapes():
    t = Text("a\udcff")
    assert str(t) == "a\\udcff"
    assert repr(t) == "Text(text='a\\udcff', raw='')"


def test_printable_and_replaced_leave_valid_text_alone():
    for s in ("", "abc", "café ∪ π", "😀"):
        assert printable(s) is s and replaced(s) is s
    assert printable("x\ud800y\udfff") == "x\\ud800y\\udfff"
    assert replaced("x\ud800y") == "x\ufffdy"


@pytest.mark.parametrize("text", ["\ud800", "\udcff", "1\ud800", "\\frac{\udcff}{2}", "\\text{\ud800}",
                                  "x_{\udcff}", "\\sqrt{\ud83d}", "\\begin{\udcff}1\\end{\udcff}", "\\\udcff",
                                  "1 \\approx \udcff", "(\ud800, 1]", "f(\udcff) = 2", "\udcff = 2"])
def test_reading_surrogates_never_raises(text):
    r = read(text)
    assert r.value is not None or r.error is not None
    str(r.error).encode("utf-8", "surrogatepass")
    if r.value is not None:
        str(r.value).encode("utf-8")
