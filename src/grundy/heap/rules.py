"""What the readers of kept values ask of a heap game: the rules of one heap, and how its
values are computed, without the sequence engine that keeps them.

Checkpoints (:mod:`grundy.heap.checkpoint`), the re-check of values read back
(:mod:`grundy.heap.recheck`) and kept periods (:mod:`grundy.heap.proved`) are read by
:class:`~grundy.heap.base.HeapGame` and check what they read against its rules; naming those
rules here, as a protocol, keeps them from importing the engine that imports them.

>>> from grundy.heap.takebreak import KAYLES
>>> def options_of_three(game: HeapRules) -> list[tuple[int, ...]]:
...     return list(game.heap_options(3))
>>> options_of_three(KAYLES)
[(2,), (1, 1), (1,)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from grundy.heap.cache import Values
    from grundy.heap.certificate import Period
    from grundy.heap.codes import TakeBreakCode


class HeapRules(Protocol):
    """A heap game as the readers of its kept values see it."""

    @property
    def part_game(self) -> HeapRules:
        """The game the heaps left by a move belong to."""

    @property
    def rare_common_code(self) -> TakeBreakCode | None:
        """The code of the rare/common kernel that computes the values, if any."""

    @property
    def cache_key(self) -> str | None:
        """The key of the game's sequence in the disk cache."""

    def heap_options(self, n: int) -> Iterable[tuple[int, ...]]:
        """The options of one heap of size ``n``."""

    def heap_option_count(self, n: int) -> int:
        """How many options a heap of size ``n`` has, at most."""

    def compute_values(self, n: int, prefix: Values,
                       progress: Callable[[int], None] | None = None) -> Values:
        """The values of heaps 0..n, extending ``prefix``."""

    def values(self, n: int, progress: Callable[[int], None] | None = None) -> Values:
        """The values of heaps 0..n, computed once and kept."""

    def values_needed(self, period: Period) -> int:
        """How many values the game's theorem needs to prove ``period``."""
