"""The nim-value of one whole Cram (or kings) board by the compiled set search, cold, timed.

Run: .venv/bin/python benchmarks/cram_value.py RxC [--game cram|kings] [--minutes M] [--gib G]

One board in this process: the kernel is loaded by a small call first (not timed), the table
is emptied, then ``set_search.nim_value`` runs on the full board under a time budget of
``--minutes`` (default 25) and a memory budget of ``--gib`` GiB (default 6).  It prints the
board, the nim-value (or how far it got when a budget ran out), the wall and processor
seconds of the search and the regions solved.  Run it under ``/usr/bin/time -v`` for the
peak memory.  An interrupted run starts again from nothing: the table is not kept on disk.
"""

from __future__ import annotations

import argparse
import time

from grundy.boards import region_kernel as kernel
from grundy.boards import set_search
from grundy.budget import Budget, work_limit
from grundy.errors import TooBig


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", help="RxC")
    parser.add_argument("--game", choices=kernel.GAMES, default="cram")
    parser.add_argument("--minutes", type=float, default=25.0)
    parser.add_argument("--gib", type=float, default=6.0)
    args = parser.parse_args()
    rows, cols = map(int, args.board.split("x"))
    kind = kernel.GAMES.index(args.game)
    set_search.nim_value(3, 1, 2, kind)
    kernel.clear_memo()
    start, cpu = time.perf_counter(), time.process_time()
    try:
        with work_limit(Budget.of(args.minutes * 60, int(args.gib * 2**30))):
            found: object = set_search.nim_value((1 << rows * cols) - 1, rows, cols, kind)
    except TooBig as error:
        found = f"not found: {error}"
    print(f"{args.game} {rows}x{cols}: {found}; {time.perf_counter() - start:.1f} s wall, "
          f"{time.process_time() - cpu:.1f} s processor, {kernel.memo_size(kind)} regions",
          flush=True)


if __name__ == "__main__":
    main()
