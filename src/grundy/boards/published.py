"""Published nim-values of whole Cram boards, the answer where the search would be refused.

The table is Piotr Beling's (https://github.com/beling/impartial-games, README, "The
results obtained so far"); most of its entries were first found by Glop (J. Lemoine and
S. Viennot, "Nimbers are inevitable", Theoretical Computer Science 462 (2012)).  This tool's
own search agrees with every entry it reaches: the nim-values of the boards up to 5x8, 4x11
and 6x7, and who wins 5x9 and 7x7 (benchmarks/BOARDS.md; the small ones are in the tests).

>>> published_cram_value(7, 7), published_cram_value(9, 5), published_cram_value(9, 9)
(1, 1, None)
"""

from __future__ import annotations

#: Nim-values of whole Cram boards, by (the smaller side, the larger side).
CRAM_VALUES: dict[tuple[int, int], int] = {
    (4, 4): 0, (4, 5): 2, (4, 6): 0, (4, 7): 3, (4, 8): 0, (4, 9): 1, (4, 10): 0, (4, 11): 1,
    (4, 12): 0, (4, 13): 3, (4, 14): 0, (4, 15): 4,
    (5, 5): 0, (5, 6): 2, (5, 7): 1, (5, 8): 1, (5, 9): 1, (5, 10): 2, (5, 11): 0, (5, 12): 3,
    (6, 6): 0, (6, 7): 5, (6, 8): 0, (6, 9): 1, (6, 10): 0, (6, 12): 0, (6, 14): 0,
    (7, 7): 1, (7, 8): 3, (7, 9): 1,
}

#: Where the values come from, as an answer says it.
SOURCE = ("P. Beling's table of Cram nim-values (github.com/beling/impartial-games), most "
          "first found by Lemoine and Viennot's Glop (\"Nimbers are inevitable\", 2012)")


def published_cram_value(rows: int, cols: int) -> int | None:
    """The published nim-value of the whole ``rows`` x ``cols`` Cram board, or None."""
    return CRAM_VALUES.get((min(rows, cols), max(rows, cols)))
