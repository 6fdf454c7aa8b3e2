"""Whole-number solutions of one equation that mixes nim-sums and sums:

    c ^ (s·q1 + r1) ^ ... ^ (s·qL + rL) = s·(q1 + ... + qL) + d,     q1, ..., qL >= 0.

Both sides are read one binary digit at a time, from the lowest, as a pencil-and-paper
addition is: at each digit the next bit of every ``qi`` is chosen, and what the digit needs
from the digits below (the carries of each product-and-sum and the last bits of each
``qi`` that the multiplication by ``s`` still reads) is a state with finitely many values.
An equation has a solution exactly when some path of choices leads from the first digit
to a state whose carries, with every later bit of the ``q``'s zero, make both sides agree
on every higher digit; a breadth-first search over the states decides it, and the path it
finds is a solution.  The constants' digits run out after their bit length, so the states
past it no longer depend on the digit's position and the search is finite.

This decides the "no option reaches this value" half of an arithmetic period of a
take-and-break game (:mod:`grundy.heap.arithmetic_proof`): the values of heaps of one
residue grow by the saltus ``s`` each period, and a move's parts are heaps of such
residues.

>>> xor_solution(3, (0, 1), 0, 1)       # (3q1) ^ (3q2 + 1) = 3(q1 + q2) + 1: q = (0, 0)
(0, 0)
>>> xor_solution(3, (0, 0, 0), 0, 2) is None   # the nim-sum of three multiples of 3 and 3x + 2
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import product

# A state: (digit, last bits of each q, carry of each s·qi + ri, carry of s·Q + d).
_State = tuple[int, tuple[int, ...], tuple[int, ...], int]


def xor_solution(saltus: int, rests: Sequence[int], constant: int, target: int
                 ) -> tuple[int, ...] | None:
    """The least-bits solution ``(q1, ..., qL)`` of the equation above (``s = saltus``,
    ``ri = rests[i]``, ``c = constant``, ``d = target``), or None when it has none.

    >>> xor_solution(1, (0,), 5, 5)          # 5 ^ q = q + 5: q = 0
    (0,)
    >>> xor_solution(2, (1, 1), 0, 0)        # (2q1 + 1) ^ (2q2 + 1) = 2(q1 + q2)
    (0, 0)
    >>> xor_solution(2, (1,), 0, 0) is None  # an odd number is never even
    True
    """
    if saltus < 1 or min(rests, default=0) < 0 or constant < 0 or target < 0:
        raise ValueError("the saltus must be positive and the constants whole numbers")
    search = _Search(saltus, tuple(rests), constant, target)
    return search.run()


class _Search:
    """One equation's states, searched breadth first from the lowest digit."""

    def __init__(self, saltus: int, rests: tuple[int, ...], constant: int, target: int):
        self.saltus = saltus
        self.rests = rests
        self.constant = constant
        self.target = target
        self.width = len(rests)
        self.kept = (1 << (saltus.bit_length() - 1)) - 1  # the bits of a q still read
        self.digits = max(saltus.bit_length(), constant.bit_length(), target.bit_length(),
                          *(r.bit_length() for r in rests)) if rests else 0

    def run(self) -> tuple[int, ...] | None:
        zeros = (0,) * self.width
        start: _State = (0, zeros, zeros, 0)
        came_from: dict[_State, tuple[_State, tuple[int, ...]] | None] = {start: None}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            if state[0] >= self.digits and self._ends_equal(state):
                return self._path(came_from, state)
            for bits in product((0, 1), repeat=self.width):
                following = self._step(state, bits)
                if following is not None and following not in came_from:
                    came_from[following] = (state, bits)
                    queue.append(following)
        return None

    def _step(self, state: _State, bits: Sequence[int]) -> _State | None:
        """The state after choosing ``bits`` (one per q) at this digit, or None when the
        two sides' bits differ there."""
        digit, last, carries, carry = state
        left = self.constant >> digit & 1
        right_sum = (self.target >> digit & 1) + carry
        kept, new_last, new_carries = self.kept, [], []
        for i, bit in enumerate(bits):
            window = last[i] << 1 | bit  # bit j: q's bit (digit - j)
            times = (window & self.saltus).bit_count()
            total = times + (self.rests[i] >> digit & 1) + carries[i]
            left ^= total & 1
            new_carries.append(total >> 1)
            new_last.append(window & kept)
            right_sum += times
        if left != right_sum & 1:
            return None
        return (min(digit + 1, self.digits), tuple(new_last), tuple(new_carries),
                right_sum >> 1)

    def _ends_equal(self, state: _State) -> bool:
        """With every later bit zero, do both sides agree on every higher digit?"""
        zeros = (0,) * self.width
        while state[1] != zeros or state[3] or any(state[2]):
            following = self._step(state, zeros)
            if following is None:
                return False
            state = following
        return True

    def _path(self, came_from: dict[_State, tuple[_State, tuple[int, ...]] | None],
              state: _State) -> tuple[int, ...]:
        chosen: list[tuple[int, ...]] = []
        step = came_from[state]
        while step is not None:
            state, bits = step
            chosen.append(bits)
            step = came_from[state]
        chosen.reverse()
        return tuple(sum(bits[i] << digit for digit, bits in enumerate(chosen))
                     for i in range(self.width))
