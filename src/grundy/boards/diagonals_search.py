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
is lost for the player to move under normal play and won under misère play.

>>> [first_player_wins(polygon(n)) for n in range(3, 11)]
[False, False, True, True, False, False, False, True]
>>> [first_player_wins(polygon(n), misere=True) for n in range(3, 11)]
[True, True, False, False, False, True, False, True]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import repeat

from grundy.budget import Watch, search_positions
from grundy.caches import Memo
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

#: About the bytes one remembered state takes (a tuple of runs and its table entry).
BYTES_PER_STATE = 400
#: How many options the search makes between two looks at the clock.
_TICK = 20_000
#: Positions of a budget one option of this search costs: it makes about 26 000 options a
#: second, where the general solver meets 400 000 positions.
OPTION_COST = 15


def estimated_options(open_vertices: int) -> int:
    """About how many options the whole answer for a position with ``open_vertices`` makes
    (who wins, and every winning move): measured from scratch 19 000 for a polygon of 10
    vertices, 26 000 for 11, 108 000 for 12, 81 000 for 13 and 343 000 for 14 (about 2.2
    times as many for each more vertex, rounded up).

    >>> estimated_options(12), estimated_options(20) > 50_000_000
    (120000, True)
    """
    return max(1, round(120_000 * 2.2 ** (open_vertices - 12)))


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
    """The states one diagonal leaves.

    >>> sorted(options((True, ((0, 0, 0, 0),))))
    [(True, ((0, 2, 0, 2),))]
    >>> options((False, ((1,), (1,))))
    {(False, ())}
    >>> sorted(options((False, ((0, 2), (2, 1)))))
    [(False, ((0,), (1,))), (False, ((1,), (1, 1))), (False, ((1, 2), (2,)))]
    """
    cycle, runs = state
    ends = [(k, i, label) for k, run in enumerate(runs) for i, label in enumerate(run)]
    fresh = PAIRED + len(ends)
    closing = len(runs[0]) - 1 if cycle else -1
    # Off the cycle a diagonal changes only the runs of its ends and of their partners.
    kept = [] if cycle else [_oriented(list(run)) for run in runs]
    homes: dict[int, set[int]] = {}
    for k, _, label in ends:
        if label >= PAIRED:
            homes.setdefault(label, set()).add(k)
    found = set()
    for a, (k, i, first) in enumerate(ends):
        for kb, j, second in ends[a + 1:]:
            if kb == k and (j - i == 1 or j - i == closing):
                continue  # neighbours on the polygon
            if first >= PAIRED and first == second:
                continue  # joined already
            touched = {k, kb}
            freed = [label for label in (first, second) if label >= PAIRED]
            for label in freed:
                touched |= homes[label]
            new = {r: list(runs[r]) for r in touched}
            if freed:  # a vertex that fills leaves its partner a diagonal to a full vertex
                for run in new.values():
                    for place, label in enumerate(run):
                        if label in freed:
                            run[place] = LONE
            if first == BARE and second == BARE:
                new[k][i] = new[kb][j] = fresh
            else:
                new[k][i] = LONE if first == BARE else FILLED
                new[kb][j] = LONE if second == BARE else FILLED
            if cycle:
                found.add(settle(True, [new[0]]))
                continue
            keyed = [kept[r] for r in range(len(runs)) if r not in touched]
            keyed.extend(_oriented(piece) for run in new.values() for piece in _pieces(run))
            found.add(_sorted_form(keyed))
    return found


def _order(state: State) -> tuple[int, int]:
    """Options nearer their end first: fewer open vertices, then more runs."""
    runs = state[1]
    return (sum(len(run) for run in runs), 0 if state[0] else -len(runs))


class OutcomeSearch:
    """Who wins states under one convention, remembered between calls, within the budget
    in force: options made (:func:`~grundy.budget.search_positions`, each option costing
    :data:`OPTION_COST` positions), or, under a budget of time and memory (``--budget``),
    the time and the memory of its table."""

    def __init__(self, misere: bool) -> None:
        self.misere = misere
        self.table: Memo[State, bool] = Memo(
            "diagonals outcomes" + (" (misère)" if misere else ""), bound=8_000_000)
        self.made = 0
        self.limit = 0
        self.watch: Watch | None = None

    def start(self, what: str) -> None:
        """Start one piece of work, called ``what`` in refusals, with a budget of its own."""
        self.made, self.limit = 0, search_positions() // OPTION_COST
        self.watch = Watch(what, settled="states known")

    def wins(self, state: State) -> bool:
        """True when the player to move in ``state`` wins; :class:`TooBig` past the budget
        of the work started last."""
        known = self.table.get(state)
        if known is not None:
            return known
        found = options(state)
        self._charge(len(found))
        if any(self.table.get(option) is False for option in found):
            self.table[state] = True
            return True
        result = self.misere if not found else any(
            not self.wins(option) for option in sorted(found, key=_order))
        self.table[state] = result
        return result

    def _charge(self, made: int) -> None:
        before = self.made
        self.made += made
        assert self.watch is not None
        # Under a budget of time and memory the clock stops the search, not a count.
        if not self.watch.by_clock and self.made > self.limit:
            raise TooBig(f"{self.watch.what} (stopped after {before:,} options)",
                         limit=self.limit, unit="options")
        if before // _TICK != self.made // _TICK:
            self.watch.tick(positions=self.made, regions=len(self.table),
                            memory=len(self.table) * BYTES_PER_STATE)


SEARCHES = {misere: OutcomeSearch(misere) for misere in (False, True)}


def first_player_wins(state: State, misere: bool = False) -> bool:
    """True when the player to move wins ``state``, within a budget of its own."""
    search = SEARCHES[misere]
    search.start(f"the outcome search of diagonals ({sum(map(len, state[1]))} open vertices"
                 f"{', misère' if misere else ''})")
    return search.wins(state)
