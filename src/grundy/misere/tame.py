"""Tame heap games: misère play decided by Conway's rule for misère Nim, once proved.

A position is *tame* when it plays in misère sums like a Nim heap: its genus is ``0^120``
or ``1^031`` (*fickle*: like Nim heaps of 0 and 1) or ``g^(g, g xor 2)`` (*firm*: like a
Nim heap of g >= 2, or a sum such as ``2 + 2``).  In a sum of tame positions the player
to move loses exactly when

- every part is fickle and the nim-sum is 1, or
- some part is firm and the nim-sum is 0

(Conway, *On Numbers and Games*, chapter 12; Bouton's rule when the parts are Nim heaps).

Here the rule is not assumed: it is written as a bipartite monoid, pairs (nim-sum, some
part firm) multiplied by xor and or, with P-portion {(1, fickle), (0, firm)}, each heap is
given the pair its options call for, and :func:`~grundy.misere.quotient.faithful` proves
that every sum of heaps of every size is a P-position exactly when its pair is in the
P-portion (the types of all heaps are finitely many once the game's periodicity theorem
proves the pairs periodic).  A game whose heaps fail this is not treated as tame.

>>> from grundy.heap.takebreak import KAYLES, TakeAndBreak
>>> tame = tame_quotient((TakeAndBreak("0.33"),))
>>> tame is not None and tame.stable, [tame_pair(tame.images[n]) for n in range(5)]
(True, [(0, False), (1, False), (2, True), (0, False), (1, False)])
>>> tame_quotient((KAYLES,)) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from grundy.caches import Memo
from grundy.heap.base import HeapGame
from grundy.heap.period import Period
from grundy.misere.monoid import BipartiteMonoid
from grundy.misere.quotient import HeapRules, Quotient, QuotientUnknown, heaps_faithful
from grundy.misere.union import HeapUnion
from grundy.values import mex

#: Nim-values past this are not tried (the monoid has two elements per nim-value).
MAX_VALUE = 63
#: The most heaps (of each game) looked at for a proved period.
MAX_HEAPS = 512
#: The most options looked at in all (games splitting heaps in three have many).
MAX_OPTIONS = 1_000_000

_found: Memo[tuple[HeapGame, ...], Quotient | None] = Memo("tame quotients", bound=64)


def tame_pair(element: int) -> tuple[int, bool]:
    """(nim-value, firm) of an element of the tame monoid."""
    return element >> 1, bool(element & 1)


def tame_monoid(bits: int) -> BipartiteMonoid:
    """Pairs (nim-sum below 2**bits, firm) as elements ``2 s + firm``."""
    size = 2 << bits
    element = np.arange(size)
    s, firm = element >> 1, element & 1
    table = ((s[:, None] ^ s[None, :]) << 1) | (firm[:, None] | firm[None, :])
    p = ((s == 1) & (firm == 0)) | ((s == 0) & (firm == 1))
    return BipartiteMonoid(table.astype(np.int32), p)


def tame_quotient(games: tuple[HeapGame, ...]) -> Quotient | None:
    """The tame monoid with each heap's pair, for the heaps of ``games`` together, when the
    rule is proved for every sum of their heaps of every size; None otherwise."""
    key = tuple(sorted(games, key=lambda game: game.text))
    if key in _found:
        return _found[key]
    rules: HeapRules = key[0] if len(key) == 1 else HeapUnion(key)
    found = None
    heaps = 64
    while found is None and heaps <= MAX_HEAPS:
        images = _pairs(rules, heaps * len(key))
        if images is None:
            break
        period = rules.certify(np.asarray(images, dtype=np.int64))
        if period is not None:
            found = _proved(rules, images, period)
            break
        heaps *= 2
    _found[key] = found
    return found


def _pairs(rules: HeapRules, last: int) -> list[int] | None:
    """Each heap's element (2 g + firm) from its options, or None when a heap cannot be tame
    (a nim-value past :data:`MAX_VALUE`, or a heap of value 2 or more that is lost) or the
    heaps have more than :data:`MAX_OPTIONS` options in all."""
    images = [0]
    looked = 0
    for n in range(1, last + 1):
        options = [_xor(images, parts) for parts in rules.heap_options(n)]
        looked += len(options)
        if looked > MAX_OPTIONS:
            return None
        if not options:
            images.append(0)
            continue
        g = mex(o >> 1 for o in options)
        if g > MAX_VALUE:
            return None
        lost = not any(_in_p(o) for o in options)
        if g >= 2:
            if lost:
                return None
            firm = True
        else:
            firm = (g == 1) != lost
        images.append(2 * g + firm)
    return images


def _xor(images: Sequence[int], parts: Sequence[int]) -> int:
    s, firm = 0, 0
    for part in parts:
        if part:
            s ^= images[part] >> 1
            firm |= images[part] & 1
    return 2 * s + firm


def _in_p(element: int) -> bool:
    return element in (2, 1)


def _proved(rules: HeapRules, images: list[int], period: Period) -> Quotient | None:
    bits = max(1, (max(images) >> 1).bit_length())
    monoid = tame_monoid(bits)
    try:
        if not heaps_faithful(monoid, rules, images):
            return None
    except QuotientUnknown:
        return None
    return Quotient(rules, monoid, images, [], period)
