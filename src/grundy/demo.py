"""A short tour of ``grundy``: what ``make run`` shows.

Run ``python -m grundy.demo``; every block below is a real command and its real output.
"""

from __future__ import annotations

import shlex

from grundy.cli import main

TOUR = [
    "analyze nim 3 2 1",
    "analyze kayles 5 6",
    "analyze daisy 6 + daisy 5",
    "analyze --misere nim 8 4 1",
    "table half --to 19 --from 1",
    "sequence kayles --to 30",
    "value nim 1000000000000000000",
]


def tour() -> int:
    """Run each command of the tour, printing it and its output; return the worst exit code.

    >>> tour() == 0  # doctest: +ELLIPSIS
    $ grundy analyze nim 3 2 1
    ...
    True
    """
    worst = 0
    for command in TOUR:
        print(f"$ grundy {command}")
        worst = max(worst, main(shlex.split(command)))
        print()
    return worst


if __name__ == "__main__":
    raise SystemExit(tour())
