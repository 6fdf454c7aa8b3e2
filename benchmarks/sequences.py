"""Speed and memory of the nim-sequence kernels, each case in a fresh process.

    python benchmarks/sequences.py                 # every case, a Markdown table
    python benchmarks/sequences.py 0.16 grundy-2^20
    python benchmarks/sequences.py --cold ...      # compile the kernels first (empty JIT cache)

Each case runs in its own process, and its times run from the launch of that process to
the last value computed: starting Python, importing numpy and numba and loading (or, with
``--cold``, compiling) the kernels are included; certifying the period is timed apart.
``cpu`` is the process's user + system time, ``wall`` the elapsed time; on a busy machine
``cpu`` is the fairer figure.  ``traced peak`` is the largest memory held by numpy arrays
and Python objects during the computation itself (tracemalloc, kernels already loaded);
``max RSS`` is the process's resident peak (the interpreter, numba and LLVM take about
130 MB of it before any work).  The naive ratio compares the plain mex method with the
fast one at a smaller ``n``, both already compiled.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Case:
    """One benchmark: a game, how far, and the smaller ``n`` for the naive comparison."""

    name: str
    game: str
    n: int
    naive_n: int
    expect_period: tuple[int, int] | None = None


CASES = [
    Case("0.16", "octal:0.16", 600_000, 20_000, (105351, 149459)),
    Case("0.56", "octal:0.56", 2**20, 20_000, (326640, 144)),
    Case("0.354", "octal:0.354", 20_200_000, 100_000, (10061916, 1180)),
    Case("0.376", "octal:0.376", 4_700_000, 100_000, (2268248, 4)),
    Case("grundy-2^20", "grundy", 2**20, 2**17),
    Case("grundy-2^22", "grundy", 2**22, 20_000),
    Case("subtract-3,5,8", "subtract:3,5,8", 10**7, 100_000, (0, 11)),
    Case("subtract-squares", "subtract:squares", 10**7, 30_000),
]


def _digits(game: str) -> list[int]:
    code = game.split(":", 1)[1]
    before, after = code.split(".")
    return [int(before, 16)] + [int(d, 16) for d in after]


def _amounts(game: str, n: int) -> list[int]:
    text = game.split(":", 1)[1]
    if text == "squares":
        return [k * k for k in range(1, int(n**0.5) + 2) if k * k <= max(n, 1)]
    return [int(a) for a in text.split(",")]


def _fast(game: str) -> Callable[[int], Any]:
    from grundy.heap import kernels

    if game == "grundy":
        return lambda n: kernels.sparse_run(None, n)
    if game.startswith("octal:"):
        return lambda n: kernels.sparse_run(_digits(game), n)
    return lambda n: kernels.subtraction_values(_amounts(game, n), n)


def _naive(game: str) -> Callable[[int], Any]:
    from grundy.heap import kernels

    # The plain mex method is the tests' reference, kept with them, not in the package.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import naive

    if game == "grundy":
        return lambda n: naive.naive_values([4], n, unequal=True)
    if game.startswith("octal:"):
        return lambda n: naive.naive_take_break_values(_digits(game), n)

    def plain_python(n: int) -> Any:
        amounts = _amounts(game, n)
        return kernels.generic_values(lambda k: [(k - s,) for s in amounts if s <= k], n)

    return plain_python


def _certify(game: str, values: np.ndarray) -> dict[str, object] | None:
    from grundy.heap import period

    if game == "grundy" or game == "subtract:squares":
        return None
    if game.startswith("octal:"):
        found = period.certify_take_break(_digits(game), values)
    else:
        found = period.certify_subtraction(_amounts(game, len(values)), values)
    return None if found is None else found.to_json()


def run_child(case: Case, launched: float) -> dict[str, object]:
    """Run one case in this process (started at ``launched``) and report its figures."""
    fast, naive = _fast(case.game), _naive(case.game)
    fast(50)  # loads the compiled kernels, so the traced peak is the computation's own
    tracemalloc.start()
    started = time.perf_counter()
    result = fast(case.n)
    computed = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    wall = time.time() - launched
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    values = result if isinstance(result, np.ndarray) else result.values
    started = time.perf_counter()
    certified = _certify(case.game, values)
    certify_time = time.perf_counter() - started
    report: dict[str, object] = {
        "case": case.name, "n": case.n, "dtype": str(values.dtype),
        "largest": int(values.max()), "compute_s": computed, "traced_peak": traced_peak,
        "wall_s": wall, "cpu_s": usage.ru_utime + usage.ru_stime,
        "period": certified, "certify_s": certify_time,
    }
    if case.expect_period is not None:
        report["period_as_known"] = certified is not None and (
            certified["preperiod"], certified["period"]) == case.expect_period
    if not isinstance(result, np.ndarray):
        report.update(mask=result.mask, rare=result.rare_positions,
                      mean_scan=result.proof_scan_steps / max(case.n, 1))
    naive(50)
    started = time.perf_counter()
    fast_small = fast(case.naive_n)
    fast_time = time.perf_counter() - started
    started = time.perf_counter()
    naive_small = naive(case.naive_n)
    naive_time = time.perf_counter() - started
    small = fast_small if isinstance(fast_small, np.ndarray) else fast_small.values
    if not np.array_equal(small, naive_small):
        raise SystemExit(f"{case.name}: fast and naive values differ")
    report.update(naive_n=case.naive_n, naive_s=naive_time, fast_small_s=fast_time,
                  max_rss_kb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return report


def run_parent(names: list[str], cold: bool) -> None:
    """Run the chosen cases, one process each, and print a Markdown table."""
    chosen = [c for c in CASES if not names or c.name in names]
    environment = dict(os.environ)
    rows = []
    for case in chosen:
        if cold:
            environment["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="grundy-bench-")
        output = subprocess.run(
            [sys.executable, __file__, "--child", case.name, "--launched", repr(time.time())],
            check=True, capture_output=True, text=True, env=environment)
        report = json.loads(output.stdout.strip().splitlines()[-1])
        rows.append(report)
        print(json.dumps(report), file=sys.stderr)
    print("| case | n | wall s | cpu s | values/s (cpu) | traced peak | bytes/value | max RSS | "
          "rare | mean scan | period (certify s) | naive ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for r in rows:
        period = r["period"]
        shown = (f"{period['preperiod']}+{period['period']} ({r['certify_s']:.2f})"
                 if period else "-")
        ratio = r["naive_s"] / max(r["fast_small_s"], 1e-9)
        print(f"| {r['case']} | {r['n']:,} | {r['wall_s']:.1f} | {r['cpu_s']:.1f} | "
              f"{r['n'] / r['cpu_s']:,.0f} | {r['traced_peak'] / 2**20:.1f} MB | "
              f"{r['traced_peak'] / r['n']:.2f} | {r['max_rss_kb'] / 1024:.0f} MB | "
              f"{r.get('rare', '-')} | {round(r['mean_scan']) if 'mean_scan' in r else '-'} | "
              f"{shown} | {ratio:,.0f}x at {r['naive_n']:,} |")


def main() -> None:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", help="case names (default: all)")
    parser.add_argument("--cold", action="store_true", help="start with an empty JIT cache")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--launched", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        case = next(c for c in CASES if c.name == args.child)
        print(json.dumps(run_child(case, args.launched or time.time())))
    else:
        run_parent(args.cases, args.cold)


if __name__ == "__main__":
    main()
