"""The texts' olympiad problems: each solver against its samples and a brute force of its own.

The brute forces here are written from the statements alone: plain recursive game search
over explicit positions, and for «Кафе» every subset of coupon days.  Nothing in them uses
grundy's games, formulas or solver.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator
from functools import cache, reduce
from operator import xor

import pytest

from grundy import STONES, InvalidArgument, TooBig, analyze
from grundy.problems import PROBLEMS, solve
from grundy.problems.cafe import cheapest_plan, coupon_table, most_coupons
from grundy.problems.coin_plates import xor_upto
from grundy.problems.sticks import STICKS
from grundy.problems.stones import stones_value

Heaps = tuple[int, ...]


def searcher(heap_moves: Callable[[int], list[Heaps]],
             misere: bool = False) -> Callable[[Heaps], bool]:
    """Whether the player to move wins, by plain recursive search over multisets of heaps.

    A move replaces one heap by the parts ``heap_moves`` gives.  The cache is shared by all
    calls, so asking for growing positions keeps the recursion shallow.
    """

    @cache
    def wins(position: Heaps) -> bool:
        options = [tuple(sorted(position[:i] + position[i + 1:] + parts))
                   for i, heap in enumerate(position) for parts in heap_moves(heap)]
        if not options:
            return misere
        return any(not wins(option) for option in options)

    return lambda start: wins(tuple(sorted(start)))


def first_player_wins(start: Heaps, heap_moves: Callable[[int], list[Heaps]],
                      misere: bool = False) -> bool:
    """One search of a small position."""
    return searcher(heap_moves, misere)(start)


def take_any(n: int) -> list[Heaps]:
    return [(m,) if m else () for m in range(n)]


def take_up_to(most: int) -> Callable[[int], list[Heaps]]:
    return lambda n: [(n - k,) if n > k else () for k in range(1, min(most, n) + 1)]


def split_near_equal(n: int) -> list[Heaps]:
    options = []
    for parts in (2, 3):
        if n >= parts:
            q, r = divmod(n, parts)
            options.append(tuple([q] * (parts - r) + [q + 1] * r))
    return options


def stones_rule(n: int) -> list[Heaps]:
    allowed = [(1, 2), (1, 3), (1, 2, 3)][n % 3]
    return [(n - k,) if n > k else () for k in allowed if k <= n]


def bites(n: int) -> list[Heaps]:
    return [(n - k,) for k in range(1, n // 2 + 1)]


def rng(seed: int) -> random.Random:
    return random.Random(seed)


def lines(*words: object) -> str:
    return "".join(f"{word}\n" for word in words)


class TestRegistry:
    def test_every_problem_of_the_design_table(self) -> None:
        assert list(PROBLEMS) == ["nim", "misere-nim", "coin-plates", "drinking",
                                  "stone-split", "sticks", "stones", "candy", "cafe"]

    def test_summaries_are_one_line(self) -> None:
        for name, problem in PROBLEMS.items():
            assert problem.name == name
            assert problem.summary and "\n" not in problem.summary

    def test_unknown_problem(self) -> None:
        with pytest.raises(InvalidArgument, match="unknown problem 'chess'"):
            solve("chess", "1")


class TestNim:
    def test_samples(self) -> None:
        assert solve("nim", "3\n3 2 1\n") == "Second\n"
        assert solve("nim", "3\n3 3 1\n") == "First\n"
        assert solve("nim", "4 5 5 2 2") == "Second\n"
        assert solve("nim", "0") == "Second\n"

    def test_against_search(self) -> None:
        r = rng(1)
        for _ in range(300):
            heaps = [r.randint(0, 6) for _ in range(r.randint(1, 4))]
            expected = "First" if first_player_wins(tuple(heaps), take_any) else "Second"
            assert solve("nim", f"{len(heaps)}\n{' '.join(map(str, heaps))}") == expected + "\n"

    def test_huge_heaps(self) -> None:
        assert solve("nim", f"2 {10**30} {10**30}") == "Second\n"


class TestMisereNim:
    def test_lecture_and_habr(self) -> None:
        assert solve("misere-nim", "3 3 2 1") == "Y\n"   # lecture, exercise 13
        assert solve("misere-nim", "3 5 1 1") == "X\n"   # exercise 26
        assert solve("misere-nim", "3 8 4 1") == "X\n"   # exercise 27
        # The habr text says 3 ^ 8 ^ 15 = 0 and that the second player (Y) wins; it is 4.
        assert 3 ^ 8 ^ 15 == 4
        assert solve("misere-nim", "3\n3 8 15\n") == "X\n"

    def test_against_search(self) -> None:
        r = rng(2)
        for _ in range(400):
            heaps = [r.choice([0, 1, 1, 1, 2, 3, 4, 5, 6]) for _ in range(r.randint(1, 5))]
            wins = first_player_wins(tuple(heaps), take_any, misere=True)
            text = f"{len(heaps)} " + " ".join(map(str, heaps))
            assert solve("misere-nim", text) == ("X\n" if wins else "Y\n")


class TestCoinPlates:
    def test_samples(self) -> None:
        assert [solve("coin-plates", str(n)) for n in (1, 2, 3, 4, 7)] == \
            ["O\n", "O\n", "X\n", "O\n", "X\n"]

    def test_huge(self) -> None:
        assert solve("coin-plates", str(2**32)) == "O\n"
        assert solve("coin-plates", str(10**30)) == "O\n"
        assert solve("coin-plates", str(10**30 + 3)) == "X\n"

    def test_against_search(self) -> None:
        for n in range(1, 7):
            wins = first_player_wins(tuple(range(1, n + 1)), take_any)
            assert solve("coin-plates", str(n)) == ("O\n" if wins else "X\n")

    def test_xor_upto_against_reduce(self) -> None:
        for n in range(3000):
            assert xor_upto(n) == reduce(xor, range(n + 1), 0)
        r = rng(3)
        for _ in range(20):
            start = r.randrange(10**20) * 4
            assert xor_upto(start + 37) == xor_upto(start - 1) ^ reduce(
                xor, range(start, start + 38), 0)


class TestDrinking:
    def test_samples(self) -> None:
        assert solve("drinking", "1 3\n4\n") == "NO\n"
        assert solve("drinking", "1 3\n5\n") == "YES\n"
        assert solve("drinking", "2 1000\n1000000 1000000\n") == "NO\n"

    def test_against_search(self) -> None:
        r = rng(4)
        for _ in range(300):
            most = r.randint(1, 4)
            amounts = [r.randint(0, 8) for _ in range(r.randint(1, 3))]
            wins = first_player_wins(tuple(amounts), take_up_to(most))
            text = f"{len(amounts)} {most}\n" + " ".join(map(str, amounts))
            assert solve("drinking", text) == ("YES\n" if wins else "NO\n")


class TestStoneSplit:
    def test_statement_example(self) -> None:
        assert solve("stone-split", "5") == "A\n"
        assert solve("stone-split", "1") == "B\n"

    def test_against_search(self) -> None:
        wins = searcher(split_near_equal)
        for n in range(1, 41):
            assert solve("stone-split", str(n)) == ("A\n" if wins((n,)) else "B\n"), n

    def test_against_mex_recursion_up_to_the_statement_limit(self) -> None:
        @cache
        def value(n: int) -> int:
            seen = {reduce(xor, map(value, parts), 0) for parts in split_near_equal(n)}
            return next(v for v in itertools.count() if v not in seen)

        for n in range(1, 1001):
            assert solve("stone-split", str(n)) == ("A\n" if value(n) else "B\n"), n


class TestSticks:
    def test_text(self) -> None:
        # "four sticks: player 1 ... now he loses"
        assert solve("sticks", "4") == "2\n"
        assert [solve("sticks", str(n)) for n in (1, 2, 3)] == ["2\n", "1\n", "1\n"]

    def test_against_search(self) -> None:
        wins = searcher(take_up_to(2), misere=True)
        for n in range(1, 301):
            assert solve("sticks", str(n)) == ("1\n" if wins((n,)) else "2\n"), n

    def test_against_the_library_misere_search(self) -> None:
        for n in range(1, 120):
            searched = analyze(STICKS, (n,), misere=True).winner
            assert solve("sticks", str(n)) == ("1\n" if searched == "first" else "2\n")

    def test_huge(self) -> None:
        pattern = [solve("sticks", str(n)) for n in (3, 4, 5)]
        assert [solve("sticks", str(10**30 + 3 + k)) for k in (2, 3, 4)] == pattern


class TestStones:
    def test_text_table(self) -> None:
        # "n 1..6: true true false true true false"
        assert [solve("stones", str(n)) for n in range(1, 7)] == \
            ["1\n", "1\n", "2\n", "1\n", "1\n", "2\n"]

    def test_against_search(self) -> None:
        wins = searcher(stones_rule)
        for n in range(1, 301):
            assert solve("stones", str(n)) == ("1\n" if wins((n,)) else "2\n"), n

    def test_period_against_the_heap_by_heap_values(self) -> None:
        values = STONES.values(20_000).tolist()
        assert [stones_value(n) for n in range(20_001)] == values

    def test_huge(self) -> None:
        assert solve("stones", str(10**30)) in ("1\n", "2\n")
        assert solve("stones", str(3 * 10**30)) == "2\n"


class TestCandy:
    def test_lecture(self) -> None:
        assert solve("candy", "15") == "Second\n"     # exercise 3
        assert solve("candy", "33") == "First\n2\n"   # exercise 23: 33 -> 31
        table = "-+-+++-+++" "++++-++++"  # the lecture's table for 1..19
        assert "".join("-" if solve("candy", str(n)) == "Second\n" else "+"
                       for n in range(1, 20)) == table

    def test_against_search(self) -> None:
        wins = searcher(bites)
        for n in range(1, 301):
            winning = [n - left for (left,) in bites(n) if not wins((left,))]
            expected = "Second\n" if not winning else f"First\n{winning[0]}\n"
            assert len(winning) <= 1
            assert solve("candy", str(n)) == expected, n

    def test_huge(self) -> None:
        n = 10**30
        first, bite = solve("candy", str(n)).split()
        left = n - int(bite)
        assert first == "First" and 1 <= int(bite) <= n // 2
        assert (left + 1) & left == 0  # 2^k - 1 is losing: checked by the search above


def plans(prices: list[int]) -> Iterator[tuple[int, int, frozenset[int]]]:
    """Every feasible plan as (total, coupons left, coupon days), by trying all subsets."""
    days = range(1, len(prices) + 1)
    for size in range(len(prices) + 1):
        for chosen in itertools.combinations(days, size):
            used = frozenset(chosen)
            plan = check_plan(prices, used)
            if plan is not None:
                yield plan[0], plan[1], used


def check_plan(prices: list[int], coupon_days: frozenset[int]) -> tuple[int, int] | None:
    """(total, coupons left) of a plan, or None if it spends a coupon Petya does not have."""
    held = total = 0
    for day, price in enumerate(prices, 1):
        if day in coupon_days:
            if held == 0:
                return None
            held -= 1
        else:
            total += price
            held += price > 100
    return total, held


class TestCafe:
    def test_the_text_example_is_235_not_229(self) -> None:
        # The text prints 229 = 35 + 40 + 101 + 53, but the fourth price is 59.
        assert solve("cafe", "5\n35 40 101 59 63\n") == "235\n0 1\n5\n"

    def test_no_days(self) -> None:
        assert solve("cafe", "0") == "0\n0 0\n"

    def test_against_all_subsets(self) -> None:
        r = rng(5)
        for _ in range(300):
            n = r.randint(0, 9)
            prices = [r.choice([0, r.randint(1, 100), r.randint(101, 300), 101])
                      for _ in range(n)]
            every = list(plans(prices))
            best = min(total for total, _, _ in every)
            most_left = max(left for total, left, _ in every if total == best)
            out = solve("cafe", f"{n}\n" + " ".join(map(str, prices))).split("\n")
            assert out[-1] == ""
            total, (left, used), days = int(out[0]), map(int, out[1].split()), out[2:-1]
            assert (total, left, used) == (best, most_left, len(days))
            coupon_days = [int(day) for day in days]
            assert coupon_days == sorted(set(coupon_days))
            assert check_plan(prices, frozenset(coupon_days)) == (best, most_left)

    def test_never_more_than_one_coupon_left(self) -> None:
        # The text's exercise 1.
        r = rng(6)
        for _ in range(300):
            prices = [r.randint(0, 300) for _ in range(r.randint(0, 30))]
            assert cheapest_plan(prices).coupons_left <= 1

    def test_table_and_budget_against_all_subsets(self) -> None:
        r = rng(7)
        for _ in range(100):
            prices = [r.randint(0, 300) for _ in range(r.randint(1, 8))]
            every = list(plans(prices))
            last = coupon_table(prices)[-1]
            for k, cost in enumerate(last):
                fits = [total for total, left, _ in every if left >= k]
                assert cost == (min(fits) if fits else None)
            money = r.randint(0, 1000)
            ends = [left for total, left, _ in every if total <= money]
            assert most_coupons(prices, money) == (max(ends) if ends else None)


@pytest.mark.parametrize(("name", "text", "message"), [
    ("nim", "", "the input ends before N"),
    ("nim", "3 1 2", "expected 3 heap sizes, but the input has only 2"),
    ("nim", "2 1 2 3", "1 number(s) more than expected"),
    ("nim", "2 1 -2", "number 2 of the heap sizes is -2"),
    ("nim", "-1", "N (the number of heaps) = -1 is out of range"),
    ("nim", "2 1 2.5", "'2.5' is not a whole number"),
    ("misere-nim", "1 x", "'x' is not a whole number"),
    ("coin-plates", "0", "N (the number of plates) = 0 is out of range"),
    ("coin-plates", "5 6", "more than expected"),
    ("drinking", "1 0\n5", "K (the most drunk in one turn) = 0 is out of range"),
    ("drinking", "0 3", "N (the number of kinds) = 0 is out of range"),
    ("drinking", "1 1000000000 5", "at most 100000"),
    ("drinking", "2 3\n5", "expected 2 amounts"),
    ("stone-split", "0", "out of range"),
    ("sticks", "0", "out of range"),
    ("stones", "", "the input ends before N"),
    ("candy", "0", "N (the size of the candy) = 0 is out of range"),
    ("candy", "1e3", "'1e3' is not a whole number"),
    ("cafe", "2 100", "expected 2 prices, but the input has only 1"),
    ("cafe", "1 -5", "number 1 of the prices is -5"),
    ("nim", "1 " + "9" * 5000, "too many digits"),
])
def test_bad_input(name: str, text: str, message: str) -> None:
    with pytest.raises(InvalidArgument, match=re.escape(message)) as caught:
        solve(name, text)
    assert str(caught.value).startswith(f"{name}: ")
    assert "\n" not in str(caught.value)


def test_cafe_refuses_a_huge_table() -> None:
    with pytest.raises(TooBig):
        solve("cafe", "1000000")


def test_white_space_is_free() -> None:
    assert solve("nim", " \t3\n\n 1   2\t3 \r\n  ") == "Second\n"
    assert solve("cafe", "3\n101\n\n50 50   \n") == solve("cafe", "3 101 50 50")
