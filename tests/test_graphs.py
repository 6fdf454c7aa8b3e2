"""Graph games: the file format, text form, and values and outcomes against brute force.

The oracles here are written from the definitions alone: outcomes by plain fixpoint
iteration over explicit (product) graphs, and Smith's generalised Sprague–Grundy values
checked node by node against their definition, including the counter-function condition
that rules out "values" propped up only by cycles.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TypeVar

import pytest

import grundy.digraph
from grundy import (
    Infinite,
    InvalidGame,
    InvalidPosition,
    Nim,
    Outcome,
    Position,
    TooBig,
    analyze,
    parse_position,
)
from grundy.digraph import GraphGame
from grundy.values import Value

N = TypeVar("N", bound=Hashable)
Graph = dict[str, list[str]]


# -- oracles ------------------------------------------------------------------------------

def fixpoint_outcomes(nodes: list[N], options: Callable[[N], list[N]],
                      misere: bool = False) -> dict[N, Outcome]:
    """P/N by repeating the two rules until nothing changes; the rest are draws."""
    known: dict[N, Outcome] = {}
    changed = True
    while changed:
        changed = False
        for u in nodes:
            if u in known:
                continue
            kids = options(u)
            if not kids:
                found = Outcome.N if misere else Outcome.P
            elif any(known.get(v) is Outcome.P for v in kids):
                found = Outcome.N
            elif all(known.get(v) is Outcome.N for v in kids):
                found = Outcome.P
            else:
                continue
            known[u] = found
            changed = True
    return {u: known.get(u, Outcome.D) for u in nodes}


def _fits(graph: Graph, gamma: dict[str, Value], u: str, i: int,
          confirmed: set[str] | None = None) -> bool:
    """Whether value i satisfies the definition at u, given everybody else's values.

    With ``confirmed``, the option of value i that answers a move to a larger or infinite
    value must be among the confirmed nodes (the counter function's well-foundedness).
    """
    finite = {gamma[v] for v in graph[u] if isinstance(gamma[v], int)}
    if i in finite or any(j not in finite for j in range(i)):
        return False
    for v in graph[u]:
        g = gamma[v]
        if isinstance(g, int) and g < i:
            continue
        if not any(gamma[w] == i and (confirmed is None or w in confirmed) for w in graph[v]):
            return False
    return True


def check_generalised_values(graph: Graph, gamma: dict[str, Value]) -> None:
    """Assert that gamma is Smith's generalised Sprague–Grundy function of the graph."""
    finite_nodes = {u for u in graph if isinstance(gamma[u], int)}
    for i in {g for g in gamma.values() if isinstance(g, int)}:
        # Counter function: nodes of value i are confirmed in rounds, each relying only on
        # nodes of value i confirmed in earlier rounds.
        confirmed: set[str] = set()
        grew = True
        while grew:
            new = {u for u in finite_nodes - confirmed
                   if gamma[u] == i and _fits(graph, gamma, u, i, confirmed)}
            confirmed |= new
            grew = bool(new)
        assert confirmed == {u for u in graph if gamma[u] == i}, (i, graph, gamma)
    for u in graph:
        g = gamma[u]
        if isinstance(g, Infinite):
            option_finite = {gamma[v] for v in graph[u] if isinstance(gamma[v], int)}
            assert g.options == option_finite, (u, graph, gamma)
            assert not any(_fits(graph, gamma, u, i) for i in range(len(graph[u]) + 2))


def random_graph(rng: random.Random, size: int, density: float,
                 acyclic: bool = False) -> Graph:
    names = [f"v{k}" for k in range(size)]
    return {u: [v for j, v in enumerate(names)
                if (j < i or not acyclic) and rng.random() < density]
            for i, u in enumerate(names)}


def game_of(graph: Graph) -> GraphGame:
    edges = [(u, v) for u, kids in graph.items() for v in kids]
    return GraphGame(edges, nodes=list(graph))


def random_cases(count: int, seed: int, largest: int = 12) -> list[Graph]:
    rng = random.Random(seed)
    cases = []
    for k in range(count):
        size = rng.randint(1, largest)
        density = rng.choice([0.1, 0.2, 0.3, 0.5])
        cases.append(random_graph(rng, size, density, acyclic=k % 4 == 0))
    return cases


# -- values and outcomes of one token -------------------------------------------------

class TestOneToken:
    def test_values_satisfy_the_definition(self) -> None:
        for graph in random_cases(400, seed=1):
            game = game_of(graph)
            gamma = {u: game.value((u,)) for u in graph}
            check_generalised_values(graph, gamma)

    def test_values_on_acyclic_graphs_are_mex(self) -> None:
        rng = random.Random(2)
        for _ in range(100):
            graph = random_graph(rng, rng.randint(1, 15), 0.3, acyclic=True)
            game = game_of(graph)
            expected: dict[str, int] = {}
            for u, kids in graph.items():  # options come earlier in the dict
                seen = {expected[v] for v in kids}
                expected[u] = next(m for m in itertools.count() if m not in seen)
            assert {u: game.value((u,)) for u in graph} == expected

    def test_outcomes_match_fixpoint(self) -> None:
        for graph in random_cases(300, seed=3):
            game = game_of(graph)
            for misere in (False, True):
                expected = fixpoint_outcomes(list(graph), graph.__getitem__, misere)
                for u in graph:
                    position = Position.of(game, (u,))
                    assert analyze(position, misere=misere).outcome is expected[u]

    def test_value_decides_the_sum_with_every_nim_heap(self) -> None:
        """γ(u) = i iff u + *i is P; γ(u) = ∞(A): u + *j is N for j in A, else a draw."""
        for graph in random_cases(120, seed=4, largest=8):
            game = game_of(graph)
            top = max(len(kids) for kids in graph.values()) + 2
            nodes = [(u, j) for u in graph for j in range(top)]

            def options(node: tuple[str, int], graph: Graph = graph) -> list[tuple[str, int]]:
                u, j = node
                return [(v, j) for v in graph[u]] + [(u, k) for k in range(j)]

            outcomes = fixpoint_outcomes(nodes, options)
            for u in graph:
                gamma = game.value((u,))
                for j in range(top):
                    if isinstance(gamma, int):
                        want = Outcome.P if j == gamma else Outcome.N
                    else:
                        want = Outcome.N if j in gamma.options else Outcome.D
                    assert outcomes[u, j] is want, (graph, u, j, gamma)
                    heap = Position.of(Nim(), (j,))
                    assert analyze(Position.of(game, (u,)) + heap).outcome is want


# -- sums: several tokens ---------------------------------------------------------------

def product_outcomes(graph: Graph, tokens: int, misere: bool) -> dict[tuple[str, ...], Outcome]:
    nodes = list(itertools.product(graph, repeat=tokens))
    return fixpoint_outcomes(nodes, lambda state: _moves(state, graph), misere)


class TestSums:
    def test_two_tokens_by_value_rules_match_the_product_graph(self) -> None:
        for graph in random_cases(150, seed=5, largest=9):
            game = game_of(graph)
            expected = product_outcomes(graph, 2, misere=False)
            for (a, b), want in expected.items():
                total = game.value((a, b))
                assert Outcome.of_value(total) is want, (graph, a, b, total)

    def test_two_tokens_winning_moves_are_the_moves_to_p(self) -> None:
        for graph in random_cases(60, seed=6, largest=7):
            game = game_of(graph)
            expected = product_outcomes(graph, 2, misere=False)
            for a, b in itertools.combinations_with_replacement(sorted(graph), 2):
                analysis = analyze(Position.of(game, (a, b)))
                assert analysis.outcome is expected[a, b]
                wins = {m.position.components[0].state for m in analysis.winning_moves}
                to_p = {tuple(sorted(s)) for s in _moves((a, b), graph)
                        if expected[s] is Outcome.P}
                assert wins == to_p

    def test_three_tokens(self) -> None:
        for graph in random_cases(40, seed=7, largest=6):
            game = game_of(graph)
            for state, want in product_outcomes(graph, 3, misere=False).items():
                assert Outcome.of_value(game.value(game.canonical(state))) is want

    def test_misere_with_two_tokens_matches_the_product_graph(self) -> None:
        for graph in random_cases(100, seed=8, largest=8):
            game = game_of(graph)
            expected = product_outcomes(graph, 2, misere=True)
            for a, b in itertools.combinations_with_replacement(sorted(graph), 2):
                analysis = analyze(Position.of(game, (a, b)), misere=True)
                assert analysis.outcome is expected[a, b], (graph, a, b)
                for move in analysis.winning_moves:
                    state = move.position.components[0].state
                    assert isinstance(state, tuple) and expected[state] is Outcome.P

    def test_the_sum_rules_in_one_example(self) -> None:
        game = GraphGame([("a", "b"), ("b", "a"), ("b", "c"), ("c", "d")])
        assert game.value(("a",)) == Infinite()
        assert game.value(("b",)) == Infinite({1})
        assert game.value(("b", "c")) == Infinite({0})  # ∞(1) + 1 = ∞(0): a win
        assert game.value(("a", "b")) == Infinite()  # ∞ + ∞: a draw
        assert game.value(("c", "c", "d")) == 0


def _moves(state: tuple[str, ...], graph: Graph) -> list[tuple[str, ...]]:
    return [(*state[:i], v, *state[i + 1:]) for i, u in enumerate(state) for v in graph[u]]


# -- the file format and the text form ------------------------------------------------

def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


class TestFiles:
    def test_reads_edges_comments_blank_lines_and_lone_nodes(self, tmp_path: Path) -> None:
        path = write(tmp_path / "g.txt", "# a small graph\n\na b   # edge\nb c\nc a\n  d  \n")
        game = GraphGame.from_file(path)
        assert game.nodes == ["a", "b", "c", "d"]
        assert game.successors("a") == ("b",) and game.successors("d") == ()
        assert game.value(("d",)) == 0 and game.value(("a",)) == Infinite()
        assert eval(repr(game), {"GraphGame": GraphGame}) == game

    def test_text_form_round_trips(self, tmp_path: Path) -> None:
        path = write(tmp_path / "g.txt", "x y\ny z\nz x\nz w\n")
        position = parse_position(f"graph:{path} z x x")
        assert str(position) == f"graph:{path} x x z"
        assert parse_position(str(position)) == position
        for move in position.moves():
            assert parse_position(str(move.position)) == move.position
        both = parse_position(f"graph:{path} x + graph:{path} y + nim 3")
        assert str(both) == f"graph:{path} x y + nim 3"

    def test_in_memory_game_repr_rebuilds_it(self) -> None:
        game = GraphGame([("p", "q")], nodes=["r", "p"])
        assert repr(game) == "GraphGame([('p', 'q')], nodes=['r'])"
        assert eval(repr(game), {"GraphGame": GraphGame}) == game
        assert hash(game) == hash(GraphGame([("p", "q")], nodes=["r"]))

    def test_moves_in_words(self, tmp_path: Path) -> None:
        path = write(tmp_path / "g.txt", "a a\na b\n")
        single = {m.description for m in parse_position(f"graph:{path} a").moves()}
        assert single == {"move from a to a", "move from a to b"}
        double = {m.description for m in parse_position(f"graph:{path} a b").moves()}
        assert double == {"move a token from a to a", "move a token from a to b"}
        # a token going round a loop: a draw, since neither player need stop
        assert analyze(f"graph:{path} a").winner == "first"
        assert analyze(f"graph:{path} a a").winner == "draw"

    def test_a_changed_file_is_read_again(self, tmp_path: Path) -> None:
        path = write(tmp_path / "g.txt", "a b\n")
        assert parse_position(f"graph:{path} a").value() == 1
        write(tmp_path / "g.txt", "a b\nb c\n")
        os.utime(path, ns=(10**18, 10**18))
        assert parse_position(f"graph:{path} a").value() == 0

    @pytest.mark.parametrize(("text", "message"), [
        ("a b\nb c d\n", r"g\.txt, line 2: 3 words; a line holds one edge 'a b'"),
        ("# only a comment\n\n", r"g\.txt has no nodes"),
        ("a +\n", r"'\+' is not a node name"),
    ])
    def test_bad_files(self, tmp_path: Path, text: str, message: str) -> None:
        path = write(tmp_path / "g.txt", text)
        with pytest.raises(InvalidGame, match=message):
            parse_position(f"graph:{path} a")

    def test_unreadable_files(self, tmp_path: Path) -> None:
        with pytest.raises(InvalidGame, match=r"graph:.*none\.txt: cannot read the file"):
            parse_position(f"graph:{tmp_path / 'none.txt'} a")
        with pytest.raises(InvalidGame, match="cannot read the file"):
            GraphGame.from_file(tmp_path)
        binary = tmp_path / "b.txt"
        binary.write_bytes(b"a \xff\n")
        with pytest.raises(InvalidGame, match="not a UTF-8 text file"):
            GraphGame.from_file(binary)
        with pytest.raises(InvalidGame, match="graph needs a parameter: graph:PATH"):
            parse_position("graph a")

    def test_bad_positions(self, tmp_path: Path) -> None:
        path = write(tmp_path / "g.txt", "a b\n")
        with pytest.raises(InvalidPosition, match=r"has no node 'c'; its nodes are a, b"):
            parse_position(f"graph:{path} a c")
        with pytest.raises(InvalidPosition, match="needs the node of each token"):
            parse_position(f"graph:{path}")

    def test_too_big_files_are_refused(self, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(grundy.digraph, "MAX_ENTRIES", 5)
        path = write(tmp_path / "many.txt", "".join(f"a{k} b{k}\n" for k in range(6)))
        with pytest.raises(TooBig, match="more than 5 edges and nodes"):
            GraphGame.from_file(path)
        monkeypatch.setattr(grundy.digraph, "MAX_BYTES", 10)
        path = write(tmp_path / "long.txt", "a_long_name another_long_name\n")
        with pytest.raises(TooBig, match="needs about 30 bytes; the limit is 10"):
            GraphGame.from_file(path)

    def test_a_long_cycle_with_an_exit(self, tmp_path: Path) -> None:
        """A ring of 1000 nodes c0 -> c1 -> ... -> c999 -> c0, and c0 -> end."""
        size = 1000
        lines = [f"c{k} c{(k + 1) % size}" for k in range(size)] + ["c0 end"]
        path = write(tmp_path / "ring.txt", "\n".join(lines))
        # Every move but c0's is forced, so whoever stands at c0 moves to the end and wins;
        # positions an odd number of steps before c0 are lost.
        values = [parse_position(f"graph:{path} c{k}").value() for k in range(size)]
        assert values == [1] + [0 if k % 2 else 1 for k in range(1, size)]
        # Misère: moving to the end loses, so the player at c0 goes round again, for ever.
        assert analyze(f"graph:{path} c0", misere=True).outcome is Outcome.D
        assert analyze(f"graph:{path} c500", misere=True).outcome is Outcome.D
        assert analyze(f"graph:{path} end", misere=True).outcome is Outcome.N
