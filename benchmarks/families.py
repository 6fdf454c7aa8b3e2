"""Figures for the families of the canon, each beside a baseline run in the same process.

Run: .venv/bin/python benchmarks/families.py

* nim-products below 32: Lenstra's recursion against the mex definition;
* Wythoff nim-values up to 127: the bitset table against the mex over each position's
  options, read from the table being filled;
* Node Kayles on a path of 22 nodes: search by components against the general solver on
  whole sets of nodes (no decomposition);
* Node Kayles on a 4 x 5 grid, and on twelve relabelled copies of one graph: components
  keyed by a canonical labelling against keyed by their nodes only;
* winning moves of Mock Turtles on a row of 60 coins: from the coin values against trying
  every move.
"""

from __future__ import annotations

import random

from core import timed

from grundy.coins import MockTurtles
from grundy.heap.wythoff import _table
from grundy.kayles_graphs import NodeKayles
from grundy.nimbers import _multiply, nim_multiply
from grundy.solver import Solver
from grundy.values import mex


def mex_products(size: int) -> list[list[int]]:
    table = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            table[a][b] = mex({table[x][b] ^ table[a][y] ^ table[x][y]
                               for x in range(a) for y in range(b)})
    return table


def recursion_products(size: int) -> list[list[int]]:
    _multiply.cache_clear()
    return [[nim_multiply(a, b) for b in range(size)] for a in range(size)]


def naive_wythoff(side: int) -> list[list[int]]:
    table = [[0] * side for _ in range(side)]
    for x in range(side):
        for y in range(side):
            seen = {table[x - k][y] for k in range(1, x + 1)}
            seen |= {table[x][y - k] for k in range(1, y + 1)}
            seen |= {table[x - k][y - k] for k in range(1, min(x, y) + 1)}
            table[x][y] = mex(seen)
    return table


def bitset_wythoff(side: int) -> list[list[int]]:
    from grundy.heap import wythoff

    wythoff._tables.clear()
    return [row[:side] for row in _table(side)[:side]]


def main() -> None:
    rows = []
    size = 32
    assert mex_products(size) == recursion_products(size)
    rows.append(("nim-products a, b < 32", timed(lambda: recursion_products(size)),
                 timed(lambda: mex_products(size), repeat=1)))

    side = 128
    assert naive_wythoff(side) == bitset_wythoff(side)
    rows.append(("Wythoff values, heaps < 128", timed(lambda: bitset_wythoff(side)),
                 timed(lambda: naive_wythoff(side), repeat=1)))

    n = 22
    edges = [(str(i), str(i + 1)) for i in range(n - 1)]

    def by_components() -> int:
        game = NodeKayles(edges)
        return game.value(game.full)

    def whole_sets() -> object:
        game = NodeKayles(edges)
        return Solver(lambda mask: list(game.moves(mask))).value(game.full)

    assert by_components() == whole_sets()
    rows.append(("Node Kayles, path of 22", timed(by_components), timed(whole_sets, repeat=1)))

    grid = [(f"{r}.{c}", f"{r}.{c + 1}") for r in range(4) for c in range(4)] + \
        [(f"{r}.{c}", f"{r + 1}.{c}") for r in range(3) for c in range(5)]

    class ExactKeys(NodeKayles):
        def canonical_key(self, nodes: int) -> object:
            return nodes

    def canonical() -> int:
        game = NodeKayles(grid)
        return game.value(game.full)

    def exact() -> int:
        game = ExactKeys(grid)
        return game.value(game.full)

    assert canonical() == exact()
    rows.append(("Node Kayles, 4 x 5 grid", timed(canonical), timed(exact)))

    # Twelve relabelled copies of one 8-node graph: a nim-sum of equal values.
    rng = random.Random(3)
    shape = [(a, b) for a in range(8) for b in range(a + 1, 8) if rng.random() < 0.35]
    copies = []
    for k in range(12):
        names = list(range(8))
        rng.shuffle(names)
        copies += [(f"{k}.{names[a]}", f"{k}.{names[b]}") for a, b in shape]
    grid = copies
    assert canonical() == exact()
    rows.append(("Node Kayles, 12 copies of an 8-node graph", timed(canonical), timed(exact)))

    game = MockTurtles()
    row = "H" * 60

    def from_values() -> int:
        return len(list(game.moves_to_value(row, 0)))

    def every_move() -> int:
        return sum(1 for _, option in game.labelled_moves(row) if game.value(option) == 0)

    assert from_values() == every_move()
    rows.append(("Mock Turtles winning moves, 60 heads", timed(from_values), timed(every_move)))

    print("| case | this code, s | baseline, s | ratio |")
    print("|---|---|---|---|")
    for name, fast, slow in rows:
        print(f"| {name} | {fast:.4f} | {slow:.4f} | {slow / fast:.1f}x |")


if __name__ == "__main__":
    main()
