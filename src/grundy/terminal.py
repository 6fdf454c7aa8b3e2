"""Play a position against the perfect opponent in the terminal (``grundy play``).

The position is drawn (boards as grids with squares named ``a1``, ``b3``...; heaps as rows
of stones ``1-1``, ``1-2``...; see :mod:`grundy.render.board_text`) and its legal moves
listed, numbered, then the prompt ``> ``.  The player types a move's number, the parts of the
picture it takes (``b3``; two for a domino or a chord, ``a1 a2``), or the text form of the
position it wants to leave; ``hint`` shows
the winning moves with the nim-sum worked out in binary columns; ``quit``, Ctrl-C or the end
of input leave.  The last line of a finished game is ``You win.`` or ``The computer wins.``

>>> import io
>>> out = io.StringIO()
>>> play("nim 2", input=io.StringIO("1\\n"), output=out, lang="en")
0
>>> print(out.getvalue().splitlines()[-1])
You win.
"""

from __future__ import annotations

import sys
from typing import TextIO

from rich.console import Console

from grundy.analysis import Analysis, analyze, as_position
from grundy.budget import PLAYING_POSITIONS, Budget, work_limit
from grundy.catalogue import parse_position
from grundy.core.position import Move, Position
from grundy.errors import InvalidArgument, TooBig
from grundy.i18n import language, message
from grundy.numerals import is_whole_number
from grundy.opponent import (
    computer_move,
    mirror_reply,
    refuse_long_move_lists,
    remoteness,
    wins,
)
from grundy.render.board_text import board_lines, move_by_targets
from grundy.render.text import format_analysis, nim_sum_columns
from grundy.values import Outcome

#: How many moves are listed; more can still be chosen by number or by position.
SHOWN_MOVES = 40

#: The remoteness search of a hint: the opponent's positions, and 2 seconds before the hint
#: goes without it.
HINT = Budget(PLAYING_POSITIONS, seconds=2.0)


def play(position: Position | str, misere: bool = False, first: str = "me",
         input: TextIO = sys.stdin, output: TextIO = sys.stdout,
         lang: str | None = None) -> int:
    """Play ``position`` against the computer; return 0 (game over or left) or 130 (Ctrl-C).

    ``first`` is ``me`` or ``computer``; ``lang`` is ``en`` or ``ru`` (default: from the
    ``LANG`` variable).  Raises a :class:`ValueError` subclass for a bad position or ``first``,
    and :class:`~grundy.errors.TooBig` when the position is too big to analyse or has more
    moves than can be listed each turn (:func:`~grundy.opponent.refuse_long_move_lists`).

    >>> import io
    >>> out = io.StringIO()
    >>> play("nim 1", first="computer", input=io.StringIO(""), output=out, lang="en")
    0
    >>> print(out.getvalue().splitlines()[-1])
    The computer wins.
    """
    if first not in ("me", "computer"):
        raise InvalidArgument(f"--first {first!r}: say 'me' or 'computer'")
    game = _Game(as_position(position), misere, input, output, language(lang))
    analyze(game.position, misere=misere)  # refuses a position too big to play, up front
    refuse_long_move_lists(game.position)
    try:
        return game.run(human=first == "me")
    except KeyboardInterrupt:
        game.say("")
        game.say(game.text("bye"))
        return 130


def print_analysis(analysis: Analysis, output: TextIO | None = None,
                   remoteness: int | None = None) -> None:
    """Print an analysis (and its ``remoteness`` when known) as ``grundy analyze`` does: its
    words (:func:`~grundy.render.text.format_analysis`), with a board position drawn under the
    first line as ``grundy play`` draws it (colours only on a terminal), on ``output``
    (standard output by default).

    >>> print_analysis(analyze("cram 2x2"))
    Position: cram 2x2  (normal play: whoever cannot move loses)
    cram 2x2
      2 · ·
      1 · ·
        a b
    The second player wins: a P-position (whoever moves loses).
    Nim-value: 0
    Why: the lecture's symmetry strategy: the position is its own mirror image and no move \
meets its own image, so the second player answers every move with its mirror image and makes \
the last move.
    """
    heading, _, rest = format_analysis(analysis, remoteness=remoteness).partition("\n")
    console = Console(file=output or sys.stdout, highlight=False, soft_wrap=True, emoji=False)
    console.print(heading, markup=False)
    for line in board_lines(analysis.position, boards_only=True):
        console.print(line)
    console.print(rest, markup=False)


class _Game:
    """One game in progress: the position, the convention, where to read and write."""

    def __init__(self, position: Position, misere: bool, input: TextIO, output: TextIO,
                 lang: str) -> None:
        self.position = position
        self.misere = misere
        self.input = input
        self.output = output
        self.lang = lang

    def text(self, key: str, **fields: object) -> str:
        return message(key, self.lang, **fields)

    def say(self, line: str) -> None:
        self.output.write(line + "\n")
        self.output.flush()

    def draw(self) -> None:
        """The picture of the position (colours only on a terminal)."""
        console = Console(file=self.output, highlight=False, soft_wrap=True)
        for line in board_lines(self.position):
            console.print(line)

    def run(self, human: bool) -> int:
        convention = self.text("misere_play" if self.misere else "normal_play")
        self.say(f"{self.text('position', position=self.position)}  ({convention})")
        self.draw()
        self.say(self.text("help"))
        if human:
            self.say("")
        while True:
            moves = self.position.moves()
            if not moves:
                # The player to move cannot move: under normal play they lose, under misère
                # play they win.
                human_wins = human == self.misere
                self.say(self.text("you_win" if human_wins else "computer_wins"))
                return 0
            if human:
                chosen = self.ask(moves)
                if chosen is None:
                    self.say(self.text("bye"))
                    return 0
                self.say(self.text("you_played", move=chosen.description,
                                   position=chosen.position))
            else:
                chosen = computer_move(self.position, self.misere)
                self.say(self.text("computer_played", move=chosen.description,
                                   position=chosen.position))
            self.position = chosen.position
            human = not human
            self.say("")
            self.say(self.text("position", position=self.position))
            self.draw()

    def ask(self, moves: list[Move]) -> Move | None:
        """The move the player chooses, or None when the player leaves."""
        self.say(self.text("moves"))
        for number, move in enumerate(moves[:SHOWN_MOVES], 1):
            self.say(f"  {number}. {move.description}  ->  {move.position}")
        if len(moves) > SHOWN_MOVES:
            self.say(self.text("more_moves", n=len(moves) - SHOWN_MOVES))
        while True:
            self.output.write("> ")
            self.output.flush()
            line = self.input.readline()
            if not line:
                self.say("")
                return None
            answer = line.strip()
            if answer.lower() in ("quit", "exit", "q"):
                return None
            if answer.lower() == "hint":
                self.hint(moves)
                continue
            chosen = self.match(answer, moves)
            if chosen is not None:
                return chosen
            if answer:
                shortened = answer if len(answer) <= 40 else answer[:37] + "..."
                self.say(self.text("not_a_move", text=shortened))

    def match(self, answer: str, moves: list[Move]) -> Move | None:
        """The move named by its number or by the position it leaves, if any."""
        if is_whole_number(answer):
            # Digits only (not '١'), and never more of them than the longest move number.
            significant = answer.lstrip("0")
            if len(significant) > len(str(len(moves))):
                return None
            number = int(significant or "0")
            return moves[number - 1] if 1 <= number <= len(moves) else None
        if len(answer) > len(str(self.position)) + 64:
            return None  # longer than any position one move can leave
        wanted = move_by_targets(self.position, answer) or _read_position(answer, self.position)
        return next((m for m in moves if m.position == wanted), None)

    def hint(self, moves: list[Move]) -> None:
        """Who wins, how fast, the nim-sum in binary columns, and the winning moves."""
        try:
            analysis = analyze(self.position, misere=self.misere)
        except TooBig as error:
            reply = mirror_reply(self.position, self.misere)
            if reply is None:
                self.say(self.text("too_big_to_hint", error=error))
            else:
                self.say(self.text("you_can_win"))
                self.say(self.text("mirror_move", move=reply.description))
            return
        verdict = {Outcome.N: "you_can_win", Outcome.P: "you_lose", Outcome.D: "draw"}
        line = self.text(verdict[analysis.outcome])
        try:
            with work_limit(HINT):
                far = remoteness(self.position, self.misere)
        except TooBig:
            far = None
        if far is not None:
            line += f" ({self.text('win_in' if wins(far, self.misere) else 'lose_in', n=far)})"
        self.say(line)
        value = analysis.nim_value
        rows = [(t.label, t.value) for t in analysis.terms if isinstance(t.value, int)]
        if isinstance(value, int) and rows:
            self.say(self.text("nim_value", value=value))
            self.say(self.text("nim_sum_why"))
            self.say(nim_sum_columns(rows))
        else:
            self.say(self.text("found_by", method=analysis.method))
        if analysis.winning_moves:
            number = {m.position: i for i, m in enumerate(moves, 1)}
            self.say(self.text("winning_moves"))
            for move in analysis.winning_moves[:SHOWN_MOVES]:
                self.say(f"  {number[move.position]}. {move.description}  ->  {move.position}")


def _read_position(answer: str, current: Position) -> Position | None:
    """The position typed, in full text form or, for a one-game position, without the game."""
    attempts = [answer]
    if len(current.components) == 1:
        attempts.append(f"{current.components[0].game.text} {answer}")
    for attempt in attempts:
        try:
            return parse_position(attempt)
        except ValueError:
            continue
    return None
