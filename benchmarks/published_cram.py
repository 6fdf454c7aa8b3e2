"""Cram nim-values of full boards against the published table, and who wins the bigger ones.

Run: .venv/bin/python benchmarks/published_cram.py [--minutes M] [RxC ...]

The table is Piotr Beling's (https://github.com/beling/impartial-games, README, "The results
obtained so far"), most of whose entries were first found by Glop (Lemoine and Viennot); it
is kept in :mod:`grundy.boards.published`.
Each board of at most 64 cells is solved cold in its own process under a time budget of
``--minutes`` (default 10), after loading the compiled kernel (not timed): the nim-value by
the compiled set search (``grundy.boards.set_search.nim_value``), and who wins by the
same search asked whether the value is 0 (``set_search.wins``), each timed; a won board's
winning move is read from the table the search left (the option it proved lost).
A board whose value is not found in time says so; nothing is left out silently.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from grundy.boards.published import CRAM_VALUES

CHILD = """
import sys, time
from grundy.boards import region_kernel as kernel, set_search
from grundy.boards.bitgrid import square
from grundy.boards.cram import CRAM
from grundy.budget import Budget, work_limit
from grundy.errors import TooBig
rows, cols, seconds, what = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
search = set_search.wins if what == "wins" else set_search.nim_value
search(3, 1, 2)
kernel.clear_memo()
board = (1 << rows * cols) - 1
start = time.perf_counter()
try:
    with work_limit(Budget.of(seconds)):
        found = search(board, rows, cols)
except TooBig:
    print(f"not within {seconds:.0f} s")
    sys.exit()
elapsed = time.perf_counter() - start
regions = kernel.memo_size()
move = ""
if what == "wins" and found:
    # The option the search proved lost is in its table; when the search settled the board
    # without one (by a mirror image), the game's own search names the move, mirror first.
    for first in range(rows * cols):
        r, c = divmod(first, cols)
        for second in (first + 1 if c + 1 < cols else -1, first + cols):
            option = board & ~(1 << first | 1 << max(second, 0))
            if 0 <= second < rows * cols and set_search.known(option, rows, cols) == 0:
                move = move or f", {square(r, c)}-{square(*divmod(second, cols))}"
    if not move:
        with work_limit(Budget.of(seconds)):
            move = ", " + CRAM.winning_move((rows, cols, board))[0].split()[-1]
print(f"{found} {elapsed:.1f} {regions}{move}")
"""


def run(rows: int, cols: int, seconds: float, what: str) -> str:
    """One search in a fresh process (cold tables): its answer, seconds and regions."""
    done = subprocess.run([sys.executable, "-c", CHILD, str(rows), str(cols), str(seconds), what],
                          capture_output=True, text=True, timeout=seconds * 2 + 60)
    return done.stdout.strip() or done.stderr.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("boards", nargs="*", help="RxC boards of the table (all by default)")
    args = parser.parse_args()
    boards = [tuple(map(int, text.split("x"))) for text in args.boards] or sorted(
        (board for board in CRAM_VALUES if board[0] * board[1] <= 64),
        key=lambda board: board[0] * board[1])
    print("| board | published | nim-value (s, regions) | first player wins? (s, regions) |")
    print("|---|---|---|---|")
    for rows, cols in boards:
        published = CRAM_VALUES[rows, cols]
        value = run(rows, cols, args.minutes * 60, "value")
        wins = run(rows, cols, args.minutes * 60, "wins")
        agrees = "" if value.startswith("not") else (
            " (agrees)" if int(value.split()[0]) == published else " (DISAGREES)")
        print(f"| {rows}x{cols} | {published} | {value}{agrees} | {wins} |", flush=True)


if __name__ == "__main__":
    main()
