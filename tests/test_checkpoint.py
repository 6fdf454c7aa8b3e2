"""Checkpoints of long sequences: a run killed with SIGKILL and run again ends with exactly
the values of an uninterrupted run; checkpoints of other games or damaged ones are refused."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from functools import reduce
from operator import xor
from pathlib import Path

import numpy as np
import pytest

from grundy.cli import main
from grundy.heap import recheck as recheck_module
from grundy.heap.base import HeapGame
from grundy.heap.checkpoint import FILE_NAME, BadCheckpoint, Checkpoint
from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import grundy_game_values, take_break_values
from grundy.heap.recheck import FULL_CHECK, code_option_values, recheck
from grundy.heap.subtraction import Half, Subtraction
from grundy.heap.takebreak import Daisy, GrundyGame, Split23, TakeAndBreak

pytestmark = pytest.mark.slow

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


def _random_code(rng: random.Random) -> TakeBreakCode:
    """Digits 0-7 (and 4 before the point), sometimes a split kept unequal."""
    digits = [rng.choice([0, 4])] + [rng.randrange(8) for _ in range(rng.randint(1, 4))]
    if not any(digits[1:]):
        digits.append(3)
    splits = [k for k, d in enumerate(digits) if d & 4]
    unequal = tuple(k for k in splits if rng.random() < 0.2)
    return TakeBreakCode(tuple(digits), unequal)


class TestRecheck:
    def test_option_values_against_the_options_function(self) -> None:
        rng = random.Random(7)
        for _ in range(60):
            code = _random_code(rng)
            game = TakeAndBreak(code.text)
            values = take_break_values(code, 300)
            for heap in rng.sample(range(300), 20):
                expected = sorted(reduce(xor, (int(values[p]) for p in parts), 0)
                                  for parts in game.heap_options(heap))
                assert sorted(code_option_values(code, values, heap).tolist()) == expected

    @pytest.mark.parametrize("game", [TakeAndBreak("0.77"), TakeAndBreak("4.07"),
                                      TakeAndBreak("0.8", hexadecimal=True), GrundyGame(), Daisy(),
                                      Split23(), Subtraction({2, 5, 7}), Half()],
                             ids=lambda game: game.text)
    def test_true_values_pass_and_every_single_forged_value_is_caught_when_drawn(
            self, game: HeapGame, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(recheck_module, "FULL_CHECK", 50)
        monkeypatch.setattr(recheck_module, "SAMPLES", 10_000)  # every heap is drawn,
        monkeypatch.setattr(recheck_module, "PYTHON_OPTION_BUDGET", 10**8)  # and checked
        n = 400 if game.heap_option_count(400) < 10_000 else 150  # three heaps: n²/12 options
        values = game.compute_values(n, np.zeros(0, np.uint8)).copy()
        assert recheck(game, values) is None
        rng = random.Random(game.text)
        for heap in rng.sample(range(1, n + 1), 25):
            forged = values.copy()
            forged[heap] = (int(values[heap]) + rng.randint(1, 3)) % 8
            if forged[heap] == values[heap]:
                continue
            wrong = recheck(game, forged)
            assert wrong is not None and wrong.startswith(f"heap {heap} has value"), heap

    def test_the_first_values_are_all_checked_and_the_last_always(self) -> None:
        values = take_break_values(TakeBreakCode.parse("0.77"), 5000).copy()
        for heap in (1, FULL_CHECK - 1, 5000):
            forged = values.copy()
            forged[heap] ^= 1
            assert recheck(TakeAndBreak("0.77"), forged) is not None, heap

    def test_a_huge_value_is_refused_without_a_huge_table(self) -> None:
        values = take_break_values(TakeBreakCode.parse("0.77"), 5000).astype(np.uint64)
        values[-1] = 2**63
        assert "heap 5000 has value 9223372036854775808" in recheck(TakeAndBreak("0.77"),
                                                                   values)

    def test_a_checkpoint_with_a_game_refuses_forged_values(self, tmp_path: Path) -> None:
        values = take_break_values(TakeBreakCode.parse("0.77"), 100).copy()
        Checkpoint(tmp_path, "octal:0.77").save(values)
        assert len(Checkpoint(tmp_path, "octal:0.77", game=TakeAndBreak("0.77")).load()) == 101
        values[5] = 9
        Checkpoint(tmp_path, "octal:0.77").save(values)
        with pytest.raises(BadCheckpoint, match="heap 5 has value 9, but the rules give 4"):
            Checkpoint(tmp_path, "octal:0.77", game=TakeAndBreak("0.77")).load()

    def test_a_checkpoint_bigger_than_the_memory_budget_is_refused_unread(
            self, tmp_path: Path) -> None:
        from grundy.budget import Budget, work_limit

        Checkpoint(tmp_path, "kayles").save(np.zeros(5000, np.uint8))
        with work_limit(Budget(10**9, memory=4000)), pytest.raises(
                BadCheckpoint, match="more than the memory budget of 4000 bytes"):
            Checkpoint(tmp_path, "kayles").load()
