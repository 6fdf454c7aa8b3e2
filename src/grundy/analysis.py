"""Analysis of a position: who wins, the nim-value, every winning move, and why.

>>> a = analyze("kayles 5 6")
>>> a.outcome, a.nim_value, [str(m.position) for m in a.winning_moves]
(<Outcome.N: 'N'>, 7, ['kayles 3 6', 'kayles 1 2 6', 'kayles 5 5'])
>>> analyze("nim 3 2 1", misere=True).winner
'second'
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

from grundy.budget import (
    Limit,
    holding_limit,
    in_force,
    positions_limit,
    search_positions,
    work_limit,
)
from grundy.caches import Memo
from grundy.catalogue import parse_position
from grundy.core.game import Game
from grundy.core.position import Move, Position
from grundy.errors import TooBig
from grundy.solver import Solver
from grundy.values import Infinite, Method, Outcome, Value, value_to_json


@dataclass(frozen=True)
class Term:
    """One line of the nim-sum: a heap or a component, and its nim-value."""

    label: str
    value: Value


@dataclass(frozen=True)
class Analysis:
    """The answer for one position: outcome, nim-value, winning moves, and how it was found.

    ``terms`` are the summands of the nim-sum (one per heap or component) under normal play,
    empty under misère play.  ``method`` says in words how the outcome was found, and
    ``found_by`` names it (:class:`~grundy.values.Method`, what code compares); ``reason``, when
    a game knew the answer without a search (a symmetry strategy), says why in words.
    How long the game lasts with perfect play is the opponent's to say
    (:func:`~grundy.opponent.with_remoteness`).
    """

    position: Position
    misere: bool
    outcome: Outcome
    nim_value: Value | None
    winning_moves: tuple[Move, ...]
    terms: tuple[Term, ...]
    method: str
    found_by: Method
    reason: str | None = None

    @property
    def winner(self) -> str:
        """``first`` (the player to move), ``second`` or ``draw``."""
        return self.outcome.winner

    @property
    def convention(self) -> str:
        """``normal`` (the last player to move wins) or ``misere`` (the last player loses)."""
        return "misere" if self.misere else "normal"

    def to_json(self) -> dict[str, Any]:
        """The object printed by ``grundy analyze --json``, less the remoteness
        (:meth:`grundy.opponent.Assessment.to_json` adds it)."""
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
            misere: bool = False) -> Analysis:
    """Who wins ``position`` (a Position, its text, or a game and a state), and how.

    Normal play uses the Sprague–Grundy theorem component by component; misère play
    searches the whole position (it does not decompose), unless the position's game knows a
    rule for it at any size (:meth:`~grundy.core.game.Game.misere_rule`: Bouton's for Nim) or
    its heaps are of one game whose misère quotient is known (or, when the search would be too
    big, can be found; see :mod:`grundy.misere`).  A misère search that could exceed
    :func:`~grundy.budget.search_positions` positions (another count:
    :func:`~grundy.budget.positions_limit`) is refused with :class:`~grundy.errors.TooBig`.
    """
    position = as_position(position, state)
    if misere:
        return _misere(position, search_positions())
    return _normal(position)


def _terms(position: Position) -> list[Term]:
    terms: list[Term] = []
    for component in position.components:
        summands = component.game.terms(component.state)
        if summands is None:
            terms.append(Term(str(component), component.value()))
        else:
            terms.extend(Term(label, value) for label, value in summands)
    return terms


def _reason(position: Position) -> str | None:
    """Why a lone component is lost for the player to move, if its game can say."""
    if len(position.components) != 1:
        return None
    component = position.components[0]
    return component.game.reason(component.state)


def _outcome_first(position: Position) -> Analysis | None:
    """Who wins a lone component by its game's outcome search
    (:meth:`~grundy.core.game.Game.outcome_search`: a compiled board search), when the clock
    of a time budget holds the work (so that the search may be long): the answer given when
    the nim-value then runs out of the budget."""
    if holding_limit() is not Limit.CLOCK or len(position.components) != 1:
        return None
    component = position.components[0]
    found = component.game.outcome_search(component.state)
    if found is None:
        return None
    moves = tuple(position.lazy_move(0, text, option) for text, option in found.moves)
    return Analysis(position, False, found.outcome, None, moves, (), found.reason,
                    Method.OUTCOME_SEARCH)


def _normal(position: Position) -> Analysis:
    by_rule = _by_rule(position, misere=False)
    if by_rule is not None:
        return by_rule
    budget = in_force()
    started = time.monotonic()
    early = _outcome_first(position)
    if early is None or budget is None:
        return _by_values(position)
    try:
        if budget.seconds is None:
            return _by_values(position)
        # The time budget is the whole analysis's: the nim-value gets what the outcome left.
        left = budget.seconds - (time.monotonic() - started)
        if left <= 0:
            return early
        with work_limit(replace(budget, seconds=left)):
            return _by_values(position)
    except TooBig:
        return early


def _by_values(position: Position) -> Analysis:
    """The analysis under normal play from the components' nim-values."""
    terms = _terms(position)
    total = position.value()
    outcome = Outcome.of_value(total)
    moves: list[Move] = []
    reason = None
    if isinstance(total, Infinite):
        method, found_by = "Smith's generalised Sprague-Grundy values", Method.SMITH
        if outcome is Outcome.N:
            moves = [m for m in position.moves() if m.position.value() == 0]
    elif total == 0 and (reason := _reason(position)) is not None:
        method, found_by = reason, Method.RULE
    else:
        method = "Sprague-Grundy: nim-sum of the components' values"
        found_by = Method.SPRAGUE_GRUNDY
        if total:
            reason = _reason(position)
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
    return Analysis(position, False, outcome, total, tuple(moves), tuple(terms), method,
                    found_by, reason)


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
    by_rule = _by_rule(position, misere=True)
    if by_rule is not None:
        return by_rule
    # Misère quotients are numpy tables: imported only where a search might be needed.
    from grundy.misere.answer import explained_refusal, quotient_answer

    refusal = _misere_search_refusal(position, budget)
    listing = MAX_LISTING["options"]
    # A quotient already known answers every position it covers, at once.
    found = quotient_answer(position, compute=False, listing=listing)
    if found is None and refusal is not None and _worth_a_search(position, budget):
        # The estimate is an upper bound (heaps in any order, every option of the largest
        # heap everywhere): a search with a share of the budget often finishes all the same.
        try:
            with positions_limit(_trial_budget(position, budget)):
                return _misere_search(position)
        except TooBig:
            pass
    if found is None and refusal is not None:
        # A quotient is built (within its time budget, kept afterwards) only where the
        # search would be too big.
        found = quotient_answer(position, compute=True, listing=listing)
    if found is not None:
        return Analysis(position, True, found.outcome, None, found.moves, (), found.method,
                        found.found_by)
    if refusal is not None:
        raise explained_refusal(refusal, position)
    return _misere_search(position)


#: The share of the budget (in moves) a misère search is tried with when its estimate is
#: over budget.
TRIAL_SHARE = 8
#: How far over the budget an estimate may be for that search to be tried.
TRIAL_OVER = 8


def _worth_a_search(position: Position, budget: int) -> bool:
    """Whether a misère search refused by its estimate is tried all the same: the estimate,
    in positions and in moves, is within :data:`TRIAL_OVER` times the budget."""
    bound = position.state_bound()
    branching = position.move_bound()
    return (bound is not None and branching is not None and bound <= budget * TRIAL_OVER
            and bound * branching <= budget * MOVES_PER_STATE * TRIAL_OVER)


def _trial_budget(position: Position, budget: int) -> int:
    """The positions of a trial search: its moves are a :data:`TRIAL_SHARE` of the budget's."""
    branching = max(1, position.move_bound() or 1)
    return max(1, budget * MOVES_PER_STATE // (TRIAL_SHARE * branching))


def _misere_search(position: Position) -> Analysis:
    """The misère answer by a search of the whole position (TooBig past the positions of
    the budget in force)."""
    solver = _misere_solver()
    outcome = solver.outcome(position.key(), misere=True)
    moves = []
    if outcome is Outcome.N:
        moves = [m for m in position.moves()
                 if solver.outcome(m.position.key(), misere=True) is Outcome.P]
    return Analysis(position, True, outcome, None, tuple(moves), (),
                    "search of the whole position", Method.SEARCH)


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


def _by_rule(position: Position, misere: bool) -> Analysis | None:
    """A lone component answered by a rule its game knows at any size, without a search or a
    nim-value: Bouton's for misère Nim, strategy stealing for Chomp, the strip rule for
    chocolate (``Game.misere_rule``, ``Game.normal_rule``).  Only a lone component's rule
    applies: misère play does not decompose, and a normal-play rule without a nim-value
    cannot be added to other components.  Under normal play the rule is also the reason
    given."""
    if len(position.components) != 1:
        return None
    component = position.components[0]
    game, state = component.game, component.state
    rule = game.misere_rule(state) if misere else game.normal_rule(state)
    if rule is None:
        return None
    moves = tuple(position.lazy_move(0, text, option) for text, option in rule.moves)
    return Analysis(position, misere, rule.outcome, None if misere else rule.value, moves, (),
                    rule.reason, Method.RULE, None if misere else rule.reason)


_misere_solvers: Memo[str, Solver[Position]] = Memo("misère solvers", bound=1)


def _misere_solver() -> Solver[Position]:
    solver = _misere_solvers.get("misère")
    if solver is None:
        solver = Solver(Position.children, what="misère search")
        _misere_solvers["misère"] = solver
    return solver
