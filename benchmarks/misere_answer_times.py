"""Wall time of ``grundy analyze --misere`` answers, for this checkout or another source tree.

Run: ``.venv/bin/python benchmarks/misere_answer_times.py [SRC]`` (prints a Markdown table;
figures in benchmarks/QUOTIENTS.md).  ``SRC`` is the ``src`` folder of the code to time
(default: this checkout's); an earlier version is unpacked with
``git archive COMMIT src | tar -x -C DIR`` and timed as ``DIR/src``, in the same session, as
the baseline.  Each command runs three times in a fresh process with an empty cache
directory; the least wall time is shown, with the exit status and the answer's first line.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS = [
    "nim 1 2",  # the baseline: starting the process and answering at once
    "kayles 20 15 11 + octal:0.75 9 4",
    "kayles 1000000 999 7 + octal:0.34 12",
    "dawson 10 20 30",
    "dawson 10 20 31",
    "kayles 20 15 11",
    "daisy 7 9 12",
    "daisy 11 20 30",
    "daisy 1000000 999 7 + kayles 5",
    "daisy 10 20 30",
]


def main() -> None:
    src = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parents[1] / "src")
    print("| command | status | least wall s | first line |")
    print("|---|---:|---:|---|")
    for command in COMMANDS:
        best, status, line = float("inf"), 0, ""
        for _ in range(3):
            with tempfile.TemporaryDirectory() as cache:
                env = {**os.environ, "PYTHONPATH": str(src), "GRUNDY_CACHE_DIR": cache}
                start = time.perf_counter()
                done = subprocess.run([sys.executable, "-m", "grundy", "analyze", "--misere",
                                       *command.split()], env=env, capture_output=True,
                                      text=True, check=False)
                best = min(best, time.perf_counter() - start)
            status = done.returncode
            line = (done.stdout or done.stderr).strip().splitlines()[0][:90]
        print(f"| `{command}` | {status} | {best:.2f} | {line} |")


if __name__ == "__main__":
    main()
