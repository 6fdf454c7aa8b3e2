"""Rebuild the shipped misère quotients, each from the game its file names, and the daisies'
elements in Kayles', from nothing: ``python -m grundy.misere.regenerate``.

Without ``--write`` it only says whether each file is current (exit status 1 if not).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial
from pathlib import Path

from grundy.misere.certificates import build_file, file_name, shipped_files
from grundy.misere.daisy import FILE as DAISY_FILE
from grundy.misere.daisy import daisy_file_text


def main(argv: list[str] | None = None) -> int:
    """Rebuild every shipped file (``--write``), or only say whether each is current."""
    parser = argparse.ArgumentParser(prog="python -m grundy.misere.regenerate",
                                     description=main.__doc__)
    parser.add_argument("--write", action="store_true", help="write the files")
    args = parser.parse_args(argv)
    folder = Path(__file__).with_name("quotients")
    stale = 0
    files: list[tuple[str, Callable[[], str]]] = [
        (str(file_name(shipped.game)), partial(build_file, shipped.game, shipped.heaps))
        for shipped in shipped_files()]
    files.append((DAISY_FILE, daisy_file_text))
    for name, build in files:
        text = build()
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
