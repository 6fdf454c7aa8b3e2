"""Random requests to the web API: every answer is 200 with its body, or 400/413/503 with
``{"error": "..."}``; never a server error, never a hang (the worker's time limit ends
every request)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from grundy.catalogue import game_list
from grundy.web.hosts import allowed_hosts
from grundy.web.jobs import KINDS
from grundy.web.server import create_app
from grundy.web.workers import Limits

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
    assert response.status_code in (200, 400, 413, 503), (response.status_code, response.text)
    if response.status_code != 200:
        error = response.json()["error"]
        assert isinstance(error, str) and error and "Traceback" not in error
        assert "\n" not in error
    elif kind == "graph":
        assert response.headers["content-type"].startswith("image/svg+xml")
    else:
        assert isinstance(response.json(), dict)
