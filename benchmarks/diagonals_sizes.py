"""How long ``grundy analyze diagonals N`` takes for each N, under either convention: the
whole command (start-up, the answer and every winning move), one process per run: wall
seconds, CPU seconds (user + system of the process) and its peak memory.

Run: .venv/bin/python benchmarks/diagonals_sizes.py FIRST LAST [--misere] [--budget B]
     [--src CHECKOUT_SRC]

``--src`` runs the command from another checkout's ``src`` (``PYTHONPATH``), to compare
two versions in the same session.  A refusal (exit 3) is shown as such, with its time.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time


def run(n: int, misere: bool, budget: str | None, src: str | None
        ) -> tuple[str, float, float, int]:
    command = [sys.executable, "-m", "grundy", "analyze", "diagonals", str(n)]
    if misere:
        command.append("--misere")
    if budget:
        command += ["--budget", budget]
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    # The largest child so far: each n is larger than the one before.
    peak = after.ru_maxrss // 1024
    if done.returncode == 3:
        return "refused", took, cpu, peak
    if done.returncode:
        return f"exit {done.returncode}: {done.stderr.strip()[-200:]}", took, cpu, peak
    lines = done.stdout.splitlines()
    said = next(line for line in lines if line.startswith("The "))
    winner = "first" if said.startswith("The first player") else "second"
    value = next((line.split(":")[1].strip() for line in lines
                  if line.startswith("Nim-value:")), "")
    return winner + (f" (value {value})" if value else ""), took, cpu, peak


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("--misere", action="store_true")
    parser.add_argument("--budget")
    parser.add_argument("--src")
    args = parser.parse_args()
    print("| n | answer | wall s | CPU s | peak MB |")
    print("|---|---|---|---|---|")
    for n in range(args.first, args.last + 1):
        answer, took, cpu, peak = run(n, args.misere, args.budget, args.src)
        print(f"| {n} | {answer} | {took:.2f} | {cpu:.2f} | {peak} |", flush=True)


if __name__ == "__main__":
    main()
