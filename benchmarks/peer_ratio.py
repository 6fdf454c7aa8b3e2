"""grundy against the Rust octal solver (rogalski-wmii-uni-lodz-pl/octal): CPU time and values.

Build the solver first (``sh benchmarks/peer_build.sh``), then::

    .venv/bin/python benchmarks/peer_ratio.py                          # 0.16 0.167 0.56 at 2^19
    .venv/bin/python benchmarks/peer_ratio.py 0.014 0.167 --log2 23     # other games and sizes
    .venv/bin/python benchmarks/peer_ratio.py --rounds 5 --no-check 0.167

For each game and N both programs compute the values of heaps 0..N-1: grundy as
``grundy sequence --no-values --no-cache --period octal:G --to N-1`` (the solver always
looks for a period too), the solver as ``octal G N 0``.  Each runs ``--rounds`` times in a
fresh process, one after the other; the figure is the median of the user + system CPU
time of those processes (from ``/usr/bin/time``), and the ratio is grundy's over the solver's.
Before the timed runs, one more run of each (not timed) writes its values: grundy with
``--save``, the solver with ``OCTAL_VALUES`` (see ``benchmarks/peer/values.patch``), and
the two arrays must be equal heap by heap, else the script stops.

One Markdown row per game and N is printed (and one JSON line on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PEER = Path(os.environ.get("PEER", "/tmp/peer")) / "target" / "release" / "octal"


def cpu_of(command: list[str], env: dict[str, str] | None = None) -> tuple[float, int]:
    """User + system CPU seconds and peak RSS (kB) of one run of ``command``, as
    ``/usr/bin/time`` reads them (the resident peak of a child forked from this script
    would count this script's own pages)."""
    with tempfile.NamedTemporaryFile("r") as report:
        done = subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%U %S %M", *command],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              env=env)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()}")
        user, system, rss = report.read().split()[-3:]
    return float(user) + float(system), int(rss)


def grundy_command(game: str, n: int, extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "grundy", "sequence", "--no-values", "--no-cache",
            "--period", f"octal:{game}", "--to", str(n - 1), *extra]


def peer_command(game: str, n: int) -> list[str]:
    return [str(PEER), game, str(n), "0"]


def check_values(game: str, n: int, folder: Path) -> None:
    """Both programs' values of heaps 0..n-1, compared heap by heap."""
    ours = folder / "grundy.npy"
    cpu_of(grundy_command(game, n, ["--save", str(ours)]))
    theirs = folder / "peer.u16"
    cpu_of(peer_command(game, n), env={**os.environ, "OCTAL_VALUES": str(theirs)})
    a = np.load(ours).astype(np.int64)
    b = np.fromfile(theirs, dtype="<u2").astype(np.int64)
    if a.shape != b.shape or not np.array_equal(a, b):
        where = np.flatnonzero(a[: len(b)] != b[: len(a)])
        first = int(where[0]) if where.size else min(len(a), len(b))
        raise SystemExit(f"{game} to {n}: values differ, first at heap {first} "
                         f"({len(a)} against {len(b)} values)")


def measure(game: str, n: int, rounds: int, check: bool) -> dict[str, Any]:
    if check:
        with tempfile.TemporaryDirectory() as folder:
            check_values(game, n, Path(folder))
    ours = [cpu_of(grundy_command(game, n, [])) for _ in range(rounds)]
    theirs = [cpu_of(peer_command(game, n)) for _ in range(rounds)]
    grundy_cpu = statistics.median(cpu for cpu, _ in ours)
    peer_cpu = statistics.median(cpu for cpu, _ in theirs)
    return {"game": game, "n": n, "grundy_cpu": round(grundy_cpu, 3),
            "peer_cpu": round(peer_cpu, 3), "ratio": round(grundy_cpu / peer_cpu, 2),
            "grundy_rss_mb": round(max(rss for _, rss in ours) / 1024, 1),
            "peer_rss_mb": round(max(rss for _, rss in theirs) / 1024, 1),
            "values_checked": check, "load": round(os.getloadavg()[0], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["0.16", "0.167", "0.56"])
    parser.add_argument("--log2", type=int, nargs="+", default=[19],
                        help="N = 2^k heaps (several k: one row each)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-check", action="store_true",
                        help="skip the heap-by-heap comparison of the values")
    args = parser.parse_args()
    if not PEER.exists():
        raise SystemExit(f"{PEER} is missing: build it with sh benchmarks/peer_build.sh")
    print("| game | N | grundy CPU s | peer CPU s | ratio | grundy RSS MB | peer RSS MB "
          "| values | load |")
    print("|---|---|---:|---:|---:|---:|---:|---|---:|")
    for k in args.log2:
        for game in args.games:
            row = measure(game, 1 << k, args.rounds, not args.no_check)
            print(f"| {game} | 2^{k} | {row['grundy_cpu']} | {row['peer_cpu']} | "
                  f"{row['ratio']} | {row['grundy_rss_mb']} | {row['peer_rss_mb']} | "
                  f"{'equal' if row['values_checked'] else 'not checked'} | {row['load']} |",
                  flush=True)
            print(json.dumps(row), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
