"""Boards in the player's frame over a game the search knows by a smaller state.

Some board families are searched on a state that forgets where things are: Chomp on its row
lengths, chocolate on its multiset of pieces, diagonals on a word round the polygon.  The
player needs more: the whole board as it started, the used part marked, each move named by
the squares, grooves or vertices it uses (DESIGN 3.7).  A :class:`FramedBoard` is such a
family as the player sees it.  Its states keep the frame; :meth:`FramedBoard.inner` says
which state of the searched game (:attr:`FramedBoard.searched`) a framed state stands for,
and every answer (nim-values, rules, reasons, bounds) is the searched game's, asked of that
state.  The search's options are the searched game's settled states (folded by the board's
symmetries, split into regions), so its tables are keyed exactly as before; the moves a
player sees stay framed.

>>> from grundy.boards.frames import CHOMP_BOARD
>>> board = CHOMP_BOARD.parse_state(["2x3"])
>>> [(move, CHOMP_BOARD.format_state(after)) for move, after in
...  CHOMP_BOARD.moves_to_value(board, 0)]
[('take c2 and every square above and to the right of it', '3,2')]
>>> [str(option) for option in CHOMP_BOARD.options(board)][:2]
['chomp 2x1', 'chomp 2x2']
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from grundy.boards.base import BoardGame, Play, PlayedGame
from grundy.core.game import Game, Option, Reply, RuleAnswer, ready
from grundy.core.position import Position
from grundy.values import Value

F = TypeVar("F", bound=Hashable)


#: The most plays a rule's moves are looked for among by settling each; past it, only the
#: plays the rule names in its own words are (a Chomp board of a million squares).
MOST_MATCHED = 5000



class FramedBoard(PlayedGame[F]):
    """A board family in the player's frame, searched as :attr:`searched` (see the module)."""

    #: The game whose states the search keys its tables by.
    searched: Game[Any]

    @abstractmethod
    def inner(self, state: F) -> Any:
        """The state of :attr:`searched` that ``state`` stands for (not yet folded)."""

    def key(self, state: F) -> Position:
        """The search's form: the searched game's state, settled (folded and split)."""
        settled = self.searched.key(self.inner(state))
        return settled if isinstance(settled, Position) else Position.of(self.searched, settled)

    def moves(self, state: F) -> Iterator[F]:
        """The framed states the plays leave."""
        return (self.apply(state, play) for play in self.plays(state))

    def options(self, state: F) -> Iterator[Option]:
        """The search's options: each play's result in the searched game, settled."""
        return (self.key(self.apply(state, play)) for play in self.plays(state))

    def labelled_moves(self, state: F) -> Iterator[tuple[str, Option]]:
        """Each framed state a play leaves, with the play in words."""
        seen: set[F] = set()
        for play in self.plays(state):
            after = self.apply(state, play)
            if after not in seen:
                seen.add(after)
                yield self.describe_play(state, play), after

    def count_moves(self, state: F, most: int) -> int:
        """The plays, counted without making what they leave."""
        count = 0
        for _ in self.plays(state):
            count += 1
            if count > most:
                break
        return count

    def value(self, state: F) -> Value:
        """The searched game's nim-value of the state it stands for."""
        return self.searched.value(self.inner(state))

    def moves_to_value(self, state: F, target: int) -> Iterator[tuple[str, Option]]:
        """The framed moves to options of nim-value ``target``, each asked of the searched
        game (:meth:`~grundy.boards.base.BoardGame.value_is`)."""
        searched = self.searched
        for description, after in self.labelled_moves(state):
            inner = self.inner(after)
            if (searched.value_is(inner, target) if isinstance(searched, BoardGame)
                    else searched.value(inner) == target):
                yield description, after

    def framed_play(self, state: F, inner_after: Any) -> tuple[str, F] | None:
        """The first play of ``state``, in words with the framed state it leaves, whose
        searched state is ``inner_after`` (a move the searched game found, such as a
        symmetry strategy's answer or a compiled search's winning move); None if none is."""
        for play in self.plays(state):
            after = self.apply(state, play)
            if self.inner(after) == inner_after:
                return self.describe_play(state, play), after
        return None

    def plays_leaving(self, state: F, options: Sequence[Option]) -> Iterable[Play] | None:
        """The plays of ``state`` that may leave one of the searched game's ``options``
        (a superset is fine: each is settled and compared after), found without trying
        every play; None where the frame has no such shortcut."""
        return None

    def reason(self, state: F) -> str | None:
        """The searched game's reason for the state."""
        return self.searched.reason(self.inner(state))

    def outcome_search(self, state: F) -> RuleAnswer | None:
        """The searched game's outcome search, its winning move made in the player's frame."""
        found = self.searched.outcome_search(self.inner(state))
        if found is None:
            return None
        moves = []
        for _, make in found.moves:
            framed = self.framed_play(state, make())
            assert framed is not None, "the searched game's play is a play of the frame"
            moves.append((framed[0], ready(framed[1])))
        return RuleAnswer(found.outcome, tuple(moves), found.reason, found.value)

    def symmetry_reply(self, state: F) -> Reply | None:
        """The searched game's symmetry strategy, its answer made in the player's frame."""
        inner = self.searched.symmetry_reply(self.inner(state))
        found = None if inner is None else self.framed_play(state, inner.state)
        return None if found is None else Reply(*found)

    def normal_rule(self, state: F) -> RuleAnswer | None:
        """The searched game's rule, its moves made in the frame."""
        return self._framed(state, self.searched.normal_rule(self.inner(state)))

    def misere_rule(self, state: F) -> RuleAnswer | None:
        """The searched game's misère rule, its moves made in the frame."""
        return self._framed(state, self.searched.misere_rule(self.inner(state)))

    def _framed(self, state: F, rule: RuleAnswer | None) -> RuleAnswer | None:
        """``rule`` with each of its moves replaced by the framed plays that leave a position
        equal to the move's (up to the board's symmetries)."""
        if rule is None or not rule.moves:
            return rule
        wanted = set()
        for _, make in rule.moves:
            option = make()
            found = option if isinstance(option, Position) else Position.of(self.searched, option)
            wanted.add(found.key())
        candidates: Iterable[tuple[str, F]] = self.labelled_moves(state)
        if self.count_moves(state, MOST_MATCHED) > MOST_MATCHED:
            # Too many plays to settle each (a rule answers boards far beyond the search):
            # the plays the frame finds for the options themselves, or else those the rule
            # names in the same words (Chomp's squares are the frame's).
            direct = self.plays_leaving(state, [make() for _, make in rule.moves])
            if direct is not None:
                candidates = ((self.describe_play(state, play), self.apply(state, play))
                              for play in direct)
            else:
                said = {description for description, _ in rule.moves}
                candidates = ((description, self.apply(state, play))
                              for play in self.plays(state)
                              if (description := self.describe_play(state, play)) in said)
        moves = tuple((description, ready(after)) for description, after in candidates
                      if self.key(after).key() in wanted)
        return RuleAnswer(rule.outcome, moves, rule.reason, rule.value)

    def state_bound(self, state: F) -> int | None:
        """The searched game's bound for the state."""
        return self.searched.state_bound(self.inner(state))

    def move_bound(self, state: F) -> int | None:
        """The searched game's bound on moves."""
        return self.searched.move_bound(self.inner(state))

    @abstractmethod
    def format_state(self, state: F) -> str:
        """The framed state's text, which :meth:`parse_state` reads back."""

    @abstractmethod
    def parse_state(self, tokens: Sequence[str]) -> F:
        """A framed state from the words of its text form."""
