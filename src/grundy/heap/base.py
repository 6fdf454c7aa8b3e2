"""Heap games: a ruleset is one function, heap size -> options; a position is a multiset of heaps.

A position of a heap game is a sum of single heaps, so its nim-value is the nim-sum of the
heaps' values, and the values of single heaps (the game's nim-sequence) are all the solver
needs.  A heap option is a tuple of the heap sizes left in its place (``()``: the heap is
gone; ``(1, 2)``: it was broken in two).
"""

from __future__ import annotations

from abc import abstractmethod
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from functools import partial, reduce
from operator import xor
from typing import Any

import numpy as np

from grundy.errors import InvalidPosition, TooBig
from grundy.game import Game, Option
from grundy.values import mex

Heaps = tuple[int, ...]

#: Largest heap whose nim-value is computed heap by heap when no formula or proved period
#: gives it.
MAX_COMPUTED_HEAP = 10_000_000


class HeapGame(Game[Heaps]):
    """A game played on heaps; subclasses give :meth:`heap_options` (and maybe a formula).

    >>> from grundy.heap.takebreak import KAYLES
    >>> KAYLES.canonical((6, 0, 5)), KAYLES.value((5, 6))
    ((5, 6), 7)
    >>> [move for move, _ in KAYLES.moves_to_value((5, 6), 0)]
    ['take 2 from an end of 5, leaving 3', 'take 2 from 5, leaving 1 and 2', \
'take 1 from an end of 6, leaving 5']
    """

    #: Largest heap this game computes values up to, heap by heap.
    max_computed_heap: int = MAX_COMPUTED_HEAP

    @abstractmethod
    def heap_options(self, n: int) -> Iterable[Heaps]:
        """The options of one heap of size ``n``: tuples of the heap sizes left."""

    @property
    def part_game(self) -> HeapGame:
        """The game the heaps left by a move belong to (this one, except for the daisy)."""
        return self

    # -- nim-values -------------------------------------------------------------------

    def heap_value(self, n: int) -> int:
        """The nim-value of one heap of size ``n``: by formula if there is one, else computed."""
        formula = self.closed_form(n)
        return int(self.values(n)[n]) if formula is None else formula

    def closed_form(self, n: int) -> int | None:
        """The nim-value of a heap of size ``n`` by a proved formula, or None if there is none."""
        return None

    def values(self, n: int) -> np.ndarray[Any, np.dtype[np.unsignedinteger[Any]]]:
        """The nim-values of single heaps 0..n, as a numpy array (computed once, then kept).

        >>> from grundy.heap.subtraction import Subtraction
        >>> Subtraction({1, 2}).values(7).tolist()
        [0, 1, 2, 0, 1, 2, 0, 1]
        """
        if n < 0:
            raise InvalidPosition(f"heap size {n} is negative")
        known = self._sequence()
        if n < len(known):
            return known[: n + 1]
        if n > self.max_computed_heap:
            raise TooBig(f"the nim-value of {self.text} {n} (no formula or proved period)",
                         size=n + 1, limit=self.max_computed_heap, unit="heap values")
        grown = self.compute_values(max(n, 2 * len(known)), known)
        self._keep_sequence(grown)
        return grown[: n + 1]

    def compute_values(self, n: int, prefix: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """Compute values 0..n, extending ``prefix`` (correct values of heaps below it).

        The general method takes the mex over each heap's options; rulesets with a compiled
        kernel override this.
        """
        parts = self.part_game
        values = [int(v) for v in prefix]
        for size in range(len(values), n + 1):
            option_values = set()
            for option in self.heap_options(size):
                option_values.add(reduce(xor, (
                    values[p] if parts is self else parts.heap_value(p) for p in option), 0))
            values.append(mex(option_values))
        return narrow_array(values)

    def _sequence(self) -> np.ndarray[Any, Any]:
        return _sequences.get(self, _EMPTY)

    def _keep_sequence(self, values: np.ndarray[Any, Any]) -> None:
        _sequences[self] = values

    def value(self, state: Heaps) -> int:
        """The nim-value of a position: the nim-sum of its heaps' values."""
        return reduce(xor, (self.heap_value(h) for h in state), 0)

    # -- positions --------------------------------------------------------------------

    def canonical(self, state: Heaps) -> Heaps:
        """Heaps sorted, empty heaps dropped."""
        return tuple(sorted(h for h in state if h))

    def is_empty(self, state: Heaps) -> bool:
        """No heaps left."""
        return not state

    def merge(self, state: Heaps, other: Heaps) -> Heaps:
        """Two multisets of heaps of one game are one multiset."""
        return self.canonical(state + other)

    def format_state(self, state: Heaps) -> str:
        """Heap sizes separated by spaces; ``0`` for no heaps."""
        return " ".join(map(str, state)) if state else "0"

    def parse_state(self, tokens: Sequence[str]) -> Heaps:
        """Heap sizes: whole numbers >= 0."""
        return self.canonical(tuple(parse_heap(token) for token in tokens))

    def state_bound(self, state: Heaps) -> int:
        """Positions reachable from ``state``: at most the product of each heap's bound."""
        total = 1
        for h in state:
            total *= self.heap_state_bound(h)
        return total

    def heap_state_bound(self, n: int) -> int:
        """Positions reachable from one heap of size ``n``; n + 1 for games that never split."""
        return n + 1

    # -- moves --------------------------------------------------------------------------

    def moves(self, state: Heaps) -> Iterator[Option]:
        """Move in one heap: replace it by one of its options."""
        for index, heap in self.distinct_heaps(state):
            for parts in self.heap_options(heap):
                yield self.after_move(state, index, parts)

    def options(self, state: Heaps) -> Iterator[Option]:
        """The moves' results are canonical already: no second sort."""
        return self.moves(state)

    def labelled_moves(self, state: Heaps) -> Iterator[tuple[str, Option]]:
        """Each distinct option with its move in words."""
        for index, heap in self.distinct_heaps(state):
            seen: set[Heaps] = set()
            for parts in self.heap_options(heap):
                key = _parts_key(parts)
                if key not in seen:
                    seen.add(key)
                    yield self.describe_heap_move(heap, key), self.after_move(state, index, key)

    def moves_to_value(self, state: Heaps, target: int) -> Iterator[tuple[str, Option]]:
        """Moves to value ``target``: heap value v goes to parts of value v ^ total ^ target."""
        change = self.value(state) ^ target
        for index, heap in self.distinct_heaps(state):
            for parts in self.heap_options_with_value(heap, self.heap_value(heap) ^ change):
                # Lazy: a big position has thousands of winning moves, each option O(heaps).
                yield (self.describe_heap_move(heap, parts),
                       partial(self.after_move, state, index, parts))

    def heap_options_with_value(self, n: int, want: int) -> Iterator[Heaps]:
        """The distinct options of a heap of size ``n`` whose parts' nim-sum is ``want``."""
        parts_game = self.part_game
        seen: set[Heaps] = set()
        for parts in self.heap_options(n):
            key = _parts_key(parts)
            if key not in seen and reduce(xor, map(parts_game.heap_value, key), 0) == want:
                seen.add(key)
                yield key

    def describe_heap_move(self, n: int, parts: Heaps) -> str:
        """A move on a heap of size ``n`` that leaves ``parts``, in words."""
        taken = n - sum(parts)
        left = _and_list(parts)
        if not parts:
            return f"take all {n}"
        if taken == 0:
            return f"split {n} into {left}"
        return f"take {taken} from {n}, leaving {left}"

    def after_move(self, state: Heaps, index: int, parts: Heaps) -> Option:
        """The option left when heap ``state[index]`` is replaced by ``parts``."""
        rest = state[:index] + state[index + 1:]
        if self.part_game is not self:
            from grundy.sums import Component, Position

            return Position([Component(self, rest), Component(self.part_game, parts)])
        for part in parts:
            if part:
                # Tuple slices keep the heaps sorted in O(n) at C speed, with no full sort.
                at = bisect_left(rest, part)
                rest = (*rest[:at], part, *rest[at:])
        return rest

    @staticmethod
    def distinct_heaps(state: Heaps) -> Iterator[tuple[int, int]]:
        """(index, size) of the first heap of each size in a sorted state."""
        previous = None
        for index, heap in enumerate(state):
            if heap != previous:
                previous = heap
                yield index, heap


_EMPTY: np.ndarray[Any, Any] = np.zeros(0, dtype=np.uint8)
_sequences: dict[HeapGame, np.ndarray[Any, Any]] = {}


def parse_heap(token: str) -> int:
    """A heap size from its text: a whole number >= 0.

    >>> parse_heap("12")
    12
    >>> parse_heap("-3")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidPosition: heap size '-3' is negative; heap sizes are whole numbers >= 0
    """
    text = token.strip()
    if text.startswith("-") and text[1:].isdigit():
        raise InvalidPosition(f"heap size {token!r} is negative; heap sizes are whole numbers >= 0")
    if not text.isdigit() or not text.isascii():
        raise InvalidPosition(f"heap size {token!r} is not a whole number >= 0")
    return int(text)


def narrow_array(values: Sequence[int]) -> np.ndarray[Any, Any]:
    """The values as a numpy array of the narrowest unsigned type that holds them.

    >>> narrow_array([0, 3, 300]).dtype, narrow_array([]).dtype
    (dtype('uint16'), dtype('uint8'))
    """
    top = max(values, default=0)
    for dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
        if top <= np.iinfo(dtype).max:
            return np.asarray(values, dtype=dtype)
    raise OverflowError(f"nim-value {top} does not fit in 64 bits")


def _parts_key(parts: Heaps) -> Heaps:
    return tuple(sorted(p for p in parts if p))


def _and_list(parts: Heaps) -> str:
    words = [str(p) for p in parts]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
