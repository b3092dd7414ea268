"""A real ``mathgrade serve`` process on 127.0.0.1, for the tests and the fuzz script that talk to one over HTTP."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from typing import Any, List, Optional

START_TIMEOUT = 240.0
"""Seconds a server may take to start and warm its workers up on a busy machine."""


class Server:
    """``python -m mathgrade serve --host 127.0.0.1 --port 0 ARGS...`` started now; :attr:`url` is where it
    listens (read from its log). ``token``: the bearer token it requires (``MATHGRADE_SERVE_TOKEN``), or none."""

    def __init__(self, *args: str, token: Optional[str] = None, start_timeout: float = START_TIMEOUT) -> None:
        env = dict(os.environ)
        env.pop("MATHGRADE_SERVE_TOKEN", None)
        if token is not None:
            env["MATHGRADE_SERVE_TOKEN"] = token
        self.headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        self.proc = subprocess.Popen([sys.executable, "-m", "mathgrade", "serve", "--host", "127.0.0.1", "--port",
                                      "0", *args], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                                     env=env)
        self.lines: List[str] = []
        self.url = ""
        self._ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        if not self._ready.wait(start_timeout) or not self.url:
            self.stop()
            raise RuntimeError("the server did not start: " + "".join(self.lines)[-3000:])

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line)
            m = re.search(r"listening on (http://\S+)", line)
            if m:
                self.url = m.group(1)
                self._ready.set()
        self._ready.set()

    def client(self, **kwargs: Any) -> Any:
        """An ``httpx.Client`` for the server, with its token."""
        import httpx

        return httpx.Client(base_url=self.url, headers=self.headers, timeout=300, **kwargs)

    def metric(self, name: str) -> float:
        """The value of one metric sample of ``/metrics`` (summed over its labels)."""
        import httpx

        text = httpx.get(self.url + "/metrics", headers=self.headers, timeout=60).text
        return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
                   if line.startswith(name + " ") or line.startswith(name + "{"))

    def stop(self) -> Optional[int]:
        """SIGTERM, as a supervisor stops it (SIGKILL if it is not gone in 2 minutes); its exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(120)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)
        return self.proc.returncode
