"""Moore's Nim_k: take tokens from up to ``k`` heaps at once (at least one from each).

*Theorem* (E. H. Moore, 1910): a position is a P-position iff, for every binary digit
position, the number of heaps having a 1 there is divisible by ``k + 1``.  (``k = 1`` is
Nim.)  So who wins is known at any size; the winning moves are the moves to such
positions.  Other nim-values have no known formula and are searched.

>>> game = Moore(2)
>>> game.is_p_position((1, 2, 3)), game.is_p_position((3, 3, 3)), game.is_p_position((5, 6))
(False, True, False)
>>> [d for d, _ in game.moves_to_value((3, 3, 4), 0)]
['take 1 from 4, leaving 3']
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from grundy.core.game import Option
from grundy.errors import InvalidGame
from grundy.heap.base import HeapPositions, Heaps
from grundy.numerals import whole_number
from grundy.values import Value

#: Largest ``k`` accepted (more heaps than that are never played).
MAX_K = 1000


class Moore(HeapPositions):
    """Moore's Nim_k on heaps; ``moore:K H1 H2 ...``.

    A position is *not* a sum of its heaps (a move may touch several), so its value is the
    general solver's, except at P-positions.
    """

    name = "moore"

    def __init__(self, k: int) -> None:
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise InvalidGame(f"moore:{k}: k is the most heaps a move takes from, a whole "
                              f"number 1-{MAX_K}")
        self.k = k

    @classmethod
    def parse(cls, parameter: str) -> Moore:
        """``moore:K``: the game of taking from up to ``K`` heaps."""
        return cls(whole_number(parameter, "moore:K, the number K", minimum=1, error=InvalidGame))

    @property
    def text(self) -> str:
        """``moore:K``."""
        return f"moore:{self.k}"

    def is_p_position(self, state: Heaps) -> bool:
        """Moore's rule: every binary digit is 1 in a multiple of ``k + 1`` heaps."""
        top = max(state, default=0).bit_length()
        return all(sum(h >> bit & 1 for h in state) % (self.k + 1) == 0 for bit in range(top))

    def moves(self, state: Heaps) -> Iterator[Option]:
        """Choose 1 to ``k`` heaps and take at least one token from each."""
        for count in range(1, min(self.k, len(state)) + 1):
            for chosen in combinations(range(len(state)), count):
                for left in product(*(range(state[i]) for i in chosen)):
                    heaps = list(state)
                    for i, keep in zip(chosen, left, strict=True):
                        heaps[i] = keep
                    yield self.canonical(tuple(heaps))

    def describe_move(self, state: Heaps, option: Option) -> str:
        """``take 1 from 4, leaving 3`` or ``take 2 from 5 and 1 from 3, leaving 3 and 2``."""
        before, after = _changed(state, option)
        taken = " and ".join(f"{b - a} from {b}" for b, a in zip(before, after, strict=True))
        left = " and ".join(map(str, after))
        return f"take {taken}, leaving {left}"

    def moves_to_value(self, state: Heaps, target: int) -> Iterator[tuple[str, Option]]:
        """Moves to P-positions by Moore's rule (no search); other targets by search."""
        if target != 0:
            yield from super().moves_to_value(state, target)
            return
        for description, option in self.labelled_moves(state):
            if self.is_p_position(option):
                yield description, option

    def value(self, state: Heaps) -> Value:
        """0 at a P-position by Moore's rule, else the general solver's value."""
        state = self.canonical(state)
        if self.is_p_position(state):
            return 0
        return self.solver().value(state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Moore) and other.k == self.k

    def __hash__(self) -> int:
        return hash(("moore", self.k))

    def __repr__(self) -> str:
        return f"Moore({self.k})"


def _changed(state: Heaps, option: Heaps) -> tuple[list[int], list[int]]:
    """The heaps a move changed, before and after: the multiset differences, matched in
    order of size."""
    before = list(state)
    after = [*option, *([0] * (len(state) - len(option)))]
    after.sort()
    for h in list(before):
        if h in after:
            before.remove(h)
            after.remove(h)
    return sorted(before, reverse=True), sorted(after, reverse=True)

