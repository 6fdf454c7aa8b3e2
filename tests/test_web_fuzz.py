"""Random requests to the web API: every answer is 200 with its body, or 400/413/429/503
with ``{"error": "..."}``; never a server error, never a hang (the worker's time limit ends
every request)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from grundy.catalogue import game_list
from grundy.web.hosts import allowed_hosts
from grundy.web.jobs import KINDS
from grundy.web.server import create_app
from grundy.web.workers import ANSWER, Limits

pytestmark = pytest.mark.slow

GAMES = [ruleset.example.split()[0] for ruleset in game_list() if ruleset.example]
NUMBERS = st.one_of(
    st.integers(0, 40).map(str),
    st.integers(0, 10**30).map(str),
    st.integers(1, 5000).map(lambda digits: "9" * digits),
    st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=5),  # ١٢, ², ...
    st.integers(-50, -1).map(str),
    st.sampled_from(["1_0", " 3", "3 ", "0x10", "1e9", "", "+2"]),
)
BOARDS = st.builds(lambda r, c, sep: f"{r}{sep}{c}", NUMBERS, NUMBERS,
                   st.sampled_from(["x", "X", ",", "x0x"]))
GAME_WORDS = st.one_of(
    st.sampled_from([*GAMES, "graph:chase", "graph:/etc/passwd", "graph:/dev/zero",
                     "graph:../chase", "subtract:", "octal:", "hex:0.f"]),
    st.builds("subtract:{}".format, st.lists(NUMBERS, max_size=6).map(",".join)),
    st.builds("octal:0.{}".format, st.text("01234567", max_size=8)),
    st.builds("hex:{}".format, st.text("0123456789abcdef.", max_size=8)),
    st.builds("graph:{}".format, st.text(max_size=30)),
    st.text(max_size=12),
)
HEAP_GAMES = ["nim", "kayles", "dawson", "half", "stones", "grundy-game", "split23", "daisy",
              "subtract:1,3,4", "octal:0.6", "hex:0.8"]
PLAUSIBLE = st.one_of(
    st.builds(lambda game, heaps: " ".join([game, *heaps]), st.sampled_from(HEAP_GAMES),
              st.lists(st.integers(0, 40).map(str), min_size=1, max_size=3)),
    st.builds(lambda game, r, c: f"{game} {r}x{c}", st.sampled_from(
        ["cram", "kings", "bishops", "chomp", "chocolate", "rows"]),
        st.integers(1, 6), st.integers(1, 6)),
    st.builds(lambda tokens: " ".join(["graph:chase", *tokens]),
              st.lists(st.sampled_from("abcde"), min_size=1, max_size=3)),
)
POSITION = st.lists(st.one_of(GAME_WORDS, NUMBERS, BOARDS, st.just("+"), st.text(max_size=8)),
                    max_size=8).map(" ".join)
PARAMS = st.fixed_dictionaries({}, optional={
    "q": st.one_of(PLAUSIBLE, st.builds(" + ".join, st.lists(PLAUSIBLE, min_size=2,
                                                                max_size=3)),
                   POSITION, st.text(max_size=600)),
    "game": st.one_of(st.sampled_from(HEAP_GAMES), GAME_WORDS, st.text(max_size=300)),
    "to": st.one_of(st.integers(0, 200).map(str), NUMBERS),
    "misere": st.one_of(st.sampled_from(["0", "1"]), st.text(max_size=3)),
    "period": st.one_of(st.sampled_from(["0", "1"]), st.text(max_size=3)),
    "format": st.sampled_from(["svg", "png", ""]),
})


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(hosts=allowed_hosts("127.0.0.1", 8000),
                     graphs={"chase": "a b\nb a\nb c\nc d\n"},
                     limits=Limits(seconds=1.5, workers=4, memory=256 * 2**20, queue=30))
    with TestClient(app, base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from([*KINDS, "games", "messages"]), params=PARAMS)
def test_every_answer_is_data_or_a_clear_error(client: TestClient, kind: str,
                                               params: dict[str, str]) -> None:
    response = client.get(f"/api/{kind}", params=params)
    assert response.status_code in (200, 400, 413, 429, 503), (response.status_code, response.text)
    if response.status_code != 200:
        error = response.json()["error"]
        assert isinstance(error, str) and error and "Traceback" not in error
        assert "\n" not in error
    elif kind == "graph":
        assert response.headers["content-type"].startswith("image/svg+xml")
    else:
        assert isinstance(response.json(), dict)


#: Games with cheap small positions (their text forms' first word), and how each writes a
#: position of a given size.
HEAPS = ["nim", "kayles", "dawson", "half", "stones", "grundy-game", "split23", "daisy",
         "subtract:1,3,4", "subtract:2-5", "octal:0.6", "hex:0.8", "wythoff", "moore:2",
         "moore:3", "all-but:1,2", "staircase", "nim-add:3", "two-numbers", "chords",
         "diagonals"]
#: The games whose huge heaps the library answers or refuses at once (by a formula, a proved
#: period, a theorem or a refusal up front); the W1 cases are among them.
HUGE_OK = ["nim", "kayles", "dawson", "subtract:1,3,4", "subtract:2-5", "wythoff", "moore:2",
           "moore:3", "staircase", "two-numbers", "daisy", "split23", "nim-add:3"]
BOARDS_NAMES = ["cram", "kings", "bishops", "chomp", "chocolate", "rows"]
GARBAGE = ["", "+", "x", "-3", "1e9", "0x10", "١٢", "²", "1_0", "NaN", "9" * 450, "∞", "\x00",
           "graph:/etc/passwd", "node-kayles:/dev/zero", "subtract:", "octal:0.", "hex:zz",
           "moore:0", "moore:-1", "moore:99999999999999999999", "subtract:99999999999999999999",
           "3x", "x3", "0x0", "1x99999999999999999999", "THHT", "W..B", "TTT/THT"]


def huge(rng: random.Random) -> str:
    """A whole number far beyond any table: 19 to 400 digits."""
    return rng.choice(["9" * rng.randint(19, 400), str(10 ** rng.randint(19, 400)),
                       str(rng.randrange(10**18, 10**60))])


def fuzzed_request(rng: random.Random) -> tuple[str, dict[str, str]]:
    """One request: mostly small positions, some with a huge number or garbage in them."""
    roll = rng.random()
    if roll < 0.12:
        game = rng.choice(HEAPS)
        params = {"game": game if rng.random() < 0.8 else rng.choice(GARBAGE),
                  "to": str(rng.randint(0, 60)) if rng.random() < 0.8 else huge(rng),
                  "misere": "0" if rng.random() < 0.8 else rng.choice(["1", *GARBAGE])}
        return rng.choice(["/api/sequence", "/api/table"]), params
    parts = []
    for _ in range(rng.choice([1, 1, 1, 1, 2])):
        if rng.random() < 0.75:
            game = rng.choice(HEAPS)
            sizes = [str(rng.randint(0, 7)) for _ in range(rng.randint(1, 2))]
        else:
            game = rng.choice(BOARDS_NAMES)
            sizes = [f"{rng.randint(1, 3)}x{rng.randint(1, 3)}"]
        if roll > 0.6:  # a huge number or garbage in place of one size or of the game
            which = rng.randrange(len(sizes) + 1)
            bad = huge(rng) if game in HUGE_OK and rng.random() < 0.6 else rng.choice(GARBAGE)
            if which == len(sizes):
                game = bad if rng.random() < 0.3 else game
                sizes[-1] = f"{bad}x{rng.randint(1, 3)}" if game in BOARDS_NAMES else bad
            else:
                sizes[which] = bad
        parts.append(" ".join([game, *sizes]))
    params = {"q": " + ".join(parts), "misere": "1" if rng.random() < 0.15 else "0"}
    return rng.choice(["/api/analyze", "/api/moves", "/api/computer-move"]), params


async def asgi_get(app: Any, path: str, params: dict[str, str],
                   client: str = "127.0.0.1") -> tuple[int, bytes]:
    """The status and body of ``GET path?params`` from address ``client``, called on the
    ASGI application directly."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": urlencode(params).encode(), "root_path": "",
             "headers": [(b"host", b"127.0.0.1:8000")], "client": (client, 1),
             "server": ("127.0.0.1", 8000)}
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


def test_ten_thousand_requests_never_a_server_error() -> None:
    """10 000 seeded requests, small positions with huge numbers and garbage among them: each
    is answered 200 with data or 400/413 with one line, never 500 (defect W1).

    The quick workers answer every job here (not only those estimated small), each within
    their CPU time, so that the library's answers to all of them are tried in a worker
    process without starting one per request; what takes longer goes on to a worker of its
    own, as on the server.  Smaller search budgets than the server's keep each short."""
    app = create_app(hosts=allowed_hosts("127.0.0.1", 8000), quick=ANSWER, states=20_000,
                     seconds=0.25,
                     limits=Limits(seconds=5, workers=4, memory=256 * 2**20, queue=60,
                                   per_client=4, per_client_requests=100))
    rng = random.Random(29)
    requests = [fuzzed_request(rng) for _ in range(10_000)]

    async def all_of_them() -> list[tuple[int, bytes]]:
        at_once = asyncio.Semaphore(16)

        async def one(number: int, path: str, params: dict[str, str]) -> tuple[int, bytes]:
            async with at_once:  # from four addresses, each with its share of the workers
                return await asgi_get(app, path, params, f"127.0.0.{number % 4 + 1}")

        return list(await asyncio.gather(*(one(n, path, params)
                                           for n, (path, params) in enumerate(requests))))

    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        answers = client.portal.call(all_of_them)
    seen: dict[int, int] = {}
    for (path, params), (status, body) in zip(requests, answers, strict=True):
        seen[status] = seen.get(status, 0) + 1
        assert status in (200, 400, 413), (path, params, status, body[:300])
        data = json.loads(body)
        if status != 200:
            message = data["error"]
            assert isinstance(message, str) and message and "\n" not in message
            assert len(message) <= 400 and "Traceback" not in message, message
    # The mix reaches every kind of answer.
    assert seen[200] > 2000 and seen[400] > 500 and seen[413] > 100, seen
