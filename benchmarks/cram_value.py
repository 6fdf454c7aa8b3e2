"""The nim-value of one whole Cram (or kings) board by the compiled set search, cold, timed.

Run: .venv/bin/python benchmarks/cram_value.py RxC [--game cram|kings] [--minutes M] [--gib G]
     [--wide auto|always|all-two-words]

One board in this process: the kernel is loaded by a small call first (not timed), the table
is emptied, then ``set_search.nim_value`` runs on the full board under a time budget of
``--minutes`` (default 25) and a memory budget of ``--gib`` GiB (default 6).  It prints the
board, the nim-value (or how far it got when a budget ran out), the wall and processor
seconds of the search and the regions solved.  Boards of more than 64 cells (up to 128)
go to the search on two words (``grundy.boards.wide_search``), as any board does with
``--wide always``; ``--wide all-two-words`` searches every region there, none on one word.
Run it under ``/usr/bin/time -v`` for the peak memory.  An interrupted run starts again
from nothing: the tables are not kept on disk.
"""

from __future__ import annotations

import argparse
import time

from grundy.boards import region_kernel as kernel
from grundy.boards import set_search, wide_search
from grundy.budget import Budget, work_limit
from grundy.errors import TooBig


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", help="RxC")
    parser.add_argument("--game", choices=kernel.GAMES, default="cram")
    parser.add_argument("--minutes", type=float, default=25.0)
    parser.add_argument("--gib", type=float, default=6.0)
    parser.add_argument("--wide", choices=("auto", "always", "all-two-words"), default="auto",
                        help="the search on two words: beyond 64 cells (auto), always, or "
                             "always and for every region (no one-word regions)")
    args = parser.parse_args()
    rows, cols = map(int, args.board.split("x"))
    kind = kernel.GAMES.index(args.game)
    wide = args.wide != "auto" or rows * cols > kernel.MAX_CELLS
    if args.wide == "all-two-words":
        wide_search.NARROW = 0
    search = wide_search.nim_value if wide else set_search.nim_value
    search(3, 1, 2, kind)
    kernel.clear_memo()
    wide_search.clear_memo()
    start, cpu = time.perf_counter(), time.process_time()
    try:
        with work_limit(Budget.of(args.minutes * 60, int(args.gib * 2**30))):
            found: object = search((1 << rows * cols) - 1, rows, cols, kind)
    except TooBig as error:
        found = f"not found: {error}"
    print(f"{args.game} {rows}x{cols}: {found}; {time.perf_counter() - start:.1f} s wall, "
          f"{time.process_time() - cpu:.1f} s processor, {kernel.memo_size(kind)} regions"
          + (f" and {wide_search.memo_size(kind)} on two words" if wide else ""),
          flush=True)


if __name__ == "__main__":
    main()
