"""Moore's Nim_k: take tokens from up to ``k`` heaps at once (at least one from each).

*Theorem* (E. H. Moore, 1910): a position is a P-position iff, for every binary digit
position, the number of heaps having a 1 there is divisible by ``k + 1``.  (``k = 1`` is
Nim.)  Under misère play the P-positions are the same, except when no heap has more than
one token: then they are those whose number of heaps is ``1 mod (k + 1)``.  So who wins is
known at any size, and a winning move is built digit by digit from the theorem's proof
(:func:`winning_move`); every winning move is listed by the same construction with all its
choices (:func:`winning_options`), without looking at the other moves.  One heap is plain
Nim (a heap of ``n`` reaches every smaller heap).  Other nim-values have no known formula:
they are searched, only for positions small enough for the search budget.

>>> game = Moore(2)
>>> game.is_p_position((1, 2, 3)), game.is_p_position((3, 3, 3)), game.is_p_position((5, 6))
(False, True, False)
>>> [d for d, _ in game.moves_to_value((3, 3, 4), 0)]
['take 1 from 4, leaving 3']
>>> winning_move((11, 35, 37, 15), 3)
(11, 11, 11, 11)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from itertools import combinations

from grundy.budget import search_positions
from grundy.core.game import Option, RuleAnswer
from grundy.core.ruleset import Ruleset
from grundy.errors import TooBig, capped
from grundy.heap.base import HeapPositions, Heaps
from grundy.heap.numbered import Numbered
from grundy.values import Outcome, Value

#: Largest ``k`` accepted (more heaps than that are never played).
MAX_K = 1000

#: Most winning moves listed: past it the answer is refused, naming one winning move.
MAX_WINNING_MOVES = 10_000

#: The nim-value is searched when the moves the search may look at (positions times moves
#: of the first position) are at most the search budget divided by this: each move of
#: Moore's Nim costs the general solver about as much as a position of a heap game.
SEARCH_SHARE = 10

THEOREM = ("Moore's theorem: the player to move loses exactly when, in every binary digit "
           "position, the number of heaps with a 1 there is a multiple of k+1")
MISERE_THEOREM = (THEOREM + ", except when no heap has more than one token: then exactly "
                  "when the number of heaps is 1 more than a multiple of k+1 (misère play)")
ONE_HEAP = ("one heap of Moore's Nim is a heap of Nim: it reaches every smaller heap, so "
            "its nim-value is its size")
NO_VALUE = "the nim-values of Moore's Nim are not known in general, and this one is too big " \
           "to search"


def is_p_position(heaps: Heaps, k: int) -> bool:
    """Moore's rule: every binary digit is 1 in a multiple of ``k + 1`` heaps.

    >>> is_p_position((3, 5, 6), 2), is_p_position((1, 2, 3), 1)
    (False, True)
    >>> is_p_position((7, 7, 7), 2)
    True
    """
    top = max(heaps, default=0).bit_length()
    return all(sum(h >> bit & 1 for h in heaps) % (k + 1) == 0 for bit in range(top))


def is_misere_p_position(heaps: Heaps, k: int) -> bool:
    """Moore's misère rule: as under normal play when a heap has 2 tokens or more; else the
    number of (one-token) heaps is 1 more than a multiple of ``k + 1``.

    >>> is_misere_p_position((1,), 2), is_misere_p_position((1, 1, 1), 2)
    (True, False)
    """
    if all(h <= 1 for h in heaps):
        return sum(heaps) % (k + 1) == 1
    return is_p_position(heaps, k)


def winning_move(heaps: Heaps, k: int) -> Heaps | None:
    """The heaps after a winning move (sorted, empty heaps kept), or None at a P-position.

    The construction of Moore's proof, from the highest binary digit down: a heap lowered
    at a higher digit is *free* (its lower digits may be anything and it stays smaller).
    At each digit let ``r`` be the count, mod ``k + 1``, of the heaps not free that have a 1
    there, and ``s`` the free heaps.  If ``s + r <= k``, lower ``r`` of those heaps here
    (they become free) and give the free heaps a 0; otherwise ``s >= k + 1 - r``, and
    ``k + 1 - r`` free heaps get a 1, the others a 0.  Either way the digit's count becomes
    a multiple of ``k + 1`` and at most ``k`` heaps change.  O(digits x heaps).

    >>> winning_move((3, 3, 4), 2), winning_move((3, 3, 3), 2)
    ((3, 3, 3), None)
    """
    if is_p_position(heaps, k):
        return None
    result = list(heaps)
    free: list[int] = []
    for bit in reversed(range(max(heaps, default=0).bit_length())):
        mask = 1 << bit
        ones = [i for i, h in enumerate(heaps) if h & mask and i not in free]
        r = len(ones) % (k + 1)
        if len(free) + r <= k:
            for i in ones[:r]:
                result[i] &= ~mask
            raised: list[int] = []
            free.extend(ones[:r])
        else:
            raised = free[:k + 1 - r]
        for i in free:
            result[i] = result[i] | mask if i in raised else result[i] & ~mask
    return tuple(sorted(result))


def winning_options(heaps: Heaps, k: int, most: int, misere: bool = False
                    ) -> list[Heaps] | None:
    """Every position a winning move leaves (canonical: sorted, no empty heaps), or None when
    there are more than ``most``.

    Moore's construction with every choice it allows: at each digit, which heaps not yet
    lowered are lowered there, and which free heaps get a 1.  A choice that leaves the
    digit's count a multiple of ``k + 1`` can always be completed below, so the work grows
    with the moves found, not with the moves of the position.  Heaps of one size are
    interchangeable until lowered, and are chosen by how many.

    >>> winning_options((3, 3, 4), 2, 10), winning_options((1, 1), 2, 10, misere=True)
    ([(3, 3, 3)], [(1,)])
    """
    if misere and all(h <= 1 for h in heaps):
        ones = len(heaps)
        return [(1,) * (ones - y) for y in range(1, min(k, ones) + 1)
                if (ones - y) % (k + 1) == 1]
    found: set[Heaps] = set()
    if misere:
        _all_small_options(heaps, k, found)
    sizes = sorted(Counter(h for h in heaps if h).items())
    values = [v for v, _ in sizes]
    top = max(values, default=0).bit_length()
    # ``work[0]`` counts the choices looked at: each leads to a move, or fails at its digit.
    work = [0]
    most_work = (most + 1) * 8 * max(1, top)
    # Depth first, each level a lazy iterator of the choices at one digit: ``tight[g]`` is
    # how many heaps of size values[g] are not lowered yet; ``free`` the lowered ones' prefixes.
    stack = [_choices(values, tuple(c for _, c in sizes), (), top - 1, k, work)]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
        elif step[0] >= 0:
            stack.append(_choices(values, step[1], step[2], step[0], k, work))
        elif step[2]:
            after = [v for v, c in zip(values, step[1], strict=True) for _ in range(c)]
            option = tuple(sorted(h for h in (*after, *step[2]) if h))
            if not misere or any(h > 1 for h in option):
                found.add(option)
        if len(found) > most or work[0] > most_work:
            return None
    return sorted(found)


def _choices(values: list[int], tight: tuple[int, ...], free: tuple[int, ...], bit: int,
             k: int, work: list[int]) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Every way of setting binary digit ``bit`` so that its count is a multiple of k+1:
    the state for the next digit down (``bit - 1``)."""
    with_one = [g for g, v in enumerate(values) if v >> bit & 1 and tight[g]]
    ones = sum(tight[g] for g in with_one)
    room = k - len(free)
    for lowered in _bounded_compositions([tight[g] for g in with_one], room):
        work[0] += 1
        still = ones - sum(lowered)
        new_tight = list(tight)
        new_free: list[int] = []
        for g, count in zip(with_one, lowered, strict=True):
            new_tight[g] -= count
            new_free.extend([(values[g] >> bit) - 1] * count)
        seen: set[tuple[int, ...]] = set()
        for raised in range((-still) % (k + 1), len(free) + 1, k + 1):
            for chosen in combinations(range(len(free)), raised):
                work[0] += 1
                picked = set(chosen)
                prefixes = tuple(sorted([2 * p + (i in picked) for i, p in enumerate(free)]
                                        + new_free))
                if prefixes not in seen:
                    seen.add(prefixes)
                    yield bit - 1, tuple(new_tight), prefixes


def _bounded_compositions(limits: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Tuples ``t`` with ``0 <= t[i] <= limits[i]`` and ``sum(t) <= total``, counting up
    from all zeros like an odometer (no recursion: there may be thousands of sizes)."""
    counts = [0] * len(limits)
    used = 0
    yield tuple(counts)
    while True:
        i = len(counts) - 1
        while i >= 0 and (counts[i] == limits[i] or used == total):
            used -= counts[i]
            counts[i] = 0
            i -= 1
        if i < 0:
            return
        counts[i] += 1
        used += 1
        yield tuple(counts)


def _all_small_options(heaps: Heaps, k: int, found: set[Heaps]) -> None:
    """The misère winning moves that leave no heap of more than one token: every big heap
    lowered to 0 or 1, and maybe some one-token heaps taken, leaving 1 mod (k+1) heaps."""
    big = sum(1 for h in heaps if h > 1)
    ones = sum(1 for h in heaps if h == 1)
    if big > k:
        return
    for kept in range(big + 1):
        for taken in range(min(ones, k - big) + 1):
            left = kept + ones - taken
            if big + taken and left % (k + 1) == 1:
                found.add((1,) * left)


class Moore(Numbered, HeapPositions):
    """Moore's Nim_k on heaps; ``moore:K H1 H2 ...``.

    A position is *not* a sum of its heaps (a move may touch several), so its value is the
    general solver's, except at P-positions and for one heap.
    """

    picture = "moore"
    name = "moore"

    lowest = 1
    highest = MAX_K
    number_is = "k is the most heaps a move takes from,"
    number_named = "the number K"

    @property
    def k(self) -> int:
        """The most heaps a move takes from."""
        return self.number

    def is_p_position(self, state: Heaps) -> bool:
        """Moore's rule (see :func:`is_p_position`)."""
        return is_p_position(state, self.k)

    def moves(self, state: Heaps) -> Iterator[Option]:
        """Choose 1 to ``k`` heaps and take at least one token from each."""
        for count in range(1, min(self.k, len(state)) + 1):
            for chosen in combinations(range(len(state)), count):
                for left in _lazy_product([state[i] for i in chosen]):
                    heaps = list(state)
                    for i, keep in zip(chosen, left, strict=True):
                        heaps[i] = keep
                    yield self.canonical(tuple(heaps))

    def move_bound(self, state: Heaps) -> int:
        """Moves of ``state`` (the most of any position it reaches): the sums over 1 to
        ``k`` heaps of the products of their sizes."""
        # sums[j]: the j-th elementary symmetric sum of the heaps seen so far.
        sums = [1] + [0] * min(self.k, len(state))
        for h in state:
            for j in range(len(sums) - 1, 0, -1):
                sums[j] = capped(sums[j] + sums[j - 1] * h)
        return capped(sum(sums[1:]))

    def search_work(self, state: Heaps) -> int:
        """Moves the general solver may look at to find the nim-value of ``state``."""
        return capped(self.state_bound(state) * self.move_bound(state))

    def searchable(self, state: Heaps) -> bool:
        """Whether the nim-value of ``state`` is searched: the search fits its share of the
        budget (:data:`SEARCH_SHARE`)."""
        return self.search_work(state) <= search_positions() // SEARCH_SHARE

    def describe_move(self, state: Heaps, option: Option) -> str:
        """``take 1 from 4, leaving 3`` or ``take 2 from 5 and 1 from 3, leaving 3 and 2``."""
        before, after = _changed(state, option)
        taken = " and ".join(f"{b - a} from {b}" for b, a in zip(before, after, strict=True))
        left = " and ".join(map(str, after))
        return f"take {taken}, leaving {left}"

    def moves_to_value(self, state: Heaps, target: int) -> Iterator[tuple[str, Option]]:
        """Moves to P-positions by Moore's construction (no search); other targets by
        search."""
        if target != 0:
            yield from super().moves_to_value(state, target)
            return
        for option in self._winning_options(state, misere=False):
            yield self.describe_move(state, option), option

    def value(self, state: Heaps) -> Value:
        """0 at a P-position by Moore's rule, the heap for one heap, else the general
        solver's value (refused when :meth:`searchable` says no)."""
        state = self.canonical(state)
        if self.is_p_position(state):
            return 0
        if len(state) == 1:
            return state[0]
        if not self.searchable(state):
            raise TooBig(f"the nim-value of {self.text} {self.format_state(state)[:40]} "
                         f"({NO_VALUE})", size=self.search_work(state),
                         limit=search_positions() // SEARCH_SHARE, unit="moves")
        return self.solver().value(state)

    def normal_rule(self, state: Heaps) -> RuleAnswer | None:
        """Who wins by Moore's theorem, with every winning move, where the nim-value is not
        searched (more than one heap and too big a search)."""
        state = self.canonical(state)
        if len(state) <= 1 or self.is_p_position(state) or self.searchable(state):
            return None
        return self._rule(state, misere=False)

    def misere_rule(self, state: Heaps) -> RuleAnswer:
        """Who wins under misère play by Moore's misère rule, with every winning move."""
        return self._rule(self.canonical(state), misere=True)

    def reason(self, state: Heaps) -> str | None:
        """Moore's theorem for a P-position; Nim for one heap."""
        state = self.canonical(state)
        if len(state) == 1:
            return ONE_HEAP
        return THEOREM if self.is_p_position(state) else None

    def _rule(self, state: Heaps, misere: bool) -> RuleAnswer:
        lost = (is_misere_p_position if misere else is_p_position)(state, self.k)
        options = [] if lost else self._winning_options(state, misere)
        moves = tuple((self.describe_move(state, option), _constant(option))
                      for option in options)
        reason = MISERE_THEOREM if misere else f"{THEOREM}; {NO_VALUE}"
        return RuleAnswer(Outcome.P if lost else Outcome.N, moves, reason)

    def _winning_options(self, state: Heaps, misere: bool) -> list[Heaps]:
        found = winning_options(state, self.k, MAX_WINNING_MOVES, misere)
        if found is not None:
            return found
        one = self._one_winning_option(state, misere)
        shown = self.describe_move(state, one)
        raise TooBig(f"{self.text} {self.format_state(state)[:40]}: the first player wins by "
                     f"Moore's theorem ({shown[:120]}, for one); listing every winning move",
                     limit=MAX_WINNING_MOVES, unit="moves")

    def _one_winning_option(self, state: Heaps, misere: bool) -> Heaps:
        """One winning move by Moore's construction.  Under misère play (a heap of 2 or
        more, else every move is listed), the normal-play move wins unless it leaves no
        heap of 2 or more; then a move to 1 mod (k+1) one-token heaps does."""
        move = winning_move(state, self.k)
        assert move is not None
        if misere and all(h <= 1 for h in move):
            small: set[Heaps] = set()
            _all_small_options(state, self.k, small)
            return min(small)
        return self.canonical(move)


def _lazy_product(sizes: list[int]) -> Iterator[tuple[int, ...]]:
    """Every tuple with ``0 <= t[i] < sizes[i]``, made as it is asked for
    (:func:`itertools.product` would first list each range: 10^20 tokens in a heap)."""
    if not sizes:
        yield ()
        return
    for first in range(sizes[0]):
        for rest in _lazy_product(sizes[1:]):
            yield (first, *rest)


def _constant(option: Heaps) -> Callable[[], Option]:
    return partial(tuple, option)


def _changed(state: Heaps, option: Heaps) -> tuple[list[int], list[int]]:
    """The heaps a move changed, before and after: the multiset differences, matched in
    order of size."""
    before = list(state)
    after = [*option, *([0] * (len(state) - len(option)))]
    after.sort()
    for h in list(before):
        if h in after:
            before.remove(h)
            after.remove(h)
    return sorted(before, reverse=True), sorted(after, reverse=True)


RULESETS = (
    Ruleset("moore", "Moore's Nim_k: take from up to K heaps at once, at least one from each",
            Moore.parse, "K", "moore:2 3 3 4", position="heap sizes", picture="moore"),
)
