"""Pictures of positions: what to draw for each component, and which clicks make each move.

A picture is plain JSON data, drawn by the web page and the terminal.  Each component of a
sum gets one: its ``kind`` (``heaps``, ``pins``, ``petals``, ``circle``, ``grid``, ``bar``,
``polygon``, ``cube``, ``numbers``, ``graph``, ``queen``, ``stairs``, ``northcott``,
``coins``, ``kayles-graph``), the geometry of that kind, and ``moves``:
for each position one move leads to, the *target sets* that make it.  A target is a named
part of the picture (a stone ``2-5``, a square ``b3``, a groove ``1-r2``, a point ``4``);
a move is made by clicking one target, or the two of a set (a domino's squares, a chord's
ends, the two ends of a run of pins).  Targets are found by playing the games' own rules
on the component's state, so the page needs no game logic: it matches the set clicked
with a move's ``position``, which is the one ``/api/moves`` lists.

>>> from grundy.catalogue import parse_position
>>> drawn = pictures(parse_position("nim 2"))
>>> drawn["components"][0]["kind"], drawn["components"][0]["heaps"]
('heaps', [2])
>>> [(move["position"], move["targets"]) for move in drawn["components"][0]["moves"]]
[('nim 0', [['1-1']]), ('nim 1', [['1-2']])]
>>> pictures(parse_position("nim 5000"))
Traceback (most recent call last):
...
grundy.errors.TooBig: a picture of nim 5000 needs about 5000 parts; the limit is 400
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from grundy.boards.bitgrid import square
from grundy.core.position import Component, Position
from grundy.errors import InvalidGame, TooBig

if TYPE_CHECKING:
    from grundy.boards import (
        Chocolate,
        ChocolateBoard,
        Chomp,
        ChompBoard,
        Chords,
        ChordsBoard,
        Diagonals,
        DiagonalsBoard,
        PieceBoard,
        Skewers,
        TwoNumbers,
    )
    from grundy.boards.grid import GridGame
    from grundy.coins import CoinRow, TurningCorners
    from grundy.digraph import GraphGame
    from grundy.heap.additions import NimWithAdditions, Northcott
    from grundy.heap.base import HeapGame
    from grundy.heap.moore import Moore
    from grundy.heap.staircase import Staircase
    from grundy.heap.takebreak import Daisy, TakeAndBreak
    from grundy.heap.wythoff import Wythoff
    from grundy.kayles_graphs import GraphKayles

#: The most parts (stones, squares, points...) one picture draws: beyond it a picture is
#: no help and the page shows the moves in words only.
MAX_PARTS = 400
#: Rows of pins that may be left in three parts are drawn up to MAX_PARTS / MAX_THREES pins
#: (each run of pins then goes with each gap: n³/2 clicks).
MAX_THREES = 6
#: The most nodes of a graph game drawn around its tokens.
MAX_NODES = 40
#: Graphs of Kayles up to this many nodes are laid out by springs, larger ones on a circle.
SPRING_NODES = 60

Targets = tuple[str, ...]
#: What a component's picture is made of: the geometry, and (targets, option) per click.
Drawing = tuple[dict[str, Any], Iterable[tuple[Targets, Any]]]


def pictures(position: Position) -> dict[str, Any]:
    """The picture of every component of ``position`` (see the module), as JSON data.

    Raises :class:`~grundy.errors.TooBig` when a component has more than
    :data:`MAX_PARTS` parts to draw.
    """
    return {"position": str(position),
            "components": [component_picture(position, index)
                           for index in range(len(position.components))]}


def component_picture(position: Position, index: int) -> dict[str, Any]:
    """The picture of component ``index``: its geometry and each move's target sets."""
    component = position.components[index]
    geometry, clicks = _drawing(component)
    by_position: dict[str, list[list[str]]] = {}
    for targets, option in clicks:
        after = str(position.replace(index, option))
        sets = by_position.setdefault(after, [])
        if list(targets) not in sets:
            sets.append(list(targets))
    return {**geometry, "text": str(component), "game": component.game.text,
            "moves": [{"position": after, "targets": sets} for after, sets in by_position.items()]}


def _drawing(component: Component) -> Drawing:
    """What the component's game says its picture is (:attr:`~grundy.core.game.Game.picture`),
    drawn."""
    game, state = component.game, component.state
    draw = _DRAWERS.get(game.picture) if game.picture is not None else None
    if draw is not None:
        return draw(game, state, str(component))
    raise InvalidGame(f"no picture is drawn for {game.text}; play it by the moves in words")


def _limit(what: str, parts: int) -> None:
    if parts > MAX_PARTS:
        raise TooBig(f"a picture of {what}", size=parts, limit=MAX_PARTS, unit="parts")


def _key(parts: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(part for part in parts if part))


def _heap_options(game: HeapGame, n: int) -> set[tuple[int, ...]]:
    return {_key(parts) for parts in game.heap_options(n)}


def _heap_clicks(game: HeapGame, state: tuple[int, ...],
                 candidates: Callable[[int, int], Iterator[tuple[Targets, tuple[int, ...]]]]
                 ) -> Iterator[tuple[Targets, Any]]:
    """For each heap, each candidate click whose parts are one of the heap's options."""
    for index, n in enumerate(state):
        allowed = _heap_options(game, n)
        for targets, parts in candidates(index + 1, n):
            if _key(parts) in allowed:
                yield targets, game.after_move(state, index, _key(parts))


def _heaps(game: HeapGame, state: tuple[int, ...], text: str) -> Drawing:
    """Rows of stones: a click on stone k takes it and those after it (k - 1 are left); a
    click on the gap after stone g splits the heap there, two gaps split it in three."""
    _limit(text, sum(state))
    splits = any(len(_key(parts)) > 1 for n in set(state) for parts in game.heap_options(n))

    def candidates(h: int, n: int) -> Iterator[tuple[Targets, tuple[int, ...]]]:
        for k in range(1, n + 1):
            yield (f"{h}-{k}",), (k - 1,)
        if splits:
            yield from _gap_candidates(h, n)

    return ({"kind": "heaps", "heaps": list(state), "gaps": splits},
            _heap_clicks(game, state, candidates))


def _gap_candidates(h: int, n: int) -> Iterator[tuple[Targets, tuple[int, ...]]]:
    for g in range(1, n):
        yield (f"{h}-g{g}",), (g, n - g)
        for second in range(g + 1, n):
            yield (f"{h}-g{g}", f"{h}-g{second}"), (g, second - g, n - second)


def _pins(game: TakeAndBreak, state: tuple[int, ...], text: str) -> Drawing:
    """A row of pins: a run of pins from i to j is knocked down (one click when i = j,
    else the two ends); a gap splits the row when the code allows taking nothing, and a
    run and a gap beside it (a hexadecimal digit 8) leave three rows."""
    _limit(text, sum(state))
    splits = bool(game.digits[0] & 12)
    threes = game.max_parts >= 3
    if threes:
        _limit(text, max(state, default=0) * MAX_THREES)

    def candidates(h: int, n: int) -> Iterator[tuple[Targets, tuple[int, ...]]]:
        for i in range(1, n + 1):
            for j in range(i, n + 1):
                ends = (f"{h}-{i}",) if i == j else (f"{h}-{i}", f"{h}-{j}")
                yield ends, (i - 1, n - j)
                if threes:  # the run, and a gap that splits what is left on one side
                    for g in (*range(1, i - 1), *range(j + 1, n)):
                        left, right = (g, i - 1 - g) if g < i else (g - j, n - g)
                        rest = n - j if g < i else i - 1
                        yield (*ends, f"{h}-g{g}"), (left, right, rest)
        if splits:
            yield from _gap_candidates(h, n)

    return ({"kind": "pins", "heaps": list(state), "gaps": splits or threes},
            _heap_clicks(game, state, candidates))


def _petals(game: Daisy, state: tuple[int, ...], text: str) -> Drawing:
    """Petals round a centre: one petal, or two neighbours, are plucked."""
    _limit(text, sum(state))

    def candidates(h: int, n: int) -> Iterator[tuple[Targets, tuple[int, ...]]]:
        for k in range(1, n + 1):
            yield (f"{h}-{k}",), (n - 1,)
            after = k % n + 1
            if after != k:
                yield tuple(sorted((f"{h}-{k}", f"{h}-{after}"))), (n - 2,)

    return {"kind": "petals", "heaps": list(state)}, _heap_clicks(game, state, candidates)


def _circle(game: Chords, state: tuple[int, ...], text: str) -> Drawing:
    """Each region of points on its own circle: a chord joins two points of one region."""
    _limit(text, sum(state))

    def candidates(h: int, n: int) -> Iterator[tuple[Targets, tuple[int, ...]]]:
        for i in range(1, n + 1):
            for j in range(i + 1, n + 1):
                yield (f"{h}-{i}", f"{h}-{j}"), (j - i - 1, n - j + i - 1)

    return {"kind": "circle", "heaps": list(state)}, _heap_clicks(game, state, candidates)


def _cells(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _grid(game: GridGame, state: tuple[int, int, int], text: str, *, style: str) -> Drawing:
    """A board of cells, top row first (``.`` in play, ``#`` not); a play's cells are its
    targets (a run of checkers: its two ends); ``style`` says what stands on them (dominoes,
    chess pieces, checkers)."""
    rows, cols, cells = state
    _limit(text, rows * cols)
    lines = ["".join("." if cells >> (r * cols + c) & 1 else "#" for c in range(cols))
             for r in reversed(range(rows))]

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for play in game.plays(state):
            taken = list(_cells(play))
            ends = {taken[0], taken[-1]}
            yield (tuple(square(*divmod(cell, cols)) for cell in sorted(ends)),
                   game.apply(state, play))

    return {"kind": "grid", "style": style, "rows": rows, "cols": cols, "cells": lines}, clicks()


def _piece_board(game: PieceBoard, state: tuple[int, int, int, int], text: str) -> Drawing:
    """The board with the pieces on it (their letter, ``K`` or ``B``); a click on a cell in
    play puts a piece there."""
    rows, cols, cells, pieces = state
    _limit(text, rows * cols)
    lines = ["".join(game.letter if pieces >> (r * cols + c) & 1 else
                     "." if cells >> (r * cols + c) & 1 else "#" for c in range(cols))
             for r in reversed(range(rows))]
    clicks = (((square(*divmod(play.bit_length() - 1, cols)),), game.apply(state, play))
              for play in game.plays(state))
    return {"kind": "grid", "style": "chess", "rows": rows, "cols": cols, "cells": lines}, clicks


def _chords_board(game: ChordsBoard, state: tuple[int, tuple[tuple[int, int], ...]],
                  text: str) -> Drawing:
    """The circle, points numbered from 1, with the chords drawn; each point ``o`` free or
    ``x`` the end of a chord."""
    n, drawn = state
    _limit(text, n)
    ends = {end for chord in drawn for end in chord}
    labels = ["x" if point in ends else "o" for point in range(n)]
    clicks = (((str(i + 1), str(j + 1)), game.apply(state, (i, j))) for i, j in game.plays(state))
    return ({"kind": "polygon", "round": True, "vertices": labels,
             "diagonals": [list(chord) for chord in drawn]}, clicks)


def _chomp_board(game: ChompBoard, state: tuple[int, int, tuple[int, ...]],
                 text: str) -> Drawing:
    """The whole box, top row first, squares eaten marked ``#``, the poisoned one ``a1``."""
    rows, cols, lengths = state
    _limit(text, rows * cols)
    lines = ["." * n + "#" * (cols - n) for n in reversed(lengths)]
    clicks = (((square(*play),), game.apply(state, play)) for play in game.plays(state))
    return {"kind": "grid", "style": "chomp", "rows": rows, "cols": cols, "cells": lines}, clicks


def _chocolate_board(game: ChocolateBoard, state: tuple[int, int, tuple[tuple[int, int, int,
                                                                              int], ...]],
                     text: str) -> Drawing:
    """The bar as it lies: its squares (`` `` between bars laid side by side), the breaks
    made so far as segments ``[row, col, row, col]`` between grid points (from the bottom
    left), and each break by the two squares it parts (any two side by side across it)."""
    rows, cols, pieces = state
    _limit(text, rows * cols)
    owner = {(r, c): index for index, (r0, c0, h, w) in enumerate(pieces)
             for r in range(r0, r0 + h) for c in range(c0, c0 + w)}
    lines = ["".join("." if (r, c) in owner else " " for c in range(cols))
             for r in reversed(range(rows))]
    breaks = [[r + 1, c, r + 1, c + 1] for (r, c), p in owner.items()
              if owner.get((r + 1, c), p) != p]
    breaks += [[r, c + 1, r + 1, c + 1] for (r, c), p in owner.items()
               if owner.get((r, c + 1), p) != p]

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for play in game.plays(state):
            after = game.apply(state, play)
            index, across, cut = play
            r0, c0, h, w = pieces[index]
            sides = ([((r0 + cut - 1, c), (r0 + cut, c)) for c in range(c0, c0 + w)]
                     if across == 0 else
                     [((r, c0 + cut - 1), (r, c0 + cut)) for r in range(r0, r0 + h)])
            for one, other in sides:
                yield (square(*one), square(*other)), after

    return ({"kind": "grid", "style": "chocolate", "rows": rows, "cols": cols, "cells": lines,
             "breaks": sorted(breaks)}, clicks())


def _diagonals_board(game: DiagonalsBoard, state: tuple[int, tuple[tuple[int, int], ...]],
                     text: str) -> Drawing:
    """The polygon, vertices numbered from 1, with the diagonals drawn; each vertex marked
    ``o`` (none), ``+`` (one) or ``x`` (two, full)."""
    n, drawn = state
    _limit(text, n)
    labels = ["o+x"[degree] for degree in game.degrees(state)]
    clicks = (((str(i + 1), str(j + 1)), game.apply(state, (i, j))) for i, j in game.plays(state))
    return ({"kind": "polygon", "vertices": labels, "diagonals": [list(d) for d in drawn]},
            clicks)


def _chomp(game: Chomp, state: tuple[int, ...], text: str) -> Drawing:
    """A chocolate bar of rows (bottom first), the poisoned square at ``a1``."""
    rows, cols = len(state), max(state)
    _limit(text, rows * cols)
    lines = ["".join("." if c < state[r] else " " for c in range(cols))
             for r in reversed(range(rows))]
    clicks = (((square(*play),), game.apply(state, play))
              for play in game.plays(state))
    return {"kind": "grid", "style": "chomp", "rows": rows, "cols": cols, "cells": lines}, clicks


def _bar(game: Chocolate, state: tuple[tuple[int, int], ...], text: str) -> Drawing:
    """Pieces of chocolate with their grooves: ``p-rK`` lies between rows K and K + 1 of
    piece p, ``p-cK`` between its columns K and K + 1."""
    _limit(text, sum(a * b for a, b in state))

    def clicks() -> Iterator[tuple[Targets, Any]]:
        if (1, 1) in state:
            return
        for index, (a, b) in enumerate(state):
            for across, length, letter in ((0, a, "r"), (1, b, "c")):
                for cut in range(1, length):
                    yield ((f"{index + 1}-{letter}{cut}",),
                           game.apply(state, (index, across, cut)))

    return {"kind": "bar", "pieces": [list(piece) for piece in state]}, clicks()


def _polygon(game: Diagonals, state: tuple[int, ...], text: str) -> Drawing:
    """A convex polygon, vertices numbered from 1 as in the text form; a diagonal joins
    two.  Each vertex is shown with its letter of the word (``o`` free, ``x`` full, ``+``
    one diagonal; the two ends of a diagonal still open share a letter)."""
    _limit(text, len(state))
    word = game.format_state(state)
    labels = list(word) if not word.isdigit() else ["o"] * len(state)
    paired = [[i, j] for i in range(len(labels)) for j in range(i + 1, len(labels))
              if labels[i] == labels[j] and labels[i] not in "o+x"]
    clicks = (((str(i + 1), str(j + 1)), game.apply(state, (i, j)))
              for i, j in game.plays(state))
    return {"kind": "polygon", "vertices": labels, "diagonals": paired}, clicks


def _cube(game: Skewers, state: tuple[int, int, int, int], text: str) -> Drawing:
    """The box layer by layer (z from the bottom), each layer a grid with the row of
    largest y first; a line is pierced by clicking its two end cubes (``x-y-z`` from 1)."""
    p, q, r, cubes = state
    _limit(text, p * q * r)

    def name(index: int) -> str:
        x, rest = index % p, index // p
        return f"{x + 1}-{rest % q + 1}-{rest // q + 1}"

    layers = [["".join("." if cubes >> (x + p * (y + q * z)) & 1 else "#" for x in range(p))
               for y in reversed(range(q))] for z in range(r)]

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for play in game.plays(state):
            line = list(_cells(play))
            ends = sorted({line[0], line[-1]})
            yield tuple(name(end) for end in ends), game.apply(state, play)

    return {"kind": "cube", "size": [p, q, r], "layers": layers}, clicks()


def _numbers(game: TwoNumbers, state: tuple[int, int], text: str) -> Drawing:
    """The two numbers; a click on a number below the larger one writes it instead."""
    _limit(text, max(state))
    options = set(game.moves(state))
    a, b = state
    clicks = (((str(c),), game.canonical((a, c))) for c in range(b)
              if game.canonical((a, c)) in options)
    return {"kind": "numbers", "numbers": [a, b]}, clicks


def _graph(game: GraphGame, state: tuple[str, ...], text: str) -> Drawing:
    """The graph around the tokens, nodes on a circle: a click on a node a token can reach
    slides it there (two clicks, the token's node first, when several tokens can)."""
    shown: list[str] = []
    frontier = list(dict.fromkeys(state))
    while frontier and len(shown) < MAX_NODES:
        node = frontier.pop(0)
        if node not in shown:
            shown.append(node)
            frontier.extend(game.successors(node))
    for node in dict.fromkeys(state):  # every move is drawn, whatever the limit
        for after in game.successors(node):
            if after not in shown:
                shown.append(after)
    _limit(text, len(shown))
    count = len(shown)
    nodes = [{"name": node, "x": round(math.cos(2 * math.pi * i / count - math.pi / 2), 4),
              "y": round(math.sin(2 * math.pi * i / count - math.pi / 2), 4),
              "tokens": state.count(node)} for i, node in enumerate(sorted(shown))]
    edges = [[node, after] for node in sorted(shown) for after in game.successors(node)
             if after in shown]
    sources: dict[str, set[str]] = {}
    for node in set(state):
        for after in game.successors(node):
            sources.setdefault(after, set()).add(node)

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for i, node in enumerate(state):
            rest = state[:i] + state[i + 1:]
            for after in game.successors(node):
                targets = (after,) if len(sources[after]) == 1 else (node, after)
                yield targets, game.canonical((*rest, after))

    return ({"kind": "graph", "nodes": nodes, "edges": edges,
             "hidden": len(game.nodes) - len(shown)}, clicks())


def _queen(game: Wythoff, state: tuple[int, int], text: str) -> Drawing:
    """A queen on a quarter board at column ``a``, row ``b`` (the heaps), moving left, down
    or diagonally down-left towards the corner ``a0``; a click on a square she reaches
    moves her there (the square ``x-y`` leaves heaps x and y)."""
    a, b = state
    _limit(text, (a + 1) * (b + 1))
    reach = [(x, b) for x in range(a)] + [(a, y) for y in range(b)] + [
        (a - k, b - k) for k in range(1, min(a, b) + 1)]
    clicks = (((f"{x}-{y}",), game.canonical((x, y))) for x, y in reach)
    return {"kind": "queen", "heaps": [a, b]}, clicks


def _moore(game: Moore, state: tuple[int, ...], text: str) -> Drawing:
    """Heaps of stones; a move takes from up to K heaps: a stone of each heap chosen (it and
    those after it go), then the button ``go``."""
    _limit(text, sum(state))
    chosen_sets = [c for count in range(1, min(game.k, len(state)) + 1)
                   for c in combinations(range(len(state)), count)]
    _limit(text, sum(math.prod(state[i] for i in c) for c in chosen_sets))

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for chosen in chosen_sets:
            for left in product(*(range(state[i]) for i in chosen)):
                heaps = list(state)
                for i, keep in zip(chosen, left, strict=True):
                    heaps[i] = keep
                yield ((*(f"{i + 1}-{keep + 1}" for i, keep in zip(chosen, left, strict=True)),
                        "go"), game.canonical(tuple(heaps)))

    # No button once the game is over: nothing is left to take.
    return {"kind": "heaps", "heaps": list(state), "gaps": False, "go": any(state),
            "most": game.k}, clicks()


def _additions(game: NimWithAdditions, state: tuple[int, ...], text: str) -> Drawing:
    """Heaps of stones and the pool: a click on a stone takes it and those after it; a
    pool token ``pK`` then a heap's slot ``h-add`` adds K tokens to that heap."""
    _limit(text, sum(state) + game.pool)

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for index, heap in enumerate(state):
            rest = state[:index] + state[index + 1:]
            for left in range(heap):
                yield (f"{index + 1}-{left + 1}",), game.canonical((*rest, left))
            for added in range(1, game.pool + 1):
                after = type(game)(game.pool - added)
                yield ((f"p{added}", f"{index + 1}-add"),
                       Position.of(after, after.canonical((*rest, heap + added))))

    return {"kind": "heaps", "heaps": list(state), "gaps": False, "pool": game.pool}, clicks()


def _staircase(game: Staircase, state: tuple[int, ...], text: str) -> Drawing:
    """Steps 1, 2, ... with their coins stacked; a click on coin k of step s moves it and
    the coins above it one step down (from step 1 off the stairs)."""
    _limit(text, sum(state))

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for step, coins in enumerate(state):
            for k in range(1, coins + 1):
                steps = list(state)
                moved = coins - k + 1
                steps[step] -= moved
                if step:
                    steps[step - 1] += moved
                yield (f"{step + 1}-{k}",), game.canonical(tuple(steps))

    return {"kind": "stairs", "steps": list(state)}, clicks()


def _northcott(game: Northcott, state: tuple[str, ...], text: str) -> Drawing:
    """Rows of squares with a white and a black checker; a click on a square a checker can
    slide to (``r-c``: row r, square c, from 1) slides it there."""
    _limit(text, sum(len(row) for row in state))

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for index, row in enumerate(state):
            for option in game.moves((row,)):
                moved = option[0]
                spot = next(c for c, (x, y) in enumerate(zip(row, moved, strict=True))
                            if x == "." and y != ".")
                yield ((f"{index + 1}-{spot + 1}",),
                       game.canonical((*state[:index], moved, *state[index + 1:])))

    return {"kind": "northcott", "rows": list(state)}, clicks()


def _coins(game: CoinRow, state: str, text: str, *, ends: bool, go: bool) -> Drawing:
    """A row of coins numbered from 1; a move turns a head and coins left of it: the coins
    it turns are clicked (with ``ends``, a run's two ends: the ruler), and with ``go`` (mock
    turtles, whose moves turn up to three) then the button ``go``."""
    _limit(text, len(state))

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for k, coin in enumerate(state):
            if coin != "H":
                continue
            for others in game.companions(k):
                turned = sorted({others[0], k}) if ends and others else [*others, k]
                names = tuple(str(i + 1) for i in turned)
                yield (*names, "go") if go else names, game.canonical(_turned(state, others, k))

    return {"kind": "coins", "rows": [state], "go": go and "H" in state}, clicks()


def _turned(row: str, others: tuple[int, ...], k: int) -> str:
    coins = list(row)
    for i in (*others, k):
        coins[i] = "T" if coins[i] == "H" else "H"
    return "".join(coins)


def _corners(game: TurningCorners, state: tuple[str, ...], text: str) -> Drawing:
    """A board of coins, top row first, cells named ``r-c`` (row and column from 1, top
    left first); a move clicks a head and the opposite corner of a rectangle above and
    left of it."""
    _limit(text, sum(len(row) for row in state))

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for r, row in enumerate(state):
            for c, coin in enumerate(row):
                if coin != "H":
                    continue
                for r0 in range(r):
                    for c0 in range(c):
                        rows = list(state)
                        rows[r0] = _turned(rows[r0], (c0,), c)
                        rows[r] = _turned(rows[r], (c0,), c)
                        yield (f"{r0 + 1}-{c0 + 1}", f"{r + 1}-{c + 1}"), tuple(rows)

    return {"kind": "coins", "rows": list(state), "go": False}, clicks()


def _kayles_graph(game: GraphKayles, state: int, text: str, *, arcs: bool) -> Drawing:
    """The graph, its taken nodes faint: Node Kayles takes a node clicked (and its
    neighbours), Arc Kayles (``arcs``) an edge whose two ends are clicked.  Where the nodes are: a
    grid for the family graphs (nodes named as cells), else a layout computed here."""
    count = len(game.names)
    _limit(text, count)
    where = _layout(game)
    nodes = [{"name": name, "x": x, "y": y, "in": bool(state >> i & 1)}
             for i, (name, (x, y)) in enumerate(zip(game.names, where, strict=True))]
    edges = sorted([a, b] for a, b in game.edges)

    def clicks() -> Iterator[tuple[Targets, Any]]:
        for i in range(count):
            if not state >> i & 1:
                continue
            if arcs:
                for j in range(i + 1, count):
                    if state >> j & 1 and game.neighbours[i] >> j & 1:
                        yield (game.names[i], game.names[j]), state & ~(1 << i | 1 << j)
            else:
                yield (game.names[i],), state & ~(1 << i | game.neighbours[i])

    return {"kind": "kayles-graph", "nodes": nodes, "edges": edges,
            "arcs": arcs}, clicks()


def _layout(game: GraphKayles) -> list[tuple[float, float]]:
    """Each node's place in the unit square: its cell for nodes named as cells (``b3``),
    else a spring layout (seeded, so the same graph is drawn the same way)."""
    cells = [re.fullmatch(r"([a-z])([0-9]+)", name) for name in game.names]
    if all(cells):
        cols = [ord(m[1]) - ord("a") for m in cells if m]
        rows = [int(m[2]) - 1 for m in cells if m]
        wide, high = max(max(cols), 1), max(max(rows), 1)
        return [(c / max(wide, high), 1 - r / max(wide, high) - (1 - high / max(wide, high)))
                for c, r in zip(cols, rows, strict=True)]
    count = len(game.names)
    place = [(0.5 + 0.45 * math.cos(2 * math.pi * i / count),
              0.5 + 0.45 * math.sin(2 * math.pi * i / count)) for i in range(count)]
    if count > SPRING_NODES or count < 3:
        return [(round(x, 4), round(y, 4)) for x, y in place]
    index = {name: i for i, name in enumerate(game.names)}
    pairs = [(index[a], index[b]) for a, b in game.edges]
    ideal = 1 / math.sqrt(count)
    heat = 0.1
    for _ in range(120):
        push = [[0.0, 0.0] for _ in range(count)]
        for i in range(count):
            for j in range(i + 1, count):
                dx, dy = place[i][0] - place[j][0], place[i][1] - place[j][1]
                d2 = max(dx * dx + dy * dy, 1e-6)
                f = ideal * ideal / d2
                push[i][0] += dx * f
                push[i][1] += dy * f
                push[j][0] -= dx * f
                push[j][1] -= dy * f
        for i, j in pairs:
            dx, dy = place[i][0] - place[j][0], place[i][1] - place[j][1]
            d = max(math.hypot(dx, dy), 1e-3)
            f = d / ideal
            push[i][0] -= dx * f
            push[i][1] -= dy * f
            push[j][0] += dx * f
            push[j][1] += dy * f
        for i in range(count):
            length = max(math.hypot(*push[i]), 1e-9)
            step = min(length, heat)
            place[i] = (place[i][0] + push[i][0] / length * step,
                        place[i][1] + push[i][1] / length * step)
        heat *= 0.96
    xs, ys = [x for x, _ in place], [y for _, y in place]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    return [(round((x - min(xs)) / span, 4), round((y - min(ys)) / span, 4)) for x, y in place]


#: How each picture is drawn, by the name a game gives (:attr:`~grundy.core.game.Game.picture`).
_DRAWERS: dict[str, Callable[[Any, Any, str], Drawing]] = {
    "queen": _queen, "moore": _moore, "additions": _additions, "staircase": _staircase,
    "northcott": _northcott, "coins": partial(_coins, ends=False, go=False),
    "coin-runs": partial(_coins, ends=True, go=False),
    "coins-then-go": partial(_coins, ends=False, go=True), "corners": _corners,
    "kayles-nodes": partial(_kayles_graph, arcs=False),
    "kayles-edges": partial(_kayles_graph, arcs=True), "circle": _circle, "petals": _petals,
    "pins": _pins, "heaps": _heaps, "cram-grid": partial(_grid, style="cram"),
    "chess-grid": partial(_grid, style="chess"), "checkers-grid": partial(_grid, style="checkers"),
    "chomp": _chomp, "bar": _bar,
    "polygon": _polygon, "chomp-board": _chomp_board, "chords-board": _chords_board,
    "piece-board": _piece_board, "chocolate-board": _chocolate_board,
    "diagonals-board": _diagonals_board, "cube": _cube, "numbers": _numbers, "graph": _graph,
}


def target_sets(picture: dict[str, Any]) -> dict[frozenset[str], str]:
    """Each target set of a component's picture, with the position its move leaves.

    >>> from grundy.catalogue import parse_position
    >>> sets = target_sets(component_picture(parse_position("cram 1x3"), 0))
    >>> sorted((sorted(targets), after) for targets, after in sets.items())
    [(['a1', 'b1'], 'cram ##.'), (['b1', 'c1'], 'cram .##')]
    """
    return {frozenset(targets): move["position"]
            for move in picture["moves"] for targets in move["targets"]}

