"""Inputs that once hung, ran out of memory or printed a traceback: each now answers, or is
refused up front with exit code 3 and one line saying how big the job is.

Every case runs as its own ``grundy`` process under a memory limit (1 GB of address space)
and a timeout, all of them at once; the tests look at the exit code and the message.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.slow

MEMORY = 1 << 30
TIMEOUT = 60  # generous: a loaded machine; the cases themselves take a second or two

BIG = "1" + "0" * 18
HUGE = "1" + "0" * 100
LONG = "9" * 5000

# (arguments, standard input, exit code, a part of the message or of the output)
CASES: list[tuple[tuple[str, ...], str, int, str]] = [
    (("analyze", "kayles", BIG), "", 3,
     f"kayles {BIG}: the first player wins (nim-value 1); listing its winning moves needs "
     "about 1e+18 options"),
    (("analyze", "dawson", BIG), "", 3, "the first player wins (nim-value 3); listing"),
    (("analyze", "kayles", HUGE), "", 3, "listing its winning moves needs more than 1e+100"),
    (("analyze", "kayles", BIG, "1"), "", 0, "Nim-value: 0"),
    (("play", "kayles", BIG), "quit\n", 3,
     "the first player wins (nim-value 1); listing its winning moves"),
    (("analyze", "grundy-game", "100000"), "", 0, "(--json lists them all)"),
    (("analyze", "kayles", "20000"), "", 0, "(--json lists them all)"),
    (("analyze", "chomp", HUGE + "x2"), "", 3, "reading the chomp board"),
    (("analyze", "skewers", "2x3x4"), "", 0, "Nim-value: 0"),
    (("analyze", "--misere", "two-numbers", "1000", "999"), "", 3,
     "misère search of 'two-numbers 999 1000' needs about 5e+8 moves"),
    (("analyze", "kayles", "9999999"), "", 3,
     "kayles 9999999: the first player wins (nim-value 8); listing its winning moves"),
    (("sequence", "--misere", "nim", "--to", "10000000"), "", 3,
     "the misère outcomes of nim heaps 0..10000000 needs about 1e+7 searches"),
    (("sequence", "hex:c.18", "--to", "100000"), "", 3,
     "the nim-value of hex:c.18 100000 (no formula or proved period) needs about"),
    (("sequence", "hex:0.3F", "--to", "2000"), "", 0, "2000:  1001"),
    (("sequence", "hex:0.f", "--to", "100000"), "", 0, "100,000:  0"),
    (("value", "hex:c.f", BIG), "", 3, "steps; the limit is 20000000000"),
    (("analyze", "--misere", "half", "1000000"), "", 3, "misère search of 'half 1000000'"),
    (("analyze", "nim", *[str(k) for k in range(1, 100_001)]), "", 3,
     "listing its winning moves needs about"),
    (("analyze", "graph:/dev/zero", "a"), "", 2, "not a regular file"),
    (("analyze", "subtract:1000000000", "5"), "", 3,
     "subtract:1000000000 (amounts up to 1000000000) needs about 1e+9 heap values"),
    (("analyze", "kayles", "1000000000", "1000000000"), "", 0, "Nim-value: 0"),
    (("analyze", "chocolate", "1000000000x1000000000"), "", 3, "needs about 1e+27 options"),
    (("analyze", "subtract:" + ",".join(f"{k * 100000 + 1}-{k * 100000 + 99999}"
                                         for k in range(400)), "5"), "", 3,
     "amounts; the limit is 100000"),
    (("analyze", "chomp", "1000000x1000000"), "", 3, "needs about 1e+12 squares"),
    (("analyze", "cram", "1x1000000"), "", 3, "finding the regions of the board '1x1000000'"),
    (("analyze", "nim", LONG), "", 2, "heap size has 5000 digits; at most 4000 are read"),
    (("sequence", "nim", "--to", LONG), "", 2, "--to has 5000 digits"),
    (("sequence", "nim", "--to", "100000000"), "", 3,
     "the nim-values of nim heaps 0..100000000 (each known by its formula or period, but "
     "too many to list)"),
    (("sequence", "half", "--to", "100000000"), "", 3, "known by its formula or period"),
    (("sequence", "kayles", "--to", HUGE), "", 3, "known by its formula or period"),
    (("sequence", "nim", "--to", "١٢"), "", 2, "'١٢' is not a whole number"),
    (("sequence", "nim", "--to", "1_0"), "", 2, "'1_0' is not a whole number"),
    (("analyze", "subtract:٣", "5"), "", 2, "'٣' is not an amount"),
    (("play", "nim", "3"), "١\nquit\n", 0, "'١' is not one of the moves"),
    (("play", "nim", "3"), LONG + "\nquit\n", 0, "9...' is not one of the moves"),
    (("solve", "cafe"), f"3\n{'0' * 4400}300 {'9' * 3999} 5\n", 0, "305\n0 1\n2\n"),
    (("solve", "nim"), f"1 {LONG}\n", 2, "has too many digits (5000)"),
]


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _run(case: tuple[tuple[str, ...], str, int, str]) -> subprocess.CompletedProcess[str]:
    arguments, given, _, _ = case
    return subprocess.run([sys.executable, "-m", "grundy", *arguments], input=given,
                          capture_output=True, text=True, timeout=TIMEOUT,
                          preexec_fn=_limited, check=False)


@pytest.fixture(scope="module")
def results() -> list[subprocess.CompletedProcess[str]]:
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(_run, CASES))


@pytest.mark.parametrize("index", range(len(CASES)),
                         ids=[" ".join(c[0])[:40] for c in CASES])
def test_answered_or_refused(results: list[subprocess.CompletedProcess[str]],
                             index: int) -> None:
    _, _, code, expected = CASES[index]
    check_answer(results[index], code, expected)


def check_answer(done: subprocess.CompletedProcess[str], code: int, expected: str) -> None:
    """No traceback, the exit code, and ``expected`` in the answer, or in the one line of a
    refusal that starts ``grundy: ``."""
    assert "Traceback" not in done.stderr
    assert done.returncode == code, done.stderr
    if code == 0:
        assert expected in done.stdout, done.stdout[:2000]
    else:
        assert len(done.stderr.splitlines()) == 1, done.stderr
        assert done.stderr.startswith("grundy: ")
        assert expected in done.stderr, done.stderr
    if code == 3:
        assert "the limit is" in done.stderr or "more than" in done.stderr


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "edges"
    os.mkfifo(fifo)
    done = _run((("analyze", f"graph:{fifo}", "a"), "", 2, ""))
    assert done.returncode == 2 and "not a regular file" in done.stderr


def test_a_huge_node_name_is_shown_short_and_escaped(tmp_path: Path) -> None:
    edges = tmp_path / "edges.txt"
    edges.write_text("a b\n")
    done = _run((("analyze", f"graph:{edges}", "\x01" * 100_000), "", 2, ""))
    assert done.returncode == 2
    assert len(done.stderr) < 300 and "\\x01" in done.stderr and "\x01" not in done.stderr


def test_a_user_without_a_writable_home_runs_the_tool(tmp_path: Path) -> None:
    """numba cannot keep its cache there: kernels compile in memory, and all works."""
    if os.geteuid() != 0 or not Path("/usr/sbin/runuser").exists():
        pytest.skip("needs root to run the tool as another user")
    source = Path(__file__).resolve().parent.parent / "src"
    packages = [p for p in sys.path if p.endswith("site-packages")]
    python = Path(sys.base_prefix) / "bin" / "python3"
    system = Path("/usr/bin") / Path(sys.executable).resolve().name
    for candidate in (system, python):
        probe = subprocess.run(
            ["runuser", "-u", "nobody", "--", str(candidate), "-c", "0"],
            capture_output=True, check=False)
        if probe.returncode == 0:
            break
    else:
        pytest.skip("no Python this user may run")
    # A checkout in a private directory (mktemp -d makes it 0700) is not this user's to read;
    # the wheel installed outside the checkout is tried as this user by `make dist-check`.
    needed = [source / "grundy" / "__init__.py", *(Path(p) / "numba" for p in packages)]
    readable = subprocess.run(["runuser", "-u", "nobody", "--", "test", "-r", str(needed[0]),
                               *(arg for path in needed[1:] for arg in ("-a", "-r", str(path)))],
                              capture_output=True, check=False)
    if readable.returncode != 0:
        pytest.skip("the checkout or its installed packages are not readable by that user")
    done = subprocess.run(
        ["runuser", "-u", "nobody", "--", "env", "HOME=/nonexistent",
         f"PYTHONPATH={source}:{':'.join(packages)}", "GRUNDY_CACHE_DIR=/nonexistent/cache",
         str(candidate), "-m", "grundy", "sequence", "kayles", "--to", "12"],
        capture_output=True, text=True, cwd="/", timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr
    assert "0:  0 1 2 3 1 4 3 2 1 4" in done.stdout


def test_temporaries_of_a_killed_writer_are_removed(tmp_path: Path) -> None:
    """A writer killed with SIGKILL between writing its temporary file and renaming it."""
    from grundy.heap.cache import SequenceCache, file_name

    writer = subprocess.Popen(
        [sys.executable, "-c", "import os, signal, sys\n"
         f"open(os.path.join({str(tmp_path)!r}, f'.tmp-{{os.getpid()}}-abc.seq'), 'wb')"
         ".write(b'half a sequence')\n"
         "os.kill(os.getpid(), signal.SIGKILL)"])
    writer.wait(timeout=TIMEOUT)
    left = list(tmp_path.glob(".tmp-*.seq"))
    assert len(left) == 1 and writer.returncode == -9
    alive = tmp_path / f".tmp-{os.getpid()}-mine.seq"  # a live writer's file is kept
    alive.write_bytes(b"busy")
    old = tmp_path / ".tmp-oldname.seq"  # a name without a pid: only its age counts
    old.write_bytes(b"old")
    os.utime(old, (0, 0))
    cache = SequenceCache(tmp_path)
    assert not left[0].exists() and not old.exists() and alive.exists()
    cache.store("kayles", np.arange(5))
    assert (tmp_path / file_name("kayles")).exists()
    assert sorted(p.name for p in tmp_path.glob(".tmp-*")) == [alive.name]
