"""Words repeated after an answer, in time linear in the output.

The pattern of a box taken back in the next words ("$\\boxed{5}$. Hmm, wait, no: that's wrong.") allowed any number
of interjections, each followed by optional spaces, an optional comma and optional spaces again: on "hmm hmm hmm ..."
that did not end in a withdrawal, it tried every way of sharing each space between the two runs, 2^n ways for n
words: 14 of them took half a second, 20 two seconds, 40 would take days (``grade()`` on an 800-character output: a
policy under training that falls into repeating itself finds that, and the time limit cannot stop a regular
expression running in the caller). Fixed in ``_commit.WITHDRAWN_AFTER`` (spaces, then a comma and spaces, at most).

Each output is graded in a child process that must finish within minutes (its time is not asserted otherwise); its
verdicts must be those of the same output with the words repeated 30 times (both past every window the checks read:
a few repeats may still reach a hedge or a withdrawal, and grade otherwise).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import mathgrade

WORDS = ["hmm ", "wait ", "no ", "oh ", "oops ", "actually ", "hold on ", "hmm, ", "well ", "but ", "though ",
         "hmm... ", "wait! "]
ENDS = [" it might be", " is it", " that's", " so", "."]

_CHILD = """
import json, sys
import mathgrade
rows = json.load(sys.stdin)
print(json.dumps([[mathgrade.grade(o, "5", policy=p).correct for p in ("eval", "reward")] for o in rows]))
"""


def _outputs(n: int) -> List[Tuple[str, str]]:
    return [(f"The answer is $\\boxed{{5}}$. {w * n}{e}", f"The answer is $\\boxed{{5}}$. {w * 30}{e}")
            for w in WORDS for e in ENDS]


def test_repeated_words_after_an_answer_are_graded_in_linear_time() -> None:
    cases = _outputs(60)
    here = str(Path(mathgrade.__file__).resolve().parents[1])  # (the child grades with this very mathgrade)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")])))
    proc = subprocess.run([sys.executable, "-c", _CHILD], input=json.dumps([o for o, _ in cases]),
                          capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout)
    want = [[mathgrade.grade(short, "5", policy=p).correct for p in ("eval", "reward")] for _, short in cases]
    assert [c[1][:60] for c, g, w in zip(cases, got, want) if g != w] == []
    assert [c[1][:60] for c, w in zip(cases, want) if not w[0] and "oops" not in c[1]] == []  # (only "oops" takes
    # the answer back)
    assert not mathgrade.grade("The answer is $\\boxed{5}$. Hmm, wait, no: that's wrong.", "5", policy="reward").correct
