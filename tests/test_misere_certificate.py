"""The shipped misère quotients proved again from scratch, with nothing from the package
but the JSON files: the order of each quotient is settled by this file alone.

A file gives a table on 0..k-1, a P-portion P and the pretending function phi (one element
per heap up to some size, periodic after). Three facts make k the order of the game's
misère quotient, whatever any paper says:

1. *Faithful*: a sum of heaps G is a misère P-position exactly when phi(G) is in P.  By
   induction on G it is enough that phi(empty) is not in P (the empty position is won by
   the player to move) and that, for every non-empty G, phi(G) is in P exactly when no
   option of G has its product in P.  For a sum G and an element m let H(G)(m) say that
   some option G' of G has phi(G') m in P.  Adding a heap u (element g, option products
   O_u) to G gives phi(G + u) = phi(G) g and H(G + u)(m) = H(G)(g m) or
   [phi(G) o m in P for some o in O_u].  So the pair (phi(G), H(G)) of G + u depends only
   on the pair of G and on u's type (g, O_u); a walk over the finitely many pairs reached
   from the empty sum, adding heaps of every type, checks every sum of heaps of every size.
2. *Onto*: every element is phi of some sum (the products of heap elements are all of
   0..k-1).
3. *Reduced*: for x != y some z has exactly one of xz, yz in P; a sum Z with phi(Z) = z
   (fact 2) then tells x's sums from y's in play (fact 1).

So positions are indistinguishable exactly when their products are equal, and the quotient
has k elements.  The types of heaps of every size are finitely many: for a take-and-break
game whose pretending function has period p from heap e, the option products of heap n + p
and heap n are equal once n >= 2e + p + t (t the most tokens a move takes), because every
split of either heap has a part of at least e + p whose partner in the other split differs
by p.  The walk uses the types of every heap up to 2e + 3p + t.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from brute import row_moves_octal

SHIPPED = ["0.77", "0.75", "0.31", "0.34", "0.52", "0.53", "0.73", "0.123"]


def shipped(code: str) -> dict[str, Any]:
    text = resources.files("grundy.misere").joinpath("quotients", f"octal-{code}.json")
    data: dict[str, Any] = json.loads(text.read_text())
    return data


def digits_of(code: str) -> tuple[int, ...]:
    head, tail = code.split(".")
    return (int(head), *map(int, tail))


class Certificate:
    """A shipped file's claims, checked with plain Python (lists and sets)."""

    def __init__(self, code: str) -> None:
        data = shipped(code)
        self.table: list[list[int]] = data["table"]
        self.k = len(self.table)
        self.p = set(data["p_portion"])
        self.known: list[int] = data["pretending"]
        self.e, self.period = data["preperiod"], data["period"]
        self.partial = self.period is None
        self.moves = row_moves_octal(digits_of(code))
        self.reach = len(digits_of(code)) - 1

    def phi(self, heap: int) -> int:
        if heap < len(self.known):
            return self.known[heap]
        assert not self.partial, "a partial quotient says nothing of larger heaps"
        return self.known[self.e + (heap - self.e) % self.period]

    def product(self, heaps: tuple[int, ...]) -> int:
        x = 0
        for h in heaps:
            x = self.table[x][self.phi(h)]
        return x

    def heap_type(self, heap: int) -> tuple[int, frozenset[int]]:
        return self.phi(heap), frozenset(self.product(o) for o in self.moves(heap))

    def types(self) -> set[tuple[int, frozenset[int]]]:
        """Types of heaps 1..2e + 3p + t: every type of every heap (see the module); for a
        partial quotient, the types of the heaps it covers."""
        last = (len(self.known) - 1 if self.partial
                else 2 * self.e + 3 * self.period + self.reach)
        return {self.heap_type(n) for n in range(1, last + 1) if self.moves(n)}

    def monoid_ok(self) -> bool:
        """Identity 0, commutative, and (x g) z = x (g z) for the heaps' elements g: with
        every element a product of those (:meth:`onto`), that makes the table associative
        (by induction on the length of y: x (y' g) = (x y') g, then
        ((x y') g) z = (x y')(g z) = x (y' (g z)) = x ((y' g) z))."""
        t, r = self.table, range(self.k)
        gens = {g for g, _ in self.types()}
        return (all(t[0][x] == x for x in r)
                and all(t[x][y] == t[y][x] for x in r for y in r)
                and all(t[t[x][g]][z] == t[x][t[g][z]] for x in r for g in gens for z in r))

    def faithful(self) -> bool:
        if 0 in self.p:
            return False
        t, k = self.table, self.k
        types = sorted(self.types(), key=lambda u: (u[0], sorted(u[1])))
        # into[u][x]: the m (as bits) with x o m in P for an option product o of type u.
        lost = [sum(1 << m for m in range(k) if t[y][m] in self.p) for y in range(k)]
        into = [[_union(lost[t[x][o]] for o in options) for x in range(k)]
                for _, options in types]
        start = (0, 0)
        seen, todo = {start}, [start]
        while todo:
            x, h = todo.pop()
            for u, (g, _) in enumerate(types):
                y = t[x][g]
                after = into[u][x] | sum(1 << m for m in range(k) if h >> t[g][m] & 1)
                if (y in self.p) == bool(after & 1):
                    return False
                if (y, after) not in seen:
                    seen.add((y, after))
                    todo.append((y, after))
        return True

    def onto(self) -> bool:
        gens = {g for g, _ in self.types()}
        reached, todo = {0}, [0]
        while todo:
            x = todo.pop()
            for g in gens:
                y = self.table[x][g]
                if y not in reached:
                    reached.add(y)
                    todo.append(y)
        return len(reached) == self.k

    def reduced(self) -> bool:
        def row(x: int) -> tuple[bool, ...]:
            return tuple(self.table[x][z] in self.p for z in range(self.k))
        return len({row(x) for x in range(self.k)}) == self.k

    def periodic(self) -> bool:
        """The file's pretending function repeats as it says over the heaps it lists."""
        return self.partial or all(self.known[n] == self.known[n - self.period]
                   for n in range(self.e + self.period, len(self.known)))


@pytest.mark.parametrize("code", SHIPPED)
def test_shipped_quotient_is_proved_from_scratch(code: str) -> None:
    c = Certificate(code)
    assert c.monoid_ok() and c.periodic() and c.onto() and c.reduced()
    assert c.faithful()
    assert shipped(code)["order"] == c.k


def test_kayles_quotient_has_order_40() -> None:
    """Settles the order of misère Kayles' quotient: 40, proved by the three facts above.

    Every sum of Kayles rows of every length is a P-position exactly when its product is in
    the 9-element P-portion, every one of the 40 elements is the product of some rows, and
    no two of them are indistinguishable."""
    c = Certificate("0.77")
    assert (c.k, len(c.p), c.e, c.period) == (40, 9, 71, 12)
    assert c.monoid_ok() and c.periodic() and c.onto() and c.reduced() and c.faithful()


def test_the_walk_catches_one_wrong_element() -> None:
    """The check is not vacuous: moving one heap of the period to another element, or one
    element out of the P-portion, is caught."""
    c = Certificate("0.77")
    c.known = list(c.known)
    c.known[80] = c.known[81]
    assert not (c.periodic() and c.faithful())
    c = Certificate("0.77")
    c.p = c.p - {min(c.p)}
    assert not (c.faithful() and c.reduced())


def test_option_types_repeat_past_the_bound() -> None:
    """The bound of the module's argument, checked on Kayles: types of heaps from 2e + p + t
    on depend only on the heap modulo p (over three more periods)."""
    c = Certificate("0.77")
    first = 2 * c.e + c.period + c.reach
    for n in range(first, first + 3 * c.period):
        assert c.heap_type(n) == c.heap_type(n + c.period)


@pytest.mark.slow
def test_dawson_partial_quotient_is_proved_for_its_heaps() -> None:
    """Dawson's Kayles is shipped up to heap 30 only: every sum of heaps up to 30 is a
    P-position exactly when its product is in the P-portion, and the 360 elements are all
    reached and told apart (so the quotient of those heaps has order 360)."""
    c = Certificate("0.07")
    assert c.partial and len(c.known) - 1 == 30 and c.k == 360
    assert "heap 30" in shipped("0.07")["stopped"]
    assert c.monoid_ok() and c.onto() and c.reduced() and c.faithful()


def _union(masks: Any) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total
