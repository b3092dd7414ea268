"""The reader's cache is bounded by bytes, not only by entries (issue 24, item 4): in an RL run every answer is new,
and 65,536 long answers once held gigabytes. Memory is measured as the process's resident set (RSS), in a fresh
child process; nothing here is timed."""

import json
import subprocess
import sys
import threading
from typing import Any, Tuple

import pytest

from mathgrade._read import (READ_CACHE_BYTES, READ_CACHE_ENTRIES, READ_CACHE_ENTRY_BYTES, _Cache, _footprint,
                             clear_read_cache, read, read_cache_stats)

_RSS_SCRIPT = """
import json, sys
from mathgrade import read
from mathgrade._read import read_cache_stats

def rss_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024

read("1")
before = rss_mb()
n = int(sys.argv[1])
for k in range(n):
    assert read(f"{k:07d}" + "7" * 3893).value is not None  # unique 3,900-digit answers
print(json.dumps({"growth_mb": rss_mb() - before, "stats": read_cache_stats()}))
"""


def test_rss_stays_bounded_on_many_unique_long_answers():
    """20,000 unique 3,900-character answers: about 120 MB if every reading were kept (65,536 entries would be
    400 MB); the cache keeps at most READ_CACHE_BYTES (32 MB) and the process grows by about that much."""
    n = 20_000
    out = subprocess.run([sys.executable, "-c", _RSS_SCRIPT, str(n)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout)
    stats = result["stats"]
    assert stats["misses"] == n + 1 and stats["bytes"] <= stats["max_bytes"] == READ_CACHE_BYTES
    assert stats["entries"] < n  # the bound by bytes, not by entries (65,536), is the one that held
    kept_per_entry = stats["bytes"] / stats["entries"]
    assert n * kept_per_entry > 3 * READ_CACHE_BYTES  # keeping them all would have taken three times the bound
    margin_mb = 24  # the allocator's own slack
    assert result["growth_mb"] < READ_CACHE_BYTES / 2**20 + margin_mb, result


def test_footprint_counts_what_a_reading_holds():
    small = read("\\frac{9}{7}")
    big = read("+".join(f"\\frac{{{k}}}{{{k + 1}}}x^{{{k}}}" for k in range(1, 120)))
    assert 200 < _footprint("\\frac{9}{7}", small) < 4_000
    assert _footprint("x", big) > 20 * _footprint("x", small)
    huge = read("1e4000")
    assert _footprint("1e4000", huge) > 1_700  # a 4,001-digit integer is 1.8 kB


def _too_big_to_keep() -> str:
    """A polynomial of fractions just under 4,000 characters, whose reading is bigger than a cache entry may be."""
    terms = [f"\\frac{{{k}}}{{{k + 7}}}x^{{{k}}}" for k in range(1, 400)]
    while len("+".join(terms)) > 3990:
        terms.pop()
    return "+".join(terms)


def test_a_reading_too_big_to_keep_is_still_correct_and_not_kept():
    clear_read_cache()
    text = _too_big_to_keep()
    r = read(text)
    assert r.value is not None
    assert _footprint(text, r) > READ_CACHE_ENTRY_BYTES
    stats = read_cache_stats()
    assert stats["refused"] >= 1 and stats["entries"] == 0
    assert read(text) == r and read(text) is not r  # read again, the same value


def test_least_recently_used_readings_go_first():
    """The cache's policy on a small instance: by bytes, the least recently used reading is dropped first."""
    texts = [f"\\frac{{{k}}}{{{k + 1}}}" for k in range(40)]
    readings = {t: read(t) for t in texts}
    size = max(_footprint(t, r) for t, r in readings.items())
    cache = _Cache(max_entries=1000, max_bytes=10 * size, max_entry_bytes=size)
    for t in texts[:10]:
        cache.put(t, readings[t])
    assert cache.get(texts[0]) is readings[texts[0]]  # now the most recently used
    for t in texts[10:15]:
        cache.put(t, readings[t])
    stats = cache.stats()
    assert stats["bytes"] <= 10 * size and stats["entries"] < 15
    assert cache.get(texts[0]) is readings[texts[0]]  # kept: used recently
    assert cache.get(texts[1]) is None  # dropped: the oldest
    by_entries = _Cache(max_entries=3, max_bytes=10**9, max_entry_bytes=10**9)
    for t in texts[:5]:
        by_entries.put(t, readings[t])
    assert by_entries.stats()["entries"] == 3 and by_entries.get(texts[4]) is readings[texts[4]]
    assert by_entries.get(texts[0]) is None


def test_the_cache_is_safe_across_threads():
    clear_read_cache()
    texts = [f"\\frac{{{k}}}{{{k % 7 + 2}}}" for k in range(400)]
    expected = {t: read(t).value for t in texts}
    clear_read_cache()
    errors = []

    def work(offset: int) -> None:
        try:
            for i in range(2000):
                t = texts[(i * 7 + offset) % len(texts)]
                if read(t).value != expected[t]:
                    errors.append(t)
        except Exception as exc:  # noqa: BLE001
            errors.append(repr(exc))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors
    stats = read_cache_stats()
    assert stats["entries"] <= len(texts) and stats["hits"] > 0


_HELD_SCRIPT = """
import gc, json, sys, tracemalloc
from collections import OrderedDict
from mathgrade._read import clear_read_cache, read, read_cache_stats

texts = [sys.argv[1].format(k) for k in range(100_000, 103_000)]
read(texts[0]); clear_read_cache(); gc.collect()
tracemalloc.start()
before = tracemalloc.get_traced_memory()[0]
for t in texts:
    read(t)
gc.collect()
held = tracemalloc.get_traced_memory()[0] - before
stats = read_cache_stats()
# the cache's own slot for each entry (its ordered dict's entry, the (reading, size) pair, the size), which the
# count leaves out: measured the same way on an ordered dict of as many such entries
keys, values = [t + " " for t in texts], [object() for _ in texts]
before = tracemalloc.get_traced_memory()[0]
slots = OrderedDict((k, (v, 10**6 + i)) for i, (k, v) in enumerate(zip(keys, values)))
slot_bytes = tracemalloc.get_traced_memory()[0] - before
print(json.dumps({"held": held, "slots": slot_bytes, "stats": stats}))
"""


def test_the_bytes_the_cache_counts_are_the_memory_its_readings_hold():
    """The cache's bound is only as good as its count: 3,000 readings of fractions, the memory they hold measured
    by tracemalloc in a fresh process (less the cache's own slots), against the bytes the cache says it holds
    (killed: the text left out of an entry's count, or a value's attribute dictionary counted as 16 bytes; either
    lets the cache hold far more than its bound says)."""
    out = subprocess.run([sys.executable, "-c", _HELD_SCRIPT, "{0}/{0}1"], capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout)
    assert result["stats"]["entries"] == 3000 and result["stats"]["refused"] == 0
    readings_held = result["held"] - result["slots"]
    assert 0.85 * readings_held <= result["stats"]["bytes"] <= 1.5 * readings_held, result


def test_the_text_of_an_entry_counts_in_its_bytes():
    clear_read_cache()
    text = " " * 3990 + "7"  # a long text, a small reading (the number 7)
    assert read(text).value is not None
    stats = read_cache_stats()
    assert stats["entries"] == 1 and stats["bytes"] >= len(text), stats  # the cache keeps the text as its key


def test_each_reading_refused_counts_once():
    clear_read_cache()
    text = _too_big_to_keep()
    read(text)
    assert read_cache_stats()["refused"] == 1
    read(text)
    assert read_cache_stats()["refused"] == 2 and read_cache_stats()["entries"] == 0


# Written for seed 107 (docs/testing.md): ``_footprint`` skipping ``True`` twice and counting ``False`` (a
# singleton the interpreter holds, not the cache), and ``stats`` naming its bound ``"MAX_ENTRIES"``.
# (objects, the bytes they hold: each object once; None, True and False not at all)
_FOOTPRINTS = [
    ((None, True, False), lambda t: sys.getsizeof(t)),
    ((False,), lambda t: sys.getsizeof(t)),
    ((False, False, True), lambda t: sys.getsizeof(t)),
    (("ab", False, "ab"), lambda t: sys.getsizeof(t) + sys.getsizeof("ab")),
    # contrasts: what is not one of the three singletons counts, even a small int or a float equal to 0
    ((0, False), lambda t: sys.getsizeof(t) + sys.getsizeof(0)),
    ((0.0, None), lambda t: sys.getsizeof(t) + sys.getsizeof(0.0)),
    (((False,), True), lambda t: sys.getsizeof(t) + sys.getsizeof(t[0])),
]


@pytest.mark.parametrize("objects, held", _FOOTPRINTS)
def test_the_footprint_counts_no_singleton(objects: tuple, held: Any) -> None:
    assert _footprint(objects) == held(objects), objects


@pytest.mark.parametrize("bounds", [(3, 100, 10), (65_536, 2**25, 2**16), (1, 1, 1)])
def test_the_stats_name_each_count_and_bound(bounds: Tuple[int, int, int]) -> None:
    cache = _Cache(*bounds)
    assert cache.stats() == {"entries": 0, "bytes": 0, "max_entries": bounds[0], "max_bytes": bounds[1],
                             "max_entry_bytes": bounds[2], "hits": 0, "misses": 0, "refused": 0}
    other = _Cache(bounds[0] + 1, bounds[1] + 1, bounds[2] + 1).stats()
    assert other != cache.stats() and other["max_entries"] == bounds[0] + 1


def test_the_reader_caches_stats_name_its_bounds() -> None:
    stats = read_cache_stats()
    assert sorted(stats) == ["bytes", "entries", "hits", "max_bytes", "max_entries", "max_entry_bytes", "misses",
                             "refused"], stats
    assert (stats["max_entries"], stats["max_bytes"], stats["max_entry_bytes"]) == (
        READ_CACHE_ENTRIES, READ_CACHE_BYTES, READ_CACHE_ENTRY_BYTES), stats
