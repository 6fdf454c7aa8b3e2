r"""Games on explicit directed graphs, read from a file (``graph:PATH``); cycles allowed.

A position is one or more tokens on the nodes of a directed graph; a move slides one token
along one edge, and the player who cannot move loses (normal play).  Several tokens are a
sum of copies of the game: each moves on its own, one per turn.

The file holds one edge ``a b`` a line (from ``a`` to ``b``); a line with one name declares
a node without edges, ``#`` starts a comment, and blank lines are skipped.  Node names are
words without spaces.  Cycles are allowed, so play may go on for ever: a position is won by
the player to move (N), by the other player (P), or drawn (D).

Values (Smith's generalised Sprague–Grundy function γ).  A node's value is either a whole
number or ∞(A):

* γ(u) = i, a whole number, when no option of u has value i, every j < i is the value of
  some option, and every option of value > i or ∞ has itself an option of value i — reached
  so that the game cannot be kept going for ever (Smith's counter function);
* γ(u) = ∞(A) when no whole number fits; A is the set of finite values among u's options.

γ(u) = 0 means the player to move loses (P); a finite non-zero value or ∞(A) with 0 in A
means the player to move wins (N) by moving to a 0; ∞(A) with 0 not in A is a draw (D).
In a game with cycles, moving to some 0 each turn is not enough to win (the play could go
round a cycle of such moves); the winner must also bring the end closer, as the solver's
remoteness does.

Sums (several tokens, or a graph game beside other games) add values by Smith's rules:
finite ⊕ finite is the nim-sum; ∞(A) + y = ∞(A ⊕ y) for finite y; ∞(A) + ∞(B) = ∞(∅), a
draw.  So a drawn token beside a winning one can make a win:

>>> game = GraphGame([("a", "b"), ("b", "a"), ("b", "c"), ("c", "d")])
>>> [str(game.value((node,))) for node in "abcd"]
['∞()', '∞(1)', '1', '0']
>>> game.value(("b", "c")), game.value(("a", "c"))
(Infinite({0}), Infinite())

Alone, a token on ``b`` is a draw (leaving the cycle loses) and one on ``c`` a first-player
win; together the first player moves ``b`` to ``c`` and answers every move by copying it.
The text form reads the graph from its file:

>>> import os, tempfile
>>> from grundy import analyze, parse_position
>>> path = os.path.join(tempfile.mkdtemp(), "chase.txt")
>>> with open(path, "w") as file:
...     _ = file.write("# a and b chase each other\na b\nb a\nb c\nc d\n")
>>> position = parse_position(f"graph:{path} c b")
>>> str(position) == f"graph:{path} b c"
True
>>> analysis = analyze(position)
>>> analysis.winner, [m.description for m in analysis.winning_moves]
('first', ['move a token from b to c'])
>>> analyze(f"graph:{path} a").winner, analyze(f"graph:{path} b", misere=True).winner
('draw', 'first')
"""

from __future__ import annotations

import bisect
import hashlib
import io
import os
import re
import stat
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import reduce
from typing import Any

from grundy.budget import SEARCH_POSITIONS, positions_limit, search_positions, time_needed
from grundy.caches import remembered
from grundy.core.game import Game, _solvers
from grundy.errors import InvalidGame, InvalidPosition, TooBig
from grundy.numerals import shown
from grundy.solver import Solver
from grundy.values import Value, add_values

Tokens = tuple[str, ...]

#: Most edges (and single-node lines) a graph file may hold.
MAX_ENTRIES = 1_000_000
#: Largest graph file read, in bytes.
MAX_BYTES = 50 * 1024 * 1024
#: The longest node name, in characters.
MAX_NAME = 200


class GraphGame(Game[Tokens]):
    """Tokens on a directed graph; a move slides one token along an edge.

    Built from its edges (pairs of node names) and any nodes without edges; equal graphs
    from the same file are equal games.  A state is the sorted tuple of the tokens' nodes.
    The graph is held as arrays (:class:`Adjacency`), a few bytes an edge, so a file at the
    size limit fits in a few hundred megabytes.

    >>> game = GraphGame([("x", "y"), ("y", "z")], nodes=["w"])
    >>> game
    GraphGame([('x', 'y'), ('y', 'z')], nodes=['w'])
    >>> sorted(game.moves(("x", "y"))), game.value(("x",)), game.value(("w", "x"))
    ([('x', 'z'), ('y', 'y')], 0, 0)
    """

    picture = "graph"
    name = "graph"

    def __init__(self, edges: Iterable[tuple[str, str]], nodes: Iterable[str] = (), *,
                 path: str | None = None) -> None:
        self.path = path
        self._set(adjacency_of(self._where(), list(edges), list(nodes)))

    def _set(self, adjacency: Adjacency) -> None:
        if not adjacency.names:
            raise InvalidGame(f"{self._where()} has no nodes; write one edge 'a b' a line")
        self._graph = adjacency
        self._hash = hash((self.path, adjacency.digest))
        self._reached: dict[str, tuple[int, bool]] = {}

    @classmethod
    def _of(cls, adjacency: Adjacency, path: str) -> GraphGame:
        game = cls.__new__(cls)
        game.path = path
        game._set(adjacency)
        return game

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> GraphGame:
        """The graph game of a file: one edge ``a b`` a line, ``#`` comments.

        Raises :class:`~grundy.errors.InvalidGame` naming the file (and line) when it cannot
        be read or a line holds more than two words, and :class:`~grundy.errors.TooBig` when
        it holds more than :data:`MAX_ENTRIES` lines or :data:`MAX_BYTES` bytes.  A file read
        before and unchanged since is not read again.

        >>> GraphGame.from_file("none.txt")
        Traceback (most recent call last):
        ...
        grundy.errors.InvalidGame: graph:none.txt: cannot read the file (No such file or directory)
        """
        given = os.fspath(path)
        status = file_status(f"graph:{given}", given)
        return _load(given, os.path.realpath(given), status.st_mtime_ns, status.st_size)

    @property
    def text(self) -> str:
        """``graph:PATH``, or ``graph`` for a graph not read from a file (no text form).

        >>> GraphGame([("a", "b")]).text
        'graph'
        """
        return f"graph:{self.path}" if self.path is not None else "graph"

    @property
    def nodes(self) -> list[str]:
        """Every node, sorted.

        >>> GraphGame([("b", "a"), ("a", "c")]).nodes
        ['a', 'b', 'c']
        """
        return list(self._graph.names)

    @property
    def edges(self) -> frozenset[tuple[str, str]]:
        """Every edge, as a pair of node names (built when asked: one object an edge).

        >>> sorted(GraphGame([("b", "a"), ("a", "c"), ("b", "a")]).edges)
        [('a', 'c'), ('b', 'a')]
        """
        names = self._graph.names
        return frozenset((names[a], names[b]) for a, b in self._graph.pairs())

    @property
    def lone_nodes(self) -> frozenset[str]:
        """The nodes no edge leads to or from.

        >>> GraphGame([("a", "b")], nodes=["c", "a"]).lone_nodes
        frozenset({'c'})
        """
        return frozenset(self._graph.names[i] for i in self._graph.lone())

    def successors(self, node: str) -> tuple[str, ...]:
        """The nodes one edge leads to from ``node``, sorted.

        >>> GraphGame([("a", "c"), ("a", "b")]).successors("a")
        ('b', 'c')
        """
        graph = self._graph
        return tuple(graph.names[j] for j in graph.successors(graph.index(node)))

    def moves(self, state: Tokens) -> Iterator[Tokens]:
        """Slide one token along one edge (tokens on the same node move alike).

        >>> list(GraphGame([("a", "b"), ("a", "c")]).moves(("a", "a")))
        [('a', 'b'), ('a', 'c')]
        """
        for i, token in enumerate(state):
            if i and state[i - 1] == token:
                continue
            rest = state[:i] + state[i + 1:]
            for target in self.successors(token):
                yield (*rest, target)

    def canonical(self, state: Tokens) -> Tokens:
        """Tokens sorted by node name.

        >>> GraphGame([("a", "b")]).canonical(("b", "a", "b"))
        ('a', 'b', 'b')
        """
        return tuple(sorted(state))

    def merge(self, state: Tokens, other: Tokens) -> Tokens:
        """Tokens on one graph, from two parts of a sum, are one set of tokens.

        >>> GraphGame([("a", "b")]).merge(("b",), ("a",))
        ('a', 'b')
        """
        return self.canonical(state + other)

    def format_state(self, state: Tokens) -> str:
        """The tokens' node names, separated by spaces.

        >>> GraphGame([("a", "b")]).format_state(("a", "b"))
        'a b'
        """
        return " ".join(state)

    def parse_state(self, tokens: Sequence[str]) -> Tokens:
        """Node names, one per token; each must be a node of the graph.

        >>> GraphGame([("a", "b")]).parse_state(["b", "a"])
        ('a', 'b')
        >>> GraphGame([("a", "b")]).parse_state(["c"])
        Traceback (most recent call last):
        ...
        grundy.errors.InvalidPosition: graph has no node 'c'; its nodes are a, b
        """
        if not tokens:
            example = self._graph.names[0]
            raise InvalidPosition(f"{self.text} needs the node of each token, "
                                  f"e.g. {self.text} {example}")
        for token in tokens:
            if self._graph.find(token) is None:
                raise InvalidPosition(f"{self.text} has no node {shown(token)}; its nodes are "
                                      f"{_some(self._graph.names)}")
        return self.canonical(tuple(tokens))

    def describe_move(self, state: Tokens, option: Any) -> str:
        """``move from a to b`` (one token) or ``move a token from a to b``.

        >>> game = GraphGame([("a", "b")])
        >>> game.describe_move(("a",), ("b",)), game.describe_move(("a", "a"), ("a", "b"))
        ('move from a to b', 'move a token from a to b')
        """
        left = Counter(state) - Counter(option)
        arrived = Counter(option) - Counter(state)
        if left:
            source, target = next(iter(left)), next(iter(arrived))
        else:  # along a loop: the token ends where it started
            source = target = next(t for t in state if t in self.successors(t))
        return (f"move from {source} to {target}" if len(state) == 1
                else f"move a token from {source} to {target}")

    def value(self, state: Tokens) -> Value:
        """The sum of the tokens' values (Smith's rules); each token's value is memoised.

        Linear time in the size of the graph reachable from the tokens, times the number of
        distinct finite values found there.  Raises :class:`~grundy.errors.TooBig` up front
        when a token reaches more nodes than the budget allows (:func:`node_budget`).

        >>> game = GraphGame([("a", "a"), ("a", "b")])
        >>> game.value(("a",)), game.value(("b",)), game.value(("a", "a"))
        (Infinite({0}), 0, Infinite())
        """
        solver = self.solver()
        budget = node_budget()
        for token in dict.fromkeys(state):
            if token not in solver.values:
                self._check_reach(token, budget)
        # The nodes a token reaches were checked against the budget: its search may meet
        # them all.
        with positions_limit(max(SEARCH_POSITIONS, self._graph.size)):
            return reduce(add_values, (solver.value(token) for token in state))

    def _check_reach(self, token: str, budget: int) -> None:
        # Counted once per token and budget: the winning moves ask for many values.
        reached, whole = self._reached.get(token, (0, False))
        if not whole and reached <= budget:
            reached = self._reach(token, most=budget + 1)
            whole = reached <= budget
            self._reached[token] = (reached, whole)
        if reached > budget:
            nodes = reached if whole else self._graph.size
            raise TooBig(f"solving {self.text} from {shown(token)}",
                         size=reached if whole else None, limit=budget, unit="nodes reached",
                         advice=f"a time budget of {time_needed(nodes * NODE_COST)} "
                         "(--budget) would allow it")

    def solver(self) -> Solver[str]:
        """The memoised solver of one token, whose nodes are the graph's node names.

        Shared by equal games and emptied by :func:`~grundy.caches.clear_caches`.

        >>> GraphGame([("a", "b"), ("b", "c")]).solver().value("a")
        0
        """
        found = _solvers.get(self)
        if found is None:
            found = Solver(self.successors, what=f"solving {self.text}")
            _solvers[self] = found
        return found

    def state_bound(self, state: Tokens) -> int:
        """Positions reachable from ``state``: at most the product of each token's reach.

        >>> GraphGame([("a", "b"), ("b", "c")]).state_bound(("a", "b"))
        6
        """
        total = 1
        for token in state:
            total *= self._reach(token)
        return total

    def _reach(self, start: str, most: int | None = None) -> int:
        """The nodes reachable from ``start`` (itself included), counted up to ``most``."""
        offsets, targets = self._graph.lists()
        first = self._graph.index(start)
        seen = {first}
        frontier = [first]
        while frontier:
            node = frontier.pop()
            for kid in targets[offsets[node]:offsets[node + 1]]:
                if kid not in seen:
                    seen.add(kid)
                    frontier.append(kid)
            if most is not None and len(seen) >= most:
                return len(seen)
        return len(seen)

    def _where(self) -> str:
        return self.text if self.path is not None else "the graph"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, GraphGame) and self._hash == other._hash
                and (self.path, self._graph.digest) == (other.path, other._graph.digest))

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        if self.path is not None:
            return f"GraphGame.from_file({self.path!r})"
        lone = self.lone_nodes
        nodes = f", nodes={sorted(lone)!r}" if lone else ""
        return f"GraphGame({sorted(self.edges)!r}{nodes})"


#: Positions of the general solver's budget one node of a graph with cycles costs: the
#: retrograde analysis settles about 40 000 nodes a second, a tenth as many.
NODE_COST = 10


def node_budget() -> int:
    """How many nodes one token may reach for its graph to be solved: the budget in force.

    >>> node_budget()
    200000
    """
    return max(1, search_positions() // NODE_COST)


class Adjacency:
    """A directed graph as arrays: its node names sorted, and for each node (by its place
    in that order) the places of its successors, sorted, without repeats (the compressed
    rows of its adjacency matrix).  ``digest`` identifies the graph.

    >>> graph = adjacency_of("tiny", [("b", "a"), ("a", "c"), ("a", "b")], ["d"])
    >>> graph.names, list(graph.successors(0)), graph.find("z"), graph.lone()
    (['a', 'b', 'c', 'd'], [1, 2], None, [3])
    """

    def __init__(self, names: list[str], sources: Any, targets: Any) -> None:
        import numpy as np

        self.names = names
        self.size = len(names)
        # One sorted key an edge: repeated edges go, and each node's successors are a run.
        keys = np.sort(sources.astype(np.int64) * max(1, self.size) + targets)
        keys = keys[np.diff(keys, prepend=-1) != 0]
        self.targets = (keys % max(1, self.size)).astype(np.int32)
        self.offsets = np.searchsorted(keys // max(1, self.size),
                                       np.arange(self.size + 1)).astype(np.int64)
        digest = hashlib.sha256("\0".join(names).encode("utf-8", "surrogatepass"))
        digest.update(keys.tobytes())
        self.digest = digest.hexdigest()
        self._lists: tuple[list[int], list[int]] | None = None

    def find(self, name: str) -> int | None:
        """The place of the node ``name``, or None when there is no such node."""
        i = bisect.bisect_left(self.names, name)
        return i if i < self.size and self.names[i] == name else None

    def index(self, name: str) -> int:
        """The place of the node ``name`` (KeyError when there is none)."""
        found = self.find(name)
        if found is None:
            raise KeyError(name)
        return found

    def successors(self, i: int) -> list[int]:
        """The places of the successors of the node at place ``i``."""
        found: list[int] = self.targets[self.offsets[i]:self.offsets[i + 1]].tolist()
        return found

    def pairs(self) -> Iterator[tuple[int, int]]:
        """Every edge, as places."""
        offsets, targets = self.lists()
        for i in range(self.size):
            for j in targets[offsets[i]:offsets[i + 1]]:
                yield i, j

    def lone(self) -> list[int]:
        """The places of the nodes without edges."""
        import numpy as np

        out = np.diff(self.offsets)
        into = np.bincount(self.targets, minlength=self.size)
        return [int(i) for i in np.flatnonzero((out == 0) & (into == 0))]

    def lists(self) -> tuple[list[int], list[int]]:
        """The offsets and targets as lists, for walks that visit node after node."""
        if self._lists is None:
            self._lists = (self.offsets.tolist(), self.targets.tolist())
        return self._lists


def adjacency_of(where: str, edges: list[tuple[str, str]], lone: list[str]) -> Adjacency:
    """The :class:`Adjacency` of edges given as pairs of names, and of lone nodes; every
    name is checked (``where`` names the graph in messages)."""
    import numpy as np

    names = sorted({*(name for edge in edges for name in edge), *lone})
    for name in names:
        _check_name(name, where)
    index = {name: i for i, name in enumerate(names)}
    sources = np.fromiter((index[a] for a, _ in edges), np.int64, len(edges))
    targets = np.fromiter((index[b] for _, b in edges), np.int64, len(edges))
    return Adjacency(names, sources, targets)


def _check_name(node: str, where: str) -> None:
    if len(node) > MAX_NAME:
        raise InvalidGame(f"{where}: the node name {shown(node)} has {len(node)} characters; "
                          f"names have at most {MAX_NAME}")
    if not node or node.split() != [node] or node == "+" or "#" in node:
        raise InvalidGame(f"{where}: {shown(node)} is not a node name; names are words without "
                          "spaces or '#', and not '+'")


def _some(names: list[str], count: int = 10) -> str:
    listed = ", ".join(name if name.isprintable() and len(name) <= 40 else shown(name)
                       for name in names[:count])
    return listed + (f", ... ({len(names)} in all)" if len(names) > count else "")


# Few files are kept: one at the size limit takes a few hundred megabytes once loaded.
@remembered("graph files", most=2)
def _load(given: str, real: str, mtime: int, size: int) -> GraphGame:
    """Read a graph file; the key's real path, time and size make a changed file read again."""
    return GraphGame._of(read_adjacency(f"graph:{given}", real), given)


def read_adjacency(where: str, real: str) -> Adjacency:
    """The graph of a file; ``where`` names the file in messages."""
    return parse_adjacency(where, read_file(where, real))


def parse_adjacency(where: str, data: bytes) -> Adjacency:
    """The graph of a file's bytes, read straight into arrays when its text is plain (ASCII
    without comments), else line by line; ``where`` names the file in messages.

    >>> parse_adjacency("tiny", "a b  # one edge\\nc ä\\n".encode()).names
    ['a', 'b', 'c', 'ä']
    """
    fast = _plain_adjacency(where, data)
    if fast is not None:
        return fast
    edges, lone = parse_edge_list(where, _decoded(where, data))
    return adjacency_of(where, edges, lone)


#: Bytes the arrays do not read as the text reader does (NUL ends a numpy string; the others
#: separate words in text, not in bytes; # starts a comment).
_NOT_PLAIN = re.compile(rb"[\x00\x1c-\x1f#]")


def _plain_adjacency(where: str, data: bytes) -> Adjacency | None:
    """The graph of a file's bytes read with arrays, or None when the text is not plain or a
    line holds more than two words (the line reader then reads it, or names the line).

    >>> graph = _plain_adjacency("tiny", b"a b\\r\\nb c\\n\\n  d\\n")
    >>> graph.names, graph.lone()
    (['a', 'b', 'c', 'd'], [3])
    """
    import numpy as np

    if not data.isascii() or _NOT_PLAIN.search(data):
        return None
    # As the text reader: words end at white space, lines at \\n or \\r (or both).
    codes = np.frombuffer(data, dtype=np.uint8)
    space = (codes == 32) | ((codes >= 9) & (codes <= 13))
    begins = np.flatnonzero(~space & np.concatenate(([True], space[:-1])))
    line_of_word = np.searchsorted(np.flatnonzero((codes == 10) | (codes == 13)), begins)
    per_line = np.bincount(line_of_word)
    if per_line.max(initial=0) > 2:
        return None
    if np.count_nonzero(per_line) > MAX_ENTRIES:
        raise TooBig(f"reading {where}", limit=MAX_ENTRIES, unit="edges and nodes")
    words = np.array(data.split())
    del codes, space, begins
    if words.dtype.itemsize > MAX_NAME:
        longest = words[np.argmax(np.char.str_len(words))].decode()
        _check_name(longest, where)
    names, places = np.unique(words, return_inverse=True)
    del words
    plus = np.searchsorted(names, b"+")
    if plus < len(names) and names[plus] == b"+":
        _check_name("+", where)
    paired = np.flatnonzero(per_line[line_of_word] == 2)
    return Adjacency(names.astype(str).tolist(), places[paired[0::2]], places[paired[1::2]])


def read_file(where: str, real: str) -> bytes:
    """The bytes of a file of at most :data:`MAX_BYTES` bytes; ``where`` names it in
    messages (``graph:moves.txt``).  The size given by stat is not trusted: the file may
    grow while it is read, so no more than the limit is ever read."""
    try:
        with open(real, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise InvalidGame(f"{where}: cannot read the file ({error.strerror})") from None
    if len(data) > MAX_BYTES:
        raise TooBig(f"reading {where}", limit=MAX_BYTES, unit="bytes")
    return data


def _decoded(where: str, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidGame(f"{where}: not a UTF-8 text file") from None


def file_status(where: str, path: str) -> os.stat_result:
    """The status of a graph file that may be read: a regular file of at most
    :data:`MAX_BYTES` bytes; ``where`` names it in messages (``graph:moves.txt``).

    >>> file_status("graph:/dev/null", "/dev/null")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGame: graph:/dev/null: cannot read the file (not a regular file, but \
a directory, a fifo or a device)
    """
    try:
        status = os.stat(path)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not a file name"
        raise InvalidGame(f"{where}: cannot read the file ({reason})") from None
    if not stat.S_ISREG(status.st_mode):
        # A fifo or a device (/dev/zero) would block or never end: never opened.
        raise InvalidGame(f"{where}: cannot read the file (not a regular file, but a "
                          "directory, a fifo or a device)")
    if status.st_size > MAX_BYTES:
        raise TooBig(f"reading {where}", size=status.st_size, limit=MAX_BYTES, unit="bytes")
    return status


def parse_edge_list(where: str, text: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The edges ``a b`` and lone nodes of a graph file's text.

    >>> parse_edge_list("tiny", "a b  # one edge\\nc\\n")
    ([('a', 'b')], ['c'])
    """
    edges: list[tuple[str, str]] = []
    lone: list[str] = []
    # Lines end as when a file is read as text: at \n, \r or \r\n.
    for number, line in enumerate(io.StringIO(text, newline=None), 1):
        words = line.partition("#")[0].split()
        if len(words) > 2:
            raise InvalidGame(f"{where}, line {number}: {len(words)} words; a line holds "
                              "one edge 'a b' or one node name")
        if len(words) == 2:
            edges.append((words[0], words[1]))
        elif words:
            lone.append(words[0])
        if len(edges) + len(lone) > MAX_ENTRIES:
            raise TooBig(f"reading {where}", limit=MAX_ENTRIES, unit="edges and nodes")
    return edges, lone


def graph_from_text(text: str, name: str) -> GraphGame:
    """The graph game of a graph file's text, already read; its text form is ``graph:NAME``.

    For callers that read the file themselves (the web server reads its graphs once, at
    start-up) and name the graph without its path.  Lines as in a file; errors name ``name``.

    >>> game = graph_from_text("a b  # one edge\\nc\\n", "tiny")
    >>> game.text, game.nodes
    ('graph:tiny', ['a', 'b', 'c'])
    >>> graph_from_text("a b c", "bad")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGame: graph:bad, line 1: 3 words; a line holds one edge 'a b' or ...
    """
    edges, lone = parse_edge_list(f"graph:{name}", text)
    return GraphGame._of(adjacency_of(f"graph:{name}", edges, lone), name)

