"""Proved misère quotients shipped with the package, accepted only once checked again.

Building a quotient can take many seconds (Kayles: about 20), so the quotients whose period
is proved are shipped as small JSON files (``misere/quotients/*.json``): the multiplication
table, the P-portion, the pretending function up to the heaps it was proved over, and its
preperiod and period.  A file is never trusted: :func:`accept` checks it exactly as the
builder checks a candidate (a commutative monoid with identity 0, every element told apart
from every other, :func:`~grundy.misere.quotient.faithful` over every sum of heaps, with
the option images recomputed from the game's own moves) and proves the period again with
the game's periodicity theorem.  A file that fails any check is refused, and the quotient
is built as if no file were there.

The files are the list of what is shipped: each names its game (or the games of a union) in
the text form, and :func:`shipped_files` reads them.  Regenerate them from nothing, each
from the game it names, with ``python -m grundy.misere.regenerate --write``; a new game is
shipped by writing its file (:func:`build_file`, named by :func:`file_name`) beside them.

>>> from grundy.heap.takebreak import TakeAndBreak
>>> shipped_quotient(TakeAndBreak("0.75")).order
8
>>> [shipped.game.text for shipped in shipped_files() if shipped.heaps is not None]
['dawson']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from grundy.catalogue import parse_game
from grundy.heap.base import HeapGame
from grundy.misere.monoid import BipartiteMonoid, reduced_classes
from grundy.misere.quotient import (
    HeapRules,
    Quotient,
    QuotientUnknown,
    build_quotient,
    heaps_faithful,
)
from grundy.misere.union import HeapUnion

#: The most heaps the builder is given when the files are made.
HEAPS = 400
#: The largest file read (a shipped quotient is a few kilobytes).
MAX_BYTES = 1_000_000
#: The longest reason a partial file may give for where its quotient stops.
MAX_REASON = 300


@dataclass(frozen=True)
class Shipped:
    """A shipped file: the game (or union) whose quotient it holds, and for a file with no
    proved period, the heaps it is built up to (None: every heap)."""

    game: HeapGame | HeapUnion
    heaps: int | None


@cache
def shipped_files() -> tuple[Shipped, ...]:
    """Every shipped quotient, read from the files' own names of their games (a file of
    another kind, the daisies' elements of :mod:`grundy.misere.daisy`, is passed over).

    >>> sorted(s.game.text for s in shipped_files() if isinstance(s.game, HeapUnion))[:2]
    ['kayles + octal:0.31', 'kayles + octal:0.34']
    """
    found = []
    folder = resources.files("grundy.misere").joinpath("quotients")
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if not entry.name.endswith(".json"):
            continue
        data = json.loads(entry.read_text())
        if "pretending" not in data:
            continue
        games = [parse_game(text) for text in str(data["game"]).split(" + ")]
        heap_games = [game for game in games if isinstance(game, HeapGame)]
        if len(heap_games) != len(games):
            raise ValueError(f"{entry.name} names a game that is not a heap game")
        game = heap_games[0] if len(heap_games) == 1 else HeapUnion(tuple(heap_games))
        if file_name(game) != entry.name:
            raise ValueError(f"{entry.name} holds the quotient of {game.text}, whose file is "
                             f"{file_name(game)}")
        found.append(Shipped(game, None if data["period"] is not None else int(data["heaps"])))
    return tuple(found)


def shipped_games() -> tuple[HeapGame, ...]:
    """The games whose quotient is shipped for every heap (a proved period), unions apart."""
    return tuple(s.game for s in shipped_files()
                 if isinstance(s.game, HeapGame) and s.heaps is None)


def shipped_unions() -> tuple[HeapUnion, ...]:
    """The unions whose quotient is shipped (:mod:`grundy.misere.union`)."""
    return tuple(s.game for s in shipped_files() if isinstance(s.game, HeapUnion))


def file_name(game: HeapGame | HeapUnion) -> str | None:
    """The file of a game's quotient, named by its code, or of a union's, by its games'
    codes joined by ``+`` (None for games without one).

    >>> from grundy.heap.takebreak import KAYLES, TakeAndBreak
    >>> file_name(HeapUnion((KAYLES, TakeAndBreak("0.75"))))
    'octal-0.77+octal-0.75.json'
    """
    keys = [g.cache_key for g in (game.games if isinstance(game, HeapUnion) else (game,))]
    if any(key is None for key in keys):
        return None
    return "+".join(str(key).replace(":", "-") for key in keys) + ".json"


def shipped_quotient(game: HeapGame | HeapUnion) -> Quotient | None:
    """The game's shipped quotient once it passes every check, or None (no file, or a file
    that fails a check)."""
    name = file_name(game)
    if name is None:
        return None
    path = resources.files("grundy.misere").joinpath("quotients", name)
    if not path.is_file():
        return None
    text = path.read_bytes()
    if len(text) > MAX_BYTES:
        return None
    try:
        return from_json(game, json.loads(text))
    except ValueError:
        return None


def to_json(quotient: Quotient) -> dict[str, Any]:
    """The file's content for a quotient with a proved period, or for one that stopped
    (with ``null`` preperiod and period, and the reason it stopped)."""
    period = quotient.period
    if period is None and quotient.stopped is None:
        raise ValueError(f"the quotient of {quotient.game.text} has no proved period")
    data: dict[str, Any] = {
        "game": quotient.game.text,
        "order": quotient.order,
        "heaps": quotient.to,
        "preperiod": None if period is None else period.preperiod,
        "period": None if period is None else period.period,
        "table": quotient.monoid.table.tolist(),
        "p_portion": [int(x) for x in np.flatnonzero(quotient.monoid.p)],
        "pretending": list(quotient.images),
    }
    if period is None:
        data["stopped"] = quotient.stopped
    return data


def from_json(game: HeapRules, data: object) -> Quotient | None:
    """The quotient a file describes, if it passes every check (see :func:`accept`)."""
    if not isinstance(data, dict):
        return None
    try:
        order = data["order"]
        table = np.array(data["table"], dtype=np.int64)
        p_portion = data["p_portion"]
        images = data["pretending"]
        preperiod, period = data["preperiod"], data["period"]
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    stopped = data.get("stopped")
    partial = preperiod is None and period is None
    if partial and not (isinstance(stopped, str) and 0 < len(stopped) <= MAX_REASON
                        and stopped.isprintable()):
        return None
    if not ((partial or (_whole(order) and _whole(preperiod) and _whole(period)))
            and _whole(order) and isinstance(p_portion, list) and all(_whole(x) for x in p_portion)
            and isinstance(images, list) and all(_whole(x) for x in images)):
        return None
    if data.get("heaps") != len(images) - 1 or table.shape != (order, order):
        return None
    p = np.zeros(order, dtype=bool)
    if any(x >= order for x in p_portion):
        return None
    p[p_portion] = True
    if partial:
        return accept(game, table, p, images, None, None, stopped)
    return accept(game, table, p, images, preperiod, period)


def accept(game: HeapRules, table: np.ndarray[Any, Any], p: np.ndarray[Any, Any],
           images: list[int], preperiod: int | None, period: int | None,
           stopped: str | None = None) -> Quotient | None:
    """A quotient from untrusted data, or None unless every check passes:

    - ``table`` is a commutative, associative multiplication on 0..order-1 with identity 0,
      every element a product of the heaps' elements;
    - no two elements are indistinguishable (the order said is the quotient's order);
    - every sum of heaps 1..len(images)-1 is a misère P-position exactly when its product
      is in the P-portion (:func:`~grundy.misere.quotient.heaps_faithful`, the builder's
      check, with the option images recomputed from the game's moves);
    - the game's periodicity theorem proves the pretending function's period from the
      images given, with the preperiod and period given, so the answer holds for heaps of
      every size; or, when both are None, the quotient is taken for the heaps given only
      (``stopped`` says why it goes no further).
    """
    order = table.shape[0] if table.ndim == 2 else 0
    if (order < 1 or table.shape != (order, order) or p.shape != (order,) or not images
            or images[0] != 0 or max(images) >= order or table.min() < 0
            or table.max() >= order):
        return None
    elements = np.arange(order)
    generators = sorted(set(images[1:]))
    if not (np.array_equal(table[0], elements) and np.array_equal(table, table.T)
            and _generated(table, generators)
            and all(np.array_equal(table[table[:, g]], table[:, table[g]]) for g in generators)):
        return None
    monoid = BipartiteMonoid(table.astype(np.int32), p.astype(bool))
    if int(reduced_classes(monoid, elements.tolist()).max()) + 1 != order:
        return None
    try:
        if not heaps_faithful(monoid, game, images):
            return None
    except QuotientUnknown:
        return None
    if preperiod is None or period is None:
        if preperiod is not None or period is not None or stopped is None:
            return None
        return Quotient(game, monoid, list(images), [], None, stopped)
    proved = game.certify(np.asarray(images, dtype=np.int64))
    if proved is None or (proved.preperiod, proved.period) != (preperiod, period):
        return None
    return Quotient(game, monoid, list(images), [], proved)


def _generated(table: np.ndarray[Any, Any], generators: list[int]) -> bool:
    """True when every element is a product of the heaps' elements.  With that,
    ``(x g) z = x (g z)`` for each heap's element g proves the table associative (induction
    on the length of y as a product: ``x (y' g) = (x y') g``, then
    ``((x y') g) z = (x y') (g z) = x (y' (g z)) = x ((y' g) z)``), at a cost of
    order² per heap element instead of order³."""
    found = np.zeros(len(table), dtype=bool)
    found[0] = True
    frontier = np.array([0])
    while len(frontier):
        reached = np.unique(table[np.ix_(frontier, np.asarray(generators, dtype=np.int64))])
        frontier = reached[~found[reached]]
        found[frontier] = True
    return bool(found.all())


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31


def build_file(game: HeapGame | HeapUnion, partial_heaps: int | None = None) -> str:
    """The text of a game's file, built from nothing: with a proved period, or when
    ``partial_heaps`` is given, as far as the construction goes up to that heap."""
    partial = partial_heaps is not None
    heaps = (partial_heaps if partial_heaps is not None
             else HEAPS * (len(game.games) if isinstance(game, HeapUnion) else 1))
    quotient = build_quotient(game, heaps)
    if partial and not quotient.stable and quotient.stopped is None:
        quotient.stopped = (f"it is built only up to heap {heaps}, where it has "
                            f"{quotient.order} elements")
    if not quotient.stable and not partial:
        raise QuotientUnknown(f"the quotient of {game.text} has no proved period within "
                              f"{HEAPS} heaps")
    data = to_json(quotient)
    # One line per field and per row of the table: small diffs, easy to read.
    rows = ",\n    ".join(json.dumps(row) for row in data.pop("table"))
    fields = "".join(f'  "{key}": {json.dumps(value)},\n' for key, value in data.items())
    return f'{{\n{fields}  "table": [\n    {rows}\n  ]\n}}\n'
