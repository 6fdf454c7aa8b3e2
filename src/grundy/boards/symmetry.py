"""The lecture's symmetry strategies: answer every move with its mirror image.

A position of a board game is *balanced* when it is its own mirror image and the mirror
answer to every play is still legal after that play (no play meets its own image).  From a
balanced position, whatever the opponent plays, the mirror answer restores a balanced
position, so the player who hands over balanced positions makes the last move and wins.
The mirror is the game's own: the half turn about the centre for Cram, kings, rows and
skewers, the reflection in a middle line for bishops, the reflection in the diagonal for
Chomp (after b2 on a square board the two arms are equal).

:func:`symmetry_strategy` works on states in their frame (as :meth:`BoardGame.apply`
leaves them, not folded): it returns the play that hands over a balanced position — the
mirror answer, or the first move that makes the position balanced (the central domino of
an even x odd Cram board, the central king of an odd x odd board) — or ``None`` when the
position is balanced already (the player to move loses against the strategy) or no play
balances it.

>>> from grundy.boards.cram import CRAM
>>> board = CRAM.apply((2, 4, 255), 0b11)
>>> reply = symmetry_strategy(CRAM, board)
>>> reply.move, CRAM.format_state(reply.state)
('place a domino on c2-d2', '..##/##..')
>>> symmetry_strategy(CRAM, (2, 4, 255)) is None
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple

from grundy.boards.base import BoardGame, balanced
from grundy.boards.frame import FramedBoard
from grundy.boards.grid import GridGame
from grundy.core.game import Game


class Reply(NamedTuple):
    """A strategy move: what it does, in words, and the state it leaves (same frame)."""

    move: str
    state: Hashable


def symmetry_strategy(game: Game[Any], state: Any) -> Reply | None:
    """The play that leaves a balanced position (see the module), or None.

    >>> from grundy.boards.kings import KINGS
    >>> symmetry_strategy(KINGS, (3, 3, 511)).move
    'put a king on b2'
    """
    if isinstance(game, FramedBoard):
        # The strategy is the searched game's, its answer made in the player's frame.
        inner = symmetry_strategy(game.searched, game.inner(state))
        found = None if inner is None else game.framed_play(state, inner.state)
        return None if found is None else Reply(*found)
    if not isinstance(game, BoardGame) or game.mirror(state) is None:
        return None
    if isinstance(game, GridGame):
        # A whole board: its shape says whether it is balanced, or which play balances it.
        opening = game.symmetry_opening(state)
        if opening is not None:
            return Reply(game.describe_play(state, opening),
                         game.apply(state, opening)) if opening else None
        # After a play on a balanced board, the answer is the cells whose image is gone
        # (where a play takes just its cells): one check instead of one per play.
        answer = state[2] & ~game.mirror(state)[2]
        if answer and game.legal(state, answer):
            after = game.apply(state, answer)
            if balanced(game, after):
                return Reply(game.describe_play(state, answer), after)
    if balanced(game, state):
        return None
    # A position may come cut down to its cells (canonical, as in a Position): the board the
    # mirror needs is then the one that a play leaves, cut down again.
    for cut in (False, True):
        for play in game.plays(state):
            after = game.apply(state, play)
            if balanced(game, game.fold(after) if cut else after):
                return Reply(game.describe_play(state, play), after)
    return None
