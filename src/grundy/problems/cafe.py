"""«Кафе» (Moscow team olympiad, 14 November 2004): lunches, coupons and the cheapest plan.

Every purchase of more than 100 roubles earns a coupon for one free lunch.  Petya lunches on
each of N days; find the least total cost, then, among the cheapest plans, the one that
leaves the most coupons unused (K1), and the days on which to spend coupons.

The text's dynamic program is M(d, k), the least money over the first d days ending with
k or more coupons.  This module keeps the exact count instead (the same table, without the
"or more") because it makes the reconstruction of the coupon days, which the text leaves to
the reader, a walk back through the table: on day d, either Petya paid (and the entry before
is this one minus the price, with one coupon fewer if the price was over 100) or he spent a
coupon (and the entry before, with one coupon more, is the same).

Two slips of the text, which the tests and the workbook check:

* its worked example 35 40 101 59 63 says 229 = 35 + 40 + 101 + 53; the fourth price is 59,
  so the optimum is 35 + 40 + 101 + 59 = 235 (coupon on day 5);
* its recurrence for a price over 100, min(M(d-1, k-1) + P(d), M(d-1, k)), lets day d be
  free without a coupon; spending a coupon needs k + 1 coupons before: M(d-1, k+1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grundy.errors import TooBig
from grundy.problems.base import Numbers, Problem

#: A purchase of more than this many roubles earns a coupon.
COUPON_OVER = 100
#: The most days accepted: the table has about N²/2 entries.  The problem has N <= 100.
MAX_DAYS = 2000

Table = list[list[int | None]]


@dataclass(frozen=True)
class CafePlan:
    """A cheapest plan: its total, the coupons left unused, and the days coupons are spent."""

    total: int
    coupons_left: int
    coupon_days: tuple[int, ...]

    @property
    def coupons_used(self) -> int:
        """K2, the number of coupons spent.

        >>> CafePlan(235, 0, (5,)).coupons_used
        1
        """
        return len(self.coupon_days)


def _exact_costs(prices: Sequence[int]) -> Table:
    """Row d, entry k: the least money over the first d days ending with exactly k coupons."""
    rows: Table = [[0]]
    for day, price in enumerate(prices, 1):
        earned = int(price > COUPON_OVER)
        row: list[int | None] = [None] * (day + 1)
        for held, cost in enumerate(rows[-1]):
            if cost is None:
                continue
            paid = cost + price
            after = held + earned
            current = row[after]
            row[after] = paid if current is None else min(current, paid)
            if held:
                current = row[held - 1]
                row[held - 1] = cost if current is None else min(current, cost)
        rows.append(row)
    return rows


def coupon_table(prices: Sequence[int]) -> Table:
    """The text's table M(d, k), d = 1..N (row d - 1), k = 0..d; None where undefined.

    M(d, k) is the least money over the first d days ending with k or more coupons.  The
    input of the text's exercise 2:

    >>> for row in coupon_table([101, 102, 50, 90, 103]):
    ...     print(row)
    [101, 101]
    [101, 203, 203]
    [151, 203, 253, None]
    [203, 253, 343, None, None]
    [253, 306, 356, 446, None, None]
    """
    table: Table = []
    for row in _exact_costs(prices)[1:]:
        best: int | None = None
        at_least: list[int | None] = []
        for cost in reversed(row):
            if cost is not None and (best is None or cost < best):
                best = cost
            at_least.append(best)
        table.append(at_least[::-1])
    return table


def cheapest_plan(prices: Sequence[int]) -> CafePlan:
    """The least total cost, then the most coupons left, and days on which to spend coupons.

    O(N²) time and memory.

    >>> cheapest_plan([35, 40, 101, 59, 63])
    CafePlan(total=235, coupons_left=0, coupon_days=(5,))
    >>> cheapest_plan([101, 101])
    CafePlan(total=101, coupons_left=0, coupon_days=(2,))
    """
    rows = _exact_costs(prices)
    last = rows[-1]
    total = min(cost for cost in last if cost is not None)
    left = max(held for held, cost in enumerate(last) if cost == total)
    days: list[int] = []
    held = left
    for day in range(len(prices), 0, -1):
        price = prices[day - 1]
        before = held - int(price > COUPON_OVER)
        earlier = rows[day - 1]
        paid = earlier[before] if 0 <= before < len(earlier) else None
        if paid is not None and paid + price == rows[day][held]:
            held = before
        else:
            days.append(day)
            held += 1
    return CafePlan(total, left, tuple(reversed(days)))


def most_coupons(prices: Sequence[int], money: int) -> int | None:
    """The most coupons Petya can end with spending at most ``money``; None if he cannot eat.

    The text's exercise 3: the largest k with M(N, k) <= money (M grows with k).

    >>> most_coupons([101, 102, 50, 90, 103], 306), most_coupons([101, 102], 100)
    (1, None)
    """
    last = _exact_costs(prices)[-1]
    held = [k for k, cost in enumerate(last) if cost is not None and cost <= money]
    return max(held) if held else None


def solve_cafe(text: str) -> str:
    """The least total; ``K1 K2``; then the K2 coupon days in increasing order.

    Input: N, then the N prices.

    >>> print(solve_cafe("5\\n35 40 101 59 63\\n"), end="")
    235
    0 1
    5
    """
    numbers = Numbers(text)
    days = numbers.take("N (the number of days)")
    if days > MAX_DAYS:
        raise TooBig(f"the «Кафе» table for N = {days} days", size=days * days // 2,
                     limit=MAX_DAYS * MAX_DAYS // 2, unit="table entries")
    prices = numbers.take_many(days, "prices")
    numbers.end()
    plan = cheapest_plan(prices)
    lines = [str(plan.total), f"{plan.coupons_left} {plan.coupons_used}",
             *map(str, plan.coupon_days)]
    return "\n".join(lines) + "\n"


CAFE = Problem("cafe", "«Кафе»: the cheapest lunches with coupons, and the coupon days",
               "N, then N prices", "the total; K1 K2; then the K2 coupon days", solve_cafe)
