"""Reading errors point at the user's input: offsets in the text given to ``read`` (not in its normalized form), the
node an error is about (not position 0), what an unclosed bracket was opened by and where, and the input itself."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mathgrade._read import ReadError, read
from mathgrade._read._normalize import input_offset, normalize_steps
from mathgrade._read._parser import _OPERATORS, parse
from mathgrade._read._tokens import tokenize


def _error(text: str) -> ReadError:
    r = read(text)
    assert r.value is None and r.error is not None, (text, r.value)
    return r.error


def test_an_error_about_a_node_points_at_it() -> None:
    e = _error("1 + (2, 3)")
    assert (e.pos, e.message) == (4, "a tuple or interval inside arithmetic")
    assert str(e) == "a tuple or interval inside arithmetic at position 4"
    assert _error("x + 1 = \\{1, 2\\} ^ 2").pos == 8
    assert _error("  \\dfrac{1}{2} \\setminus 3").pos == 15  # the operator of the set difference
    assert _error("\\begin{cases} 1 & 2 \\end{cases}").pos == 0  # the environment
    assert _error("[1, 2, 3)").pos == 0


def test_an_unclosed_bracket_names_where_it_was_opened_in_the_input() -> None:
    text = "$\\left( \\dfrac{1}{2} + 3"
    e = _error(text)
    assert e.context == ("'(' opened", 6) and text[6] == "("
    assert e.pos == len(text)
    assert str(e) == "'(' opened at position 6: expected ')' to close it, found the end at position 24"
    e = _error("\\frac{1}{2")
    assert e.context == ("'{' opened", 8) and e.pos == 10
    e = _error("\\begin{pmatrix}1 & 2 \\end{bmatrix}")
    assert e.context == ("'\\begin{pmatrix}' opened", 0) and e.pos == 21 and "closes it" in e.message


def test_the_error_carries_the_input_it_refers_to() -> None:
    text = "$$ \\dfrac{1}{2} + \\foo{3}"
    e = _error(text)
    assert e.text == text
    assert text[e.pos:].startswith("\\foo") and e.message == "unknown command '\\foo'"


def test_offsets_map_back_through_the_repairs() -> None:
    text = "\\left( \\dfrac12 \\cdot 10{,}000 \\right) + \\$5"
    steps = normalize_steps(text)
    normalized = steps[-1]
    assert steps[0] == text and normalized != text
    for found, written in (("\\frac", "\\dfrac"), ("\\cdot", "\\cdot"), ("10000", "10{,}000"), ("+", "+"),
                           ("5", "5"), ("(", "(")):
        assert text[input_offset(steps, normalized.index(found)):].startswith(written), found
    assert input_offset(steps, len(normalized)) == len(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["$", "\\left(", "\\right)", "\\dfrac", "{1}", "{", "}", "(", ")", "2", " ", "+",
                                 "\\foo{1}", "\\text{ cm}", "\\begin{pmatrix}", "\\end{bmatrix}", ",", "x", "\\,",
                                 "\\$", "°", "−"]), max_size=10))
def test_error_offsets_are_inside_the_input(pieces: list) -> None:
    text = "".join(pieces)
    r = read(text)
    if r.error is not None:
        assert r.error.text == text
        assert 0 <= r.error.pos <= len(text)
        if r.error.context is not None:
            assert 0 <= r.error.context[1] <= r.error.pos


def test_the_parser_never_changes_its_tokens() -> None:
    for src in ("\\begin{aligned} x &= 2 \\\\ y &= 3 \\end{aligned}", "\\begin{pmatrix} 1 & 2 \\end{pmatrix}",
                "\\{x \\mid x > 0\\}", "\\sin x \\cos x + (1, 2)"):
        tokens = tokenize(src)
        before = list(tokens)
        parse(tokens, src)
        assert tokens == before


def test_alignment_marks_only_align() -> None:
    assert str(read("\\begin{aligned} x &= 2 \\end{aligned}").value) == "x = 2"
    assert str(read("\\begin{aligned} x &= \\begin{pmatrix} 1 & 2 \\end{pmatrix} \\end{aligned}").value) == \
        "x = [1, 2]"  # a matrix inside keeps its cells


def test_every_operator_is_registered_with_its_binding_power() -> None:
    powers = {op: o.lbp for op, o in _OPERATORS.items()}
    assert powers["="] < powers["cup"] < powers["+"] < powers["*"] < powers["^"] < powers["!"]
    assert powers["+"] == powers["-"] == powers["pm"] and powers["*"] == powers["/"] == powers[":"]
    # the argument of a function without brackets stops before the next function, and before a division
    assert str(read("\\sin x \\cos x").value) == "sin(x)*cos(x)"
    assert str(read("\\sin 2x").value) == "sin(2*x)"
    assert str(read("\\sin x/2").value) == "sin(x)/2"
