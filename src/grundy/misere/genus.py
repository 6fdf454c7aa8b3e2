"""Conway's genus of heap positions: ``g^(g0 g1 g2 ...)``, written as CGSuite writes it.

``g`` is the normal-play nim-value; ``g_k`` is the misère nim-value of the position plus k
heaps of size 2 in Nim (``g_0`` is the misère nim-value itself).  The misère nim-value of a
position is 1 when it has no move, and otherwise the least whole number that no option has.
The sequence g_0, g_1, ... ends by alternating between two numbers; it is written up to the
first two terms of that alternation (``0^120`` for the empty position, ``1^031`` for one
token, ``2^20`` for a Nim heap of 2).

>>> from grundy.heap.subtraction import Nim
>>> [genus(Nim(), (n,)).text for n in range(5)]
['0^120', '1^031', '2^20', '3^31', '4^46']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grundy.errors import TooBig
from grundy.heap.base import HeapGame, Heaps
from grundy.values import mex

#: The most heaps ``sequence --genus`` lists.
MAX_GENUS_HEAPS = 60
#: The most (position, heaps of 2, heaps of 1) triples one genus may visit.
MAX_GENUS_STATES = 400_000


@dataclass(frozen=True)
class Genus:
    """``normal`` (g) and the misère values ``misere`` (g_0 g_1 ... up to the alternation)."""

    normal: int
    misere: tuple[int, ...]

    @property
    def text(self) -> str:
        """``g^g0g1...`` (values above 9 are put in brackets, as CGSuite does)."""
        def say(v: int) -> str:
            return str(v) if v < 10 else f"[{v}]"
        return f"{self.normal}^" + "".join(say(v) for v in self.misere)

    @property
    def misere_value(self) -> int:
        """The misère nim-value g_0."""
        return self.misere[0]


def genus(game: HeapGame, heaps: Heaps, values: _MisereValues | None = None) -> Genus:
    """The genus of a position of a heap game (a sum of heaps), by definition: misère
    nim-values of the position plus k Nim heaps of 2, for k up to the longest play of the
    position plus 4, where the alternation has begun.  ``values``: the misère values
    already searched (of the same game), shared by the heaps of a sequence."""
    state = game.canonical(tuple(heaps))
    longest = _longest(game, state)
    terms = longest + 4
    values = _MisereValues(game) if values is None else values
    sequence = [values.of(state, k, 0) for k in range(terms + 1)]
    return Genus(game.value(state), _abbreviated(sequence))


def _abbreviated(sequence: list[int]) -> tuple[int, ...]:
    start = len(sequence) - 2
    while start > 0 and sequence[start - 1] == sequence[start + 1]:
        start -= 1
    return tuple(sequence[: start + 2])


def _longest(game: HeapGame, state: Heaps) -> int:
    """The most moves a play from ``state`` can last (a bound on the alternation's start)."""
    best: dict[Heaps, int] = {}

    def walk(node: Heaps) -> int:
        if node not in best:
            best[node] = max((1 + walk(o) for o in game.options(node)), default=0)
        return best[node]
    return walk(state)


class _MisereValues:
    """Misère nim-values of (position, k heaps of 2, j heaps of 1), memoised.

    Where the game's heaps of 1 and 2 are Nim heaps (Kayles: rows of 1 and 2 pins), they
    are the same games as the added heaps of 1 and 2, so a position's own are counted with
    those: one key for positions that differ only there (about a third of the states)."""

    def __init__(self, game: HeapGame) -> None:
        self.game = game
        self.known: dict[tuple[Heaps, int, int], int] = {}
        self.fold = _is_nim_heap(game, 1, [()]) and _is_nim_heap(game, 2, [(1,), ()])

    def of(self, state: Heaps, twos: int, ones: int) -> int:
        if self.fold and state and state[0] <= 2:
            twos += state.count(2)
            ones += state.count(1)
            state = tuple(h for h in state if h > 2)
        key = (state, twos, ones)
        if key in self.known:
            return self.known[key]
        if len(self.known) > MAX_GENUS_STATES:
            raise TooBig("the genus", limit=MAX_GENUS_STATES)
        options = [self.of(o, twos, ones) for o in self.game.options(state)]
        if twos:
            options += [self.of(state, twos - 1, ones + 1), self.of(state, twos - 1, ones)]
        if ones:
            options.append(self.of(state, twos, ones - 1))
        value = mex(options) if options else 1
        self.known[key] = value
        return value


def _is_nim_heap(game: HeapGame, heap: int, options: list[Heaps]) -> bool:
    """Whether the heap's options are exactly ``options`` (those of a Nim heap)."""
    found = sorted(tuple(sorted(p for p in parts if p)) for parts in game.heap_options(heap))
    return found == sorted(options)


def genus_report(game: HeapGame, to: int) -> dict[str, Any]:
    """``{"game", "convention": "misere", "genus": [text of heap 0, ...], "misere_values"}``
    for heaps 0..to.

    >>> from grundy.heap.takebreak import KAYLES
    >>> genus_report(KAYLES, 3)["genus"]
    ['0^120', '1^031', '2^20', '3^31']
    """
    if to > MAX_GENUS_HEAPS:
        raise TooBig(f"the genus of heaps 0..{to}", size=to, limit=MAX_GENUS_HEAPS,
                     unit="heaps")
    # One table for all heaps: heap n's search meets the positions of the heaps below it.
    values = _MisereValues(game)
    found = [genus(game, (n,) if n else (), values) for n in range(to + 1)]
    return {"game": game.text, "convention": "misere", "genus": [g.text for g in found],
            "misere_values": [g.misere_value for g in found]}
