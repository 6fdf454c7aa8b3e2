"""Rebuild the shipped misère quotients from nothing: ``python -m grundy.misere.regenerate``.

Without ``--write`` it only says whether each file is current (exit status 1 if not).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from grundy.heap.base import HeapGame
from grundy.misere.certificates import PARTIAL, SHIPPED, SHIPPED_UNIONS, build_file, file_name
from grundy.misere.union import HeapUnion


def main(argv: list[str] | None = None) -> int:
    """Rebuild every shipped file (``--write``), or only say whether each is current."""
    parser = argparse.ArgumentParser(prog="python -m grundy.misere.regenerate",
                                     description=main.__doc__)
    parser.add_argument("--write", action="store_true", help="write the files")
    args = parser.parse_args(argv)
    folder = Path(__file__).with_name("quotients")
    stale = 0
    games: list[HeapGame | HeapUnion] = [*SHIPPED, *PARTIAL, *SHIPPED_UNIONS]
    for game in games:
        name = file_name(game)
        assert name is not None
        text = build_file(game)
        path = folder / name
        current = path.is_file() and path.read_text() == text
        if args.write and not current:
            folder.mkdir(exist_ok=True)
            path.write_text(text)
        stale += not current
        print(f"{name}: {'current' if current else 'written' if args.write else 'stale'}")
    return 1 if stale and not args.write else 0


if __name__ == "__main__":
    raise SystemExit(main())
