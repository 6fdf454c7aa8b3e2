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

>>> from grundy.analysis import analyze
>>> analyze("skewers 2x2x2").winner, analyze("skewers 1x2x3").nim_value
('second', 2)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations, product

from grundy.boards.base import BoardGame
from grundy.boards.bitgrid import MAX_CELLS, bits
from grundy.caches import remembered
from grundy.errors import InvalidPosition, TooBig
from grundy.numerals import shown, sizes

Box = tuple[int, int, int, int]


@remembered("skewers geometry: lines", most=64)
def _lines(p: int, q: int, r: int) -> tuple[tuple[int, int, int], ...]:
    """Every line of the box as (mask, axis, index of the line in its axis)."""
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

    name = "skewers"

    symmetries = 48

    @property
    def empty(self) -> Box:
        """No unpierced cube."""
        return (0, 0, 0, 0)

    def fold(self, state: Box) -> Box:
        """Empty slices dropped, then the least image under the box's symmetries."""
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

    def split(self, state: Box) -> list[Box]:
        """The cubes joined through common lines, each group folded."""
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
