"""Hypothesis strategies for the fuzz target: LaTeX-ish answers from a small grammar, numbers of every size and
spelling, model outputs around them, unicode (lone surrogates included), deep and unbalanced nesting, and mutations
of all of these (a character inserted, a span cut out, a piece repeated).

Used by ``test_fuzz.py`` (a bounded run on a fixed seed in the default suite) and ``scripts/fuzz.py`` (long runs).
"""

from __future__ import annotations

from hypothesis import strategies as st

# ---- numbers -------------------------------------------------------------------------------------------------------

_DIGITS = st.text("0123456789", min_size=1, max_size=12)
_LONG_DIGITS = st.integers(1, 4400).map(lambda n: "9" * n)

numbers = st.one_of(
    st.integers(-10**6, 10**6).map(str),
    _DIGITS,
    st.builds(lambda a, b: f"{a}.{b}", _DIGITS, _DIGITS),
    st.builds(lambda a, b: f".{a}e{b}", _DIGITS, st.integers(-6000, 6000)),
    st.builds(lambda a, e: f"{a}e{e}", st.sampled_from(["1", "1.5", "9.99", "-2", "0"]),
              st.integers(-5200, 5200)),  # past Python's int/str conversion limit (4,300 digits)
    st.builds(lambda b, e: f"{b}^{{{e}}}", st.sampled_from(["10", "2", "-3", "0.5", "9", "1"]),
              st.integers(-25000, 25000)),
    st.builds(lambda a, b: f"{a}\\times 10^{{{b}}}", st.sampled_from(["1.2", "3", "-7.50"]),
              st.integers(-5200, 5200)),
    _LONG_DIGITS,
    st.builds(lambda d: f"0.{d}", _LONG_DIGITS),
    st.builds(lambda a, b: f"{a},{b}", st.integers(1, 999), st.sampled_from(["000", "500", "5", "99", "000,000"])),
    st.builds(lambda a, b: f"{a}{{,}}{b}", st.integers(1, 999), st.sampled_from(["000", "5"])),
    st.builds(lambda a, r: f"0.{a}\\overline{{{r}}}", _DIGITS, _DIGITS),
    st.builds(lambda n: f"{n}!", st.integers(0, 5000)),
    st.builds(lambda a, b: f"\\frac{{{a}}}{{{b}}}", _DIGITS, _DIGITS),
    st.builds(lambda a, b: f"\\binom{{{a}}}{{{b}}}", st.integers(0, 6000), st.integers(-3, 6000)),
    st.sampled_from(["0", "-0", "00", "1.", ".5", "1/0", "0^0", "0^{-1}", "\\infty", "-\\infty", "NaN", "1e",
                     "1e-", "2^{-5000}", "10^{10^{10}}", "9^{9^{9^9}}", "1\\frac12", "2 1/2", "50\\%", "30^\\circ",
                     "１２３", "٣", "½", "²", "1_2", "101_2", "ff_{16}", "3^{\\text{rd}}", "21st"]),
)

# ---- a LaTeX-ish grammar ---------------------------------------------------------------------------------------------

_NAMES = st.sampled_from(["x", "y", "n", "a_1", "b", "k", "\\pi", "e", "i", "\\theta", "\\alpha", "\\infty", "x'",
                          "f(x)", "P", "A", "B", "\\omega", "C", "t", "\\lambda", "r", "\\Gamma", "\\zzz"])
_WORDS = st.sampled_from(["\\text{Evelyn}", "\\text{ cm}", "\\text{ or }", "\\text{no solution}", "yes", "none",
                          "\\mathrm{kg}", "\\textbf{(B)}", "\\text{ and }", "apples", "\\$", "\\%", "\\text{where }",
                          "\\text{if } n > 0", "\\,", "\\!", "\\quad", "\\mbox{m}", "\\text{ meters}"])
_ATOMS = st.one_of(numbers, _NAMES, _WORDS)

_BINARY = ["+", "-", "\\cdot", "\\times", "/", "^", "_", "=", "<", "\\le", "\\ge", "\\neq", ",", "\\pm", "\\mp",
           "\\cup", "\\cap", "\\setminus", ":", "\\approx", "\\in", " ", "", "\\to", "\\Rightarrow", "&", "\\\\", ";",
           "\\text{ or }", "**", "!", "\\%"]
_FUNCS = ["\\sin", "\\cos", "\\tan", "\\ln", "\\log", "\\exp", "\\arcsin", "\\sqrt", "\\sec", "\\lfloor",
          "\\det", "\\lim_{x\\to 0}", "\\sum_{k=1}^{n}", "\\prod_{k=1}^{10}", "\\int_0^1", "\\max", "\\gcd",
          "\\overline", "\\vec", "\\hat", "\\mathbf", "\\operatorname{lcm}", "\\left|", "\\not", "\\color{red}",
          "\\phantom", "\\displaystyle", "\\boxed", "\\fbox"]


def _compose(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    two = st.tuples(inner, inner)
    return st.one_of(
        st.builds(lambda ab, op: f"{ab[0]}{op}{ab[1]}", two, st.sampled_from(_BINARY)),
        st.builds(lambda ab: f"\\frac{{{ab[0]}}}{{{ab[1]}}}", two),
        st.builds(lambda ab: f"\\dfrac{ab[0][:1]}{ab[1][:1]}", two),
        st.builds(lambda a: f"\\sqrt{{{a}}}", inner),
        st.builds(lambda ab: f"\\sqrt[{ab[0]}]{{{ab[1]}}}", two),
        st.builds(lambda a, f: f"{f}{{{a}}}", inner, st.sampled_from(_FUNCS)),
        st.builds(lambda a, f: f"{f}({a})", inner, st.sampled_from(_FUNCS)),
        st.builds(lambda a, f: f"{f} {a}", inner, st.sampled_from(_FUNCS)),
        st.builds(lambda a, b: f"{b[0]}{a}{b[1]}", inner,
                  st.sampled_from([("(", ")"), ("[", "]"), ("\\{", "\\}"), ("{", "}"), ("\\left(", "\\right)"),
                                   ("|", "|"), ("\\lfloor ", "\\rfloor"), ("\\langle ", "\\rangle"), ("(", "]"),
                                   ("\\left[", "\\right)"), ("\\text{", "}"), ("$", "$"), ("\\(", "\\)"),
                                   ("\\boxed{", "}"), ("(", ""), ("", ")"), ("\\left.", "\\right|_{x=1}")])),
        st.builds(lambda items, b: b[0] + ", ".join(items) + b[1], st.lists(inner, min_size=2, max_size=5),
                  st.sampled_from([("(", ")"), ("[", ")"), ("\\{", "\\}"), ("", ""), ("\\langle", "\\rangle")])),
        st.builds(lambda cells, env: f"\\begin{{{env}}}" + " \\\\ ".join(" & ".join(r) for r in cells)
                  + f"\\end{{{env}}}",
                  st.lists(st.lists(inner, min_size=1, max_size=3), min_size=1, max_size=3),
                  st.sampled_from(["pmatrix", "bmatrix", "matrix", "cases", "aligned", "array}{cc", "vmatrix"])),
        st.builds(lambda a, s: a + s, inner, st.sampled_from(["^\\circ", "\\%", "!", "'", "^{\\prime}", "^2",
                                                              "_{10}", "^{-1}", "\\text{ cm}", "^{\\text{th}}"])),
        st.builds(lambda a: f"-{a}", inner),
    )


latex = st.recursive(_ATOMS, _compose, max_leaves=24)

# ---- unicode, surrogates, nesting -----------------------------------------------------------------------------------

surrogates = st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=4)
unicode_text = st.text(st.characters(exclude_categories=[]), max_size=60)  # every code point, surrogates too
_SPECIAL = st.sampled_from(["\x00", "\u200b", "\ufeff", "\u202e", "\ufffd", "\ud800", "\udcff", "\udfff", "😀",
                            "𝑥", "ｘ", "−", "×", "÷", "≤", "√", "π", "∞", "⁻¹", "&lt;", "\\\\", "\\", "{", "}",
                            "$$", "\r\n", "\t", "%", "#", "~", "^^", "__", "\\begin{", "\\end{", "\\iffalse"])

_NESTINGS = [("(", ")"), ("{", "}"), ("\\frac{1}{", "}"), ("\\sqrt{", "}"), ("2^{", "}"), ("\\sin(", ")"),
             ("\\left(", "\\right)"), ("|", "|"), ("\\{", "\\}"), ("[", "]"), ("-", ""), ("\\boxed{", "}"),
             ("\\text{", "}"), ("x_{", "}"), ("\\begin{pmatrix}", "\\end{pmatrix}"), ("\\sqrt", ""), ("^", ""),
             ("1+", ""), ("\\sin ", ""), ("\\lfloor ", "\\rfloor"), ("(1,", ")"), ("\\log_{", "}")]


@st.composite
def nested(draw: st.DrawFn) -> str:
    """``open * n + core + close * m``: deep (up to 3,000 levels), balanced or not."""
    opener, closer = draw(st.sampled_from(_NESTINGS))
    n = draw(st.one_of(st.integers(0, 120), st.integers(90, 3000)))
    m = draw(st.one_of(st.just(n), st.integers(0, n + 3)))
    core = draw(st.one_of(st.sampled_from(["1", "x", "", "\\pi", "1e4300"]), latex))
    return opener * n + core + closer * m


_EDITS = ["insert", "delete", "repeat", "truncate"]


def mutate(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few edits: a character inserted, a span cut out or repeated, the end cut off."""
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(_EDITS))
        k = draw(st.integers(0, len(text)))
        if kind == "insert":
            text = text[:k] + draw(st.one_of(_SPECIAL, surrogates, st.characters(codec=None))) + text[k:]
        elif kind == "delete":
            text = text[:k] + text[k + draw(st.integers(1, 5)):]
        elif kind == "repeat":
            piece = text[k:k + draw(st.integers(1, 8))]
            text = text[:k] + piece * draw(st.integers(2, 60)) + text[k:]
        else:
            text = text[:k]
    return text


@st.composite
def _mutated_latex(draw: st.DrawFn) -> str:
    return mutate(draw, draw(latex))


mutated_latex = _mutated_latex()
"""A LaTeX-ish answer with a few edits (see :func:`mutate`)."""


answers = st.one_of(latex, numbers, mutated_latex, nested(), unicode_text, surrogates,
                    st.builds(lambda a, s: a + s, latex, surrogates))
"""An answer or gold answer: anything from a clean numeral to junk."""

# ---- model outputs -----------------------------------------------------------------------------------------------

_PROSE = st.sampled_from(["", "Let me think. ", "We compute $x^2 = 4$, so ", "<think>hmm, maybe 3</think> ",
                          "Step 1: 2+2=4.\n\nStep 2: ", "Wait, that is wrong. ", "**Answer:** ", "The options are "
                          "(A) 1 (B) 2. ", "```python\nprint(2)\n```\n```output\n2\n```\n", "Ответ: ",
                          "答案是 ", "Is it $\\boxed{3}$? No. ", "\\iffalse \\boxed{9} \\fi "])
_FRAMES = [
    lambda p, a, b: f"{p}\\boxed{{{a}}}", lambda p, a, b: f"{p}The final answer is ${a}$.",
    lambda p, a, b: f"{p}Answer: {a}", lambda p, a, b: f"{p}$$\\boxed{{{a}}}$$ and $\\boxed{{{b}}}$",
    lambda p, a, b: f"{p}**{a}**", lambda p, a, b: f"{p}\\[ {a} \\]", lambda p, a, b: f"{p}so the answer is {a}",
    lambda p, a, b: f"{p}\\boxed{{{a}", lambda p, a, b: f"{p}{a}", lambda p, a, b: f"{p}\\boxed{{\\boxed{{{a}}}}}",
    lambda p, a, b: f"{p}\\fbox{{{a}}}", lambda p, a, b: f"{p}\\boxed {a}",
    lambda p, a, b: f"{p}Final Answer: The final answer is ${a}$. I hope it is correct.",
]


@st.composite
def outputs(draw: st.DrawFn) -> str:
    """A model output: prose and an answer in one of the usual frames (or none), sometimes mutated."""
    frame = _FRAMES[draw(st.integers(0, len(_FRAMES) - 1))]
    text = frame(draw(_PROSE), draw(answers), draw(answers))
    if draw(st.integers(0, 4)) == 0:
        text = mutate(draw, text)
    return text

