"""The web API, through an HTTP client and against a real server."""

from __future__ import annotations

import asyncio
import os
import re
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from grundy import analyze
from grundy.opponent import computer_move
from grundy.web.hosts import allowed_hosts
from grundy.web.server import create_app

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def running_server(*options: str) -> Iterator[tuple[str, int]]:
    """A real server (``serve``, with keyword ``options``) in its own process on 127.0.0.1
    at a free port; yields its base address and its process id.

    Its own process, not a thread: a server thread would share the test's interpreter lock
    and every request would wait for it.
    """
    code = ("from grundy.web.server import serve; from grundy.web.workers import Limits; "
            f"serve(port=0, {', '.join(options)})")
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    try:
        assert server.stdout is not None
        printed = re.search(r"http://[^/]+", server.stdout.readline())  # "serving on ..."
        if printed is None:
            raise RuntimeError("the server did not start")
        base = printed[0]
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/api/messages", timeout=1).raise_for_status()
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)
        yield base, server.pid
    finally:
        server.terminate()
        server.wait(10)
        assert server.stdout is not None
        server.stdout.close()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(hosts=allowed_hosts("127.0.0.1", 8000))
    with TestClient(app, base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


def get(client: TestClient, path: str, **params: Any) -> Any:
    response = client.get(path, params=params)
    assert response.status_code == 200, response.text
    return response.json()


class TestAnswers:
    def test_analyze_is_the_cli_json_plus_remoteness(self, client: TestClient) -> None:
        data = get(client, "/api/analyze", q="kayles 6 5", misere=0)
        expected = analyze("kayles 5 6").to_json()
        assert {k: v for k, v in data.items() if k != "remoteness"} == expected
        assert isinstance(data["remoteness"], int) and data["remoteness"] % 2 == 1

    def test_analyze_misere(self, client: TestClient) -> None:
        data = get(client, "/api/analyze", q="nim 3 2 1", misere=1)
        assert (data["convention"], data["outcome"], data["nim_value"]) == ("misere", "P", None)

    def test_misere_daisies_through_kayles_quotient(self, client: TestClient) -> None:
        # The daisies' elements are proved once, before the workers are forked.
        data = get(client, "/api/analyze", q="daisy 1000000 999 7 + kayles 5", misere=1)
        expected = analyze("daisy 1000000 999 7 + kayles 5", misere=True).to_json()
        assert {k: v for k, v in data.items() if k != "remoteness"} == expected
        refused = client.get("/api/analyze", params={"q": "daisy 30 20 10", "misere": 1})
        assert refused.status_code == 413
        assert "the daisy of 10 petals plays as no element" in refused.json()["error"]

    def test_moves(self, client: TestClient) -> None:
        data = get(client, "/api/moves", q="nim 2 1", misere=0)
        assert data["position"] == "nim 1 2"
        assert [(m["position"], m["outcome"], m["nim_value"]) for m in data["moves"]] == [
            ("nim 2", "N", 2), ("nim 1", "N", 1), ("nim 1 1", "P", 0)]

    def test_computer_move(self, client: TestClient) -> None:
        for q, misere in [("nim 1 2", False), ("kayles 4 5", True), ("half 9 + nim 3", False)]:
            data = get(client, "/api/computer-move", q=q, misere=int(misere))
            assert data == computer_move(q, misere).to_json()

    def test_sequence_and_table(self, client: TestClient) -> None:
        data = get(client, "/api/sequence", game="kayles", to=11)
        assert data["values"] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
        table = get(client, "/api/table", game="subtract:1,2", to=6)
        assert table["outcomes"] == ["P", "N", "N", "P", "N", "N", "P"]

    def test_games_and_messages(self, client: TestClient) -> None:
        games = get(client, "/api/games")["games"]
        assert {"name": "nim", "usage": "nim", "example": "nim 3 2 1", "heap": True}.items() \
            <= next(g for g in games if g["name"] == "nim").items()
        assert get(client, "/api/messages")["you_win"]["ru"] == "Вы выиграли."

    def test_page_and_assets(self, client: TestClient) -> None:
        page = client.get("/")
        assert page.status_code == 200 and 'data-testid="position"' in page.text
        for asset in ("app.js", "style.css"):
            assert client.get(f"/static/{asset}").status_code == 200

    def test_graph_is_svg_or_unavailable(self, client: TestClient) -> None:
        response = client.get("/api/graph", params={"q": "nim 1 2", "format": "svg"})
        if response.status_code == 501:
            assert "error" in response.json()
        else:
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("image/svg+xml")
            assert b"<svg" in response.content


class TestErrors:
    @pytest.mark.parametrize(("path", "params", "needle"), [
        ("/api/analyze", {"q": "chess 3"}, "unknown game"),
        ("/api/analyze", {"q": ""}, "no position"),
        ("/api/analyze", {"q": "nim -3"}, "-3"),
        ("/api/analyze", {"q": "nim 3", "misere": "yes"}, "misere"),
        ("/api/moves", {"q": "nim 3 +"}, "'+'"),
        ("/api/computer-move", {"q": "nim 0"}, "game is over"),
        ("/api/sequence", {"game": "kayles", "to": "-1"}, "to="),
        ("/api/sequence", {"game": "octal:9.9", "to": "5"}, "9.9"),
        ("/api/graph", {"q": "nim 1", "format": "png"}, "svg"),
        ("/api/analyze", {"q": "graph:/etc/passwd root"}, "not one of this server's graphs"),
        ("/api/analyze", {"q": "nim " + "1 " * 300}, "longer than"),
    ])
    def test_bad_input_is_400(self, client: TestClient, path: str, params: dict[str, str],
                              needle: str) -> None:
        response = client.get(path, params=params)
        assert response.status_code == 400, response.text
        assert needle in response.json()["error"]

    @pytest.mark.parametrize(("path", "params"), [
        ("/api/moves", {"q": "nim 100000"}),
        ("/api/analyze", {"q": "grundy-game 40 40 40", "misere": "1"}),
        ("/api/computer-move", {"q": "grundy-game 40 40 40", "misere": "1"}),
        ("/api/sequence", {"game": "kayles", "to": "100000000"}),
        ("/api/graph", {"q": "nim 30 30 30"}),
        # Within the command line's budget, not within a request's.
        ("/api/analyze", {"q": "cram #...../....../....../....../......"}),
        ("/api/analyze", {"q": "grundy-game 5000000"}),
        ("/api/analyze", {"q": "two-numbers 1000 2000"}),
        ("/api/moves", {"q": "cram ##..../....../....../....../....../......"}),
        ("/api/moves", {"q": "cram 100x200"}),  # 39 700 moves, counted without making them
    ])
    def test_too_big_is_413(self, client: TestClient, path: str, params: dict[str, str]) -> None:
        response = client.get(path, params=params)
        assert response.status_code == 413, response.text
        assert response.json()["error"]

    def test_big_but_answerable(self, client: TestClient) -> None:
        # Remoteness is out of reach; the outcome and the winning move are still exact.
        data = get(client, "/api/analyze", q="nim 1000000 999 7")
        assert data["remoteness"] is None and data["outcome"] == "N"
        move = get(client, "/api/computer-move", q="nim 1000000 999 7")
        assert analyze(move["position"]).outcome.value == "P"


@pytest.fixture(scope="module")
def live_server() -> Iterator[str]:
    with running_server() as (base, _):
        yield base


class TestRealServer:
    def test_fifty_concurrent_clients(self, live_server: str) -> None:
        queries = ["nim 1 2 3", "kayles 5 6", "half 20 + nim 4", "subtract:1,3,4 9 9"]

        tls = ssl.create_default_context()  # made once: each new one costs ~0.1 s, unused here

        async def one_client(base: str, number: int) -> list[int]:
            codes = []
            async with httpx.AsyncClient(base_url=base, timeout=30, verify=tls) as session:
                for path in ("/api/analyze", "/api/moves", "/api/computer-move"):
                    response = await session.get(path, params={"q": queries[number % 4]})
                    codes.append(response.status_code)
            return codes

        async def all_clients(base: str) -> list[list[int]]:
            return await asyncio.gather(*(one_client(base, n) for n in range(50)))

        results = asyncio.run(all_clients(live_server))
        assert all(code == 200 for codes in results for code in codes)

    def test_responsive_while_a_heavy_request_runs(self, live_server: str) -> None:
        # The remoteness of 'half 300 301' is out of reach within the time budget: its
        # request keeps a worker busy for seconds while a light request is answered at once.
        async def race(base: str) -> tuple[float, float]:
            async with httpx.AsyncClient(base_url=base, timeout=30) as session:
                start = time.monotonic()
                heavy = asyncio.create_task(
                    session.get("/api/computer-move", params={"q": "half 300 301"}))
                await asyncio.sleep(0.2)
                light = await session.get("/api/analyze", params={"q": "nim 1 2"})
                light_time = time.monotonic() - start
                assert light.status_code == 200
                assert (await heavy).status_code == 200
                return light_time, time.monotonic() - start

        light_time, heavy_time = asyncio.run(race(live_server))
        assert light_time < heavy_time
        assert light_time < 1.5
