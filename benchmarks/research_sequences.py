"""Research-scale nim-sequences: grundy against a plain C rare/common program, and one
thread against two.

    python benchmarks/research_sequences.py             # 0.354 to 20 200 000, 3 rounds
    python benchmarks/research_sequences.py --rounds 5

Each round runs, one after the other in fresh processes with an empty sequence cache:

* ``grundy sequence --period --no-values octal:0.354 --to 20200000`` with every core, and
  with ``NUMBA_NUM_THREADS=1`` (one thread);
* ``benchmarks/c/rarecommon.c`` (compiled here with ``gcc -O2 -march=native``) on the same
  code and size: the values, then the least period the Guy-Smith theorem proves;
* ``grundy sequence --no-values grundy-game --to 1000000`` with two threads and with one.

Wall and CPU times (children's user + system) and the 1-minute load average at the start of
each run are printed as a Markdown table; the C program's values are compared with
grundy's, value for value.  The machine is shared: read ranges, not single figures.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
GRUNDY = [sys.executable, "-m", "grundy"]
SIZE = 20_200_000


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float, float, str]:
    """Wall seconds, CPU seconds, load average at the start, and the output."""
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, load, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="grundy-research-"))
    program = work / "rarecommon"
    subprocess.run(["gcc", "-O2", "-march=native", "-o", str(program),
                    str(HERE / "c" / "rarecommon.c")], check=True)
    saved = work / "values.npy"
    period_run = ["sequence", "--period", "--no-values", "octal:0.354", "--to", str(SIZE)]
    grundy_run = ["sequence", "--no-values", "grundy-game", "--to", "1000000"]
    one = {"NUMBA_NUM_THREADS": "1"}
    cases = {
        "grundy 0.354, 2 threads": ([*GRUNDY, *period_run, "--save", str(saved)], {}),
        "grundy 0.354, 1 thread": ([*GRUNDY, *period_run], one),
        "C rarecommon 0.354": ([str(program), "0.354", str(SIZE), str(work / "c.bin")], {}),
        "grundy-game 10^6, 2 threads": ([*GRUNDY, *grundy_run], {}),
        "grundy-game 10^6, 1 thread": ([*GRUNDY, *grundy_run], one),
    }
    # Compile or load the kernels once, so no round pays for it.
    subprocess.run([*GRUNDY, "sequence", "--no-values", "--no-cache", "grundy-game", "--to",
                    "20000"], check=True, capture_output=True)
    results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in cases}
    outputs: dict[str, str] = {}
    for round_number in range(args.rounds):
        for name, (command, extra) in cases.items():
            cache = work / f"cache-{round_number}-{len(results[name])}-{abs(hash(name))}"
            env = {**os.environ, "GRUNDY_CACHE_DIR": str(cache), **extra}
            wall, cpu, load, output = timed(command, env)
            results[name].append((wall, cpu, load))
            outputs[name] = output
            print(f"{name}: wall {wall:.1f} s, cpu {cpu:.1f} s, load {load:.1f}",
                  file=sys.stderr, flush=True)
    ours = np.load(saved)
    theirs = np.fromfile(work / "c.bin", dtype=np.uint8)
    print("| run | wall (s) | CPU (s) | load average |")
    print("|---|---|---|---|")
    for name, rows in results.items():
        walls = [r[0] for r in rows]
        cpus = [r[1] for r in rows]
        loads = [r[2] for r in rows]
        print(f"| {name} | {min(walls):.1f}–{max(walls):.1f} | {min(cpus):.1f}–{max(cpus):.1f}"
              f" | {min(loads):.1f}–{max(loads):.1f} |")
    print()
    print("grundy:", outputs["grundy 0.354, 2 threads"].strip().splitlines()[-2])
    print("C:", " / ".join(outputs["C rarecommon 0.354"].strip().splitlines()))
    print(f"values equal, heap by heap: {np.array_equal(ours, theirs)} ({len(ours)} values)")


if __name__ == "__main__":
    main()
