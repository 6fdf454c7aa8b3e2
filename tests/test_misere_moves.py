"""The winning moves a misère quotient lists are exactly the options the brute force finds
lost for the player to move: splits judged as a group (take-and-break codes, unequal parts
``!`` among them) and options judged one by one (hexadecimal codes that leave three heaps)."""

from __future__ import annotations

import random

import pytest

from grundy.catalogue import parse_position
from grundy.heap.base import Splits
from grundy.heap.takebreak import TakeAndBreak
from grundy.misere.answer import quotient_answer
from grundy.values import Outcome

from brute import position_moves, row_moves_octal, wins_of


def random_codes(count: int, rng: random.Random) -> list[str]:
    """Codes of two or three digits after the point, some hexadecimal, some with ``!`` on a
    digit that splits in two."""
    codes = []
    while len(codes) < count:
        digits = [rng.choice([0, 4]), *(rng.randrange(1, 16 if len(codes) % 3 == 2 else 8)
                                        for _ in range(rng.randrange(2, 4)))]
        marks = ["!" if d & 12 == 4 and rng.random() < 0.5 else "" for d in digits]
        written = "".join(f"{d:x}{m}" for d, m in zip(digits[1:], marks[1:], strict=True))
        prefix = "hex:" if any(d > 7 for d in digits) else "octal:"
        codes.append(f"{prefix}{digits[0]}{marks[0]}.{written}")
    return codes


def test_option_groups_are_the_options() -> None:
    rng = random.Random(20261126)
    for text in random_codes(30, rng):
        game = parse_position(text + " 1").components[0].game
        assert isinstance(game, TakeAndBreak)
        for n in range(25):
            grouped = [o for g in game.option_groups(n)
                       for o in (g.options() if isinstance(g, Splits) else (g,))]
            assert grouped == list(game.heap_options(n)), (text, n)


@pytest.mark.slow
def test_winning_moves_are_the_lost_options() -> None:
    rng = random.Random(20261125)
    checked = 0
    for text in ["octal:0.14!", "octal:4!.07", "hex:0.18", *random_codes(5, rng)]:
        game = parse_position(text + " 1").components[0].game
        assert isinstance(game, TakeAndBreak)
        moves = position_moves(row_moves_octal(game.digits, game.rules.unequal))
        wins = wins_of(moves, misere=True)
        for _ in range(12):
            heaps = tuple(sorted(rng.randrange(1, 11) for _ in range(rng.randrange(1, 4))))
            found = quotient_answer(parse_position(f"{text} {' '.join(map(str, heaps))}"))
            if found is None:
                continue
            checked += 1
            assert (found.outcome is Outcome.N) == wins(heaps), (text, heaps)
            listed = {tuple(sorted(h for c in move.position.components
                                   for h in c.state if h)) for move in found.moves}
            assert listed == {o for o in moves(heaps) if not wins(o)}, (text, heaps)
    assert checked > 60
