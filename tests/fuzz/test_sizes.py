"""Inputs far above the documented sizes (issue 24 item 7), at their real size: a line of 300 MB through the real
command line, and an output of 200 million characters through ``grade``. Each is refused (the line) or looked at
only in its bounded window (the output) without the process holding it whole a second time. Memory is measured
(peak RSS of a process of its own), never time.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from mathgrade.files import MAX_LINE_BYTES
from mathgrade.limits import MAX_INPUT_CHARS

MB = 1024 * 1024


def _peak_rss_of(args: list, cwd: Path) -> "tuple[subprocess.CompletedProcess, int]":
    """Run ``python args`` in a process of its own (through a small parent that reports its child's peak RSS in
    bytes, so the numbers of earlier children of the test process do not count)."""
    code = ("import resource, subprocess, sys; p = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
            "sys.stdout.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024) + '\\n'); "
            "sys.stderr.write(p.stderr); sys.exit(p.returncode)")
    proc = subprocess.run([sys.executable, "-c", code, sys.executable, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=900)
    return proc, int(proc.stdout.splitlines()[-1])


def test_a_300_mb_line_is_refused_without_being_read_whole(tmp_path: Path) -> None:
    small = tmp_path / "small.jsonl"
    small.write_text(json.dumps({"answer": "\\boxed{1}", "gold": "1"}) + "\n", encoding="utf-8")
    big = tmp_path / "big.jsonl"
    size = 300 * MB
    with big.open("w", encoding="utf-8") as f:
        f.write(json.dumps({"answer": "\\boxed{1}", "gold": "1"}) + "\n")
        f.write('{"answer": "')
        chunk = "x" * MB
        for _ in range(size // MB):
            f.write(chunk)
        f.write('\\\\boxed{2}", "gold": "2"}\n')
        f.write(json.dumps({"answer": "\\boxed{3}", "gold": "3"}) + "\n")
    try:
        base, base_rss = _peak_rss_of(["-m", "mathgrade", "grade", "small.jsonl", "--workers", "0", "-o",
                                       "small.out.jsonl"], tmp_path)
        assert base.returncode == 0, base.stderr
        refused, rss = _peak_rss_of(["-m", "mathgrade", "grade", "big.jsonl", "--workers", "0", "-o", "out.jsonl"],
                                    tmp_path)
        assert refused.returncode == 2, refused.stderr
        assert "big.jsonl line 2: longer than 64 MiB (the longest line read); it was not read whole" in refused.stderr
        kept, kept_rss = _peak_rss_of(["-m", "mathgrade", "grade", "big.jsonl", "--workers", "0", "--skip-bad-rows",
                                       "-o", "kept.jsonl"], tmp_path)
        assert kept.returncode == 0, kept.stderr
        rows = [json.loads(line) for line in (tmp_path / "kept.jsonl").read_text(encoding="utf-8").splitlines()]
        assert [r["status"] for r in rows] == ["correct", "bad_row", "correct"]
        # At most the limit is held (the line's first 64 MiB and one copy), never the 300 MB line.
        for peak in (rss, kept_rss):
            assert peak - base_rss < 2 * MAX_LINE_BYTES + 32 * MB < size, (peak, base_rss)
    finally:
        big.unlink()


def test_an_output_of_200_million_characters_is_graded_in_its_window() -> None:
    """``grade`` looks at the last :data:`mathgrade._extract.WINDOW` characters of an output (and never more than
    :data:`MAX_INPUT_CHARS`): a huge output costs no more memory than the string the caller already holds. (Its
    scans for end-of-turn and thinking tags still read all 200 MB, about a second in all: the time limit is raised so
    that a machine several times busier than usual does not turn the verdicts into timeouts.)"""
    assert MAX_INPUT_CHARS < 200_000_000
    code = (
        "import resource, sys, mathgrade\n"
        "mathgrade.grade('\\\\boxed{1}', '1')\n"
        "out = 'We think. ' * 20_000_000 + 'The answer is $\\\\boxed{5}$.'\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "results = []\n"
        "for policy in ('eval', 'reward'):\n"
        "    v = mathgrade.grade(out, '5', policy=policy, timeout=120)\n"
        "    results.append([v.status.value, v.to_row()['extracted'], len(v.explain()) < 10_000])\n"
        "    results.append([mathgrade.grade(out, '6', policy=policy, timeout=120).status.value])\n"
        "results.append([mathgrade.grade('<think>' + out, '5', policy='reward', timeout=120).status.value])\n"
        "grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024\n"
        "print(__import__('json').dumps([results, grown]))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    results, grown = json.loads(proc.stdout)
    assert results == [["correct", "5", True], ["incorrect"], ["correct", "5", True], ["incorrect"], ["no_answer"]]
    assert grown < 64 * MB  # (the output itself is 200 MB)


def test_the_documented_sizes_are_the_code_s() -> None:
    from mathgrade._extract import WINDOW
    from mathgrade.serve import ServeSettings

    text = (Path(__file__).resolve().parents[2] / "docs" / "reliability.md").read_text(encoding="utf-8")
    assert f"({MAX_LINE_BYTES // MB} MiB)" in text and f"({WINDOW:,} characters)" in text
    assert f"({ServeSettings().max_body_bytes // MB} MiB by default" in text
