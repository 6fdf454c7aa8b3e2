"""What the sequence engine and the readers of kept values ask of a heap game: the rules of
one heap, and how its values are computed, without the engine that keeps them.

The sequence engine (:mod:`grundy.heap.engine`), checkpoints
(:mod:`grundy.heap.checkpoint`), the re-check of values read back
(:mod:`grundy.heap.recheck`) and kept periods (:mod:`grundy.heap.proved`) serve
:class:`~grundy.heap.base.HeapGame` and check what they read against its rules; naming those
rules here, as a protocol, keeps them from importing the rules that import the engine.

>>> from grundy.heap.takebreak import KAYLES
>>> def options_of_three(game: HeapRules) -> list[tuple[int, ...]]:
...     return list(game.heap_options(3))
>>> options_of_three(KAYLES)
[(2,), (1, 1), (1,)]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from grundy.heap.cache import Values
    from grundy.heap.certificate import Period
    from grundy.heap.codes import TakeBreakCode
    from grundy.heap.compact import AnyValues

#: Hears how many values are computed so far, now and then during a long computation.
Progress = Callable[[int], None]
#: Hears the values computed so far, now and then during a long computation (checkpoints).
Keep = Callable[["Values"], None]
#: No limit on the heaps computed but memory (``max_computed_heap``).
MEMORY_BOUND = sys.maxsize


class HeapRules(Protocol):
    """A heap game as the sequence engine and the readers of its kept values see it."""

    @property
    def text(self) -> str:
        """The game's name, as the refusals and files say it."""

    @property
    def max_computed_heap(self) -> int:
        """Largest heap computed heap by heap (:data:`MEMORY_BOUND`: memory is the limit)."""

    @property
    def part_game(self) -> HeapRules:
        """The game the heaps left by a move belong to."""

    @property
    def rare_common_code(self) -> TakeBreakCode | None:
        """The code of the rare/common kernel that computes the values, if any."""

    @property
    def cache_key(self) -> str | None:
        """The key of the game's sequence in the disk cache."""

    @property
    def certifiable(self) -> bool:
        """True when a theorem can prove the game's period from enough values."""

    def heap_options(self, n: int) -> Iterable[tuple[int, ...]]:
        """The options of one heap of size ``n``."""

    def heap_option_count(self, n: int) -> int:
        """How many options a heap of size ``n`` has, at most."""

    def closed_form(self, n: int) -> int | None:
        """The value of a heap of size ``n`` by a proved formula, or None."""

    def check_cost(self, n: int, what: str) -> None:
        """Refuse up front (:class:`~grundy.errors.TooBig`) values 0..n whose work the
        game's own kernel knows to be too big, beyond the memory every game is held to."""

    def compute_values(self, n: int, prefix: Values,
                       progress: Callable[[int], None] | None = None) -> Values:
        """The values of heaps 0..n, extending ``prefix``."""

    def compute_values_kept(self, n: int, prefix: AnyValues, progress: Progress | None,
                            keep: Keep | None) -> AnyValues:
        """:meth:`compute_values`, handing the values computed so far to ``keep``; compact
        values (:mod:`grundy.heap.compact`) where the kernel makes them so."""

    def values(self, n: int, progress: Callable[[int], None] | None = None) -> Values:
        """The values of heaps 0..n, computed once and kept."""

    def certify(self, values: Values) -> Period | None:
        """The period proved from these values by the game's theorem, or None."""

    def certify_held(self, values: AnyValues) -> Period | None:
        """:meth:`certify` of values in either form."""

    def values_needed(self, period: Period) -> int:
        """How many values the game's theorem needs to prove ``period``."""
