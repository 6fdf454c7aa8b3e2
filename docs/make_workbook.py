"""Write docs/workbook.md: every exercise and problem of the texts, answered by the library.

    python docs/make_workbook.py           # (re)write docs/workbook.md
    python docs/make_workbook.py --check   # exit 1 if docs/workbook.md is not what it writes

Every answer in the workbook is computed here, by the library or by the ``grundy`` command
whose output is shown; nothing is typed in by hand except the questions and the arguments.
Board games (Chomp, dominoes, kings, bishops, ...) are computed when ``grundy.boards`` is
installed; until then their entries say so and give the symmetry argument where one exists.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import itertools
import shlex
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from grundy import KAYLES, Half, Nim, Outcome, Position, Subtraction, analyze, nim_sum
from grundy.catalogue import parse_position
from grundy.cli import main as grundy_command
from grundy.heap.subtraction import powers_of_two, squares
from grundy.problems import solve
from grundy.problems.cafe import cheapest_plan, coupon_table, most_coupons
from grundy.problems.coin_plates import xor_upto
from grundy.problems.sticks import STICKS, misere_outcome
from grundy.problems.stones import stones_value
from grundy.render.text import nim_sum_columns

WORKBOOK = Path(__file__).with_name("workbook.md")
BOARDS = importlib.util.find_spec("grundy.boards") is not None
PICTURES = importlib.util.find_spec("grundy.render.graph") is not None
PENDING = "(computed once grundy.boards is available)"
EXIT_TOO_BIG = 3


class Book:
    """The workbook's Markdown, built section by section."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def text(self, *paragraphs: str) -> None:
        """Paragraphs of prose."""
        self.parts.extend(paragraphs)

    def heading(self, level: int, title: str) -> None:
        """A heading of the given level."""
        self.parts.append("#" * level + " " + title)

    def block(self, content: str) -> None:
        """A fenced block of literal text."""
        self.parts.append("```\n" + content.rstrip("\n") + "\n```")

    def run(self, command: str, *, board: bool = False) -> str:
        """Run ``grundy COMMAND``, show it with its output, and return the output.

        A board game's command may be refused as too big; the refusal is shown as it is, and
        the empty string returned.
        """
        if board and not BOARDS:
            self.text(f"`grundy {command}` {PENDING}")
            return ""
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = grundy_command(shlex.split(command))
        if code != 0 and not (board and code == EXIT_TOO_BIG):
            raise SystemExit(f"grundy {command} failed with exit code {code}: {err.getvalue()}")
        self.block(f"$ grundy {command}\n{out.getvalue()}{err.getvalue()}")
        return out.getvalue() if code == 0 else ""

    def solve(self, problem: str, stdin: str) -> str:
        """Show ``grundy solve PROBLEM`` on an input, with the output it prints."""
        answer = solve(problem, stdin)
        shown = stdin.rstrip("\n").replace("\n", "\\n")
        self.block(f"$ printf '{shown}\\n' | grundy solve {problem}\n{answer}")
        return answer

    def picture(self, position: str, misere: bool = False) -> None:
        """Point to the picture of a game graph, when pictures can be drawn."""
        if PICTURES:
            flag = "--misere " if misere else ""
            self.text(f"Picture: `grundy graph {flag}{position} --format svg -o graph.svg`.")

    def markdown(self) -> str:
        """The whole workbook."""
        return "\n\n".join(self.parts) + "\n"


def who(position: str, misere: bool = False) -> str:
    """``the first player`` or ``the second player``: who wins ``position``."""
    return f"the {analyze(position, misere=misere).winner} player"


def mark(outcome: Outcome) -> str:
    """The texts' marks: ``-`` for a losing position (P), ``+`` for a winning one."""
    return "-" if outcome is Outcome.P else "+"


def game_graph(position_text: str, misere: bool = False) -> str:
    """Every position reachable from ``position_text``, its mark (and nim-value), its moves."""
    start = parse_position(position_text)
    order = [start]
    seen = {start}
    for position in order:
        for move in position.moves():
            if move.position not in seen:
                seen.add(move.position)
                order.append(move.position)
    lines = []
    for position in order:
        result = analyze(position, misere=misere)
        value = "" if misere else f"  (nim-value {result.nim_value})"
        moves = ", ".join(str(m.position) for m in position.moves()) or "no move"
        lines.append(f"{mark(result.outcome)} {position}{value}  ->  {moves}")
    return "\n".join(lines)


def replies(position_text: str, misere: bool = False) -> str:
    """For a losing position: each move of the first player and the second player's answer."""
    lines = []
    for move in parse_position(position_text).moves():
        answer = analyze(move.position, misere=misere).winning_moves[0]
        lines.append(f"{move.position}  ->  {answer.position}   ({answer.description})")
    return "\n".join(lines)


def certified_period(values: Sequence[int], needed: Callable[[int, int], int]
                     ) -> tuple[int, int]:
    """The least period L seen in ``values``, with the heap p it starts from, once certified.

    ``needed(p, L)`` is how far the values must agree with period L, from p on, for the
    game's periodicity theorem to prove the period for every heap.
    """
    for length in range(1, len(values) // 2):
        last = len(values) - length
        start = max((n + 1 for n in range(last) if values[n] != values[n + length]), default=0)
        if needed(start, length) <= last:
            return start, length
    raise SystemExit("no certified period found; compute more values")


def positions_of_nim(heaps: int, largest: int) -> Iterable[tuple[int, ...]]:
    """Every Nim position of ``heaps`` heaps of at most ``largest`` tokens, sorted heaps."""
    return itertools.combinations_with_replacement(range(largest + 1), heaps)


def lecture(book: Book) -> None:
    """Text 000: «Царство игры «Ним» и как математики играют в игры»."""
    book.heading(2, "Lecture «Царство игры «Ним»» (text 000)")

    book.heading(3, "Exercise 1 — «Что такое игра?»")
    book.text("By argument: chess, draughts, Go, reversi, noughts and crosses, Nim, Kayles, "
              "Hex, dots and boxes are combinatorial games. «Русская рулетка» is not: the "
              "outcome depends on chance, and a combinatorial game has none.")

    book.heading(3, "Exercise 2 — «Конфета» {20}")
    book.run("analyze half 20")
    book.text("Play it: the winner always leaves a candy of 2^k - 1 quanta (15, 7, 3, 1).")

    book.heading(3, "Exercise 3 — «Конфета» {15} is losing")
    book.run("analyze half 15")
    book.text("The second player's strategy: to every bite of the first player, answer by "
              "leaving 7 (then 3, then 1). Every first bite and the answer to it:")
    book.block(replies("half 15"))

    book.heading(3, "Exercise 4 — the losing candies are 2^n - 1")
    limit = 10**6
    values = Half().values(limit)
    losing = [int(n) for n in (values[1:] == 0).nonzero()[0] + 1]
    powers = [2**k - 1 for k in range(1, limit.bit_length() + 1) if 2**k - 1 <= limit]
    book.text(f"Computed with `Half().values({limit})` (vectorised): the losing candies "
              f"1..{limit} are {losing}; the numbers 2^n - 1 up to {limit} are {powers}: "
              f"{'the same list' if losing == powers else 'NOT the same list'}.",
              "Induction: {1} is losing. Let 2^n - 1 be losing. From 2^(n+1) - 1 a bite of "
              "at most half leaves between 2^n and 2^(n+1) - 2 quanta, and from each of those "
              "a bite reaches 2^n - 1 (the bite is at most half), so they are winning and "
              "2^(n+1) - 1 is losing. Every candy between 2^n and 2^(n+1) - 2 is winning by "
              "the same bite.")

    book.heading(3, "Game 2 and exercise 5 — «Вариации «Конфеты»»")
    for game, name in ((Subtraction({3, 5, 8}), "a) bite 3, 5 or 8"),
                       (Subtraction(powers_of_two), "b) bite 2^n"),
                       (Subtraction(squares), "c) bite n^2")):
        book.text(f"**{name}**")
        book.run(f"table {game.text} --to 30 --from 1")
    values = Subtraction({3, 5, 8}).values(400).tolist()
    start, length = certified_period(values, lambda p, n: p + 8)
    zeros = sorted({n % length for n in range(start, 400) if values[n] == 0})
    book.text(f"a) The nim-values repeat with period {length} from heap {start} on: a value "
              "depends only on the 8 before it, and 8 consecutive values recur "
              f"(computed). The losing heaps are those = {zeros} mod {length}.",
              f"b) Losing iff n = 0 mod 3 (the library's closed form n mod 3; heap 10^30 "
              f"has nim-value {Subtraction(powers_of_two).heap_value(10**30)}): no power of "
              "two is a multiple of 3, and 1 or 2 always reach one.")
    squares_values = Subtraction(squares).values(3000).tolist()
    squares_losing = [n for n, v in enumerate(squares_values) if v == 0]
    book.text(f"c) No period: {len(squares_losing)} losing heaps up to 3000, starting "
              f"{squares_losing[:12]}. No two losing heaps differ by a square (one would "
              "move to the other), so by the Furstenberg–Sárközy theorem they have density "
              "zero, which no periodic set containing 0 has.")

    book.heading(3, "Game 3 and exercise 6 — «Ним» {3, 2, 1}")
    book.run("analyze nim 3 2 1")
    reachable = len(game_graph("nim 3 2 1").splitlines()) - 1
    book.text(f"The second player has the winning strategy. The lecture lists 13 positions "
              f"besides the empty one; the tool finds {reachable} (the graph below).")

    book.heading(3, "Exercise 7 — {2, 1}, {3, 1}, {2, 1, 1} are winning")
    for heaps in ("2 1", "3 1", "2 1 1"):
        book.run(f"analyze nim {heaps}")

    book.heading(3, "Exercise 8 — {2, 2} is losing")
    book.run("analyze nim 2 2")

    book.heading(3, "Exercise 9 — {10, 10} is losing")
    book.run("analyze nim 10 10")
    book.text("Symmetry: the second player takes from the other heap what the first took.")

    book.heading(3, "Exercise 10 — the second player wins {3, 2, 1}")
    book.text("Each first move, and the second player's winning answer:")
    book.block(replies("nim 3 2 1"))

    book.heading(3, "Exercise 11 — «Ним» {5, 2} and its graph")
    book.run("analyze nim 5 2")
    book.text("The graph ('-' losing, '+' winning, each position with its moves):")
    book.block(game_graph("nim 5 2"))
    book.picture("nim 5 2")

    book.heading(3, "Exercise 12 — «Конфета» {5} and its graph")
    book.text(f"Answer: {who('half 5')} wins.")
    book.block(game_graph("half 5"))
    book.picture("half 5")

    book.heading(3, "Exercise 13 — «Ним» {3, 2, 1} «в поддавки» (misère)")
    book.run("analyze --misere nim 3 2 1")
    book.text("The misère graph:")
    graph = game_graph("nim 3 2 1", misere=True)
    book.block(graph)
    book.picture("nim 3 2 1", misere=True)
    misere_losing = [line[2:].split("  ->")[0] for line in graph.splitlines()
                     if line.startswith("-")]
    book.text(f"The losing positions are {', '.join(misere_losing)}. The lecture's table of misère "
              "positions has a slip: its third row puts {2, 1, 1} in the '-' column, while "
              f"its own argument (and the tool: misère {{2, 1, 1}} is won by "
              f"{who('nim 2 1 1', misere=True)}) makes {{1, 1, 1}} the losing one.")

    book.heading(3, "Exercise 14 — {3, 3, 1, 1}: the second player wins")
    book.run("analyze nim 3 3 1 1")
    book.text("Symmetry: split into {3, 1} and {3, 1} and copy every move in the other half.")

    book.heading(3, "Exercise 15 — {3, 3, 1}, {4, 3, 1}, {100, 100, 1}")
    for heaps in ("3 3 1", "4 3 1", "100 100 1"):
        book.run(f"analyze nim {heaps}")

    book.heading(3, "Exercise 16 — {n, n, 1} is winning for every n")
    top = 300
    won = all(analyze(Position.of(Nim(), (n, n, 1))).outcome is Outcome.N
              for n in range(1, top + 1))
    book.text(f"Computed for n = 1..{top}: {'all winning' if won else 'NOT all winning'}. "
              "Argument: take the single stone; {n, n} is symmetric, so losing for the "
              "player to move (nim-sum n ⊕ n ⊕ 1 = 1 ≠ 0).")

    book.heading(3, "Exercise 17 — {3, 2, 1, 100, 100} is a zero position")
    book.run("analyze nim 3 2 1 100 100")

    book.heading(3, "Exercise 18 — who wins, from the heap sizes")
    book.text("The xor (nim-sum) of the heaps: zero — the second player wins; otherwise the "
              "first. The lecture's xor examples, computed:")
    examples = [(2, 1), (10, 11), (6, 3), (43, 15, 37, 17)]
    book.block("\n".join(" ⊕ ".join(map(str, e)) + f" = {nim_sum(*e)}" for e in examples))
    book.block(nim_sum_columns([(str(v), v) for v in (43, 15, 37, 17)]))

    book.heading(3, "Exercise 19 — Nimber {5, 1} and {9, 8, 1}")
    for heaps in ("5 1", "9 8 1"):
        book.text(f"Nimber({{{heaps.replace(' ', ', ')}}}) = "
                  f"{analyze('nim ' + heaps).nim_value}")

    book.heading(3, "Exercises 20 and 21 — the two facts behind the strategy")
    checked = broken = 0
    for sizes in itertools.chain.from_iterable(positions_of_nim(k, 12) for k in (1, 2, 3)):
        position = Position.of(Nim(), sizes)
        checked += 1
        if nim_sum(*sizes):
            moves = analyze(position).winning_moves
            broken += not moves or any(m.position.value() != 0 for m in moves)
        else:
            broken += any(m.position.value() == 0 for m in position.moves())
    book.text(f"Checked on every Nim position of 1 to 3 heaps of at most 12 ({checked} "
              f"positions): {broken} exceptions. 20: let x ≠ 0 be the nim-sum and take a heap "
              "m with a 1 in the highest bit of x; m ⊕ x < m, so leaving m ⊕ x stones is a "
              "move, and it makes the nim-sum 0. 21: a move changes one heap m to m' ≠ m, "
              "and the nim-sum changes by m ⊕ m' ≠ 0.")

    games(book)
    problems(book)


def games(book: Book) -> None:
    """Games 5-16 of the lecture («Давайте поиграем»)."""
    book.heading(3, "Game 5 — coins on a round table")
    book.text("By argument: the first player wins. He puts the first coin at the centre, "
              "then answers every coin by its mirror image through the centre; that place is "
              "free because the position is symmetric, and the two coins cannot overlap "
              "(they would cover the centre). An infinite game: no search applies.")

    book.heading(3, "Game 6 — bishops on a chessboard")
    book.text("8x8 by argument: the second player wins by mirroring in the line between the "
              "4th and 5th files. The mirror square has the other colour, so the mirror "
              "bishop cannot attack the one just placed, and it is not attacked by anything "
              "else, or the first player's square would have been attacked by that piece's "
              "mirror. The search confirms it (the two colours are independent regions, "
              "small enough to solve):")
    book.run("analyze bishops 8x8", board=True)
    book.text("Smaller boards, computed:")
    for size in ("3x3", "4x4"):
        book.run(f"analyze bishops {size}", board=True)

    book.heading(3, "Game 7 — kings on a chessboard")
    book.text("On an odd board the first player wins: a king in the centre, then central "
              "symmetry (a king and its mirror are never neighbours). The 8x8 board has no "
              "central square, and a king on a central square and its mirror image attack "
              "each other, so neither mirror strategy works there; it needs a search. The "
              "compiled search of grundy.boards.region_kernel splits what the kings leave "
              "into regions of cells a king's step apart, folds each by the board's "
              "symmetries and values it once; it settles 8x8 in a few seconds:")
    computed = book.run("analyze kings 8x8", board=True)
    if BOARDS and computed:
        book.text("Answer: the second player wins the chessboard. Every first king leaves a "
                  "position of non-zero nim-value, so the second player always has a reply "
                  "that leaves the first player a lost position again (`grundy play kings 8x8` "
                  "plays it against you).")
    elif BOARDS:
        book.text("The search is refused as too big, so this workbook leaves 8x8 open.")
    book.text("Smaller boards, computed (odd ones confirm the centre-and-mirror argument):")
    for size in ("3x3", "4x4", "5x5"):
        book.run(f"analyze kings {size}", board=True)

    book.heading(3, "Game 8 — dominoes (Cram)")
    for size in ("4x4", "5x4", "3x5"):
        book.run(f"analyze cram {size}", board=True)
    book.text("d) 100x200 by argument: the second player wins by central symmetry. The "
              "centre of an even-by-even board is a corner of cells, a domino's centre is the "
              "middle of a cell side, so no domino meets its own mirror image. (The same "
              "argument settles 4x4.) On 5x4 the first player wins: a domino on the two "
              "central cells, then central symmetry. The tool knows this argument: a board "
              "(or a region left by play) that is its own mirror image with no domino across "
              "the centre gets the value 0 without a search, so it answers 100x200 at once, "
              "and in play the computer answers each domino with its mirror image:")
    book.run("analyze cram 100x200", board=True)

    book.heading(3, "Game 9 — checkers on every square; take a run from a row or a column")
    book.text("8x8 by argument: the second player wins by central symmetry; a run in row r "
              "is mirrored into row 9 - r ≠ r (columns likewise), so the mirror run is still "
              "whole. The tool applies this argument itself: a position that is its own "
              "mirror image, where no move meets its own mirror image, gets the value 0 "
              "without a search:")
    book.run("analyze rows 8x8", board=True)
    book.text("Smaller boards, computed by search:")
    for size in ("2x3", "3x3"):
        book.run(f"analyze rows {size}", board=True)

    book.heading(3, "Game 10 — chords between 10 points of a circle (and exercise 24)")
    book.text("A chord between two points of a group of m free points uses those two and "
              "splits the other m - 2 into two groups that never interact again: exactly "
              "the octal game 0.07, Dawson's Kayles. So the circle of 10 points is "
              "`dawson 10`:")
    book.run("analyze dawson 10")
    book.run("analyze chords 10", board=True)
    book.text(f"Exercise 24: {who('dawson 10')} wins; by symmetry too: the first chord "
              "leaves 4 points on each side, then the mirror chord.")

    book.heading(3, "Game 11 — «Ромашка» with a) 12 petals, b) 11 petals")
    book.run("analyze daisy 12")
    book.run("analyze daisy 11")
    book.text("The second player wins both: the first move opens the circle into a row; "
              "the second player then takes one or two petals from its middle so as to leave "
              "two equal rows, and copies every move in the other row.")

    book.heading(3, "Game 12 — piercing a 4x4x4 cube")
    book.text("By argument: the second player wins by central symmetry. A line of the cube "
              "is never its own mirror image (that would need it to pass through the centre, "
              "which lies on no line of cubes), and the mirror line still has an unpierced "
              "cube: the mirror of the cube the first player's line had, which that line "
              "cannot contain. The tool applies the same argument:")
    book.run("analyze skewers 4x4x4", board=True)
    book.text("A small cube, computed by search:")
    book.run("analyze skewers 2x2x2", board=True)

    book.heading(3, "Game 13 — a 5x8 chocolate bar; who first breaks off a 1x1 piece wins")
    book.run("analyze chocolate 5x8", board=True)
    book.text("By the strip rule (argued in `grundy.boards.chocolate`): whoever leaves a piece "
              "one square wide loses at once, since the opponent breaks a 1x1 off it; so no "
              "such break is ever made, no piece gets narrower than 2, and the bar is a sum "
              "of independent pieces. That answers any bar up to hundreds of squares a side:")
    book.run("analyze chocolate 8x8", board=True)

    book.heading(3, "Game 14 — two numbers {7, 8}")
    book.run("analyze two-numbers 7 8", board=True)
    book.run("analyze --misere two-numbers 7 8", board=True)
    book.text("Argument for the normal game: the equal pairs are the losing positions "
              "({1, 1} is one); from {a, a} every move makes them unequal, from {a, b} with "
              "a > b writing b makes them equal. So the first player wins {7, 8} by writing "
              "7 for 8.")

    book.heading(3, "Game 15 — diagonals of a convex n-gon, at most two at a vertex")
    for vertices in range(4, 9):
        book.run(f"analyze diagonals {vertices}", board=True)
    book.text("Every n, by a count: each vertex ends with two diagonals except those left "
              "open at the end, and the open vertices left must be pairwise neighbours or "
              "joined already. That leaves three endings: no open vertex (n diagonals "
              "drawn), one bare vertex or two joined or neighbouring vertices with one "
              "diagonal each (n - 1), or two neighbouring bare vertices or three in a row "
              "whose ends are joined (n - 2). The first player wins exactly when the number "
              "drawn is odd: the game is a fight over which ending comes.",
              "Past 10 vertices the nim-value is out of the default budget, and the outcome "
              "search of `grundy.boards.diagonals_search` answers who wins and every winning "
              "move (it keeps only the runs of open vertices between full ones):")
    book.run("analyze diagonals 12", board=True)
    book.text("Searched so for n up to 24 (`benchmarks/diagonals_sizes.py`: 20 vertices "
              "within the default budget, 24 in about 45 s of CPU under `--budget 10m`; "
              "`benchmarks/diagonals_outcomes.py`, an independent search, agrees up to 14): "
              "the first player wins for n = 5, 6 and every even n from 10 to 24, and loses "
              "for n = 3, 4, 7, 8, 9 and every odd n from 11 to 23. Misère play "
              "(`--misere`): the first player wins for n = 3, 4, 8 and every even n from 10 "
              "to 24, and loses for n = 5, 6, 7 and every odd n from 9 to 23. Conjecture, "
              "checked for 9 <= n <= 24 under both conventions: from n = 9 on the first "
              "player wins exactly when n is even, whichever the convention. By the count, "
              "the winner (the first player for even n, the second for odd n) can then force "
              "either kind of ending: n - 1 diagonals under normal play, n or n - 2 under "
              "misère play. The conjecture is not proved here: the mirror strategy fails, "
              "since diagonals may cross and a diameter is its own mirror image.")

    book.heading(3, "Game 16 and exercise 29 — Chomp")
    for size in ("2x2", "3x4", "4x4"):
        book.run(f"analyze chomp {size}", board=True)
    book.text("A rectangle too big to tabulate is answered by strategy stealing, with the "
              "winning move where one is known (squares: b2, then mirror; two rows: the "
              "top-right square, leaving rows of n and n - 1):")
    book.run("analyze chomp 20x30", board=True)
    book.run("analyze chomp 12x12", board=True)
    book.text("Exercise 29, by strategy stealing: suppose the second player wins n x m "
              "(n, m > 1). Let the first player paint only the top right square; the second "
              "player has a winning answer, some square s. Painting s paints the top right "
              "square too, so s alone, played first from the full board, leaves the same "
              "position: the first player could have played it and won — a contradiction. "
              "Hence the first player wins, though the argument does not say how.")

    book.heading(3, "Exercise 22 — can both players have a winning strategy?")
    book.text("By argument: no. If both had one, let the two strategies play each other: "
              "the game ends, and one of them loses.")

    book.heading(3, "Exercise 23 — the first move in «Конфета» {33}")
    book.run("analyze half 33")
    book.solve("candy", "33")
    book.text("`grundy solve candy` prints the bite as the number of quanta bitten off: "
              f"{solve('candy', '33').split()[1]} from 33, leaving 31 = 2^5 - 1.")

    book.heading(3, "Exercise 25 — a) «Ним» {5, 5, 2, 2}; b) «Ним» {5, 4, 1}")
    book.run("analyze nim 5 5 2 2")
    book.run("analyze nim 5 4 1")

    book.heading(3, "Exercise 26 — «Ним» в поддавки {5, 1, 1}")
    book.run("analyze --misere nim 5 1 1")

    book.heading(3, "Exercise 27 — «Ним» в поддавки {8, 4, 1}")
    book.run("analyze --misere nim 8 4 1")

    book.heading(3, "Exercise 28 — the graph of «Конфета» {6}")
    book.block(game_graph("half 6"))
    book.picture("half 6")

    book.heading(3, "Exercise 30 — «Ромашка» {6} + «Ромашка» {5}")
    book.run("analyze daisy 6 + daisy 5")

    book.heading(3, "Exercise 31 — which games are finite impartial games?")
    book.text("By argument: «Конфета» and its variations, Nim, games 6-16 are finite and "
              "impartial (game 13 after reading 'breaking off a 1x1 piece' as the last "
              "allowed move, game 16 as 'the corner may not be taken'). Game 5 is impartial "
              "but not finite: coins may lie anywhere. Nim-values, computed:")
    book.run("sequence half --to 20")
    book.run("sequence daisy --to 20")

    book.heading(3, "Exercise 32 — «Ромашка» with one petal plucked")
    values = KAYLES.values(400).tolist()
    start, length = certified_period(values, lambda p, n: 2 * max(p, 1) + n + 2)
    book.text("A daisy of n petals with one plucked is a row of n - 1 petals, where a move "
              "takes one petal or two neighbours: Kayles. So A(n) = Kayles(n - 1):")
    book.run("sequence kayles --to 100")
    book.text(f"Computed: Kayles is periodic with period {length} from heap {start} on, so "
              f"A(n) is periodic with period {length} from n = {start + 1} on (pre-period "
              f"{start + 1}). The check is the Guy–Smith theorem for octal games: values that "
              "agree with period p on n0 <= n < 2·n0 + p + 2 (2 = the most pins a move takes) "
              "agree for ever.")


def problems(book: Book) -> None:
    """The other texts' problems, solved by ``grundy solve``."""
    book.heading(2, "«Камни» and the sticks (text 001)")
    book.text("Sticks: take one or two; whoever takes the last stick loses. Misère "
              "`subtract:1,2`:")
    book.run("table --misere subtract:1,2 --to 15 --from 1")
    book.solve("sticks", "4")
    book.solve("sticks", str(10**30))
    book.text("A misère heap n >= 1 of a subtraction game that may always take 1 plays like "
              "the normal-play heap n - 1 (taking the last stick is never a good move), so "
              "the closed form of `subtract:1,2` answers any N: "
              f"the loser is the player to move iff N = 1 mod 3 "
              f"(N = 10^30 + 1: the {misere_outcome(STICKS, 10**30 + 1).winner} player wins).")
    book.text("«Камни»: take 1 or 2 if N = 0 mod 3, 1 or 3 if N = 1 mod 3, 1, 2 or 3 if "
              "N = 2 mod 3; who cannot move loses. The text's table for N = 1..6 reads "
              "true true false true true false:")
    book.run("table stones --to 12 --from 1")
    answers = "".join(solve("stones", str(n)).strip() for n in range(1, 7))
    book.text(f"`grundy solve stones` for N = 1..6 prints {' '.join(answers)}. A value "
              "depends on the three before it and on N mod 3, so three values recurring "
              "after a multiple of 3 prove a period; it is found in the first values "
              f"(Stones of 10^30 has nim-value {stones_value(10**30)}).")
    book.solve("stones", "6")

    book.heading(2, "«Ним» (texts 002 and 004)")
    book.solve("nim", "3\n3 2 1")
    book.solve("nim", "4\n43 15 37 17")

    book.heading(2, "Misère Nim (text 003)")
    book.solve("misere-nim", "3\n3 2 1")
    book.solve("misere-nim", "3\n1 1 1")
    book.text(f"The text's example claims the xor of 3, 8 and 15 is zero; it is "
              f"{nim_sum(3, 8, 15)}, so the first player (X) wins, in normal and in misère "
              "play alike:")
    book.run("analyze --misere nim 3 8 15")
    book.solve("misere-nim", "3\n3 8 15")

    book.heading(2, "The coin plates (text 004, yukicoder No.524)")
    book.text("Plates of 1, 2, ..., N coins are Nim heaps 1..N; their nim-sum has the closed "
              "form `xor_upto(N)` = N, 1, N + 1, 0 as N mod 4 = 0, 1, 2, 3 (proof in its "
              f"docstring). xor_upto(2^32) = {xor_upto(2**32)}, "
              f"xor_upto(10^30 + 3) = {xor_upto(10**30 + 3)}.")
    book.solve("coin-plates", str(2**32))
    book.solve("coin-plates", str(10**30))
    book.solve("coin-plates", "7")

    book.heading(2, "The drinking match (text 004, yukicoder No.669)")
    book.text("Each kind is a heap of `subtract:1-K`, value n mod (K + 1) (the library's "
              "closed form):")
    book.run("value subtract:1-3 1000000")
    book.solve("drinking", "2 3\n5 6")
    book.solve("drinking", "3 1000\n1000000 1000000 1001")

    book.heading(2, "Stone splitting (text 004, yukicoder No.153)")
    book.run("sequence split23 --to 30")
    book.solve("stone-split", "5")
    first_wins = [n for n in range(1, 101) if solve("stone-split", str(n)) == "A\n"]
    book.text(f"For N = 1..100 the first player (A) wins for {len(first_wins)} values of N; "
              f"B wins for N in {[n for n in range(1, 101) if n not in first_wins]}.")

    cafe(book)


def text_recurrence(prices: Sequence[int]) -> int | None:
    """M(N, 0) by the text's recurrence, literally as printed (for the slip below)."""
    row: list[int | None] = [prices[0], prices[0] if prices[0] > 100 else None]
    for price in prices[1:]:
        padded = [*row, None, None]
        new: list[int | None] = []
        for k in range(len(row) + 1):
            if price <= 100:
                pay, coupon = padded[k], padded[k + 1]
            else:
                pay, coupon = (padded[k - 1] if k else None), padded[k]
            options = [c + price for c in (pay,) if c is not None]
            options += [c for c in (coupon,) if c is not None]
            new.append(min(options) if options else None)
        row = new
    return row[0]


def cafe(book: Book) -> None:
    """«Кафе»: the text's example, its slips, and its three exercises."""
    book.heading(2, "«Кафе» (text 000, second part)")
    example = "5\n35 40 101 59 63"
    book.solve("cafe", example)
    plan = cheapest_plan([35, 40, 101, 59, 63])
    book.text(f"The text prints 229 = 35 + 40 + 101 + 53, but the fourth price is 59: the "
              f"optimum is {plan.total}, with the coupon on day "
              f"{', '.join(map(str, plan.coupon_days))}.")
    slip = next(prices for length in range(1, 4)
                for prices in itertools.product((50, 150), repeat=length)
                if text_recurrence(prices) != cheapest_plan(prices).total)
    book.text(f"The text's recurrence has a slip too: for a price over 100 it reads "
              f"M(d, k) = min(M(d-1, k-1) + P(d), M(d-1, k)), which makes day d free without "
              f"a coupon; spending a coupon needs M(d-1, k+1). The shortest input on which "
              f"the printed recurrence goes wrong: prices {list(slip)} — it gives "
              f"{text_recurrence(slip)}, the true least cost is "
              f"{cheapest_plan(slip).total}. The tool uses the corrected recurrence and "
              "walks the table back to find the coupon days.")
    longest = max(cheapest_plan([(day * 73 + n * 19) % 301 for day in range(n)]).coupons_left
                  for n in range(60))
    book.text("Exercise 1 — K1 is 0 or 1. Argument: in a plan ending with two or more "
              "coupons, on the last day Petya paid over 100 he already held a coupon; "
              "spending it there saves that price and leaves every later count at least 0. "
              f"Computed on 60 price lists: the largest K1 is {longest}.")
    prices = [101, 102, 50, 90, 103]
    table = coupon_table(prices)
    width = len(table[-1])
    rows = ["d \\ k " + " ".join(f"{k:>5}" for k in range(width))]
    for day, row in enumerate(table, 1):
        cells = ["undef" if c is None else str(c) for c in row]
        rows.append(f"{day:>5} " + " ".join(f"{c:>5}" for c in cells))
    book.text(f"Exercise 2 — the table M(d, k) (k or more coupons after day d) for "
              f"P = {prices}:")
    book.block("\n".join(rows))
    best = cheapest_plan(prices)
    book.solve("cafe", f"{len(prices)}\n" + " ".join(map(str, prices)))
    budgets = [best.total, best.total + 53, 10**6]
    book.text("Exercise 3 — with a fixed amount of money, the most coupons at the end: the "
              "largest k with M(N, k) within the money (M grows with k). For the prices "
              "above: " + "; ".join(f"{money} roubles: at most {most_coupons(prices, money)}"
                                     for money in budgets) + " coupon(s) left.")


def facts(book: Book) -> None:
    """The claims of the texts checked one by one."""
    book.heading(2, "The texts' claims, checked")
    book.text("Misère {2, 1, 1} is the lecture's table of misère positions (third row, '-' "
              "column); its own argument calls {1, 1, 1} the losing one.")
    rows = ["| claim | text | computed | agrees |", "|---|---|---|---|"]

    def claim(what: str, said: str, got: str) -> None:
        rows.append(f"| {what} | {said} | {got} | {'yes' if said == got else '**no**'} |")

    for heaps, said in (("3 2 1", "second"), ("5 1 1", "first"), ("8 4 1", "first"),
                        ("2 1 1", "second")):
        claim(f"misère Nim {{{heaps.replace(' ', ', ')}}} is won by", said,
              analyze(f"nim {heaps}", misere=True).winner)
    for text, said in (("daisy 11", "second"), ("daisy 12", "second"),
                       ("daisy 6 + daisy 5", "second"), ("half 15", "second"),
                       ("nim 3 3 1", "first"), ("nim 4 3 1", "first"),
                       ("nim 100 100 1", "first"), ("nim 5 5 2 2", "second"),
                       ("nim 5 4 1", "second"), ("nim 3 2 1", "second")):
        claim(f"`{text}` is won by", said, analyze(text).winner)
    claim("bite from «Конфета» {33}", "2", solve("candy", "33").split()[1])
    claim("Nimber {5, 1}", "4", str(analyze("nim 5 1").nim_value))
    claim("Nimber {9, 8, 1}", "0", str(analyze("nim 9 8 1").nim_value))
    claim("43 ⊕ 15 ⊕ 37 ⊕ 17", "16", str(nim_sum(43, 15, 37, 17)))
    claim("3 ⊕ 8 ⊕ 15 (text 003)", "0", str(nim_sum(3, 8, 15)))
    claim("«Кафе» example total", "229", solve("cafe", "5 35 40 101 59 63").split()[0])
    claim("coin plates: first loses iff N mod 4 = 3 (N < 1000)", "yes",
          "yes" if all((solve("coin-plates", str(n)) == "X\n") == (n % 4 == 3)
                       for n in range(1, 1000)) else "no")
    book.text("\n".join(rows))


def build() -> str:
    """The workbook's text."""
    book = Book()
    book.heading(1, "Workbook: the texts' exercises, answered by grundy")
    book.text("Generated by `docs/make_workbook.py` — do not edit by hand; run "
              "`.venv/bin/python docs/make_workbook.py` after changing the library. Every "
              "answer below is computed by the library or by the command shown with its "
              "output; arguments are given where a text asks for a proof or a game is too "
              "big to search. '-' marks a losing position (the player to move loses), '+' a "
              "winning one.",
              "Board games: " + ("computed by grundy.boards." if BOARDS else
                                 f"{PENDING}; their entries give the argument meanwhile."))
    facts(book)
    lecture(book)
    return book.markdown()


def main(argv: Sequence[str] | None = None) -> int:
    """Write the workbook, or with ``--check`` report whether the file is up to date."""
    return write_or_check(WORKBOOK, build, "docs/make_workbook.py", __doc__, argv)


def write_or_check(page: Path, build_page: Callable[[], str], script: str, doc: str | None,
                   argv: Sequence[str] | None) -> int:
    """Write the generated ``page``, or with ``--check`` exit 1 when it differs from what
    ``build_page`` makes now."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 if {page.name} differs from what would be written")
    args = parser.parse_args(argv)
    text = build_page()
    if args.check:
        current = page.read_text(encoding="utf-8") if page.exists() else ""
        if current != text:
            print(f"{page} is stale: run .venv/bin/python {script}", file=sys.stderr)
            return 1
        return 0
    page.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
