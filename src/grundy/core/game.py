"""The Game protocol: what a ruleset provides, and what every ruleset gets from the solver.

A game is a set of positions (hashable, with one canonical form) and a function that lists
the options of a position.  Subclass :class:`Game`, write ``moves``, and the general solver
gives the position's nim-value, its outcome under normal and misère play and its winning
moves:

>>> from grundy import Game, analyze
>>> class Sticks(Game[int]):
...     '''Take one or two sticks.'''
...     name = "sticks"
...     def moves(self, n):
...         return [n - k for k in (1, 2) if k <= n]
>>> analyze(Sticks(), 7).winner, analyze(Sticks(), 7).nim_value
('first', 1)
>>> analyze(Sticks(), 7, misere=True).winner
'second'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import islice
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from grundy.caches import Memo
from grundy.errors import InvalidPosition
from grundy.solver import Solver
from grundy.values import Outcome, Value

S = TypeVar("S", bound=Hashable)

#: A move's result: a position of the same game, or a sum of positions of other games
#: (plucking a petal of a daisy leaves a row of Kayles pins).
Option = Any

#: The memoised solver of each game (equal games share one).
_solvers: Memo[Game[Any], Solver[Any]] = Memo("solvers of games", bound=1024)


class Sum:
    """What a game needs to know of a sum of positions (a move's result may be one): its
    nim-value and its text.  :class:`~grundy.core.position.Position` is the one kind of sum;
    this base lets the protocol tell a sum from a state without importing it.  (A plain
    class, not an ABC: the test runs once per option of every position searched.)"""

    __slots__ = ()

    def value(self) -> Value:
        """The nim-value of the sum under normal play."""
        raise NotImplementedError


@dataclass(frozen=True)
class RuleAnswer:
    """A position answered by a rule, without a search: misère play (:meth:`Game.misere_rule`),
    or normal play where the rule gives no nim-value (:meth:`Game.normal_rule`).

    ``moves`` are the winning moves, each in words with the option it leaves, given lazily
    (a function without arguments that makes it); ``reason`` names the rule; ``value`` is the
    nim-value when the rule gives one (a published value), else None.
    """

    outcome: Outcome
    moves: tuple[tuple[str, Callable[[], Option]], ...]
    reason: str
    value: int | None = None


def ready(option: Option) -> Callable[[], Option]:
    """A move's option already made, given as :class:`RuleAnswer` gives its moves (lazily).

    >>> ready(5)()
    5
    """
    return partial(_itself, option)


def _itself(option: Option) -> Option:
    return option


class Reply(NamedTuple):
    """A strategy's move: what it does, in words, and the state it leaves."""

    move: str
    state: Hashable


class Game(ABC, Generic[S]):
    """A ruleset of an impartial game; positions of type ``S``.

    Only :meth:`moves` is required.  The other methods have general defaults that rulesets
    override for speed (a formula for the nim-value), for a canonical form (sorted heaps,
    board symmetries) or for their text form.
    """

    #: The game's name in the text form of positions (``kayles``, ``octal:0.77``).
    name: ClassVar[str] = "game"
    #: What the picture of a position draws, by name (``heaps``, ``grid``, ``queen``; see
    #: :mod:`grundy.render.pictures`), or None for a game played by its moves in words.
    picture: ClassVar[str | None] = None

    @property
    def text(self) -> str:
        """The game's part of a position's text form: ``nim``, ``subtract:1,2``, ..."""
        return self.name

    @abstractmethod
    def moves(self, state: S) -> Iterable[Option]:
        """The positions one move leads to from ``state``.

        Each is a state of this game, or a :class:`~grundy.core.position.Position` (a sum, possibly
        of other games).
        """

    def count_moves(self, state: S, most: int) -> int:
        """How many moves ``state`` has, counted no further than ``most + 1`` (a cheap test
        that a list of moves is not too long to make).

        >>> from grundy.heap.subtraction import Nim
        >>> Nim().count_moves((3,), 10), Nim().count_moves((10**9,), 10)
        (3, 11)
        """
        return sum(1 for _ in islice(self.moves(state), most + 1))

    def canonical(self, state: S) -> S:
        """The one representative of ``state`` among the positions equal to it."""
        return state

    def key(self, state: S) -> Option:
        """The search's form of ``state``, what its tables are keyed by: the canonical state
        (a board game folds its symmetries and splits its regions, which its positions do
        not: :mod:`grundy.boards.base`)."""
        return self.canonical(state)

    def is_empty(self, state: S) -> bool:
        """True when ``state`` is nothing at all (no heaps), so a sum may drop it."""
        return False

    def format_state(self, state: S) -> str:
        """The position part of the text form, e.g. ``5 6`` for two heaps."""
        return str(state)

    def parse_state(self, tokens: Sequence[str]) -> S:
        """Read a state from the words of its text form."""
        raise InvalidPosition(f"positions of {self.text} cannot be read from text")

    def describe_move(self, state: S, option: Option) -> str:
        """Say in words the move from ``state`` to ``option``."""
        shown = str(option) if isinstance(option, Sum) else self.format_state(option)
        return f"move to {shown}"

    def labelled_moves(self, state: S) -> Iterator[tuple[str, Option]]:
        """Each distinct option of ``state`` with the move that leads there, in words."""
        seen: set[Option] = set()
        for option in self.moves(state):
            option = self._canonical_option(option)
            if option not in seen:
                seen.add(option)
                yield self.describe_move(state, option), option

    def merge(self, state: S, other: S) -> S | None:
        """One state equal to the sum of two, when the game can say it (heaps), else None."""
        return None

    def merge_all(self, states: Sequence[S]) -> S | None:
        """One state equal to the sum of all ``states``, or None (see :meth:`merge`)."""
        merged: S | None = states[0]
        for state in states[1:]:
            if merged is None:
                return None
            merged = self.merge(merged, state)
        return merged

    def state_bound(self, state: S) -> int | None:
        """An upper bound on the number of positions reachable from ``state``, if known."""
        return None

    def scan_size(self, state: S) -> int | None:
        """How many options :meth:`moves_to_value` looks at from ``state``, when a game
        knows it cheaply (heaps with millions of tokens); None: not counted."""
        return None

    def move_bound(self, state: S) -> int | None:
        """The most moves any position reachable from ``state`` has, when known cheaply."""
        return None

    def value(self, state: S) -> Value:
        """The nim-value of ``state`` under normal play (general solver, memoised)."""
        return self.solver().value(self.canonical(state))

    def moves_to_value(self, state: S, target: int) -> Iterator[tuple[str, Option]]:
        """The moves from ``state`` to options whose nim-value is ``target``.

        An option may be given lazily, as a function without arguments that returns it.
        """
        for description, option in self.labelled_moves(state):
            if self.option_value(option) == target:
                yield description, option

    def option_value(self, option: Option) -> Value:
        """The nim-value of an option, which may be a sum of other games."""
        if isinstance(option, Sum):
            return option.value()
        return self.value(option)

    # -- what a game knows beyond the search: analysis asks, the game answers ------------

    def terms(self, state: S) -> list[tuple[str, Value]] | None:
        """The summands of the nim-sum of ``state``, each with a label (one per heap), when
        the game's states are sums themselves; None: the state is one summand."""
        return None

    def reason(self, state: S) -> str | None:
        """Why the answer for ``state`` holds, when the game knows it by a theorem (a
        symmetry strategy for a lost position, a reduction to a heap game), in words; None
        otherwise."""
        return None

    def normal_rule(self, state: S) -> RuleAnswer | None:
        """Who wins ``state`` under normal play and how, by a theorem that gives no
        nim-value (strategy stealing in Chomp), where the nim-value is out of reach; None
        when the nim-value answers (the default)."""
        return None

    def misere_rule(self, state: S) -> RuleAnswer | None:
        """Who wins ``state`` under misère play and how, by a rule that holds at any size
        (Bouton's rule for Nim); None when the game has no such rule (a search decides)."""
        return None

    def extent(self, state: S) -> int:
        """What one move costs to make and check, roughly: the words of a board's bitmask,
        the rows of a diagram (1 unless a game says more)."""
        return 1

    def outcome_search(self, state: S) -> RuleAnswer | None:
        """Who wins ``state`` and the first winning move found, by a search that stops there
        (no nim-value), for a game whose nim-value may take far longer; None when the game has
        no such search or knows the value already (the default).  Asked of a lone component
        when a timed budget is in force, and answered if the nim-value runs out of it."""
        return None

    def symmetry_reply(self, state: S) -> Reply | None:
        """The play that hands the opponent a position lost by the game's symmetry strategy
        (the mirror answer to the last play, or an opening that balances the board; see
        :mod:`grundy.boards.symmetry`), when one applies; None otherwise (the default)."""
        return None

    def solver(self) -> Solver[Any]:
        """The memoised solver of this game's positions (shared by equal games)."""
        found = _solvers.get(self)
        if found is None:
            found = Solver(self._children, foreign=self._foreign_value,
                           what=f"solving {self.text}")
            _solvers[self] = found
        return found

    def _canonical_option(self, option: Option) -> Option:
        if isinstance(option, Sum):
            return option
        return self.canonical(option)

    def options(self, state: S) -> Iterator[Option]:
        """The options of ``state`` in canonical form (with repeats when two moves agree)."""
        return (self._canonical_option(option) for option in self.moves(state))

    def _children(self, state: S) -> list[Option]:
        return list(self.options(state))

    def _foreign_value(self, option: Option) -> Value | None:
        if isinstance(option, Sum):
            return option.value()
        return None

    def parameters(self) -> Hashable:
        """What tells this game from the others of its class: a subtraction set, a code; ``()``
        for a class whose rules are fixed.  Games of one class with equal parameters are
        equal, and so share one solver and one nim-sequence.  By default each game object is
        a game of its own (its rules may lie in attributes the class does not declare).

        >>> from grundy.heap.takebreak import KAYLES, TakeAndBreak
        >>> TakeAndBreak("0.77") == KAYLES, TakeAndBreak("0.07") == KAYLES
        (True, False)
        """
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Game) and type(other) is type(self)
                                 and self.parameters() == other.parameters())

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.parameters()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

