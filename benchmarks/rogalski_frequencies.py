"""Our value counts at each power of two against the published frequency files of the Rust
rare/common solver ``rogalski-wmii-uni-lodz-pl/octal`` (``results/CODE/N``: ``value count``
lines, the counts of heaps 1..N, N a power of two; some values listed with the count 0).

``grundy sequence --json --no-values --frequencies --save`` gives the counts of heaps
0..2^k − 1 (``powers``) and the values; the file for N = 2^k is compared with them less heap 0
and plus heap 2^k (read from the saved values).  With ``--max-memory``, the same run is made
again beyond memory (a sliding window) and its ``frequencies`` must equal the full run's.

    nice -n 10 .venv/bin/python benchmarks/rogalski_frequencies.py REPO.git 0.014 24
    nice -n 10 .venv/bin/python benchmarks/rogalski_frequencies.py REPO.git 0.167 24 4M

``REPO.git`` is a clone (or bare mirror) of that repository.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np


def published(repo: str, code: str) -> dict[int, dict[int, int]]:
    """The frequency files of ``code`` in the repository: N -> {value: count}."""
    names = subprocess.run(["git", "--git-dir", repo, "ls-tree", "--name-only",
                            f"HEAD:results/{code}"], capture_output=True, text=True,
                           check=True).stdout.split()
    files = {}
    for name in names:
        text = subprocess.run(["git", "--git-dir", repo, "show", f"HEAD:results/{code}/{name}"],
                              capture_output=True, text=True, check=True).stdout
        # The files list some values with the count 0: left out, as ours are.
        counted = (line.split() for line in text.splitlines() if line.strip())
        files[int(name)] = {int(v): int(c) for v, c in counted if int(c)}
    return files


def ours(code: str, power: int, extra: list[str], saved: Path | None
         ) -> tuple[dict[str, Any], float]:
    """The ``frequencies`` object of our run to heap 2^power, and its wall time."""
    command = [sys.executable, "-m", "grundy", "sequence", "--json", "--no-values",
               "--no-cache", "--frequencies", f"octal:{code}", "--to", str(1 << power), *extra]
    if saved is not None:
        command += ["--save", str(saved)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)["frequencies"], time.perf_counter() - started


def main() -> None:
    repo, code, power = sys.argv[1], sys.argv[2], int(sys.argv[3])
    memory = sys.argv[4] if len(sys.argv) > 4 else None
    files = published(repo, code)
    with tempfile.TemporaryDirectory() as folder:
        saved = Path(folder) / "values.npy"
        full, seconds = ours(code, power, [], saved)
        values = np.load(saved)
    print(f"octal:{code} to 2^{power}: {seconds:.0f} s wall (full run, values saved)", flush=True)
    compared = differ = 0
    for k, row in enumerate(full["powers"]):
        n = 1 << k
        if n not in files:
            continue
        expected = {int(v): c for v, c in row["counts"].items()}
        expected[0] -= 1                       # heap 0
        expected[int(values[n])] = expected.get(int(values[n]), 0) + 1   # heap 2^k
        expected = {v: c for v, c in expected.items() if c}
        same = expected == files[n]
        compared += 1
        differ += not same
        print(f"  2^{k:<2} {len(files[n]):3} values  {'same' if same else 'DIFFERENT'}",
              flush=True)
        if not same:
            for v in sorted(set(expected) | set(files[n])):
                if expected.get(v) != files[n].get(v):
                    print(f"      value {v}: ours {expected.get(v)}, published {files[n].get(v)}")
    print(f"  {compared} powers compared, {differ} different")
    if memory is not None:
        window, seconds = ours(code, power, ["--max-memory", memory], None)
        print(f"  beyond memory (--max-memory {memory}): {seconds:.0f} s wall, frequencies "
              f"{'equal to' if window == full else 'DIFFERENT from'} the full run's")


if __name__ == "__main__":
    main()
