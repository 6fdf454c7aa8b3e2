"""Text for people: the nim-sum worked out in binary columns, P/N tables, analyses.

>>> print(nim_sum_columns([("nim 3", 3), ("nim 2", 2), ("nim 1", 1)]))
  nim 3    3   11
  nim 2    2   10
  nim 1    1   01
  ───────────────
  nim-sum  0   00
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from grundy.heap.certificate import ARITHMETIC_CHECK
from grundy.values import Method, Outcome, nim_sum

if TYPE_CHECKING:
    from grundy.analysis import Analysis
    from grundy.heap.certificate import Period


def grouped(number: int) -> str:
    """``number`` for people: five digits and more in groups of three, split by commas (the
    ``--json`` output and the text forms of positions keep plain digits).

    >>> grouped(1234), grouped(12345), grouped(-1000000)
    ('1234', '12,345', '-1,000,000')
    """
    return f"{number:,}" if abs(number) >= 10_000 else str(number)


def nim_sum_columns(rows: Sequence[tuple[str, int]]) -> str:
    """The rows' values in binary, one under another, and their nim-sum below a rule.

    Each column of bits is added without carry: the bit below the rule is 1 where the
    column holds an odd number of ones — the texts' way of computing xor by hand.
    """
    total = nim_sum(*(value for _, value in rows))
    lines = [*rows, ("nim-sum", total)]
    bits = max(1, *(value.bit_length() for _, value in lines))
    label_width = max(len(label) for label, _ in lines)
    value_width = max(len(grouped(value)) for _, value in lines)

    def line(label: str, value: int) -> str:
        return f"  {label:<{label_width}}  {grouped(value):>{value_width}}   {value:0{bits}b}"

    body = [line(label, value) for label, value in rows]
    rule = "  " + "─" * (label_width + value_width + bits + 5)
    return "\n".join([*body, rule, line("nim-sum", total)])


def outcome_table(outcomes: Sequence[Outcome], start: int = 0, width: int = 10) -> str:
    """The texts' table of losing ("-") and winning ("+") single heaps, ``width`` a row.

    >>> print(outcome_table([Outcome.P, Outcome.N, Outcome.P, Outcome.N], start=1))
    1  2  3  4
    -  +  -  +
    """
    marks = {Outcome.P: "-", Outcome.N: "+", Outcome.D: "="}
    blocks = []
    for first in range(0, len(outcomes), width):
        chunk = outcomes[first:first + width]
        sizes = [grouped(start + first + i) for i in range(len(chunk))]
        cell = max(len(s) for s in sizes)
        blocks.append("  ".join(f"{s:<{cell}}" for s in sizes).rstrip() + "\n"
                      + "  ".join(f"{marks[o]:<{cell}}" for o in chunk).rstrip())
    return "\n\n".join(blocks)


def value_rows(values: Sequence[int], start: int = 0, width: int = 10) -> str:
    """A nim-sequence, ``width`` values a line, each line led by its first heap size.

    >>> print(value_rows([0, 1, 2, 0, 1, 2, 0], width=4))
    0:  0 1 2 0
    4:  1 2 0
    """
    label = len(grouped(start + max(len(values) - 1, 0)))
    return "\n".join(
        f"{grouped(start + first):>{label}}:  "
        + " ".join(grouped(int(v)) for v in values[first:first + width])
        for first in range(0, len(values), width))


def format_analysis(analysis: Analysis, max_moves: int = 20,
                    remoteness: int | None = None) -> str:
    """An analysis in words: who wins, the nim-value with its nim-sum, and the winning moves.

    ``remoteness``, when known (:func:`grundy.opponent.with_remoteness`), is how many moves
    the game lasts with perfect play (the winner hurrying, the loser resisting).

    >>> from grundy.analysis import analyze
    >>> print(format_analysis(analyze("nim 2 1")))
    Position: nim 1 2  (normal play: whoever cannot move loses)
    The first player (to move) wins: an N-position.
    Nim-value: 3
    <BLANKLINE>
      nim 1    1   01
      nim 2    2   10
      ───────────────
      nim-sum  3   11
    <BLANKLINE>
    Winning moves (each leaves a nim-sum of 0: a component of value v goes to v xor 3):
      take 1 from 2, leaving 1  ->  nim 1 1
    """
    convention = ("misère play: whoever cannot move wins" if analysis.misere
                  else "normal play: whoever cannot move loses")
    who = {
        Outcome.N: "The first player (to move) wins: an N-position.",
        Outcome.P: "The second player wins: a P-position (whoever moves loses).",
        Outcome.D: "Neither player can force a win: a draw with perfect play.",
    }[analysis.outcome]
    lines = [f"Position: {analysis.position}  ({convention})", who]
    if remoteness is not None and analysis.outcome is not Outcome.D:
        lines.append(f"With perfect play the game lasts {grouped(remoteness)} more move"
                     f"{'' if remoteness == 1 else 's'} (remoteness).")
    value = analysis.nim_value
    if value is not None:
        lines.append(f"Nim-value: {grouped(value) if isinstance(value, int) else value}")
    if isinstance(value, int) and len(analysis.terms) > 1:
        rows = [(t.label, t.value) for t in analysis.terms if isinstance(t.value, int)]
        lines += ["", nim_sum_columns(rows)]
    elif analysis.misere or value is None:
        words = _in_words(analysis)
        if words is not None:
            lines.append(f"In words: {words}.")
        lines.append(f"Found by {analysis.method}.")
    elif analysis.reason is not None:
        lines.append(f"Why: {analysis.reason}.")
    moves = analysis.winning_moves
    if moves:
        if isinstance(value, int):
            why = f"each leaves a nim-sum of 0: a component of value v goes to v xor {value}"
        elif value is None and not analysis.misere and analysis.found_by is Method.OUTCOME_SEARCH:
            why = "the first found; it leaves a position where the player to move loses"
        else:
            why = "each leaves a position where the player to move loses"
        lines += ["", f"Winning moves ({why}):"]
        lines += [f"  {m.description}  ->  {m.position}" for m in moves[:max_moves]]
        if len(moves) > max_moves:
            lines.append(f"  ... and {grouped(len(moves) - max_moves)} more (--json lists them"
                         " all)")
    return "\n".join(lines)


#: Why a misère answer from a quotient or from the tame rule holds, in words, by who wins.
_QUOTIENT_WORDS = {
    Outcome.N: "the player to move wins, because some move (listed below) leaves the opponent "
               "a losing position; the game's misère quotient, a small multiplication table "
               "standing for every sum of its heaps, finds it by multiplying the heaps' "
               "elements",
    Outcome.P: "the player to move loses, because every move leaves the opponent a winning "
               "position; the game's misère quotient, a small multiplication table standing "
               "for every sum of its heaps, shows it: the heaps' elements multiply to a losing "
               "one",
}
_TAME_WORDS = (
    "the game is tame, so it plays as misère Nim: the player who leaves a nim-sum of 0 wins, "
    "except when every heap left is fickle (plays as Nim's heaps of 0 and 1 do), where "
    "leaving a nim-sum of 1 wins")

def _in_words(analysis: Analysis) -> str | None:
    """A plain sentence on who wins a misère position and why, before the algebra of the
    quotient or the tame rule that found it (None for other methods)."""
    if analysis.found_by is Method.QUOTIENT:
        return _QUOTIENT_WORDS.get(analysis.outcome)
    if analysis.found_by is Method.TAME:
        who = ("the player to move wins" if analysis.outcome is Outcome.N
               else "the player to move loses")
        return f"{who}; {_TAME_WORDS}"
    return None


def say_period(period: Period | None, heaps: int) -> str:
    """What the values of heaps ``0..heaps - 1`` show of a period, in words (no full stop).

    A period is named as one only when a theorem proves it, with the theorem's name; a
    regularity only seen in the values is said as that, with the heaps it was seen in, and
    an arithmetic one (values growing by a saltus each period) never as a bare "period".

    >>> from grundy.heap.certificate import GUY_SMITH
    >>> from grundy.heap.period import Period
    >>> say_period(Period(71, 12, True, GUY_SMITH), 200)
    'Periodic from heap 71 with period 12 (proved by the Guy-Smith octal periodicity theorem)'
    >>> say_period(Period(0, 6, saltus=3), 41)
    'Seen in heaps 0..40, not proved: G(n + 6) = G(n) + 3 from heap 0'
    >>> say_period(Period(9, 2), 21)
    'Seen in heaps 0..20, not proved: G(n + 2) = G(n) from heap 9'
    >>> say_period(None, 21)
    'No period seen in these values'
    """
    if period is None:
        return "No period seen in these values"
    e, p, s = grouped(period.preperiod), grouped(period.period), period.saltus
    rule = f"G(n + {p}) = G(n){f' + {s}' if s else ''}"
    if not period.certified:
        return f"Seen in heaps 0..{grouped(max(heaps - 1, 0))}, not proved: {rule} from heap {e}"
    proof = f"proved by the {period.by}"
    if s:
        return (f"Arithmetic-periodic from heap {e} with period {p} and saltus {s}: {rule} "
                f"({proof})")
    return f"Periodic from heap {e} with period {p} ({proof})"


def say_proof(period: Period, heap: int, needed: int) -> str:
    """The proof of a value read from a proved period, in words.

    >>> from grundy.heap.certificate import GUY_SMITH
    >>> from grundy.heap.period import Period
    >>> print(say_proof(Period(71, 12, True, GUY_SMITH), 10**6, 168))
    Periodic from heap 71 with period 12, proved by the Guy-Smith octal periodicity theorem:
    G(n + 12) = G(n) for 71 <= n < 156, checked on heaps 0..167 (what the theorem needs);
    so G(1000000) = G(71 + (1000000 - 71) mod 12) = G(76).
    >>> print(say_proof(Period(0, 3, True, "all-but state check", saltus=1), 10, 0))
    Arithmetic-periodic from heap 0 with period 3 and saltus 1, proved by the all-but state check:
    G(n + 3) = G(n) + 1 for every n >= 0;
    so G(10) = G(0 + (10 - 0) mod 3) + 1 * 3 = G(1) + 1 * 3.
    """
    e, p, s = period.preperiod, period.period, period.saltus
    same = e + (heap - e) % p if heap >= e else heap
    step = f" + {s}" if s else ""
    grown = f" + {s} * {(heap - same) // p}" if s and heap > same else ""
    # A theorem that names no count of values (a check of a state) proves the rule for
    # every heap from the preperiod on.
    if period.by == ARITHMETIC_CHECK:
        checked = (f"for every n >= {grouped(e)}: heaps 0..{grouped(needed - 1)} follow it, "
                   "and, from the code's moves, no option of a heap n reaches G(n) while its "
                   "splits into a, a and x reach every smaller value")
    elif needed > e + p:
        checked = (f"for {grouped(e)} <= n < {grouped(needed - p)}, checked on heaps "
                   f"0..{grouped(needed - 1)} (what the theorem needs)")
    else:
        checked = f"for every n >= {grouped(e)}"
    return (f"{'Arithmetic-periodic' if s else 'Periodic'} from heap {grouped(e)} with period "
            f"{grouped(p)}{f' and saltus {s}' if s else ''}, proved by the {period.by}:\n"
            f"G(n + {p}) = G(n){step} {checked};\n"
            f"so G({heap}) = G({e} + ({heap} - {e}) mod {p}){grown} = G({same}){grown}.")
