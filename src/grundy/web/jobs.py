"""The answers of the web API, computed from a request's checked parameters.

These run in a worker process (:mod:`grundy.web.workers`), never in the server itself: the
server checks the parameters (:mod:`grundy.web.checks`) and hands over a :class:`Job`.
Every job runs inside the cooperative budgets (positions searched, remoteness seconds), so
most big requests are refused at once with the library's own message; the worker's memory
and time limits stop the rest.  Whatever the library raises becomes a one-line answer, 400
or 413, never a server error (:func:`answer`).

:func:`quick_answer` answers only the jobs whose work the library's own estimates, made
before any work starts, put small (:func:`small`); the server gives those to long-lived
workers and every other job to a fresh worker of its own.

Graph games come only from the server's own list: ``graph:NAME`` names one of the graphs
whose text the job carries, read by rulesets made for the job and passed to the parser (the
registry of rulesets is left as it is); the job never opens a file.

>>> answer(Job("computer-move", {"q": "nim 1 2", "misere": "0"}))
Answer(status=200, body={'move': 'take 1 from 2, leaving 1', 'position': 'nim 1 1'}, \
media_type='application/json')
>>> answer(Job("analyze", {"q": "graph:chase a"})).body
{'error': "no graph named 'chase' on this server"}
>>> small(Job("analyze", {"q": "nim 3 5 7"})), small(Job("analyze", {"q": "chomp 7x8"}))
(True, False)
"""

from __future__ import annotations

import importlib
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from grundy.analysis import analyze
from grundy.budget import REQUEST_POSITIONS, REQUEST_SECONDS, Budget, work_limit
from grundy.catalogue import RULESETS, add_modules, added_modules, parse_game, parse_position
from grundy.core.game import Game
from grundy.core.position import Position
from grundy.core.ruleset import Ruleset
from grundy.digraph import graph_from_text
from grundy.errors import InvalidGame, TooBig
from grundy.heap.base import HeapGame
from grundy.kayles_graphs import FAMILY, ArcKayles, GraphKayles, NodeKayles
from grundy.opponent import (
    analysis_json_with_remoteness,
    computer_move,
    moves_json,
    refuse_long_move_lists,
)
from grundy.sequences import heap_outcomes, sequence_report

#: Positions one search may meet (any search, and heap values computed) in one request.
STATES = REQUEST_POSITIONS
#: Seconds a remoteness search may take before the answer goes without it.
SECONDS = REQUEST_SECONDS


@dataclass(frozen=True)
class Job:
    """One request's work: the endpoint's name, its checked parameters, the graphs it names.

    ``graphs`` maps each graph name used in the parameters to the text of its file.
    """

    kind: str
    params: dict[str, str]
    graphs: dict[str, str] = field(default_factory=dict)
    states: int = STATES
    seconds: float = SECONDS
    #: Bytes the work may hold, as the worker's own memory limit (None: no limit).
    memory: int | None = None
    #: The ruleset modules registered in the server at run time, as the job was made: the
    #: worker registers them too before it reads the job (:func:`grundy.catalogue.add_modules`).
    modules: tuple[str, ...] = field(default_factory=added_modules)


@dataclass(frozen=True)
class Answer:
    """An HTTP answer: status, body (JSON data, or text for ``media_type`` not JSON)."""

    status: int
    body: Any
    media_type: str = "application/json"


#: The longest error message sent (longer ones are cut, ending with "...").
MAX_MESSAGE = 400


def one_line(message: str) -> str:
    """``message`` on one line of at most :data:`MAX_MESSAGE` characters.

    >>> one_line("a\\nb"), len(one_line("x" * 1000))
    ('a b', 400)
    """
    flat = " ".join(message.split())
    return flat if len(flat) <= MAX_MESSAGE else flat[:MAX_MESSAGE - 3] + "..."


def error(status: int, message: str) -> Answer:
    """An error answer, ``{"error": message}`` (on one line, at most 400 characters).

    >>> error(400, "bad")
    Answer(status=400, body={'error': 'bad'}, media_type='application/json')
    """
    return Answer(status, {"error": one_line(message)})


def answer(job: Job, subject: Position | HeapGame | None = None) -> Answer:
    """The answer to ``job``: 200 with its data, 400 for bad input, 413 for too much work.

    ``subject``: the job's position (or heap game, for a sequence or table) when it has
    been read already (:func:`quick_answer`).  Whatever else the library raises is answered
    too, never with a server error: a number too large for Python's arithmetic
    (``OverflowError``) or a search too deep for its recursion limit with 413, any other
    fault with 400 naming the request (and the traceback on the server's standard error,
    for its operator).

    >>> answer(Job("moves", {"q": "nim 6000"})).status
    413
    """
    try:
        with work_limit(_budget(job)):
            return _JOBS[job.kind](job, _subject(job) if subject is None else subject)
    except ValueError as bad:
        return error(400, str(bad))
    except TooBig as big:
        return error(413, str(big))
    except OverflowError:
        return error(413, f"{_asked(job)}: a number in it is too large to compute with")
    except RecursionError:
        return error(413, f"{_asked(job)}: the work goes too deep (Python's recursion limit)")
    except MemoryError:  # the worker answers it, once the memory is free again
        raise
    except Exception as fault:  # a fault of the library: answered in one line, logged in full
        traceback.print_exc(file=sys.stderr)
        return error(400, f"{_asked(job)}: cannot be answered ({type(fault).__name__} in "
                          "the library)")


def _budget(job: Job) -> Budget:
    return Budget(job.states, job.seconds, job.memory)


def _asked(job: Job) -> str:
    """What ``job`` asks about, for a message: its position or game, shortened."""
    text = job.params.get("q") or job.params.get("game") or job.kind
    return repr(text if len(text) <= 60 else text[:57] + "...")


#: A search whose positions, times the most moves of any, stay within this is small.
QUICK_MOVES = 20_000
#: A listing of winning moves that looks at no more options than this is small.
QUICK_LISTING = 5_000
#: A sequence or table whose heaps, times the options of the largest, stay within this is
#: small (its values come from the compiled kernels).
QUICK_KERNEL = 10_000_000
#: The kinds of job :func:`quick_answer` may answer.
QUICK_KINDS = frozenset({"analyze", "moves", "computer-move", "sequence", "table"})


def quick_answer(job: Job) -> Answer | None:
    """The answer to ``job`` when its work is small (:func:`small`), else None.

    The job's position is read once, for the estimate and the answer.  An estimate that
    fails (bad input, a refusal, a number too large) is answered at once: the job fails the
    same way.

    >>> quick_answer(Job("analyze", {"q": "nim 1 2"})).body["winner"]
    'first'
    >>> quick_answer(Job("sequence", {"game": "subtract:1-100000", "to": "100000"})) is None
    True
    """
    if job.kind not in QUICK_KINDS:
        return None
    try:
        with work_limit(_budget(job)):
            subject = _subject(job)
            is_small = small(job, subject)
    except MemoryError:
        raise
    except Exception:  # answer() says what failed, in one line
        return answer(job)
    return answer(job, subject) if is_small else None


def small(job: Job, subject: Position | HeapGame | None = None) -> bool:
    """Whether the library's estimates, made before any work starts, put ``job``'s work
    within a few milliseconds: a search of the whole position within :data:`QUICK_MOVES`
    moves (positions times the most options of any, itself at most the positions); or
    every such search refused up front (the position is beyond the request's positions)
    and what remains (nim-values by formula or period, the moves listed) within
    :data:`QUICK_LISTING` options; a sequence or table within :data:`QUICK_KERNEL`.
    Misère play beyond the small search, pictures and graphs are never small.

    ``subject``: the job's position or heap game, when read already.  Raises what parsing
    or the estimates raise.
    """
    misere = _misere(job)
    with work_limit(_budget(job)):
        found = _subject(job) if subject is None else subject
        if isinstance(found, HeapGame):
            to = int(job.params["to"])
            return not misere and (to + 1) * found.heap_option_count(to) <= QUICK_KERNEL
        position = found
        states, most = position.state_bound(), position.move_bound()
        if states is not None and most is None:
            most = states  # no position has more distinct options than there are positions
        if states is not None and most is not None and states * most <= QUICK_MOVES:
            return True
        if misere or states is None or states <= job.states:
            return False  # a search of up to the request's positions may run
        if job.kind == "moves":
            refuse_long_move_lists(position)  # refused at once: small
            return most is not None and most <= QUICK_LISTING
        sizes = [component.game.scan_size(component.state) for component in position.components]
        return None not in sizes and sum(size or 0 for size in sizes) <= QUICK_LISTING


def _rulesets(graphs: dict[str, str]) -> dict[str, Ruleset]:
    """The games on graphs as a job reads them: ``graph:NAME`` is the graph ``NAME`` the job
    carries, nothing else; ``node-kayles:pasted`` (and ``arc-kayles:``) the graph sent with
    the request, or a family graph.  No file is opened."""
    def build(name: str) -> Game[Any]:
        if name not in graphs:
            raise InvalidGame(f"no graph named {name!r} on this server")
        return graph_from_text(graphs[name], name)

    def kayles(kind: type[GraphKayles]) -> Callable[[str], Game[Any]]:
        def build_kayles(name: str) -> Game[Any]:
            if name == "pasted" and name in graphs:  # the graph sent with the request
                return kind.from_text(graphs[name], name)
            if FAMILY.fullmatch(name) is None:
                raise InvalidGame(f"{kind.name}:{name}: no such graph here; send the graph "
                                  f"with the request ({kind.name}:pasted) or name a family "
                                  "graph (gridRxC, queensN)")
            return kind.named(name)
        return build_kayles

    # The registered records, but reading the graphs of the request instead of files.
    made = {"graph": replace(RULESETS["graph"], build=build, reads_file=False)}
    for kind in (NodeKayles, ArcKayles):
        made[kind.name] = replace(RULESETS[kind.name], build=kayles(kind), reads_file=False)
    return made


def _subject(job: Job) -> Position | HeapGame:
    """What ``job`` is about: the heap game of a sequence or table, else the position."""
    try:
        add_modules(job.modules)
    except ImportError as missing:
        raise InvalidGame(f"the rulesets of module {missing.name or job.modules} cannot be "
                          "loaded here") from missing
    if job.kind in ("sequence", "table"):
        return _heap_game(job)
    return parse_position(job.params.get("q", ""), _rulesets(job.graphs))


def _misere(job: Job) -> bool:
    return job.params.get("misere", "0") == "1"


def _heap_game(job: Job) -> HeapGame:
    name = job.params.get("game", "")
    game = parse_game(name, _rulesets(job.graphs))
    if not isinstance(game, HeapGame):
        raise InvalidGame(f"{name} is not a heap game; sequences and tables are of heap games")
    return game


def _position(subject: Position | HeapGame) -> Position:
    assert isinstance(subject, Position)  # as _subject reads it for these kinds of job
    return subject


def _heap(subject: Position | HeapGame) -> HeapGame:
    assert isinstance(subject, HeapGame)  # as _subject reads it for sequences and tables
    return subject


def _analyze(job: Job, subject: Position | HeapGame) -> Answer:
    analysis = analyze(_position(subject), misere=_misere(job))
    return Answer(200, analysis_json_with_remoteness(analysis))


def _moves(job: Job, subject: Position | HeapGame) -> Answer:
    return Answer(200, moves_json(_position(subject), _misere(job)))


def _computer_move(job: Job, subject: Position | HeapGame) -> Answer:
    # The opponent refuses what neither its search nor analyze() can answer.
    return Answer(200, computer_move(_position(subject), _misere(job)).to_json())


def _picture(job: Job, subject: Position | HeapGame) -> Answer:
    from grundy.render.pictures import pictures

    return Answer(200, pictures(_position(subject)))


def _sequence(job: Job, subject: Position | HeapGame) -> Answer:
    game, to = _heap(subject), int(job.params["to"])
    return Answer(200, sequence_report(game, to, misere=_misere(job),
                                       period=job.params.get("period", "0") == "1").to_json())


def _table(job: Job, subject: Position | HeapGame) -> Answer:
    game, to, misere = _heap(subject), int(job.params["to"]), _misere(job)
    outcomes = heap_outcomes(game, to, misere=misere)
    return Answer(200, {"game": game.text, "convention": "misere" if misere else "normal",
                        "outcomes": [o.value for o in outcomes]})


def _graph(job: Job, subject: Position | HeapGame) -> Answer:
    # svg, the one format the server's checks let through (grundy.web.checks)
    position, misere = _position(subject), _misere(job)
    try:
        drawing = importlib.import_module("grundy.render.graph")
    except ImportError:
        return error(501, "game graphs cannot be drawn by this installation")
    depth = int(job.params["depth"]) if "depth" in job.params else None
    # refuses big graphs with TooBig
    graph = drawing.game_graph(position, misere=misere, depth=depth)
    try:
        svg = drawing.render(drawing.to_dot(graph), "svg")
    except RuntimeError as failure:  # Graphviz, which draws, may be missing or may fail
        return error(501, f"cannot draw the graph: {failure}")
    return Answer(200, svg.decode(), "image/svg+xml")


_JOBS: dict[str, Callable[[Job, Position | HeapGame], Answer]] = {
    "analyze": _analyze, "moves": _moves, "computer-move": _computer_move,
    "sequence": _sequence, "table": _table, "graph": _graph, "picture": _picture,
}

#: The endpoints that run a job, by name (``/api/NAME``).
KINDS = tuple(_JOBS)

#: Requests that touch the compiled kernels and the common code paths, answered once in the
#: process that forks the workers so that no worker compiles or loads them again.
WARM_UP = [
    Job("analyze", {"q": "kayles 5 6 + nim 3 + half 9 + dawson 7 + grundy-game 9"}),
    Job("analyze", {"q": "cram 3x3 + chomp 3x3 + chocolate 2x3 + daisy 5", "misere": "0"}),
    Job("computer-move", {"q": "kayles 4 5", "misere": "1"}),
    # Too big to search: the daisies' elements in Kayles' quotient are read and checked
    # here, once.
    Job("analyze", {"q": "daisy 1000 999 + kayles 5", "misere": "1"}),
    Job("moves", {"q": "subtract:1,3,4 9 + octal:0.6 8 + hex:0.8 7 + stones 5 + split23 7"}),
    Job("sequence", {"game": "kayles", "to": "300", "period": "1"}),
    Job("sequence", {"game": "subtract:1,3,4", "to": "300", "period": "1"}),
    Job("sequence", {"game": "hex:0.f", "to": "300"}),
    Job("sequence", {"game": "grundy-game", "to": "300"}),
    Job("table", {"game": "octal:0.6", "to": "30", "misere": "1"}),
]


def warm_up() -> None:
    """Answer :data:`WARM_UP` (and so compile or load every kernel it uses)."""
    for job in WARM_UP:
        answer(job)
