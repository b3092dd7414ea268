"""Write ``tests/data/symbolic_rows.jsonl``: 200 rows whose comparison needs symbolic work (our own templates).

Each row is ``{"id", "output", "gold"}``: a model-style output with a boxed answer and a gold answer, both written
by these templates (no outside data). They mix what the grader sees in practice: polynomial identities, factored and
expanded forms, rational functions, trigonometric, exponential, logarithmic and hyperbolic identities, radicals,
equations, inequalities and sets of expressions, half of them equal and half not. Used by the test that grades
them on a busy machine (``tests/runtime/test_load.py``) and by ``bench/bench_load.py``. Run from the repository root:
``python bench/make_symbolic_rows.py`` (deterministic: the same file every time).
"""

from __future__ import annotations

import itertools
import json
from math import comb
from pathlib import Path
from typing import Iterator, List, Tuple

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "symbolic_rows.jsonl"


def poly(coeffs: List[int], v: str) -> str:
    """LaTeX of sum(coeffs[k] * v^k), highest power first."""
    terms = []
    for k in range(len(coeffs) - 1, -1, -1):
        c = coeffs[k]
        if c == 0:
            continue
        mag = abs(c)
        body = ("" if mag == 1 and k else str(mag)) + (v if k == 1 else f"{v}^{{{k}}}" if k else "")
        terms.append(("-" if c < 0 else "+") + body)
    text = "".join(terms)
    return text[1:] if text.startswith("+") else text


def binomial_rows() -> Iterator[Tuple[str, str]]:
    for v, a, n in itertools.product("xyt", (1, 2, 3), (2, 3, 4, 5)):
        coeffs = [comb(n, k) * a ** (n - k) for k in range(n + 1)]
        yield f"({v}+{a})^{{{n}}}", poly(coeffs, v)
        wrong = list(coeffs)
        wrong[1] += 1
        yield f"({v}+{a})^{{{n}}}", poly(wrong, v)


def factor_rows() -> Iterator[Tuple[str, str]]:
    for v, a in itertools.product("xab", (1, 2, 3, 5)):
        yield f"({v}-{a})({v}+{a})", f"{v}^2-{a * a}"
        yield f"({v}-{a})({v}+{a})", f"{v}^2+{a * a}"
        yield f"\\frac{{{v}^2-{a * a}}}{{{v}-{a}}}", f"{v}+{a}"
        yield f"\\frac{{{v}^2-{a * a}}}{{{v}-{a}}}", f"{v}-{a}"


def product_rows() -> Iterator[Tuple[str, str]]:
    for v, (a, b) in itertools.product("xz", itertools.combinations((1, 2, 3, 4), 2)):
        yield f"({v}+{a})({v}+{b})", poly([a * b, a + b, 1], v)
        yield f"({v}+{a})({v}+{b})", poly([a * b, a + b + 1, 1], v)
    for a in (1, 2, 3, 4, 5):
        yield f"(x+{a}y)^2", f"x^2+{2 * a}xy+{a * a}y^2"
        yield f"(x+{a}y)^2", f"x^2+{a}xy+{a * a}y^2"


FIXED = [
    ("\\sin^2 x + \\cos^2 x", "1"),
    ("\\sin^2 x + \\cos^2 x + x", "1+x"),
    ("\\sin^2 x - \\cos^2 x", "1"),
    ("\\tan^2 y + 1", "\\sec^2 y"),
    ("\\tan^2 y - 1", "\\sec^2 y"),
    ("2\\sin x \\cos x", "\\sin(2x)"),
    ("\\sin x \\cos x", "\\sin(2x)"),
    ("1 - 2\\sin^2 x", "\\cos(2x)"),
    ("\\cos^2 x - \\sin^2 x", "\\cos 2x"),
    ("1 + 2\\sin^2 x", "\\cos(2x)"),
    ("e^{a} e^{b}", "e^{a+b}"),
    ("e^{a} + e^{b}", "e^{a+b}"),
    ("e^{2\\ln x}", "x^2"),
    ("\\ln(x^3)", "3\\ln x"),
    ("\\ln(x y)", "\\ln x + \\ln y"),
    ("\\ln(x + y)", "\\ln x + \\ln y"),
    ("\\frac{e^{t} + e^{-t}}{2}", "\\cosh t"),
    ("\\frac{e^{t} - e^{-t}}{2}", "\\cosh t"),
    ("\\sqrt{8}", "2\\sqrt{2}"),
    ("\\sqrt{12} + \\sqrt{3}", "3\\sqrt{3}"),
    ("\\sqrt{12} + \\sqrt{3}", "2\\sqrt{3}"),
    ("\\frac{1}{\\sqrt{2}}", "\\frac{\\sqrt{2}}{2}"),
    ("\\frac{1}{\\sqrt{3}}", "\\frac{\\sqrt{2}}{2}"),
    ("\\frac{1}{x} + \\frac{1}{y}", "\\frac{x+y}{xy}"),
    ("\\frac{1}{x} + \\frac{1}{y}", "\\frac{1}{x+y}"),
    ("\\frac{x}{x+1} + \\frac{1}{x+1}", "1"),
    ("\\frac{2}{x(x+2)}", "\\frac{1}{x} - \\frac{1}{x+2}"),
    ("\\frac{2}{x(x+2)}", "\\frac{1}{x} + \\frac{1}{x+2}"),
    ("y = 2x + 1", "2x - y + 1 = 0"),
    ("y = 2x + 1", "2x - y - 1 = 0"),
    ("x^2 + y^2 = 25", "y^2 = 25 - x^2"),
    ("x^2 + y^2 = 25", "y^2 = 25 + x^2"),
    ("x > 3", "(3, \\infty)"),
    ("x \\geq 3", "(3, \\infty)"),
    ("x^2 < 4", "(-2, 2)"),
    ("\\{x+1, x-1\\}", "\\{x-1, x+1\\}"),
    ("\\{x+1, x-1\\}", "\\{x-1, x+2\\}"),
    ("(x+y)^2 - (x-y)^2", "4xy"),
    ("(x+y)^2 - (x-y)^2", "2xy"),
    ("\\frac{\\pi}{6} + \\frac{\\pi}{3}", "\\frac{\\pi}{2}"),
    ("\\sin\\frac{\\pi}{6}", "\\frac{1}{2}"),
    ("\\cos\\frac{\\pi}{6}", "\\frac{\\sqrt{3}}{2}"),
    ("\\cos\\frac{\\pi}{6}", "\\frac{\\sqrt{2}}{2}"),
    ("2^{x} \\cdot 2^{x}", "4^{x}"),
    ("2^{x} + 2^{x}", "4^{x}"),
    ("\\sqrt{x^2}", "|x|"),
]


def rows() -> List[Tuple[str, str]]:
    return list(binomial_rows()) + list(factor_rows()) + list(product_rows()) + FIXED


def main() -> None:
    found = rows()
    if len(found) != 200:
        raise SystemExit(f"expected 200 rows, made {len(found)}")
    with OUT.open("w", encoding="utf-8") as f:
        for i, (answer, gold) in enumerate(found):
            output = f"Simplifying step by step, the final answer is $\\boxed{{{answer}}}$."
            f.write(json.dumps({"id": i, "output": output, "gold": gold}) + "\n")
    print(f"wrote {len(found)} rows to {OUT}")


if __name__ == "__main__":
    main()
