"""Analysis of a position: who wins, the nim-value, every winning move, and why.

>>> a = analyze("kayles 5 6")
>>> a.outcome, a.nim_value, [str(m.position) for m in a.winning_moves]
(<Outcome.N: 'N'>, 7, ['kayles 3 6', 'kayles 1 2 6', 'kayles 5 5'])
>>> analyze("nim 3 2 1", misere=True).winner
'second'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from grundy.boards.base import SYMMETRY, BoardGame, balanced
from grundy.errors import TooBig
from grundy.game import Game
from grundy.heap.base import HeapGame
from grundy.heap.subtraction import Nim
from grundy.misere.answer import explained_refusal, quotient_answer
from grundy.solver import Solver, search_budget
from grundy.spec import parse_position
from grundy.sums import Move, Position
from grundy.values import Infinite, Outcome, Value, nim_sum, value_to_json


@dataclass(frozen=True)
class Term:
    """One line of the nim-sum: a heap or a component, and its nim-value."""

    label: str
    value: Value


@dataclass(frozen=True)
class Analysis:
    """The answer for one position: outcome, nim-value, winning moves, and how it was found.

    ``terms`` are the summands of the nim-sum (one per heap or component) under normal play,
    empty under misère play.  ``method`` says how the outcome was found.
    """

    position: Position
    misere: bool
    outcome: Outcome
    nim_value: Value | None
    winning_moves: tuple[Move, ...]
    terms: tuple[Term, ...]
    method: str

    @property
    def winner(self) -> str:
        """``first`` (the player to move), ``second`` or ``draw``."""
        return self.outcome.winner

    @property
    def convention(self) -> str:
        """``normal`` (the last player to move wins) or ``misere`` (the last player loses)."""
        return "misere" if self.misere else "normal"

    def to_json(self) -> dict[str, Any]:
        """The object printed by ``grundy analyze --json``."""
        return {
            "position": str(self.position),
            "convention": self.convention,
            "outcome": self.outcome.value,
            "winner": self.winner,
            "nim_value": value_to_json(self.nim_value),
            "winning_moves": [move.to_json() for move in self.winning_moves],
        }


def as_position(position: Position | str | Game[Any], state: Hashable = None) -> Position:
    """A :class:`Position` from a Position, its text form, or a game and one of its states."""
    if isinstance(position, Position):
        return position
    if isinstance(position, str):
        return parse_position(position)
    return Position.of(position, state)


def analyze(position: Position | str | Game[Any], state: Hashable = None, *,
            misere: bool = False, budget: int | None = None) -> Analysis:
    """Who wins ``position`` (a Position, its text, or a game and a state), and how.

    Normal play uses the Sprague–Grundy theorem component by component; misère play
    searches the whole position (it does not decompose), except misère Nim, which follows
    Bouton's rule at any size, and heap games whose misère quotient is known (or, when the
    search would be too big, can be found), which are answered from the quotient.  A misère
    search that could exceed ``budget`` positions (default:
    :func:`~grundy.solver.search_budget`) is refused with :class:`~grundy.errors.TooBig`.
    """
    position = as_position(position, state)
    if misere:
        return _misere(position, search_budget() if budget is None else budget)
    return _normal(position)


def _terms(position: Position) -> list[Term]:
    terms: list[Term] = []
    for component in position.components:
        game = component.game
        if isinstance(game, HeapGame):
            assert isinstance(component.state, tuple)
            terms.extend(Term(f"{game.text} {h}", game.heap_value(h)) for h in component.state)
        else:
            terms.append(Term(str(component), component.value()))
    return terms


def _mirrored(position: Position) -> bool:
    if len(position.components) != 1:
        return False
    component = position.components[0]
    return isinstance(component.game, BoardGame) and balanced(component.game, component.state)


def _normal(position: Position) -> Analysis:
    terms = _terms(position)
    total = position.value()
    outcome = Outcome.of_value(total)
    moves: list[Move] = []
    if isinstance(total, Infinite):
        method = "Smith's generalised Sprague-Grundy values"
        if outcome is Outcome.N:
            moves = [m for m in position.moves() if m.position.value() == 0]
    elif total == 0 and _mirrored(position):
        method = SYMMETRY
    else:
        method = "Sprague-Grundy: nim-sum of the components' values"
        if total:
            _refuse_long_listing(position, total, sum(
                c.game.scan_size(c.state) or 0 for c in position.components), "options")
            for index, component in enumerate(position.components):
                value = component.value()
                if isinstance(value, int):
                    moves.extend(position.moves_to_value(index, value ^ total))
            # Each move's position is written out in full: quadratic for many heaps.
            _refuse_long_listing(position, total, len(moves) * len(str(position)), "characters")
    # No two of these moves lead to the same position: each game lists an option once, a
    # move changes only its own component, and the parts a heap move leaves are smaller than
    # the heap, so moves in different heaps differ too.
    return Analysis(position, False, outcome, total, tuple(moves), tuple(terms), method)


#: How many options the search for winning moves may look at, and how many characters the
#: positions they leave may take when written out.
MAX_LISTING = {"options": 2_000_000, "characters": 50_000_000}


#: Moves a misère search may look at, per position of its budget.
MOVES_PER_STATE = 16


def _short(position: Position) -> str:
    text = str(position)
    return text if len(text) <= 60 else text[:57] + "..."


def _refuse_long_listing(position: Position, total: int, size: int, unit: str) -> None:
    """Refuse to list winning moves past :data:`MAX_LISTING`, saying who wins all the same."""
    if size > MAX_LISTING[unit]:
        raise TooBig(f"{_short(position)}: the first player wins (nim-value {total}); listing its "
                     "winning moves", size=size, limit=MAX_LISTING[unit], unit=unit)


def _misere(position: Position, budget: int) -> Analysis:
    if all(isinstance(c.game, Nim) for c in position.components):
        outcome = bouton_misere(_heaps(position))
        moves = _misere_nim_wins(position) if outcome is Outcome.N else []
        return Analysis(position, True, outcome, None, tuple(moves), (), "Bouton's misère rule")
    refusal = _misere_search_refusal(position, budget)
    # A quotient is built (seconds of work, kept afterwards) only where the search would be
    # refused; one already known answers every position it covers.
    found = quotient_answer(position, compute=refusal is not None)
    if found is not None:
        return Analysis(position, True, found.outcome, None, found.moves, (), found.method)
    if refusal is not None:
        raise explained_refusal(refusal, position)
    solver = _misere_solver(budget)
    outcome = solver.outcome(position, misere=True)
    moves = []
    if outcome is Outcome.N:
        moves = [m for m in position.moves()
                 if solver.outcome(m.position, misere=True) is Outcome.P]
    return Analysis(position, True, outcome, None, tuple(moves), (),
                    "search of the whole position")


def _misere_search_refusal(position: Position, budget: int) -> TooBig | None:
    """Why a misère search of ``position`` would be too big for ``budget``, or None."""
    bound = position.state_bound()
    if bound is not None and bound > budget:
        return TooBig(f"misère search of {_short(position)!r}", size=bound, limit=budget)
    branching = position.move_bound()
    if bound is not None and branching is not None and (
            bound * branching > budget * MOVES_PER_STATE):
        return TooBig(f"misère search of {_short(position)!r}", size=bound * branching,
                      limit=budget * MOVES_PER_STATE, unit="moves")
    return None


def bouton_misere(heaps: list[int]) -> Outcome:
    """Misère Nim: the player to move loses iff (some heap >= 2 and nim-sum 0) or
    (every heap <= 1 and nim-sum 1).

    >>> bouton_misere([3, 2, 1]), bouton_misere([5, 1, 1]), bouton_misere([1, 1, 1])
    (<Outcome.P: 'P'>, <Outcome.N: 'N'>, <Outcome.P: 'P'>)
    """
    total = nim_sum(*heaps)
    if any(h >= 2 for h in heaps):
        return Outcome.P if total == 0 else Outcome.N
    return Outcome.P if total == 1 else Outcome.N


def _heaps(position: Position) -> list[int]:
    return [h for c in position.components for h in c.state]  # type: ignore[attr-defined]


def _misere_nim_wins(position: Position) -> list[Move]:
    """The winning moves of misère Nim, without search.

    Only three sizes can be left in a heap by a winning move: the normal-play answer
    (heap xor nim-sum), 0 or 1; each candidate is judged by Bouton's rule in O(1).
    """
    heaps = _heaps(position)
    total = nim_sum(*heaps)
    big = sum(1 for h in heaps if h >= 2)
    moves = []
    for index, component in enumerate(position.components):
        game, state = component.game, component.state
        assert isinstance(game, Nim) and isinstance(state, tuple)
        for i, heap in game.distinct_heaps(state):
            for left in sorted({heap ^ total, 0, 1}):
                if left >= heap:
                    continue
                after_total = total ^ heap ^ left
                after_big = big - (heap >= 2) + (left >= 2)
                if (after_big and after_total == 0) or (not after_big and after_total == 1):
                    parts = (left,) if left else ()
                    moves.append(Move(position.say(index, game.describe_heap_move(heap, parts)),
                                      _after(position, index, game, i, parts)))
    return moves


def _after(position: Position, index: int, game: Nim, heap_index: int,
           parts: tuple[int, ...]) -> Callable[[], Position]:
    state = position.components[index].state
    assert isinstance(state, tuple)
    return lambda: position.replace(index, game.after_move(state, heap_index, parts))


_misere_solvers: dict[int, Solver[Position]] = {}


def _misere_solver(budget: int) -> Solver[Position]:
    solver = _misere_solvers.get(budget)
    if solver is None:
        solver = Solver(Position.children, budget=budget, what="misère search")
        _misere_solvers[budget] = solver
    return solver
