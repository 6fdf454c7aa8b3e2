"""Which codes d0.d1d2 with a digit that leaves three heaps have a proved period.

    python benchmarks/three_heap_census.py > benchmarks/three_heap_census.md

For each distinct code (896), the values of heaps 0..600 are computed by the three-heap
kernel; an ordinary period is proved by the k-heap criterion, an arithmetic one by the
three-heap arithmetic-periodicity check (:mod:`grundy.heap.arithmetic_proof`).  Every
arithmetic period proved is then compared with the values computed to 3 000 heaps, and
the run stops at the first that differs.  CPU time is the process time of the whole run.
"""

from __future__ import annotations

import itertools
import time

from grundy.errors import InvalidGame
from grundy.heap.arithmetic_proof import Formula, certify_arithmetic
from grundy.heap.codes import TakeBreakCode
from grundy.heap.period import certify_take_break, detect_arithmetic_period
from grundy.heap.triples import triple_values

PROVED_FROM, COMPARED_TO = 600, 3000


def codes() -> list[TakeBreakCode]:
    """Every distinct code d0.d1d2 with a digit of bit 8."""
    found: dict[tuple[int, ...], TakeBreakCode] = {}
    for digits in itertools.product((0, 4, 8, 12), range(16), range(16)):
        try:
            code = TakeBreakCode(digits)
        except InvalidGame:
            continue
        if code.triples:
            found.setdefault(code.digits, code)
    return list(found.values())


def main() -> None:
    began = time.process_time()
    ordinary, proved, unproved = [], [], []
    every = codes()
    for code in every:
        values = triple_values(code, PROVED_FROM)
        if certify_take_break(code, values) is not None:
            ordinary.append(code.text)
            continue
        period = certify_arithmetic(code, values)
        if period is None:
            seen = detect_arithmetic_period(values)
            if seen is not None and seen[2] > 0:
                unproved.append(f"{code.text} {seen}")
            continue
        later = triple_values(code, COMPARED_TO)
        f = Formula([int(v) for v in values[: period.preperiod + period.period]],
                    period.preperiod, period.period, period.saltus)
        if [f(n) for n in range(COMPARED_TO + 1)] != later.tolist():
            raise SystemExit(f"hex:{code.text}: the period proved differs from the values")
        proved.append(f"{code.text} ({period.preperiod}, {period.period}, {period.saltus})")
    print("# Codes d0.d1d2 that leave three heaps: periods proved\n")
    print(f"`python benchmarks/three_heap_census.py`: {len(every)} distinct codes, values of "
          f"heaps 0..{PROVED_FROM}; {time.process_time() - began:.1f} s of CPU.\n")
    print(f"- ordinary period proved (k-heap criterion): {len(ordinary)}")
    print(f"- arithmetic period proved (three-heap check), each equal to the values "
          f"computed to {COMPARED_TO} heaps: {len(proved)}")
    print(f"- arithmetic period seen, not proved: {len(unproved)}\n")
    print("## Proved arithmetic periods (code (preperiod, period, saltus))\n")
    print(", ".join(proved) + "\n")
    print("## Seen, not proved\n")
    print(", ".join(unproved))


if __name__ == "__main__":
    main()
