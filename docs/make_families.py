"""Write docs/families.md: one worked example for each family of the impartial canon.

Every command shown is run, and its output is the tool's own.  ``--check`` reports
whether the file is up to date instead of writing it (the tests run it).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_games import family_index
from make_pictures import POSITIONS as PICTURE_POSITIONS
from make_screenshots import POSITIONS as SCREENSHOT_POSITIONS
from make_workbook import Book, write_or_check

from grundy.heap.wythoff import lower, upper

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = ROOT / "docs" / "families.md"
PETERSEN = "docs/graphs/petersen.txt"


def build() -> str:
    """The whole page."""
    os.chdir(ROOT)  # the graph file is named relative to the repository
    book = Book()
    book.heading(1, "The impartial canon: worked examples")
    book.text("One example for each family, with the theory the tool uses for it and the "
              "command's actual output. Every value given by a theory (a closed form or a "
              "reduction to Nim) is checked in the tests against a search of the literal "
              "game on many small positions; winning moves are moves of the game itself.")
    book.text("Every game the tool knows, with an example position (`python "
              "docs/make_games.py` keeps the other lists of games in the docs):")
    book.text(family_index())

    book.heading(2, "Wythoff's game (`wythoff A B`)")
    book.text("Two heaps; take any number from one heap, or the same number from both (a "
              "queen moved towards the corner). Wythoff's theorem: the P-positions are "
              "(⌊kφ⌋, ⌊kφ²⌋), OEIS A000201 and A001950, computed exactly in integers. Other "
              "nim-values come from a table of all smaller positions.")
    book.run("analyze wythoff 5 9")
    k = 10**20
    book.text(f"At any size the P-positions are known: here k = 10^20, so the heaps are "
              f"⌊kφ⌋ = {lower(k)} and ⌊kφ²⌋ = {upper(k)}.")
    book.run(f"analyze --json wythoff {lower(k)} {upper(k)}")

    book.heading(2, "Moore's Nim_k (`moore:K H1 H2 ...`)")
    book.text("Take at least one token from each of up to K heaps. Moore's theorem: a "
              "position is P iff in every binary digit the number of heaps with a 1 is a "
              "multiple of K + 1. Here 3 = 011, 3 = 011, 4 = 100: the 4s digit has one 1, so "
              "the first player takes 1 from the 4, leaving three heaps of 3 (011 three "
              "times).")
    book.run("analyze moore:2 3 3 4")
    book.text("Who wins and every winning move come from the theorem at any size, with no "
              "search: a winning move is built from the highest binary digit down, as in "
              "Moore's proof (a heap lowered at a higher digit is free below it; at each "
              "digit either lower the heaps that make the count a multiple of K + 1, or give "
              "some free heaps a 1), and every winning move is that construction with all "
              "its choices. One heap is a Nim heap. The nim-values of Moore's Nim are not "
              "known in general: they are searched only when the search fits the budget. "
              "Misère play follows Moore's misère rule: the same P-positions, except that "
              "when no heap has more than one token they are those with 1 more than a "
              "multiple of K + 1 heaps (both checked against brute force in "
              "`tests/test_families.py`).")
    book.run("analyze moore:3 11 35 37 15")

    book.heading(2, "Staircase Nim (`staircase S1 S2 ...`)")
    book.text("Coins on steps 1, 2, ...; move any number of coins from a step to the one "
              "below (from step 1 off the stairs). The value is the nim-sum of the odd steps "
              "(1 xor 2 = 3 here): a move from an even step to an odd one is answered by "
              "moving the same coins on down. A winning move may bring coins onto an odd "
              "step.")
    book.run("analyze staircase 1 4 2 3")

    book.heading(2, "Nim with additions (`nim-add:K H1 H2 ...`)")
    book.text("Nim in which a move may instead add tokens to one heap from a pool of K tokens "
              "shared by both players; the pool left is part of the position "
              "(`nim-add:0 5 5` after 3 are added). The value is the nim-sum of the heaps, "
              "whatever the pool: an addition can be taken back at once, and the pool bounds "
              "the additions, so the game ends.")
    book.run("analyze nim-add:3 2 5")

    book.heading(2, "Northcott's game (`northcott ROW ROW ...`)")
    book.text("Each row holds a white and a black checker (`W..B.`). Here it is impartial and "
              "one-way: a move slides a checker to the right — the left one towards the "
              "other, or the right one away from it. A row is worth its gap; widening a gap "
              "is an addition that the opponent reverses. (In the original game each player "
              "moves his own colour both ways; the winning strategy is the same Nim on the "
              "gaps.)")
    book.run("analyze northcott W..B. .B.W")

    book.heading(2, "Nim-multiplication (`grundy nim-multiply A B`)")
    book.text("Conway's field of nimbers, by Lenstra's recursion on the Fermat 2-powers "
              "2, 4, 16, 256, ...: F ⊗ F = 3F/2 and F ⊗ x = F·x for x < F. Checked against "
              "the mex definition and OEIS A051775.")
    book.run("nim-multiply 8 8")
    book.run("nim-multiply 16 16")
    book.run("nim-multiply 340282366920938463463374607431768211456 3")

    book.heading(2, "Coin-turning games (`turning-turtles`, `mock-turtles`, `ruler`)")
    book.text("A row of coins, H (heads) or T (tails); a move turns over some coins, the "
              "rightmost from heads to tails. The value of a row is the nim-sum of the values "
              "of its heads alone. Turning Turtles (one or two coins): coin n is worth n. "
              "Mock Turtles (one, two or three coins): coin n, counted from 0, is worth the "
              "n-th odious number 1, 2, 4, 7, 8, 11, ... (OEIS A000069). Ruler (a run of "
              "adjacent coins): coin n is worth the largest power of 2 dividing n (OEIS "
              "A001511). Coins are numbered from 1 at the left in the moves' words.")
    book.run("analyze turning-turtles THHTTH")
    book.run("analyze mock-turtles THHTTH")
    book.run("analyze ruler THHTTH")

    book.heading(2, "Turning Corners (`turning-corners ROW/ROW/...`)")
    book.text("A board of coins; a move turns the four corners of a rectangle, its "
              "bottom-right corner from heads to tails. The coin in row r and column c "
              "(counted from 0) is worth the nim-product r ⊗ c: here the heads are worth 1⊗1 "
              "= 1, 1⊗3 = 3 and 2⊗3 = 1, nim-sum 3. A move with corners r' < r, c' < c "
              "changes the value by (r xor r') ⊗ (c xor c'), so the winning moves are found "
              "from nim-inverses, without search.")
    book.run("analyze turning-corners TTTT/THTH/TTTH")

    book.heading(2, "Node Kayles and Arc Kayles (`node-kayles:PATH`, `arc-kayles:PATH`)")
    book.text("An undirected graph from a file: one edge `a b` a line (or graph6 in a `.g6` "
              "file). Node Kayles takes a node with all its neighbours; Arc Kayles takes an "
              f"edge with both its ends. The position is the nodes left (`all` or `none`). "
              f"`{PETERSEN}` is the Petersen graph. A position is valued by its connected "
              "components; on paths Arc Kayles is Dawson's Kayles and Node Kayles is "
              "Dawson's chess (octal 0.137), as the tests check. Node Kayles on a family "
              "grid (`node-kayles:grid3x20`) values each component once per shape, wherever "
              "it lies and however it is reflected, so a grid of three rows is answered to "
              "3x15 within the default budget; the values of 3 x n to n = 28 and how they "
              "were found are in `benchmarks/NODE_KAYLES.md`.")
    book.run(f"analyze node-kayles:{PETERSEN}")
    book.run(f"analyze arc-kayles:{PETERSEN} 0 1 2 3 4 5 6")

    book.heading(2, "Arithmetic periods (`sequence --period`): all-but games and Nim")
    book.text("When the values grow, the sequence may still be periodic up to a constant "
              "step: G(n + p) = G(n) + s, s being the saltus. `all-but:SET` takes any amount "
              "but those of the set; Siegel proved every such game arithmetic-periodic, and the "
              "tool proves the period it sees by a finite check: with m the largest excluded "
              "amount, the value of every heap from n on is decided by the values of the heaps "
              "below n − m (as a set) and the last m values, and once that state at n + p is "
              "the state at n with every value raised by s (and 0..s−1 added to the set), "
              "G(n + p) = G(n) + s holds for every later heap by induction. Heaps of any size "
              "are then answered from the period (`grundy value all-but:2,5 "
              "1000000000000000000` gives 500000000000000000). "
              "Nim's is proved by its formula G(n) = n. JSON gives `\"saltus\"` (0 for an "
              "ordinary period).")
    book.run("sequence --period all-but:2,5 --to 29")
    book.run("sequence --period --json --no-values nim --to 100")
    book.heading(3, "Codes whose moves leave three heaps")
    book.text("A hexadecimal code with a digit that leaves three heaps (bit 8) often has values "
              "that grow: hex:0.3F's are G(n) = 3⌊n/6⌋ + n mod 3. The octal periodicity "
              "theorems say nothing of such a sequence (the nim-sum of values that grow by a "
              "saltus does not grow with them), so the tool proves the arithmetic period it "
              "sees by two checks of the formula f it gives (`grundy.heap.arithmetic_proof`).",
              "*No option of a heap n has the value f(n).* Each part of an option is a small "
              "heap or e + u + p·q for a residue u and some q ≥ 0, of value f(e + u) + s·q. For "
              "each digit, number of parts and choice of the parts' kinds, \"this option has "
              "value f(n)\" is one equation c ⊕ (s·q₁ + r₁) ⊕ … = s·(q₁ + …) + d in the unknown "
              "q's; a search over the bits of the q's from the lowest, whose states are the "
              "carries of the additions, decides exactly whether it has a solution.",
              "*Every smaller value is reached.* A digit k with bit 8 splits n − k into a, a "
              "and x: an option of value f(x), the two equal heaps cancelling. With the "
              "one-heap options and those that leave small heaps beside a large one, these "
              "reach [0, f(n)) for a stretch of heaps past the preperiod, and the highest of "
              "them grow by the saltus with the heap, which carries it to every later heap.",
              "With the values of the first heaps, induction on n gives G = f for every heap. "
              "Of the 896 codes d0.d1d2 with a digit of bit 8, 311 show an arithmetic period in "
              "their values to heap 600, and 298 of those are proved so, each equal to the "
              "values computed to 3 000 (`python benchmarks/three_heap_census.py`, under a "
              "minute of CPU); among them hex:0.3F, hex:0.8, hex:0.89 and hex:4.19 (period 16, "
              "saltus 4). A period the checks cannot prove (hex:C.18, hex:0.28), or whose "
              "equations are too many for about a second (hex:8.D: period 24, saltus 16), is "
              "said as only seen.")
    book.run("sequence --period hex:0.3f --to 29")
    book.run("value hex:0.3f 10^18")
    pictures(book)
    return book.markdown()


#: The families of the page with their played game (docs/make_pictures.py) and their
#: screenshot (docs/make_screenshots.py): name of the pictures, title.
PICTURED = [("wythoff", "Wythoff's game"), ("moore", "Moore's Nim_k"),
            ("staircase", "Staircase Nim"), ("nim-add", "Nim with additions"),
            ("northcott", "Northcott's game"), ("turning-turtles", "Turning Turtles"),
            ("mock-turtles", "Mock Turtles"), ("ruler", "Ruler"),
            ("turning-corners", "Turning Corners"), ("all-but", "An all-but game")]


def pictures(book: Book) -> None:
    """Each family's game played out, and the web page on a desktop and on a phone."""
    book.heading(2, "Pictures and played games")
    book.text("A game of each family played out by two perfect players (`python "
              "docs/make_pictures.py` redraws these), and the web page (`grundy serve`) on a "
              "desktop and on a phone (`python docs/make_screenshots.py` retakes these).")
    for name, title in PICTURED:
        start, shown = PICTURE_POSITIONS[name], SCREENSHOT_POSITIONS[name]
        book.heading(3, title)
        book.text(f"A perfect game from `{start}`, move by move:",
                  f"![A perfect game of {start}](pictures/{name}-game.svg)",
                  f"`{shown}` on the web page, on a desktop and on a phone:",
                  f"![{shown} on a desktop](screenshots/{name}.png)",
                  f"![{shown} on a phone](screenshots/{name}-phone.png)")


def main(argv: Sequence[str] | None = None) -> int:
    """Write the page, or with ``--check`` report whether the file is up to date."""
    return write_or_check(FAMILIES, build, "docs/make_families.py", __doc__, argv)


if __name__ == "__main__":
    raise SystemExit(main())
