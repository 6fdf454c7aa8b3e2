"""Who wins Game 15 (diagonals of a convex n-gon, at most two at a vertex) for each n, by a
search independent of grundy's, and how long each n takes.

Run: .venv/bin/python benchmarks/diagonals_outcomes.py [LARGEST_N]   (default 13)

A position is kept as what matters of it: the open vertices (fewer than two diagonals),
each bare, with one diagonal, or with one diagonal whose other end is open too (the two
may not be joined again).  Two open vertices may be joined unless they are neighbours on
the polygon or joined already.  Once some vertex is full, the open vertices fall into runs
of polygon neighbours between full vertices, and neither the order of the runs round the
polygon nor the direction of a run matters: a position is the sorted runs, each read in
its lesser direction (ids of joined pairs renumbered in order of appearance; positions
that are the same up to a relabelling may still be kept twice, which costs time only).
Before any vertex is full the polygon is one cycle, folded by its rotations and
reflections.  The search stops at the first winning move.  For n <= 10 its answers are
compared with grundy's nim-values.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from functools import cache

from grundy.analysis import analyze

BARE, ONE = 0, 1  # labels of open vertices; 2, 3, ...: one diagonal to the open vertex of that id
FULL = -1

State = tuple[str, tuple]  # ("cycle", labels) or ("runs", (labels, ...))


def _renumber(labels: list[int], ids: dict[int, int]) -> tuple[int, ...]:
    return tuple(ids.setdefault(x, 2 + len(ids)) if x >= 2 else x for x in labels)


def runs_state(runs: list[list[int]]) -> State:
    def shape(run: list[int]) -> tuple[int, ...]:
        return tuple(min(x, 2) for x in run)

    oriented = sorted((min(shape(r), shape(r[::-1])), r if shape(r) <= shape(r[::-1]) else r[::-1])
                      for r in runs)
    ids: dict[int, int] = {}
    return ("runs", tuple(_renumber(run, ids) for _, run in oriented))


def cycle_state(labels: list[int]) -> State:
    n = len(labels)
    return ("cycle", min(_renumber(seq[r:] + seq[:r], {})
                         for seq in (labels, labels[::-1]) for r in range(n)))


def options(state: State) -> Iterator[State]:
    kind, data = state
    runs = [list(data)] if kind == "cycle" else [list(run) for run in data]
    n = len(runs[0]) if runs else 0
    where = [(k, i) for k, run in enumerate(runs) for i in range(len(run))]
    fresh = 2 + sum(len(run) for run in runs)

    def neighbours(u: tuple[int, int], v: tuple[int, int]) -> bool:
        if kind == "cycle":
            return (u[1] - v[1]) % n in (1, n - 1)
        return u[0] == v[0] and abs(u[1] - v[1]) == 1

    for x, u in enumerate(where):
        for v in where[x + 1:]:
            lu, lv = runs[u[0]][u[1]], runs[v[0]][v[1]]
            if neighbours(u, v) or (lu >= 2 and lu == lv):
                continue
            new = [list(run) for run in runs]
            bare_ends = [w for w, label in ((u, lu), (v, lv)) if label == BARE]
            for w, label in ((u, lu), (v, lv)):
                if label == BARE:
                    continue
                new[w[0]][w[1]] = FULL
                if label >= 2:  # its partner's diagonal now leads to a full vertex
                    for run in new:
                        run[:] = [ONE if y == label else y for y in run]
            for w in bare_ends:
                new[w[0]][w[1]] = fresh if len(bare_ends) == 2 else ONE
            yield _settle(kind, new)


def _settle(kind: str, runs: list[list[int]]) -> State:
    if kind == "cycle":
        labels = runs[0]
        if FULL not in labels:
            return cycle_state(labels)
        k = labels.index(FULL)
        runs = [labels[k:] + labels[:k]]
    pieces: list[list[int]] = []
    for run in runs:
        current: list[int] = []
        for label in [*run, FULL]:
            if label == FULL:
                if current:
                    pieces.append(current)
                current = []
            else:
                current.append(label)
    return runs_state(pieces)


@cache
def first_player_wins(state: State) -> bool:
    return any(not first_player_wins(option) for option in options(state))


def main() -> None:
    largest = int(sys.argv[1]) if sys.argv[1:] else 13
    print("| n | winner | positions kept | seconds |")
    print("|---|---|---|---|")
    for n in range(3, largest + 1):
        start = time.perf_counter()
        wins = first_player_wins(cycle_state([BARE] * n))
        took = time.perf_counter() - start
        if n <= 10:
            assert (analyze(f"diagonals {n}").winner == "first") == wins, n
        print(f"| {n} | {'first' if wins else 'second'} | "
              f"{first_player_wins.cache_info().currsize} | {took:.2f} |", flush=True)


if __name__ == "__main__":
    sys.setrecursionlimit(100_000)
    main()
