"""The families of Nim with more moves, coin-turning games and Kayles on graphs: each theory
(closed form, reduction) against an independent brute force on the literal rules, for
values, winning moves and misère outcomes, and against the OEIS."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from itertools import combinations_with_replacement, islice
from pathlib import Path
from typing import Any

import pytest

from grundy import analyze, kayles_graphs
from grundy.catalogue import RULESETS, parse_position
from grundy.cli import main
from grundy.coins import MockTurtles, Ruler, TurningCorners, TurningTurtles
from grundy.core.position import Position
from grundy.errors import InvalidGame, InvalidPosition, TooBig
from grundy.heap import moore
from grundy.heap.additions import NimWithAdditions
from grundy.heap.moore import Moore
from grundy.heap.takebreak import DAWSON
from grundy.heap.wythoff import Wythoff, lower, partner, upper
from grundy.kayles_graphs import ArcKayles, NodeKayles
from grundy.nimbers import nim_multiply

from brute import (
    arc_kayles_moves,
    coin_moves,
    corners_moves,
    grundy_of,
    moore_moves,
    nim_add_moves,
    node_kayles_moves,
    sorted_rows,
    staircase_moves,
    wins_of,
    wythoff_moves,
)
from oeis import (
    DAWSONS_CHESS_A002187,
    LOWER_WYTHOFF_A000201,
    ODIOUS_A000069,
    RULER_A001511,
    UPPER_WYTHOFF_A001950,
)


def check_against_brute(position: Position, brute_state: Hashable,
                        moves: Callable[[Any], Iterable[Any]],
                        to_brute: Callable[[Position], Hashable]) -> None:
    """Value, winning moves (as positions) and both outcomes agree with the brute force."""
    value = grundy_of(moves)
    normal = analyze(position)
    assert normal.nim_value == value(brute_state), str(position)
    winners = {to_brute(m.position) for m in normal.winning_moves}
    assert len(winners) == len(normal.winning_moves)
    assert winners == {o for o in moves(brute_state) if value(o) == 0}, str(position)
    misere = analyze(position, misere=True)
    assert (misere.winner == "first") == wins_of(moves, True)(brute_state), str(position)
    wins = wins_of(moves, True)
    assert {to_brute(m.position) for m in misere.winning_moves} == {
        o for o in moves(brute_state) if not wins(o)}, str(position)


def only_state(position: Position) -> Any:
    (component,) = position.components
    return component.state


class TestWythoff:
    def test_p_positions_are_the_oeis_beatty_pairs(self) -> None:
        assert [lower(k) for k in range(1, 41)] == LOWER_WYTHOFF_A000201
        assert [upper(k) for k in range(1, 41)] == UPPER_WYTHOFF_A001950
        value = grundy_of(wythoff_moves)
        brute_p = sorted((a, b) for a in range(65) for b in range(a, 105) if value((a, b)) == 0)
        pairs = [(lower(k), upper(k)) for k in range(41)]
        assert brute_p == [p for p in pairs if p[0] < 65 and p[1] < 105]

    def test_values_against_brute_force(self) -> None:
        value = grundy_of(wythoff_moves)
        game = Wythoff()
        for a in range(25):
            for b in range(a, 25):
                assert game.value((a, b)) == value((a, b))

    def test_positions_against_brute_force(self) -> None:
        rng = random.Random(1)
        for _ in range(40):
            a, b = rng.randrange(12), rng.randrange(12)
            check_against_brute(parse_position(f"wythoff {a} {b}"), (min(a, b), max(a, b)),
                                wythoff_moves, only_state)

    def test_winning_moves_at_any_size(self) -> None:
        rng = random.Random(2)
        game = Wythoff()
        for _ in range(200):
            a, b = sorted((rng.getrandbits(100), rng.getrandbits(100)))
            moves = list(game.moves_to_value((a, b), 0))
            assert (not moves) == game.is_p_position((a, b))
            for _, (c, d) in moves:
                assert game.is_p_position((c, d))
                assert _queen_move((a, b), (c, d))
            for n in (a, b):
                assert partner(partner(n)) == n

    def test_big_table_is_refused(self) -> None:
        with pytest.raises(TooBig):
            Wythoff().value((10**6, 10**6 + 1))


def _queen_move(before: tuple[int, int], after: tuple[int, int]) -> bool:
    """One legal move of Wythoff's game leads from ``before`` to ``after`` (both sorted)."""
    a, b = before
    c, d = after
    from_larger = a in after and (d if c == a else c) < b
    from_smaller = b in after and (d if c == b else c) < a
    return from_larger or from_smaller or a - c == b - d > 0


class TestMoore:
    @pytest.mark.parametrize("k", [1, 2, 3])
    def test_positions_against_brute_force(self, k: int) -> None:
        rng = random.Random(k)
        for _ in range(25):
            heaps = tuple(rng.randrange(5) for _ in range(rng.randrange(1, 5)))
            check_against_brute(parse_position(f"moore:{k} " + " ".join(map(str, heaps))),
                                sorted_rows(heaps), moore_moves(k), only_state)

    def test_moores_rule_is_the_brute_force_p_positions(self) -> None:
        for k in (2, 3):
            value = grundy_of(moore_moves(k))
            game = Moore(k)
            for heaps in _tuples(4, 6):
                assert game.is_p_position(heaps) == (value(sorted_rows(heaps)) == 0), heaps

    @pytest.mark.parametrize("k", [1, 2, 3, 4])
    def test_construction_and_listing_against_brute_force(self, k: int) -> None:
        moves = moore_moves(k)
        wins, misere_wins = wins_of(moves, False), wins_of(moves, True)
        for count in range(5):
            for heaps in combinations_with_replacement(range(7 if count < 4 else 5), count):
                row = sorted_rows(heaps)
                options = set(moves(row))
                assert moore.is_misere_p_position(row, k) == (not misere_wins(row)), heaps
                assert moore.winning_options(heaps, k, 10**6) == sorted(
                    o for o in options if not wins(o)), heaps
                assert moore.winning_options(row, k, 10**6, misere=True) == sorted(
                    o for o in options if not misere_wins(o)), heaps
                move = moore.winning_move(heaps, k)
                if wins(row):
                    assert move is not None and sorted_rows(move) in options
                    assert not wins(sorted_rows(move))
                else:
                    assert move is None

    def test_big_heaps_answered_by_the_theorem(self) -> None:
        rng = random.Random(7)
        for _ in range(30):
            k = rng.randrange(1, 5)
            heaps = tuple(rng.randrange(10**rng.randrange(1, 30))
                          for _ in range(rng.randrange(2, 6)))
            move = moore.winning_move(heaps, k)
            if move is None:
                assert moore.is_p_position(heaps, k)
                continue
            changed = sum((Counter(heaps) - Counter(move)).values())
            assert moore.is_p_position(move, k) and 0 < changed <= k
            listed = moore.winning_options(heaps, k, 1000)
            for option in listed or []:
                assert moore.is_p_position(option, k)

    def test_one_heap_is_nim(self) -> None:
        assert analyze(f"moore:2 {10**100}").nim_value == 10**100
        assert Moore(3).value((7,)) == 7 == grundy_of(moore_moves(3))((7,))

    def test_bad_k(self) -> None:
        with pytest.raises(InvalidGame, match="moore:K"):
            parse_position("moore:0 1 2")


def _tuples(length: int, below: int) -> list[tuple[int, ...]]:
    found: list[tuple[int, ...]] = [()]
    for _ in range(length):
        found = [(*t, h) for t in found for h in range(below) if not t or h >= t[-1]]
    return found


class TestStaircase:
    def test_positions_against_brute_force(self) -> None:
        rng = random.Random(3)
        for _ in range(60):
            steps = tuple(rng.randrange(4) for _ in range(rng.randrange(1, 5)))
            position = parse_position("staircase " + " ".join(map(str, steps)))
            check_against_brute(position, only_state(position), staircase_moves, only_state)

    def test_huge_coins(self) -> None:
        a = analyze(f"staircase {10**40} 5 {10**40 + 3}")
        assert a.nim_value == 3
        assert [m.description for m in a.winning_moves] == [
            "move 3 coins from step 2 to step 1", "move 3 coins from step 3 to step 2"]


def _nim_add_state(position: Position) -> tuple[int, tuple[int, ...]]:
    (component,) = position.components
    game = component.game
    assert isinstance(game, NimWithAdditions)
    return game.pool, tuple(sorted(component.state))


class TestNimWithAdditions:
    def test_positions_against_brute_force(self) -> None:
        rng = random.Random(4)
        for _ in range(40):
            pool = rng.randrange(4)
            heaps = tuple(sorted(rng.randrange(4) for _ in range(rng.randrange(1, 4))))
            position = parse_position(f"nim-add:{pool} " + " ".join(map(str, heaps)))
            state = _nim_add_state(position)
            check_against_brute(position, state, _canonical_nim_add, _nim_add_state)

    def test_value_ignores_the_pool(self) -> None:
        assert analyze(f"nim-add:{10**6} 3 5 6").nim_value == 0


def _canonical_nim_add(position: tuple[int, tuple[int, ...]]) -> list[Any]:
    # The ruleset drops empty heaps once the pool is empty: they can never be refilled.
    return [(pool, tuple(h for h in heaps if h or pool)) for pool, heaps in
            nim_add_moves(position)]


class TestNorthcott:
    @staticmethod
    def literal_moves(rows: tuple[tuple[int, int, int], ...]) -> list[Any]:
        """(length, white, black) per row: slide one checker to the right, the left one not
        onto or past the other."""
        out = []
        for i, (length, white, black) in enumerate(rows):
            left, right = min(white, black), max(white, black)
            for square in range(length):
                for mover in (left, right):
                    ahead = square > mover and (mover == right or square < right)
                    if ahead:
                        w = square if mover == white else white
                        b = square if mover == black else black
                        out.append(tuple(sorted((*rows[:i], (length, w, b), *rows[i + 1:]))))
        return out

    @staticmethod
    def as_rows(position: Position) -> tuple[tuple[int, int, int], ...]:
        return tuple(sorted((len(r), r.index("W"), r.index("B")) for r in only_state(position)))

    def test_positions_against_brute_force(self) -> None:
        rng = random.Random(5)
        value = grundy_of(self.literal_moves)
        wins = wins_of(self.literal_moves, True)
        for _ in range(30):
            rows = []
            for _ in range(rng.randrange(1, 3)):
                length = rng.randrange(2, 6)
                cells = ["."] * length
                w, b = rng.sample(range(length), 2)
                cells[w], cells[b] = "W", "B"
                rows.append("".join(cells))
            position = parse_position("northcott " + " ".join(rows))
            state = self.as_rows(position)
            a = analyze(position)
            assert a.nim_value == value(state)
            winners = {self.as_rows(m.position) for m in a.winning_moves}
            assert winners == {o for o in self.literal_moves(state) if value(o) == 0}
            assert (analyze(position, misere=True).winner == "first") == wins(state)

    def test_bad_row(self) -> None:
        with pytest.raises(InvalidPosition, match="one W, one B"):
            parse_position("northcott W.W.B")


class TestCoinRows:
    @pytest.mark.parametrize(("name", "most"), [("turning-turtles", 2), ("mock-turtles", 3),
                                                ("ruler", None)])
    def test_rows_against_brute_force(self, name: str, most: int | None) -> None:
        rng = random.Random(name)
        for _ in range(50):
            row = "".join(rng.choice("HT") for _ in range(rng.randrange(1, 8)))
            check_against_brute(parse_position(f"{name} {row}"), row, coin_moves(most),
                                only_state)

    def test_single_coins_are_the_oeis_sequences(self) -> None:
        assert [MockTurtles().value("T" * n + "H") for n in range(len(ODIOUS_A000069))] == \
            ODIOUS_A000069
        assert [Ruler().value("T" * n + "H") for n in range(len(RULER_A001511))] == \
            [2 ** (a - 1) for a in RULER_A001511]
        assert [TurningTurtles().value("T" * n + "H") for n in range(20)] == list(range(1, 21))
        for most, game in ((3, MockTurtles()), (None, Ruler())):
            value = grundy_of(coin_moves(most))
            assert [value("T" * n + "H") for n in range(9)] == \
                [game.value("T" * n + "H") for n in range(9)]

    def test_long_rows(self) -> None:
        rng = random.Random(6)
        row = "".join(rng.choice("HT") for _ in range(3000))
        for game, legal in ((MockTurtles(), lambda d: len(d) <= 3),
                            (TurningTurtles(), lambda d: len(d) <= 2),
                            (Ruler(), lambda d: d == list(range(d[0], d[-1] + 1)))):
            value = game.value(row)
            wins = list(islice(game.moves_to_value(row, 0), 200))
            assert bool(wins) == (value != 0)
            for _, option in wins:
                turned = [i for i in range(len(row)) if row[i] != option[i]]
                assert row[turned[-1]] == "H" and legal(turned)
                assert value ^ game.value(option) == _brute_row_value(row, turned, game)

    def test_bad_row(self) -> None:
        with pytest.raises(InvalidPosition, match=r"H \(heads\) and T"):
            parse_position("ruler HTX")


def _brute_row_value(row: str, turned: list[int], game: Any) -> int:
    """The turned coins' single-coin values from OEIS-style formulas written out here:
    their nim-sum is what the move changes."""
    total = 0
    for i in turned:
        if isinstance(game, MockTurtles):
            total ^= 2 * i + (bin(i).count("1") % 2 == 0)
        elif isinstance(game, Ruler):
            total ^= max(p for p in (1 << e for e in range(13)) if (i + 1) % p == 0)
        else:
            total ^= i + 1
    return total


class TestTurningCorners:
    def test_boards_against_brute_force(self) -> None:
        rng = random.Random(7)
        for _ in range(40):
            rows, cols = rng.randrange(1, 4), rng.randrange(1, 5)
            board = tuple("".join(rng.choice("HTT") for _ in range(cols)) for _ in range(rows))
            check_against_brute(parse_position("turning-corners " + "/".join(board)), board,
                                corners_moves, only_state)

    def test_single_coins_are_nim_products(self) -> None:
        value = grundy_of(corners_moves)
        for r in range(5):
            for c in range(5):
                board = tuple("".join("H" if (i, j) == (r, c) else "T" for j in range(5))
                              for i in range(5))
                assert value(board) == nim_multiply(r, c) == TurningCorners().value(board)


def _graph_file(tmp_path: Path, edges: list[tuple[int, int]], nodes: int) -> str:
    path = tmp_path / f"g{len(list(tmp_path.iterdir()))}.txt"
    lines = [f"{a} {b}" for a, b in edges] + [str(n) for n in range(nodes)]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def _nodes(position: Position) -> frozenset[str]:
    (component,) = position.components
    game = component.game
    assert isinstance(game, NodeKayles | ArcKayles)
    return frozenset(game.format_state(component.state).split()) - {"none"} \
        if component.state != game.full else frozenset(game.names)


class TestKaylesOnGraphs:
    @pytest.mark.parametrize(("name", "literal"), [("node-kayles", node_kayles_moves),
                                                   ("arc-kayles", arc_kayles_moves)])
    def test_random_graphs_against_brute_force(self, tmp_path: Path, name: str,
                                               literal: Callable[..., Any]) -> None:
        rng = random.Random(name)
        for _ in range(25):
            n = rng.randrange(1, 9)
            edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.35]
            path = _graph_file(tmp_path, edges, n)
            adjacent: dict[str, set[str]] = {str(v): set() for v in range(n)}
            for a, b in edges:
                adjacent[str(a)].add(str(b))
                adjacent[str(b)].add(str(a))
            position = parse_position(f"{name}:{path}")
            check_against_brute(position, frozenset(adjacent), literal(adjacent), _nodes)

    def test_paths_are_dawsons_games(self, tmp_path: Path) -> None:
        for n in range(1, 40):
            path = _graph_file(tmp_path, [(i, i + 1) for i in range(n - 1)], n)
            assert analyze(f"arc-kayles:{path}").nim_value == DAWSON.heap_value(n)
            assert analyze(f"node-kayles:{path}").nim_value == DAWSONS_CHESS_A002187[n]

    @pytest.fixture
    def wide_labelling(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Labellings tried for every graph here: K5 alone needs 120 orders."""
        monkeypatch.setattr(kayles_graphs, "CANONICAL_NODES", 10)
        monkeypatch.setattr(kayles_graphs, "CANONICAL_ORDERS", 5040)

    @pytest.mark.usefixtures("wide_labelling")
    def test_canonical_keys_count_the_isomorphism_classes(self) -> None:
        # OEIS A000088: 4 graphs on 3 nodes up to isomorphism, 11 on 4, 34 on 5.
        for n, classes in ((3, 4), (4, 11), (5, 34)):
            pairs = [(str(a), str(b)) for a in range(n) for b in range(a + 1, n)]
            keys = set()
            for chosen in range(1 << len(pairs)):
                edges = [p for k, p in enumerate(pairs) if chosen >> k & 1]
                game = NodeKayles(edges, nodes=[str(v) for v in range(n)])
                keys.add(game.canonical_key(game.full))
            assert len(keys) == classes

    @pytest.mark.usefixtures("wide_labelling")
    def test_relabelled_graphs_share_keys_and_values(self) -> None:
        rng = random.Random(9)
        for _ in range(40):
            n = rng.randrange(3, 10)
            edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.4]
            relabel = list(range(n))
            rng.shuffle(relabel)
            names = [str(v) for v in range(n)]
            one = NodeKayles([(str(a), str(b)) for a, b in edges], nodes=names)
            two = NodeKayles([(str(relabel[a]), str(relabel[b])) for a, b in edges],
                             nodes=names)
            key = one.canonical_key(one.full)
            # A number is the fallback (too many orders): a key within one graph only.
            assert isinstance(key, int) or key == two.canonical_key(two.full)
            assert one.value(one.full) == two.value(two.full)

    def test_graph6_reads_as_the_edge_list(self, tmp_path: Path) -> None:
        # The Petersen graph, written as graph6 by hand: outer cycle, spokes, inner star.
        edges = [(i, (i + 1) % 5) for i in range(5)] + [(i, i + 5) for i in range(5)] + \
            [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
        bits = "".join("1" if (i, j) in edges or (j, i) in edges else "0"
                       for j in range(1, 10) for i in range(j))
        bits += "0" * (-len(bits) % 6)
        code = chr(10 + 63) + "".join(chr(int(bits[k:k + 6], 2) + 63)
                                      for k in range(0, len(bits), 6))
        g6 = tmp_path / "petersen.g6"
        g6.write_text(code + "\n")
        listed = _graph_file(tmp_path, edges, 10)
        for name in ("node-kayles", "arc-kayles"):
            assert analyze(f"{name}:{g6}").nim_value == analyze(f"{name}:{listed}").nim_value

    def test_text_form_round_trip(self, tmp_path: Path) -> None:
        path = _graph_file(tmp_path, [(0, 1), (1, 2)], 4)
        for text in (f"node-kayles:{path} all", f"node-kayles:{path} 0 3",
                     f"arc-kayles:{path} none"):
            assert str(parse_position(text)) == text
        assert str(parse_position(f"arc-kayles:{path}")) == f"arc-kayles:{path} all"
        with pytest.raises(InvalidPosition, match="no node '9'"):
            parse_position(f"node-kayles:{path} 9")

    def test_reserved_names_and_missing_files(self, tmp_path: Path) -> None:
        bad = tmp_path / "bad.txt"
        bad.write_text("all b\n")
        with pytest.raises(InvalidGame, match="'all' names a position"):
            parse_position(f"node-kayles:{bad}")
        with pytest.raises(InvalidGame, match="cannot read"):
            parse_position(f"arc-kayles:{tmp_path / 'missing.txt'}")

    def test_file_reading_rulesets_are_marked_and_refused_on_the_web(self, tmp_path: Path
                                                                     ) -> None:
        from starlette.testclient import TestClient

        from grundy.web.hosts import allowed_hosts
        from grundy.web.server import create_app

        readers = {name for name, ruleset in RULESETS.items() if ruleset.reads_file}
        assert readers == {"graph", "node-kayles", "arc-kayles"}
        path = _graph_file(tmp_path, [(0, 1)], 2)
        app = create_app(hosts=allowed_hosts("127.0.0.1", 8000))
        with TestClient(app, base_url="http://127.0.0.1:8000") as client:
            for name in readers:
                for url, params in (("/api/analyze", {"q": f"{name}:{path}"}),
                                    ("/api/sequence", {"game": f"{name}:{path}", "to": "3"})):
                    response = client.get(url, params=params)
                    assert response.status_code == 400
                    error = response.json()["error"]
                    # graph: names the server's own list; the others say what the web takes
                    assert "this server's graphs" in error or "never a file" in error


class TestTextAndCommandLine:
    @pytest.mark.parametrize("example", [
        "wythoff 3 5", "wythoff 4 7", "moore:2 3 3 4", "staircase 1 4 2 3", "nim-add:3 2 5",
        "northcott W..B. .B.W", "turning-turtles THHTTH", "mock-turtles THHTTH", "ruler THHTTH",
        "turning-corners TTT/THT/TTH"])
    def test_every_example_analyzes_and_round_trips(self, example: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
        position = parse_position(example)
        assert str(parse_position(str(position))) == str(position)
        assert main(["analyze", "--json", *example.split()]) == 0
        data = json.loads(capsys.readouterr().out)
        a = analyze(example)
        assert data["nim_value"] == a.nim_value
        assert [m["position"] for m in data["winning_moves"]] == \
            [str(m.position) for m in a.winning_moves]
        for move in data["winning_moves"]:
            assert analyze(move["position"]).nim_value == 0
            assert str(parse_position(move["position"])) == move["position"]

    def test_listed_in_games(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["games"]) == 0
        out = capsys.readouterr().out
        for usage in ("wythoff", "moore:K", "staircase", "nim-add:K", "northcott", "ruler",
                      "mock-turtles", "turning-turtles", "turning-corners", "node-kayles:PATH",
                      "arc-kayles:PATH"):
            assert f"\n{usage} " in "\n" + out
