"""Long runs of whitespace: read as a short run, in time linear in the output.

A run of spaces counts as one space to the word lists, and several of their patterns allow optional spaces in a row
(after a box: a closing delimiter, spaces, a comma, spaces, a dash, spaces...). On a long run such a pattern tried
every way of sharing the run among them: ``$\\boxed{5}$`` then 300 spaces took two minutes to grade, 5,000 spaces
hours, and the time limit cannot stop a regular expression running in the caller. A policy under training finds that
as surely as a false reward. The rules now read an output with its long runs shortened (the first 8 spaces, the first
two line breaks), offsets mapped back to the output's.

Each case below is graded with runs of 3,000 characters in a child process that must finish within minutes (the
pattern's time on such a run is hours; the child's time is not asserted otherwise), and its verdict must be the one
the same output gets with each run as one space (a run of line breaks: as a blank line).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

import mathgrade
from mathgrade._extract import _squeezed

RUN = "\x00"  # where a run of whitespace goes in the layouts below
LAYOUTS: List[Tuple[str, str]] = [
    ("The answer is $\\boxed{5}$\x00)</ imposing.jp horrified", "5"),   # credited: what follows says nothing
    ("The answer is $\\boxed{5}$\x00is wrong.", "5"),                   # withdrawn
    ("The answer is $\\boxed{5}$\x00or 6", "5"),                        # a second value offered
    ("The answer is $\\boxed{5}$,\x00hmm,\x00wait,\x00no", "5"),        # withdrawn
    ("The answer is $\\boxed{5}$\x00", "5"),                            # the run ends the output
    ("\x00\\boxed{5}\x00\n\x00wait", "5"),                              # reconsidered at the end
    ("The answer is 5\x00hmm", "5"),                                    # a phrase's answer
    ("The answer is\x00 5.", "5"),
    ("Maybe\x00the answer is $\\boxed{5}$.", "5"),                      # hedged before
    ("答案是 5\x00也许是 6", "5"),                                       # a hedge naming another value
    ("We get $x = 5$.\x00\n\x00\n\x00\n\x00Final answer: $\\boxed{5}$", "5"),
    ("$\\boxed{4}$\x00$\\boxed{5}$", "5"),
    # runs inside the answer: what the reader, the units and the comparison read of it is shortened too
    ("The answer is $x\x00= 5$", "5"),
    ("$\\boxed{x\x00\\in\x00(0, 1)}$", "(0, 1)"),
    ("$\\boxed{t\x00\\text{ for }\x00t > 0}$", "t"),
    ("The answer is 5\x00\\text{ cm}", "5 cm"),
    ("The answer is 1\x00,000", "1000"),
]
RUNS = {"spaces": " ", "tabs": "\t", "mixed": " \t", "lines": " \n"}


def _cases(length: int) -> List[Tuple[str, str, str]]:
    out = []
    for output, gold in LAYOUTS:
        for unit in RUNS.values():
            short = unit * (2 if "\n" in unit else 1)  # (many line breaks: a blank line; many spaces: one)
            out.append((output.replace(RUN, unit * (length // len(unit))), gold, output.replace(RUN, short)))
    return out


_CHILD = """
import json, sys
import mathgrade
rows = json.load(sys.stdin)
print(json.dumps([[mathgrade.grade(o, g, policy=p).correct for p in ("eval", "reward")] for o, g in rows]))
"""


def test_long_runs_are_graded_as_short_ones_and_in_linear_time() -> None:
    cases = _cases(3000)
    here = str(Path(mathgrade.__file__).resolve().parents[1])  # (the child grades with this very mathgrade)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")])))
    proc = subprocess.run([sys.executable, "-c", _CHILD], input=json.dumps([[o, g] for o, g, _ in cases]),
                          capture_output=True, text=True, timeout=900, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout)
    want = [[mathgrade.grade(short, g, policy=p).correct for p in ("eval", "reward")] for _, g, short in cases]
    assert [(c[2][:40], g) for c, g, w in zip(cases, got, want) if g != w] == []
    # the layouts mean something: both verdicts occur under the reward policy
    assert {w[1] for w in want} == {True, False}


@pytest.mark.parametrize("unit", sorted(RUNS.values()))
def test_an_answer_after_a_long_run_is_found_at_its_offset_in_the_output(unit: str) -> None:
    output = "We work.\n" + unit * 500 + "So the answer is $\\boxed{17}$" + unit * 500 + "."
    v = mathgrade.grade(output, "17", policy="reward")
    assert v.correct and v.answer is not None, v.explain()
    assert output[v.answer.start:v.answer.end] == "17"


def test_what_is_kept_of_a_run_and_where_each_kept_character_was() -> None:
    output = "a" + " " * 20 + "b" + "\t" * 3 + "c\n \n\n  \n\nd" + "\u200b" + "e"
    text, index = _squeezed(output)
    # 8 spaces kept of 20, a short run of tabs kept whole, 2 line breaks kept of 5, the zero-width space dropped
    assert text == "a" + " " * 8 + "b\t\t\tc\n \nde"
    assert [output[i] for i in index] == list(text) and index == sorted(index)
    assert index[9] == 21  # (the "b": after the 20 spaces of the output)
