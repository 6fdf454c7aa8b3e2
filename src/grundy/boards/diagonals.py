"""Diagonals (game 15): draw diagonals of a convex polygon; no vertex may get a third one.

The model, from the text: a move draws a diagonal (two vertices that are not neighbours
on the polygon) that is not drawn yet, such that neither end already has two diagonals.
Diagonals may cross: the text forbids only a third diagonal at a vertex.  The player who
cannot draw loses.

What matters of a position is, for each vertex, whether it has no diagonal (``o``), two
(``x``, full), or one, and then whether the other end of that diagonal is still open (both
ends carry the same letter ``a``, ``b``, ...: they may not be joined again) or full (``+``).
A full vertex only keeps its two neighbours apart, so a run of full vertices counts as one.
A state is that word around the polygon, folded by the polygon's rotations and reflections;
its text is the word, or the number of vertices for a polygon with no diagonal yet (``7``).
Vertices are numbered 1, 2, ... around the word as printed.  A finished position is
written ``3`` (a triangle has no diagonal).

Every n (n >= 5), by a count: at the end, the vertices with fewer than two diagonals must
be pairwise neighbours or joined already.  Four such vertices cannot be (a vertex has two
neighbours and at most one vertex it is joined to by a lone diagonal), and three only in
a row with their ends joined; so the game ends with n diagonals (every vertex full), n - 1
(one bare vertex, or two vertices with one diagonal each) or n - 2 (two neighbouring bare
vertices, or three in a row with their ends joined), and the first player wins exactly
when that number is odd (under misère play, when it is even).

Which ending comes, a search decides.  The nim-value is searched while the budget allows
(10 vertices by default); beyond, :func:`searched` (the compiled outcome search of
:mod:`grundy.boards.diagonals_search`) finds who wins and every winning move, under either
convention, after an estimate of its size
(:func:`~grundy.boards.diagonals_search.estimated_options`): 20 vertices within the default
budget (about 5 s), more under a time budget (``grundy analyze diagonals 24 --budget 1m``);
a polygon the budget cannot allow is refused at once, saying which time budget would, and
one of more than 24 vertices whatever the budget.  Normal play: the first player
wins for n = 5, 6 and every even n from 10 to 24, and loses for n = 3, 4, 7, 8, 9 and every
odd n from 11 to 23.  Misère play: the first player wins for n = 3, 4, 8 and every even n
from 10 to 24, and loses for n = 5, 6, 7 and every odd n from 9 to 23.  Conjecture, checked
for 9 <= n <= 24 under both conventions: from 9 vertices on, the first player wins exactly
when n is even, whichever the convention.  By the count, the player who wins (the first
for n even, the second for n odd) can then force either kind of ending: n - 1 diagonals
under normal play, n or n - 2 under misère play.  The conjecture is not proved here: the
mirror strategy that settles such games on a polygon fails, since diagonals may cross and
a diameter is its own mirror image.

>>> from grundy.analysis import analyze
>>> analyze("diagonals 4").nim_value, analyze("diagonals 5").nim_value
(0, 1)
>>> [m.description for m in analyze(DIAGONALS, (NONE,) * 5).winning_moves]
['draw the diagonal 1-3']
>>> DIAGONALS.format_state(analyze(DIAGONALS, (NONE,) * 5).winning_moves[0].position
...                        .components[0].state)
'ooaoa'
>>> str(analyze("diagonals 5").winning_moves[1].position)  # played on the polygon as numbered
'diagonals 5 1-4'
>>> answer = analyze("diagonals 11")
>>> answer.winner, answer.nim_value
('second', None)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import ceil, comb
from typing import TYPE_CHECKING

from grundy.boards.base import BoardGame
from grundy.budget import search_positions, time_needed
from grundy.core.game import RuleAnswer, ready
from grundy.errors import InvalidPosition, TooBig, short_number
from grundy.numerals import is_whole_number, whole_number
from grundy.values import Outcome

if TYPE_CHECKING:
    from grundy.boards.diagonals_search import State

Word = tuple[int, ...]

NONE, ONE_TO_FULL, FULL = 0, 1, 2
#: Codes 3 + d: one diagonal, to the open vertex d places further round.
PAIRED = 3

TRIANGLE: Word = (NONE, NONE, NONE)
_LETTERS = "abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Most vertices read from text: each open diagonal needs a letter of its own.
MAX_VERTICES = 2 * len(_LETTERS)


def _decode(word: Word) -> tuple[list[int], list[int]]:
    """Degrees (0, 1, 2) and partners (-1 when not open) of the vertices."""
    m = len(word)
    degrees, partners = [], []
    for i, code in enumerate(word):
        degrees.append(1 if code == ONE_TO_FULL or code >= PAIRED else code)
        partners.append((i + code - PAIRED) % m if code >= PAIRED else -1)
    return degrees, partners


def _encode(order: Sequence[int], degrees: list[int], partners: list[int]) -> Word:
    """The word of the vertices ``order`` (old indices), with offsets in the new order."""
    place = {old: new for new, old in enumerate(order)}
    m = len(order)
    word = []
    for new, old in enumerate(order):
        if degrees[old] != 1:
            word.append(degrees[old])
        elif partners[old] < 0:
            word.append(ONE_TO_FULL)
        else:
            word.append(PAIRED + (place[partners[old]] - new) % m)
    return tuple(word)


def count_words(open_vertices: int) -> int:
    """Words on ``n`` open vertices: each o, + or x, or paired with another one.

    >>> count_words(2), count_words(4)
    (10, 138)
    """
    n = open_vertices
    total = 0
    for pairs in range(n // 2 + 1):
        matchings = 1
        for k in range(1, 2 * pairs, 2):
            matchings *= k
        total += comb(n, 2 * pairs) * matchings * 3 ** (n - 2 * pairs)
    return total


class Diagonals(BoardGame[Word]):
    """Diagonals of a convex polygon, at most two at a vertex (see the module for the model).

    >>> [DIAGONALS.value((NONE,) * n) for n in range(3, 9)]
    [0, 0, 1, 1, 0, 0]
    """

    picture = "polygon"
    name = "diagonals"

    symmetries = 2

    # Played in the player's frame by grundy.boards.frames; its own states are the search's.
    keeps_frame = False

    @property
    def empty(self) -> Word:
        """The triangle: no diagonal to draw."""
        return TRIANGLE

    def plays(self, state: Word) -> Iterator[tuple[int, int]]:
        """Pairs (i, j), i < j, of open vertices, not neighbours, not joined yet."""
        m = len(state)
        for i in range(m):
            if state[i] == FULL:
                continue
            joined = (i + state[i] - PAIRED) % m if state[i] >= PAIRED else -1
            for j in range(i + 2, m - (i == 0)):
                if state[j] != FULL and j != joined:
                    yield (i, j)

    def apply(self, state: Word, play: tuple[int, int]) -> Word:
        """The diagonal is drawn: both ends gain one; a vertex that fills frees its partner."""
        degrees, partners = _decode(state)
        i, j = play
        for end in (i, j):
            degrees[end] += 1
            if degrees[end] == FULL:
                if partners[end] >= 0:
                    partners[partners[end]] = -1
                partners[end] = -1
        for end, other in ((i, j), (j, i)):
            if degrees[end] == 1:
                partners[end] = other if degrees[other] == 1 else -1
        return _encode(range(len(state)), degrees, partners)

    def fold(self, state: Word) -> Word:
        """Runs of full vertices merged, then the least word under rotations and reflections."""
        if not any(True for _ in self.plays(state)):
            return TRIANGLE
        m = len(state)
        kept = [i for i in range(m) if not (state[i] == FULL and state[i - 1] == FULL)]
        degrees, partners = _decode(state)
        forward = _encode(kept, degrees, partners)
        backward = _encode(kept[::-1], degrees, partners)
        # Turning the polygon keeps every offset, so the images are the words' rotations.
        return min(word[turn:] + word[:turn] for word in (forward, backward)
                   for turn in range(len(word)))

    def describe_play(self, state: Word, play: tuple[int, int]) -> str:
        """``draw the diagonal 1-3`` (vertices numbered from 1 around the printed word)."""
        return f"draw the diagonal {play[0] + 1}-{play[1] + 1}"

    def split(self, state: Word) -> list[Word]:
        """A polygon never falls apart (any two open vertices may be joined)."""
        folded = self.fold(state)
        return [] if folded == TRIANGLE else [folded]

    def normal_rule(self, state: Word) -> RuleAnswer | None:
        """Who wins ``state`` and every winning move, by :func:`searched`, when the search for
        its nim-value would be refused (its bound exceeds the budget); None otherwise."""
        if self.state_bound(state) <= search_positions() * self.symmetries:
            return None
        return searched(state, misere=False)

    def misere_rule(self, state: Word) -> RuleAnswer | None:
        """Who wins ``state`` under misère play and every winning move, by :func:`searched`,
        when the general search would be refused (its bound exceeds the budget)."""
        if self.state_bound(state) <= search_positions():
            return None
        return searched(state, misere=True)

    def region_bound(self, region: Word) -> int:
        """The words on the vertices that are not full yet."""
        return count_words(sum(1 for code in region if code != FULL))

    def format_state(self, state: Word) -> str:
        """The number of vertices when no diagonal is drawn, else the word (``aoaoo``)."""
        if all(code == NONE for code in state):
            return str(len(state))
        letters: dict[int, str] = {}
        shown = []
        for i, code in enumerate(state):
            if code >= PAIRED:
                pair = min(i, (i + code - PAIRED) % len(state))
                shown.append(letters.setdefault(pair, _LETTERS[len(letters)]))
            else:
                shown.append("o+x"[code])
        return "".join(shown)

    def parse_state(self, tokens: Sequence[str]) -> Word:
        """A number of vertices (>= 3), or a word of ``o``, ``+``, ``x`` and paired letters."""
        if len(tokens) != 1:
            raise InvalidPosition("diagonals takes one polygon: a number of vertices like 7, "
                                  f"or a word like aoaoo, not {' '.join(tokens)!r}")
        text = tokens[0]
        if is_whole_number(text):
            n = whole_number(text, "diagonals vertices", error=InvalidPosition)
            if not 3 <= n <= MAX_VERTICES:
                raise InvalidPosition(f"diagonals {short_number(n)}: a polygon has 3 to "
                                      f"{MAX_VERTICES} vertices here")
            return (NONE,) * n
        return _parse_word(text)


def _parse_word(text: str) -> Word:
    """A word of ``o``, ``+``, ``x`` and letters, each letter twice, never side by side."""
    m = len(text)
    if not 3 <= m <= MAX_VERTICES or set(text) - set("o+x" + _LETTERS):
        raise InvalidPosition(f"diagonals {text!r} is not a number of vertices (>= 3) nor a "
                              f"word of 3 to {MAX_VERTICES} letters o, +, x and paired letters "
                              "(like aoaoo)")
    degrees, partners = [], []
    for i, char in enumerate(text):
        if char in "o+x":
            degrees.append("o+x".index(char))
            partners.append(-1)
            continue
        where = [k for k, other in enumerate(text) if other == char]
        if len(where) != 2:
            raise InvalidPosition(f"diagonals {text!r}: letter {char!r} marks the two ends of "
                                  "one diagonal, so it appears exactly twice")
        other = where[1] if where[0] == i else where[0]
        if (other - i) % m in (1, m - 1):
            raise InvalidPosition(f"diagonals {text!r}: the ends {char!r} are neighbours, and "
                                  "neighbours are joined by a side, not a diagonal")
        degrees.append(1)
        partners.append(other)
    return _encode(range(m), degrees, partners)


DIAGONALS = Diagonals()

#: How the answers of :func:`searched` say they were found.
OUTCOME_SEARCH = ("the outcome search of the runs of open vertices (grundy.boards."
                  "diagonals_search): it finds who wins, not the nim-value")


def searched(state: Word, misere: bool) -> RuleAnswer:
    """Who wins ``state`` and every winning move, by the outcome search of
    :mod:`grundy.boards.diagonals_search`, within one budget for the whole answer.

    >>> rule = searched((NONE,) * 6, misere=False)
    >>> [(move, DIAGONALS.format_state(option())) for move, option in rule.moves]
    [('draw the diagonal 1-4', 'ooaooa')]
    """
    from grundy.boards.diagonals_kernel import MOST_OPEN
    from grundy.boards.diagonals_search import OPTIONS_PER_POSITION, SEARCHES, estimated_options

    what = f"the outcome search of diagonals {DIAGONALS.format_state(state)}"
    open_vertices = sum(1 for code in state if code != FULL)
    needed = estimated_options(open_vertices)
    if open_vertices > MOST_OPEN:
        raise TooBig(what, limit=MOST_OPEN, unit="open vertices", advice=f"this position "
                     f"has {open_vertices} (about {needed:.0e} options), and no "
                     "budget allows more")
    allowed = int(search_positions() * OPTIONS_PER_POSITION)
    if needed > allowed:
        raise TooBig(what, size=needed, limit=allowed, unit="options",
                     advice=f"a time budget of {time_needed(ceil(needed / OPTIONS_PER_POSITION))}"
                     " (--budget) would allow it")
    search = SEARCHES[misere]
    search.start(f"the outcome search of diagonals {DIAGONALS.format_state(state)}"
                 f"{' (misère)' if misere else ''}")
    if not search.wins(runs_of(state)):
        return RuleAnswer(Outcome.P, (), OUTCOME_SEARCH)
    moves = []
    for text, option in DIAGONALS.labelled_moves(state):
        assert isinstance(option, tuple), "a polygon never falls apart"
        if not search.wins(runs_of(option)):
            moves.append((text, ready(option)))
    return RuleAnswer(Outcome.N, tuple(moves), OUTCOME_SEARCH)


def runs_of(word: Word) -> State:
    """The runs of open vertices of a position, as :mod:`grundy.boards.diagonals_search`
    keeps them.

    >>> runs_of(DIAGONALS.parse_state(["aoaoo"]))
    (True, ((0, 0, 2, 0, 2),))
    >>> runs_of(DIAGONALS.parse_state(["+oxaoa"]))
    (False, ((0, 1, 2, 0, 2),))
    """
    from grundy.boards.diagonals_search import BARE, FILLED, LONE, settle
    from grundy.boards.diagonals_search import PAIRED as PAIR_LABEL

    m = len(word)
    labels = []
    for i, code in enumerate(word):
        if code == FULL:
            labels.append(FILLED)
        elif code == ONE_TO_FULL:
            labels.append(LONE)
        elif code >= PAIRED:
            # Both ends of a diagonal carry the label of its lesser end.
            labels.append(PAIR_LABEL + min(i, (i + code - PAIRED) % m))
        else:
            labels.append(BARE)
    return settle(True, [labels])
