"""Misère Kayles: the shipped quotient's answer against an exhaustive misère search.

Run: ``.venv/bin/python benchmarks/verify_kayles_quotient.py [POSITIONS] [SEED]`` (default
60 positions, seed 2026).  Each position has 2 to 4 heaps of 1 to 40 tokens, at most 62
in all.  The search is written here from the rules alone (a move removes one or two
adjacent pins of a row, which may split it in two; whoever cannot move wins), on sorted
tuples of heaps, with one table of outcomes shared by every position; it takes minutes,
which is why it is a benchmark and not a test.  Prints each mismatch, then the totals.
"""

from __future__ import annotations

import random
import sys
import time
from functools import cache

from grundy.heap.takebreak import KAYLES
from grundy.misere.certificates import shipped_quotient

sys.setrecursionlimit(10_000)


def kayles_options(heaps: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every position one move away, as a sorted tuple of non-empty heaps."""
    found = set()
    for i, heap in enumerate(heaps):
        if i and heaps[i - 1] == heap:
            continue
        rest = heaps[:i] + heaps[i + 1:]
        for taken in (1, 2):
            for left in range(0, (heap - taken) // 2 + 1):
                right = heap - taken - left
                if right < 0:
                    continue
                found.add(tuple(sorted(rest + tuple(p for p in (left, right) if p))))
    return found


@cache
def misere_p(heaps: tuple[int, ...]) -> bool:
    """True when the player to move loses (misère: no move means a win)."""
    return all(not misere_p(option) for option in kayles_options(heaps)) if heaps else False


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2026)
    quotient = shipped_quotient(KAYLES)
    assert quotient is not None, "the shipped Kayles quotient failed its check"
    start = time.perf_counter()
    mismatches = 0
    for done in range(1, count + 1):
        while True:
            heaps = tuple(sorted(rng.randint(1, 40) for _ in range(rng.randint(2, 4))))
            if sum(heaps) <= 62:
                break
        searched = misere_p(heaps)
        if searched != quotient.is_p(heaps):
            mismatches += 1
            print(f"MISMATCH {heaps}: search says {'P' if searched else 'N'}", flush=True)
        if done % 10 == 0:
            print(f"{done} positions, {misere_p.cache_info().currsize} searched, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    print(f"positions {count}, mismatches {mismatches}, positions searched "
          f"{misere_p.cache_info().currsize}, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
