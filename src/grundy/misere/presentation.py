"""A presentation of a finite commutative monoid: generators, relations, and a word per element.

Generators are named ``a, b, c, ...`` in the order of the first heap whose element is not a
product of earlier generators.  Each element is written as its least word in the degree-then-
lexicographic order (a term order, so the set of least words is closed under division), and
the relations are ``w = least word of w`` for the minimal words w that are not least words.
Rewriting with these relations brings any word to the least word of its element, so they
present the monoid completely.

>>> import numpy as np
>>> from grundy.misere.monoid import BipartiteMonoid
>>> table = np.array([[0, 1], [1, 0]], dtype=np.int32)
>>> p = presentation(BipartiteMonoid(table, np.array([False, True])), [0, 1, 0])
>>> p.generators, p.relations, p.words
(['a'], [('a²', '1')], ['1', 'a'])
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass

from grundy.misere.monoid import BipartiteMonoid

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class Presentation:
    """``generators`` (names), the heap each stands for, ``relations`` (left, right),
    and ``words[x]``, the least word of element x."""

    generators: list[str]
    heaps: list[int]
    relations: list[tuple[str, str]]
    words: list[str]


def presentation(monoid: BipartiteMonoid, images: Sequence[int]) -> Presentation:
    """The presentation of ``monoid`` whose generators are the elements of heaps in
    ``images`` (``images[n]`` is the element of heap n)."""
    order = monoid.order
    # Generators: heaps whose element is not yet reached by the generators before them.
    reached = {0}
    heaps: list[int] = []
    gens: list[int] = []
    for heap, element in enumerate(images):
        if element not in reached:
            heaps.append(heap)
            gens.append(element)
            reached = _closure(monoid, gens)
            if len(reached) == order:
                break
    names = [_name(i) for i in range(len(gens))]
    least: dict[int, tuple[int, ...]] = {}
    relations: list[tuple[str, str]] = []
    normal: set[tuple[int, ...]] = set()
    start = (0,) * len(gens)
    queue: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = [(0, _key(start), start, 0)]
    queued = {start}
    while queue:
        _, _, word, element = heapq.heappop(queue)
        if element not in least:
            least[element] = word
            normal.add(word)
            for i, g in enumerate(gens):
                longer = (*word[:i], word[i] + 1, *word[i + 1:])
                if longer not in queued:
                    queued.add(longer)
                    heapq.heappush(queue, (sum(longer), _key(longer), longer,
                                           monoid.times(element, g)))
        elif all((*word[:i], word[i] - 1, *word[i + 1:]) in normal
                 for i in range(len(gens)) if word[i]):
            relations.append((_say(word, names), _say(least[element], names)))
    words = [_say(least[x], names) for x in range(order)]
    return Presentation(names, heaps, relations, words)


def _closure(monoid: BipartiteMonoid, gens: list[int]) -> set[int]:
    reached = {0}
    todo = [0]
    while todo:
        x = todo.pop()
        for g in gens:
            y = monoid.times(x, g)
            if y not in reached:
                reached.add(y)
                todo.append(y)
    return reached


def _key(word: tuple[int, ...]) -> tuple[int, ...]:
    # Among words of one degree, those with more of the earlier generators come first.
    return tuple(-e for e in word)


def _name(index: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return letters[index] if index < 26 else f"x{index}"


def _say(word: tuple[int, ...], names: list[str]) -> str:
    """``a²b``; ``1`` for the empty word."""
    parts = []
    for name, power in zip(names, word, strict=True):
        if power == 1:
            parts.append(name)
        elif power > 1:
            parts.append(name + str(power).translate(_SUPERSCRIPTS))
    return "".join(parts) or "1"


def rows_of_twelve(values: list[str]) -> list[str]:
    """Values in rows of twelve, each row led by the index of its first.

    >>> rows_of_twelve(["1", "a"])
    ['     0: 1      a']
    """
    return [f"{start:>6}: " + " ".join(f"{v:<6}" for v in values[start:start + 12]).rstrip()
            for start in range(0, len(values), 12)]
