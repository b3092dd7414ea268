"""The server's Prometheus metrics (``GET /metrics``), in a registry of their own (one per app).

==========================================  =========  ==========================================================
metric                                      type       what
==========================================  =========  ==========================================================
``mathgrade_requests_total``                counter    requests answered, by ``endpoint`` and HTTP ``code``
``mathgrade_request_duration_seconds``      histogram  time to answer a request, by ``endpoint``
``mathgrade_requests_in_progress``          gauge      ``/reward`` and ``/grade`` requests being answered now
``mathgrade_requests_cancelled_total``      counter    requests whose client went away before the answer; their
                                                       remaining rows were not graded
``mathgrade_rows_total``                    counter    rows received in valid requests, by ``endpoint``
``mathgrade_rows_graded_total``             counter    rows graded by the workers (also those of cancelled requests)
``mathgrade_rows_in_flight``                gauge      rows sent to the workers and not back yet
``mathgrade_verdicts_total``                counter    verdicts answered, by ``status``: every row of every valid
                                                       request, also those decided before the workers (an empty
                                                       label: ``invalid_gold``; cut off while thinking:
                                                       ``no_answer``); ``timeout``: rows that reached the per-row
                                                       time limit
``mathgrade_refusals_total``                counter    rewards refused, by ``rule`` (``answer.withdrawn``,
                                                       ``unit.mismatch``...: a verdict not correct whose rule starts
                                                       with ``answer.`` or ``unit.``)
==========================================  =========  ==========================================================
"""

from __future__ import annotations

from typing import Dict, Tuple, TypeVar, Union

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

__all__ = ["Metrics", "CONTENT_TYPE"]

CONTENT_TYPE = CONTENT_TYPE_LATEST

M = TypeVar("M", bound=Union[Counter, Histogram])

_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
"""Request latency buckets (seconds): a single row takes about a millisecond, a large batch seconds."""


class Metrics:
    """The counters of one server. Label children are cached: a request touches a few of them."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self._requests = Counter("mathgrade_requests", "Requests answered, by endpoint and HTTP status code.",
                                 ("endpoint", "code"), registry=self.registry)
        self._duration = Histogram("mathgrade_request_duration_seconds", "Seconds to answer a request.",
                                   ("endpoint",), buckets=_BUCKETS, registry=self.registry)
        self.in_progress = Gauge("mathgrade_requests_in_progress", "Grading requests (/reward, /grade) being answered now.",
                                 registry=self.registry)
        self.cancelled = Counter("mathgrade_requests_cancelled",
                                 "Requests whose client disconnected before the answer.", registry=self.registry)
        self._rows = Counter("mathgrade_rows", "Rows received in valid requests.", ("endpoint",),
                             registry=self.registry)
        self.rows_graded = Counter("mathgrade_rows_graded", "Rows graded by the worker processes.",
                                   registry=self.registry)
        self.rows_in_flight = Gauge("mathgrade_rows_in_flight", "Rows sent to the workers and not back yet.",
                                    registry=self.registry)
        self._verdicts = Counter("mathgrade_verdicts", "Verdicts answered, by status.", ("status",),
                                 registry=self.registry)
        self._refusals = Counter("mathgrade_refusals", "Rewards refused (an answer that does not commit to a value, "
                                 "or a unit that disagrees), by rule.", ("rule",), registry=self.registry)
        self._children: Dict[Tuple[str, ...], Union[Counter, Histogram]] = {}

    def request(self, endpoint: str, code: int, seconds: float) -> None:
        self._child(self._requests, "requests", endpoint, str(code)).inc()
        self._child(self._duration, "duration", endpoint).observe(seconds)

    def rows(self, endpoint: str, n: int) -> None:
        self._child(self._rows, "rows", endpoint).inc(n)

    def verdicts(self, statuses: Dict[str, int]) -> None:
        for status, n in statuses.items():
            self._child(self._verdicts, "verdicts", status).inc(n)

    def refusals(self, rules: Dict[str, int]) -> None:
        for rule, n in rules.items():
            self._child(self._refusals, "refusals", rule).inc(n)

    def exposition(self) -> bytes:
        """The metrics in Prometheus' text format."""
        return generate_latest(self.registry)

    def _child(self, metric: M, name: str, *labels: str) -> M:
        key = (name,) + labels
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child  # type: ignore[return-value]  # the cache holds, under this metric's name, its own children
