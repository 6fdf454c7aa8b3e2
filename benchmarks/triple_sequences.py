"""Speed and memory of the kernel for codes whose moves leave three heaps, against the
rare/common kernel (which enumerates every three-heap split) and the plain mex method.

    python benchmarks/triple_sequences.py                   # every case, a Markdown table
    python benchmarks/triple_sequences.py 0.3f:20000 0.8:10000

A case is ``CODE:N`` (hexadecimal digits).  The kernels are compiled first; ``cpu`` is the
process time of the computation alone, ``traced peak`` the largest memory held by numpy
arrays during it (tracemalloc), ``bytes/value`` that peak over n + 1.  The other kernels
run at a smaller n (``N_OTHERS``), where their values must equal the new kernel's.
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import take_break_values
from grundy.heap.triples import triple_values

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from naive import naive_values  # the tests' reference, kept with them

CASES = ["0.3f:10000", "0.3f:20000", "0.8:10000", "0.9b:10000", "c.f:3000", "0.f:100000",
         "4.e:100000"]
#: The n at which the rare/common kernel and the plain mex method are timed.
N_OTHERS = 2000


def _cpu(compute: object, *arguments: object) -> tuple[np.ndarray, float]:
    started = time.process_time()
    values = compute(*arguments)  # type: ignore[operator]
    return values, time.process_time() - started


def run(case: str) -> str:
    """One row of the table for ``CODE:N``."""
    text, n_text = case.split(":")
    code = TakeBreakCode.parse(text, hexadecimal=True)
    n = int(n_text)
    triple_values(code, 10)
    tracemalloc.start()
    values, cpu = _cpu(triple_values, code, n)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    small = min(n, N_OTHERS)
    mine, mine_cpu = _cpu(triple_values, code, small)
    old, old_cpu = _cpu(take_break_values, code, small)
    plain, plain_cpu = _cpu(naive_values, code.digits, small)
    assert np.array_equal(mine, old) and np.array_equal(mine, plain), case
    assert np.array_equal(values[: small + 1], mine), case
    return (f"| hex:{code.text} | {n:,} | {cpu:.1f} | {peak / 2**20:.1f} MB | "
            f"{peak / (n + 1):.1f} | {int(values.max()):,} | {small:,} | {mine_cpu:.2f} | "
            f"{old_cpu:.2f} | {plain_cpu:.2f} |")


def main(cases: list[str]) -> None:
    print("| code | n | cpu s | traced peak | bytes/value | largest value | n (others) "
          "| this kernel s | rare/common s | plain mex s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for case in cases:
        print(run(case), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or CASES)
