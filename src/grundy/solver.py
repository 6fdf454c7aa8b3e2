"""The general solver: nim-values and outcomes of any game graph, iteratively and memoised.

A :class:`Solver` works on nodes of any hashable type, given a function that lists a node's
options.  It walks the graph depth-first with an explicit stack (no recursion limit), memoises
every node it settles, and stops with :class:`~grundy.errors.TooBig` once it has met more new
nodes than its budget allows, or, under a budget of time and memory (``--budget 10m,4GB``),
once the clock or the process's memory passes it.  A search that runs over a second reports
its progress (:func:`grundy.budget.progress_to`), and Ctrl-C stops it with a line saying how
far it got.  When the walk meets a cycle it switches to retrograde analysis
of the whole reachable graph: outcomes P/N/D, and Smith's generalised Sprague–Grundy values
(finite, or ∞(A)).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

from grundy.budget import Watch, resident_bytes, search_positions
from grundy.errors import SearchInterrupted, TooBig
from grundy.values import Infinite, Outcome, Value, mex

Node = TypeVar("Node", bound=Hashable)

#: New nodes met between two looks at the clock (a tenth of a second of the slowest games'
#: positions, a few microseconds of the fastest).
TICK = 1 << 5
#: Looks at the clock between two looks at the memory (which reads a file of the system).
MEMORY_TICKS = 1 << 5

#: How many settled nodes a solver remembers; past this it forgets them all before its
#: next search, so a long-running process (the web server) does not grow without end.
MEMO_LIMIT = 8_000_000


class _Search:
    """One search's account: the new nodes it has met, its clock, and the memory the process
    held when it began."""

    def __init__(self, what: str) -> None:
        self.met = 1
        self.watch = Watch(what, settled="positions settled")
        self.memory_before = resident_bytes()
        self.memory = 0

    def grown(self) -> int:
        """The memory the process has grown by since the search began, read now and then."""
        if self.met % (TICK * MEMORY_TICKS) == 0:
            self.memory = max(0, resident_bytes() - self.memory_before)
        return self.memory


class _CycleFound(Exception):
    """Raised inside a depth-first walk that met a node already on its path."""


class Solver(Generic[Node]):
    """Nim-values and outcomes of the nodes of one game graph.

    ``options(node)`` lists the node's options.  Options for which ``foreign(option)`` returns
    a value are leaves whose value is known from elsewhere (another game's position); they are
    used for nim-values only.  Each search may meet :func:`~grundy.budget.search_positions`
    new nodes (:func:`~grundy.budget.positions_limit` sets another count).

    >>> solver = Solver(lambda n: [n - k for k in (1, 2) if k <= n])
    >>> [solver.value(n) for n in range(6)]
    [0, 1, 2, 0, 1, 2]
    >>> solver.outcome(4, misere=True), solver.outcome(3)
    (<Outcome.P: 'P'>, <Outcome.P: 'P'>)
    >>> loop = Solver(lambda n: {0: [1], 1: [0], 2: [0, 3], 3: []}[n])
    >>> loop.value(0), loop.value(2), loop.outcome(0), loop.outcome(2)
    (Infinite(), Infinite({0}), <Outcome.D: 'D'>, <Outcome.N: 'N'>)
    """

    def __init__(
        self,
        options: Callable[[Node], Iterable[Node]],
        *,
        foreign: Callable[[Node], Value | None] | None = None,
        what: str = "the search",
    ) -> None:
        self._options = options
        self._foreign = foreign
        self.what = what
        self.values: dict[Node, Value] = {}
        self._outcomes: dict[bool, dict[Node, Outcome]] = {False: {}, True: {}}

    def children(self, node: Node) -> list[Node]:
        """The node's distinct options, in the order the options function gives them."""
        return list(dict.fromkeys(self._options(node)))

    def _known_value(self, node: Node) -> Value | None:
        if node in self.values:
            return self.values[node]
        return self._foreign(node) if self._foreign is not None else None

    def _keep_memory_bounded(self) -> None:
        if self._settled() > MEMO_LIMIT:
            self.values.clear()
            for table in self._outcomes.values():
                table.clear()

    def _settled(self) -> int:
        return len(self.values) + sum(map(len, self._outcomes.values()))

    def _charge(self, search: _Search) -> None:
        """Account for one more new node: under a budget of time and memory (``--budget``)
        look at the clock and the memory now and then, else count the nodes against the
        budget of positions; report progress once the search has run a second."""
        search.met += 1
        if not search.watch.by_clock:
            budget = search_positions()
            if search.met > budget:
                raise TooBig(self.what, limit=budget)
        if search.met % TICK == 0:
            search.watch.tick(search.met, self._settled(), search.grown())

    @contextmanager
    def _interruptible(self, search: _Search) -> Iterator[None]:
        """Turn Ctrl-C inside the block into a line saying how far the search got (what it
        settled is kept for the next search)."""
        try:
            yield
        except SearchInterrupted:
            raise
        except KeyboardInterrupt:
            raise search.watch.interrupted(search.met, self._settled()) from None

    def value(self, root: Node) -> Value:
        """The nim-value of ``root`` (normal play); ∞(A) where play can go on for ever.

        Time and memory are linear in the number of nodes reachable from ``root``.
        """
        known = self._known_value(root)
        if known is not None:
            return known
        self._keep_memory_bounded()
        try:
            self._walk_values(root)
        except _CycleFound:
            self._solve_loopy(root)
        return self.values[root]

    def _walk_values(self, root: Node) -> None:
        def settled(kid: Node) -> bool:
            known = self._known_value(kid)
            if isinstance(known, Infinite):
                raise _CycleFound  # a loopy option: the whole graph needs Smith's method
            return known is not None

        def finish(node: Node, kids: list[Node]) -> None:
            self.values[node] = mex(self._known_value(kid) for kid in kids)  # type: ignore[misc]

        self._walk(root, settled, lambda kid: False, finish)

    def outcome(self, root: Node, misere: bool = False) -> Outcome:
        """Who wins from ``root``: P, N, or D (a draw, only in graphs with cycles).

        Under misère play the player who cannot move wins.  The walk stops looking at a
        node's options as soon as one of them is a P-position.
        """
        table = self._outcomes[misere]
        if root in table:
            return table[root]
        if not misere:
            return Outcome.of_value(self.value(root))
        self._keep_memory_bounded()
        try:
            self._walk_outcomes(root, table)
        except _CycleFound:
            self._solve_loopy_outcomes(root, table)
        return table[root]

    def _walk_outcomes(self, root: Node, table: dict[Node, Outcome]) -> None:
        def settled(kid: Node) -> bool:
            seen = table.get(kid)
            if seen is Outcome.D:
                raise _CycleFound
            return seen is not None

        def finish(node: Node, kids: list[Node]) -> None:
            wins = not kids or any(table.get(kid) is Outcome.P for kid in kids)
            table[node] = Outcome.N if wins else Outcome.P

        self._walk(root, settled, lambda kid: table[kid] is Outcome.P, finish)

    def _walk(self, root: Node, settled: Callable[[Node], bool], decisive: Callable[[Node], bool],
              finish: Callable[[Node, list[Node]], None]) -> None:
        """Depth-first, settling each node after its options (or after a decisive one).

        ``settled(kid)`` says whether an option is known already; ``decisive(kid)`` whether
        that settled option decides its node without looking at the others (a P-option makes
        an N-position); ``finish(node, kids)`` settles the node.  Meeting a node that is on
        the current path means a cycle, and raises :class:`_CycleFound`.
        """
        # A frame is [node, its options, index of the first option not yet known settled];
        # the index saves rescanning a node's options each time the walk comes back to it.
        stack: list[list[Any]] = [[root, self.children(root), 0]]
        on_path = {root}
        search = _Search(self.what)
        with self._interruptible(search):
            while stack:
                frame = stack[-1]
                node, kids, start = frame
                pushed = False
                for i in range(start, len(kids)):
                    kid = kids[i]
                    if not settled(kid):
                        if kid in on_path:
                            raise _CycleFound
                        self._charge(search)
                        frame[2] = i
                        stack.append([kid, self.children(kid), 0])
                        on_path.add(kid)
                        pushed = True
                        break
                    if decisive(kid):
                        break
                if not pushed:
                    stack.pop()
                    on_path.discard(node)
                    finish(node, kids)

    def _explore(self, root: Node, *, with_foreign: bool) -> tuple[list[Node], list[list[int]]]:
        """Every node reachable from ``root`` (foreign leaves excluded) and their options."""
        index = {root: 0}
        nodes = [root]
        succ: list[list[int]] = []
        position = 0
        search = _Search(self.what)
        with self._interruptible(search):
            while position < len(nodes):
                node = nodes[position]
                position += 1
                row = []
                for kid in self.children(node):
                    foreign = self._foreign
                    if with_foreign and foreign is not None and foreign(kid) is not None:
                        continue
                    if kid not in index:
                        index[kid] = len(nodes)
                        nodes.append(kid)
                        self._charge(search)
                    row.append(index[kid])
                succ.append(row)
        return nodes, succ

    def _solve_loopy_outcomes(self, root: Node, table: dict[Node, Outcome]) -> None:
        """Retrograde analysis of the misère outcome over the whole graph from ``root``."""
        nodes, succ = self._explore(root, with_foreign=False)
        pred = _predecessors(succ)
        state: list[Outcome | None] = [None] * len(nodes)
        undecided = [len(row) for row in succ]
        queue: deque[int] = deque()
        for u, row in enumerate(succ):
            if not row:
                state[u] = Outcome.N
                queue.append(u)
        while queue:
            v = queue.popleft()
            for u in pred[v]:
                if state[u] is not None:
                    continue
                if state[v] is Outcome.P:
                    state[u] = Outcome.N
                    queue.append(u)
                else:
                    undecided[u] -= 1
                    if undecided[u] == 0:
                        state[u] = Outcome.P
                        queue.append(u)
        for u, node in enumerate(nodes):
            table[node] = state[u] or Outcome.D

    def _solve_loopy(self, root: Node) -> None:
        """Smith's generalised Sprague–Grundy values of every node reachable from ``root``.

        γ(u) = i (finite) iff no option has value i, every j < i is the value of some option,
        and every option of value > i or ∞ has an option of value i.  Labels are handed out
        stage by stage, i = 0, 1, ...; a node left without an option of value i at the end of
        stage i can never get a finite value and becomes ∞(A).
        """
        nodes, succ = self._explore(root, with_foreign=True)
        succ = [sorted(set(row)) for row in succ]
        pred = _predecessors(succ)
        size = len(nodes)
        # Options in other games have values known already: finite ones act as labelled
        # options, loopy ones ∞(A) as options that stay unlabelled and have an option of
        # value i exactly when i is in A.
        outside: list[set[int]] = []
        outside_loopy: list[list[frozenset[int]]] = []
        for node in nodes:
            fixed: set[int] = set()
            loopy: list[frozenset[int]] = []
            for kid in self.children(node):
                known = self._foreign(kid) if self._foreign is not None else None
                if isinstance(known, int):
                    fixed.add(known)
                elif isinstance(known, Infinite):
                    loopy.append(known.options)
            outside.append(fixed)
            outside_loopy.append(loopy)
        label: list[int | None] = [None] * size
        alive = [True] * size  # may still get a finite label
        stage = 0
        while any(alive[u] and label[u] is None for u in range(size)):
            has_stage = [stage in outside[u] for u in range(size)]
            bad = [0] * size
            for u in range(size):
                bad[u] = (sum(1 for v in succ[u] if label[v] is None and not has_stage[v])
                          + sum(1 for found in outside_loopy[u] if stage not in found))
            ready = deque(u for u in range(size) if self._eligible(u, label, alive, has_stage, bad))
            while ready:
                u = ready.popleft()
                if not self._eligible(u, label, alive, has_stage, bad):
                    continue
                label[u] = stage
                for w in pred[u]:
                    bad[w] -= 1  # u was an unlabeled option of w without a stage option
                    if not has_stage[w]:
                        has_stage[w] = True
                        if label[w] is None:
                            for x in pred[w]:
                                bad[x] -= 1
                                if self._eligible(x, label, alive, has_stage, bad):
                                    ready.append(x)
                    if self._eligible(w, label, alive, has_stage, bad):
                        ready.append(w)
            for u in range(size):
                if label[u] is None and not has_stage[u]:
                    alive[u] = False
            stage += 1
        for u, node in enumerate(nodes):
            found = label[u]
            if found is None:
                finite = {label[v] for v in succ[u] if label[v] is not None} | outside[u]
                self.values[node] = Infinite(f for f in finite if f is not None)
            else:
                self.values[node] = found

    @staticmethod
    def _eligible(u: int, label: list[int | None], alive: list[bool],
                  has_stage: list[bool], bad: list[int]) -> bool:
        return label[u] is None and alive[u] and not has_stage[u] and bad[u] == 0


def _predecessors(succ: list[list[int]]) -> list[list[int]]:
    pred: list[list[int]] = [[] for _ in succ]
    for u, row in enumerate(succ):
        for v in set(row):
            pred[v].append(u)
    return pred
