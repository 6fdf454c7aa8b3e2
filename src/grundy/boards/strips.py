"""Boards one or two cells wide that are heap games: one-row Cram is Dawson's Kayles, kings
on one or two rows are Dawson's chess.

**Cram on a row.**  The free cells of a row fall into runs, and a domino lies in one run:
on a run of k cells it covers two neighbouring cells and leaves the runs on its two sides,
j and k - 2 - j cells (either may be empty).  That is the take-and-break move "take 2,
leaving 0, 1 or 2 heaps": digit 1 + 2 + 4 = 7 for taking 2, the octal game 0.07,
Dawson's Kayles.  A region of Cram that is one cell wide is such a run.

**Kings on a row.**  A king takes its cell and the cells next to it out of play, so runs
of cells where a king may go never interact.  On a run of k cells a king at an end takes
2 cells (the whole run when k <= 2) and leaves one run; one cell in from an end it takes 3
and leaves one run; further in it takes 3 and leaves two.  So: take 1 leaving nothing (k =
1), take 2 leaving 0 or 1 heaps, take 3 leaving 0, 1 or 2 heaps: digits 1, 3, 7, the
octal game 0.137, Dawson's chess.

**Kings on two rows.**  A king on either cell of column c attacks both cells of columns
c - 1, c and c + 1, so on a full block of two rows and k columns every king takes whole
columns out, the same columns a king on cell c of a row of k cells takes, and leaves full
blocks of columns again.  A full 2 x k region is Dawson's chess with a heap of k.

Each reduction keeps the game graph (positions correspond one to one, moves to moves), so
nim-values are equal, and a heap game's value at any size comes from its computed
nim-sequence and its proved period (:meth:`~grundy.heap.base.HeapGame.heap_value`).

>>> from grundy.boards.cram import CRAM
>>> from grundy.boards.kings import KINGS
>>> strip_value(CRAM, (1, 41, (1 << 41) - 1)), strip_value(KINGS, (2, 35, (1 << 70) - 1))
(1, 1)
>>> print(strip_reason(CRAM, (1, 41, (1 << 41) - 1)))
a row of Cram is Dawson's Kayles (octal:0.07): cram 1x41 is a heap of 41
"""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import TYPE_CHECKING

from grundy.boards.bitgrid import Grid
from grundy.heap.takebreak import TakeAndBreak

if TYPE_CHECKING:
    from grundy.boards.base import BoardGame

DAWSONS_KAYLES = TakeAndBreak("0.07")
DAWSONS_CHESS = TakeAndBreak("0.137")

#: For each game, the widths of full regions that are heaps, the heap game and its words.
_REDUCTIONS: dict[str, tuple[tuple[int, ...], TakeAndBreak, str]] = {
    "cram": ((1,), DAWSONS_KAYLES, "a row of Cram is Dawson's Kayles (octal:0.07)"),
    "kings": ((1, 2), DAWSONS_CHESS,
              "a row of kings is Dawson's chess (octal:0.137), and so is a block of two rows "
              "(a king takes whole columns out)"),
}


def heap_of(game: BoardGame[Grid], region: Grid) -> int | None:
    """The heap a region of ``game`` is, when it is a full block of a width that reduces."""
    found = _REDUCTIONS.get(game.name)
    rows, cols, cells = region
    if found is None or cells != (1 << rows * cols) - 1 or min(rows, cols) not in found[0]:
        return None
    return max(rows, cols)


def _heaps(game: BoardGame[Grid], state: Grid) -> list[int] | None:
    found = _REDUCTIONS.get(game.name)
    rows, cols, cells = state
    if found is None or min(rows, cols) > max(found[0]) or not cells:
        return None
    # A full board is its own region: splitting a row of a million cells takes minutes.
    whole = heap_of(game, state)
    if whole is not None:
        return [whole]
    heaps = [heap_of(game, region) for region in game.split(state)]
    return None if None in heaps else heaps  # type: ignore[return-value]


def strip_value(game: BoardGame[Grid], state: Grid) -> int | None:
    """The nim-value of ``state`` when every region of it reduces to a heap, else None."""
    heaps = _heaps(game, state)
    if heaps is None:
        return None
    heap_game = _REDUCTIONS[game.name][1]
    return reduce(xor, (heap_game.heap_value(heap) for heap in heaps), 0)


def strip_reason(game: BoardGame[Grid], state: Grid) -> str | None:
    """The reduction in words, when :func:`strip_value` applies to ``state``."""
    heaps = _heaps(game, state)
    if not heaps:
        return None
    words = _REDUCTIONS[game.name][2]
    shown = game.format_state(state)
    if len(heaps) == 1:
        return f"{words}: {game.text} {shown} is a heap of {heaps[0]}"
    return f"{words}: {game.text} {shown} is the heaps {' '.join(map(str, sorted(heaps)))}"
