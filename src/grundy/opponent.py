"""The perfect opponent: remoteness ("win in N") and the computer's move.

The *remoteness* of a position (Conway, after Steinhaus and Smith) is how many moves the game
lasts when the winner hurries and the loser delays:

* a terminal position has remoteness 0;
* a position whose player to move wins has remoteness 1 + the *least* remoteness among its
  options where the player to move loses;
* a position whose player to move loses has remoteness 1 + the *greatest* remoteness among
  its options;
* a draw (only in games with cycles) has no remoteness (``None``).

Under normal play the player to move wins exactly when the remoteness is odd; under misère
play (where a terminal position is a win for the player who cannot move) exactly when it is
even.

>>> remoteness("nim 1 2"), remoteness("nim 1 1"), remoteness("nim 3")
(3, 2, 1)
>>> computer_move("nim 1 2")
Move('take 1 from 2, leaving 1', 'nim 1 1')
>>> computer_move("nim 1 1")
Move('take all 1', 'nim 1')

Limits.  Remoteness is found by searching every position reachable from the one asked
about: unlike the nim-value, it does not decompose over a sum by a rule this module relies on
(Smith's theory of remoteness of sums is not used here), so ``kayles 5 6`` is searched as a
whole, not heap by heap.  The search is refused up front with :class:`~grundy.errors.TooBig`
when ``position.state_bound()`` exceeds the budget (that bound counts heap tuples before
sorting, so it can be larger than the true count by up to k! for k heaps), and stopped when
it meets more positions than the budget or runs past its time limit.  Where the search is
too big, :func:`computer_move` still never misses a win (see there).
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from dataclasses import dataclass
from typing import Any

from grundy.analysis import Analysis, analyze, as_position
from grundy.budget import playing_budget
from grundy.caches import register
from grundy.core.position import Component, Move, Position
from grundy.errors import InvalidMove, TooBig
from grundy.values import Outcome, Value, value_to_json

#: How many options a position may have for :func:`rate_moves` to rate them all.
MAX_MOVES = 5_000

#: Moves the remoteness walk may list, per position of its budget.
MOVES_PER_STATE = 256

#: Remembered remoteness values are forgotten all at once beyond this many positions.
_CACHE_LIMIT = 1_000_000

_DRAW = -1  # the cache's mark for a position searched and found to be a draw

_cache: dict[bool, dict[Position, int]] = {False: {}, True: {}}
_cache_lock = threading.Lock()

#: Searches that ran out of budget, with the budget and seconds they had: asking again with
#: no more is refused at once instead of spending the same seconds again.
_refused: dict[tuple[Position, bool], tuple[int, float | None]] = {}
_REFUSED_LIMIT = 10_000


def _clear_remoteness() -> None:
    with _cache_lock:
        for table in _cache.values():
            table.clear()


register("remoteness of positions", _clear_remoteness,
         lambda: sum(len(table) for table in _cache.values()))
register("remoteness searches refused", _refused.clear, _refused.__len__)


def remoteness(position: Position | str, misere: bool = False) -> int | None:
    """The remoteness of ``position``: moves to the end with perfect play; None for a draw.

    Raises :class:`~grundy.errors.TooBig` when the search would meet more positions or take
    longer than the budget in force allows (:func:`~grundy.budget.playing_budget`: the one
    :func:`~grundy.budget.work_limit` sets around the caller, else
    :data:`~grundy.budget.PLAYING_POSITIONS`).  Time and memory are linear in the number of
    moves between the positions reachable from ``position``; results are remembered.

    >>> remoteness("kayles 4"), remoteness("nim 2 2"), remoteness("nim 2 2", misere=True)
    (3, 4, 3)
    >>> from grundy.budget import work_limit
    >>> with work_limit(100):
    ...     remoteness("nim 9 9 9")
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: remoteness of 'nim 9 9 9' needs about 1000 states; the limit is 100
    """
    position = as_position(position)
    found = _table(position, misere)[position.key()]
    return None if found == _DRAW else found


def wins(remoteness: int, misere: bool = False) -> bool:
    """Whether the player to move wins from a position of this remoteness.

    >>> wins(0), wins(0, misere=True), wins(3)
    (False, True, True)
    """
    return (remoteness % 2 == 1) != misere


def computer_move(position: Position | str, misere: bool = False) -> Move:
    """The perfect opponent's move: the fastest win, or else the longest resistance.

    When the remoteness search fits the budget: from a won position, a move to a lost one of
    least remoteness (so a win in one is never missed); from a lost position, a move to the
    option of greatest remoteness; from a draw, a move that keeps the draw.

    When it does not fit, the outcome comes from :func:`~grundy.analysis.analyze`, which is
    exact at any size: from a won position the move is one of analyze's winning moves (one
    that ends the game if there is one, else the one leaving the fewest reachable positions);
    from a lost position, the move leaving the most reachable positions (in heap games: the
    smallest bite) among the first :data:`MAX_MOVES` moves of each component, which keeps
    the game long without a guarantee of the longest; from a drawn position, a move that
    keeps the draw.  In a game with cycles too big to search, a winning move is still a move
    to a lost position, but nothing then makes sure the play comes to an end.  Raises
    :class:`~grundy.errors.InvalidMove` on a position without moves, and
    :class:`~grundy.errors.TooBig` only when even analyze refuses the position.

    >>> computer_move("subtract:1,2 7")
    Move('take 1 from 7, leaving 6', 'subtract:1,2 6')
    >>> computer_move("nim 3 5 7 9 11 13 15 17")  # too big to search: analyze's winning move
    Move('take 16 from 17, leaving 1', 'nim 1 3 5 7 9 11 13 15')
    """
    position = as_position(position)
    if position.is_terminal:
        raise InvalidMove(f"{position} has no legal move: the game is over")
    try:
        table = _table(position, misere)
    except TooBig:
        return _fallback_move(position, misere)
    return _best_move(table[position.key()],
                      [(m, table[m.position.key()]) for m in position.moves()], misere)


def _best_move(own: int, rated: list[tuple[Move, int]], misere: bool) -> Move:
    if own == _DRAW:
        return next(m for m, r in rated if r == _DRAW)
    if wins(own, misere):
        return min(((m, r) for m, r in rated if r != _DRAW and not wins(r, misere)),
                   key=lambda pair: pair[1])[0]
    return max(rated, key=lambda pair: pair[1])[0]


def _fallback_move(position: Position, misere: bool) -> Move:
    try:
        analysis = analyze(position, misere=misere)
    except TooBig:
        reply = mirror_reply(position, misere)
        if reply is None:
            raise
        return reply
    if analysis.outcome is Outcome.N:
        if not analysis.winning_moves:
            # Who wins came from a rule that names no move (strategy stealing, a published
            # value), and the search for one is too big.
            raise TooBig(f"a winning move in {position}",
                         note="the first player wins, but the rule that says so names no move")
        return min(analysis.winning_moves,
                   key=lambda m: (not m.position.is_terminal, _room(m.position)))
    if analysis.outcome is Outcome.D:
        return next(m for m in _some_moves(position)
                    if analyze(m.position, misere=misere).outcome is Outcome.D)
    return max(_some_moves(position), key=lambda m: _room(m.position))


def mirror_reply(position: Position, misere: bool = False) -> Move | None:
    """The lecture's symmetry strategy on a board too big to analyse, if it applies: the move
    that hands over a balanced board (:meth:`~grundy.core.game.Game.symmetry_reply`).
    Under misère play the last mover loses, so the strategy wins nothing: None.

    >>> mirror_reply(as_position("cram ##..../....../....../....../....../......"))
    Move('place a domino on e1-f1', 'cram ##..../....../....../....../....../....##')
    >>> mirror_reply(as_position("nim 1 2")) is None
    True
    """
    if misere or len(position.components) != 1:
        return None
    component = position.components[0]
    reply = component.game.symmetry_reply(component.state)
    if reply is None:
        return None
    return Move(position.say(0, reply.move), position.replace(0, reply.state))


def refuse_long_move_lists(position: Position) -> None:
    """Raise :class:`~grundy.errors.TooBig` when ``position`` has more than
    :data:`MAX_MOVES` moves (each listed move is made and named, which adds up).

    >>> refuse_long_move_lists(as_position("nim 3 4"))
    >>> refuse_long_move_lists(as_position("nim 6000"))
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: listing the moves of 'nim 6000' needs more than 5000 moves
    """
    count = 0
    for component in position.components:
        count += component.game.count_moves(component.state, MAX_MOVES - count)
        if count > MAX_MOVES:
            raise TooBig(f"listing the moves of {str(position)!r}", limit=MAX_MOVES,
                         unit="moves")


def _some_moves(position: Position) -> list[Move]:
    """The first :data:`MAX_MOVES` moves of each component (all of them in most games), and
    on a big board as many as :data:`MAX_BOARD_WORDS` allows.

    A huge heap has a million moves; the fallback looks at a bounded number of them.
    """
    return [Move(position.say(index, description), position.replace(index, option))
            for index, component in enumerate(position.components)
            for description, option in itertools.islice(
                component.game.labelled_moves(component.state), _how_many(component))]


#: Board words the fallback may pass over to make the moves it looks at: each move of a
#: board is a pass over it (:meth:`~grundy.core.game.Game.extent` words) to find its
#: regions, so a 200x200 board (626 words) has 40 moves looked at, not 5 000 (minutes).
MAX_BOARD_WORDS = 25_000


def _how_many(component: Component) -> int:
    return max(1, min(MAX_MOVES, MAX_BOARD_WORDS // component.game.extent(component.state)))


def _room(position: Position) -> int:
    """How much game is left, roughly: the bound on reachable positions (0 if unknown)."""
    return position.state_bound() or 0


@dataclass(frozen=True)
class RatedMove:
    """A legal move and where it leads: the outcome there, its nim-value and remoteness.

    ``outcome`` is for the player to move *after* the move: ``P`` means the move wins.
    """

    move: Move
    outcome: Outcome
    nim_value: Value | None
    remoteness: int | None

    def to_json(self) -> dict[str, Any]:
        """``{"move", "position", "outcome", "nim_value", "remoteness"}``."""
        return {**self.move.to_json(), "outcome": self.outcome.value,
                "nim_value": value_to_json(self.nim_value), "remoteness": self.remoteness}


def rate_moves(position: Position | str, misere: bool = False) -> list[RatedMove]:
    """Every legal move of ``position`` with the outcome, nim-value and remoteness it leads to.

    Remoteness is None where the search does not fit the budget (or for a draw); the nim-value
    is None under misère play.  More than :data:`MAX_MOVES` moves are refused with
    :class:`~grundy.errors.TooBig`.

    >>> [(r.move.position.__str__(), r.outcome.value, r.remoteness) for r in rate_moves("nim 2")]
    [('nim 0', 'P', 0), ('nim 1', 'N', 1)]
    """
    position = as_position(position)
    refuse_long_move_lists(position)
    moves = position.moves()
    try:
        table: dict[Position, int] | None = _table(position, misere)
    except TooBig:
        table = None
    rated = []
    for move in moves:
        after = move.position
        found = table[after.key()] if table is not None else None
        value = None if misere else _value_if_found(after)
        if found is not None and found != _DRAW:
            outcome = Outcome.N if wins(found, misere) else Outcome.P
        elif value is not None:
            outcome = Outcome.of_value(value)
        else:
            # Who wins may be known without the nim-value (a game's outcome search).
            outcome = analyze(after, misere=misere).outcome
        rated.append(RatedMove(move, outcome, value,
                               None if found is None or found == _DRAW else found))
    return rated


def _value_if_found(position: Position) -> Value | None:
    """The nim-value of ``position``, or None when it is too big to find within the budget."""
    try:
        return position.value()
    except TooBig:
        return None


def moves_json(position: Position | str, misere: bool = False) -> dict[str, Any]:
    """The ``/api/moves`` object: the position and every legal move, rated.

    >>> moves_json("nim 1")["moves"]
    [{'move': 'take all 1', 'position': 'nim 0', 'outcome': 'P', 'nim_value': 0, 'remoteness': 0}]
    """
    position = as_position(position)
    rated = rate_moves(position, misere)
    return {"position": str(position), "moves": [r.to_json() for r in rated]}


@dataclass(frozen=True)
class Assessment:
    """An analysis and the remoteness of its position: how many moves the game lasts with
    perfect play, None for a draw or a search too big for its budget."""

    analysis: Analysis
    remoteness: int | None

    def to_json(self) -> dict[str, Any]:
        """The object printed by ``grundy analyze --json``: the analysis's, and
        ``"remoteness"``."""
        return {**self.analysis.to_json(), "remoteness": self.remoteness}


def with_remoteness(analysis: Analysis) -> Assessment:
    """The analysis with its remoteness looked for within the budget in force
    (:func:`remoteness`): None for a draw or a search too big.

    >>> with_remoteness(analyze("nim 1 2")).remoteness
    3
    """
    try:
        found = remoteness(analysis.position, analysis.misere)
    except TooBig:
        found = None
    return Assessment(analysis, found)


def analysis_json_with_remoteness(analysis: Analysis) -> dict[str, Any]:
    """``analysis.to_json()`` with ``"remoteness"``: an int, or null (a draw, or too big).

    >>> analysis_json_with_remoteness(analyze("nim 1 2"))["remoteness"]
    3
    """
    return with_remoteness(analysis).to_json()


def _table(position: Position, misere: bool) -> dict[Position, int]:
    """Remoteness (or :data:`_DRAW`) of ``position``, of its options, and maybe more, by
    the positions' search forms (:meth:`Position.key <grundy.core.position.Position.key>`)."""
    position = position.key()
    allowed = playing_budget()
    budget, seconds = allowed.positions, allowed.seconds
    known = _cache[misere]
    if position in known:
        # A remembered position was searched with everything it reaches, options included;
        # only a concurrent clearing of the cache (KeyError) sends us back to searching.
        wanted = [position, *position.children()]
        try:
            return {p: known[p] for p in wanted}
        except KeyError:
            pass
    bound = position.state_bound()
    if bound is not None and bound > budget:
        raise TooBig(f"remoteness of {str(position)!r}", size=bound, limit=budget)
    # Games whose positions have thousands of moves each (Moore's Nim) are refused by their
    # moves too: the walk below lists every move of every position it meets.
    branching = position.move_bound()
    if bound is not None and branching is not None and bound * branching > budget * MOVES_PER_STATE:
        raise TooBig(f"remoteness of {str(position)!r}", size=bound * branching,
                     limit=budget * MOVES_PER_STATE, unit="moves")
    earlier = _refused.get((position, misere))
    if earlier is not None and budget <= earlier[0] and (
            earlier[1] is None or (seconds is not None and seconds <= earlier[1])):
        raise TooBig(f"remoteness of {str(position)!r} (tried before)", limit=budget)
    try:
        found = _search(position, misere, known, budget, seconds)
    except TooBig:
        with _cache_lock:
            if len(_refused) >= _REFUSED_LIMIT:
                _refused.clear()
            _refused[position, misere] = (budget, seconds)
        raise
    with _cache_lock:
        if len(known) + len(found) > _CACHE_LIMIT:
            known.clear()
        known.update(found)
    return found


def _search(root: Position, misere: bool, known: dict[Position, int], budget: int,
            seconds: float | None) -> dict[Position, int]:
    """Retrograde analysis of every position reachable from ``root``, by remoteness order.

    Positions already in ``known`` are leaves of the walk.  Settled positions leave a
    priority queue in increasing remoteness, so the first lost option to reach a position
    gives it the least winning remoteness, and the last of its won options to be settled
    gives a lost position the greatest.  Positions never settled are draws.
    """
    deadline = None if seconds is None else time.monotonic() + seconds
    what = f"remoteness of {str(root)!r}"
    index = {root: 0}
    nodes = [root]
    succ: list[list[int]] = []
    value: list[int] = []
    for node in nodes:  # the list grows while walked: a breadth-first walk
        if deadline is not None and time.monotonic() >= deadline:
            raise TooBig(what, limit=max(1, round(seconds or 0)), unit="seconds")
        remembered = known.get(node) if node is not root else None
        value.append(_DRAW if remembered is None else remembered)
        row: list[int] = []
        if remembered is None:
            for kid in node.children():
                at = index.get(kid)
                if at is None:
                    at = index[kid] = len(nodes)
                    nodes.append(kid)
                    if len(nodes) > budget:
                        raise TooBig(what, limit=budget)
                row.append(at)
            if not row:
                value[-1] = 0
        succ.append(list(dict.fromkeys(row)))
    pred: list[list[int]] = [[] for _ in nodes]
    for u, row in enumerate(succ):
        for v in row:
            pred[v].append(u)
    open_options = [len(row) for row in succ]
    queue = [(r, u) for u, r in enumerate(value) if r != _DRAW]
    heapq.heapify(queue)
    while queue:
        r, v = heapq.heappop(queue)
        option_wins = wins(r, misere)
        for u in pred[v]:
            if value[u] != _DRAW:
                continue
            open_options[u] -= 1
            if not option_wins or open_options[u] == 0:
                value[u] = r + 1
                heapq.heappush(queue, (r + 1, u))
    return dict(zip(nodes, value, strict=True))
