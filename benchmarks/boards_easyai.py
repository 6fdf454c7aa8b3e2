"""Cram and kings boards: who wins, by grundy and by easyAI's solver, and the ratio of times.

Run: .venv/bin/python benchmarks/boards_easyai.py [--easyai-python PATH]

easyAI is never a dependency of grundy: install it in a separate environment, e.g.
``python3 -m venv /tmp/easyai-venv && /tmp/easyai-venv/bin/pip install easyAI``.  This
script times grundy in its own process, then runs itself under that environment's Python
with ``--easyai-only`` (which imports easyAI and not grundy) for easyAI's figures.

grundy computes the nim-value and every winning move (the compiled search folds the
regions' symmetries, splits positions into regions and values a region that is its own
image under the half turn, with no domino across the centre, 0 without a search: the
lecture's symmetry strategy, which settles 4x6 at once); easyAI's
``solve_with_depth_first_search`` with a transposition table finds who wins.  grundy's
figure is the median of 21 cold runs (every memo cleared before each), after one untimed
warm-up that loads the compiled kernel, timed apart; easyAI's is the median of three runs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

BOARDS = [("cram", 4, 5), ("cram", 5, 5), ("cram", 4, 6), ("kings", 4, 5), ("kings", 5, 5),
          ("kings", 5, 6)]
RUNS = 21
EASYAI_RUNS = 3


def easyai_times() -> dict[str, list[object]]:
    """Solve each board with easyAI: {"RxC": [first player wins?, seconds, positions]}."""
    from easyAI import AI_Player, TwoPlayerGame
    from easyAI.AI import TranspositionTable
    from easyAI.AI.solving import solve_with_depth_first_search

    class Cram(TwoPlayerGame):  # type: ignore[misc]
        def __init__(self, rows: int, cols: int) -> None:
            self.players = [AI_Player(None), AI_Player(None)]
            self.rows, self.cols = rows, cols
            self.free = [[True] * cols for _ in range(rows)]
            self.current_player = 1

        def possible_moves(self) -> list[tuple[int, int, int, int]]:
            found = []
            for r in range(self.rows):
                for c in range(self.cols):
                    if self.free[r][c]:
                        if c + 1 < self.cols and self.free[r][c + 1]:
                            found.append((r, c, r, c + 1))
                        if r + 1 < self.rows and self.free[r + 1][c]:
                            found.append((r, c, r + 1, c))
            return found

        def make_move(self, move: tuple[int, int, int, int]) -> None:
            self.free[move[0]][move[1]] = self.free[move[2]][move[3]] = False

        def unmake_move(self, move: tuple[int, int, int, int]) -> None:
            self.free[move[0]][move[1]] = self.free[move[2]][move[3]] = True

        def is_over(self) -> bool:
            return not self.possible_moves()

        def scoring(self) -> int:
            return -100 if self.is_over() else 0

        def ttentry(self) -> tuple[tuple[bool, ...], ...]:
            return tuple(tuple(row) for row in self.free)

    class Kings(Cram):
        """A king takes its cell and the free cells round it; unmade from a stack."""

        def __init__(self, rows: int, cols: int) -> None:
            super().__init__(rows, cols)
            self.taken: list[list[tuple[int, int]]] = []

        def possible_moves(self) -> list[tuple[int, int, int, int]]:
            return [(r, c, r, c) for r in range(self.rows) for c in range(self.cols)
                    if self.free[r][c]]

        def make_move(self, move: tuple[int, int, int, int]) -> None:
            r, c = move[0], move[1]
            taken = [(y, x) for y in range(max(r - 1, 0), min(r + 2, self.rows))
                     for x in range(max(c - 1, 0), min(c + 2, self.cols)) if self.free[y][x]]
            for y, x in taken:
                self.free[y][x] = False
            self.taken.append(taken)

        def unmake_move(self, move: tuple[int, int, int, int]) -> None:
            for y, x in self.taken.pop():
                self.free[y][x] = True

    games = {"cram": Cram, "kings": Kings}
    found: dict[str, list[object]] = {}
    for game, rows, cols in BOARDS:
        seconds = []
        for _ in range(EASYAI_RUNS):
            table = TranspositionTable()
            start = time.perf_counter()
            result = solve_with_depth_first_search(games[game](rows, cols), win_score=90,
                                                   tt=table)
            seconds.append(time.perf_counter() - start)
        found[f"{game} {rows}x{cols}"] = [result == 1, statistics.median(seconds), len(table.d)]
    return found


def grundy_times() -> tuple[float, dict[str, list[object]]]:
    """The warm-up's seconds, and each board solved cold by grundy:
    {"RxC": [first player wins?, median seconds, regions]}."""
    from grundy.analysis import analyze
    from grundy.boards import region_kernel
    from grundy.caches import clear_caches

    start = time.perf_counter()
    analyze("cram 2x3")
    warm_up = time.perf_counter() - start
    found: dict[str, list[object]] = {}
    for game, rows, cols in BOARDS:
        seconds = []
        for _ in range(RUNS):
            clear_caches()
            region_kernel.clear_memo()
            start = time.perf_counter()
            analysis = analyze(f"{game} {rows}x{cols}")
            seconds.append(time.perf_counter() - start)
        found[f"{game} {rows}x{cols}"] = [analysis.winner == "first", statistics.median(seconds),
                                          region_kernel.memo_size(region_kernel.GAMES.index(game))]
    return warm_up, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--easyai-python", default="/tmp/easyai-venv/bin/python")
    parser.add_argument("--easyai-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.easyai_only:
        print(json.dumps(easyai_times()))
        return
    warm_up, ours = grundy_times()
    print(f"grundy warm-up (import done; loading or compiling the kernel): {warm_up:.2f} s\n")
    try:
        run = subprocess.run([args.easyai_python, __file__, "--easyai-only"], check=True,
                             capture_output=True, text=True)
        theirs: dict[str, list[object]] | None = json.loads(run.stdout)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"easyAI could not be run with {args.easyai_python}: {error}", file=sys.stderr)
        theirs = None
    print("| board | winner | grundy s | grundy regions | easyAI s | easyAI positions | "
          "easyAI / grundy |")
    print("|---|---|---|---|---|---|---|")
    for board, (first, seconds, regions) in ours.items():
        winner = "first" if first else "second"
        if theirs is None:
            print(f"| {board} | {winner} | {seconds:.4f} | {regions} | - | - | - |")
            continue
        their_first, their_seconds, positions = theirs[board]
        assert their_first == first, f"grundy and easyAI disagree on {board}"
        ratio = float(their_seconds) / float(seconds)  # type: ignore[arg-type]
        print(f"| {board} | {winner} | {seconds:.4f} | {regions} | {their_seconds:.2f} | "
              f"{positions} | {ratio:.0f} |")


if __name__ == "__main__":
    main()
