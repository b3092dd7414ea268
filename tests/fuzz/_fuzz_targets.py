"""The properties the fuzz target holds every input to (issue 24), one function per entry point.

Each ``check_*`` returns nothing when the property holds and raises :class:`Finding` (an ``AssertionError`` naming
the entry point, the input and what went wrong) when it does not. The property: nothing raises, no verdict is
``error``, no reading failed inside the reader (``internal reader error``), and every verdict, value and reading is
printable and JSON-serialisable — valid Unicode in any encoding. ``tests/fuzz/test_fuzz.py`` runs them on a fixed
seed; ``scripts/fuzz.py`` runs them for as long as asked.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Tuple

import mathgrade
from mathgrade import grade, read
from mathgrade.verdict import Status, Verdict


class Finding(AssertionError):
    """An input that breaks the property: ``target`` (grade, read, extract, server), the ``case`` (its inputs, a
    JSON-ready dict) and ``what`` went wrong."""

    def __init__(self, target: str, case: Dict[str, Any], what: str) -> None:
        super().__init__(f"{target}: {what} — input {json.dumps(case)[:2000]}")
        self.target = target
        self.case = case
        self.what = what


def rss_mb() -> float:
    """This process's resident memory in MB (0.0 where ``/proc`` is missing)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _encodes(text: Any, what: str) -> str:
    if not isinstance(text, str):
        raise TypeError(f"{what} is a {type(text).__name__}, not a str")
    text.encode("utf-8")  # a lone surrogate raises here
    return text


def check_verdict(v: Verdict) -> None:
    """A verdict is not ``error`` and everything it shows is valid Unicode and JSON."""
    if not isinstance(v, Verdict):
        raise TypeError(f"grade returned a {type(v).__name__}")
    if v.status is Status.ERROR:
        raise AssertionError(f"status error: {v.error} ({v.reason})")
    _encodes(v.explain(), "explain()")
    _encodes(repr(v), "repr(verdict)")
    for value in (v.answer_value, v.gold_value):
        if value is not None:
            _encodes(str(value), "str(value)")
            _encodes(repr(value), "repr(value)")
    json.dumps(v.to_dict(), ensure_ascii=False, allow_nan=False).encode("utf-8")
    json.dumps(v.to_row(), allow_nan=False)
    float(v)
    bool(v)


def check_grade(output: str, gold: str, policy: str = "eval", timeout: float = 5.0) -> None:
    """``grade(output, gold)`` holds the property."""
    case = {"output": output, "gold": gold, "policy": policy}
    try:
        check_verdict(grade(output, gold, policy=policy, timeout=timeout))
    except Exception as exc:  # noqa: BLE001 - every exception is a finding
        raise Finding("grade", case, f"{type(exc).__name__}: {exc}") from exc


def check_read(text: str) -> None:
    """``read(text)`` never raises, never fails inside the reader, and prints."""
    try:
        r = read(text)
        if r.value is None and r.error is None:
            raise AssertionError("no value and no error")
        if r.error is not None:
            message = str(r.error)
            if "internal reader error" in message:
                raise AssertionError(message)
            str(r.error).encode("utf-8", "surrogatepass")
        if r.value is not None:
            _encodes(str(r.value), "str(value)")
            _encodes(repr(r.value), "repr(value)")
            hash(r.value)
        repr(r)
    except Exception as exc:  # noqa: BLE001
        raise Finding("read", {"text": text}, f"{type(exc).__name__}: {exc}") from exc


def check_extract(output: str, policy: str = "eval") -> None:
    """``extract(output)`` never raises and gives candidates whose spans lie inside the output."""
    try:
        for c in mathgrade.extract(output, policy=policy):
            if not (isinstance(c.text, str) and 0 <= c.start <= c.end <= len(output)):
                raise AssertionError(f"candidate {c!r} outside the output of {len(output)} characters")
            repr(c)
    except Exception as exc:  # noqa: BLE001
        raise Finding("extract", {"output": output, "policy": policy}, f"{type(exc).__name__}: {exc}") from exc


# ---- the server -----------------------------------------------------------------------------------------------------

def json_body(data: Any) -> bytes:
    """``data`` as the JSON a client sends: ASCII escapes for everything (a lone surrogate as ``\\ud800``)."""
    return json.dumps(data).encode("ascii")


def check_server(client: Any, path: str, body: bytes, rows: Optional[int] = None) -> Tuple[int, Any]:
    """POST ``body`` to ``path``: the answer is never a 5xx, is JSON, and a 200 from ``/grade`` has one verdict per
    row, none of them ``error``. Returns the status and the parsed answer."""
    case = {"path": path, "body": body.decode("utf-8", "surrogateescape")[:20000]}
    try:
        resp = client.post(path, content=body, headers={"content-type": "application/json"})
        if resp.status_code >= 500:
            raise AssertionError(f"HTTP {resp.status_code}: {resp.text[:500]}")
        answer = json.loads(resp.content)
        if resp.status_code == 200 and path == "/grade":
            verdicts = answer["verdicts"]
            if rows is not None and len(verdicts) != rows:
                raise AssertionError(f"{len(verdicts)} verdicts for {rows} rows")
            bad = [v for v in verdicts if v["status"] == "error"]
            if bad:
                raise AssertionError(f"a verdict is error: {bad[0]}")
        elif resp.status_code >= 400 and not (isinstance(answer, dict) and "error" in answer):
            raise AssertionError(f"HTTP {resp.status_code} without a JSON error: {resp.text[:300]}")
        return resp.status_code, answer
    except Finding:
        raise
    except Exception as exc:  # noqa: BLE001
        raise Finding("server", case, f"{type(exc).__name__}: {exc}") from exc
