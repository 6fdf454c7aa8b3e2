"""Who wins a diagonals position, by a search that keeps only the runs of open vertices.

A vertex with two diagonals (full) takes no further part in the game, except that it keeps
its two neighbours from being neighbours.  So what matters of a position is its *open*
vertices (fewer than two diagonals), each bare, with one diagonal to a full vertex, or with
one diagonal to another open vertex (the two may not be joined again), and which open
vertices are neighbours on the polygon.  Before any vertex is full the open vertices form
the polygon's cycle; afterwards the full vertices cut them into *runs* of neighbours, and
two open vertices may be joined unless they stand side by side in a run or are joined
already.  The order of the runs round the polygon and the direction of each run do not
matter, so a state is the sorted runs, each read in its lesser direction.  Diagonals may
cross, so a drawn diagonal does not split the polygon: the runs are not independent games,
and the state is searched whole.

The search stops at the first winning move (it finds who wins, not the nim-value).  It
tries first the options with the fewest open vertices, then those with the most runs: the
game is a fight over how it ends (see :mod:`grundy.boards.diagonals`), and options close to
their end are settled fastest.  Before it searches any option it looks whether one is known
to be lost already.  Both conventions are searched the same way: a position without a move
is lost for the player to move under normal play and won under misère play.  The search
itself is compiled (:mod:`grundy.boards.diagonals_kernel`), the states packed into three
64-bit words; this module keeps the form of a state, the budget and the table.

>>> [first_player_wins(polygon(n)) for n in range(3, 11)]
[False, False, True, True, False, False, False, True]
>>> [first_player_wins(polygon(n), misere=True) for n in range(3, 11)]
[True, True, False, False, False, True, False, True]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import repeat

from grundy.boards.diagonals_kernel import (
    CHILD,
    MADE,
    PENDING,
    STOPPED,
    Stack,
    Table,
    decode,
    encode,
    option_keys,
    search_run,
)
from grundy.budget import Watch, search_positions
from grundy.caches import register
from grundy.errors import TooBig

#: Labels of open vertices: bare, one diagonal to a full vertex; 2, 3, ...: one diagonal to
#: the other open vertex of the same label.
BARE, LONE = 0, 1
PAIRED = 2
#: A full vertex, in runs not cut yet.
FILLED = -1

#: (cycle?, runs): one run that closes round the polygon while no vertex is full, else the
#: runs of open vertices between full ones.
State = tuple[bool, tuple[tuple[int, ...], ...]]

_TWOS = repeat(PAIRED)

#: Settled states kept at most; past them the table is forgotten before the next search.
MOST_STATES = 20_000_000
#: How many options the search makes between two looks at the clock.
_TICK = 200_000
#: Options of this search a position of the budget buys: it makes about 2.7 million options
#: a second (12 164 000 for the whole answer of diagonals 20 in 4.5 s of CPU), where the
#: general solver meets 400 000 positions.
OPTIONS_PER_POSITION = 6.5


def estimated_options(open_vertices: int) -> int:
    """About how many options the whole answer for a position with ``open_vertices`` makes
    (who wins, and every winning move), measured on polygons from scratch: 332 000 for 14
    vertices, 1 180 000 for 16, 3 883 000 for 18 and 12 164 000 for 20, an odd polygon a
    little less than the even one below it (20 838 for 11, 11 631 000 for 21); so about
    3.1 times as many for each two vertices more, counted from 20.

    >>> estimated_options(20), estimated_options(21), estimated_options(14)
    (12200000, 12200000, 409520)
    """
    return max(1, round(12_200_000 * 3.1 ** ((open_vertices - 20) // 2)))


def polygon(vertices: int) -> State:
    """A polygon with no diagonal yet.

    >>> polygon(5)
    (True, ((0, 0, 0, 0, 0),))
    """
    return (True, ((BARE,) * vertices,))


def settle(cycle: bool, runs: list[list[int]]) -> State:
    """The canonical state of ``runs`` (one closed run when ``cycle``), cut at full vertices
    (:data:`FILLED`)."""
    if cycle:
        labels = runs[0]
        if FILLED not in labels:
            return _cycle_form(labels)
        start = labels.index(FILLED)
        runs = [labels[start:] + labels[:start]]
    pieces = [piece for run in runs for piece in _pieces(run)]
    return _runs_form(pieces)


def _renumbered(runs: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Pair labels renumbered in the order met, run after run."""
    names = {BARE: BARE, LONE: LONE}
    for run in runs:
        for label in run:
            if label not in names:
                names[label] = len(names)
    name = names.__getitem__
    return tuple(tuple(map(name, run)) for run in runs)


def _cycle_form(labels: list[int]) -> State:
    """The least renumbered word among the cycle's rotations and reflections."""
    m = len(labels)
    return (True, (min(_renumbered((word[turn:] + word[:turn],))[0]
                       for word in (labels, labels[::-1]) for turn in range(m)),))


def _oriented(run: list[int]) -> tuple[tuple[int, ...], list[int]]:
    """A run's shape (pairs not told apart) and the run, read in its lesser direction."""
    shape = tuple(map(min, run, _TWOS))
    back = shape[::-1]
    return (back, run[::-1]) if back < shape else (shape, run)


def _runs_form(runs: list[list[int]]) -> State:
    """The runs sorted by their shape, each in its lesser direction, pairs renumbered in
    order.  Runs of equal shape may still come in two orders, which costs time only (a
    state searched twice), never an answer."""
    return _sorted_form([_oriented(run) for run in runs])


def _sorted_form(keyed: list[tuple[tuple[int, ...], list[int]]]) -> State:
    keyed.sort()
    return (False, _renumbered([run for _, run in keyed]))


def _pieces(run: list[int]) -> Iterator[list[int]]:
    """The runs left of ``run`` between its full vertices."""
    piece: list[int] = []
    for label in run:
        if label == FILLED:
            if piece:
                yield piece
            piece = []
        else:
            piece.append(label)
    if piece:
        yield piece


def options(state: State) -> set[State]:
    """The states one diagonal leaves (made by the compiled kernel,
    :mod:`grundy.boards.diagonals_kernel`).

    >>> sorted(options((True, ((0, 0, 0, 0),))))
    [(True, ((0, 2, 0, 2),))]
    >>> options((False, ((1,), (1,))))
    {(False, ())}
    >>> sorted(options((False, ((0, 2), (2, 1)))))
    [(False, ((0,), (1,))), (False, ((1,), (1, 1))), (False, ((1, 2), (2,)))]
    """
    return {decode(key) for key in option_keys(encode(*state))}


class OutcomeSearch:
    """Who wins states under one convention, remembered between calls (the compiled search
    of :mod:`grundy.boards.diagonals_kernel`), within the budget in force: options made
    (:func:`~grundy.budget.search_positions` times :data:`OPTIONS_PER_POSITION`), or, under a
    budget of time and memory (``--budget``), the time and the memory of its table.  The
    search returns every :data:`_TICK` options, so the clock is read, progress shown and
    Ctrl-C heard between two of its calls."""

    def __init__(self, misere: bool) -> None:
        self.misere = misere
        self.table = Table()
        register("diagonals outcomes" + (" (misère)" if misere else ""), self.table.clear,
                 self.table.__len__)
        self.made = 0
        self.limit = 0
        self.watch: Watch | None = None

    def start(self, what: str) -> None:
        """Start one piece of work, called ``what`` in refusals, with a budget of its own."""
        self.made, self.limit = 0, int(search_positions() * OPTIONS_PER_POSITION)
        self.watch = Watch(what, settled="states known")

    def wins(self, state: State) -> bool:
        """True when the player to move in ``state`` wins; :class:`TooBig` past the budget
        of the work started last."""
        if len(self.table) >= MOST_STATES:
            self.table.clear()
        key = encode(*state)
        search = Stack(key)
        table = self.table
        table.make_room(_TICK + PENDING)
        while search_run(search.control, search.stack, search.options, search.counts,
                  search.cursors, table.keys, table.results, self.misere,
                  search.control[MADE] + _TICK) == STOPPED:
            table.make_room(_TICK + PENDING)
            self._charge(int(search.control[MADE]))
        self._charge(int(search.control[MADE]))
        self.made += int(search.control[MADE])
        return bool(search.control[CHILD])

    def _charge(self, made_here: int) -> None:
        made = self.made + made_here
        assert self.watch is not None
        # Under a budget of time and memory the clock stops the search, not a count.
        if not self.watch.by_clock and made > self.limit:
            raise TooBig(f"{self.watch.what} (stopped after {made:,} options)",
                         limit=self.limit, unit="options")
        self.watch.tick(positions=made, regions=len(self.table), memory=self.table.nbytes())


SEARCHES = {misere: OutcomeSearch(misere) for misere in (False, True)}


def first_player_wins(state: State, misere: bool = False) -> bool:
    """True when the player to move wins ``state``, within a budget of its own."""
    search = SEARCHES[misere]
    search.start(f"the outcome search of diagonals ({sum(map(len, state[1]))} open vertices"
                 f"{', misère' if misere else ''})")
    return search.wins(state)
