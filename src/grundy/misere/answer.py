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

import numpy as np

from grundy.core.position import Move, Position
from grundy.errors import TooBig
from grundy.heap.base import HeapGame, Heaps
from grundy.heap.subtraction import Subtraction
from grundy.heap.takebreak import TakeAndBreak
from grundy.misere.presentation import presentation
from grundy.misere.store import known_quotient
from grundy.values import Outcome

#: Where the method is named in the answer.
CITATION = "Plambeck-Siegel"


@dataclass(frozen=True)
class QuotientAnswer:
    """Who wins, the winning moves, and the explanation (each heap's element and the
    product)."""

    outcome: Outcome
    moves: tuple[Move, ...]
    method: str


def quotient_answer(position: Position, *, compute: bool = True) -> QuotientAnswer | None:
    """The answer from the misère quotient, or None when the position is not made of heaps
    of one game whose quotient is known for the heaps present (up to some heap, or for
    every heap once its period is proved).  ``compute``: find the quotient
    if it is not kept yet (this can take seconds)."""
    games = {c.game for c in position.components}
    if len(games) != 1:
        return None
    game = games.pop()
    if not quotient_applies(game):
        return None
    assert isinstance(game, HeapGame)
    quotient = known_quotient(game, compute=compute)
    heaps: list[int] = []
    for component in position.components:
        assert isinstance(component.state, tuple)
        heaps.extend(component.state)
    if quotient is None or not quotient.covers(max(heaps, default=0)):
        return None
    monoid = quotient.monoid
    elements = [quotient.image(h) for h in heaps]
    total = monoid.product(elements)
    outcome = Outcome.P if monoid.p[total] else Outcome.N
    moves: list[Move] = []
    if outcome is Outcome.N:
        moves = _winning_moves(position, game, quotient, elements)
    words = presentation(monoid, quotient.images).words
    said = ", ".join(f"{h} is {words[e]}" for h, e in zip(heaps, elements, strict=True))
    verdict = "in" if monoid.p[total] else "not in"
    covered = "every heap" if quotient.stable else f"heaps up to {quotient.to}"
    method = (f"the misère quotient of {game.text} (order {quotient.order} for {covered}, "
              f"{CITATION}): "
              f"{said}; the product {words[total]} is {verdict} the P-portion")
    return QuotientAnswer(outcome, tuple(moves), method)


def explained_refusal(refusal: TooBig, position: Position) -> TooBig:
    """The refusal of a misère search, saying first how far the game's quotient is known
    when it stopped short of the position's largest heap (so the user learns that the
    quotient, not only the search, ran out)."""
    games = {c.game for c in position.components}
    game = games.pop() if len(games) == 1 else None
    if not isinstance(game, HeapGame) or not quotient_applies(game):
        return refusal
    quotient = known_quotient(game)
    if quotient is None or quotient.stable:
        return refusal
    why = f" ({quotient.stopped})" if quotient.stopped else ""
    return TooBig(f"the misère quotient of {game.text} is not known to this tool beyond heap "
                  f"{quotient.to}{why}, and the {refusal.what}", size=refusal.size,
                  limit=refusal.limit, unit=refusal.unit)


def quotient_applies(game: object) -> bool:
    """True for the games whose quotient is built here: take-and-break codes and finite
    subtraction sets (their options are heaps of the same game, and a theorem proves a
    period of the pretending function)."""
    return isinstance(game, TakeAndBreak) or (isinstance(game, Subtraction)
                                              and game.rule is None)


def _winning_moves(position: Position, game: HeapGame, quotient: object,
                   elements: list[int]) -> list[Move]:
    from grundy.misere.quotient import Quotient

    assert isinstance(quotient, Quotient)
    monoid = quotient.monoid
    moves: list[Move] = []
    offset = 0
    for index, component in enumerate(position.components):
        state = component.state
        assert isinstance(state, tuple)
        for i, heap in game.distinct_heaps(state):
            others = elements[:offset + i] + elements[offset + i + 1:]
            rest = monoid.product(others)
            wanted = np.flatnonzero(monoid.p[monoid.table[rest]])
            for parts in _options_into(game, quotient, heap, set(int(w) for w in wanted)):
                moves.append(Move(position.say(index, game.describe_heap_move(heap, parts)),
                                  _after(position, index, game, state, i, parts)))
        offset += len(state)
    return moves


def _options_into(game: HeapGame, quotient: object, heap: int, wanted: set[int]
                  ) -> list[Heaps]:
    """The distinct options of one heap whose element is in ``wanted``.

    Splits of a take-and-break heap are judged all at once with numpy, so a heap of a
    million tokens takes milliseconds."""
    from grundy.misere.quotient import Quotient

    assert isinstance(quotient, Quotient)
    found: list[Heaps] = []
    seen: set[Heaps] = set()
    if isinstance(game, TakeAndBreak) and not game.hexadecimal:
        targets = np.array(sorted(wanted), dtype=np.int64)
        for taken, digit in enumerate(game.digits):
            if taken > heap:
                break
            rest = heap - taken
            singles: list[Heaps] = []
            if taken and digit & 1 and rest == 0:
                singles.append(())
            if taken and digit & 2 and rest > 0:
                singles.append((rest,))
            for key in singles:
                if key not in seen and quotient.element_of(key) in wanted:
                    seen.add(key)
                    found.append(key)
            if digit & 4 and rest >= 2:
                small = np.arange(1, rest // 2 + 1, dtype=np.int64)
                large = rest - small
                product = quotient.monoid.table[quotient.images_of(small),
                                                quotient.images_of(large)]
                for a in small[np.isin(product, targets)].tolist():
                    pair: Heaps = (a, rest - a)
                    if pair not in seen:
                        seen.add(pair)
                        found.append(pair)
        return found
    for parts in game.heap_options(heap):
        option: Heaps = tuple(sorted(p for p in parts if p))
        if option not in seen:
            seen.add(option)
            if quotient.element_of(option) in wanted:
                found.append(option)
    return found


def _after(position: Position, index: int, game: HeapGame, state: Heaps, heap_index: int,
           parts: Heaps) -> Callable[[], Position]:
    return partial(_replace, position, index, game, state, heap_index, parts)


def _replace(position: Position, index: int, game: HeapGame, state: Heaps, heap_index: int,
             parts: Heaps) -> Position:
    return position.replace(index, game.after_move(state, heap_index, parts))
