"""Every entry of the reader's small word tables (the spacing commands and connectives of the tokenizer, the
commands the parser names one by one) reads as its table says, one row per entry, each against a text without
that entry that reads otherwise.

A kind of mutant the samples of docs/testing.md kept finding in the reader (seeds 7, 13, 19, 37, 43): a table
inside a function (``name in ("or", "and", ...)``) whose single entries no test exercised, so that an entry made
``"XXorXX"`` went unnoticed. A test of one entry leaves the others free to break: here each entry is a row.
(Two kinds of entries are not reached through ``read``, so no row can fail for them: the spacing commands of
``_tokens._command``, which the normalizer drops before the tokenizer sees them, and the ``"or,"``, ``"and,"`` of
``_tokens._text``, whose word has lost its trailing comma already. The rows for them check the behaviour anyway.)
"""

from __future__ import annotations

from typing import Optional

import pytest

from mathgrade import read

REAL_LINE = "(-\\infty, \\infty)"


@pytest.mark.parametrize("text, same, other", [
    # the spacing commands (_tokens._command): dropped
    ("2\\,x", "2x", "2\\zz x"), ("2\\;x", "2x", "2\\zz x"), ("2\\:x", "2x", "2\\zz x"), ("2\\!x", "2x", "2\\zz x"),
    ("2\\ x", "2x", "2\\zz x"), ("2\\quad x", "2x", "2\\quads x"), ("2\\qquad x", "2x", "2\\qquads x"),
    # the connectives of \text{...} (_tokens._text) and of plain words (_tokens._letters): a comma
    ("1 \\text{or} 2", "1, 2", "1 \\text{of} 2"), ("1 \\text{and} 2", "1, 2", "1 \\text{end} 2"),
    ("1 \\text{,} 2", "1, 2", "1 \\text{+} 2"), ("1 \\text{or,} 2", "1, 2", "1 \\text{of,} 2"),
    ("1 \\text{and,} 2", "1, 2", "1 \\text{end,} 2"), ("1 or 2", "1, 2", "1 of 2"), ("1 and 2", "1, 2", "1 end 2"),
    # floors and ceilings, the real line, names, series (_parser.command)
    ("\\lfloor 2.5 \\rfloor", "2", "\\lfloor 2.5 \\rceil"), ("\\lceil 2.5 \\rceil", "3", "\\lceil 2.5 \\rfloor"),
    ("\\mathbb{R}", REAL_LINE, "\\mathbb{Z}"), ("\\Bbb{R}", REAL_LINE, "\\Bbb{Z}"), ("\\R", REAL_LINE, "\\Z"),
    ("\\sum_{k=1}^{3} k", "6", "\\sup_{k=1}^{3} k"), ("\\prod_{k=1}^{3} k", "6", "\\prop_{k=1}^{3} k"),
    # an array's column spec is skipped (_tokens._environment)
    ("\\begin{array}{cc}1&2\\end{array}", "\\begin{pmatrix}1&2\\end{pmatrix}", "\\begin{arrays}{cc}1&2\\end{arrays}"),
    # a repeating decimal (_tokens._repeating)
    ("0.\\overline{3}", "\\frac13", "0.\\overbrace{3}"), ("0.\\dot{3}", "\\frac13", "0.\\ddot{3}"),
    # a set-builder's bar or colon (_parser.set_braces): its condition
    ("\\{x | x > 0\\}", "x > 0", "\\{x , x > 0\\}"), ("\\{x : x > 0\\}", "x > 0", "\\{x ; x > 0\\}"),
])
def test_each_table_entry_reads_as_its_table_says(text: str, same: str, other: str) -> None:
    value = read(text).value
    assert value is not None and value == read(same).value, (text, read(text))
    assert read(other).value != value, (other, read(other))  # the attack: the entry changed reads otherwise


@pytest.mark.parametrize("name, other", [("angle", "angles"), ("triangle", "triangles"), ("partial", "partials")])
def test_each_named_symbol_is_a_name(name: str, other: str) -> None:
    # \angle, \triangle, \partial name a quantity even before a brace (_parser.command), unlike other commands
    value = read(f"\\{name}").value
    assert value is not None and "sym" in repr(value) and name in repr(value)
    assert read(f"\\{name}{{A}}").value is not None
    assert read(f"\\{other}{{A}}").value is None  # an unknown command with an argument is refused


@pytest.mark.parametrize("op", ["odot", "circ"])
def test_each_refused_operator_is_refused_where_it_stands(op: str) -> None:
    error = read(f"2 \\{op} 3").error
    assert error is not None and error.message == f"unexpected '\\{op}'" and error.pos == 2, error
    ok: Optional[object] = read("2 \\cdot 3").value
    assert ok is not None  # the attack: a product sign is read
