"""The server's own checks of a request's parameters, made before any work is started.

Plain text checks, no game logic: lengths, the flags ``misere``/``period`` (``0`` or ``1``),
``to`` (a whole number within the heap limit), ``format``, and graph names.  A word naming
``graph:`` must name one of the server's graphs: nothing a request says is ever opened as a
file, and a refusal quotes only the request.  What passes becomes a :class:`~grundy.web.jobs.Job`
for a worker process, which parses the game and the position with the library.

>>> job = checked_job("sequence", {"game": "kayles", "to": "12"}, graphs={})
>>> job.kind, job.params
('sequence', {'game': 'kayles', 'to': '12', 'misere': '0', 'period': '0'})
>>> checked_job("analyze", {"q": "graph:/etc/passwd root"}, graphs={})
Traceback (most recent call last):
...
grundy.errors.InvalidGame: 'graph:/etc/passwd' is not one of this server's graphs (it has none)
>>> checked_job("sequence", {"game": "kayles", "to": "١٢"}, graphs={})
Traceback (most recent call last):
...
grundy.errors.InvalidArgument: to= '١٢' is not a whole number; write it with the digits 0-9
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.requests import Request

from grundy.catalogue import RULESETS
from grundy.errors import InvalidArgument, InvalidGame, InvalidPosition, TooBig
from grundy.kayles_graphs import FAMILY
from grundy.numerals import whole_number
from grundy.web.jobs import KINDS, SECONDS, STATES, Job

#: The name of a graph sent in a request's body (``node-kayles:pasted``, ``graph:pasted``).
PASTED = "pasted"
#: Longest graph text a request's body may carry, in bytes.
MAX_BODY = 64 * 1024
#: Longest position text (``q=``) accepted.
MAX_QUERY = 500
#: Longest game text (``game=``) accepted.
MAX_GAME = 200
#: The deepest neighbourhood of a position a game graph may be asked for.
MAX_DEPTH = 6
#: Heaps 0..N of a sequence or table: largest N under normal and under misère play.
MAX_HEAP = {False: 100_000, True: 100}


def checked_job(kind: str, params: Mapping[str, str], graphs: Mapping[str, str], *,
                states: int = STATES, seconds: float = SECONDS) -> Job:
    """The job of endpoint ``kind`` with ``params``, or the error that refuses it.

    ``graphs`` maps the names of the server's graphs to their files' text; the job carries
    the text of those its parameters name.  Raises a :class:`ValueError` subclass (HTTP 400)
    or :class:`~grundy.errors.TooBig` (HTTP 413).
    """
    if kind not in KINDS:
        raise InvalidArgument(f"no such request {kind!r}")
    checked: dict[str, str] = {}
    misere = _flag(params, "misere")
    if kind in ("sequence", "table"):
        game = params.get("game", "")
        if len(game) > MAX_GAME:
            raise InvalidGame(f"the game text is longer than {MAX_GAME} characters")
        if not game:
            raise InvalidGame("no game given; write game=NAME, e.g. game=kayles")
        names = _graph_names([game], graphs)
        if names:
            raise InvalidGame(f"graph:{names[0]} is not a heap game; sequences and tables are "
                              "of heap games")
        to = whole_number(params.get("to", ""), "to=", error=InvalidArgument)
        limit = MAX_HEAP[misere == "1"]
        if to > limit:
            raise TooBig(f"heaps 0..{to} of {game}", size=to + 1, limit=limit + 1, unit="heaps")
        checked.update(game=game, to=str(to), misere=misere)
        if kind == "sequence":
            checked["period"] = _flag(params, "period")
    else:
        text = params.get("q", "")
        if len(text) > MAX_QUERY:
            raise InvalidPosition(f"the position text is longer than {MAX_QUERY} characters")
        checked.update(q=text, misere=misere)
        names = _graph_names(text.split(), graphs)
        if kind == "graph":
            wanted = params.get("format", "svg")
            if wanted != "svg":
                raise InvalidArgument(f"format={wanted[:20]!r}: the web server draws svg only")
            checked["format"] = wanted
            if "depth" in params:  # the neighbourhood of the position, so many moves deep
                depth = whole_number(params["depth"], "depth=", minimum=1,
                                     error=InvalidArgument)
                if depth > MAX_DEPTH:
                    raise InvalidArgument(f"depth={depth}: at most {MAX_DEPTH}")
                checked["depth"] = str(depth)
    used = {name: graphs[name] for name in names}
    return Job(kind, checked, used, states, seconds)


async def posted_graph(request: Request) -> str:
    """The text of the graph a request's body carries (an edge list, or graph6), read up to
    :data:`MAX_BODY` bytes; :class:`~grundy.errors.TooBig` past it, and
    :class:`~grundy.errors.InvalidGame` for an empty body or one not UTF-8 text."""
    declared = request.headers.get("content-length", "0")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise TooBig("the graph sent", size=int(declared), limit=MAX_BODY, unit="bytes")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise TooBig("the graph sent", size=len(data), limit=MAX_BODY, unit="bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidGame("the graph sent is not UTF-8 text; send an edge list "
                          "('a b' a line) or a graph6 line") from None
    if not text.strip():
        raise InvalidGame("no graph sent: the body is empty; send an edge list ('a b' a line) "
                          "or a graph6 line")
    return text


def _flag(params: Mapping[str, str], name: str) -> str:
    text = params.get(name, "0")
    if text not in ("0", "1"):
        raise InvalidArgument(f"{name}={text[:20]!r}: say 0 or 1")
    return text


def _graph_names(words: list[str], graphs: Mapping[str, str]) -> list[str]:
    """The graph names in ``words`` (``graph:NAME``), each one of ``graphs``; any other
    game that reads a file (``node-kayles:PATH``) is refused, as nothing a request names is
    opened.

    >>> _graph_names(["arc-kayles:/etc/passwd", "all"], {})
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGame: arc-kayles:PATH games are played on the web server on a graph \
sent with the request (arc-kayles:pasted) or a family graph (gridRxC, queensN), never a file
    >>> _graph_names(["node-kayles:grid3x17", "all"], {})
    []
    """
    names = []
    for word in words:
        if not word.startswith("graph:"):
            game, _, parameter = word.partition(":")
            ruleset = RULESETS.get(game)
            if ruleset is not None and ruleset.reads_file:
                if parameter == PASTED and PASTED in graphs:
                    names.append(PASTED)
                elif parameter == PASTED:
                    raise InvalidGame(f"{game}:{PASTED} needs its graph in the body of a POST "
                                      "request: an edge list ('a b' a line) or a graph6 line")
                elif FAMILY.fullmatch(parameter) is None:
                    raise InvalidGame(f"{ruleset.usage} games are played on the web server "
                                      f"on a graph sent with the request ({game}:{PASTED}) "
                                      "or a family graph (gridRxC, queensN), never a file")
            continue
        name = word.removeprefix("graph:")
        if name == PASTED and name not in graphs:
            raise InvalidGame(f"graph:{PASTED} needs its graph in the body of a POST request: "
                              "an edge list ('a b' a line)")
        if name not in graphs:
            shown = word if len(word) <= 40 else word[:37] + "..."
            known = ", ".join(sorted(graphs)) if graphs else "it has none"
            raise InvalidGame(f"{shown!r} is not one of this server's graphs ({known})")
        names.append(name)
    return names
