"""Pictures of positions: every legal move has its target sets, and every target set makes
exactly one move, on random small positions of every family."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from grundy.boards.bitgrid import square
from grundy.catalogue import parse_position
from grundy.core.position import Position
from grundy.errors import TooBig
from grundy.render.pictures import MAX_PARTS, pictures
from grundy.web.hosts import allowed_hosts
from grundy.web.server import create_app


def _board(rng: random.Random, rows: int, cols: int) -> str:
    return "/".join("".join(rng.choice("..#") for _ in range(cols)) for _ in range(rows))


def _cube(rng: random.Random) -> str:
    p, q, r = rng.randint(1, 2), rng.randint(1, 3), rng.randint(1, 2)
    layers = ("/".join("".join(rng.choice("..#") for _ in range(p)) for _ in range(q))
              for _ in range(r))
    return "|".join(layers)


def _heaps(rng: random.Random, most: int) -> str:
    return " ".join(str(rng.randint(0, most)) for _ in range(rng.randint(1, 3)))


#: For each family, a maker of random small positions of it.
FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "nim": lambda r: f"nim {_heaps(r, 7)}",
    "subtract": lambda r: f"subtract:{r.choice(['1,2', '1,3,4', '2-3', 'squares'])} "
                          f"{_heaps(r, 9)}",
    "half": lambda r: f"half {_heaps(r, 12)}",
    "stones": lambda r: f"stones {_heaps(r, 9)}",
    "kayles": lambda r: f"kayles {_heaps(r, 8)}",
    "dawson": lambda r: f"dawson {_heaps(r, 8)}",
    "octal": lambda r: f"octal:{r.choice(['0.6', '4.07', '0.137', '0.51'])} {_heaps(r, 8)}",
    "hex": lambda r: f"hex:{r.choice(['0.8', '0.f', '0.9b', 'c.0'])} {_heaps(r, 7)}",
    "grundy-game": lambda r: f"grundy-game {_heaps(r, 10)}",
    "split23": lambda r: f"split23 {_heaps(r, 10)}",
    "daisy": lambda r: f"daisy {r.randint(1, 9)} + daisy {r.randint(1, 6)}",
    "chords": lambda r: f"chords {r.randint(2, 9)}",
    "chomp": lambda r: "chomp " + ",".join(map(str, sorted(
        (r.randint(1, 5) for _ in range(r.randint(1, 4))), reverse=True))),
    "cram": lambda r: f"cram {_board(r, r.randint(1, 4), r.randint(1, 4))}",
    "kings": lambda r: f"kings {_board(r, r.randint(1, 4), r.randint(1, 4))}",
    "bishops": lambda r: f"bishops {_board(r, r.randint(1, 4), r.randint(1, 4))}",
    "rows": lambda r: f"rows {_board(r, r.randint(1, 3), r.randint(1, 4))}",
    "chocolate": lambda r: "chocolate " + " ".join(
        f"{r.randint(1, 4)}x{r.randint(2, 5)}" for _ in range(r.randint(1, 2))),
    "two-numbers": lambda r: f"two-numbers {r.randint(1, 9)} {r.randint(1, 12)}",
    "diagonals": lambda r: f"diagonals {r.randint(3, 9)}",
    "skewers": lambda r: f"skewers {_cube(r)}",
    "wythoff": lambda r: f"wythoff {r.randint(0, 6)} {r.randint(0, 9)}",
    "moore": lambda r: f"moore:{r.randint(1, 3)} {_heaps(r, 4)}",
    "all-but": lambda r: f"all-but:{r.choice(['1', '1,2', '2,5'])} {_heaps(r, 8)}",
    "staircase": lambda r: f"staircase {_heaps(r, 4)} {r.randint(0, 3)}",
    "nim-add": lambda r: f"nim-add:{r.randint(0, 3)} {_heaps(r, 5)}",
    "northcott": lambda r: "northcott " + " ".join(_checkers(r) for _ in range(r.randint(1, 2))),
    "turning-turtles": lambda r: f"turning-turtles {_coins(r, r.randint(1, 7))}",
    "mock-turtles": lambda r: f"mock-turtles {_coins(r, r.randint(1, 7))}",
    "ruler": lambda r: f"ruler {_coins(r, r.randint(1, 7))}",
    "turning-corners": lambda r: "turning-corners " + "/".join(
        _coins(r, width) for width in [r.randint(1, 4)] for _ in range(r.randint(1, 3))),
    "node-kayles": lambda r: f"node-kayles:grid{r.randint(1, 3)}x{r.randint(1, 4)}",
    "arc-kayles": lambda r: f"arc-kayles:grid{r.randint(1, 3)}x{r.randint(1, 4)}",
}


def _checkers(rng: random.Random) -> str:
    cells = ["W", "B"] + ["."] * rng.randint(0, 5)
    rng.shuffle(cells)
    return "".join(cells)


def _coins(rng: random.Random, count: int) -> str:
    return "".join(rng.choice("HT") for _ in range(count))


def positions(family: str, count: int = 25) -> Iterator[Position]:
    rng = random.Random(family)
    for _ in range(count):
        position = parse_position(FAMILIES[family](rng))
        yield position
        # and a position one random move further, often with a used board or a sum
        moves = position.moves()
        if moves:
            yield rng.choice(moves).position


def _parts(picture: dict[str, Any]) -> set[str]:
    """The names of every part a picture draws, worked out from its geometry alone."""
    kind = picture["kind"]
    if kind in ("heaps", "pins", "petals", "circle"):
        names = {f"{h}-{k}" for h, n in enumerate(picture["heaps"], 1) for k in range(1, n + 1)}
        gaps = {f"{h}-g{k}" for h, n in enumerate(picture["heaps"], 1) for k in range(1, n)}
        pool = {f"p{k}" for k in range(1, picture.get("pool", 0) + 1)} | {
            f"{h}-add" for h in range(1, len(picture["heaps"]) + 1) if picture.get("pool")}
        go = {"go"} if picture.get("go") else set()
        return (names | gaps if picture.get("gaps") else names) | pool | go
    if kind == "grid":
        rows = picture["cells"]
        return {square(len(rows) - 1 - i, c) for i, line in enumerate(rows)
                for c, cell in enumerate(line) if cell == "."}
    if kind == "bar":
        return {f"{i}-{letter}{k}" for i, (a, b) in enumerate(picture["pieces"], 1)
                for letter, length in (("r", a), ("c", b)) for k in range(1, length)}
    if kind == "polygon":
        return {str(i) for i in range(1, len(picture["vertices"]) + 1)}
    if kind == "cube":
        p, q, r = picture["size"]
        return {f"{x}-{y}-{z}" for x in range(1, p + 1) for y in range(1, q + 1)
                for z in range(1, r + 1)}  # a line may be pierced through pierced cubes
    if kind == "numbers":
        return {str(c) for c in range(max(picture["numbers"]))}
    go = {"go"} if picture.get("go") else set()
    if kind == "queen":
        a, b = picture["heaps"]
        return {f"{x}-{y}" for x in range(a + 1) for y in range(b + 1)}
    if kind == "stairs":
        return {f"{s}-{k}" for s, n in enumerate(picture["steps"], 1) for k in range(1, n + 1)}
    if kind == "northcott":
        return {f"{r}-{c}" for r, row in enumerate(picture["rows"], 1)
                for c in range(1, len(row) + 1)}
    if kind == "coins":
        rows = picture["rows"]
        if len(rows) == 1:
            return {str(c) for c in range(1, len(rows[0]) + 1)} | go
        return {f"{r}-{c}" for r, row in enumerate(rows, 1) for c in range(1, len(row) + 1)}
    if kind == "kayles-graph":
        return {node["name"] for node in picture["nodes"] if node["in"]}
    raise AssertionError(kind)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_move_has_targets_and_every_target_set_one_move(family: str) -> None:
    seen_kinds = set()
    for position in positions(family):
        legal = {str(move.position) for move in position.moves()}
        drawn = pictures(position)
        assert drawn["position"] == str(position)
        made: set[str] = set()
        for picture in drawn["components"]:
            seen_kinds.add(picture["kind"])
            sets: dict[frozenset[str], str] = {}
            for move in picture["moves"]:
                assert move["targets"], (str(position), move)
                for targets in move["targets"]:
                    key = frozenset(targets)
                    # three parts at most, and the button of games whose moves take more
                    assert len(key) == len(targets) <= 3 + ("go" in key)
                    # one target set, one move
                    assert sets.setdefault(key, move["position"]) == move["position"]
                    assert key <= _parts(picture), (str(position), targets)
                made.add(move["position"])
        assert made == legal, str(position)
    assert seen_kinds


def test_the_clicks_mean_what_the_pictures_say() -> None:
    """A few moves checked by hand against the rules in words."""
    def after(text: str, *targets: str) -> str:
        [picture] = pictures(parse_position(text))["components"]
        return next(move["position"] for move in picture["moves"]
                    if sorted(targets) in map(sorted, move["targets"]))

    assert after("nim 5", "1-3") == "nim 2"          # stone 3 and those after it go
    assert after("kayles 7", "1-3", "1-4") == "kayles 2 3"   # pins 3-4 knocked down
    assert after("chomp 3x4", "b2") == "chomp 4,1,1"  # 3 rows of 4, as written
    assert after("cram 2x2", "a1", "a2") == "cram #./#."
    assert after("chords 8", "2", "5") == "chords 8 2-5"
    assert after("chocolate 2x5", "b1", "c1") == "chocolate 2x5:a1-b2,c1-e2"
    assert after("chocolate 2x5", "c2", "d2") == "chocolate 2x5:a1-c2,d1-e2"
    assert after("two-numbers 3 8", "5") == "two-numbers 3 5"
    assert after("grundy-game 7", "1-g2") == "grundy-game 2 5"
    assert after("daisy 6", "1-6", "1-1") == "kayles 4"


def test_the_button_is_drawn_only_while_a_move_is_left() -> None:
    """A finished game of Moore's Nim or Mock Turtles offers no button to press."""
    def button(text: str) -> bool:
        [picture] = pictures(parse_position(text))["components"]
        return bool(picture["go"])

    assert button("moore:2 1 2") and button("mock-turtles TH")
    assert not button("moore:2 0 0") and not button("mock-turtles TTT")


def test_too_big_pictures_are_refused() -> None:
    with pytest.raises(TooBig, match=re.escape(f"the limit is {MAX_PARTS}")):
        pictures(parse_position("cram 30x30"))


def test_the_picture_endpoint() -> None:
    app = create_app(hosts=allowed_hosts("127.0.0.1", 8000))
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        answer = client.get("/api/picture", params={"q": "kings 3x3 + nim 2"})
        assert answer.status_code == 200
        assert [c["kind"] for c in answer.json()["components"]] == ["grid", "heaps"]
        moves = client.get("/api/moves", params={"q": "kings 3x3 + nim 2"}).json()
        assert ({m["position"] for m in moves["moves"]}
                == {m["position"] for c in answer.json()["components"] for m in c["moves"]})
        assert client.get("/api/picture", params={"q": "nim 9999"}).status_code == 413
        assert client.get("/api/picture", params={"q": "chess 3"}).status_code == 400


def test_graph_games_slide_a_token_by_a_click_or_two() -> None:
    from grundy.digraph import graph_from_text

    game = graph_from_text("a b\nb c\nc a\na d\nb d\n", "chase")
    for tokens in [("a",), ("a", "b"), ("a", "a"), ("b", "c", "d")]:
        position = Position.of(game, game.canonical(tokens))
        [picture] = pictures(position)["components"]
        assert picture["kind"] == "graph"
        assert {m["position"] for m in picture["moves"]} == {
            str(m.position) for m in position.moves()}
        sets: dict[frozenset[str], str] = {}
        for move in picture["moves"]:
            for targets in move["targets"]:
                assert sets.setdefault(frozenset(targets), move["position"]) == move["position"]
    # tokens on a and b: b and c are reached by one token only (one click on them); both
    # reach d, so the token's node comes first (a drag from it, as b alone moves a to b)
    [picture] = pictures(Position.of(game, ("a", "b")))["components"]
    assert sorted(map(sorted, (t for m in picture["moves"] for t in m["targets"]))) == [
        ["a", "d"], ["b"], ["b", "d"], ["c"]]


def test_graph_games_on_a_graph_sent_in_the_body() -> None:
    """Graphs come in the request's body (edge list or graph6), bounded; never a file."""
    app = create_app(hosts=allowed_hosts("127.0.0.1", 8000))
    path = "a b\nb c\nc d\n"
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        def post(q: str, body: str | bytes, kind: str = "analyze") -> Any:
            return client.post(f"/api/{kind}", params={"q": q}, content=body)

        # Node Kayles on a path of 4 is Dawson's chess: value 0 (a brute force elsewhere)
        answer = post("node-kayles:pasted all", path)
        assert answer.status_code == 200 and answer.json()["nim_value"] == 0
        # Arc Kayles on a path of 4 nodes is Dawson's Kayles of 4 pins
        assert post("arc-kayles:pasted all", ">>graph6<<Ch").json()["nim_value"] == 2
        drawn = post("arc-kayles:pasted all", path, "picture").json()["components"][0]
        assert drawn["kind"] == "kayles-graph"
        assert sorted(sorted(t) for m in drawn["moves"] for t in m["targets"]) == [
            ["a", "b"], ["b", "c"], ["c", "d"]]
        assert post("graph:pasted a", path).json()["nim_value"] == 1
        assert post("node-kayles:pasted", "").status_code == 400
        for q in ("node-kayles:pasted all", "graph:pasted a"):  # asked without a body
            refused = client.get("/api/analyze", params={"q": q})
            assert refused.status_code == 400 and "body of a POST" in refused.json()["error"]
        assert post("node-kayles:pasted", b"\xff\xfe").status_code == 400
        assert post("node-kayles:pasted", "a b\n" * 20_000).status_code == 413
        assert "never a file" in client.get(
            "/api/analyze", params={"q": "node-kayles:/etc/passwd"}).json()["error"]
        assert client.get("/api/analyze", params={"q": "arc-kayles:grid2x2"}).json()[
            "nim_value"] == 0  # a 4-cycle: every edge leaves one edge


#: English words that no move said in Russian keeps (positions and cell names may stay).
ENGLISH = re.compile(r"\b(take|from|leaving|in|put|place|and|the|of|to|move|turn|coins?|"
                     r"heads|tails|split|into|pluck|petals?|add|making|left|pool|bite|off|"
                     r"break|draw|erase|write|pierce|line|along|node|edge|neighbours|checkers?|"
                     r"step|ground|row|square|corners|columns?|rows|each|heap|all|every)\b")


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_move_is_said_in_russian(family: str) -> None:
    from grundy.i18n import say_move

    for position in positions(family, count=6):
        for move in position.moves()[:60]:
            said = say_move(move.description, "ru")
            # the positions named in a sum's moves stay as written
            words = re.sub(r"^в [^:]+: ", "", said)
            assert not ENGLISH.search(words), (move.description, said)
    sum_move = parse_position("kayles 3 + nim 2").moves()[0].description
    assert say_move(sum_move, "ru").startswith("в kayles 3: ")
