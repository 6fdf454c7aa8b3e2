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

import io
import os
import stat
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import reduce
from typing import Any

from grundy.budget import SEARCH_POSITIONS
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

    >>> game = GraphGame([("x", "y"), ("y", "z")], nodes=["w"])
    >>> game
    GraphGame([('x', 'y'), ('y', 'z')], nodes=['w'])
    >>> sorted(game.moves(("x", "y"))), game.value(("x",)), game.value(("w", "x"))
    ([('x', 'z'), ('y', 'y')], 0, 0)
    """

    name = "graph"

    def __init__(self, edges: Iterable[tuple[str, str]], nodes: Iterable[str] = (), *,
                 path: str | None = None) -> None:
        self.path = path
        self.edges = frozenset(edges)
        successors: dict[str, list[str]] = {}
        for source, target in self.edges:
            successors.setdefault(source, []).append(target)
            successors.setdefault(target, [])
        self.lone_nodes = frozenset(node for node in nodes if node not in successors)
        for node in self.lone_nodes:
            successors[node] = []
        for node in successors:
            _check_name(node, self._where())
        if not successors:
            raise InvalidGame(f"{self._where()} has no nodes; write one edge 'a b' a line")
        # Sorted successors make move order, and so every listing, independent of hashing.
        self._successors = {node: tuple(sorted(kids)) for node, kids in successors.items()}
        self._hash = hash((path, self.edges, self.lone_nodes))

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
        return sorted(self._successors)

    def successors(self, node: str) -> tuple[str, ...]:
        """The nodes one edge leads to from ``node``, sorted.

        >>> GraphGame([("a", "c"), ("a", "b")]).successors("a")
        ('b', 'c')
        """
        return self._successors[node]

    def moves(self, state: Tokens) -> Iterator[Tokens]:
        """Slide one token along one edge (tokens on the same node move alike).

        >>> list(GraphGame([("a", "b"), ("a", "c")]).moves(("a", "a")))
        [('a', 'b'), ('a', 'c')]
        """
        for i, token in enumerate(state):
            if i and state[i - 1] == token:
                continue
            rest = state[:i] + state[i + 1:]
            for target in self._successors[token]:
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
            example = self.nodes[0]
            raise InvalidPosition(f"{self.text} needs the node of each token, "
                                  f"e.g. {self.text} {example}")
        for token in tokens:
            if token not in self._successors:
                raise InvalidPosition(f"{self.text} has no node {shown(token)}; its nodes are "
                                      f"{_some(self.nodes)}")
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
            source = target = next(t for t in state if t in self._successors[t])
        return (f"move from {source} to {target}" if len(state) == 1
                else f"move a token from {source} to {target}")

    def value(self, state: Tokens) -> Value:
        """The sum of the tokens' values (Smith's rules); each token's value is memoised.

        Linear time in the size of the graph reachable from the tokens, times the number of
        distinct finite values found there.

        >>> game = GraphGame([("a", "a"), ("a", "b")])
        >>> game.value(("a",)), game.value(("b",)), game.value(("a", "a"))
        (Infinite({0}), 0, Infinite())
        """
        solver = self.solver()
        return reduce(add_values, (solver.value(token) for token in state))

    def solver(self) -> Solver[str]:
        """The memoised solver of one token, whose nodes are the graph's node names.

        Shared by equal games and emptied by :func:`~grundy.caches.clear_caches`.

        >>> GraphGame([("a", "b"), ("b", "c")]).solver().value("a")
        0
        """
        found = _solvers.get(self)
        if found is None:
            # Every node of the file may be met: the file's own limits bound the work.
            found = Solver(self._successors.__getitem__, what=f"solving {self.text}",
                           budget=max(SEARCH_POSITIONS, len(self._successors)))
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

    def _reach(self, start: str) -> int:
        seen = {start}
        frontier = [start]
        while frontier:
            node = frontier.pop()
            for kid in self._successors[node]:
                if kid not in seen:
                    seen.add(kid)
                    frontier.append(kid)
        return len(seen)

    def _where(self) -> str:
        return self.text if self.path is not None else "the graph"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, GraphGame) and self._hash == other._hash
                and (self.path, self.edges, self.lone_nodes)
                == (other.path, other.edges, other.lone_nodes))

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        if self.path is not None:
            return f"GraphGame.from_file({self.path!r})"
        nodes = f", nodes={sorted(self.lone_nodes)!r}" if self.lone_nodes else ""
        return f"GraphGame({sorted(self.edges)!r}{nodes})"


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


# Few files are kept: one at the size limit takes hundreds of megabytes once loaded.
@remembered("graph files", most=2)
def _load(given: str, real: str, mtime: int, size: int) -> GraphGame:
    """Read a graph file; the key's real path, time and size make a changed file read again."""
    edges, lone = read_edge_list(f"graph:{given}", real)
    return GraphGame(edges, lone, path=given)


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


def read_text_file(where: str, real: str) -> str:
    """The text of a UTF-8 file of at most :data:`MAX_BYTES` bytes; ``where`` names it in
    messages (``graph:moves.txt``).  The size given by stat is not trusted: the file may
    grow while it is read, so no more than the limit is ever read."""
    try:
        with open(real, "rb") as file:
            data = file.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise TooBig(f"reading {where}", limit=MAX_BYTES, unit="bytes")
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidGame(f"{where}: not a UTF-8 text file") from None
    except OSError as error:
        raise InvalidGame(f"{where}: cannot read the file ({error.strerror})") from None


def read_edge_list(where: str, real: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The edges ``a b`` and lone nodes of a file, one a line, ``#`` comments; ``where``
    names the file in messages (``graph:moves.txt``)."""
    return parse_edge_list(where, read_text_file(where, real))


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
    return GraphGame(edges, lone, path=name)

