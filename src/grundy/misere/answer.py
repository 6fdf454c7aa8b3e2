"""Misère positions of heap games answered from the game's misère quotient.

A position's element is the product of its heaps' elements; the position is lost by the
player to move exactly when that product is in the P-portion.  A winning move replaces one
heap by an option whose element, times the element of the other heaps, lands in the
P-portion.  Heaps of any size are answered once the pretending function's period is proved.

>>> from grundy.catalogue import parse_position
>>> found = quotient_answer(parse_position("kayles 3 5"))
>>> found.outcome
<Outcome.N: 'N'>
>>> for move in found.moves:
...     print(move.description)
take 2 from an end of 3, leaving 1
take 2 from an end of 5, leaving 3
take 2 from 5, leaving 1 and 2
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from grundy.core.position import Move, Position
from grundy.errors import TooBig
from grundy.heap.base import HeapGame, Heaps, Splits
from grundy.misere.given import given_elements, opens_into_another
from grundy.misere.presentation import presentation
from grundy.misere.quotient import Quotient
from grundy.misere.store import known_quotient, known_union, stopped_quotient
from grundy.misere.tame import tame_pair, tame_quotient
from grundy.misere.union import HeapUnion
from grundy.values import Method, Outcome

#: Where the method is named in the answer.
CITATION = "Plambeck-Siegel"


@dataclass(frozen=True)
class QuotientAnswer:
    """Who wins, the winning moves, and the explanation (each heap's element and the
    product)."""

    outcome: Outcome
    moves: tuple[Move, ...]
    method: str
    #: The quotient's answer, or the tame rule's.
    found_by: Method


def quotient_answer(position: Position, *, compute: bool = True,
                    listing: int | None = None) -> QuotientAnswer | None:
    """The answer from the misère quotient, or None when the position is not made of heaps
    of games whose quotient is known for the heaps present (up to some heap, or for every
    heap once its period is proved).  Heaps of one game use that game's quotient; heaps of
    several games the quotient of the union of their heaps (:mod:`grundy.misere.union`).
    ``compute``: find the quotient if it is not kept yet (within its time budget,
    :func:`~grundy.misere.store.build_seconds`).  ``listing``: the most heap options the
    search for winning moves may look at; past it the answer is refused
    (:class:`~grundy.errors.TooBig`), saying who wins."""
    games = tuple(dict.fromkeys(c.game for c in position.components))
    if any(opens_into_another(game) for game in games):
        return _given_answer(position, games, compute, listing)
    if not games or not all(quotient_applies(game) for game in games):
        return None
    heap_games = tuple(game for game in games if isinstance(game, HeapGame))
    numbering = _Numbering(heap_games)
    # The tame rule, when proved, takes milliseconds and needs no quotient of the game.
    quotient = tame_quotient(numbering.games)
    tame = quotient is not None
    if quotient is None:
        quotient = (known_quotient(numbering.games[0], compute=compute)
                    if numbering.union is None
                    else known_union(numbering.union, compute=compute))
    heaps = _heaps(position)
    numbers = [numbering.of(game, np.array([h], dtype=np.int64))[0] for game, h in heaps]
    if quotient is None or not quotient.covers(int(max(numbers, default=0))):
        return None
    elements = [quotient.image(int(n)) for n in numbers]
    if tame:
        return _answered(position, numbering, quotient, elements,
                         partial(_tame_reason, numbering, heaps, elements), listing,
                         Method.TAME)
    covered = "every heap" if quotient.stable else f"heaps up to {quotient.to}"
    of = numbering.games[0].text if numbering.union is None else (
        f"the heaps of {numbering.union.text} together")
    return _answered(position, numbering, quotient, elements, partial(
        _worked, quotient, [numbering.name(game, h) for game, h in heaps], elements,
        f"the misère quotient of {of} (order {quotient.order} for {covered}, {CITATION})"),
        listing, Method.QUOTIENT)


def _given_answer(position: Position, games: tuple[Any, ...], compute: bool,
                  listing: int | None) -> QuotientAnswer | None:
    """Heaps of one game that open into another's (daisies into Kayles rows) and heaps of
    that other game, answered by its quotient, each opening heap given the element it plays
    as (:mod:`grundy.misere.given`); None when some heap plays as none."""
    opening = [game for game in games if opens_into_another(game)]
    given = given_elements(opening[0], compute=compute) if len(opening) == 1 else None
    part = opening[0].part_game
    if given is None or not all(g in (opening[0], part) for g in games):
        return None
    quotient = given.quotient
    heaps = _heaps(position)
    found = [given.element(h) if game == opening[0] else quotient.image(h)
             for game, h in heaps]
    elements = [e for e in found if e is not None]
    if len(elements) < len(found):
        return None
    return _answered(position, _Numbering((part,)), quotient, elements, partial(
        _worked, quotient, [f"{game.text} {h}" for game, h in heaps], elements,
        f"the misère quotient of {part.text} (order {quotient.order} for every heap, "
        f"{CITATION}), {given.answered_by()}"), listing, Method.QUOTIENT)


def _heaps(position: Position) -> list[tuple[HeapGame, int]]:
    """Every heap of the position, with its game."""
    heaps: list[tuple[HeapGame, int]] = []
    for component in position.components:
        assert isinstance(component.state, tuple) and isinstance(component.game, HeapGame)
        heaps.extend((component.game, h) for h in component.state)
    return heaps


def _answered(position: Position, numbering: _Numbering, quotient: Quotient,
              elements: list[int], explain: Callable[[int], str], listing: int | None,
              found_by: Method) -> QuotientAnswer:
    """Who wins by the product of the heaps' elements, the winning moves (refused past
    ``listing`` heap options looked at), and ``explain`` of the product."""
    monoid = quotient.monoid
    total = monoid.product(elements)
    outcome = Outcome.P if monoid.p[total] else Outcome.N
    moves: list[Move] = []
    if outcome is Outcome.N:
        _refuse_long_listing(position, listing)
        moves = _winning_moves(position, numbering, quotient, elements)
    return QuotientAnswer(outcome, tuple(moves), explain(total), found_by)


def _refuse_long_listing(position: Position, listing: int | None) -> None:
    """Refuse to look for the winning moves among more than ``listing`` heap options (the
    options of a heap of 10^8 tokens take gigabytes), saying who wins all the same."""
    if listing is None:
        return
    size = 0
    for component in position.components:
        game, state = component.game, component.state
        assert isinstance(state, tuple) and isinstance(game, HeapGame)
        size += sum(game.heap_option_count(heap) for _, heap in game.distinct_heaps(state))
    if size > listing:
        text = str(position)
        short = text if len(text) <= 60 else text[:57] + "..."
        raise TooBig(f"{short}: the first player wins (by the misère quotient, {CITATION}); "
                     "listing its winning moves", size=size, limit=listing, unit="options")


def _worked(quotient: Quotient, names: list[str], elements: list[int], of: str,
            total: int) -> str:
    """The quotient's answer worked: each heap's element and where the product lies."""
    words = presentation(quotient.monoid, quotient.images).words
    said = ", ".join(f"{name} is {words[e]}" for name, e in zip(names, elements, strict=True))
    verdict = "in" if quotient.monoid.p[total] else "not in"
    return f"{of}: {said}; the product {words[total]} is {verdict} the P-portion"


def _tame_reason(numbering: _Numbering, heaps: list[tuple[HeapGame, int]], elements: list[int],
                 total: int) -> str:
    """The tame rule, worked: what each heap plays as, the nim-sum, and the rule that applies."""
    def plays(element: int) -> str:
        g, firm = tame_pair(element)
        return f"*{g} ({'firm' if firm else 'fickle'})"
    said = ", ".join(f"{numbering.name(game, h)} plays as {plays(e)}"
                     for (game, h), e in zip(heaps, elements, strict=True))
    s, firm = tame_pair(total)
    rule = ("some part is firm, so the player to move loses exactly when the nim-sum is 0"
            if firm else "every part is fickle, so the player to move loses exactly when the "
            "nim-sum is 1")
    games = " + ".join(game.text for game in numbering.games)
    return (f"the tame rule (Conway; {games} proved tame over every sum of heaps): "
            f"{said}; the nim-sum is {s} and {rule}")


class _Numbering:
    """Heap sizes of each game as heaps of the quotient: the sizes themselves for one game,
    the union's numbers for several."""

    def __init__(self, games: tuple[HeapGame, ...]) -> None:
        ordered = tuple(sorted(games, key=lambda game: game.text))
        self.games = ordered
        self.union = HeapUnion(ordered) if len(ordered) > 1 else None
        self.index = {game: i for i, game in enumerate(ordered)}

    def name(self, game: HeapGame, heap: int) -> str:
        """A heap as the answer says it: its size, with its game's name in a union."""
        return str(heap) if self.union is None else f"{game.text} {heap}"

    def of(self, game: HeapGame, sizes: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """The numbers of heaps of these sizes (all at least 1, or 0 for no heap)."""
        if self.union is None:
            return sizes
        k = len(self.union.games)
        numbered: np.ndarray[Any, Any] = np.where(sizes > 0,
                                                  k * (sizes - 1) + self.index[game] + 1, 0)
        return numbered


def explained_refusal(refusal: TooBig, position: Position) -> TooBig:
    """The refusal of a misère search, saying first how far the quotient is known when it
    stopped short of the position's largest heap (so the user learns that the quotient, not
    only the search, ran out)."""
    games = tuple(dict.fromkeys(c.game for c in position.components))
    opening = [game for game in games if opens_into_another(game)]
    if opening:
        return _given_refusal(refusal, position, opening[0])
    if not games or not all(isinstance(g, HeapGame) and quotient_applies(g) for g in games):
        return refusal
    numbering = _Numbering(tuple(g for g in games if isinstance(g, HeapGame)))
    if numbering.union is None:
        quotient = known_quotient(numbering.games[0]) or stopped_quotient(numbering.games[0])
        of = numbering.games[0].text
        reach = "" if quotient is None else f"beyond heap {quotient.to}"
    else:
        of = f"the heaps of {numbering.union.text} together"
        unknown = [g.text for g in numbering.games
                   if not ((own := known_quotient(g)) is not None and own.stable)]
        if unknown:
            return TooBig(f"the misère quotient of {', '.join(unknown)} is not known for "
                          f"every heap, so neither is that of {of}, and the {refusal.what}",
                          size=refusal.size, limit=refusal.limit, unit=refusal.unit)
        quotient = known_union(numbering.union)
        if quotient is not None:
            game, size = numbering.union.heap(quotient.to + 1)
            reach = f"from heap {size} of {numbering.union.games[game].text} on"
    if quotient is None or quotient.stable:
        return refusal
    why = f" ({quotient.stopped})" if quotient.stopped else ""
    return TooBig(f"the misère quotient of {of} is not known to this tool {reach}{why}, and "
                  f"the {refusal.what}", size=refusal.size, limit=refusal.limit,
                  unit=refusal.unit)


def _given_refusal(refusal: TooBig, position: Position, opening: Any) -> TooBig:
    """The refusal, saying first which heaps of ``opening`` (playing as no element) keep the
    quotient of the game they open into from answering."""
    given = given_elements(opening)
    if given is None:
        return refusal
    misfits = sorted({h for c in position.components
                      if c.game == opening and isinstance(c.state, tuple)
                      for h in c.state if given.element(h) is None})
    if not misfits:
        return refusal
    return TooBig(f"{given.none_for(misfits)}, and the {refusal.what}",
                  size=refusal.size, limit=refusal.limit, unit=refusal.unit)


def quotient_applies(game: object) -> bool:
    """True for the games whose quotient is built here: take-and-break codes and finite
    subtraction sets (their options are heaps of the same game, and a theorem proves a
    period of the pretending function)."""
    return isinstance(game, HeapGame) and game.quotient_applies()


def _winning_moves(position: Position, numbering: _Numbering, quotient: Quotient,
                   elements: list[int]) -> list[Move]:
    monoid = quotient.monoid
    moves: list[Move] = []
    offset = 0
    for index, component in enumerate(position.components):
        state, game = component.state, component.game
        assert isinstance(state, tuple) and isinstance(game, HeapGame)
        for i, heap in game.distinct_heaps(state):
            others = elements[:offset + i] + elements[offset + i + 1:]
            rest = monoid.product(others)
            wanted = np.flatnonzero(monoid.p[monoid.table[rest]])
            for parts in _options_into(game, quotient, partial(numbering.of, game), heap,
                                       set(int(w) for w in wanted)):
                moves.append(Move(position.say(index, game.describe_heap_move(heap, parts)),
                                  _after(position, index, game, state, i, parts)))
        offset += len(state)
    return moves


def _options_into(game: HeapGame, quotient: Quotient,
                  number: Callable[[np.ndarray[Any, Any]], np.ndarray[Any, Any]], heap: int,
                  wanted: set[int]) -> list[Heaps]:
    """The distinct options of one heap whose element is in ``wanted`` (``number`` gives
    the quotient's heaps for heap sizes of this game).

    The splits a game groups (:meth:`~grundy.heap.base.HeapGame.option_groups`) are judged
    all at once with numpy, so a heap of a million tokens of a take-and-break game takes
    milliseconds."""
    def element_of(parts: Heaps) -> int:
        numbers = number(np.array(parts, dtype=np.int64))
        return quotient.monoid.product([quotient.image(int(n)) for n in numbers])

    found: list[Heaps] = []
    seen: set[Heaps] = set()
    targets = np.array(sorted(wanted), dtype=np.int64)
    for group in game.option_groups(heap):
        if isinstance(group, Splits):
            small = np.arange(1, group.largest + 1, dtype=np.int64)
            large = group.rest - small
            product = quotient.monoid.table[quotient.images_of(number(small)),
                                            quotient.images_of(number(large))]
            kept = small[np.isin(product, targets)].tolist()
            candidates: list[Heaps] = [(a, group.rest - a) for a in kept]
        else:
            candidates = [tuple(sorted(p for p in group if p))]
        for option in candidates:
            if option not in seen:
                seen.add(option)
                if isinstance(group, Splits) or element_of(option) in wanted:
                    found.append(option)
    return found


def _after(position: Position, index: int, game: HeapGame, state: Heaps, heap_index: int,
           parts: Heaps) -> Callable[[], Position]:
    return partial(_replace, position, index, game, state, heap_index, parts)


def _replace(position: Position, index: int, game: HeapGame, state: Heaps, heap_index: int,
             parts: Heaps) -> Position:
    return position.replace(index, game.after_move(state, heap_index, parts))
