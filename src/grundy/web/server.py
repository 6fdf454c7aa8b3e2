"""The web server: the JSON API (as the command line's JSON) and one page to play on.

Every answer is computed by the library in a worker process (:mod:`grundy.web.workers`):
small jobs in long-lived quick workers, the others each in a process of its own, within a
memory and a time limit that the server enforces by stopping the process; the event loop
keeps serving meanwhile.  Before that, the server checks each request's parameters itself
(:mod:`grundy.web.checks`) and its ``Host`` header (:mod:`grundy.web.hosts`).  Bad input is
answered with HTTP 400, too much work with HTTP 413, a client with too many requests at once
with 429, a server with every worker busy with 503, all as ``{"error": "..."}``; never 500.

>>> from starlette.testclient import TestClient
>>> app = create_app(hosts=allowed_hosts("127.0.0.1", 8000))
>>> with TestClient(app, base_url="http://127.0.0.1:8000") as client:
...     client.get("/api/computer-move", params={"q": "nim 1 2"}).json()
{'move': 'take 1 from 2, leaving 1', 'position': 'nim 1 1'}
"""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from grundy.catalogue import game_list, parse_game
from grundy.errors import TooBig
from grundy.heap.base import HeapGame
from grundy.i18n import MESSAGES, RU_GAMES, RU_MOVES, RU_WITHIN
from grundy.web.checks import PASTED, checked_job, posted_graph
from grundy.web.connections import listening_socket, raise_file_limit, with_head_deadline
from grundy.web.hosts import HostCheck, allowed_hosts
from grundy.web.jobs import KINDS, SECONDS, STATES, Answer, one_line
from grundy.web.workers import QUICK, Limits, Workers

STATIC = Path(__file__).parent / "static"
#: The limits of each request's worker unless told otherwise.
DEFAULT_LIMITS = Limits()


def create_app(*, hosts: frozenset[str], graphs: Mapping[str, str] | None = None,
               limits: Limits = DEFAULT_LIMITS, states: int = STATES,
               seconds: float = SECONDS, quick: str = QUICK) -> Starlette:
    """The application: the page at ``/``, its files at ``/static``, the API at ``/api``.

    ``hosts``: the accepted ``Host`` headers (:func:`~grundy.web.hosts.allowed_hosts`);
    ``graphs``: the text of each graph offered, by name
    (:func:`~grundy.web.graphlist.read_graphs`); ``limits``: of each request's worker;
    ``states`` and ``seconds``: the library's own budgets of positions and of remoteness
    seconds, checked first; ``quick``: what answers in the quick workers
    (:class:`~grundy.web.workers.Workers`).
    """
    offered = dict(graphs or {})
    workers: list[Workers] = []
    games = _games(offered)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        workers.append(Workers(limits, quick=quick))
        await workers[0].start()
        try:
            yield
        finally:
            await workers[0].stop()
            workers.clear()

    def api(kind: str) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            try:
                graphs = offered
                if request.method == "POST":  # a graph sent in the body: graph:pasted ...
                    graphs = {**offered, PASTED: await posted_graph(request)}
                job = checked_job(kind, request.query_params, graphs, states=states,
                                  seconds=seconds)
            except ValueError as error:
                return JSONResponse({"error": one_line(str(error))}, status_code=400)
            except TooBig as error:
                return JSONResponse({"error": one_line(str(error))}, status_code=413)
            except OverflowError:
                return JSONResponse({"error": "a number in the request is too large"},
                                    status_code=413)
            client = request.client.host if request.client else ""
            return _response(await workers[0].run(job, client))
        return endpoint

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def messages(request: Request) -> Response:
        return JSONResponse(MESSAGES)

    async def game_list_answer(request: Request) -> Response:
        return JSONResponse(games)

    async def phrases(request: Request) -> Response:
        return JSONResponse({"games": RU_GAMES, "moves": RU_MOVES, "within": RU_WITHIN})

    routes = [
        Route("/", page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/messages", messages),
        Route("/api/games", game_list_answer),
        Route("/api/phrases", phrases),
        *(Route(f"/api/{kind}", api(kind), methods=["GET", "POST"]) for kind in KINDS),
    ]
    return Starlette(routes=routes, lifespan=lifespan,
                     middleware=[Middleware(HostCheck, hosts=hosts)],
                     exception_handlers={Exception: _fault})


async def _fault(request: Request, exc: Exception) -> Response:
    """Any fault of the server's own code: one line, not a server error (the traceback goes
    to the server's log)."""
    return JSONResponse({"error": f"the request cannot be answered ({type(exc).__name__})"},
                        status_code=400)


def serve(host: str = "127.0.0.1", port: int = 8000, *, graphs: Mapping[str, str] | None = None,
          limits: Limits = DEFAULT_LIMITS, extra_hosts: tuple[str, ...] = (),
          idle_seconds: float = 5.0, head_seconds: float = 10.0,
          connections: int | None = None, client_connections: int = 64) -> None:
    """Serve the page and the API on ``host:port`` until interrupted, printing the address.

    Port 0 picks a free port (printed).  Raises :class:`~grundy.web.connections.AddressInUse`
    when the address is taken, before printing anything.  ``idle_seconds``: a connection
    idle after an answer is closed; ``head_seconds``: one that has not sent a whole request
    head; ``connections``: open at once, beyond which requests are answered 503 (by
    default half the limit of open files, at most 10 000); ``client_connections``: open at
    once from one address, beyond which a new connection is closed at once.
    """
    import uvicorn

    files = raise_file_limit()
    if connections is None:
        connections = max(100, min(10_000, files // 2))
    listener = listening_socket(host, port)
    port = listener.getsockname()[1]
    app = create_app(hosts=allowed_hosts(host, port, extra_hosts), graphs=graphs,
                     limits=limits)
    shown = f"[{host}]" if ":" in host else host
    print(f"grundy: serving on http://{shown}:{port}/ (Ctrl-C stops)", flush=True)
    # A stop waits at most a few seconds for open connections (browsers keep them alive).
    # No access log (its fields are gathered for every request even when not shown); no
    # proxy headers: no proxy stands in front, and a client's X-Forwarded-For would choose
    # the address by which its turns and limits are counted.
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=3,
                            access_log=False, proxy_headers=False,
                            timeout_keep_alive=max(1, round(idle_seconds)),
                            limit_concurrency=connections,
                            http=with_head_deadline(head_seconds, client_connections))
    uvicorn.Server(config).run(sockets=[listener])


def _response(answer: Answer) -> Response:
    if answer.media_type == "application/json":
        return JSONResponse(answer.body, status_code=answer.status)
    return Response(answer.body, status_code=answer.status, media_type=answer.media_type)


def _games(graphs: Mapping[str, str]) -> dict[str, Any]:
    """The ``/api/games`` answer: every ruleset; graphs only when the server offers some."""
    games = []
    for ruleset in game_list():
        if ruleset.reads_file and (ruleset.name != "graph" or not graphs):
            # played on a graph sent with the request (pasted), never a file named
            games.append({"name": ruleset.name, "usage": f"{ruleset.name}:pasted",
                          "summary": _PASTED_SUMMARY[ruleset.name],
                          "example": f"{ruleset.name}:pasted "
                                     f"{'a' if ruleset.name == 'graph' else 'all'}",
                          "heap": False})
            continue
        if ruleset.name == "graph":
            first = next(iter(graphs))
            games.append({"name": "graph", "usage": "graph:NAME",
                          "summary": f"{ruleset.summary}; graphs: {', '.join(graphs)}",
                          "example": f"graph:{first} {_first_node(graphs[first])}",
                          "heap": False})
            continue
        example = ruleset.example or ruleset.usage
        try:
            heap = isinstance(parse_game(example.split()[0]), HeapGame)
        except ValueError:
            heap = False
        games.append({"name": ruleset.name, "usage": ruleset.usage, "summary": ruleset.summary,
                      "example": example, "heap": heap})
    return {"games": games, "graph": importlib.util.find_spec("grundy.render.graph") is not None}


#: What the games on a graph are on the page, where the graph is pasted, not a file.
_PASTED_SUMMARY = {
    "graph": "tokens on a directed graph pasted below (one edge 'a b' a line); cycles allowed "
             "(draws, ∞ values)",
    "node-kayles": "Node Kayles on an undirected graph pasted below (edges 'a b', or graph6), "
                   "or node-kayles:grid3x17, node-kayles:queens14: take a node and its "
                   "neighbours",
    "arc-kayles": "Arc Kayles on an undirected graph pasted below (edges 'a b', or graph6), "
                  "or arc-kayles:grid4x5: take an edge and both its ends",
}


def _first_node(text: str) -> str:
    return next(line.partition("#")[0].split()[0] for line in text.splitlines()
                if line.partition("#")[0].split())
