"""How big a proof that a whole Cram board is won would be, as a certificate to re-check.

Run: .venv/bin/python benchmarks/cram_proof_size.py ROWS COLS LEAF

The proof is the one a checker would walk: the board's winning option (or the board, when
it is lost) is proved lost by naming, for each of its options, one reply that is lost
again, down to positions whose regions all have at most LEAF cells (the checker values
those itself).  Replies are the first the search finds lost, in the order of the plays;
positions are sums of canonical regions, each kept once.  Prints the positions the proof
holds beyond those leaves, the leaves, and the time (the compiled set search answers each
"is this lost?").  Figures in benchmarks/BOARDS.md.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator

from grundy.boards import set_search
from grundy.boards.bitgrid import Grid
from grundy.boards.cram import CRAM
from grundy.budget import Budget, work_limit

Regions = tuple[Grid, ...]


def regions_of(grid: Grid) -> Regions:
    return tuple(sorted(CRAM.split(grid)))


def cells(region: Grid) -> int:
    return region[2].bit_count()


def lost(regions: Regions) -> bool:
    """Whether the player to move loses the sum (its nim-value is 0)."""
    if not regions:
        return True
    at = max(range(len(regions)), key=lambda i: cells(regions[i]))
    others = 0
    for region in regions[:at] + regions[at + 1:]:
        others ^= set_search.nim_value(region[2], region[0], region[1])
    largest = regions[at]
    return set_search.value_is(largest[2], largest[0], largest[1], 0, others)


def options(regions: Regions) -> Iterator[Regions]:
    seen = set()
    for i, region in enumerate(regions):
        rest = regions[:i] + regions[i + 1:]
        for play in CRAM.plays(region):
            option = tuple(sorted(rest + regions_of(CRAM.apply(region, play))))
            if option not in seen:
                seen.add(option)
                yield option


def main(rows: int, cols: int, leaf: int) -> None:
    inner: set[Regions] = set()
    leaves: set[Regions] = set()
    board = regions_of((rows, cols, (1 << rows * cols) - 1))
    started = time.perf_counter()
    with work_limit(Budget.of(3600, 16 * 10**9)):
        target = board if lost(board) else next(z for z in options(board) if lost(z))
        pending = [target]
        while pending:
            position = pending.pop()
            if position in inner or position in leaves:
                continue
            if all(cells(region) <= leaf for region in position):
                leaves.add(position)
                continue
            inner.add(position)
            for option in options(position):
                pending.append(next(z for z in options(option) if lost(z)))
    print(f"{rows}x{cols}, leaves of at most {leaf} cells: {len(inner)} positions beyond "
          f"{len(leaves)} leaves, {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:4]))
