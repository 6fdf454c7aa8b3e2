"""Codes that are the same game: the *dead-heap rule*.

A heap size from which no move is possible (a *dead* size) is, as a game, the same as no
heap at all: it adds nothing to any position.  So two codes are the same game when, for
every heap size ``n``, they offer the same options once dead parts are struck out of each
option (the dead sizes themselves being the sizes that have no option at all).  Then the
two games have the same positions and moves after that relabelling, hence the same
nim-values, misère outcomes and everything else, for every heap.

Examples.  In ``0.07`` (Dawson's Kayles) heaps 1, 2 and 3 are dead, so taking 2 from a heap
of 3 (which leaves a dead 1) is the same as taking all 3: bit 1 of the third digit adds
nothing, and ``0.071`` is ``0.07``.  Taking 2 and splitting ``n`` into ``1`` and ``n - 3``
is taking 3 and leaving ``n - 3``: ``0.072`` is ``0.07`` too.  In ``0.6`` (Officers) heap 1
is dead, so ``0.61`` (remove a heap of 2) and ``0.62`` (take 2, leave one heap) add only
moves ``0.6`` already has.  Equal values alone do not make codes equivalent here (``0.3``
and ``0.7`` both have values ``n mod 2``, but their games differ).

*Why a finite check suffices.*  Let ``t`` be the larger of the two codes' last digit
positions and compare the reduced options of every ``n <= 3t + 4``.  A code with a digit
that leaves one or two heaps has all its dead sizes in ``1..t+1`` (larger heaps can make
that move); for ``n >= 3t + 4`` every option of ``n`` then reduces to a single heap
``n - o`` (``o`` in a set of offsets fixed by the code and its dead sizes) or to a pair
``(a, n - k - a)`` with ``a`` live, ``k`` a splitting digit; one such ``n`` shows the
offsets, the splitting digits and (below ``t + 2``) the dead sizes, which fix the reduced
options of every larger ``n``.  A code without such a digit only removes whole heaps, and
all its heaps past ``t`` are dead; one that has one shows a live option by ``3t + 4``.

>>> [[code.text for code in group] for group in same_game_groups(
...     [TakeBreakCode((0, 0, 7)), TakeBreakCode((0, 0, 7, 1)), TakeBreakCode((0, 3))])]
[['0.07', '0.071'], ['0.3']]
"""

from __future__ import annotations

from collections.abc import Sequence

from grundy.heap.codes import TakeBreakCode
from grundy.heap.takebreak import TakeAndBreak

#: The options of each heap 0..bound, dead parts struck out.
Signature = tuple[frozenset[tuple[int, ...]], ...]


def reduced_options(code: TakeBreakCode, bound: int) -> Signature:
    """For each heap 0..bound, its options with the dead parts struck out.

    >>> reduced_options(TakeBreakCode((0, 0, 7)), 4)[4]
    frozenset({(), (2,)})
    """
    game = TakeAndBreak(code.text)
    options = [set(game.heap_options(n)) for n in range(bound + 1)]
    dead = {n for n in range(1, bound + 1) if not options[n]}
    return tuple(frozenset(tuple(part for part in parts if part not in dead)
                           for parts in heap) for heap in options)


def same_game_bound(codes: Sequence[TakeBreakCode]) -> int:
    """``3t + 4``: the heaps up to which reduced options are compared (see the module)."""
    return 3 * max((code.largest_removal for code in codes), default=0) + 4


def same_game(first: TakeBreakCode, second: TakeBreakCode) -> bool:
    """True when the two codes are the same game by the dead-heap rule.

    >>> same_game(TakeBreakCode((0, 6)), TakeBreakCode((0, 6, 2))), \\
    ... same_game(TakeBreakCode((0, 3)), TakeBreakCode((0, 7)))
    (True, False)
    """
    bound = same_game_bound([first, second])
    return reduced_options(first, bound) == reduced_options(second, bound)


def same_game_groups(codes: Sequence[TakeBreakCode]) -> list[list[TakeBreakCode]]:
    """The codes grouped by the dead-heap rule, each group in the order given, the groups in
    the order of their first code (so the first of each group stands for it)."""
    bound = same_game_bound(codes)
    groups: dict[Signature, list[TakeBreakCode]] = {}
    for code in codes:
        groups.setdefault(reduced_options(code, bound), []).append(code)
    return list(groups.values())
