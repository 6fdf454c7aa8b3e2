"""The web server: the JSON API (as the command line's JSON) and one page to play on.

Every answer is computed by the library, in a worker thread (at most :data:`WORKERS` at a
time) so that the event loop keeps serving while one request is heavy; every request has a
work budget in positions and seconds.  Bad input is answered with HTTP 400 and too much work
with HTTP 413, both as ``{"error": "..."}``.

>>> from starlette.testclient import TestClient
>>> with TestClient(create_app()) as client:
...     client.get("/api/computer-move", params={"q": "nim 1 2"}).json()
{'move': 'take 1 from 2, leaving 1', 'position': 'nim 1 1'}
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from grundy.analysis import analyze
from grundy.errors import InvalidArgument, InvalidGame, InvalidPosition, TooBig
from grundy.heap.base import HeapGame
from grundy.i18n import MESSAGES
from grundy.opponent import analysis_json_with_remoteness, computer_move, moves_json
from grundy.sequences import heap_outcomes, sequence_report
from grundy.solver import work_limit
from grundy.spec import RULESETS, game_list, parse_game, parse_position
from grundy.sums import Position

STATIC = Path(__file__).parent / "static"

#: Worker threads computing answers at once; further requests wait their turn.
WORKERS = 4
#: Positions one search may meet (any search, and heap values computed) in one request.
STATES = 200_000
#: Seconds a remoteness search may take before the answer goes without it.
SECONDS = 2.0
#: Longest position text accepted.
MAX_QUERY = 500
#: Heaps 0..N of a sequence or table: largest N under normal and under misère play.
MAX_HEAP = {False: 100_000, True: 100}


def create_app() -> Starlette:
    """The application: the page at ``/``, its files at ``/static``, the API at ``/api``."""
    limiter = anyio.CapacityLimiter(WORKERS)

    def api(work: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            try:
                answer = await anyio.to_thread.run_sync(_within_budget, work, request,
                                                        limiter=limiter)
            except ValueError as error:
                return JSONResponse({"error": str(error)}, status_code=400)
            except TooBig as error:
                return JSONResponse({"error": str(error)}, status_code=413)
            if isinstance(answer, Response):
                return answer
            return JSONResponse(answer)
        return endpoint

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def messages(request: Request) -> Response:
        return JSONResponse(MESSAGES)

    routes = [
        Route("/", page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/messages", messages),
        Route("/api/games", api(_games)),
        Route("/api/analyze", api(_analyze)),
        Route("/api/moves", api(_moves)),
        Route("/api/computer-move", api(_computer_move)),
        Route("/api/sequence", api(_sequence)),
        Route("/api/table", api(_table)),
        Route("/api/graph", api(_graph)),
    ]
    return Starlette(routes=routes)


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve the page and the API on ``host:port`` until interrupted, printing the address."""
    import uvicorn

    print(f"grundy: serving on http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    # A stop waits at most a few seconds for open connections (browsers keep them alive).
    uvicorn.run(create_app(), host=host, port=port, log_level="warning",
                timeout_graceful_shutdown=3)


# -- the answers, computed in worker threads -------------------------------------------------


def _position(request: Request) -> Position:
    text = request.query_params.get("q", "")
    if len(text) > MAX_QUERY:
        raise InvalidPosition(f"the position text is longer than {MAX_QUERY} characters")
    words = text.split()
    for word in words:
        _refuse_files(word)
    return parse_position(words)


def _refuse_files(word: str) -> None:
    ruleset = RULESETS.get(word.partition(":")[0])
    if ruleset is not None and ruleset.reads_file:
        # These games name a file; the server does not open files for its clients.
        raise InvalidGame(f"{ruleset.usage} games are not played on the web server "
                          "(they read a file); use the command line")


def _misere(request: Request) -> bool:
    return _flag(request, "misere")


def _flag(request: Request, name: str) -> bool:
    text = request.query_params.get(name, "0")
    if text not in ("0", "1"):
        raise InvalidArgument(f"{name}={text!r}: say 0 or 1")
    return text == "1"


def _heap_request(request: Request) -> tuple[HeapGame, int, bool]:
    name = request.query_params.get("game", "")
    _refuse_files(name)
    game = parse_game(name)
    if not isinstance(game, HeapGame):
        raise InvalidGame(f"{name} is not a heap game; sequences and tables are of heap games")
    misere = _misere(request)
    text = request.query_params.get("to", "")
    if not text.isdigit():
        raise InvalidArgument(f"to={text!r}: give a whole number >= 0")
    to = int(text)
    if to > MAX_HEAP[misere]:
        raise TooBig(f"heaps 0..{to} of {name}", size=to + 1, limit=MAX_HEAP[misere] + 1,
                     unit="heaps")
    return game, to, misere


def _games(request: Request) -> dict[str, Any]:
    games = []
    for ruleset in game_list():
        example = ruleset.example or ruleset.usage
        try:
            heap = isinstance(parse_game(example.split()[0]), HeapGame)
        except ValueError:
            heap = False
        games.append({"name": ruleset.name, "usage": ruleset.usage, "summary": ruleset.summary,
                      "example": example, "heap": heap})
    return {"games": games, "graph": importlib.util.find_spec("grundy.render.graph") is not None}


def _within_budget(work: Callable[[Request], Any], request: Request) -> Any:
    # Every search and computation of the request gets the budget of STATES positions.
    with work_limit(STATES):
        return work(request)


def _analyze(request: Request) -> dict[str, Any]:
    analysis = analyze(_position(request), misere=_misere(request))
    return analysis_json_with_remoteness(analysis, budget=STATES, seconds=SECONDS)


def _moves(request: Request) -> dict[str, Any]:
    return moves_json(_position(request), _misere(request), budget=STATES, seconds=SECONDS)


def _computer_move(request: Request) -> dict[str, Any]:
    position, misere = _position(request), _misere(request)
    analyze(position, misere=misere)  # refuses what the fallback could not do
    return computer_move(position, misere, budget=STATES, seconds=SECONDS).to_json()


def _sequence(request: Request) -> dict[str, Any]:
    game, to, misere = _heap_request(request)
    return sequence_report(game, to, misere=misere, period=_flag(request, "period"))


def _table(request: Request) -> dict[str, Any]:
    game, to, misere = _heap_request(request)
    outcomes = heap_outcomes(game, to, misere=misere)
    return {"game": game.text, "convention": "misere" if misere else "normal",
            "outcomes": [o.value for o in outcomes]}


def _graph(request: Request) -> Response:
    position, misere = _position(request), _misere(request)
    wanted = request.query_params.get("format", "svg")
    if wanted != "svg":
        raise InvalidArgument(f"format={wanted!r}: the web server draws svg only")
    try:
        drawing = importlib.import_module("grundy.render.graph")
    except ImportError:
        return JSONResponse({"error": "game graphs cannot be drawn by this installation"},
                            status_code=501)
    graph = drawing.game_graph(position, misere=misere)  # refuses big graphs with TooBig
    try:
        svg = drawing.render(drawing.to_dot(graph), "svg")
    except RuntimeError as error:  # Graphviz, which draws, may be missing or may fail
        return JSONResponse({"error": f"cannot draw the graph: {error}"}, status_code=501)
    return Response(svg, media_type="image/svg+xml")

