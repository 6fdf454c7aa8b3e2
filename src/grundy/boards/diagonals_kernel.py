"""The compiled outcome search of diagonals: the runs of open vertices of
:mod:`grundy.boards.diagonals_search`, packed into three 64-bit words and searched by a
depth-first search with an explicit stack that can stop and go on.

A state is written as a word of 4-bit symbols: a cycle (no vertex full yet) starts with
:data:`GAP` (a state of runs never does); each open vertex is its label plus one (bare 1,
one diagonal to a full vertex 2, one diagonal to another open vertex 3, 4, ...: both ends
of the diagonal carry the same symbol); runs are parted by :data:`GAP`; the rest of the
words is 0.  So a state of at most
:data:`MOST_OPEN` open vertices fits in 48 symbols, and the words are its exact key: two
states share a key only when they are the same up to the order of runs, the direction of a
run and the names of the diagonals, which are symmetries of the game.  The key is made in
the same way as the Python form of :mod:`grundy.boards.diagonals_search` (runs in their
lesser direction by shape, sorted, diagonals renamed in the order met; a cycle by the least
of its rotations and reflections).

The search stops at the first winning option, looks first whether an option is known lost
already, and tries options with fewer open vertices, then more runs, first.  It runs for a
given number of options made, then returns, keeping its stack, so that the caller can look
at the clock, show progress and stop on Ctrl-C between two calls.

>>> key = polygon_key(6)
>>> decode(key)
(True, ((0, 0, 0, 0, 0, 0),))
>>> sorted(decode(k) for k in option_keys(key))
[(True, ((0, 0, 0, 2, 0, 2),)), (True, ((0, 0, 2, 0, 0, 2),))]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from grundy.compiled import CACHING

#: Symbols of the packed word: the end, and the gap between two runs (first: a cycle).
END, GAP = 0, 15
#: Labels (as in :mod:`grundy.boards.diagonals_search`): bare, one diagonal to a full
#: vertex, paired (2, 3, ...), and a vertex that became full in a move.
_BARE, _LONE, _PAIRED, _FILLED = 0, 1, 2, -1
#: Most open vertices of a state the kernel takes: 24 vertices hold at most 12 diagonals
#: between open vertices (symbols 3..14), and 24 + 23 gaps fit in 48 symbols.
MOST_OPEN = 24
#: Most options of one state (pairs of 24 vertices), and most moves of one game.
_MOST_OPTIONS = 280
_DEPTH = MOST_OPEN + 2
#: Statuses of :func:`search_run`.
DONE, STOPPED = 0, 1
#: Slots of the control array that :func:`search_run` keeps between calls.
DEPTH, CHILD, MADE = 0, 1, 2

Key = tuple[int, int, int]
#: Results in the table: no entry, lost, won (for the player to move).
_EMPTY, _LOST, _WON = 0, 1, 2


@njit(cache=CACHING)
def _pack(symbols, count):  # type: ignore[no-untyped-def]
    words = np.zeros(3, np.uint64)
    for k in range(count):
        words[k // 16] |= np.uint64(symbols[k]) << np.uint64(4 * (k % 16))
    return (words[0], words[1], words[2])


@njit(cache=CACHING)
def _unpack(key, labels, starts, lengths):  # type: ignore[no-untyped-def]
    """The labels of ``key``'s open vertices, its runs (starts and lengths) and whether it
    is a cycle; returns (cycle, vertices, runs)."""
    cycle = False
    vertices = 0
    runs = 0
    length = 0
    for k in range(48):
        symbol = (key[k // 16] >> np.uint64(4 * (k % 16))) & np.uint64(15)
        if symbol == END:
            break
        if symbol == GAP and k == 0:
            cycle = True
        elif symbol == GAP:
            starts[runs] = vertices - length
            lengths[runs] = length
            runs += 1
            length = 0
        else:
            labels[vertices] = np.int64(symbol) - 1
            vertices += 1
            length += 1
    if length:
        starts[runs] = vertices - length
        lengths[runs] = length
        runs += 1
    return cycle, vertices, runs


@njit(cache=CACHING)
def _fresh_names(names):  # type: ignore[no-untyped-def]
    """Forget the names given: ``names[x]`` is the new name of diagonal label x (0 while it
    has none), and ``names[0]`` the next name to give (bare and lone labels keep theirs)."""
    names[:] = 0
    names[0] = _PAIRED


@njit(cache=CACHING)
def _name(x, names):  # type: ignore[no-untyped-def]
    """Label x with its diagonal renamed in the order met."""
    if x < _PAIRED:
        return x
    if names[x] == 0:
        names[x] = names[0]
        names[0] += 1
    return names[x]


@njit(cache=CACHING)
def _renamed_less(a, b, m, names_a, names_b):  # type: ignore[no-untyped-def]
    """Whether word ``a`` is less than word ``b`` (both of length m) once the diagonals of
    each are renamed in the order met."""
    _fresh_names(names_a)
    _fresh_names(names_b)
    for i in range(m):
        x = _name(a[i], names_a)
        y = _name(b[i], names_b)
        if x != y:
            return x < y
    return False


@njit(cache=CACHING)
def _cycle_key(labels, m, work):  # type: ignore[no-untyped-def]
    """The key of a cycle: the least renamed word among its rotations and reflections.
    ``work``: a scratch array of 5 rows of 64."""
    best, word, names_a, names_b, symbols = work[0], work[1], work[2], work[3], work[4]
    for i in range(m):
        best[i] = labels[i]
    for back in range(2):
        for turn in range(m):
            for i in range(m):
                word[i] = labels[(turn + i) % m] if back == 0 else labels[(turn - i) % m]
            if _renamed_less(word, best, m, names_a, names_b):
                best[:m] = word[:m]
    symbols[:] = 0
    symbols[0] = GAP
    _fresh_names(names_a)
    for i in range(m):
        symbols[1 + i] = _name(best[i], names_a) + 1
    return _pack(symbols, m + 1)


@njit(cache=CACHING)
def _run_less(labels, sa, la, sb, lb):  # type: ignore[no-untyped-def]
    """Python's order of (shape, labels) for two oriented runs: shapes first (labels with
    every diagonal to an open vertex read as one), then the labels, shorter first on ties."""
    for pass_ in range(2):
        for i in range(min(la, lb)):
            x = labels[sa + i]
            y = labels[sb + i]
            if pass_ == 0:
                x = min(x, _PAIRED)
                y = min(y, _PAIRED)
            if x != y:
                return x < y
        if la != lb:
            return la < lb
    return False


@njit(cache=CACHING)
def _runs_key(labels, starts, lengths, runs, work):  # type: ignore[no-untyped-def]
    """The key of a state of runs: each run in its lesser direction by shape, the runs
    sorted, the diagonals renamed in the order met.  ``labels`` is reordered in place;
    ``work``: a scratch array of 5 rows of 64."""
    for r in range(runs):
        s, n = starts[r], lengths[r]
        flip = False
        for i in range(n):
            x = min(labels[s + i], _PAIRED)
            y = min(labels[s + n - 1 - i], _PAIRED)
            if x != y:
                flip = y < x
                break
        if flip:
            for i in range(n // 2):
                labels[s + i], labels[s + n - 1 - i] = labels[s + n - 1 - i], labels[s + i]
    order, symbols, names = work[0], work[4], work[2]
    for r in range(runs):
        order[r] = r
    for r in range(1, runs):
        j = r
        while j > 0 and _run_less(labels, starts[order[j]], lengths[order[j]],
                                  starts[order[j - 1]], lengths[order[j - 1]]):
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1
    symbols[:] = 0
    _fresh_names(names)
    count = 0
    for k in range(runs):
        r = order[k]
        if k:
            symbols[count] = GAP
            count += 1
        for i in range(lengths[r]):
            symbols[count] = _name(labels[starts[r] + i], names) + 1
            count += 1
    return _pack(symbols, count)


@njit(cache=CACHING)
def _cut(labels, first, length, wrap, piece_labels, piece_starts,  # type: ignore[no-untyped-def]
         piece_lengths, count, pieces):
    """Add the pieces of the run ``labels[first:first + length]`` (read round ``wrap``) left
    between its full vertices; returns the labels and pieces added so far."""
    size = 0
    for i in range(length + 1):
        x = labels[(first + i) % wrap] if i < length else _FILLED
        if x == _FILLED:
            if size:
                piece_starts[pieces] = count - size
                piece_lengths[pieces] = size
                pieces += 1
            size = 0
        else:
            piece_labels[count] = x
            count += 1
            size += 1
    return count, pieces


@njit(cache=CACHING)
def _options(key, keys, orders):  # type: ignore[no-untyped-def]
    """The distinct options of ``key`` into ``keys`` (with an order each: fewer open
    vertices, then more runs, first); returns how many."""
    labels = np.empty(48, np.int64)
    starts = np.empty(48, np.int64)
    lengths = np.empty(48, np.int64)
    cycle, vertices, runs = _unpack(key, labels, starts, lengths)
    run_of = np.empty(vertices, np.int64)
    place = np.empty(vertices, np.int64)
    for r in range(runs):
        for i in range(lengths[r]):
            run_of[starts[r] + i] = r
            place[starts[r] + i] = i
    new = np.empty(48, np.int64)
    piece_labels = np.empty(48, np.int64)
    piece_starts = np.empty(48, np.int64)
    piece_lengths = np.empty(48, np.int64)
    work = np.empty((5, 64), np.int64)
    made = 0
    for a in range(vertices):
        for b in range(a + 1, vertices):
            first, second = labels[a], labels[b]
            if run_of[a] == run_of[b]:
                gap = place[b] - place[a]
                if gap == 1 or (cycle and gap == lengths[0] - 1):
                    continue  # neighbours on the polygon
            if first >= _PAIRED and first == second:
                continue  # joined already
            for v in range(vertices):
                x = labels[v]
                # A vertex that fills leaves its partner a diagonal to a full vertex.
                new[v] = _LONE if x >= _PAIRED and x in (first, second) else x
            if first == _BARE and second == _BARE:
                fresh = _PAIRED
                for v in range(vertices):
                    fresh = max(fresh, labels[v] + 1)
                new[a] = fresh
                new[b] = fresh
            else:
                new[a] = _LONE if first == _BARE else _FILLED
                new[b] = _LONE if second == _BARE else _FILLED
            # Cut the runs at the full vertices (a cycle opens at its first full vertex).
            count = 0
            pieces = 0
            if cycle:
                start = -1
                for v in range(vertices):
                    if new[v] == _FILLED:
                        start = v
                        break
                if start < 0:
                    option = _cycle_key(new, vertices, work)
                    rank = vertices * 64 + 32
                    made = _add(option, rank, keys, orders, made)
                    continue
                count, pieces = _cut(new, start + 1, vertices, vertices, piece_labels,
                                     piece_starts, piece_lengths, count, pieces)
            else:
                for r in range(runs):
                    count, pieces = _cut(new, starts[r], lengths[r], vertices, piece_labels,
                                         piece_starts, piece_lengths, count, pieces)
            option = _runs_key(piece_labels, piece_starts, piece_lengths, pieces, work)
            made = _add(option, count * 64 + 32 - pieces, keys, orders, made)
    return made


@njit(cache=CACHING)
def _add(option, rank, keys, orders, made):  # type: ignore[no-untyped-def]
    for k in range(made):
        if keys[k, 0] == option[0] and keys[k, 1] == option[1] and keys[k, 2] == option[2]:
            return made
    # Kept sorted by rank as they come (insertion), ties in the order made.
    k = made
    while k > 0 and orders[k - 1] > rank:
        keys[k] = keys[k - 1]
        orders[k] = orders[k - 1]
        k -= 1
    keys[k, 0], keys[k, 1], keys[k, 2] = option
    orders[k] = rank
    return made + 1


@njit(cache=CACHING)
def _slot(keys, results, key):  # type: ignore[no-untyped-def]
    """Where ``key`` is in the open-addressed table, or the empty slot it would take."""
    mask = np.uint64(len(results) - 1)
    h = key[0] * np.uint64(0x9E3779B97F4A7C15) ^ key[1] * np.uint64(0xC2B2AE3D27D4EB4F) \
        ^ key[2] * np.uint64(0x165667B19E3779F9)
    i = (h ^ (h >> np.uint64(29))) & mask
    while results[i] != _EMPTY:
        if keys[i, 0] == key[0] and keys[i, 1] == key[1] and keys[i, 2] == key[2]:
            return i
        i = (i + np.uint64(1)) & mask
    return i


@njit(cache=CACHING)
def _known(table, results, key):  # type: ignore[no-untyped-def]
    """-1 when ``key`` is not settled, else 1 when the player to move wins, 0 if not."""
    found = results[_slot(table, results, key)]
    return -1 if found == _EMPTY else (1 if found == _WON else 0)


@njit(cache=CACHING)
def _settle(table, results, key, won):  # type: ignore[no-untyped-def]
    i = _slot(table, results, key)
    table[i, 0], table[i, 1], table[i, 2] = key
    results[i] = _WON if won else _LOST


@njit(cache=CACHING)
def _moved(table, results, bigger_table, bigger_results):  # type: ignore[no-untyped-def]
    for i in range(len(results)):
        if results[i] != _EMPTY:
            key = (table[i, 0], table[i, 1], table[i, 2])
            j = _slot(bigger_table, bigger_results, key)
            bigger_table[j] = table[i]
            bigger_results[j] = results[i]


@njit(cache=CACHING)
def _key_at(keys, k):  # type: ignore[no-untyped-def]
    return (keys[k, 0], keys[k, 1], keys[k, 2])


@njit(cache=CACHING)
def search_run(control, stack, options, counts, cursors, table, results, misere, stop_at):  # type: ignore[no-untyped-def]
    """Search from the state on the stack until it is settled (:data:`DONE`, the result in
    ``control[CHILD]``: 1 the player to move wins) or ``control[MADE]`` reaches ``stop_at``
    options (:data:`STOPPED`; call again to go on).  ``table`` and ``results``: the settled
    states (:class:`Table`), filled as the search goes; it must have room for as many new
    states as options may be made."""
    depth = control[DEPTH]
    child = control[CHILD]
    made = control[MADE]
    orders = np.empty(_MOST_OPTIONS, np.int64)
    while depth >= 0:
        if made >= stop_at:
            control[DEPTH], control[CHILD], control[MADE] = depth, child, made
            return STOPPED
        here = (stack[depth, 0], stack[depth, 1], stack[depth, 2])
        if cursors[depth] < 0:
            count = _options(here, options[depth], orders)
            counts[depth] = count
            made += count
            result = -1
            if count == 0:
                result = 1 if misere else 0
            else:
                for k in range(count):
                    if _known(table, results, _key_at(options[depth], k)) == 0:
                        result = 1
                        break
            if result >= 0:
                _settle(table, results, here, result == 1)
                child = result
                depth -= 1
                continue
            cursors[depth] = 0
            child = -1
        if child == 0:  # the option tried last is lost for the opponent
            _settle(table, results, here, True)
            child = 1
            depth -= 1
            continue
        if child == 1:
            cursors[depth] += 1
            child = -1
        pushed = False
        while cursors[depth] < counts[depth]:
            option = _key_at(options[depth], cursors[depth])
            known = _known(table, results, option)
            if known == 0:
                child = 0
                break
            if known < 0:
                depth += 1
                stack[depth, 0], stack[depth, 1], stack[depth, 2] = option
                cursors[depth] = -1
                pushed = True
                break
            cursors[depth] += 1
        if pushed or child == 0:
            continue
        _settle(table, results, here, False)
        child = 0
        depth -= 1
    control[DEPTH], control[CHILD], control[MADE] = depth, child, made
    return DONE


@njit(cache=CACHING)
def _state_key(cycle, labels, starts, lengths, runs):  # type: ignore[no-untyped-def]
    work = np.empty((5, 64), np.int64)
    if cycle:
        return _cycle_key(labels, lengths[0], work)
    return _runs_key(labels, starts, lengths, runs, work)


def encode(cycle: bool, runs: Sequence[Sequence[int]]) -> Key:
    """The key of a state given as :mod:`grundy.boards.diagonals_search` writes it.

    >>> decode(encode(False, [(1, 2), (0, 0, 2)]))
    (False, ((0, 0, 2), (1, 2)))
    """
    labels = np.array([label for run in runs for label in run] + [0], np.int64)
    lengths = np.array([len(run) for run in runs] + [0], np.int64)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)
    key = _state_key(cycle, labels, starts, lengths, len(runs))
    return (int(key[0]), int(key[1]), int(key[2]))


def decode(key: Key) -> tuple[bool, tuple[tuple[int, ...], ...]]:
    """The state of a key, as :mod:`grundy.boards.diagonals_search` writes it."""
    labels = np.empty(48, np.int64)
    starts = np.empty(48, np.int64)
    lengths = np.empty(48, np.int64)
    words = tuple(np.uint64(word) for word in key)
    cycle, _, runs = _unpack(words, labels, starts, lengths)
    return bool(cycle), tuple(tuple(int(x) for x in labels[starts[r]:starts[r] + lengths[r]])
                              for r in range(runs))


def polygon_key(vertices: int) -> Key:
    """The key of a polygon with no diagonal yet."""
    return encode(True, [(_BARE,) * vertices])


def option_keys(key: Key) -> list[Key]:
    """The keys of the states one diagonal leaves from ``key``, fewer open vertices first."""
    keys = np.empty((_MOST_OPTIONS, 3), np.uint64)
    orders = np.empty(_MOST_OPTIONS, np.int64)
    count = _options(tuple(np.uint64(word) for word in key), keys, orders)
    return [(int(a), int(b), int(c)) for a, b, c in keys[:count]]


class Table:
    """The settled states: keys and results in open-addressed arrays (a power of two long,
    kept at most half full, so that a look-up meets few other keys)."""

    def __init__(self, slots: int = 1 << 16) -> None:
        self.keys = np.zeros((slots, 3), np.uint64)
        self.results = np.zeros(slots, np.int8)
        self.size = 0

    def __len__(self) -> int:
        return self.size

    def clear(self) -> None:
        """Forget every settled state."""
        self.__init__()  # type: ignore[misc]

    def make_room(self, more: int) -> None:
        """Grow (twice as long, each time needed) so that ``more`` new states still leave
        the table at most half full."""
        self.size = int(np.count_nonzero(self.results))
        slots = len(self.results)
        while 2 * (self.size + more) > slots:
            slots *= 2
        if slots != len(self.results):
            keys = np.zeros((slots, 3), np.uint64)
            results = np.zeros(slots, np.int8)
            _moved(self.keys, self.results, keys, results)
            self.keys, self.results = keys, results

    def nbytes(self) -> int:
        """The bytes the table takes."""
        return int(self.keys.nbytes + self.results.nbytes)


#: Most states one call of :func:`search_run` can settle beyond the options it makes: those
#: made before and still on the stack, and the state it starts from.
PENDING = _DEPTH * _MOST_OPTIONS + 1


class Stack:
    """The arrays :func:`search_run` keeps its search in between calls."""

    def __init__(self, key: Key) -> None:
        self.control = np.array([0, -1, 0], np.int64)
        self.stack = np.zeros((_DEPTH, 3), np.uint64)
        self.stack[0] = key
        self.options = np.zeros((_DEPTH, _MOST_OPTIONS, 3), np.uint64)
        self.counts = np.zeros(_DEPTH, np.int64)
        self.cursors = np.full(_DEPTH, -1, np.int64)
