"""Sequences beyond memory: the same ``grundy sequence --no-values`` run with every value
kept, and within a small ``--max-memory`` (the first values and a sliding window).

    python benchmarks/window_sequences.py                 # every case
    python benchmarks/window_sequences.py 0.354           # some cases

Each run is a fresh process (``/usr/bin/time`` gives its wall time, CPU time and resident
peak), without the sequence cache and with the machine's 1-minute load average at its
start.  The two runs' outputs (frequencies, largest value, rare heaps, period) must be
equal, line for line; the table says so.  The machine is shared: CPU time is the fairer
figure.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

GRUNDY = [sys.executable, "-m", "grundy"]

#: name: (game, largest heap, --max-memory of the windowed run)
CASES = {
    "0.354": ("octal:0.354", 20_200_000, "1M"),
    "0.167": ("octal:0.167", 2**25 - 1, "4M"),
    "grundy": ("grundy-game", 2**22 - 1, "1M"),
}


def timed(command: list[str]) -> tuple[float, float, int, float, str, str, int]:
    """Wall seconds, CPU seconds, resident peak in KB, load average at the start, the
    output, the last line of the errors and the exit code."""
    load = os.getloadavg()[0]
    done = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", *command],
                          capture_output=True, text=True, check=False)
    lines = done.stderr.strip().splitlines()
    wall, user, system, peak = lines[-1].split()
    said = lines[-2] if len(lines) > 1 else ""
    return (float(wall), float(user) + float(system), int(peak), load, done.stdout, said,
            done.returncode)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", choices=[[], *CASES], default=[])
    names = parser.parse_args().cases or list(CASES)
    print("| case | heaps 0.. | memory | wall s | CPU s | resident peak | load | "
          "same output |")
    print("|---|---:|---|---:|---:|---:|---:|---|")
    for name in names:
        game, heaps, memory = CASES[name]
        command = [*GRUNDY, "sequence", "--no-values", "--no-cache", "--period",
                   "--frequencies", game, "--to", str(heaps)]
        full = timed(command)
        windowed = timed([*command, "--max-memory", memory])
        for run, kept in ((full, "all values"), (windowed, memory)):
            wall, cpu, peak, load, _out, said, code = run
            same = ("yes" if windowed[4] == full[4] and code == 0
                    else f"no (exit {code}: {said})")
            print(f"| {name} | {heaps:,} | {kept} | {wall:.1f} | {cpu:.1f} | "
                  f"{peak / 1024:.0f} MB | {load:.1f} | {same if run is windowed else ''} |",
                  flush=True)
        print(full[4].splitlines()[1], file=sys.stderr)
        print(windowed[4].splitlines()[1:3] if windowed[6] == 0 else windowed[5],
              file=sys.stderr)


if __name__ == "__main__":
    main()
