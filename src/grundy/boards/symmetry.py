"""The lecture's symmetry strategies: answer every move with its mirror image.

A position of a board game is *balanced* when it is its own mirror image and the mirror
answer to every play is still legal after that play (no play meets its own image).  From a
balanced position, whatever the opponent plays, the mirror answer restores a balanced
position, so the player who hands over balanced positions makes the last move and wins.
The mirror is the game's own: the half turn about the centre for Cram, kings, rows and
skewers, the reflection in a middle line for bishops, the reflection in the diagonal for
Chomp (after b2 on a square board the two arms are equal).

Each board's :meth:`~grundy.core.game.Game.symmetry_reply` works on states in their frame
(as :meth:`BoardGame.apply` leaves them, not folded): it returns the play that hands over a
balanced position — the mirror answer, or the first move that makes the position balanced
(the central domino of an even x odd Cram board, the central king of an odd x odd board) —
or ``None`` when the position is balanced already (the player to move loses against the
strategy) or no play balances it.

>>> from grundy.boards.cram import CRAM
>>> board = CRAM.apply((2, 4, 255), 0b11)
>>> reply = symmetry_strategy(CRAM, board)
>>> reply.move, CRAM.format_state(reply.state)
('place a domino on c2-d2', '..##/##..')
>>> symmetry_strategy(CRAM, (2, 4, 255)) is None
True
"""

from __future__ import annotations

from typing import Any

from grundy.boards.base import balanced
from grundy.core.game import Game, Reply

__all__ = ["Reply", "balanced", "symmetry_strategy"]


def symmetry_strategy(game: Game[Any], state: Any) -> Reply | None:
    """The play that leaves a balanced position (see the module), or None: the game's own
    :meth:`~grundy.core.game.Game.symmetry_reply`, so that a board, a board in the player's
    frame and a game without a mirror are asked alike.

    >>> from grundy.boards.kings import KINGS
    >>> symmetry_strategy(KINGS, (3, 3, 511)).move
    'put a king on b2'
    """
    return game.symmetry_reply(state)
