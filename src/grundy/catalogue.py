"""The catalogue of rulesets, and the text form of games and positions:
``GAME POSITION... [+ GAME POSITION...]``.

Every ruleset is named here (:data:`RULESETS`, built from the ruleset modules, which
register nothing themselves) under its name (``nim``) or its prefix with a parameter
(``subtract:1,2``, ``octal:0.77``).  :func:`parse_position` reads a position, and ``str`` of
a :class:`~grundy.core.position.Position` writes it back in the same form.

>>> str(parse_position("kayles 6 5 + nim 3"))
'kayles 5 6 + nim 3'
>>> parse_position("kayles 5 +")
Traceback (most recent call last):
...
grundy.errors.InvalidPosition: a '+' at the end has no position after it
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any

from grundy.core.game import Game
from grundy.core.position import Component, Position
from grundy.errors import InvalidGame, InvalidPosition, TooBig, short_number
from grundy.heap.additions import NimWithAdditions, Northcott
from grundy.heap.allbut import AllBut
from grundy.heap.moore import Moore
from grundy.heap.staircase import Staircase
from grundy.heap.subtraction import (
    STONES,
    Half,
    Nim,
    Subtraction,
    powers_of_two,
    squares,
)
from grundy.heap.takebreak import (
    DAWSON,
    GRUNDY_CODE,
    KAYLES,
    Daisy,
    GrundyGame,
    Split23,
    TakeAndBreak,
)
from grundy.heap.wythoff import Wythoff
from grundy.numerals import is_whole_number, shown, whole_number


@dataclass(frozen=True)
class Ruleset:
    """A registered ruleset: its name, a one-line summary and how to build it.

    ``parameter`` names what follows the colon (``SET`` in ``subtract:SET``), or is empty
    for a game without one.
    """

    name: str
    summary: str
    build: Callable[[str], Game[Any]]
    parameter: str = ""
    example: str = ""
    #: True for games whose parameter names a file that they read (``node-kayles:PATH``):
    #: servers refuse them, as they must not open files named by a request.
    reads_file: bool = False

    @property
    def usage(self) -> str:
        """``subtract:SET`` or ``nim``."""
        return f"{self.name}:{self.parameter}" if self.parameter else self.name


RULESETS: dict[str, Ruleset] = {}

#: The largest amount a subtraction set may name: the values of heaps below it are computed,
#: so that many values must fit in memory.
MAX_AMOUNT = 10_000_000
#: The most amounts a subtraction set may hold (every heap's value looks at each).
MAX_AMOUNTS = 100_000


def register(ruleset: Ruleset) -> None:
    """Make a ruleset known to the text form (and so to the command line and web page)."""
    RULESETS[ruleset.name] = ruleset


def _fixed(game: Game[Any]) -> Callable[[str], Game[Any]]:
    return lambda _: game


def _later(module: str, name: str, *, made: bool = False) -> Callable[[str], Game[Any]]:
    """A builder that imports ``module`` only when one of its games is first named, so that
    naming a heap game loads no board, coin or graph code.  ``name`` (dotted) is the game
    itself, or with ``made`` a class whose one instance is the game, or else a function of
    the parameter.

    >>> _later("grundy.boards", "CHOMP")("").text
    'chomp'
    """
    @cache
    def found() -> Any:
        target: Any = import_module(module)
        for part in name.split("."):
            target = getattr(target, part)
        return target() if made else target

    def build(parameter: str) -> Game[Any]:
        target = found()
        game: Game[Any] = target if isinstance(target, Game) else target(parameter)
        return game

    return build


def _board(name: str) -> Callable[[str], Game[Any]]:
    return _later("grundy.boards", name)


def _coin(name: str) -> Callable[[str], Game[Any]]:
    return _later("grundy.coins", name, made=True)


def _subtraction(parameter: str) -> Game[Any]:
    named = {"squares": squares, "powers2": powers_of_two}
    if parameter in named:
        return Subtraction(named[parameter])
    if not parameter:
        raise InvalidGame("subtract: needs a set, like subtract:1,2 or subtract:1-4 "
                          "or subtract:squares or subtract:powers2")
    amounts: set[int] = set()
    for piece in parameter.split(","):
        low, dash, high = piece.partition("-")
        if not (is_whole_number(low) and (not dash or is_whole_number(high))):
            raise InvalidGame(f"subtract:{_short(parameter)}: {shown(piece)} is not an amount or "
                              "a range like 1-4 (amounts are whole numbers >= 1, joined by commas)")
        first = whole_number(low, "an amount", error=InvalidGame)
        last = whole_number(high, "an amount", error=InvalidGame) if dash else first
        if first < 1 or last < first:
            raise InvalidGame(f"subtract:{_short(parameter)}: {shown(piece)} is not allowed; "
                              "amounts are whole numbers >= 1 and a range low-high needs "
                              "low <= high")
        if last > MAX_AMOUNT:
            raise TooBig(f"subtract:{_short(parameter)} (amounts up to {short_number(last)})",
                         size=last, limit=MAX_AMOUNT, unit="heap values")
        # Counted before it is built: a range of ten million amounts is a set of 600 MB.
        if last - first >= MAX_AMOUNTS:
            raise TooBig(f"subtract:{_short(parameter)}", size=_amounts_at_most(parameter),
                         limit=MAX_AMOUNTS, unit="amounts")
        amounts.update(range(first, last + 1))
        if len(amounts) > MAX_AMOUNTS:
            raise TooBig(f"subtract:{_short(parameter)}", size=_amounts_at_most(parameter),
                         limit=MAX_AMOUNTS, unit="amounts")
    return Subtraction(amounts)


def _amounts_at_most(parameter: str) -> int:
    """How many amounts a subtraction set names, at most (each range counted in full)."""
    total = 0
    for piece in parameter.split(","):
        low, dash, high = piece.partition("-")
        total += int(high) - int(low) + 1 if dash else 1
    return total


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _code(hexadecimal: bool) -> Callable[[str], Game[Any]]:
    def read(parameter: str) -> Game[Any]:
        game = TakeAndBreak(parameter, hexadecimal=hexadecimal)
        # 4!.0 is Grundy's game, which has a ruleset (and a kept sequence) of its own.
        return GrundyGame() if game.rules == GRUNDY_CODE else game
    return read


for _ruleset in (
    Ruleset("nim", "Nim: take any number of tokens from one heap", _fixed(Nim()),
            example="nim 3 2 1"),
    Ruleset("subtract", "take an amount of the set from one heap (1,2 / 1-4 / squares / powers2)",
            _subtraction, "SET", "subtract:3,5,8 20"),
    Ruleset("half", "\"Candy\": bite off at least 1 and at most half of a heap", _fixed(Half()),
            example="half 33"),
    Ruleset("stones", "\"Stones\": take 1 or 2 if n = 0 mod 3; 1 or 3 if 1 mod 3; 1, 2 or 3 "
            "if 2 mod 3", _fixed(STONES), example="stones 10"),
    Ruleset("octal", "take-and-break game of an octal code (0.77 is Kayles, 4.07 splits too)",
            _code(False), "CODE", "octal:0.6 10"),
    Ruleset("hex", "take-and-break game of a hexadecimal code (digit 8: leave three heaps)",
            _code(True), "CODE", "hex:0.8 10"),
    Ruleset("kayles", "Kayles (octal:0.77): knock down one pin or two adjacent pins",
            _fixed(KAYLES), example="kayles 5 6"),
    Ruleset("dawson", "Dawson's Kayles (octal:0.07): knock down two adjacent pins",
            _fixed(DAWSON), example="dawson 10"),
    Ruleset("grundy-game", "Grundy's game: split a heap into two unequal heaps",
            _fixed(GrundyGame()), example="grundy-game 10"),
    Ruleset("split23", "split a heap into 2 or 3 near-equal parts (stone splitting)",
            _fixed(Split23()), example="split23 7"),
    Ruleset("daisy", "petals in a circle; pluck one petal or two adjacent ones",
            _fixed(Daisy()), example="daisy 6 + daisy 5"),
    Ruleset("wythoff", "Wythoff's game: take from one heap, or the same from both (a queen "
            "to the corner)", _fixed(Wythoff()), example="wythoff 3 5"),
    Ruleset("moore", "Moore's Nim_k: take from up to K heaps at once, at least one from each",
            Moore.parse, "K", "moore:2 3 3 4"),
    Ruleset("all-but", "take any amount from one heap except those of the set (values grow: "
            "arithmetic-periodic)", AllBut.parse, "SET", "all-but:1,2 10"),
    Ruleset("staircase", "Staircase Nim: move coins from a step to the step below (coins on "
            "steps 1, 2, ...)", _fixed(Staircase()), example="staircase 1 4 2 3"),
    Ruleset("nim-add", "Nim where a move may instead add to a heap from a pool of K tokens",
            NimWithAdditions.parse, "K", "nim-add:3 2 5"),
    Ruleset("northcott", "Northcott's game: slide a checker along its row, not past the other "
            "(rows of W, B and .)", _fixed(Northcott()), example="northcott W..B. .B.W"),
    Ruleset("turning-turtles", "coins H/T in a row; turn one or two, the right one from heads "
            "to tails (Nim)", _coin("TurningTurtles"), example="turning-turtles THHTTH"),
    Ruleset("mock-turtles", "coins H/T in a row; turn one, two or three, the rightmost from "
            "heads to tails", _coin("MockTurtles"), example="mock-turtles THHTTH"),
    Ruleset("ruler", "coins H/T in a row; turn a run of adjacent coins, the rightmost from "
            "heads to tails", _coin("Ruler"), example="ruler THHTTH"),
    Ruleset("turning-corners", "coins H/T on a board (rows joined by /); turn a rectangle's "
            "corners, the bottom-right from heads to tails", _coin("TurningCorners"),
            example="turning-corners TTT/THT/TTH"),
    Ruleset("graph", "tokens on a directed graph read from a file, one edge 'a b' a "
            "line; cycles allowed (draws, ∞ values)",
            _later("grundy.digraph", "GraphGame.from_file"), "PATH",
            "graph:moves.txt a", reads_file=True),
    Ruleset("node-kayles", "Node Kayles on an undirected graph file (edges 'a b', or "
            "graph6) or a family graph gridRxC, queensN: take a node and its neighbours",
            _later("grundy.kayles_graphs", "NodeKayles.named"), "PATH",
            "node-kayles:graph.txt all", reads_file=True),
    Ruleset("arc-kayles", "Arc Kayles on an undirected graph file (edges 'a b', or "
            "graph6) or a family graph gridRxC, queensN: take an edge and both its ends",
            _later("grundy.kayles_graphs", "ArcKayles.named"), "PATH",
            "arc-kayles:graph.txt all", reads_file=True),
    Ruleset("chomp", "Chomp; the poisoned corner may not be taken (game 16)", _board("CHOMP_BOARD"),
            example="chomp 5x8"),
    Ruleset("cram", "put a domino on two free cells side by side (game 8)", _board("CRAM"),
            example="cram 4x5"),
    Ruleset("kings", "put a king where no king attacks it (game 7)", _board("KINGS_BOARD"),
            example="kings 3x4"),
    Ruleset("bishops", "put a bishop where no bishop attacks it (game 6)", _board("BISHOPS_BOARD"),
            example="bishops 8x8"),
    Ruleset("chocolate", "break a bar; the first to break off a 1x1 piece wins (game 13)",
            _board("CHOCOLATE_BOARD"), example="chocolate 5x8"),
    Ruleset("two-numbers", "erase the larger number, write any smaller natural number "
            "(game 14)", _board("TWO_NUMBERS"), example="two-numbers 7 8"),
    Ruleset("chords", "points on a circle joined by chords that neither cross nor share ends "
            "(game 10)", _board("CHORDS_BOARD"), example="chords 10"),
    Ruleset("diagonals", "convex polygon; draw a diagonal, no vertex may get a third "
            "(game 15)", _board("DIAGONALS_BOARD"), example="diagonals 8"),
    Ruleset("rows", "take a run of adjacent checkers from one row or column (game 9)",
            _board("ROWS"), example="rows 3x4"),
    Ruleset("skewers", "a cube of unit cubes; pierce a line that still has an unpierced cube "
            "(game 12)", _board("SKEWERS"), example="skewers 2x2x2"),
):
    register(_ruleset)


#: A take-and-break code written without ``octal:``: digits (and ``!``) around one point.
_BARE_CODE = re.compile(r"[0-9a-fA-F!]*\.[0-9a-fA-F!]*")


def parse_game(text: str, rulesets: Mapping[str, Ruleset] | None = None) -> Game[Any]:
    """The game named by ``text`` (``nim``, ``subtract:1,2``, ``octal:0.77``, ...).

    ``rulesets`` are read in place of the registered ones of the same names (a server's
    graphs, for one request), leaving the registry as it is.

    A bare take-and-break code with a point, as CGSuite and the literature write them
    (``0.137``, ``.77``, ``4!.0``), names the octal game of that code.

    >>> parse_game("subtract:1-4")
    Subtraction({1, 2, 3, 4})
    >>> parse_game(".77") == parse_game("kayles"), parse_game("0.137").text
    (True, 'octal:0.137')
    >>> parse_game("chess")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGame: unknown game 'chess'; see 'grundy games' for the list
    """
    name, colon, parameter = text.partition(":")
    ruleset = (rulesets or {}).get(name) or RULESETS.get(name)
    if ruleset is None and _BARE_CODE.fullmatch(text):
        return _code(False)(text)
    if ruleset is None:
        raise InvalidGame(f"unknown game {text!r}; see 'grundy games' for the list")
    if ruleset.parameter and not colon:
        raise InvalidGame(f"{name} needs a parameter: {ruleset.usage}, e.g. {ruleset.example}")
    if not ruleset.parameter and colon:
        raise InvalidGame(f"{name} takes no parameter after ':'")
    return ruleset.build(parameter)


def parse_position(text: str | Sequence[str],
                   rulesets: Mapping[str, Ruleset] | None = None) -> Position:
    """A position from its text form (a string, or its words as on a command line), its
    games read with ``rulesets`` first (see :func:`parse_game`).

    >>> str(parse_position(["nim", "3", "2", "1"])), str(parse_position("half 33"))
    ('nim 1 2 3', 'half 33')
    """
    words = text.split() if isinstance(text, str) else list(text)
    if not words:
        raise InvalidPosition("no position given; write GAME POSITION..., e.g. nim 3 2 1")
    groups: list[list[str]] = [[]]
    for i, word in enumerate(words):
        if word == "+":
            if not groups[-1]:
                where = "at the start" if i == 0 else "right after another '+'"
                raise InvalidPosition(f"a '+' {where} has no position before it")
            groups.append([])
        else:
            groups[-1].append(word)
    if not groups[-1]:
        raise InvalidPosition("a '+' at the end has no position after it")
    components = []
    for game_word, *state_words in groups:
        game = parse_game(game_word, rulesets)
        components.append(Component(game, game.parse_state(state_words)))
    return Position(components)


def game_list() -> list[Ruleset]:
    """Every registered ruleset, in the order registered."""
    return list(RULESETS.values())

