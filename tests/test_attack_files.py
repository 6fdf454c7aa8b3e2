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
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest

from grundy.census.runner import HEADER
from grundy.heap.cache import write_sequence
from grundy.heap.checkpoint import FILE_NAME
from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import take_break_values
from grundy.heap.window import WindowCheckpoint
from test_attack import TIMEOUT, _limited, _run

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


def kayles_resumed(folder: Path, to: int = 30) -> subprocess.CompletedProcess[str]:
    return grundy("sequence", "--no-cache", "--json", "kayles", "--to", str(to),
                  "--checkpoint", str(folder))


class TestSequenceCheckpoints:
    def test_a_forged_value_with_a_matching_checksum_is_refused(self, tmp_path: Path) -> None:
        values = take_break_values(KAYLES, 30).copy()
        values[5] = 9
        kept = sequence_checkpoint(tmp_path, values)
        before = kept.read_bytes()
        refused(kayles_resumed(tmp_path), f"damaged checkpoint {kept}",
                "heap 5 has value 9, but the rules give 4")
        assert kept.read_bytes() == before   # refused, not replaced

    def test_a_forged_last_value_beyond_those_recomputed_is_refused(self, tmp_path: Path
                                                                     ) -> None:
        values = take_break_values(KAYLES, 5000).copy()
        values[-1] ^= 1   # the last heap is always among those checked
        sequence_checkpoint(tmp_path, values)
        refused(kayles_resumed(tmp_path, 6000), "heap 5000 has value",
                "the mex of its options")

    def test_values_of_another_game_under_this_key_are_refused(self, tmp_path: Path) -> None:
        sequence_checkpoint(tmp_path, take_break_values(TakeBreakCode.parse("0.07"), 1000))
        refused(kayles_resumed(tmp_path), "damaged checkpoint", "but the rules give")

    def test_a_checkpoint_of_another_game_is_refused(self, tmp_path: Path) -> None:
        sequence_checkpoint(tmp_path, np.zeros(10, np.uint8), key="octal:0.07")
        refused(kayles_resumed(tmp_path), "is of octal:0.07, not octal:0.77")

    @pytest.mark.parametrize("header", [
        b"{}", b'{"key": "octal:0.77", "dtype": [], "length": 3, "sha256": "00"}',
        b'{"key": "octal:0.77", "dtype": "<f8", "length": 3, "sha256": "' + b"0" * 64 + b'"}',
        b'{"key": ["octal:0.77"], "dtype": "|u1", "length": 3, "sha256": "00"}',
        b'{"key": "octal:0.77", "dtype": "|u1", "length": 1e99, "sha256": "00"}',
        b'{"key": "octal:0.77", "dtype": "|u1", "length": 999999999999, "sha256": "'
        + b"0" * 64 + b'"}',
        b"[1, 2, 3]", b"not json"], ids=["empty", "list-dtype", "float-dtype", "list-key",
                                         "float-length", "longer-than-the-file", "a-list",
                                         "not-json"])
    def test_a_damaged_header_is_refused(self, tmp_path: Path, header: bytes) -> None:
        (tmp_path / FILE_NAME).write_bytes(b"GRUNDY-SEQUENCE 1\n" + header + b"\n\x00\x01\x02")
        refused(kayles_resumed(tmp_path), "damaged checkpoint", "remove it to start again")

    @pytest.mark.parametrize("kind", ["fifo", "directory"])
    def test_a_checkpoint_that_is_not_a_regular_file_is_refused_at_once(
            self, tmp_path: Path, kind: str) -> None:
        if kind == "fifo":
            os.mkfifo(tmp_path / FILE_NAME)
        else:
            (tmp_path / FILE_NAME).mkdir()
        started = time.monotonic()
        refused(kayles_resumed(tmp_path), "not a regular file")
        assert time.monotonic() - started < TIMEOUT / 2

    def test_a_finished_run_removes_its_checkpoint(self, tmp_path: Path) -> None:
        folder = tmp_path / "ck"
        done = kayles_resumed(folder, 3000)
        assert done.returncode == 0, done.stderr
        assert not folder.exists()


def npz(path: Path, compressed: bool = False, **arrays: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    (np.savez_compressed if compressed else np.savez)(path, **arrays)


def zip_bomb(path: Path, heaps: int) -> None:
    """A window checkpoint whose first values expand from a few kB to ``heaps`` bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, array in (("key", np.array("octal:0.77")), ("numbers", np.zeros(14, np.int64))):
            buffer = io.BytesIO()
            np.save(buffer, array)
            archive.writestr(f"{name}.npy", buffer.getvalue())
        with archive.open("head.npy", "w", force_zip64=True) as member:
            np.lib.format.write_array_header_1_0(
                member, {"descr": "|u1", "fortran_order": False, "shape": (heaps,)})
            chunk = bytes(1 << 22)
            for _ in range(heaps // len(chunk)):
                member.write(chunk)


class TestWindowCheckpoints:
    def test_a_zip_bomb_is_refused_before_it_expands(self, tmp_path: Path) -> None:
        kept = tmp_path / WindowCheckpoint.FILE_NAME
        zip_bomb(kept, 1 << 26)
        assert kept.stat().st_size < 200_000
        started = time.monotonic()
        refused(grundy(*WINDOW, str(tmp_path)), f"damaged checkpoint {kept}",
                "is compressed; checkpoints are written stored")
        assert time.monotonic() - started < TIMEOUT / 2

    def test_the_library_refuses_it_in_little_time_and_memory(self, tmp_path: Path) -> None:
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

    @pytest.mark.parametrize("arrays", [
        {"key": np.array("octal:0.77"), "head": np.zeros(10, np.uint8)},
        {"key": np.array("octal:0.77"), "numbers": np.zeros(1, np.int64),
         "head": np.zeros(10, np.uint8)},
        {"key": np.array("octal:0.77"), "numbers": np.zeros(14, np.int64),
         "head": np.zeros(10, np.float64)},
        {"key": np.array("octal:0.77"), "numbers": np.zeros((2, 7), np.int64),
         "head": np.zeros(10, np.uint8)},
        {"key": np.array("octal:0.77"), "numbers": np.zeros(14, np.int64),
         "head": np.zeros(10, np.uint8), "extra": np.zeros(1)},
    ], ids=["no-numbers", "one-number", "float-values", "numbers-2d", "an-extra-array"])
    def test_a_file_of_the_wrong_shape_is_refused(self, tmp_path: Path,
                                                  arrays: dict[str, np.ndarray]) -> None:
        npz(tmp_path / WindowCheckpoint.FILE_NAME, **arrays)
        refused(grundy(*WINDOW, str(tmp_path)), "damaged checkpoint")

    def test_forged_numbers_and_values_are_refused(self, tmp_path: Path) -> None:
        from grundy.heap.window import _WindowRun, head_length

        memory = 200 * 1024
        numbers = dict.fromkeys(_WindowRun.NUMBERS, 0)
        values = take_break_values(KAYLES, 100).copy()
        numbers.update(n=3_000_000, memory=memory, seek_period=1, count=101)
        for case, (head, changes) in {
                "forged value": (values.copy(), {}),
                "count beyond the first part": (values, {"count": head_length(memory) + 5}),
                "count unlike the values": (values, {"count": 7})}.items():
            if case == "forged value":
                head[40] = 0
            kept = {**numbers, **changes}
            folder = tmp_path / case.replace(" ", "-")
            npz(folder / WindowCheckpoint.FILE_NAME, key=np.array("octal:0.77"),
                numbers=np.array([kept[name] for name in _WindowRun.NUMBERS], np.int64),
                head=head)
            refused(grundy(*WINDOW, str(folder)), "damaged checkpoint")


def census_state(path: Path, *rows: dict[str, object], to: int = 100) -> None:
    lines = [HEADER, *(json.dumps({"to": to, "seconds": None, "row": row}) for row in rows)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def true_row(code: str = "0.7", to: int = 100) -> dict[str, object]:
    from grundy.census.rows import census_row

    return census_row(code, to).to_json()


class TestCensusStates:
    @pytest.mark.parametrize(("change", "said"), [
        ({"period": 999, "by": "forged", "largest": 77}, "period 999"),
        ({"by": "forged"}, "names \"forged\""),
        ({"period": 99}, "not what the census computes: period 2 from heap 0, not 99"),
        ({"largest": 7}, "largest 1, not 7"),
        ({"heaps": "many"}, "heaps \"many\""),
        ({"period": {"a": 1}}, "period {\"a\": 1}"),
        ({"solved": "yes"}, "solved \"yes\""),
        ({"code": "0.8"}, "an octal code as a census writes it"),
        ({"mask": -1}, "mask -1"),
    ], ids=["as-reported", "forged-theorem", "forged-period", "forged-largest", "heaps-text",
            "period-object", "solved-text", "not-octal", "negative-mask"])
    def test_a_forged_or_mistyped_row_is_refused(self, tmp_path: Path, change: dict[str, object],
                                                 said: str) -> None:
        state = tmp_path / "bad.state"
        census_state(state, {**true_row(), **change})
        before = state.read_bytes()
        # Refused before any format (Markdown once failed on a row of the wrong type).
        refused(grundy("census", "0.?", "--to", "100", "--state", str(state), "--format",
                       "markdown"),
                "damaged census state", "line 2", said)
        assert state.read_bytes() == before

    def test_a_file_that_is_not_a_census_state_is_never_appended_to(self, tmp_path: Path
                                                                    ) -> None:
        other = tmp_path / "photo.bin"
        other.write_bytes(bytes(range(256)) * 16)
        refused(grundy("census", "0.?", "--to", "100", "--state", str(other)),
                "is not a census state")
        assert other.read_bytes() == bytes(range(256)) * 16
        lines = tmp_path / "rows.jsonl"   # census lines without the header: not ours either
        lines.write_text(json.dumps({"to": 100, "seconds": None, "row": true_row()}) + "\n")
        refused(grundy("census", "0.?", "--to", "100", "--state", str(lines)),
                "is not a census state")

    def test_a_fifo_as_state_is_refused_at_once(self, tmp_path: Path) -> None:
        fifo = tmp_path / "state"
        os.mkfifo(fifo)
        refused(grundy("census", "0.?", "--to", "100", "--state", str(fifo)),
                "not a regular file")

    def test_true_rows_are_reused(self, tmp_path: Path) -> None:
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


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [
    ("plot", "kayles", "--to", "10", "-o", "full.png"),
    ("census", "0.7", "--to", "10", "-o", "full.md"),
    ("graph", "nim", "2", "--format", "dot", "-o", "full.dot")], ids=["plot", "census", "graph"])
def test_a_full_disk_names_the_output_file(tmp_path: Path, command: tuple[str, ...],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    if command[0] == "plot":
        pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)   # a short name, shown whole
    Path(command[-1]).symlink_to("/dev/full")
    refused(grundy(*command), command[-1], "No space left on device")
