"""The census against Czajka's published tables of octal games, the two solved games
whose proofs need more than 2^20 heaps (0.376 and 0.354), which the tests leave out, and
the games solved since with periods of tens of millions (0.454 and 0.1777, OEIS A071509).

    .venv/bin/python benchmarks/census_literature.py CENSUS.json     # a census's JSON table
    .venv/bin/python benchmarks/census_literature.py --long          # 0.376 and 0.354 too
    .venv/bin/python benchmarks/census_literature.py --longest       # 0.454 and 0.1777 too

Prints every difference, one line each, and the counts of agreements (Markdown).  The
published tables (tests/literature.py) write a code whose first heaps have no move with
those heaps removed (trivial games only), which shifts the preperiod and the heap of the
largest value; that shift is applied before comparing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from grundy.census.results import census_row
from grundy.heap.codes import TakeBreakCode
from grundy.heap.period import values_needed_take_break
from test_census_literature import dead_start, expected_preperiod

from literature import (
    CZAJKA_SOLVED,
    CZAJKA_TRIVIAL,
    CZAJKA_UNSOLVED,
    LONG_SOLVED,
    published_values,
)


def rows_by_code(table: dict[str, object]) -> dict[str, dict[str, object]]:
    """Each code of the census (first of its game or not) to its game's row."""
    found: dict[str, dict[str, object]] = {}
    for row in table["rows"]:  # type: ignore[attr-defined]
        for code in [row["code"], *row["same_game"]]:
            found[code] = row
    return found


def compare(table: dict[str, object]) -> tuple[list[str], dict[str, int]]:
    rows = rows_by_code(table)
    differences: list[str] = []
    agreed = {"trivial": 0, "solved": 0, "unsolved": 0, "long": 0}
    for code, (preperiod, period, _) in sorted(CZAJKA_TRIVIAL.items()):
        values = published_values(code)
        shift = dead_start(code)
        want = (expected_preperiod(preperiod, period, shift, values), period, max(values),
                values.index(max(values)) + shift)
        row = rows[code]
        got = (row["preperiod"], row["period"], row["largest"], row["largest_at"])
        if got == want:
            agreed["trivial"] += 1
        else:
            differences.append(f"{code} (trivial): census {got}, published {want} "
                               "(preperiod, period, largest, first at)")
    for code, (preperiod, period, largest_at, largest) in sorted(CZAJKA_SOLVED.items()):
        row = rows[code]
        want_solved = (preperiod, period, largest, largest_at)
        got = (row["preperiod"], row["period"], row["largest"], row["largest_at"])
        if got == want_solved:
            agreed["solved"] += 1
        else:
            needed = values_needed_take_break(TakeBreakCode.parse(code), preperiod, period)
            differences.append(f"{code} (solved): census {got} at {row['heaps']} heaps, "
                               f"published {want_solved}; the proof needs {needed} heaps")
    for code, (preperiod, period) in sorted(LONG_SOLVED.items()):
        if code not in rows:
            continue
        got_period = (rows[code]["preperiod"], rows[code]["period"])
        if got_period == (preperiod, period):
            agreed["long"] += 1
        else:
            needed = values_needed_take_break(TakeBreakCode.parse(code), preperiod, period)
            differences.append(f"{code} (solved since): census {got_period} at "
                               f"{rows[code]['heaps']} heaps, published {(preperiod, period)}; "
                               f"the proof needs {needed} heaps")
    for code in CZAJKA_UNSOLVED:
        if code in LONG_SOLVED:
            continue
        if rows[code]["solved"]:
            differences.append(f"{code} (unsolved): census proves period "
                               f"{rows[code]['period']} from {rows[code]['preperiod']}")
        else:
            agreed["unsolved"] += 1
    return differences, agreed


def long_proofs() -> list[str]:
    lines = []
    for code in ("0.376", "0.354"):
        preperiod, period, largest_at, largest = CZAJKA_SOLVED[code]
        heaps = values_needed_take_break(TakeBreakCode.parse(code), preperiod, period)
        started = time.perf_counter()
        row = census_row(code, heaps)
        seconds = time.perf_counter() - started
        same = (row.preperiod, row.period, row.largest, row.largest_at) == (
            preperiod, period, largest, largest_at)
        lines.append(f"| {code} | {heaps} | {row.preperiod}+{row.period} | {row.largest} at "
                     f"{row.largest_at} | {'yes' if same else 'NO'} | {seconds:.1f} |")
    return lines


def longest_proofs() -> Iterator[str]:
    """The census rows of the codes of LONG_SOLVED, each computed to the heaps its proof
    needs, as rows of benchmarks/census_octal.md, and whether they agree."""
    for code, (preperiod, period) in LONG_SOLVED.items():
        heaps = values_needed_take_break(TakeBreakCode.parse(code), preperiod, period)
        started = time.perf_counter()
        row = census_row(code, heaps)
        seconds = time.perf_counter() - started
        same = (row.preperiod, row.period) == (preperiod, period)
        yield (f"| {row.code} | {row.heaps} | {row.preperiod} | {row.period} | "
               f"{row.largest} | {row.largest_at} | {row.rare} | {row.mask:#x} | "
               f"{'yes' if same else 'NO'} | {seconds:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("census", nargs="?", help="a census table in JSON")
    parser.add_argument("--long", action="store_true", help="prove 0.376 and 0.354 too")
    parser.add_argument("--longest", action="store_true",
                        help="prove 0.454 and 0.1777 too (443 million heaps each)")
    args = parser.parse_args()
    if args.census:
        table = json.loads(Path(args.census).read_text(encoding="utf-8"))
        differences, agreed = compare(table)
        print(f"Agreements: {agreed['trivial']} of {len(CZAJKA_TRIVIAL)} trivial games, "
              f"{agreed['solved']} of {len(CZAJKA_SOLVED)} solved games, "
              f"{agreed['unsolved']} of {len(set(CZAJKA_UNSOLVED) - set(LONG_SOLVED))} "
              "unsolved games unsolved, "
              f"{agreed['long']} of {len(set(LONG_SOLVED) & set(rows_by_code(table)))} "
              "games solved since (OEIS A071509) solved.")
        print(f"Differences ({len(differences)}):")
        for line in differences:
            print(f"- {line}")
    if args.long:
        print("| code | heaps | period proved | largest | as published | seconds |")
        print("|---|---:|---|---|---|---:|")
        for line in long_proofs():
            print(line)
    if args.longest:
        print("| code | heaps | preperiod | period | largest | first at | rare | mask | as "
              "published | seconds |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
        for line in longest_proofs():
            print(line, flush=True)


if __name__ == "__main__":
    main()
