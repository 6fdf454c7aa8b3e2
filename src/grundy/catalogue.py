"""The catalogue of rulesets, and the text form of games and positions:
``GAME POSITION... [+ GAME POSITION...]``.

Every ruleset is named here (:data:`RULESETS`) under its name (``nim``) or its prefix with a
parameter (``subtract:1,2``, ``octal:0.77``).  The records (:class:`Ruleset`) of the heap
rules come from their modules (:data:`RULESET_MODULES`, each exporting its own as
``RULESETS``); those of the board, coin and graph families are :data:`LATER`, kept here so
that their modules are imported only when one of their games is first named.
:func:`parse_position` reads a position, and ``str`` of a
:class:`~grundy.core.position.Position` writes it back in the same form.

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
from dataclasses import replace
from functools import cache
from importlib import import_module
from typing import Any

from grundy.core.game import Game
from grundy.core.position import Component, Position
from grundy.core.ruleset import Ruleset
from grundy.errors import InvalidGame, InvalidPosition
from grundy.heap.takebreak import parse_code

__all__ = ["LATER", "RULESETS", "RULESET_MODULES", "Ruleset", "add_module", "add_modules",
           "added_modules", "game_list", "listing", "parse_game", "parse_position", "register"]

RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Make a ruleset known to the text form (and so to the command line and web page)."""
    RULESETS[ruleset.name] = ruleset


def add_module(module: str) -> None:
    """Register every ruleset that the module ``module`` (a dotted name, importable) exports
    as ``RULESETS``, each knowing its module (see "Adding a heap rule" in the docs)."""
    for ruleset in import_module(module).RULESETS:
        register(replace(ruleset, module=ruleset.module or module))
        _exported_by[ruleset.name] = module


#: The module that exported each ruleset :func:`add_module` registered.
_exported_by: dict[str, str] = {}


def added_modules() -> tuple[str, ...]:
    """The modules :func:`add_module` registered beyond :data:`RULESET_MODULES` whose rulesets
    are registered still, in order: a process that works for this one (a web server's
    worker) adds them too (:func:`add_modules`).

    >>> added_modules()
    ()
    """
    return tuple(dict.fromkeys(
        module for name, module in _exported_by.items()
        if module not in RULESET_MODULES and name in RULESETS))


def add_modules(modules: Sequence[str]) -> None:
    """:func:`add_module` each of ``modules`` not registered here yet."""
    for module in modules:
        if module not in added_modules():
            add_module(module)


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


#: The modules of the heap rules, in the order their games are listed: each exports its
#: records as ``RULESETS``.  A new heap rule is its module and one line here.
RULESET_MODULES = (
    "grundy.heap.subtraction",
    "grundy.heap.takebreak",
    "grundy.heap.wythoff",
    "grundy.heap.moore",
    "grundy.heap.allbut",
    "grundy.heap.staircase",
    "grundy.heap.additions",
)

#: The families whose modules load when one of their games is first named (so that naming
#: a heap game loads no board, coin or graph code), listed after the heap rules.
LATER = (
    Ruleset("turning-turtles", "coins H/T in a row; turn one or two, the right one from heads "
            "to tails (Nim)", _coin("TurningTurtles"), example="turning-turtles THHTTH",
            position="the row, `H` and `T`: `THHTTH`",
            picture="coins", module="grundy.coins"),
    Ruleset("mock-turtles", "coins H/T in a row; turn one, two or three, the rightmost from "
            "heads to tails", _coin("MockTurtles"), example="mock-turtles THHTTH",
            position="the row, `H` and `T`: `THHTTH`",
            picture="coins-then-go", module="grundy.coins"),
    Ruleset("ruler", "coins H/T in a row; turn a run of adjacent coins, the rightmost from "
            "heads to tails", _coin("Ruler"), example="ruler THHTTH",
            position="the row, `H` and `T`: `THHTTH`",
            picture="coin-runs", module="grundy.coins"),
    Ruleset("turning-corners", "coins H/T on a board (rows joined by /); turn a rectangle's "
            "corners, the bottom-right from heads to tails", _coin("TurningCorners"),
            example="turning-corners TTT/THT/TTH",
            position="rows of `H` and `T` joined by `/`: `TTT/THT/TTH`",
            picture="corners", module="grundy.coins"),
    Ruleset("graph", "tokens on a directed graph read from a file, one edge 'a b' a "
            "line; cycles allowed (draws, ∞ values)",
            _later("grundy.digraph", "GraphGame.from_file"), "PATH",
            "graph:moves.txt a", reads_file=True,
            position="node names",
            picture="graph", module="grundy.digraph"),
    Ruleset("node-kayles", "Node Kayles on an undirected graph file (edges 'a b', or "
            "graph6) or a family graph gridRxC, queensN: take a node and its neighbours",
            _later("grundy.kayles_graphs", "NodeKayles.named"), "PATH",
            "node-kayles:graph.txt all", reads_file=True,
            position="the nodes left, `all` (also when none is named) or `none`",
            picture="kayles-nodes", module="grundy.kayles_graphs"),
    Ruleset("arc-kayles", "Arc Kayles on an undirected graph file (edges 'a b', or "
            "graph6) or a family graph gridRxC, queensN: take an edge and both its ends",
            _later("grundy.kayles_graphs", "ArcKayles.named"), "PATH",
            "arc-kayles:graph.txt all", reads_file=True,
            position="the nodes left, `all` (also when none is named) or `none`",
            picture="kayles-edges", module="grundy.kayles_graphs"),
    Ruleset("chomp", "Chomp; the poisoned corner may not be taken (game 16)", _board("CHOMP_BOARD"),
            example="chomp 5x8",
            position="`RxC`, row lengths `5,5,3` (bottom row first), or the box `..###/.....` "
                     "(`#` eaten)",
            picture="chomp-board", module="grundy.boards.chomp"),
    Ruleset("cram", "put a domino on two free cells side by side (game 8)", _board("CRAM"),
            example="cram 4x5",
            position="`RxC`, or rows `..#./..../....` (`#` used)",
            picture="cram-grid", module="grundy.boards.cram"),
    Ruleset("kings", "put a king where no king attacks it (game 7)", _board("KINGS_BOARD"),
            example="kings 3x4",
            position="`RxC`, or rows `..#./..../....` (`#` used, `K` a king)",
            picture="piece-board", module="grundy.boards.kings"),
    Ruleset("bishops", "put a bishop where no bishop attacks it (game 6)", _board("BISHOPS_BOARD"),
            example="bishops 8x8",
            position="`RxC`, or rows `..#./..../....` (`#` used, `B` a bishop)",
            picture="piece-board", module="grundy.boards.bishops"),
    Ruleset("chocolate", "break a bar; the first to break off a 1x1 piece wins (game 13)",
            _board("CHOCOLATE_BOARD"), example="chocolate 5x8",
            position="`RxC` bars, or `3x4:a1-d1,a2-d3` (a bar and its pieces)",
            picture="chocolate-board", module="grundy.boards.chocolate"),
    Ruleset("two-numbers", "erase the larger number, write any smaller natural number "
            "(game 14)", _board("TWO_NUMBERS"), example="two-numbers 7 8",
            position="two numbers",
            picture="numbers", module="grundy.boards.numbers"),
    Ruleset("chords", "points on a circle joined by chords that neither cross nor share ends "
            "(game 10)", _board("CHORDS_BOARD"), example="chords 10",
            position="number of points, then the chords `10 1-6`",
            picture="chords-board", module="grundy.boards.chords"),
    Ruleset("diagonals", "convex polygon; draw a diagonal, no vertex may get a third "
            "(game 15)", _board("DIAGONALS_BOARD"), example="diagonals 8",
            position="number of vertices, then the diagonals `7 1-4`",
            picture="diagonals-board", module="grundy.boards.diagonals"),
    Ruleset("rows", "take a run of adjacent checkers from one row or column (game 9)",
            _board("ROWS"), example="rows 3x4",
            position="`RxC` or rows",
            picture="checkers-grid", module="grundy.boards.rows"),
    Ruleset("skewers", "a cube of unit cubes; pierce a line that still has an unpierced cube "
            "(game 12)", _board("SKEWERS"), example="skewers 2x2x2",
            position="`NxNxN`",
            picture="cube", module="grundy.boards.skewers"),
)

for _module in RULESET_MODULES:
    add_module(_module)
for _ruleset in LATER:
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
        return parse_code(text)
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


def listing() -> str:
    """What ``grundy games`` prints: each ruleset's usage and summary, one a line.

    >>> print(listing().splitlines()[1])
    subtract:SET      take an amount of the set from one heap (1,2 / 1-4 / squares / powers2)
    """
    rulesets = game_list()
    width = max(len(r.usage) for r in rulesets)
    return "\n".join(f"{r.usage:<{width}}  {r.summary}" for r in rulesets)
