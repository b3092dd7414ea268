"""Mutation testing of the grading core (``compare/``, ``_extract/``, ``_read/``) with mutmut; see docs/testing.md.

Usage, from the repository root, with ``pip install 'mutmut==3.8.1'``::

    python scripts/mutation.py sample --count 40 --modules 2 --seed 29 --min-kill 0.9   # the CI step
    python scripts/mutation.py sample --count 600 --seed 29 --work /tmp/mg-mutants    # a sample of the whole core
    python scripts/mutation.py full --work /tmp/mg-mutants                            # every mutant (many hours)
    python scripts/mutation.py report --work /tmp/mg-mutants [--json result.json]     # what a run found
    python scripts/mutation.py data                                                   # the tables' mutations

mutmut makes the mutants and maps each mutated function to the tests that reach it; ``sample`` then runs each drawn
mutant by applying its diff to a scratch copy and running those tests (see :func:`run_applied`). Everything
happens in a copy of the repository (``--work DIR``, kept between runs so that a run can be resumed and reported; a
temporary directory when not given), never in the clone itself. ``sample`` draws mutants with a seeded
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


def _mutmut(work: Path, *args: str, check: bool = True, map_only: bool = False) -> int:
    """``mutmut ARGS`` in ``work`` (its output shown as it comes, its spinner lines dropped); with ``map_only``, a
    ``mutmut run`` stopped once the mutants and the map are made (:data:`_MAP_ONLY`)."""
    cmd = [sys.executable, "-c", _MAP_ONLY, *args] if map_only else [sys.executable, "-m", "mutmut", *args]
    print("+ mutmut " + " ".join(args) + (" (stopped once the mutants and the map are made)" if map_only else "")
          if len(args) < 10 else f"+ mutmut {args[0]} ({len(args) - 1} names)", flush=True)
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


def _results(work: Path) -> Dict[str, Optional[int]]:
    """Every mutant of the work copy and its exit code (None: not tried yet)."""
    out: Dict[str, Optional[int]] = {}
    for meta in sorted((work / "mutants" / "src").glob("**/*.py.meta")):
        out.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return out


def _status(code: Optional[int]) -> str:
    from mutmut.stats import status_by_exit_code

    return str(status_by_exit_code[code])


_MAP_ONLY = """
import sys
import mutmut.__main__ as mutmut_main

def stop(names):
    # mutmut 3.8.1's run has made the mutants and the map; what it does next is a clean run of every selected test
    # (the same work as the map again) before it runs mutants itself, which run_applied does instead
    raise SystemExit(0)

mutmut_main.tests_for_mutant_names = stop
mutmut_main.cli(sys.argv[1:])
"""
"""``mutmut ARGS``, stopped once a run has made the mutants and the map (mutmut has no command that stops there)."""


def _generate(work: Path, children: int) -> None:
    """Make the mutants and mutmut's map from functions to tests, and stop there."""
    if not _results(work):
        _mutmut(work, "run", "--max-children", str(children), map_only=True)
    if not _results(work) or not (work / "mutants" / "mutmut-stats.json").is_file():
        raise SystemExit("mutmut made no mutants, or no map of the tests that reach them (see its output above)")


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
"""In the work copy: the result of each mutant run by :func:`run_applied`."""


def _scratch(work: Path, k: int) -> Path:
    """The ``k``-th scratch copy of the work copy's sources and tests (made once)."""
    scratch = work / f"applied-copy-{k}"
    if not scratch.exists():
        for name in ("src", "tests", "data", "docs", "bench"):
            if (work / name).exists():
                shutil.copytree(work / name, scratch / name)
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(work / name, scratch / name)
    return scratch


def run_applied(work: Path, names: List[str], children: int) -> Dict[str, str]:
    """Run each mutant by applying it to a scratch copy of the sources (the file as ``mutmut apply`` makes it) and
    running, there, the tests mutmut mapped to the mutated function (``mutants/mutmut-stats.json``), or the whole
    test folder of its stage when no test was mapped to it: code that runs only in mathgrade's worker processes
    (the symbolic steps of ``compare/_sympy.py``) is invisible to mutmut's map, which watches the test process.
    A mutant the mapped tests let live is run again against its whole stage's tests (mutmut's map misses what
    runs at import). Killed when a test fails (or the run exceeds its time). Results are kept in ``applied.json``
    of the work copy, so a stopped run resumes. mutmut itself makes the mutants and the map; its own runner is not
    used, since it refuses a batch whose tests include a parametrized test id it cannot name again."""
    import concurrent.futures
    import queue
    import threading

    store = work / APPLIED
    done: Dict[str, str] = json.loads(store.read_text(encoding="utf-8")) if store.exists() else {}
    stats = json.loads((work / "mutants" / "mutmut-stats.json").read_text(encoding="utf-8"))
    mapped: Dict[str, List[str]] = stats["tests_by_mangled_function_name"]
    durations: Dict[str, float] = stats.get("duration_by_test", {})
    copies: "queue.Queue[Path]" = queue.Queue()
    for k in range(children):
        copies.put(_scratch(work, k))
    lock, apply_lock = threading.Lock(), threading.Lock()

    def one(name: str) -> None:
        with apply_lock:  # mutmut applies in the work copy's sources: one at a time
            relpath, mutated = _mutant_file(work, name)
        scratch = copies.get()
        try:
            if mutated is None:
                status = "not applied"
            else:
                status = _apply_and_test(scratch, relpath, mutated,
                                         sorted(mapped.get(name.partition("__mutmut_")[0], [])), durations)
        finally:
            copies.put(scratch)
        with lock:
            done[name] = status
            store.write_text(json.dumps(done, indent=1) + "\n", encoding="utf-8")
            print(f"{status:11} {name}  ({len(done)} done)", flush=True)

    todo = [n for n in names if n not in done]
    with concurrent.futures.ThreadPoolExecutor(children) as pool:
        list(pool.map(one, todo))
    return done


def _mutant_file(work: Path, name: str) -> Tuple[str, Optional[str]]:
    """The source file of mutant ``name`` (relative to the root) and its text with the mutant applied, by mutmut's
    own ``mutmut apply`` in the work copy, whose file is then restored (None when mutmut could not apply it)."""
    module = name.rpartition(".")[0]
    relpath = "src/" + module.replace(".", "/") + ".py"
    if not (work / relpath).is_file():
        relpath = "src/" + module.replace(".", "/") + "/__init__.py"
    path = work / relpath
    original = path.read_text(encoding="utf-8")
    try:
        code = subprocess.run([sys.executable, "-m", "mutmut", "apply", name], cwd=work, capture_output=True,
                              text=True).returncode
        mutated = path.read_text(encoding="utf-8")
    finally:
        path.write_text(original, encoding="utf-8")
    return relpath, (mutated if code == 0 and mutated != original else None)


def _apply_and_test(scratch: Path, relpath: str, mutated: str, tests: List[str], durations: Dict[str, float]) -> str:
    path = scratch / relpath
    original = path.read_text(encoding="utf-8")
    path.write_text(mutated, encoding="utf-8")
    try:
        stage = STAGES[relpath.split("/")[2]]
        env = dict(os.environ, PYTHONPATH=str(scratch / "src"))
        base = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider"]
        # a mutant that loops is stopped: 10 times what its tests took in mutmut's clean run, at least 2 minutes
        limit = max(120.0, 10 * sum(durations.get(t, 1.0) for t in tests)) if tests else 900.0
        try:
            code = subprocess.run(base + (tests or [stage]), cwd=scratch, env=env, capture_output=True,
                                  text=True, timeout=limit).returncode
            if code == 4 or (code == 0 and tests):
                # a test id that cannot be named, or a mutant its mapped tests let live: the whole stage. mutmut's
                # map misses calls made while a module is imported (the rule table's examples, built by
                # compare/_table.py at import, are checked by tests that never call the builder again)
                code = subprocess.run(base + [stage], cwd=scratch, env=env, capture_output=True, text=True,
                                      timeout=900).returncode
        except subprocess.TimeoutExpired:
            return "timeout"
        return "killed" if code not in (0, 5) else ("survived" if code == 0 else "no tests")
    finally:
        path.write_text(original, encoding="utf-8")


def _equivalents() -> List[Dict[str, str]]:
    return json.loads(EQUIVALENT.read_text(encoding="utf-8"))["equivalent"]


def report(work: Path, names: Optional[List[str]] = None, json_path: Optional[str] = None) -> Dict[str, Any]:
    """The kill rate of ``names`` (every tried mutant when None), the survivors, and which are listed equivalent."""
    results = _results(work)
    applied = json.loads((work / APPLIED).read_text(encoding="utf-8")) if (work / APPLIED).exists() else {}
    tried = {n: _status(c) for n, c in results.items() if (names is None or n in names)
             and _status(c) not in NOT_TRIED}
    not_applied = []
    for n, status in applied.items():  # run by run_applied: that result stands
        if names is None or n in names:
            if status == "not applied":
                not_applied.append(n)
                tried.pop(n, None)
            else:
                tried[n] = status
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
           "mutants_in_core": len(results), "not_applied": sorted(not_applied)}
    print(f"\n{len(tried)} mutants tried: {len(killed)} killed, {len(equivalent)} listed equivalent, "
          f"{len(survivors)} survived; kill rate {rate:.1%} (killed / tried less equivalents)"
          + (f"; {len(not_applied)} drawn but not applied by mutmut (not counted): {', '.join(not_applied)}"
             if not_applied else ""))
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
            run_applied(work, drawn, args.children)  # half-way has tried a random part of the sample
            names = sorted(drawn)
        elif args.what == "full":
            _mutmut(work, "run", "--max-children", str(args.children))
            run_applied(work, [n for n, c in _results(work).items() if _status(c) == "no tests"], args.children)
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
