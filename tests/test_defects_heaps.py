"""Heap games and misère play that once hung, ran out of memory, gave Python's own words or
a wrong refusal: each now answers, or is refused up front with one line saying how big the
job is.  Every case runs as its own ``grundy`` process under a memory limit (1 GB of address
space) and a limit of processor seconds, all of them at once (the helpers and limits of
``tests/test_attack.py``); the theorems the answers use are checked against brute force.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import numpy as np
import pytest

from grundy import analyze
from grundy.heap.period import certify_modular_rule
from grundy.heap.subtraction import STONES, Subtraction, stones
from grundy.heap.takebreak import DAWSON, TakeAndBreak
from grundy.misere.deadline import time_limit
from grundy.misere.quotient import build_quotient
from grundy.misere.report import quotient_report
from grundy.problems.stones import stones_value
from grundy.values import Outcome
from test_attack import TIMEOUT, _limited, check_answer

from brute import position_moves, row_moves_octal, wins_of

pytestmark = pytest.mark.slow

BIG = "1" + "0" * 18
HUGE = "1" + "0" * 100
NINES = "9" * 400
#: Processor seconds a case may use: the slowest answers (`quotient dawson`) take about 4
#: on a loaded machine, most of it loading the kernels; a hang is still stopped in seconds.
CPU = 8


# (arguments, exit code, a part of the output (exit 0) or of the one line on stderr, and
# the processor seconds allowed when not CPU)
CASES: list[tuple[tuple[str, ...], int, str, int]] = [
    # Moore's Nim: the theorem answers at any size (before: past 300 s, 19 s, Python's words).
    (("analyze", "moore:3", "11", "35", "37", "15"), 0,
     "take 26 from 37 and 24 from 35 and 4 from 15, leaving 11 and 11 and 11", CPU),
    (("analyze", "moore:3", "40", "27", "20", "31", "12"), 0, "Found by Moore's theorem", CPU),
    (("analyze", "moore:2", "11", "35", "37"), 0, "leaving 11 and 11", CPU),
    (("analyze", "--misere", "moore:2", "11", "35", "37"), 0, "leaving 11 and 11", CPU),
    (("analyze", "moore:2", "100000"), 0, "Nim-value: 100,000", CPU),
    (("analyze", "moore:2", "99999999999999999999"), 0,
     "Nim-value: 99,999,999,999,999,999,999", CPU),
    (("analyze", "moore:2", HUGE), 0, f"Nim-value: {int(HUGE):,}", CPU),
    (("analyze", "moore:2", BIG, "3"), 0, "The first player (to move) wins", CPU),
    (("analyze", "moore:2", "3", "3", "4"), 0, "Nim-value: 2", CPU),
    # H1: a small misère position is searched, not quotiented; big heaps within seconds.
    (("analyze", "--misere", "octal:0.156", "8", "9", "11"), 0,
     "Found by search of the whole position", CPU),
    (("analyze", "--misere", "hex:0.8", BIG), 3,
     "the misère quotient of hex:0.8 is not known to this tool beyond heap", CPU),
    (("analyze", "--misere", "hex:0.f", BIG), 3, "listing its winning moves", CPU),
    (("analyze", "--misere", "octal:0.56", BIG), 3, "misère search of 'octal:0.56", CPU),
    # H2: quotient constructions stop within their time, saying where.
    (("quotient", "hex:0.8"), 0, "Misère quotient of hex:0.8, heaps 0..", CPU),
    (("quotient", "octal:0.56"), 0, "Misère quotient of octal:0.56, heaps 0..", CPU),
    (("quotient", "subtract:1-1000"), 0, "Misère quotient of subtract:1-1000, heaps 0..", CPU),
    # H3: misère sequences refused up front by their largest heap.
    (("sequence", "--misere", "hex:0.8", "--to", "2000"), 3,
     "the misère outcomes of hex:0.8 heaps 0..2000", CPU),
    (("table", "--misere", "grundy-game", "--to", "200"), 3,
     "the misère outcomes of grundy-game heaps 0..200", CPU),
    # One meaning of --to, and the furthest quotient known.
    (("quotient", "dawson"), 0, "Misère quotient of dawson, heaps 0..30: order 360", CPU),
    (("quotient", "dawson", "--to", "30"), 0, "heaps 0..30: order 360", CPU),
    (("quotient", "octal:0.3", "--to", "6"), 0, "Misère quotient of octal:0.3, heaps 0..6", CPU),
    # M2 and E1: the misère listing limit, and Kayles' quotient at any size.
    (("analyze", "--misere", "kayles", "100000000"), 3,
     "kayles 100000000: the first player wins (by the misère quotient", CPU),
    (("analyze", "--misere", "kayles", BIG), 3, "listing its winning moves needs about 1e+18", CPU),
    (("analyze", "--misere", "kayles", BIG, BIG), 0, "The second player wins", CPU),
    (("analyze", "--misere", "daisy", NINES), 0, "The second player wins", CPU),
    (("analyze", "--misere", "split23", NINES), 3, "needs more than 1e+100 states", CPU),
    # M3: the listing limit of sequences for every game.
    (("sequence", "kayles", "--to", "100000000"), 3,
     "listing the nim-values of kayles heaps 0..100000000 needs about 1e+8 values", CPU),
    # M5: a subtraction range counted before it is built (before: 594 MB, 2.6 s).
    (("analyze", "subtract:1-10000000", "5"), 3, "needs about 1e+7 amounts", 2),
    # R4: a subtraction rule's real options.
    (("analyze", "subtract:powers2", "4000000"), 0,
     "take 1048576 from 4000000, leaving 2951424", CPU),
    # E5: a meaningful limit.
    (("analyze", "grundy-game", HUGE), 3, "needs more than 1e+100 bytes; the limit is", CPU),
    # E7: the Stones rule's proved period, with an empty cache (before: 6.7 s, refused).
    (("analyze", "stones", BIG), 0, "Nim-value: 2", CPU),
    (("analyze", "subtract:squares", "1000000000000"), 3, "no formula or proved period", CPU),
    # Genus: up front past the search's reach, and further than before within it.
    (("sequence", "--misere", "--genus", "kayles", "--to", "100"), 3, "the limit is 60", CPU),
    (("sequence", "--misere", "--genus", "kayles", "--to", "20"), 0, "  20  1^031", 20),
]


def _bounded(seconds: int) -> None:
    _limited()
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))


def _run(case: tuple[tuple[str, ...], int, str, int], cache: str
         ) -> subprocess.CompletedProcess[str]:
    arguments, _, _, seconds = case
    limits: Callable[[], None] = partial(_bounded, seconds)
    return subprocess.run([sys.executable, "-m", "grundy", *arguments], capture_output=True,
                          text=True, timeout=TIMEOUT, preexec_fn=limits, check=False,
                          env={**os.environ, "GRUNDY_CACHE_DIR": cache})


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> list[subprocess.CompletedProcess[str]]:
    cache = str(tmp_path_factory.mktemp("empty-cache"))
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(partial(_run, cache=cache), CASES))


@pytest.mark.parametrize("index", range(len(CASES)), ids=[" ".join(c[0])[:40] for c in CASES])
def test_answered_or_refused(results: list[subprocess.CompletedProcess[str]],
                             index: int) -> None:
    _, code, expected, _ = CASES[index]
    done = results[index]
    check_answer(done, code, expected)
    if code != 0:
        assert len(done.stderr.rstrip("\n")) <= 400
        assert "9223372036854775807" not in done.stderr
        assert "the limit is" in done.stderr or "more than" in done.stderr


def test_a_small_misere_position_is_searched_and_right() -> None:
    game = TakeAndBreak("0.156")
    wins = wins_of(position_moves(row_moves_octal(game.digits)), misere=True)
    for heaps in [(8, 9, 11), (6, 6, 6), (9, 11), (3, 5, 7, 8)]:
        found = analyze(f"octal:0.156 {' '.join(map(str, heaps))}", misere=True)
        assert (found.outcome is Outcome.N) == wins(heaps), heaps
        for move in found.winning_moves:
            after = tuple(sorted(h for h in move.position.components[0].state if h))
            assert not wins(after), move


def test_a_construction_stops_within_its_time() -> None:
    with time_limit(0):
        stopped = build_quotient(TakeAndBreak("0.156"), 300)
    assert stopped.out_of_time and stopped.stopped and "not finished within" in stopped.stopped
    assert not build_quotient(TakeAndBreak("0.3"), 10).out_of_time


def test_quotient_shows_the_furthest_known() -> None:
    report = quotient_report(DAWSON, 30)
    assert (report["order"], report["to"], len(report["pretending"]["values"])) == (360, 30, 31)
    # Heaps 0..N, N included, when the quotient is built.
    assert len(quotient_report(TakeAndBreak("0.3"), 6)["pretending"]["values"]) == 7


def _stones_by_recursion(n: int) -> list[int]:
    values: list[int] = []
    for heap in range(n + 1):
        seen = {values[heap - a] for a in stones(heap)}
        values.append(next(v for v in range(5) if v not in seen))
    return values


def test_the_stones_period_against_brute_force() -> None:
    brute = _stones_by_recursion(5000)
    period = STONES.proved_period()
    assert period is not None and period.certified
    for n in range(5001):
        folded = n if n < period.preperiod else (
            period.preperiod + (n - period.preperiod) % period.period)
        assert brute[folded] == brute[n] == stones_value(n)
    assert certify_modular_rule(3, 3, np.array(brute[:8], dtype=np.int64)) is None


def test_rules_without_a_theorem_are_not_certified() -> None:
    from grundy.heap.subtraction import powers_of_two, squares

    assert not Subtraction(squares).certifiable
    assert Subtraction(powers_of_two).heap_option_count(10**18) == 60

