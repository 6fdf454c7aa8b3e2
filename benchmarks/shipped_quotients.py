"""Time to accept a shipped misère quotient (read, checked exactly, period proved again)
against building it from nothing, in the same process.

Run: ``.venv/bin/python benchmarks/shipped_quotients.py`` (prints a Markdown table; figures
in benchmarks/QUOTIENTS.md).  The compiled period check is warmed up first, so neither
column pays for loading it.
"""

from __future__ import annotations

import time

from grundy.heap.takebreak import TakeAndBreak
from grundy.misere.certificates import shipped_games, shipped_quotient
from grundy.misere.quotient import build_quotient


def main() -> None:
    shipped_quotient(TakeAndBreak("0.75"))
    print("| game | order | accept shipped s | build s | ratio |")
    print("|---|---:|---:|---:|---:|")
    for game in shipped_games():
        start = time.perf_counter()
        quotient = shipped_quotient(game)
        accepted = time.perf_counter() - start
        assert quotient is not None, game.text
        start = time.perf_counter()
        build_quotient(game, 400)
        built = time.perf_counter() - start
        print(f"| {game.text} | {quotient.order} | {accepted:.3f} | {built:.2f} | "
              f"{built / accepted:.0f}x |", flush=True)


if __name__ == "__main__":
    main()
