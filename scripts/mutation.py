"""Mutation testing of the grading core (``compare/``, ``_extract/``, ``_read/``) with mutmut; see docs/testing.md.

Usage, from the repository root, with ``pip install 'mutmut==3.8.1'``::

    python scripts/mutation.py sample --count 40 --modules 2 --seed 29 --min-kill 0.9   # the CI step
    python scripts/mutation.py sample --count 600 --seed 29 --work /tmp/mg-mutants    # a sample of the whole core
    python scripts/mutation.py full --work /tmp/mg-mutants                            # every mutant (many hours)
    python scripts/mutation.py report --work /tmp/mg-mutants [--json result.json]     # what a run found
    python scripts/mutation.py data                                                   # the tables' mutations

mutmut works in a copy of the repository (``--work DIR``, kept between runs so that a run can be resumed and
reported; a temporary directory when not given), never in the clone itself. ``sample`` draws mutants with a seeded
random choice among every mutant of the core (or of ``--modules N`` modules, themselves drawn with the seed, which is
what keeps the CI step to a few minutes: mutmut then only generates and runs those modules' mutants against their
stage's tests), so the same seed on the same code tests the same mutants, and the kill rate of a sample estimates
the rate of the whole core.

A mutant that survives is either killed by a new behaviour test (in the test folder of its stage), or listed in
``tests/mutation_equivalent.json`` with the reason it cannot change a verdict. That list is keyed by the mutated
function and the mutation itself (the lines removed and added, whitespace-trimmed), not by mutmut's numbering or by
line numbers, so it stays valid when code around the function changes. The kill rate counts killed (and timed-out)
mutants over all tried mutants less the listed equivalents; mutants no test reaches count as survivors.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT = ROOT / "tests" / "mutation_equivalent.json"
DATA_MUTATIONS = ROOT / "tests" / "mutation_data.json"
STAGES = {"compare": "tests/compare", "_extract": "tests/extract", "_read": "tests/read"}
"""Each mutated package of ``src/mathgrade`` and the folder of its tests."""
KILLED = {"killed", "timeout", "segfault", "suspicious"}
"""Statuses that mean the tests noticed the mutant (a mutant that hangs or crashes the run is noticed)."""
NOT_TRIED = {"not checked", "skipped", "caught by type check", "check was interrupted by user"}


def _modules() -> List[str]:
    """The core's modules that hold code (paths relative to the root, 100 lines or more: not the tables of words),
    sorted."""
    out = []
    for stage in STAGES:
        for path in sorted((ROOT / "src" / "mathgrade" / stage).glob("*.py")):
            if len(path.read_text(encoding="utf-8").splitlines()) >= 100:
                out.append(str(path.relative_to(ROOT)))
    return out


def _copy_repo(work: Path) -> None:
    """The repository's files (tracked and new, not ignored) copied into ``work``, once."""
    if (work / "pyproject.toml").exists():
        return
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        src = ROOT / name
        if src.is_file():
            dst = work / name
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)


def _restrict(work: Path, modules: List[str]) -> None:
    """Point the work copy's mutmut settings at ``modules`` and the tests of their stages only."""
    text = (work / "pyproject.toml").read_text(encoding="utf-8")
    tests = sorted({STAGES[m.split("/")[2]] for m in modules})
    text = re.sub(r"(?m)^only_mutate = .*$", "only_mutate = " + json.dumps(modules), text)
    text = re.sub(r"(?m)^pytest_add_cli_args_test_selection = .*$",
                  "pytest_add_cli_args_test_selection = " + json.dumps(tests), text)
    (work / "pyproject.toml").write_text(text, encoding="utf-8")


def _mutmut(work: Path, *args: str, check: bool = True) -> int:
    """``mutmut ARGS`` in ``work`` (its output shown as it comes, its spinner lines dropped)."""
    cmd = [sys.executable, "-m", "mutmut", *args]
    print("+ " + " ".join(cmd[2:]) if len(cmd) < 12 else f"+ mutmut {args[0]} ({len(args) - 1} names)", flush=True)
    proc = subprocess.Popen(cmd, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            errors="replace")
    assert proc.stdout is not None
    for line in proc.stdout:
        for part in line.replace("\r", "\n").split("\n"):
            if part.strip() and not re.match(r"^\s*[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]", part):
                print(part, flush=True)
    code = proc.wait()
    if check and code != 0:
        raise SystemExit(f"mutmut {args[0]} exited with {code}")
    return code


def _run_names(work: Path, names: List[str], children: int, batch: int = 50) -> None:
    """``mutmut run NAMES`` in batches; a batch that mutmut cannot start (it rejects a test id it was given, which
    happens with a few parametrized ids) is split until the names it fails on are alone, and those are left
    untried (reported as "not checked"). Mutants already tried in this work copy are not run again (a run stopped
    half-way resumes); the batches take the names in the order given."""
    done = _results(work)
    names = [n for n in names if done.get(n) is None]
    todo = [names[i:i + batch] for i in range(0, len(names), batch)]
    while todo:
        chunk = todo.pop(0)
        if _mutmut(work, "run", "--max-children", str(children), *chunk, check=False) == 0:
            continue
        if len(chunk) > 1:
            todo[:0] = [chunk[:len(chunk) // 2], chunk[len(chunk) // 2:]]
        else:
            print(f"mutmut could not run {chunk[0]}: left untried", flush=True)


def _results(work: Path) -> Dict[str, Optional[int]]:
    """Every mutant of the work copy and its exit code (None: not tried yet)."""
    out: Dict[str, Optional[int]] = {}
    for meta in sorted((work / "mutants" / "src").glob("**/*.py.meta")):
        out.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return out


def _status(code: Optional[int]) -> str:
    from mutmut.stats import status_by_exit_code

    return str(status_by_exit_code[code])


def _generate(work: Path, children: int) -> None:
    """Make the mutants and mutmut's map from functions to tests (a run of one name that matches no mutant)."""
    if not _results(work):
        _mutmut(work, "run", "--max-children", str(children), "no.such.mutant*")


def _diff(work: Path, name: str) -> Tuple[str, str]:
    """The mutated function (``module.function``) and the mutation (its removed and added lines, trimmed)."""
    out = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=work, capture_output=True, text=True)
    lines = [ln for ln in out.stdout.splitlines()[1:] if ln[:1] in "-+" and not ln.startswith(("---", "+++"))]
    mutation = "\n".join(ln[0] + " " + ln[1:].strip() for ln in lines)
    module, _, function = name.rpartition(".")
    function = re.sub(r"__mutmut_\d+$", "", function)
    function = re.sub(r"^x_", "", function).replace("ǁ", ".")  # mutmut's names: x_func, xǁClassǁmethod
    return f"{module}.{function.strip('.')}", mutation


APPLIED = "applied.json"
"""In the work copy: the results of mutants run by applying their diff (see :func:`run_untested`)."""


def run_untested(work: Path, names: List[str]) -> Dict[str, str]:
    """Mutants that mutmut reports as reached by no test (``no tests``) because the code runs only in mathgrade's
    worker processes (the symbolic steps of ``compare/_sympy.py``), where mutmut's map of tests cannot see it: each
    is applied to a scratch copy of the sources with ``patch`` (its diff from ``mutmut show``) and its stage's tests
    are run there, in full, with the workers as in a normal run. Killed when a test fails."""
    store = work / APPLIED
    done: Dict[str, str] = json.loads(store.read_text(encoding="utf-8")) if store.exists() else {}
    results = _results(work)
    scratch = work / "applied-copy"
    if not scratch.exists():
        shutil.copytree(work / "src", scratch / "src")
        shutil.copytree(work / "tests", scratch / "tests")
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(work / name, scratch / name)
        for name in ("data", "docs"):
            if (work / name).exists():
                shutil.copytree(work / name, scratch / name)
    for name in names:
        if name in done or _status(results.get(name)) != "no tests":
            continue
        diff = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=work, capture_output=True,
                              text=True).stdout.split("\n", 1)[1]
        path = scratch / re.search(r"^--- (\S+)", diff, re.M).group(1)  # type: ignore[union-attr]
        original = path.read_text(encoding="utf-8")
        applied = subprocess.run(["patch", "-p0", "--fuzz=0", "--no-backup-if-mismatch", "-r", "-", str(path)],
                                 input=diff, capture_output=True, text=True)
        try:
            if applied.returncode != 0:
                done[name] = "not applied"
            else:
                tests = STAGES[str(path.relative_to(scratch)).split("/")[2]]
                env = dict(os.environ, PYTHONPATH=str(scratch / "src"))
                code = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", tests],
                                      cwd=scratch, env=env, capture_output=True, text=True).returncode
                done[name] = "killed" if code not in (0, 5) else "survived"
        finally:
            path.write_text(original, encoding="utf-8")
        print(f"{done[name]:11} (applied) {name}", flush=True)
        store.write_text(json.dumps(done, indent=1) + "\n", encoding="utf-8")
    return done


def _equivalents() -> List[Dict[str, str]]:
    return json.loads(EQUIVALENT.read_text(encoding="utf-8"))["equivalent"]


def report(work: Path, names: Optional[List[str]] = None, json_path: Optional[str] = None) -> Dict[str, Any]:
    """The kill rate of ``names`` (every tried mutant when None), the survivors, and which are listed equivalent."""
    results = _results(work)
    applied = json.loads((work / APPLIED).read_text(encoding="utf-8")) if (work / APPLIED).exists() else {}
    tried = {n: _status(c) for n, c in results.items() if (names is None or n in names)
             and _status(c) not in NOT_TRIED}
    for n, s in applied.items():  # run by applying them: their result replaces mutmut's "no tests"
        if n in tried and s in ("killed", "survived"):
            tried[n] = s
    known = {(e["function"], e["mutation"]): e["reason"] for e in _equivalents()}
    killed = sorted(n for n, s in tried.items() if s in KILLED)
    survivors: List[Dict[str, str]] = []
    equivalent: List[Dict[str, str]] = []
    for name in sorted(n for n, s in tried.items() if s not in KILLED):
        function, mutation = _diff(work, name)
        entry = {"name": name, "status": tried[name], "function": function, "mutation": mutation}
        (equivalent if (function, mutation) in known else survivors).append(entry)
    counted = len(tried) - len(equivalent)
    rate = len(killed) / counted if counted else 1.0
    out = {"tried": len(tried), "killed": len(killed), "equivalent": len(equivalent), "survived": len(survivors),
           "kill_rate": round(rate, 4), "survivors": survivors, "equivalents": equivalent,
           "mutants_in_core": len(results)}
    print(f"\n{len(tried)} mutants tried: {len(killed)} killed, {len(equivalent)} listed equivalent, "
          f"{len(survivors)} survived; kill rate {rate:.1%} (killed / tried less equivalents)")
    for s in survivors:
        print(f"\nSURVIVED ({s['status']}) {s['name']}\n  in {s['function']}\n" +
              "\n".join("    " + ln for ln in s["mutation"].splitlines()))
    if json_path:
        Path(json_path).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return out


def data(work: Path, json_path: Optional[str] = None) -> Dict[str, Any]:
    """Apply each mutation of ``tests/mutation_data.json`` (module-level tables and constants, which mutmut leaves
    alone) in the work copy, run its stage's tests, and restore the file. Killed when a test fails."""
    mutations = json.loads(DATA_MUTATIONS.read_text(encoding="utf-8"))["mutations"]
    rows = []
    for m in mutations:
        path = work / m["file"]
        original = path.read_text(encoding="utf-8")
        assert original.count(m["old"]) == 1, f"{m['file']}: {m['old']!r} must occur once"
        path.write_text(original.replace(m["old"], m["new"]), encoding="utf-8")
        try:
            tests = STAGES[m["file"].split("/")[2]]
            env = dict(os.environ, PYTHONPATH=str(work / "src"))
            code = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", tests],
                                  cwd=work, env=env, capture_output=True, text=True).returncode
        finally:
            path.write_text(original, encoding="utf-8")
        status = "killed" if code not in (0, 5) else ("equivalent" if m.get("equivalent") else "survived")
        rows.append({"file": m["file"], "old": m["old"], "new": m["new"], "status": status})
        print(f"{status:10} {m['file']}: {m['old']} -> {m['new']}", flush=True)
    out = {"mutations": rows, "killed": sum(r["status"] == "killed" for r in rows),
           "equivalent": sum(r["status"] == "equivalent" for r in rows),
           "survived": sum(r["status"] == "survived" for r in rows)}
    if json_path:
        Path(json_path).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return out


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("sample", "full", "report", "data"))
    ap.add_argument("--work", default=None, help="the work copy (kept); default: a temporary directory")
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--count", type=int, default=40, help="sample: mutants to run")
    ap.add_argument("--modules", type=int, default=0, help="sample: draw this many modules first (0: all)")
    ap.add_argument("--children", type=int, default=len(os.sched_getaffinity(0)))
    ap.add_argument("--min-kill", type=float, default=0.0, help="fail when the kill rate is below this")
    ap.add_argument("--json", default=None, help="also write the report to this JSON file")
    args = ap.parse_args(argv)

    temp = None if args.work else tempfile.TemporaryDirectory(prefix="mathgrade-mutation-")
    work = Path(args.work or temp.name).resolve()  # type: ignore[union-attr]
    work.mkdir(parents=True, exist_ok=True)
    try:
        if args.what != "report":
            _copy_repo(work)
        names: Optional[List[str]] = None
        if args.what == "data":
            return 1 if data(work, args.json)["survived"] else 0
        if args.what == "sample":
            rng = random.Random(args.seed)
            if args.modules:
                modules = sorted(rng.sample(_modules(), args.modules))
                print("modules drawn: " + ", ".join(modules), flush=True)
                _restrict(work, modules)
            _generate(work, args.children)
            everything = sorted(_results(work))
            drawn = rng.sample(everything, min(args.count, len(everything)))  # in the order drawn: a run stopped
            print(f"{len(drawn)} of the {len(everything)} mutants drawn (seed {args.seed})", flush=True)
            _run_names(work, drawn, args.children)  # half-way has tried a random part of the sample
            run_untested(work, drawn)
            names = sorted(drawn)
        elif args.what == "full":
            _mutmut(work, "run", "--max-children", str(args.children))
            run_untested(work, sorted(_results(work)))
        out = report(work, names, args.json)
        if out["kill_rate"] < args.min_kill:
            print(f"\nkill rate {out['kill_rate']:.1%} is below {args.min_kill:.0%}: kill the survivors with "
                  f"behaviour tests, or list them in {EQUIVALENT.relative_to(ROOT)} with the reason")
            return 1
        return 0
    finally:
        if temp is not None:
            temp.cleanup()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
