r"""Kayles on graphs: Node Kayles and Arc Kayles on an undirected graph read from a file.

* ``node-kayles:PATH`` — a move takes a node together with all its neighbours.
* ``arc-kayles:PATH`` — a move takes an edge: both its ends, with every edge at them.

Either way what is left is the subgraph induced by the nodes still there, so a position is
the set of remaining nodes.  The player who cannot move loses.  A position is the
disjunctive sum of its connected components, so its nim-value is the nim-sum of theirs;
each component is searched once per isomorphism class where a cheap canonical form finds
it (paths and cycles by their length, small components by a canonical labelling; see
:meth:`GraphKayles.canonical_key`), else once per set of nodes.

On a path of ``n`` nodes Arc Kayles is Dawson's Kayles (``octal:0.07``: take two adjacent
pins) and Node Kayles is Dawson's chess (``octal:0.137``, which is ``dawson`` of ``n + 1``).

The file holds one edge ``a b`` a line (undirected), or one node name alone for a node
without edges; ``#`` starts a comment.  A file whose name ends in ``.g6``, or whose first
line starts with ``>>graph6<<``, is read as graph6 (its first graph; nodes named 0, 1, ...).
The position is the remaining nodes' names, ``all`` (the whole graph; also when no name
is given) or ``none``.

>>> import os, tempfile
>>> from grundy import analyze
>>> path = os.path.join(tempfile.mkdtemp(), "star.txt")
>>> with open(path, "w") as file:
...     _ = file.write("c a\nc b\nc d\nx y\n")
>>> a = analyze(f"node-kayles:{path}")
>>> a.nim_value, [m.description for m in a.winning_moves]
(0, [])
>>> a = analyze(f"arc-kayles:{path} a b c d")
>>> a.nim_value, [str(m.position).split()[1:] for m in a.winning_moves]
(1, [['b', 'd'], ['a', 'd'], ['a', 'b']])
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import cached_property
from itertools import chain, permutations, product
from math import comb, factorial, prod
from typing import ClassVar

from grundy.boards.bitgrid import square
from grundy.boards.kayles_grid import KaylesGrid, grid_of
from grundy.budget import search_positions, time_needed
from grundy.caches import remembered
from grundy.core.game import Game, Option
from grundy.digraph import _check_name, file_status, parse_adjacency, parse_edge_list, read_file
from grundy.errors import InvalidGame, InvalidPosition, TooBig
from grundy.values import mex

#: Most nodes a graph may have.
MAX_NODES = 2000
#: Longest line of play searched (deeper searches are refused).
MAX_DEPTH = 400
#: Largest component given a canonical labelling (isomorphic components share a value).
CANONICAL_NODES = 8
#: Most orders of the nodes tried for one canonical labelling.
CANONICAL_ORDERS = 48
#: Words that name whole positions, and so cannot be node names.
RESERVED = ("all", "none")
#: Positions of the general solver's budget that one option examined here costs (the
#: components of what a move leaves, looked up or searched): this search examines 100 000
#: to 200 000 options a second, the general solver meets 400 000 positions.
OPTION_COST = 4
#: Random plays of one estimate (:meth:`GraphKayles.estimate`).
ESTIMATE_PROBES = 64
#: How far beyond the budget an estimate refuses a search up front.
ESTIMATE_MARGIN = 100
#: Edges per node from which a component is estimated up front (sparser ones split apart).
DENSE = 2


def options_budget() -> int:
    """How many options one search may examine: the budget in force, in options.

    >>> options_budget()
    500000
    """
    return max(1, search_positions() // OPTION_COST)


class GraphKayles(Game[int]):
    """Kayles on an undirected graph; a state is the bitmask of the remaining nodes."""

    picture = "kayles-nodes"
    name: ClassVar[str] = "graph-kayles"
    #: Nodes a set of moves of each size removes, per move: a position is fixed by them.
    removed: ClassVar[int] = 1

    def __init__(self, edges: Iterable[tuple[str, str]], nodes: Iterable[str] = (), *,
                 path: str | None = None) -> None:
        self.path = path
        names = set(nodes)
        pairs = set()
        for a, b in edges:
            if a == b:
                raise InvalidGame(f"{self._where()}: a loop {a} {a}; the graph has no loops")
            names.update((a, b))
            pairs.add((min(a, b), max(a, b)))
        for name in names:
            _check_name(name, self._where())
            if name in RESERVED:
                raise InvalidGame(f"{self._where()}: {name!r} names a position here; rename "
                                  "the node")
        if not names:
            raise InvalidGame(f"{self._where()} has no nodes; write one edge 'a b' a line")
        if len(names) > MAX_NODES:
            raise TooBig(f"{self._where()}", size=len(names), limit=MAX_NODES, unit="nodes")
        self.names: tuple[str, ...] = tuple(sorted(names, key=_natural))
        index = {name: i for i, name in enumerate(self.names)}
        self.edges = frozenset(pairs)
        self.neighbours = [0] * len(self.names)
        for a, b in self.edges:
            self.neighbours[index[a]] |= 1 << index[b]
            self.neighbours[index[b]] |= 1 << index[a]
        self.full = (1 << len(self.names)) - 1
        self._index = index
        self._memo: dict[object, int] = {}
        self._examined = 0

    @property
    def text(self) -> str:
        """``node-kayles:PATH`` (or the bare name for a graph not read from a file)."""
        return f"{self.name}:{self.path}" if self.path is not None else self.name

    def _where(self) -> str:
        return self.text if self.path is not None else "the graph"

    # -- moves -------------------------------------------------------------------------

    def takes(self, state: int) -> Iterator[tuple[str, int]]:
        """Each move's words and the nodes it takes (a bitmask)."""
        raise NotImplementedError

    def moves(self, state: int) -> Iterator[int]:
        """The remaining nodes after each move."""
        for _, taken in self.takes(state):
            yield state & ~taken

    def labelled_moves(self, state: int) -> Iterator[tuple[str, Option]]:
        """Each distinct option once, with its move in words."""
        seen: set[int] = set()
        for words, taken in self.takes(state):
            option = state & ~taken
            if option not in seen:
                seen.add(option)
                yield words, option

    # -- values ------------------------------------------------------------------------

    def components(self, state: int) -> list[int]:
        """The connected components of the remaining graph, as bitmasks.

        >>> game = NodeKayles([("a", "b"), ("c", "d")], nodes=["e"])
        >>> [game.format_state(c) for c in game.components(game.full)]
        ['a b', 'c d', 'e']
        """
        found = []
        rest = state
        while rest:
            seed = rest & -rest
            component = seed
            frontier = seed
            while frontier:
                fresh = 0
                for i in _nodes(frontier):
                    fresh |= self.neighbours[i]
                fresh &= state & ~component
                component |= fresh
                frontier = fresh
            found.append(component)
            rest &= ~component
        return found

    def value(self, state: int) -> int:
        """The nim-sum of the components' values.

        Raises :class:`~grundy.errors.TooBig` when the search would examine more options
        than the search budget allows (:func:`options_budget`), up front when
        :meth:`estimate` puts a component far beyond it, or play deeper than
        :data:`MAX_DEPTH` moves.
        """
        budget = options_budget()
        self._examined = 0
        parts = self.components(state)
        for component in parts:
            if component not in self._memo:
                self._refuse_far_beyond(component, budget)
        total = 0
        for component in parts:
            total ^= self._component_value(component, budget, 0)
        return total

    def estimate(self, nodes: int, probes: int = ESTIMATE_PROBES) -> int:
        """About how many positions a search of the subgraph induced by ``nodes`` may meet:
        the sets of moves that can be played from it (moves commute, so a position is
        reached by a set), counted by depth with Knuth's estimator (the mean product of the
        numbers of moves along random plays, divided by the orderings of a set), each
        depth capped by the sets of nodes so many moves remove.  Seeded, so the same
        graph always gets the same figure.

        >>> k12 = ArcKayles([(str(i), str(j)) for i in range(12) for j in range(i)])
        >>> k12.estimate(k12.full)  # its 140 152 matchings leave the 2 ** 11 even sets
        2048
        """
        generator = random.Random(nodes)
        size = nodes.bit_count()
        sums: list[int] = []
        for _ in range(probes):
            state, product, depth = nodes, 1, 0
            while True:
                taken = [t for _, t in self.takes(state)]
                if not taken:
                    break
                product *= len(taken)
                if depth == len(sums):
                    sums.append(0)
                sums[depth] += product
                depth += 1
                state &= ~generator.choice(taken)
        total = 1
        for depth, summed in enumerate(sums, 1):
            sets = summed // (probes * factorial(depth))
            total += min(sets, comb(size, self.removed * depth))
        return total

    def _refuse_far_beyond(self, component: int, budget: int) -> None:
        """Refuse, before any search, a dense component whose estimate is far beyond the
        budget.  The estimate overcounts: isomorphic parts and repeated components are
        searched once, so only a wide margin refuses; and a sparse graph (a tree, a ladder)
        falls apart into small components that the sets of moves overcount by far, so it
        is left to the budget counted as the search goes."""
        size = component.bit_count()
        edges = sum((self.neighbours[i] & component).bit_count() for i in _nodes(component))
        if (size <= CANONICAL_NODES or edges < 2 * DENSE * size
                or isinstance(self.canonical_key(component), tuple)):
            return
        estimated = self.estimate(component)
        if estimated > ESTIMATE_MARGIN * budget:
            raise TooBig(f"searching {self.text} ({size} nodes joined)",
                         size=estimated, limit=budget, unit="positions (estimated)",
                         advice=f"a time budget of {time_needed(estimated * OPTION_COST)} "
                         "(--budget) would allow it")

    def canonical_key(self, nodes: int) -> object:
        """A key for the subgraph induced by ``nodes``: paths and cycles by their length,
        graphs of up to :data:`CANONICAL_NODES` nodes by a canonical labelling — equal keys
        for isomorphic graphs, in any graph — and other sets by their bitmask (equal only
        for the same nodes of this graph).

        The labelling refines the nodes by degree, then by the colours of their
        neighbours, until the classes stop splitting (an isomorphism maps classes to
        classes); it then tries every order of the nodes within each class, at most
        :data:`CANONICAL_ORDERS` orders, and keeps the least list of edges.

        >>> game = NodeKayles([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("x", "y"),
        ...                    ("y", "z"), ("z", "x"), ("x", "w")])
        >>> abcd, wxyz = game.parse_state("a b c d".split()), game.parse_state("w x y z".split())
        >>> game.canonical_key(abcd) == game.canonical_key(wxyz) != game.canonical_key(abcd ^ 1)
        True
        """
        size = nodes.bit_count()
        degree = {i: (self.neighbours[i] & nodes).bit_count() for i in _nodes(nodes)}
        if max(degree.values(), default=0) <= 2 and len(self.components(nodes)) == 1:
            return ("path" if sum(degree.values()) // 2 == size - 1 else "cycle", size)
        if size > CANONICAL_NODES:
            return nodes
        colour = degree
        while True:
            signature = {i: (colour[i], tuple(sorted(colour[j] for j in
                                                     _nodes(self.neighbours[i] & nodes))))
                         for i in colour}
            ranks = {sig: rank for rank, sig in enumerate(sorted(set(signature.values())))}
            refined = {i: ranks[signature[i]] for i in colour}
            if len(ranks) == len(set(colour.values())):
                break
            colour = refined
        classes = [[i for i in colour if colour[i] == c] for c in sorted(set(colour.values()))]
        if prod(factorial(len(c)) for c in classes) > CANONICAL_ORDERS:
            return nodes
        best: tuple[tuple[int, int], ...] | None = None
        for orders in product(*(permutations(c) for c in classes)):
            place = {node: k for k, node in enumerate(chain.from_iterable(orders))}
            code = tuple(sorted((min(place[i], place[j]), max(place[i], place[j]))
                                for i in colour for j in _nodes(self.neighbours[i] & nodes)
                                if i < j))
            if best is None or code < best:
                best = code
        return ("graph", size, tuple(len(c) for c in classes), best)

    def _component_value(self, component: int, budget: int, depth: int) -> int:
        known = self._memo.get(component)
        if known is not None:
            return known
        key = self.canonical_key(component)
        known = self._memo.get(key)
        if known is not None:
            self._memo[component] = known
            return known
        if depth > MAX_DEPTH:
            raise TooBig(f"searching {self.text}", size=depth, limit=MAX_DEPTH,
                         unit="moves deep")
        if len(self._memo) >= budget:
            self._memo.clear()  # keep memory bounded; a later call starts afresh
            raise TooBig(f"searching {self.text}", limit=budget, unit="components")
        options = set()
        for option in self.moves(component):
            self._examined += 1
            if self._examined > budget:
                raise TooBig(f"searching {self.text}", limit=budget, unit="options examined",
                             advice="a time budget (--budget) allows more")
            value = 0
            for part in self.components(option):
                value ^= self._component_value(part, budget, depth + 1)
            options.add(value)
        found = mex(options)
        self._memo[key] = self._memo[component] = found
        return found

    # -- text --------------------------------------------------------------------------

    def format_state(self, state: int) -> str:
        """``all``, ``none``, or the remaining nodes' names."""
        if state == self.full:
            return "all"
        if state == 0:
            return "none"
        return " ".join(self.names[i] for i in _nodes(state))

    def parse_state(self, tokens: Sequence[str]) -> int:
        """Node names, or ``all`` (also for nothing) or ``none``."""
        tokens = list(tokens)
        if not tokens or tokens == ["all"]:
            return self.full
        if tokens == ["none"]:
            return 0
        state = 0
        for token in tokens:
            i = self._index.get(token)
            if i is None:
                shown = ", ".join(self.names[:10]) + (", ..." if len(self.names) > 10 else "")
                raise InvalidPosition(f"{self.text} has no node {token!r}; its nodes are "
                                      f"{shown} (or write all / none)")
            state |= 1 << i
        return state

    def is_empty(self, state: int) -> bool:
        """No nodes left."""
        return state == 0

    def state_bound(self, state: int) -> int:
        """Subsets of the remaining nodes."""
        return 1 << state.bit_count()

    def _name(self, i: int) -> str:
        return self.names[i]

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and isinstance(other, GraphKayles)
                and (self.path, self.names, self.edges) == (other.path, other.names, other.edges))

    def __hash__(self) -> int:
        return hash((self.name, self.path, self.edges))

    def __repr__(self) -> str:
        if self.path is not None:
            return f"{type(self).__name__}.from_file({self.path!r})"
        return f"{type(self).__name__}({sorted(self.edges)!r})"

    @classmethod
    def from_file(cls, path: str) -> GraphKayles:
        """The game on the graph of a file (edge list or graph6).

        >>> NodeKayles.from_file("none.txt")
        Traceback (most recent call last):
        ...
        grundy.errors.InvalidGame: node-kayles:none.txt: cannot read the file (No such file or \
directory)
        """
        where = f"{cls.name}:{path}"
        status = file_status(where, path)
        edges, nodes = _read(where, os.path.realpath(path), status.st_mtime_ns, status.st_size)
        return cls(edges, nodes, path=path)

    @classmethod
    def named(cls, parameter: str) -> GraphKayles:
        """The game on a named family graph (:func:`family_graph`: ``grid3x17``,
        ``queens14``), or else on the graph of the file ``parameter``.

        >>> game = ArcKayles.named("grid4x5")
        >>> game.text, len(game.names), len(game.edges)
        ('arc-kayles:grid4x5', 20, 31)
        """
        family = family_graph(parameter)
        if family is None:
            return cls.from_file(parameter)
        return cls(*family, path=parameter)

    @classmethod
    def from_text(cls, text: str, name: str) -> GraphKayles:
        """The game on a graph given as text (an edge list, or a graph6 line after
        ``>>graph6<<`` or alone), named ``name`` in its text form (``node-kayles:NAME``).

        >>> NodeKayles.from_text(">>graph6<<Ch", "pasted").format_state(0b0101)
        '0 2'
        """
        where = f"{cls.name}:{name}"
        line = text.strip().removeprefix(">>graph6<<")
        if line and "\n" not in line and " " not in line and line.isascii() and all(
                "?" <= c <= "~" for c in line):
            edges, nodes = graph6_edges(line, where)
        else:
            listed, lone = parse_edge_list(where, text)
            edges, nodes = tuple(listed), tuple(lone)
        return cls(edges, nodes, path=name)


class NodeKayles(GraphKayles):
    """Node Kayles: take a node and all its neighbours.

    >>> path = NodeKayles([("1", "2"), ("2", "3"), ("3", "4")])
    >>> [path.value(path.parse_state(str(i) for i in range(1, n + 1))) for n in range(1, 5)]
    [1, 1, 2, 0]
    """

    name = "node-kayles"

    def value(self, state: int) -> int:
        """The nim-value; on a family grid (``gridRxC``) by the search that keys components
        by their shape (:mod:`grundy.boards.kayles_grid`), else by the search of any graph.

        >>> grid = NodeKayles.named("grid3x12")
        >>> grid.value(grid.full), grid.value(grid.parse_state(["a1", "b1", "b2"]))  # a path of 3
        (5, 2)
        """
        layout = self._grid_layout
        if layout is None:
            return super().value(state)
        solver, bits = layout
        cells = 0
        for i in _nodes(state):
            cells |= bits[i]
        return solver.value(cells, options_budget(), self.text)

    @cached_property
    def _grid_layout(self) -> tuple[KaylesGrid, list[int]] | None:
        """The grid solver and each node's cell in it, when the graph is a family grid (the
        shorter side as the solver's columns' height); None for any other graph."""
        match = FAMILY.fullmatch(self.path or "")
        if match is None or match[3]:
            return None
        family = family_graph(match[0])
        if family is None or self.edges != frozenset((min(a, b), max(a, b))
                                                     for a, b in family[0]):
            return None  # a graph given as text under a family's name
        rows, cols = int(match[1]), int(match[2])
        solver = grid_of(min(rows, cols))
        at = {square(r, c): (r, c) if rows <= cols else (c, r)
              for r in range(rows) for c in range(cols)}
        return solver, [solver.cell(*at[name]) for name in self.names]

    def takes(self, state: int) -> Iterator[tuple[str, int]]:
        """Each remaining node with its remaining neighbours."""
        for i in _nodes(state):
            around = self.neighbours[i] & state
            words = f"take node {self.names[i]}"
            if around:
                words += " and its neighbours " + " ".join(self.names[j] for j in _nodes(around))
            yield words, 1 << i | around


class ArcKayles(GraphKayles):
    """Arc Kayles: take an edge with both its ends.

    >>> path = ArcKayles([("1", "2"), ("2", "3"), ("3", "4")])
    >>> [path.value(path.parse_state(str(i) for i in range(1, n + 1))) for n in range(1, 5)]
    [0, 1, 1, 2]
    """

    picture = "kayles-edges"
    name = "arc-kayles"
    removed = 2

    def takes(self, state: int) -> Iterator[tuple[str, int]]:
        """Each edge whose ends both remain."""
        for i in _nodes(state):
            for j in _nodes(self.neighbours[i] & state & ~((2 << i) - 1)):
                yield f"take the edge {self.names[i]}-{self.names[j]}", 1 << i | 1 << j


#: The named family graphs: ``gridRxC`` (R rows, C columns) and ``queensN`` (the queens'
#: graph of an N x N board: cells that a queen joins).
FAMILY = re.compile(r"grid([1-9][0-9]?)x([1-9][0-9]?)|queens([1-9][0-9]?)")


def family_graph(name: str) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]] | None:
    """The edges and nodes of the family graph ``name``, its nodes named as board cells
    (``a1`` bottom left, files left to right, ranks bottom to top); None when ``name`` names
    no family.

    >>> family_graph("grid2x2")
    ((('a1', 'b1'), ('a1', 'a2'), ('b1', 'b2'), ('a2', 'b2')), ('a1', 'b1', 'a2', 'b2'))
    >>> len(family_graph("queens4")[0]), family_graph("chase.txt")
    (76, None)
    """
    match = FAMILY.fullmatch(name)
    if match is None:
        return None
    rows, cols = (int(match[3]),) * 2 if match[3] else (int(match[1]), int(match[2]))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    nodes = tuple(square(r, c) for r, c in cells)
    if match[3]:
        return tuple((square(r, c), square(s, d)) for i, (r, c) in enumerate(cells)
                     for s, d in cells[i + 1:]
                     if r == s or c == d or abs(r - s) == abs(c - d)), nodes
    edges = []
    for r, c in cells:
        if c + 1 < cols:
            edges.append((square(r, c), square(r, c + 1)))
        if r + 1 < rows:
            edges.append((square(r, c), square(r + 1, c)))
    return tuple(edges), nodes


def _nodes(mask: int) -> Iterator[int]:
    """The indices of the nodes in a bitmask, lowest first."""
    while mask:
        bit = mask & -mask
        mask ^= bit
        yield bit.bit_length() - 1


def _natural(name: str) -> tuple[int, int | str]:
    """Numbers in numeric order, before other names."""
    return (0, int(name)) if name.isascii() and name.isdigit() else (1, name)


@remembered("kayles graph files", most=4)
def _read(where: str, real: str, mtime: int, size: int
          ) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """The edges and lone nodes of a file; the key's time and size make a changed file read
    again.  A file of more than :data:`MAX_NODES` nodes is refused once read into arrays,
    before any pair of names is made."""
    data = read_file(where, real)
    if real.endswith(".g6") or data.startswith(b">>graph6<<"):
        if not data.isascii():
            raise InvalidGame(f"{where}: not a graph6 file (ASCII only)")
        text = data.decode("ascii")
        line = text.splitlines()[0] if text else ""
        return graph6_edges(line.removeprefix(">>graph6<<").strip(), where)
    graph = parse_adjacency(where, data)
    if graph.size > MAX_NODES:
        raise TooBig(where, size=graph.size, limit=MAX_NODES, unit="nodes")
    names = graph.names
    return (tuple((names[a], names[b]) for a, b in graph.pairs()),
            tuple(names[i] for i in graph.lone()))


def graph6_edges(code: str, where: str = "graph6"
                 ) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """The edges and nodes (named 0, 1, ...) of a graph in graph6 format.

    >>> graph6_edges("Ch")  # the path 0-1-2-3
    ((('0', '1'), ('1', '2'), ('2', '3')), ('0', '1', '2', '3'))
    >>> graph6_edges("C~")[0]
    (('0', '1'), ('0', '2'), ('1', '2'), ('0', '3'), ('1', '3'), ('2', '3'))
    """
    data = [ord(c) - 63 for c in code]
    if not data or any(not 0 <= d < 64 for d in data):
        raise InvalidGame(f"{where}: not a graph6 line (characters ? to ~ only)")
    if data[0] < 63:
        n, rest = data[0], data[1:]
    elif len(data) >= 4 and data[1] < 63:
        n, rest = _sixes(data[1:4]), data[4:]
    elif len(data) >= 8:
        n, rest = _sixes(data[2:8]), data[8:]
    else:
        raise InvalidGame(f"{where}: the graph6 size is cut short")
    if n > MAX_NODES:
        raise TooBig(where, size=n, limit=MAX_NODES, unit="nodes")
    pairs = n * (n - 1) // 2
    if len(rest) * 6 < pairs:
        raise InvalidGame(f"{where}: graph6 line too short for {n} nodes")
    bits = _sixes(rest)
    total = len(rest) * 6
    edges = []
    k = 0
    for j in range(1, n):
        for i in range(j):
            if bits >> (total - 1 - k) & 1:
                edges.append((str(i), str(j)))
            k += 1
    return tuple(edges), tuple(str(i) for i in range(n))


def _sixes(sixes: Sequence[int]) -> int:
    """The number written by six-bit digits, most significant first."""
    value = 0
    for six in sixes:
        value = value << 6 | six
    return value
