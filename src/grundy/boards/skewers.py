"""Skewers (game 12): pierce a line of a cube of unit cubes that still has an unpierced cube.

A line is a row of the cube along one of the three axes (x fixed with y, or ...).  A
cube is pierced once any line through it is; a line may be pierced when it still holds an
unpierced cube, so the state is the set of unpierced cubes and piercing a line takes its
cubes out.  Two cubes interact only through a common line, that is when they agree in two
coordinates, so a slice (all cubes with one coordinate fixed) with no unpierced cube can be
dropped and the rest renumbered: states are boxes ``p x q x r``, folded by the 48 turns and
reflections of the box.  Cubes that share no line, even through other cubes, form
independent regions.

A state is ``(p, q, r, cubes)`` with bit ``x + p * (y + q * z)`` for the cube at (x, y, z),
counted from 0.  Text: ``NxNxN`` (or ``PxQxR``) for a full box, else its z-layers from the
bottom, joined by ``|``, each drawn like a flat board (rows of ``.`` unpierced and ``#``
pierced, the row of largest y first, joined by ``/``).  Cubes are named (x, y, z) from 1.

Symmetry: on the 4x4x4 cube of the lecture (any even edge) the second player answers each
line with its image under the reflection in the cube's centre: a parallel line, never the
same one, never meeting it, and still holding an unpierced cube; the second player wins.
The 4x4x4 cube itself is far beyond search (2^48 line sets): its value, 0, comes from this
argument (:func:`grundy.boards.base.balanced`), not from a search.

**Whole boxes by their shape** (:func:`box_value`), at any size the text form reads, with no
geometry built (a million cubes have three million lines of a million bits each):

- At most one odd side: the reflection in the centre maps a line along an axis to the line
  through the mirrored pair of the other two coordinates, which is the same line only when
  both those sides are odd.  So every line has a different, parallel (hence disjoint) image:
  the box is balanced and the second player wins by the symmetry strategy (value 0):
  100x100x100 like 4x4x4.
- Two sides of 1 (a rod of n cubes): a move pierces one cube (a line across the rod) or the
  whole rod, and what is left is a rod again.  So the value g(n) is the mex of g(n - 1) and
  0: g(1) = 1, and then 2, 1, 2, ... -- 1 for an odd rod, 2 for an even one; piercing the
  whole rod is the winning move.

Other boxes too big to search are refused before any geometry is built.

>>> from grundy.analysis import analyze
>>> analyze("skewers 2x2x2").winner, analyze("skewers 1x2x3").nim_value
('second', 2)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations, product

from grundy.boards.base import BoardGame
from grundy.boards.bitgrid import MAX_CELLS, bits
from grundy.budget import time_needed
from grundy.caches import remembered
from grundy.core.game import Option
from grundy.errors import InvalidPosition, TooBig
from grundy.numerals import shown, sizes

Box = tuple[int, int, int, int]


#: The most 64-bit words the masks of a box's lines may take in all (about 400 MB, and
#: seconds to draw): 100x100x100 has 30 000 lines of a million bits each, 3.75 GB.
MAX_LINE_WORDS = 50_000_000


@remembered("skewers geometry: lines", most=64)
def _lines(p: int, q: int, r: int) -> tuple[tuple[int, int, int], ...]:
    """Every line of the box as (mask, axis, index of the line in its axis); refused up
    front past :data:`MAX_LINE_WORDS`.

    >>> _lines(100, 100, 100)
    Traceback (most recent call last):
    ...
    grundy.errors.TooBig: drawing the lines of the box 100x100x100 needs about 5e+8 words; \
the limit is 50000000
    """
    words = (p * q + q * r + r * p) * (p * q * r // 64 + 1)
    if words > MAX_LINE_WORDS:
        raise TooBig(f"drawing the lines of the box {p}x{q}x{r}", size=words,
                     limit=MAX_LINE_WORDS, unit="words")
    found = []
    dims = (p, q, r)
    for axis in range(3):
        others = [d for d in range(3) if d != axis]
        for index, (u, v) in enumerate(product(range(dims[others[0]]), range(dims[others[1]]))):
            mask = 0
            for t in range(dims[axis]):
                at = [0, 0, 0]
                at[axis], at[others[0]], at[others[1]] = t, u, v
                mask |= 1 << (at[0] + p * (at[1] + q * at[2]))
            found.append((mask, axis, index))
    return tuple(found)


@remembered("skewers geometry: maps", most=64)
def _maps(p: int, q: int, r: int) -> tuple[tuple[tuple[int, int, int], tuple[int, ...]], ...]:
    """For each of the 48 symmetries: the new dimensions and where each cube goes."""
    dims = (p, q, r)
    found = []
    for order in permutations(range(3)):
        new_dims = tuple(dims[axis] for axis in order)
        for flips in product((False, True), repeat=3):
            target = []
            for z, y, x in product(range(r), range(q), range(p)):
                old = (x, y, z)
                new = [old[axis] for axis in order]
                new = [new_dims[k] - 1 - new[k] if flips[k] else new[k] for k in range(3)]
                target.append(new[0] + new_dims[0] * (new[1] + new_dims[1] * new[2]))
            found.append(((new_dims[0], new_dims[1], new_dims[2]), tuple(target)))
    return tuple(found)


def _coordinates(p: int, q: int, index: int) -> tuple[int, int, int]:
    x, rest = index % p, index // p
    return x, rest % q, rest // q


#: Why a whole box is answered without a search (see the module).
BALANCED_BOX = ("the lecture's symmetry strategy: a box with at most one odd side is balanced "
                "by the reflection in its centre (every line's image is another line, "
                "parallel and disjoint), so the second player answers every line with its "
                "image")
ROD = ("a rod of n cubes: a move pierces one cube or the whole rod, so its value is 1 when "
       "n is odd and 2 when n is even (the mex of the shorter rod's and 0)")


def whole(state: Box) -> bool:
    """True when every cube of the box is unpierced (and there is one).

    >>> whole((2, 2, 2, 255)), whole((2, 2, 2, 254))
    (True, False)
    """
    p, q, r, cubes = state
    return cubes != 0 and cubes == (1 << p * q * r) - 1


def box_value(state: Box) -> int | None:
    """The value of a whole box by its shape (see the module), or None.

    >>> box_value((100, 100, 100, (1 << 10**6) - 1)), box_value((1, 1, 6, 63))
    (0, 2)
    >>> box_value((3, 3, 1, 511)) is None
    True
    """
    if not whole(state):
        return None
    sides = sorted(state[:3])
    if sides[1] == 1:
        return 1 if sides[2] % 2 else 2
    if sum(side % 2 for side in sides) <= 1:
        return 0
    return None


def _box_reason(state: Box) -> str | None:
    found = box_value(state)
    if found is None:
        return None
    return ROD if sorted(state[:3])[1] == 1 else BALANCED_BOX


def compress(state: Box) -> Box:
    """The box without its empty slices (the rest renumbered in order).

    >>> compress((3, 1, 1, 0b101))
    (2, 1, 1, 3)
    """
    p, q, _, cubes = state
    cells = [_coordinates(p, q, i) for i in bits(cubes)]
    if not cells:
        return (0, 0, 0, 0)
    kept = [sorted({cell[axis] for cell in cells}) for axis in range(3)]
    rank = [{old: new for new, old in enumerate(values)} for values in kept]
    np, nq, nr = (len(values) for values in kept)
    mask = 0
    for x, y, z in cells:
        mask |= 1 << (rank[0][x] + np * (rank[1][y] + nq * rank[2][z]))
    return (np, nq, nr, mask)


class Skewers(BoardGame[Box]):
    """Skewers in a box of unit cubes (see the module for the model and the text form).

    >>> SKEWERS.value((2, 2, 2, 255)), SKEWERS.value((1, 1, 3, 7))
    (0, 1)
    """

    picture = "cube"
    name = "skewers"

    symmetries = 48

    @property
    def empty(self) -> Box:
        """No unpierced cube."""
        return (0, 0, 0, 0)

    def fold(self, state: Box) -> Box:
        """Empty slices dropped, then the least image under the box's symmetries."""
        if whole(state):
            # Every image of a whole box is whole: the least has its sides in order.
            p, q, r = sorted(state[:3])
            return (p, q, r, state[3])
        p, q, r, cubes = compress(state)
        best = (p, q, r, cubes)
        for dims, target in _maps(p, q, r):
            mask = 0
            for i in bits(cubes):
                mask |= 1 << target[i]
            best = min(best, (*dims, mask))
        return best

    def plays(self, state: Box) -> Iterator[int]:
        """Each line with an unpierced cube, as the mask of its cubes."""
        p, q, r, cubes = state
        return (mask for mask, _, _ in _lines(p, q, r) if mask & cubes)

    def apply(self, state: Box, play: int) -> Box:
        """The line's cubes are pierced."""
        return (*state[:3], state[3] & ~play)

    def legal(self, state: Box, play: int) -> bool:
        """A line of the box with an unpierced cube."""
        p, q, r, cubes = state
        return bool(play & cubes) and any(mask == play for mask, _, _ in _lines(p, q, r))

    def describe_play(self, state: Box, play: int) -> str:
        """``pierce the line x=1, y=2 (along z)``."""
        p, q, r, _ = state
        first, second = list(bits(play))[:2] if play.bit_count() > 1 else (*bits(play), -1)
        at = _coordinates(p, q, first)
        if second < 0:
            axis = next(k for k, size in enumerate((p, q, r)) if size == 1)
        else:
            other = _coordinates(p, q, second)
            axis = next(k for k in range(3) if at[k] != other[k])
        fixed = ", ".join(f"{'xyz'[k]}={at[k] + 1}" for k in range(3) if k != axis)
        return f"pierce the line {fixed} (along {'xyz'[axis]})"

    def value(self, state: Box) -> int:
        """The nim-value: a whole box by its shape (:func:`box_value`), else searched."""
        found = box_value(state)
        if found is not None:
            return found
        searched = super().value(state)
        assert isinstance(searched, int), "skewers has no cycles"
        return searched

    def reason(self, state: Box) -> str | None:
        """Why a whole box has its value by its shape, or the symmetry strategy."""
        if whole(state):
            return _box_reason(state)
        return super().reason(state)

    def moves_to_value(self, state: Box, target: int) -> Iterator[tuple[str, Option]]:
        """The moves to value ``target``; on a rod (:func:`box_value`) the two kinds of
        move, without listing a line per cube.

        >>> [move for move, _ in SKEWERS.moves_to_value((1, 1, 6, 63), 0)]
        ['pierce the whole rod (along z)']
        """
        sides = state[:3]
        if not (whole(state) and sorted(sides)[1] == 1):
            yield from super().moves_to_value(state, target)
            return
        n = max(sides)
        axis = "xyz"[sides.index(n)]
        if target == 0:
            yield f"pierce the whole rod (along {axis})", self.empty
        p, q, r = (n - 1 if side == n else side for side in sides)
        rod = (p, q, r, (1 << n - 1) - 1)
        if n > 1 and box_value(rod) == target:
            yield f"pierce the cube at one end of the rod (along {axis})", self.canonical(rod)

    def extent(self, state: Box) -> int:
        """The 64-bit words of the box's bitmask: what applying one line costs."""
        return state[0] * state[1] * state[2] // 64 + 1

    def budget_advice(self, region: Box, bound: int) -> str:
        """The time budget for the region's positions, each costing what folding does: the
        48 symmetries tried on every cube (3x3x3 meets about 300 positions a second, the
        general solver some 400 000)."""
        cost = 48 * region[3].bit_count()
        return (f"a time budget of {time_needed(bound // self.region_symmetries(region) * cost)}"
                " (--budget) would allow it")

    def count_moves(self, state: Box, most: int) -> int:
        """A whole box's lines are counted, not listed."""
        if whole(state):
            p, q, r = state[:3]
            return min(p * q + q * r + r * p, most + 1)
        return super().count_moves(state, most)

    def split(self, state: Box) -> list[Box]:
        """The cubes joined through common lines, each group folded."""
        if whole(state):
            return [self.fold(state)]
        p, q, r, left = state
        lines = [mask for mask, _, _ in _lines(p, q, r)]
        found = []
        while left:
            part = left & -left
            while True:
                bigger = part
                for mask in lines:
                    if mask & part:
                        bigger |= mask & left
                if bigger == part:
                    break
                part = bigger
            found.append(self.fold((p, q, r, part)))
            left &= ~part
        return sorted(found)

    def region_bound(self, region: Box) -> int:
        """Each position is fixed by the lines pierced so far: 2^lines, or 2^cubes if fewer."""
        p, q, r, cubes = region
        if whole(region):
            return 1 << min(p * q + q * r + r * p, p * q * r)
        live_lines = sum(1 for mask, _, _ in _lines(p, q, r) if mask & cubes)
        return 1 << min(live_lines, cubes.bit_count())

    def region_symmetries(self, region: Box) -> int:
        """The box's own symmetries: 48 for a cube, 16 with two equal sides, else 8.

        >>> SKEWERS.region_symmetries((2, 3, 4, 1)), SKEWERS.region_symmetries((2, 2, 2, 1))
        (8, 48)
        """
        sides = len(set(region[:3]))
        return {1: 48, 2: 16}.get(sides, 8)

    def mirror(self, state: Box) -> Box:
        """The reflection in the box's centre."""
        p, q, r, cubes = state
        n = p * q * r
        return (p, q, r, int(format(cubes, f"0{n}b")[::-1], 2) if n else 0)

    def mirror_play(self, state: Box, play: int) -> int:
        """The line reflected in the box's centre."""
        return self.mirror((*state[:3], play))[3]

    def format_state(self, state: Box) -> str:
        """``PxQxR`` when every cube is unpierced, else the layers (see the module)."""
        p, q, r, cubes = state
        if cubes == (1 << p * q * r) - 1:
            return f"{p}x{q}x{r}"
        layers = []
        for z in range(r):
            rows = []
            for y in reversed(range(q)):
                rows.append("".join(".#"[not cubes >> (x + p * (y + q * z)) & 1]
                                    for x in range(p)))
            layers.append("/".join(rows))
        return "|".join(layers)

    def parse_state(self, tokens: Sequence[str]) -> Box:
        """``NxNxN``, ``PxQxR``, or layers like ``../.#|../..``."""
        if len(tokens) != 1:
            raise InvalidPosition(f"skewers takes one box, like 4x4x4, not {' '.join(tokens)!r}")
        text = tokens[0]
        box = sizes(text, 3, "skewers box size", error=InvalidPosition)
        if box is not None:
            p, q, r = box
            if p * q * r > MAX_CELLS:
                raise TooBig(f"reading the box {shown(text)}", size=p * q * r, limit=MAX_CELLS,
                             unit="cubes")
            return (p, q, r, (1 << p * q * r) - 1) if p * q * r else (0, 0, 0, 0)
        return _parse_layers(text)


def _parse_layers(text: str) -> Box:
    layers = [layer.split("/") for layer in text.split("|")]
    shapes = {(len(rows), len(rows[0])) for rows in layers}
    if (set(text) - set("./#|") or len(shapes) != 1
            or any(len(row) != len(rows[0]) or not row for rows in layers for row in rows)):
        raise InvalidPosition(f"skewers box {text!r} is not PxQxR (like 4x4x4) nor layers of "
                              "equal rows of . and # (like ../.#|../..)")
    q, p = shapes.pop()
    r = len(layers)
    if p * q * r > MAX_CELLS:
        raise TooBig("reading a skewers box", size=p * q * r, limit=MAX_CELLS, unit="cubes")
    mask = 0
    for z, rows in enumerate(layers):
        for y, row in enumerate(reversed(rows)):
            for x, char in enumerate(row):
                if char == ".":
                    mask |= 1 << (x + p * (y + q * z))
    return (p, q, r, mask)


SKEWERS = Skewers()
