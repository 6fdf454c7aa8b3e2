"""Disjunctive sums: a position is a sum of components, each a position of some game.

Playing a sum means moving in exactly one component.  Under normal play the nim-value of a
sum is the nim-sum (xor) of its components' values, so a winning move is found component by
component: in a component of value v, move to an option of value v xor (total).

>>> from grundy.catalogue import parse_position
>>> position = parse_position("daisy 6 + daisy 5")
>>> str(position), position.value()
('daisy 5 6', 0)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, partial, reduce
from typing import Any

from grundy.core.game import Game, Sum
from grundy.errors import capped
from grundy.values import Value, add_values


@dataclass(frozen=True)
class Component:
    """One part of a sum: a game and a (canonical) state of it."""

    game: Game[Any]
    state: Hashable

    def __str__(self) -> str:
        shown = self.game.format_state(self.state)
        return f"{self.game.text} {shown}" if shown else self.game.text

    def value(self) -> Value:
        """The component's nim-value under normal play."""
        return self.game.value(self.state)


class Move:
    """A move of a sum: what it does, in words, and the position it leaves.

    The position may be given as a function that makes it, so that listing thousands of
    moves of a huge position costs nothing until their positions are looked at.
    """

    __slots__ = ("_make", "_position", "description")

    def __init__(self, description: str, position: Position | Callable[[], Position]) -> None:
        self.description = description
        self._position = position if isinstance(position, Position) else None
        self._make = None if isinstance(position, Position) else position

    @property
    def position(self) -> Position:
        """The position the move leaves."""
        if self._position is None:
            assert self._make is not None
            self._position = self._make()
        return self._position

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Move) and self.description == other.description
                and self.position == other.position)

    def __hash__(self) -> int:
        return hash((self.description, self.position))

    def __repr__(self) -> str:
        return f"Move({self.description!r}, {str(self.position)!r})"

    def to_json(self) -> dict[str, str]:
        """``{"move": ..., "position": ...}`` as in the command line's JSON."""
        return {"move": self.description, "position": str(self.position)}


class Position(Sum):
    """A position of a sum of games, in canonical form; immutable and hashable.

    Components of the same heap game are merged (``kayles 5 + kayles 6`` is ``kayles 5 6``),
    empty ones dropped, and the rest sorted, so equal sums compare and hash equal.

    >>> from grundy.heap.subtraction import Nim
    >>> p = Position.of(Nim(), (3, 2, 1))
    >>> str(p), p.value(), len(p.moves())
    ('nim 1 2 3', 0, 6)
    """

    __slots__ = ("__dict__", "_hash", "components")
    _hash: int | None

    def __init__(self, components: Iterable[Component], *, canonical_states: bool = False) -> None:
        # canonical_states: the caller vouches that each state is already canonical, which
        # saves re-sorting thousands of heaps for every option of a big position.
        self.components: tuple[Component, ...] = _canonical(tuple(components), canonical_states)
        self._hash = None

    @classmethod
    def of(cls, game: Game[Any], state: Hashable) -> Position:
        """The position ``state`` of one game."""
        return cls([Component(game, state)])

    @classmethod
    def sum(cls, parts: Iterable[Position]) -> Position:
        """The sum of several positions."""
        return cls(component for part in parts for component in part.components)

    def __add__(self, other: Position) -> Position:
        return Position.sum([self, other])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.components == other.components

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.components)
        return self._hash

    def __str__(self) -> str:
        return " + ".join(map(str, self.components))

    def __repr__(self) -> str:
        return f"Position({str(self)!r})"

    def value(self) -> Value:
        """The nim-value (normal play): the sum of the components' values."""
        return reduce(add_values, (c.value() for c in self.components))

    def key(self) -> Position:
        """The position as searches keep it: each component in its game's search form
        (:meth:`Game.key <grundy.core.game.Game.key>`: a board folded by its symmetries and
        split into its regions), so that positions equal up to a symmetry share one entry.
        :meth:`children` are keys.

        >>> from grundy.catalogue import parse_position
        >>> str(parse_position("cram ##../..../....").key())
        'cram ..##/..../....'
        """
        found = self.__dict__.get("_key")
        if found is None:
            parts: list[Component] = []
            for component in self.components:
                settled = component.game.key(component.state)
                parts.extend(settled.components if isinstance(settled, Position)
                             else [Component(component.game, settled)])
            found = self.__dict__["_key"] = Position(parts, canonical_states=True)
        return found

    @cached_property
    def is_terminal(self) -> bool:
        """True when no move is possible."""
        return not any(True for _ in self.children())

    def replace(self, index: int, option: Any) -> Position:
        """The position after component ``index`` moved to ``option`` (a canonical state)."""
        rest = self.components[:index] + self.components[index + 1:]
        if isinstance(option, Position):
            return Position(rest + option.components, canonical_states=True)
        game = self.components[index].game
        return Position((*rest, Component(game, option)), canonical_states=True)

    def children(self) -> Iterator[Position]:
        """Every position one move leads to (with repeats when two moves agree)."""
        for index, component in enumerate(self.components):
            for option in component.game.options(component.state):
                yield self.replace(index, option)

    def moves(self) -> list[Move]:
        """Every legal move, once per distinct resulting position."""
        return list(self.iter_moves())

    def iter_moves(self) -> Iterator[Move]:
        """The moves of :meth:`moves`, one at a time, so that a caller can stop early (a
        heap of 10**18 has about 10**18 of them).

        >>> from itertools import islice
        >>> from grundy.heap.takebreak import KAYLES
        >>> [m.description for m in islice(Position.of(KAYLES, (10**18,)).iter_moves(), 2)]
        ['take 1 from an end of 1000000000000000000, leaving 999999999999999999', \
'take 1 from 1000000000000000000, leaving 1 and 999999999999999998']
        """
        seen: set[Position] = set()
        for index, component in enumerate(self.components):
            for description, option in component.game.labelled_moves(component.state):
                after = self.replace(index, option)
                if after not in seen:
                    seen.add(after)
                    yield Move(self.say(index, description), after)

    def moves_to_value(self, index: int, target: int) -> list[Move]:
        """The moves in component ``index`` to an option of nim-value ``target``."""
        component = self.components[index]
        return [self.lazy_move(index, description, option)
                for description, option in component.game.moves_to_value(component.state, target)]

    def lazy_move(self, index: int, description: str, option: Any) -> Move:
        """The move in component ``index`` to ``option`` (given as it is, or as a function
        that makes it), whose position is made only when looked at."""
        return Move(self.say(index, description), partial(self._replace_lazy, index, option))

    def _replace_lazy(self, index: int, option: Any) -> Position:
        return self.replace(index, option() if callable(option) else option)

    def say(self, index: int, description: str) -> str:
        """A move's description, naming its component when the sum has several."""
        if len(self.components) == 1:
            return description
        return f"in {self.components[index]}: {description}"

    def move_bound(self) -> int | None:
        """The most moves a position reachable from here has, when every game says."""
        total = 0
        for component in self.components:
            bound = component.game.move_bound(component.state)
            if bound is None:
                return None
            total += bound
        return total

    def state_bound(self) -> int | None:
        """An upper bound on the positions reachable from here, when every game gives one
        (cut to :data:`~grundy.errors.BEYOND`)."""
        total = 1
        for component in self.components:
            bound = component.game.state_bound(component.state)
            if bound is None:
                return None
            total = capped(total * bound)
        return total


def _canonical(components: tuple[Component, ...], trusted: bool) -> tuple[Component, ...]:
    if trusted and len(components) == 1:
        return components
    # Components grouped by game, so that a sum of thousands of them merges in linear time.
    groups: dict[Game[Any], list[Hashable]] = {}
    for component in components:
        game = component.game
        state = component.state if trusted else game.canonical(component.state)
        groups.setdefault(game, []).append(state)
    merged: list[Component] = []
    for game, states in groups.items():
        combined = game.merge_all(states) if len(states) > 1 else states[0]
        if combined is None:
            merged.extend(Component(game, state) for state in states)
        else:
            merged.append(Component(game, combined))
    kept = [c for c in merged if not c.game.is_empty(c.state)] or merged[:1]
    if len(kept) > 1:
        kept.sort(key=lambda c: (c.game.text, str(c.game.format_state(c.state))))
    return tuple(kept)
