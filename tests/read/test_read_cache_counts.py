"""The reader cache counts each lookup once: a hit per text found, a miss per text not found, a refusal per reading
too large to keep (``_read._Cache``'s ``hits``, ``misses`` and ``refused``, read by ``stats()``: what a user
watching the cache sees). Each row is a sequence of operations on a fresh cache and the counts after it.

Written for seed 139 (docs/testing.md): ``_Cache.get`` counting two hits per hit (``self.hits += 2``) was seen by
no test (the tests asked for "some hits").
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

from mathgrade._read import _Cache, read

# (operations: ("put", text) or ("get", text), hits, misses)
_ROWS: List[Tuple[List[Tuple[str, str]], int, int]] = [
    ([("get", "1")], 0, 1),
    ([("put", "1"), ("get", "1")], 1, 0),
    ([("put", "1"), ("get", "1"), ("get", "1"), ("get", "1")], 3, 0),
    ([("put", "1"), ("get", "2"), ("get", "1")], 1, 1),
    ([("get", "1"), ("put", "1"), ("get", "1"), ("get", "2"), ("get", "2")], 1, 3),
]


@pytest.mark.parametrize("operations, hits, misses", _ROWS)
def test_each_lookup_counts_once(operations: List[Tuple[str, str]], hits: int, misses: int) -> None:
    cache = _Cache(16, 1 << 20, 1 << 16)
    for op, text in operations:
        if op == "put":
            cache.put(text, read(text))
        else:
            cache.get(text)
    stats = cache.stats()
    assert (stats["hits"], stats["misses"], stats["refused"]) == (hits, misses, 0), stats


def test_a_reading_too_large_is_refused_once() -> None:
    cache = _Cache(16, 1 << 20, 64)  # no reading fits in 64 bytes
    cache.put("12345", read("12345"))
    assert cache.get("12345") is None
    stats = cache.stats()
    assert (stats["hits"], stats["misses"], stats["refused"], stats["entries"]) == (0, 1, 1, 0), stats
