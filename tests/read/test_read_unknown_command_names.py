"""An unknown command may name a quantity (``\\zzz`` reads as a symbol, ``x + \\zzz`` as a sum), unless it looks like a
text, font, layout, spacing or environment command (``_read._parser._names_a_quantity``): a name that starts with
``text``, ``math``, ``operator``, ``display``, ``script``, ``begin`` or ``end``, or holds ``space`` or ``break``, is an
unknown command, and the input is not read (an error naming the command at its position).

Written for seed 181 (docs/testing.md): ``display`` made ``DISPLAY`` in that list let ``\\displaylimits`` and
``\\displaymode`` read as quantities (``5\\displaylimits`` a product).
"""

from __future__ import annotations

import pytest

from mathgrade._read import read
from mathgrade.values import Expression

NOT_NAMES = ["textfoo", "mathfoo", "operatorfoo", "displaylimits", "displaymode", "displayfoo", "scriptfoo",
             "beginfoo", "endfoo", "myspace", "nobreakhere", "spacer"]
NAMES = ["zzz", "foo", "disp", "displa", "texx", "mat", "scrip", "operato", "zend", "spac", "brea"]


@pytest.mark.parametrize("name", NOT_NAMES)
@pytest.mark.parametrize("template, at", [("\\{N}", 0), ("5\\{N}", 1), ("x + \\{N}", 4), ("\\{N} x", 0)])
def test_a_layout_like_command_is_unknown(name: str, template: str, at: int) -> None:
    r = read(template.replace("{N}", name))
    assert r.value is None and r.error is not None, (name, template, r.value)
    assert r.error.message == f"unknown command '\\{name}'" and r.error.pos == at, r.error


@pytest.mark.parametrize("name", NAMES)
def test_another_unknown_command_names_a_quantity(name: str) -> None:
    r = read("x + \\" + name)
    assert r.error is None and isinstance(r.value, Expression), (name, r.value, r.error)
    assert r.value.tree == ("add", ("sym", "x"), ("sym", name))
