"""Start-up: wall time of ``import grundy`` and of ``grundy analyze nim 3 4 5``, and the
modules each loads, for one or more source trees (the median of several runs each).

    python benchmarks/startup.py [--runs 15] [SRC_DIR ...]   (default: this checkout's src)

Each tree is put first on ``PYTHONPATH``, so an older checkout's ``src`` can be timed in the
same session, by the same Python, against this one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

CASES = {
    "import grundy": ["-c", "import grundy"],
    "grundy analyze nim 3 4 5": ["-m", "grundy", "analyze", "nim", "3", "4", "5"],
}
COUNT = """import sys, runpy
sys.argv = {argv!r}
try:
    {run}
finally:
    print(len(sys.modules), sum(m.split(".")[0] == "numba" for m in sys.modules),
          file=sys.stderr)
"""


def measure(src: Path, runs: int) -> list[tuple[str, float, str]]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    rows = []
    for name, args in CASES.items():
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            subprocess.run([sys.executable, *args], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - started)
        run = ("import grundy" if args[0] == "-c"
               else "runpy.run_module('grundy', run_name='__main__')")
        code = COUNT.format(argv=["grundy", *args[2:]], run=run)
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=False)
        modules, numba = done.stderr.split()[-2:]
        rows.append((name, statistics.median(times), f"{modules} ({numba} numba)"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("src", nargs="*", type=Path,
                        default=[Path(__file__).resolve().parent.parent / "src"])
    args = parser.parse_args()
    print("| tree | command | median wall time | modules loaded |")
    print("|---|---|---|---|")
    for src in args.src:
        for name, seconds, modules in measure(src, args.runs):
            print(f"| {src} | `{name}` | {seconds * 1000:.0f} ms | {modules} |")


if __name__ == "__main__":
    main()
