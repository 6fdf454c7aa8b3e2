"""Checkpoints of long sequences: a run killed with SIGKILL and run again ends with exactly
the values of an uninterrupted run; checkpoints of other games or damaged ones are refused."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from grundy.cli import main
from grundy.heap.checkpoint import FILE_NAME, BadCheckpoint, Checkpoint
from grundy.heap.kernels import grundy_game_values
from grundy.heap.takebreak import TakeAndBreak

HEAPS = 400_000


def run_env(cache: Path) -> dict[str, str]:
    return {**os.environ, "GRUNDY_CACHE_DIR": str(cache)}


def test_a_killed_run_resumes_to_the_values_of_an_uninterrupted_one(tmp_path: Path) -> None:
    env = run_env(tmp_path / "cache")
    whole, resumed, folder = tmp_path / "whole.npy", tmp_path / "resumed.npy", tmp_path / "ck"
    command = [sys.executable, "-m", "grundy", "sequence", "--no-values", "--no-cache",
               "--checkpoint", str(folder), "--checkpoint-every", "0.05",
               "--save", str(resumed), "grundy-game", "--to", str(HEAPS)]
    running = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    kept = folder / FILE_NAME
    deadline = time.monotonic() + 120
    # Kill once a checkpoint holding a good part of the run is on disk.
    while (not kept.exists() or kept.stat().st_size < 20_000) and running.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    running.send_signal(signal.SIGKILL)
    assert running.wait() == -signal.SIGKILL
    partial = Checkpoint(folder, "grundy-game").load()
    assert partial is not None and 20_000 < len(partial) < HEAPS + 1
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert f"heaps 0..{len(partial) - 1} known" in again.stderr
    subprocess.run([sys.executable, "-m", "grundy", "sequence", "--no-values", "--no-cache",
                    "--save", str(whole), "grundy-game", "--to", str(HEAPS)],
                   env=env, check=True, capture_output=True, timeout=300)
    uninterrupted, finished = np.load(whole), np.load(resumed)
    assert len(finished) == HEAPS + 1
    assert np.array_equal(finished, uninterrupted)


def test_the_library_resumes_from_a_checkpoint(tmp_path: Path) -> None:
    code = TakeAndBreak("0.354")
    checkpoint = Checkpoint(tmp_path, code.cache_key)
    checkpoint.save(TakeAndBreak("0.354").compute_values(3000, np.zeros(0, np.uint8)))
    fresh = TakeAndBreak("0.354")
    # The game's own kept values are shorter than the checkpoint's: it resumes from heap 3001.
    values = fresh.compute_values_kept(50_000, checkpoint.load(), None, checkpoint.save)
    assert np.array_equal(values, code.compute_values(50_000, np.zeros(0, np.uint8)))
    assert len(checkpoint.load()) > 3001


def test_the_kernel_hands_its_values_to_keep_between_chunks() -> None:
    handed: list[np.ndarray] = []
    values = grundy_game_values(200_000, keep=lambda so_far: handed.append(so_far.copy()))
    assert len(handed) > 1
    for so_far in handed:
        assert np.array_equal(so_far, values[: len(so_far)])


def test_another_games_checkpoint_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                             ) -> None:
    Checkpoint(tmp_path, "octal:0.77").save(np.zeros(10, dtype=np.uint8))
    code = main(["sequence", "--no-cache", "--checkpoint", str(tmp_path), "octal:0.07",
                 "--to", "20"])
    error = capsys.readouterr().err
    assert code == 2
    assert error.count("\n") == 1 and "is of octal:0.77, not octal:0.07" in error


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage"])
def test_a_damaged_checkpoint_is_refused(tmp_path: Path, damage: str) -> None:
    checkpoint = Checkpoint(tmp_path, "octal:0.77")
    checkpoint.save(np.arange(200, dtype=np.uint8))
    data = bytearray(checkpoint.path.read_bytes())
    if damage == "flip":
        data[-5] ^= 1
    elif damage == "truncate":
        data = data[:-7]
    else:
        data = bytearray(b"not a checkpoint at all\n")
    checkpoint.path.write_bytes(bytes(data))
    with pytest.raises(BadCheckpoint, match="remove it to start again") as caught:
        checkpoint.load()
    assert "\n" not in str(caught.value)


def test_saving_leaves_no_temporary_file(tmp_path: Path) -> None:
    checkpoint = Checkpoint(tmp_path, "kayles", every=0.0)
    for length in (10, 20, 30):
        checkpoint.offer(np.zeros(length, dtype=np.uint8))
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]
    assert len(checkpoint.load()) == 30
