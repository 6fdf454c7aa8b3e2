"""Messages, arguments and graph files that once misled, failed or hung: budgets whose unit
meant two things, answers lost on a terminal that cannot write the symbols, error lines of
more than 400 characters, graph files that blocked (a fifo), searched for minutes (Arc
Kayles on a dense graph) or took 1.5 GB (a million edges).

Every case runs as its own ``grundy`` process under the memory limit of
:mod:`test_attack` (1 GB of address space) and a limit of CPU time, all of them at once.
"""

from __future__ import annotations

import os
import random
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from grundy.digraph import _plain_adjacency, adjacency_of, parse_edge_list
from test_attack import TIMEOUT, _limited

pytestmark = pytest.mark.slow

#: CPU seconds one case may take: each answers or is refused within 2 s of an idle core;
#: the margin is for numba's first compilations and a loaded machine.
CPU_SECONDS = 10
ROOT = Path(__file__).resolve().parent.parent
NINES = "9" * 4000


@dataclass(frozen=True)
class Case:
    """One command: its arguments (``{dir}`` is the directory of the graph files), its
    standard input and environment, the exit code, and text its output must hold."""

    arguments: tuple[str, ...]
    code: int
    expected: str
    given: str = ""
    environment: dict[str, str] = field(default_factory=dict)


CASES: list[Case] = [
    # E2: one meaning of M; memory budgets that hold nothing
    Case(("analyze", "--budget", "512M", "kings", "3x3"), 2,
         "--budget '512M' is ambiguous: write 512m for 512 minutes, or 512MiB"),
    Case(("analyze", "--budget", "0GB", "kings", "3x3"), 2, "a memory budget is at least 1MiB"),
    Case(("analyze", "--budget", "1B", "kings", "3x3"), 2, "a memory budget is at least 1MiB"),
    Case(("analyze", "--budget", "10m,512MiB", "kings", "3x3"), 0, "Nim-value: 1"),
    # E3: the answer on a terminal that cannot write the symbols
    Case(("analyze", "kayles", "5", "6"), 0, "  -----------------\n  nim-sum   7   111",
         environment={"PYTHONIOENCODING": "latin-1"}),
    Case(("analyze", "--misere", "nim", "3", "2", "1"), 0, "Found by Bouton's misere rule.",
         environment={"PYTHONIOENCODING": "ascii"}),
    Case(("play", "nim", "2"), 0, "You win.", given="1\nquit\n",
         environment={"PYTHONIOENCODING": "cp1252"}),
    # E4: at most 400 characters, both ends of the message kept
    Case(("analyze", "all-but:1,2", NINES), 3, "; the limit is 2000000"),
    Case(("analyze", "two-numbers", NINES, "8" * 4000), 3, "; the limit is 2000000"),
    Case(("analyze", "northcott", "W" + "." * 1000 + "B"), 2,
         "needs one W, one B and dots (at most 1000 squares)"),
    Case(("sequence", "--no-cache", "--no-values", "--max-memory", "200K", "kayles", "--to",
          "3000000", "--checkpoint", "{dir}/not-a-directory"), 2, "cannot read the checkpoint"),
    # U2: a regularity only seen in the values is said as that, never as a bare period;
    # a proof that names no count of values is not said as heaps 0..-1
    Case(("sequence", "--period", "hex:c.18", "--to", "40"), 0,
         "\nSeen in heaps 0..40, not proved: G(n + 8) = G(n) + 4 from heap 6.\n"),
    Case(("sequence", "--period", "split23", "--to", "20"), 0,
         "\nSeen in heaps 0..20, not proved: G(n + 2) = G(n) from heap 9.\n"),
    Case(("value", "all-but:1,2", "10^18"), 0,
         "proved by the all-but state check:\nG(n + 3) = G(n) + 1 for every n >= 0;\n"),
    # H9: Arc Kayles on a dense graph is refused at once; Node Kayles on it answered
    Case(("analyze", "arc-kayles:{dir}/dense30.txt", "all"), 3,
         "searching arc-kayles:{dir}/dense30.txt (30 nodes joined) needs about"),
    Case(("analyze", "node-kayles:{dir}/dense30.txt", "all"), 0, "Nim-value:"),
    # ... and a sparse graph, which falls apart into small components, is searched
    Case(("analyze", "node-kayles:{dir}/ladder30.txt", "all"), 0, "Nim-value:"),
    Case(("analyze", "arc-kayles:{dir}/ladder30.txt", "all"), 3,
         "needs more than 500000 options examined"),
    # H10: a fifo is never opened, as a file or typed at the prompt
    Case(("analyze", "node-kayles:{dir}/fifo.txt", "all"), 2, "not a regular file"),
    Case(("analyze", "arc-kayles:{dir}/fifo.txt"), 2, "not a regular file"),
    Case(("play", "node-kayles:{dir}/path.txt"), 0, "Game left.",
         given="node-kayles:{dir}/fifo.txt a\nquit\n"),
    # M4: a million edges in 15 MB: read into arrays, the search refused up front
    Case(("analyze", "graph:{dir}/cycle.txt", "n0"), 3,
         "solving graph:{dir}/cycle.txt from 'n0' needs more than 200000 nodes reached"),
    Case(("analyze", "graph:{dir}/cycle.txt", "n0", "n5"), 3, "needs more than 200000 nodes"),
    Case(("analyze", "node-kayles:{dir}/cycle.txt", "n0"), 3,
         "needs about 999999 nodes; the limit is 2000"),
    Case(("analyze", "graph:{dir}/cycle.txt", "n0", "--budget", "1s"), 3,
         "needs more than 40000 nodes reached"),
]


def _graph_files(directory: Path) -> None:
    generator = random.Random(1)
    edges: set[tuple[int, int]] = set()
    while len(edges) < 123:
        a, b = generator.sample(range(30), 2)
        edges.add((min(a, b), max(a, b)))
    (directory / "dense30.txt").write_text("".join(f"v{a} v{b}\n" for a, b in sorted(edges)))
    (directory / "path.txt").write_text("a b\nb c\n")
    (directory / "ladder30.txt").write_text("".join(
        f"a{j} b{j}\n" + (f"a{j} a{j + 1}\nb{j} b{j + 1}\n" if j < 29 else "")
        for j in range(30)))
    (directory / "not-a-directory").write_text("")
    os.mkfifo(directory / "fifo.txt")
    nodes = 999_999
    with open(directory / "cycle.txt", "w") as cycle:
        cycle.writelines(f"n{i} n{(i + 1) % nodes}\n" for i in range(nodes))


def _limits() -> None:
    _limited()
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def _runner(directory: Path) -> Callable[[Case], subprocess.CompletedProcess[str]]:
    def run(case: Case) -> subprocess.CompletedProcess[str]:
        arguments = [a.replace("{dir}", str(directory)) for a in case.arguments]
        return subprocess.run([sys.executable, "-m", "grundy", *arguments],
                              input=case.given.replace("{dir}", str(directory)),
                              capture_output=True, text=True, timeout=TIMEOUT,
                              preexec_fn=_limits, env={**os.environ, **case.environment},
                              encoding="utf-8", check=False)
    return run


@pytest.fixture(scope="module")
def directory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("graphs")
    _graph_files(made)
    return made


@pytest.fixture(scope="module")
def results(directory: Path) -> list[subprocess.CompletedProcess[str]]:
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(_runner(directory), CASES))


@pytest.mark.parametrize("index", range(len(CASES)),
                         ids=[" ".join(c.arguments)[:40] for c in CASES])
def test_answered_or_refused_in_one_short_line(
        results: list[subprocess.CompletedProcess[str]], directory: Path, index: int) -> None:
    case = CASES[index]
    done = results[index]
    expected = case.expected.replace("{dir}", str(directory))
    assert "Traceback" not in done.stderr and "PYTHONIOENCODING" not in done.stdout
    assert done.returncode == case.code, done.stderr
    if case.code == 0:
        assert expected in done.stdout
        return
    assert len(done.stderr.splitlines()) == 1, done.stderr
    line = done.stderr.rstrip("\n")
    assert line.startswith("grundy: ") and len(line) <= 400
    assert expected in line, line


def test_a_long_error_keeps_both_ends(results: list[subprocess.CompletedProcess[str]]) -> None:
    line = results[[c.arguments[:2] for c in CASES].index(("analyze", "all-but:1,2"))].stderr
    assert line.startswith("grundy: too big: all-but:1,2 999") and "…" in line


def test_plain_files_read_into_arrays_as_the_line_reader_reads_them() -> None:
    """The arrays' reader against the line reader, on seeded random files of the shapes a
    file may take: edges and lone nodes, repeated edges and loops, blank lines, any white
    space between words, lines ended by \\n, \\r or \\r\\n."""
    generator = random.Random(29)
    for _ in range(300):
        names = [generator.choice(["a", "b", "n1", "n10", "x_y", "Z", "+a", "q"])
                 for _ in range(6)]
        lines = []
        for _ in range(generator.randrange(0, 12)):
            words = generator.sample(names, generator.choice([0, 1, 2, 2, 2]))
            gaps = [generator.choice([" ", "\t", "  ", " \x0b"]) for _ in words]
            line = "".join(g + w for g, w in zip(gaps, words, strict=True))
            lines.append(line + generator.choice(["", " ", "\t"]))
        text = "".join(line + generator.choice(["\n", "\r", "\r\n"]) for line in lines)
        fast = _plain_adjacency("random", text.encode())
        assert fast is not None
        if not fast.names:
            continue
        slow = adjacency_of("random", *parse_edge_list("random", text))
        assert (fast.names, fast.digest, fast.lone()) == (slow.names, slow.digest, slow.lone())


def test_make_run_installs_only_what_running_needs() -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")

    def planned(target: str) -> str:
        return subprocess.run(["make", "-n", "-B", target], cwd=ROOT, capture_output=True,
                              text=True, timeout=TIMEOUT, check=True).stdout

    run, tests = planned("run"), planned("pytest")
    assert "graphviz" in run and "pip install --quiet -e .\n" in run
    for package in ("chromium", "zsh", "fish", "python3-venv", "[dev,docs]"):
        assert package not in run and package in tests


def test_ctrl_c_names_what_stopped(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A search that cannot say how far it got: the line names the command and its time."""
    from grundy import cli

    def stopped(args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setitem(cli.COMMANDS, "games", stopped)
    assert cli.main(["games"]) == 130
    err = capsys.readouterr().err
    assert err.startswith("grundy: interrupted after ") and err.endswith(" s: grundy games\n")
