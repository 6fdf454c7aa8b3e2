"""Files the tool reads back, damaged or forged (sequence checkpoints, window checkpoints,
census states), and output files it cannot write: each refused at once with one line and
exit code 2, never resumed, never appended to, never a traceback.

Each case runs as its own ``grundy`` process under the memory limit and timeout of
``test_attack.py`` (its helpers), in a folder of its own.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from grundy.census.runner import HEADER, row_seal
from grundy.heap.cache import write_sequence
from grundy.heap.checkpoint import FILE_NAME
from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import take_break_values
from grundy.heap.window import WindowCheckpoint, state_seal
from test_attack import TIMEOUT, _limited, _run

pytestmark = pytest.mark.slow

KAYLES = TakeBreakCode.parse("0.77")
WINDOW = ("sequence", "--no-cache", "--no-values", "--period", "--max-memory", "200K",
          "kayles", "--to", "3000000", "--checkpoint")


def grundy(*arguments: str) -> subprocess.CompletedProcess[str]:
    return _run((tuple(arguments), "", 2, ""))


def refused(done: subprocess.CompletedProcess[str], *expected: str) -> None:
    assert "Traceback" not in done.stderr
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if not line.startswith(
        "grundy: heaps 0..")]  # the note of a run beyond memory comes first
    assert len(lines) == 1 and lines[0].startswith("grundy: "), done.stderr
    for part in expected:
        assert part in lines[0], done.stderr


def sequence_checkpoint(folder: Path, values: np.ndarray, key: str = "octal:0.77") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE_NAME
    with path.open("wb") as out:
        write_sequence(out, key, np.ascontiguousarray(values, dtype="<u1"))
    return path


def kayles_resumed(folder: Path, to: int = 30) -> tuple[str, ...]:
    return ("sequence", "--no-cache", "--json", "kayles", "--to", str(to), "--checkpoint",
            str(folder))


def npz(path: Path, sealed: bool = True, **arrays: np.ndarray) -> None:
    """A window checkpoint of ``arrays``, sealed with the user's key (as the tool seals its
    own) unless not ``sealed``: what is refused is then the arrays, not the seal."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if sealed:
        arrays["seal"] = np.array(state_seal(arrays).hexdigest())
    np.savez(path, **arrays)


def zip_bomb(path: Path, heaps: int) -> None:
    """A window checkpoint whose first values expand from a few kB to ``heaps`` bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        # A seal of any digits: the member is refused before the seal is checked.
        for name, array in (("key", np.array("octal:0.77")), ("numbers", np.zeros(14, np.int64)),
                            ("seal", np.array("0" * 64))):
            buffer = io.BytesIO()
            np.save(buffer, array)
            archive.writestr(f"{name}.npy", buffer.getvalue())
        with archive.open("head.npy", "w", force_zip64=True) as member:
            np.lib.format.write_array_header_1_0(
                member, {"descr": "|u1", "fortran_order": False, "shape": (heaps,)})
            chunk = bytes(1 << 22)
            for _ in range(heaps // len(chunk)):
                member.write(chunk)


def census_state(path: Path, *rows: dict[str, object], to: int = 100, sealed: bool = True
                 ) -> None:
    """A census state of ``rows``, each sealed with the user's key unless not ``sealed``."""
    lines = [HEADER]
    for row in rows:
        line: dict[str, object] = {"to": to, "seconds": None, "row": row}
        lines.append(json.dumps({**line, "seal": row_seal(line).hexdigest()} if sealed else line))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def true_row(code: str = "0.7", to: int = 100) -> dict[str, object]:
    from grundy.census.results import census_row

    return census_row(code, to).to_json()


def forged_kayles(folder: Path) -> tuple[str, ...]:
    values = take_break_values(KAYLES, 30).copy()
    values[5] = 9
    sequence_checkpoint(folder, values)
    return kayles_resumed(folder)


def forged_last_value(folder: Path) -> tuple[str, ...]:
    values = take_break_values(KAYLES, 5000).copy()
    values[-1] ^= 1   # the last heap is always among those checked
    sequence_checkpoint(folder, values)
    return kayles_resumed(folder, 6000)


def another_games_values(folder: Path) -> tuple[str, ...]:
    sequence_checkpoint(folder, take_break_values(TakeBreakCode.parse("0.07"), 1000))
    return kayles_resumed(folder)


def another_games_key(folder: Path) -> tuple[str, ...]:
    sequence_checkpoint(folder, np.zeros(10, np.uint8), key="octal:0.07")
    return kayles_resumed(folder)


def header(text: bytes) -> Callable[[Path], tuple[str, ...]]:
    def prepare(folder: Path) -> tuple[str, ...]:
        folder.mkdir(parents=True)
        (folder / FILE_NAME).write_bytes(b"GRUNDY-SEQUENCE 1\n" + text + b"\n\x00\x01\x02")
        return kayles_resumed(folder)

    return prepare


def not_regular(kind: str) -> Callable[[Path], tuple[str, ...]]:
    def prepare(folder: Path) -> tuple[str, ...]:
        folder.mkdir(parents=True)
        if kind == "fifo":
            os.mkfifo(folder / FILE_NAME)
        else:
            (folder / FILE_NAME).mkdir()
        return kayles_resumed(folder)

    return prepare


def window_arrays(sealed: bool = True, **arrays: np.ndarray) -> Callable[[Path], tuple[str, ...]]:
    def prepare(folder: Path) -> tuple[str, ...]:
        npz(folder / WindowCheckpoint.FILE_NAME, sealed, key=np.array("octal:0.77"), **arrays)
        return (*WINDOW, str(folder))

    return prepare


def window_bomb(folder: Path) -> tuple[str, ...]:
    zip_bomb(folder / WindowCheckpoint.FILE_NAME, 1 << 26)
    assert (folder / WindowCheckpoint.FILE_NAME).stat().st_size < 200_000
    return (*WINDOW, str(folder))


def window_numbers(changes: dict[str, int], forge: int | None = None, sealed: bool = True
                   ) -> Callable[[Path], tuple[str, ...]]:
    """A window checkpoint of the first part: kayles' values, numbers as a run of WINDOW
    writes them, with ``changes``; ``forge``: a value changed."""
    from grundy.heap.window import _WindowRun

    def prepare(folder: Path) -> tuple[str, ...]:
        numbers = dict.fromkeys(_WindowRun.NUMBERS, 0)
        numbers.update({"n": 3_000_000, "memory": 200 * 1024, "seek_period": 1, "count": 101,
                        **changes})
        head = take_break_values(KAYLES, 100).copy()
        if forge is not None:
            head[forge] ^= 1
        listed = np.array([numbers[name] for name in _WindowRun.NUMBERS], np.int64)
        return window_arrays(sealed, numbers=listed, head=head)(folder)

    return prepare


def sealed_then_changed(folder: Path) -> tuple[str, ...]:
    """A true row, sealed, then its largest value changed in the file."""
    folder.mkdir(parents=True)
    census_state(folder / "bad.state", true_row())
    text = (folder / "bad.state").read_text(encoding="utf-8")
    assert '"largest": 1,' in text
    (folder / "bad.state").write_text(text.replace('"largest": 1,', '"largest": 2,'))
    return ("census", "0.?", "--to", "100", "--state", str(folder / "bad.state"))


def census_rows(change: dict[str, object], sealed: bool = True
                ) -> Callable[[Path], tuple[str, ...]]:
    def prepare(folder: Path) -> tuple[str, ...]:
        folder.mkdir(parents=True)
        census_state(folder / "bad.state", {**true_row(), **change}, sealed=sealed)
        # Refused before any format (Markdown once failed on a row of the wrong type).
        return ("census", "0.?", "--to", "100", "--state", str(folder / "bad.state"),
                "--format", "markdown")

    return prepare


def unrelated_state(folder: Path) -> tuple[str, ...]:
    folder.mkdir(parents=True)
    (folder / "photo.bin").write_bytes(bytes(range(256)) * 16)
    return ("census", "0.?", "--to", "100", "--state", str(folder / "photo.bin"))


def headerless_state(folder: Path) -> tuple[str, ...]:
    folder.mkdir(parents=True)
    (folder / "rows.jsonl").write_text(
        json.dumps({"to": 100, "seconds": None, "row": true_row()}) + "\n")
    return ("census", "0.?", "--to", "100", "--state", str(folder / "rows.jsonl"))


def fifo_state(folder: Path) -> tuple[str, ...]:
    folder.mkdir(parents=True)
    os.mkfifo(folder / "state")
    return ("census", "0.?", "--to", "100", "--state", str(folder / "state"))


def full_disk(command: tuple[str, ...], name: str) -> Callable[[Path], tuple[str, ...]]:
    def prepare(folder: Path) -> tuple[str, ...]:
        # A short name, shown whole in the message.
        short = Path(tempfile.mkdtemp(prefix="g")) / name
        SHORT_FOLDERS.append(short.parent)
        short.symlink_to("/dev/full")
        return (*command, str(short))

    return prepare


#: Folders made outside the test's own, removed after the run.
SHORT_FOLDERS: list[Path] = []
SIXTY_FOUR = b'"' + b"0" * 64 + b'"'

#: (name, what writes the files and gives the command, parts of the one line refusing it)
REFUSALS: list[tuple[str, Callable[[Path], tuple[str, ...]], tuple[str, ...]]] = [
    ("kayles G(5)=9", forged_kayles, ("damaged checkpoint", "/sequence.checkpoint",
                                      "heap 5 has value 9, but the rules give 4")),
    ("forged last value", forged_last_value, ("heap 5000 has value", "mex of its options")),
    ("dawson's values as kayles", another_games_values, ("but the rules give",)),
    ("another game's key", another_games_key, ("is of octal:0.07, not octal:0.77",)),
    ("header {}", header(b"{}"), ("its header must have exactly",)),
    ("header dtype []", header(b'{"key": "octal:0.77", "dtype": [], "length": 3, '
                               b'"seal": "00"}'), ("its header must have exactly",)),
    ("header key list", header(b'{"key": ["octal:0.77"], "dtype": "|u1", "length": 3, '
                               b'"seal": "00"}'), ("its header must have exactly",)),
    ("header dtype <f8", header(b'{"key": "octal:0.77", "dtype": "<f8", "length": 3, '
                                b'"seal": ' + SIXTY_FOUR + b"}"), ("dtype '<f8'",)),
    ("header length 1e99", header(b'{"key": "octal:0.77", "dtype": "|u1", "length": 1e99, '
                                  b'"seal": "00"}'), ("its header must have exactly",)),
    ("header longer than the file", header(
        b'{"key": "octal:0.77", "dtype": "|u1", "length": 999999999999, "seal": '
        + SIXTY_FOUR + b"}"), ("its length is not the one its header gives",)),
    ("header a list", header(b"[1, 2, 3]"), ("not a JSON object",)),
    ("checkpoint of an older version", header(b'{"key": "octal:0.77", "dtype": "|u1", '
                                              b'"length": 3, "sha256": ' + SIXTY_FOUR + b"}"),
     ("damaged checkpoint", "written without a seal", "remove it to start again")),
    ("window checkpoint of an older version", window_numbers({}, sealed=False),
     ("damaged checkpoint", "written without a seal", "remove it to start again")),
    ("census state of an older version", census_rows({}, sealed=False),
     ("damaged census state", "line 2", "written without a seal")),
    ("census row sealed then changed", sealed_then_changed,
     ("damaged census state", "line 2", "its seal does not match")),
    ("header not json", header(b"not json"), ("not a JSON object",)),
    ("fifo checkpoint", not_regular("fifo"), ("not a regular file",)),
    ("directory checkpoint", not_regular("directory"), ("not a regular file",)),
    ("zip bomb", window_bomb, ("window.checkpoint.npz", "is compressed; checkpoints are "
                                                        "written stored")),
    ("npz without numbers", window_arrays(head=np.zeros(10, np.uint8)),
     ("holds the arrays 'head key seal'",)),
    ("npz one number", window_arrays(numbers=np.zeros(1, np.int64), head=np.zeros(10, np.uint8)),
     ("its array numbers holds 1 items, not 14",)),
    ("npz float values", window_arrays(numbers=np.zeros(14, np.int64),
                                       head=np.zeros(10, np.float64)),
     ("its array head is <f8",)),
    ("npz numbers 2-d", window_arrays(numbers=np.zeros((2, 7), np.int64),
                                      head=np.zeros(10, np.uint8)), ("of shape (2, 7)",)),
    ("npz extra array", window_arrays(numbers=np.zeros(14, np.int64),
                                      head=np.zeros(10, np.uint8), extra=np.zeros(1)),
     ("not those of a checkpoint",)),
    ("npz forged value", window_numbers({}, forge=40), ("heap 40 has value",)),
    ("npz count past the first part", window_numbers({"count": 70_000}), ("says 70000 heaps",)),
    ("npz count unlike its values", window_numbers({"count": 7}), ("says 7 heaps",)),
    ("census forged row", census_rows({"period": 999, "by": "forged", "largest": 77}),
     ("damaged census state", "line 2", "period 999")),
    ("census forged theorem", census_rows({"by": "forged"}), ('names "forged"',)),
    ("census forged period", census_rows({"period": 99}),
     ("not what the census computes: period 2 from heap 0, not 99",)),
    ("census forged largest", census_rows({"largest": 7}), ("largest 1, not 7",)),
    ("census heaps text", census_rows({"heaps": "many"}), ('heaps "many"',)),
    ("census period object", census_rows({"period": {"a": 1}}), ('period {"a": 1}',)),
    ("census solved text", census_rows({"solved": "yes"}), ('solved "yes"',)),
    ("census not octal", census_rows({"code": "0.8"}), ("an octal code as a census writes",)),
    ("census negative mask", census_rows({"mask": -1}), ("mask -1",)),
    ("unrelated state", unrelated_state, ("is not a census state",)),
    ("headerless state", headerless_state, ("is not a census state",)),
    ("fifo state", fifo_state, ("not a regular file",)),
    ("full disk plot", full_disk(("plot", "kayles", "--to", "10", "-o"), "full.png"),
     ("full.png", "No space left on device")),
    ("full disk census", full_disk(("census", "0.7", "--to", "10", "-o"), "full.md"),
     ("full.md", "No space left on device")),
    ("full disk graph", full_disk(("graph", "nim", "2", "--format", "dot", "-o"), "full.dot"),
     ("full.dot", "No space left on device")),
]


@pytest.fixture(scope="module")
def refusals(tmp_path_factory: pytest.TempPathFactory
             ) -> dict[str, tuple[subprocess.CompletedProcess[str], Path, dict[Path, bytes]]]:
    """Every case of REFUSALS, its files written, then run all at once; with the files'
    bytes before the run."""
    base = tmp_path_factory.mktemp("refusals")
    prepared = {}
    for index, (name, prepare, _) in enumerate(REFUSALS):
        folder = base / str(index)
        arguments = prepare(folder)
        files = {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}
        prepared[name] = (arguments, folder, files)
    with ThreadPoolExecutor(max_workers=4) as pool:
        done = dict(zip(prepared, pool.map(lambda item: grundy(*item[0]), prepared.values()),
                        strict=True))
    for folder in SHORT_FOLDERS:
        shutil.rmtree(folder, ignore_errors=True)
    return {name: (done[name], folder, files) for name, (_, folder, files) in prepared.items()}


@pytest.mark.parametrize("index", range(len(REFUSALS)), ids=[case[0] for case in REFUSALS])
def test_refused_with_one_line_and_left_alone(
        refusals: dict[str, tuple[subprocess.CompletedProcess[str], Path, dict[Path, bytes]]],
        index: int) -> None:
    name, _, expected = REFUSALS[index]
    if name.startswith("full disk") and not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    done, _, files = refusals[name]
    refused(done, *expected)
    for path, before in files.items():   # never resumed, replaced or appended to
        assert path.read_bytes() == before, path


def test_a_zip_bomb_is_refused_by_the_library_in_little_time_and_memory(tmp_path: Path
                                                                         ) -> None:
    import tracemalloc

    from grundy.heap.checkpoint import BadCheckpoint

    zip_bomb(tmp_path / WindowCheckpoint.FILE_NAME, 1 << 26)
    tracemalloc.start()
    started = time.monotonic()
    with pytest.raises(BadCheckpoint, match="compressed"):
        WindowCheckpoint(tmp_path, "octal:0.77").load(200_000)
    took = time.monotonic() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert took < 2 and peak < 1 << 20


def test_a_finished_run_removes_its_checkpoint_or_says_why_not(tmp_path: Path) -> None:
    saved = tmp_path / "values.npy"
    done = grundy(*kayles_resumed(tmp_path / "ck", 5000), "--save", str(saved))
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "ck").exists() and len(np.load(saved)) == 5001
    # With --no-cache and no --save the checkpoint holds the only copy of the values.
    done = grundy(*kayles_resumed(tmp_path / "only", 5000))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "only" / FILE_NAME).exists()
    assert done.stderr == (f"grundy: the checkpoint in {tmp_path / 'only'} is kept: with "
                           "--no-cache and no --save it holds the only copy of the values; "
                           "remove it when done\n")


def test_true_census_rows_are_reused(tmp_path: Path) -> None:
    state = tmp_path / "good.state"
    census_state(state, true_row())
    done = grundy("census", "0.7", "--to", "100", "--state", str(state), "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert state.read_text(encoding="utf-8").count("\n") == 2   # nothing recomputed


def _census(state: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "grundy", "census", "0.??", "--to", "300000", "--workers", "2",
         "--state", str(state)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        preexec_fn=_limited)


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()] if path.exists() else []


def _wait_for_rows(state: Path, running: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not state.exists() or state.read_text(encoding="utf-8").count("\n") < 2:
        assert running.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
class TestCensusProcesses:
    def test_workers_end_when_the_census_is_killed(self, tmp_path: Path) -> None:
        state = tmp_path / "s.state"
        running = _census(state)
        _wait_for_rows(state, running)
        workers = _children(running.pid)
        assert workers
        running.send_signal(signal.SIGKILL)
        running.wait(timeout=TIMEOUT)
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{pid}").exists() and "State:\tZ" not in
                  Path(f"/proc/{pid}/status").read_text() for pid in workers):
            assert time.monotonic() < deadline, "workers outlived their parent"
            time.sleep(0.05)
        assert running.stderr is not None
        err = running.stderr.read()
        assert "Traceback" not in err and "BrokenPipeError" not in err

    def test_sigterm_stops_a_census_as_ctrl_c_does(self, tmp_path: Path) -> None:
        state = tmp_path / "t.state"
        running = _census(state)
        _wait_for_rows(state, running)
        running.send_signal(signal.SIGTERM)
        _, err = running.communicate(timeout=TIMEOUT)
        assert running.returncode == 130, err
        assert err.splitlines() == [
            f"grundy: interrupted; finished codes are kept in {state} (codes under way in "
            f"{state}.progress), run the same command to go on"]
