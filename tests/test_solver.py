"""The general solver on explicit graphs: brute force, deep chains, budgets, user games."""

from __future__ import annotations

import random

import pytest

from grundy import Game, Infinite, Outcome, Solver, TooBig, analyze
from grundy.budget import positions_limit, work_limit

from brute import mex


def _random_dag(rng: random.Random, size: int) -> dict[int, list[int]]:
    return {u: sorted(rng.sample(range(u), rng.randint(0, min(u, 4)))) for u in range(size)}


def _dag_values(graph: dict[int, list[int]]) -> dict[int, int]:
    values: dict[int, int] = {}
    for u in sorted(graph):  # options are smaller numbers: settled first
        values[u] = mex(values[v] for v in graph[u])
    return values


def _dag_misere_wins(graph: dict[int, list[int]]) -> dict[int, bool]:
    wins: dict[int, bool] = {}
    for u in sorted(graph):
        wins[u] = not graph[u] or any(not wins[v] for v in graph[u])
    return wins


def test_values_and_outcomes_on_random_dags() -> None:
    rng = random.Random(2024)
    for _ in range(200):
        graph = _random_dag(rng, rng.randint(1, 25))
        solver = Solver(graph.__getitem__)
        expected = _dag_values(graph)
        misere = _dag_misere_wins(graph)
        for u in rng.sample(sorted(graph), min(5, len(graph))):
            assert solver.value(u) == expected[u]
            assert solver.outcome(u) is (Outcome.N if expected[u] else Outcome.P)
            assert (solver.outcome(u, misere=True) is Outcome.N) == misere[u]


@pytest.mark.slow
def test_deep_chain_has_no_recursion_limit() -> None:
    depth = 100_000
    solver = Solver(lambda n: [n - 1] if n else [])
    assert solver.value(depth) == depth % 2
    assert solver.outcome(depth, misere=True) is (Outcome.P if depth % 2 else Outcome.N)


def test_budget_refuses_big_searches() -> None:
    solver = Solver(lambda n: [n - 1, n - 2] if n > 1 else [])
    with positions_limit(1000), pytest.raises(TooBig, match="more than 1000 states"):
        solver.value(10_000)


def test_work_limit_lowers_the_budget_of_the_block_only() -> None:
    solver = Solver(lambda n: [n - 1, n - 2] if n > 1 else [])
    with work_limit(1000), pytest.raises(TooBig, match="more than 1000 states"):
        solver.value(10_000)
    assert solver.value(10_000) == (10_000 - 1) % 3  # the default budget again


class Sticks(Game[int]):
    """Take one or two sticks: the README's example of a user-defined game."""

    name = "sticks"

    def moves(self, n: int) -> list[int]:
        return [n - k for k in (1, 2) if k <= n]


def test_user_defined_game() -> None:
    game = Sticks()
    assert [analyze(game, n).nim_value for n in range(7)] == [0, 1, 2, 0, 1, 2, 0]
    assert [analyze(game, n, misere=True).winner for n in range(1, 8)] == [
        "second", "first", "first", "second", "first", "first", "second"]
    assert [str(m.position) for m in analyze(game, 7).winning_moves] == ["sticks 6"]


def test_options_in_another_loopy_game_count_as_infinite() -> None:
    # Node 0's only option is a position of another game of value ∞({1}). By Smith's
    # definition 0 cannot be 0 (that option has no option of value 0) nor anything larger
    # (no option of value 0), so it is ∞(∅), a draw; ignoring the option would make it 0.
    graph: dict[int, list[object]] = {0: ["far-1"], 1: [0, "far-0"], 2: [1]}
    known = {"far-1": Infinite({1}), "far-0": Infinite({0})}
    solver = Solver(lambda n: graph[n],  # type: ignore[index]
                    foreign=lambda n: known.get(n) if isinstance(n, str) else None)
    assert solver.value(0) == Infinite()
    assert solver.outcome(0) is Outcome.D
    # 1 moves to 0 (∞(∅), no option of value 0) or to ∞({0}): no finite value is possible.
    assert solver.value(1) == Infinite()
    assert solver.value(2) == Infinite()


def test_memory_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import grundy.solver

    monkeypatch.setattr(grundy.solver, "MEMO_LIMIT", 50)
    # Two separate chains: 0 <- 1 <- 2 ... and -1 <- -2 <- -3 ...
    solver = Solver(lambda n: [n - 1] if n > 0 else [n + 1] if n < -1 else [])
    assert solver.value(30) == 0 and solver.value(100) == 0  # 31 nodes, then 101
    assert solver.value(-40) == 1  # over the limit: the first chain is forgotten first
    assert 100 not in solver.values and len(solver.values) == 40
    assert solver.value(100) == 0  # and is solved again when asked
