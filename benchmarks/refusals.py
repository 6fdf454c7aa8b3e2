"""The inputs of the attack report: time and peak memory of each ``grundy`` process, beside
``grundy games`` (a process that only starts up and lists the rulesets) as the baseline.

Run: .venv/bin/python benchmarks/refusals.py > benchmarks/REFUSALS.md

Each case runs alone (one after the other, not in parallel) under a 1 GB address-space
limit; the figures are wall-clock seconds and the peak resident memory of the process, and
the ratio of the time to the baseline's (the median of three runs).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from test_attack import CASES, MEMORY


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def measure(arguments: tuple[str, ...], given: str) -> tuple[int, float, float]:
    """Exit code, seconds and peak megabytes (GNU time's %M) of one ``grundy`` process."""
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-m", "grundy",
                           *arguments], input=given, capture_output=True, text=True,
                          timeout=120, preexec_fn=_limited, check=False)
    seconds = time.perf_counter() - start
    peak_kb = int(done.stderr.strip().splitlines()[-1])
    return done.returncode, seconds, peak_kb / 1024


def main() -> None:
    base = [measure(("games",), "") for _ in range(3)]
    base_seconds = statistics.median(b[1] for b in base)
    base_memory = statistics.median(b[2] for b in base)
    print("| command | exit | seconds | x games | peak MB |")
    print("|---|---|---|---|---|")
    print(f"| grundy games (baseline) | 0 | {base_seconds:.2f} | 1.0 | {base_memory:.0f} |")
    for arguments, given, _, _ in CASES:
        code, seconds, memory = measure(arguments, given)
        shown = " ".join(arguments)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        print(f"| `grundy {shown}` | {code} | {seconds:.2f} | "
              f"{seconds / base_seconds:.1f} | {memory:.0f} |")


if __name__ == "__main__":
    main()
