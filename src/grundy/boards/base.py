"""What the board games share: plays in a fixed frame, positions that fall apart, budgets.

A board game lists its *plays* (a domino, a square, a line...) in the frame of a position,
and :meth:`BoardGame.apply` makes the position a play leaves in the same frame.  The frame
is the player's (DESIGN 3.7): a position keeps the whole board it started as, in its
orientation, with the used cells marked, and a move is named by the cells it uses.  The
moves a player sees (:meth:`BoardGame.moves`, :meth:`BoardGame.labelled_moves`) stay in
that frame.

Only the search leaves it: its options (:meth:`BoardGame.options`, what the solver's tables
are keyed by) are *settled*: folded by the board's symmetries and, when the cells fall apart
into regions that no play connects, split into a :class:`~grundy.core.position.Position` of
one component per region (:meth:`BoardGame.key`).  Under normal play a sum's value is the
xor of its parts', so each region is solved once; misère play searches whole positions
(sums included) and never relies on the split.

>>> from grundy.boards.cram import CRAM
>>> state = CRAM.parse_state(["1x6"])
>>> [CRAM.format_state(option) for _, option in CRAM.labelled_moves(state)][:3]
['##....', '.##...', '..##..']
>>> [str(option) if not isinstance(option, tuple) else CRAM.format_state(option)
...  for option in CRAM.options(state)][:3]
['1x4', '1x3', 'cram 1x2 + cram 1x2']
"""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator
from itertools import islice
from typing import Any, TypeVar

from grundy.budget import search_positions, time_needed
from grundy.caches import remembered
from grundy.core.game import Game, Option, Reply
from grundy.core.position import Component, Position
from grundy.errors import TooBig, capped
from grundy.values import Value

S = TypeVar("S", bound=Hashable)

#: A play of a board game: a bitmask of cells, a line, a square...
Play = Any

# How many board searches are running inside one another; the budget is checked only by the
# outermost, since every region met inside is part of a position reachable from its root.
_nesting = [0]


#: How many plays times :meth:`BoardGame.extent` the symmetry check may look at (about a
#: second: a 100x200 board is 40 000 plays of 313 words).
MAX_MIRROR_WORK = 25_000_000

#: Why a balanced position is lost for the player to move, in words (see :func:`balanced`).
SYMMETRY = ("the lecture's symmetry strategy: the position is its own mirror image and no "
            "move meets its own image, so the second player answers every move with its "
            "mirror image and makes the last move")


def unpaired(regions: list[S]) -> list[S]:
    """The regions left when equal ones cancel in pairs: G + G has the value 0 (the second
    player copies every move in the other copy), so the value never needs them.

    >>> unpaired(["a", "b", "a", "c", "a"])
    ['a', 'b', 'c']
    """
    counts = Counter(regions)
    return [region for region in counts if counts[region] % 2]


# Asked twice of a big board (its value, then the reason given for it), and a pass over
# every play of a 100x200 board takes about half a second.
@remembered("balanced boards", most=256)
def balanced(game: BoardGame[Any], state: Any) -> bool:
    """True when ``state`` is its own mirror (:meth:`BoardGame.mirror`) and every play's
    mirror stays legal after it.

    The player to move then loses: whatever they play, the mirror answer leaves a balanced
    position again (plays only shrink what is left, so the mirror answers stay legal), and
    the mirroring player makes the last move.  See :mod:`grundy.boards.symmetry`.

    >>> from grundy.boards.kings import KINGS
    >>> balanced(KINGS, (3, 3, 0b111101111)), balanced(KINGS, (2, 2, 15))
    (True, False)
    """
    if game.mirror(state) != state:
        return False
    return all(game.legal(game.apply(state, play), game.mirror_play(state, play))
               for play in game.plays(state))


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


class PlayedGame(Game[S]):
    """A game of fixed rules whose moves are plays drawn in the player's frame: a board
    (:class:`BoardGame`), or a board over a smaller searched state
    (:class:`grundy.boards.frame.FramedBoard`)."""

    @abstractmethod
    def plays(self, state: S) -> Iterable[Play]:
        """The legal plays of ``state``, in its own frame."""

    @abstractmethod
    def apply(self, state: S, play: Play) -> S:
        """The state a play leaves, in the same frame (neither folded nor split)."""

    @abstractmethod
    def describe_play(self, state: S, play: Play) -> str:
        """A play in words, with the squares (or the parts) named in the frame of ``state``."""

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()


class BoardGame(PlayedGame[S]):
    """A game on a board: plays in a frame, folded and split positions, a bounded search.

    The search keeps one state per class of states equal under the board's symmetries, so
    a region is refused up front when its bound exceeds the budget times
    :attr:`symmetries`; the solver's own budget stops any search that still outgrows it.
    """

    #: How many symmetries fold the states (the search meets about bound / symmetries).
    symmetries: int = 1

    #: Whether the game's states are the player's frame (a board as drawn: Cram, rows).  A
    #: game whose states are already abstract (row lengths, a multiset of pieces, a word
    #: round a polygon) is played in a frame of its own (:mod:`grundy.boards.frame`), and its
    #: own moves and positions are settled, as the search's.
    keeps_frame: bool = True

    @abstractmethod
    def split(self, state: S) -> list[S]:
        """The canonical independent regions of ``state`` in which some play is left."""

    @abstractmethod
    def region_bound(self, region: S) -> int:
        """An upper bound on the states reachable from one region."""

    @property
    @abstractmethod
    def empty(self) -> S:
        """The canonical state with no play left."""

    def legal(self, state: S, play: Play) -> bool:
        """True when ``play`` is a legal play of ``state``."""
        return play in set(self.plays(state))

    def mirror(self, state: S) -> S | None:
        """The image of ``state`` under the lecture's symmetry of its frame, if it has one."""
        return None

    def mirror_play(self, state: S, play: Play) -> Play:
        """The image of a play under the symmetry of :meth:`mirror`."""
        raise NotImplementedError(f"{self.text} has no symmetry strategy")

    def symmetry_reply(self, state: S) -> Reply | None:
        """The play that leaves a balanced position (:mod:`grundy.boards.symmetry`), or None:
        the position is balanced already, no play balances it, or the board has no mirror.

        >>> from grundy.boards.kings import KINGS
        >>> KINGS.symmetry_reply((3, 3, 511)).move
        'put a king on b2'
        """
        if self.mirror(state) is None or balanced(self, state):
            return None
        # A position may come cut down to its cells (canonical, as in a Position): the board
        # the mirror needs is then the one that a play leaves, cut down again.
        for cut in (False, True):
            for play in self.plays(state):
                after = self.apply(state, play)
                if balanced(self, self.fold(after) if cut else after):
                    return Reply(self.describe_play(state, play), after)
        return None

    def is_empty(self, state: S) -> bool:
        """True for the settled state with no play left, so a sum may drop it (a board in
        the player's frame is kept to the end, its cells all used)."""
        return state == self.empty

    def canonical(self, state: S) -> S:
        """The state itself: a position keeps the player's frame (see the module); only the
        search folds (:meth:`fold`) and splits (:meth:`key`).  Folded when the game does not
        keep a frame (:attr:`keeps_frame`)."""
        return state if self.keeps_frame else self.fold(state)

    def fold(self, state: S) -> S:
        """The representative of ``state`` among its images under the board's symmetries
        (cut down to the part in play where the game's states allow it): what the search's
        tables are keyed by."""
        return state

    def key(self, state: S) -> Option:
        """The search's form of ``state``: :meth:`settle`."""
        return self.settle(state)

    def settle(self, state: S) -> Option:
        """The option a raw state stands for: one canonical region, a sum, or the empty state."""
        regions = self.split(state)
        if not regions:
            return self.empty
        if len(regions) == 1:
            return regions[0]
        return Position([Component(self, region) for region in regions], canonical_states=True)

    def count_moves(self, state: S, most: int) -> int:
        """The plays, counted without settling what they leave (which costs a pass over the
        board for each).

        >>> from grundy.boards.cram import CRAM
        >>> CRAM.count_moves(CRAM.parse_state(["100x200"]), 5000)
        5001
        """
        return sum(1 for _ in islice(self.plays(state), most + 1))

    def moves(self, state: S) -> Iterator[Option]:
        """The states the plays of ``state`` leave, in its frame (settled when the game does
        not keep a frame)."""
        if not self.keeps_frame:
            return self.options(state)
        return (self.apply(state, play) for play in self.plays(state))

    def options(self, state: S) -> Iterator[Option]:
        """The search's options of ``state``: each play, settled (folded and split)."""
        return (self.settle(self.apply(state, play)) for play in self.plays(state))

    def labelled_moves(self, state: S) -> Iterator[tuple[str, Option]]:
        """Each distinct state a play leaves, in the frame of ``state``, with the play in
        words."""
        seen: set[Option] = set()
        for play in self.plays(state):
            option = self.apply(state, play)
            if not self.keeps_frame:
                option = self.settle(option)
            if option not in seen:
                seen.add(option)
                yield self.describe_play(state, play), option

    def state_bound(self, state: S) -> int:
        """Whole positions reachable from ``state``: the product of its regions' bounds."""
        total = 1
        for region in self.split(state):
            total = capped(total * self.region_bound(region))
        return total

    def value(self, state: S) -> Value:
        """The nim-value under normal play: the xor of the regions' values.

        A region whose bound exceeds the search budget (times :attr:`symmetries`) is
        refused with :class:`~grundy.errors.TooBig` before any search starts, unless it is
        :func:`balanced`: then the lecture's symmetry strategy wins it for the second
        player, so its value is 0 without a search.
        """
        solver = self.solver()
        known = solver.values.get(state)
        if known is not None:
            return known
        # Inside a search every state met is a settled region already.
        regions = [state] if _nesting[0] else self.regions_to_search(state, search_positions())
        total = 0
        _nesting[0] += 1
        try:
            for region in regions:
                found = solver.value(region)
                assert isinstance(found, int), "board games have no cycles"
                total ^= found
        finally:
            _nesting[0] -= 1
        return total

    def value_is(self, state: S, target: int) -> bool:
        """Whether the nim-value of ``state`` is ``target`` (a game may ask its search just
        that, which prunes it)."""
        return self.value(state) == target

    def reason(self, state: S) -> str | None:
        """:data:`SYMMETRY` when ``state`` is :func:`balanced`: the lecture's symmetry
        strategy wins it for the second player."""
        return SYMMETRY if balanced(self, self.fold(state)) else None

    def _mirror_checkable(self, region: S) -> bool:
        """True when :func:`balanced` may look at every play of ``region`` in about a second
        (:data:`MAX_MIRROR_WORK`); a board of a million cells has a million plays, each a pass
        over the board."""
        most = MAX_MIRROR_WORK // self.extent(region)
        return self.count_moves(region, most) <= most

    def region_symmetries(self, region: S) -> int:
        """How many symmetries fold the states of ``region`` (:attr:`symmetries` unless the
        region's frame has fewer)."""
        return self.symmetries

    def regions_to_search(self, state: S, limit: int) -> list[S]:
        """The regions of ``state`` whose values a search must find, each within ``limit``
        times its :meth:`region_symmetries` (its :meth:`region_bound`): equal regions
        cancel in pairs (:func:`unpaired`), a region over the limit is left out when
        :func:`balanced` (its value is 0) and refused with :class:`~grundy.errors.TooBig`
        otherwise.

        >>> from grundy.boards.cram import CRAM
        >>> CRAM.regions_to_search(CRAM.parse_state(["2x2"]), 0)
        []
        >>> CRAM.regions_to_search(CRAM.parse_state(["..#../..#.."]), 0)
        []
        >>> CRAM.regions_to_search(CRAM.parse_state(["2x3"]), 100)
        [(2, 3, 63)]
        """
        searched = []
        for region in unpaired(self.split(state)):
            bound = self.region_bound(region)
            if bound <= limit * self.region_symmetries(region):
                searched.append(region)
            elif not (self.mirror(region) == region and self._mirror_checkable(region)
                      and balanced(self, region)):
                raise TooBig(f"solving {self.text} {_short(self.format_state(region))}",
                             size=bound, limit=limit * self.region_symmetries(region),
                             advice=self.budget_advice(region, bound))
        return searched

    def budget_advice(self, region: S, bound: int) -> str:
        """What budget a refusal of ``region`` (whose bound is ``bound``) says would allow
        it: the positions a budget allows grow with its time (:meth:`Budget.of
        <grundy.budget.Budget.of>`)."""
        return (f"a time budget of {time_needed(bound // self.region_symmetries(region))}"
                " (--budget) would allow it")
