"""Fuzz mathgrade for as long as asked: the targets and strategies of ``tests/fuzz/`` (issue 24), run in rounds of
fresh seeds until the time is up. Prints, once a minute and at the end, the inputs tried per target, the findings
and the process's memory (RSS, and what the reader's cache holds); writes every finding as a JSON line (the
minimized input, ready to be added to ``tests/fuzz/corpus.jsonl`` once fixed).

Usage::

    python scripts/fuzz.py --minutes 60                      # grade, read, extract (in this process)
    python scripts/fuzz.py --minutes 30 --targets server     # a real `mathgrade serve` on 127.0.0.1
    python scripts/fuzz.py --minutes 10 --atheris            # coverage-guided, if atheris is installed

``--findings FILE`` (default ``fuzz-findings.jsonl``) collects the findings; ``--seed N`` starts the rounds at
seed N (a run is reproducible from its seed and its counts). Exit status 1 if anything was found.
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import os
import re
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "fuzz"))
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import _fuzz_strategies as S  # noqa: E402
from mathgrade.values import replaced  # noqa: E402
from _server import Server  # noqa: E402
from _fuzz_targets import (Finding, check_extract, check_grade, check_read, check_server,  # noqa: E402
                           json_body, rss_mb)

ROUND = 400
"""Examples per round: each round has its own seed, so a finding does not stop the run."""


class Run:
    """Counts, findings, and a watchdog: an input during which the process grows past ``max_rss_mb`` or that runs
    for more than ``max_seconds`` is a finding too (memory bounded, time limits hold); the watchdog writes it, with
    every thread's stack, before the process dies of it."""

    def __init__(self, findings: Path, max_rss_mb: float = 3000.0, max_seconds: float = 120.0) -> None:
        self.tried: Dict[str, int] = {}
        self.found: List[Dict[str, Any]] = []
        self.seen: set = set()
        self.findings = findings
        self.started = time.monotonic()
        self.last_report = self.started
        self.rss0 = rss_mb()
        self.current: Optional[Dict[str, Any]] = None
        self.current_since = time.monotonic()
        self.max_rss_mb = max_rss_mb
        self.max_seconds = max_seconds
        self._current_file = open(str(findings) + ".current", "w", encoding="ascii")
        faulthandler.register(signal.SIGUSR1, all_threads=True)
        threading.Thread(target=self._watch, daemon=True).start()

    def start(self, target: str, case: Dict[str, Any]) -> None:
        """Called before each input: what the watchdog reports if this input runs away. The input is also written
        to ``<findings>.current`` first, for a run that hangs where the watchdog cannot run (a long computation in C
        holds the GIL; ``kill -USR1`` then prints every thread's stack)."""
        self.tried[target] = self.tried.get(target, 0) + 1
        self.current = {"target": target, **case}
        self.current_since = time.monotonic()
        self._current_file.seek(0)
        self._current_file.write(json.dumps(self.current) + "\n")
        self._current_file.truncate()
        self._current_file.flush()

    def _watch(self) -> None:
        slow_reported = None
        while True:
            time.sleep(0.5)
            case, since = self.current, self.current_since
            rss = rss_mb()
            if rss > self.max_rss_mb and case is not None:
                self._dump(case, f"memory: RSS {rss:.0f} MB during one input (limit {self.max_rss_mb:.0f})")
                os._exit(3)
            if case is not None and time.monotonic() - since > self.max_seconds and slow_reported is not case:
                slow_reported = case
                self._dump(case, f"time: one input ran for more than {self.max_seconds:.0f} s")

    def _dump(self, case: Dict[str, Any], what: str) -> None:
        entry = {**case, "what": what}
        with open(self.findings, "a", encoding="ascii") as f:
            f.write(json.dumps(entry) + "\n")
        self.found.append(entry)  # (counted with the others: a hang is a finding)
        print(f"FOUND {case['target']}: {what}", flush=True)
        faulthandler.dump_traceback(sys.stdout, all_threads=True)
        sys.stdout.flush()

    def record(self, finding: Finding, round_seed: int) -> None:
        key = (finding.target, re.sub(r"\\?[0-9a-fx]*[0-9][0-9a-f]*", "#", finding.what[:120]))  # one per kind
        if key in self.seen:
            return
        self.seen.add(key)
        case = _minimized(finding)
        entry = {"target": finding.target, **case, "what": finding.what[:2000], "seed": round_seed}
        self.found.append(entry)
        with open(self.findings, "a", encoding="ascii") as f:
            f.write(json.dumps(entry) + "\n")
        print(f"FOUND {finding.target}: {finding.what[:300]}", flush=True)

    def report(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last_report < 60:
            return
        self.last_report = now
        from mathgrade._read import read_cache_stats

        cache = read_cache_stats()
        tried = ", ".join(f"{k} {v:,}" for k, v in sorted(self.tried.items()))
        print(f"[{(now - self.started) / 60:5.1f} min] tried: {tried or 'nothing yet'}; findings {len(self.found)}; "
              f"RSS {rss_mb():.0f} MB (+{rss_mb() - self.rss0:.0f}); read cache {cache['entries']} entries, "
              f"{cache['bytes'] / 2**20:.1f} MB", flush=True)


_CHECKS: Dict[str, Callable[..., None]] = {
    "grade": lambda case: check_grade(case["output"], case["gold"], case.get("policy", "eval")),
    "read": lambda case: check_read(case["text"]),
    "extract": lambda case: check_extract(case["output"], case.get("policy", "eval")),
}


def _minimized(finding: Finding, budget: float = 60.0) -> Dict[str, Any]:
    """The finding's input made smaller while it fails the same way: spans cut out of each text field, halving the
    span until single characters (a plain delta debugging, bounded by ``budget`` seconds; hypothesis's own shrinking
    can take many minutes on these inputs)."""
    check = _CHECKS.get(finding.target)
    if check is None:
        return dict(finding.case)
    kind = finding.what.split(":")[0]
    deadline = time.monotonic() + budget
    case = dict(finding.case)

    def fails(candidate: Dict[str, Any]) -> bool:
        try:
            check(candidate)
        except Finding as exc:
            return exc.what.split(":")[0] == kind
        return False

    for name in ("output", "gold", "text"):
        if name not in case:
            continue
        text = case[name]
        chunk = max(len(text) // 2, 1)
        while chunk >= 1 and time.monotonic() < deadline:
            i, cut = 0, False
            while i < len(text) and time.monotonic() < deadline:
                candidate = text[:i] + text[i + chunk:]
                if fails({**case, name: candidate}):
                    text, cut = candidate, True
                else:
                    i += chunk
            if not cut:
                chunk //= 2
        case[name] = text
    return case


def _targets(run: Run, client: Any) -> Dict[str, Callable[[], Any]]:
    """One hypothesis test per target; each counts its examples."""

    def grade_target() -> Any:
        @given(S.outputs(), S.answers, st.sampled_from(["eval", "reward"]))
        def t(output: str, gold: str, policy: str) -> None:
            run.start("grade", {"output": output, "gold": gold, "policy": policy})
            check_grade(output, gold, policy)
        return t

    def self_target() -> Any:
        @given(S.latex, S.mutated_latex)
        def t(a: str, b: str) -> None:
            run.start("grade", {"output": f"\\boxed{{{a}}}", "gold": a})
            check_grade(f"\\boxed{{{a}}}", a)
            run.start("grade", {"output": f"\\boxed{{{a}}}", "gold": b})
            check_grade(f"\\boxed{{{a}}}", b)
        return t

    def read_target() -> Any:
        @given(S.answers)
        def t(text: str) -> None:
            run.start("read", {"text": text})
            check_read(text)
        return t

    def extract_target() -> Any:
        @given(S.outputs(), st.sampled_from(["eval", "reward"]))
        def t(output: str, policy: str) -> None:
            run.start("extract", {"output": output, "policy": policy})
            check_extract(output, policy)
        return t

    def server_target() -> Any:
        # lone surrogates only to /reward: /grade answers them with 500 until issue 24 item 5 is merged (the
        # known case is test_fuzz.py::test_server_known_open_inputs)
        row = st.fixed_dictionaries({"output": S.outputs().map(replaced), "gold": S.answers.map(replaced)})

        @given(st.one_of(st.lists(row, min_size=1, max_size=6).map(lambda rows: ("/grade", {"rows": rows})),
                         st.lists(st.tuples(S.outputs(), S.answers), min_size=1, max_size=4).map(
                             lambda ps: ("/reward", {"query": [o for o, _ in ps], "prompts": [""] * len(ps),
                                                     "labels": [g for _, g in ps]}))))
        def t(request: Any) -> None:
            path, body = request
            run.start("server", {"path": path, "body": json.dumps(body)})
            check_server(client, path, json_body(body), rows=len(body["rows"]) if path == "/grade" else None)
        return t

    return {"grade": grade_target, "self": self_target, "read": read_target, "extract": extract_target,
            "server": server_target}


def _fuzz(args: argparse.Namespace) -> int:
    findings = Path(args.findings)
    run = Run(findings)
    names = args.targets.split(",")
    if "grade" in names:
        names.append("self")
    client = server = None
    if "server" in names:
        import httpx

        server = Server("--workers", "2")
        client = httpx.Client(base_url=server.url, timeout=300)
    targets = _targets(run, client)
    deadline = time.monotonic() + args.minutes * 60
    round_seed = args.seed
    try:
        while time.monotonic() < deadline:
            for name in names:
                if time.monotonic() >= deadline:
                    break
                test = targets[name]()
                test = settings(max_examples=ROUND, database=None, deadline=None, derandomize=False,
                                suppress_health_check=list(HealthCheck),
                                phases=[Phase.generate])(seed(round_seed)(test))  # (see _minimized)
                try:
                    test()
                except Finding as exc:
                    run.record(exc, round_seed)
                except Exception as exc:  # noqa: BLE001 - hypothesis wraps several findings in a group
                    for inner in getattr(exc, "exceptions", [exc]):
                        if isinstance(inner, Finding):
                            run.record(inner, round_seed)
                        else:
                            print(f"round {round_seed} ({name}) stopped: {type(inner).__name__}: {inner}",
                                  flush=True)
                round_seed += 1
                run.report()
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    finally:
        if client is not None:
            client.close()
        if server is not None:
            server.stop()
    run.report(force=True)
    total = sum(run.tried.values())
    print(f"done: {total:,} inputs in {(time.monotonic() - run.started) / 60:.1f} min "
          f"(seeds {args.seed}..{round_seed - 1}); {len(run.found)} findings"
          + (f", written to {findings}" if run.found else ""), flush=True)
    return 1 if run.found else 0


def _atheris(args: argparse.Namespace) -> int:
    """Coverage-guided: atheris mutates bytes, split into an output and a gold; any exception is a crash that
    atheris reports with the input it saved."""
    try:
        import atheris
    except ImportError:
        print("atheris is not installed (pip install atheris); nothing run", file=sys.stderr)
        return 2
    import mathgrade

    mathgrade.grade("\\boxed{1}", "1")  # load the stages, then instrument everything loaded (mathgrade was imported
    atheris.instrument_all()           # before atheris could hook its import)

    def one(data: bytes) -> None:
        fdp = atheris.FuzzedDataProvider(data)
        gold = fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 60)) if fdp.ConsumeBool() else \
            fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 60))
        output = fdp.ConsumeUnicode(fdp.remaining_bytes())
        check_read(gold)
        check_grade(output, gold, "reward" if len(data) % 2 else "eval")

    atheris.Setup([sys.argv[0], f"-max_total_time={int(args.minutes * 60)}", f"-seed={args.seed}",
                   "-rss_limit_mb=4096"], one)
    atheris.Fuzz()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--targets", default="grade,read,extract", help="comma-separated: grade, read, extract, "
                                                                       "server")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("MATHGRADE_FUZZ_SEED", "1")))
    parser.add_argument("--findings", default="fuzz-findings.jsonl")
    parser.add_argument("--atheris", action="store_true", help="coverage-guided bytes instead of the grammars")
    args = parser.parse_args()
    return _atheris(args) if args.atheris else _fuzz(args)


if __name__ == "__main__":
    sys.exit(main())
