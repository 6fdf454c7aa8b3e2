"""Time to build misère quotients from nothing, for this checkout or another source tree.

Run: ``.venv/bin/python benchmarks/quotient_build_times.py [SRC]`` (prints a Markdown table;
figures in benchmarks/QUOTIENTS.md).  ``SRC`` is the ``src`` folder of the code to time
(default: this checkout's); an earlier version, unpacked with
``git archive COMMIT src | tar -x -C DIR``, is timed as ``DIR/src`` in the same session, as
the baseline.  Each build runs in a fresh process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BUILDS = [
    ("kayles", "from grundy.heap.takebreak import KAYLES as rules", 200),
    ("dawson, heaps up to 26", "from grundy.heap.takebreak import DAWSON as rules", 26),
    ("kayles + octal:0.75", "from grundy.heap.takebreak import KAYLES, TakeAndBreak\n"
     "from grundy.misere.union import HeapUnion\n"
     "rules = HeapUnion((KAYLES, TakeAndBreak('0.75')))", 400),
]

SCRIPT = """
import time
{imports}
from grundy.misere.quotient import build_quotient
start = time.perf_counter()
q = build_quotient(rules, {heaps})
took = time.perf_counter() - start
print(q.order, q.to, 'yes' if q.stable else 'no', repr(q.stopped), f'{{took:.2f}}')
"""


def main() -> None:
    src = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": str(src)}
    print("| quotient | order | heaps covered | stable | stopped | build s |")
    print("|---|---:|---:|---|---|---:|")
    for name, imports, heaps in BUILDS:
        done = subprocess.run([sys.executable, "-c", SCRIPT.format(imports=imports, heaps=heaps)],
                              env=env, capture_output=True, text=True, check=True)
        order, to, stable, *stopped, took = done.stdout.split()
        print(f"| {name} | {order} | {to} | {stable} | {' '.join(stopped)[:70]} | {took} |")


if __name__ == "__main__":
    main()
