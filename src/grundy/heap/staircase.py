"""Staircase Nim: coins on the steps of a staircase; move any number of coins from one step
down to the step below (from step 1 they leave the staircase).

*Reduction*: the nim-value is the nim-sum of the coins on the odd steps (1, 3, 5, ...).
Proof by induction (the game ends: every coin only goes down): a move changes exactly one
odd step's count — down, when coins leave an odd step, or up, when coins arrive from the
even step above — so no option has the same nim-sum; and every smaller nim-sum is reached
by taking coins from an odd step as in Nim.  Coins moved from an even step to an odd one
can be moved on at once to the even step below, which is why the even steps do not count.

>>> game = Staircase()
>>> game.value((1, 4, 2, 3)), [d for d, _ in game.moves_to_value((1, 4, 2, 3), 0)]
(3, ['move 1 coin from step 2 to step 1', 'move 1 coin from step 3 to step 2'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import reduce
from operator import xor

from grundy.core.game import Game, Option
from grundy.core.ruleset import Ruleset, fixed
from grundy.heap.base import parse_heap

Steps = tuple[int, ...]


class Staircase(Game[Steps]):
    """Staircase Nim; a position is the coins on steps 1, 2, ... (trailing empty steps
    dropped)."""

    picture = "staircase"
    name = "staircase"

    def value(self, state: Steps) -> int:
        """The nim-sum of the odd steps' coins."""
        return reduce(xor, state[0::2], 0)

    def moves(self, state: Steps) -> Iterator[Steps]:
        """Move 1 to all of a step's coins to the step below."""
        for step, coins in enumerate(state):
            for count in range(1, coins + 1):
                yield self._after(state, step, count)

    def labelled_moves(self, state: Steps) -> Iterator[tuple[str, Option]]:
        """Every move (each leaves a different position)."""
        for step, coins in enumerate(state):
            for count in range(1, coins + 1):
                yield _say(step, count), self._after(state, step, count)

    def moves_to_value(self, state: Steps, target: int) -> Iterator[tuple[str, Option]]:
        """Moves that make odd step ``i`` hold ``c ^ value ^ target`` coins: taken from it, or
        brought from the even step above."""
        change = self.value(state) ^ target
        if change == 0:
            return
        for step in range(0, len(state), 2):
            want = state[step] ^ change
            if want < state[step]:
                count = state[step] - want
                yield _say(step, count), self._after(state, step, count)
            elif step + 1 < len(state) and want - state[step] <= state[step + 1]:
                count = want - state[step]
                yield _say(step + 1, count), self._after(state, step + 1, count)

    def count_moves(self, state: Steps, most: int) -> int:
        """The coins: a move is a step and how many of its coins."""
        return min(sum(state), most + 1)

    def _after(self, state: Steps, step: int, count: int) -> Steps:
        steps = list(state)
        steps[step] -= count
        if step:
            steps[step - 1] += count
        return self.canonical(tuple(steps))

    def canonical(self, state: Steps) -> Steps:
        """Empty steps at the top dropped."""
        steps = list(state)
        while steps and not steps[-1]:
            steps.pop()
        return tuple(steps)

    def format_state(self, state: Steps) -> str:
        """The coins on steps 1, 2, ...; ``0`` for none."""
        return " ".join(map(str, state)) if state else "0"

    def parse_state(self, tokens: Sequence[str]) -> Steps:
        """The coins on steps 1, 2, ...: whole numbers >= 0."""
        return self.canonical(tuple(parse_heap(token) for token in tokens))

    def state_bound(self, state: Steps) -> int:
        """Positions below: step ``i`` can only hold coins that started on it or above.

        >>> Staircase().state_bound((1, 4, 2, 3))
        2640
        """
        total, above = 1, 0
        for coins in reversed(state):
            above += coins
            total *= above + 1
        return total

    def parameters(self) -> tuple[()]:
        """Fixed rules: every instance is the same game."""
        return ()


def _say(step: int, count: int) -> str:
    coins = "1 coin" if count == 1 else f"{count} coins"
    below = "the ground" if step == 0 else f"step {step}"
    return f"move {coins} from step {step + 1} to {below}"


RULESETS = (
    Ruleset("staircase", "Staircase Nim: move coins from a step to the step below (coins on "
            "steps 1, 2, ...)", fixed(Staircase()), example="staircase 1 4 2 3",
            position="coins on steps 1, 2, ...", picture="staircase"),
)
