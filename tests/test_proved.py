"""Proved periods kept on disk: read back only when they check out, used without a compiled
kernel, and giving the same answers as the periods found again."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from grundy.caches import clear_caches
from grundy.heap import engine
from grundy.heap.certificate import GUY_SMITH, K_HEAP, Period
from grundy.heap.engine import known_period, use_disk_cache
from grundy.heap.kernels import take_break_values
from grundy.heap.period import certify_take_break
from grundy.heap.proved import RECHECKED, load_period, period_path, store_period
from grundy.heap.takebreak import DAWSON, KAYLES, TakeAndBreak


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh cache directory in use, with nothing remembered in memory."""
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    use_disk_cache(True)
    clear_caches()
    yield tmp_path
    clear_caches()
    monkeypatch.undo()
    use_disk_cache(True)


def kept(folder: Path, key: str) -> dict[str, object]:
    loaded: dict[str, object] = json.loads(period_path(folder, key).read_text())
    return loaded


def rewrite(folder: Path, game_key: str, **changes: object) -> None:
    record = kept(folder, game_key)
    record.update(changes)
    period_path(folder, game_key).write_text(json.dumps(record))


def empty() -> np.ndarray:
    return np.zeros(0, dtype=np.uint8)


class TestKeptAndReadBack:
    def test_a_proved_period_is_kept_and_read_back(self, folder: Path) -> None:
        proved = DAWSON.proved_period()
        assert proved is not None
        loaded = load_period(DAWSON, folder, empty())
        assert loaded is not None and loaded[0] == proved
        assert loaded[1].tolist() == take_break_values([0, 0, 7], len(loaded[1]) - 1).tolist()

    @pytest.mark.slow
    def test_random_codes_answer_the_same_from_the_file(self, folder: Path) -> None:
        rng = random.Random(3)
        for _ in range(25):
            code = "0." + "".join(str(rng.randint(0, 7)) for _ in range(rng.randint(1, 3)))
            if code.endswith("0"):
                continue
            game = TakeAndBreak(code)
            proved = game.proved_period(20_000)
            heaps = [rng.randint(0, 10**30) for _ in range(5)]
            if proved is None:
                continue
            expected = [game.heap_value(n) for n in heaps]
            clear_caches()  # a new process: only the disk remains
            assert known_period(game) == proved
            assert [game.heap_value(n) for n in heaps] == expected

    def test_a_second_process_needs_no_compiled_kernel(self, folder: Path) -> None:
        env = {**os.environ, "GRUNDY_CACHE_DIR": str(folder)}
        command = [sys.executable, "-m", "grundy", "value", "--json", "octal:0.137",
                   "1000000000000"]
        first = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
        check = ("import sys\nfrom grundy.cli import main\n"
                 "main(['analyze', '--json', 'octal:0.137', '1000'])\n"
                 "main(['value', '--json', 'octal:0.137', '1000000000000'])\n"
                 "print('numba' in sys.modules)")
        second = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                                env=env, timeout=120)
        assert first.returncode == 0 and second.returncode == 0, second.stderr
        lines = second.stdout.splitlines()
        assert lines[1] == first.stdout.strip() and lines[-1] == "False"
        assert json.loads(lines[1])["by"] == "period"
        assert json.loads(lines[0])["nim_value"] == int(take_break_values([0, 1, 3, 7], 1000)[-1])


class TestDamagedOrForgedFilesAreIgnored:
    @pytest.fixture
    def kayles_kept(self, folder: Path) -> Path:
        assert KAYLES.proved_period() is not None
        assert period_path(folder, "octal:0.77").exists()
        return folder

    @pytest.mark.parametrize("changes", [
        {"period": 24},                        # true, but its proof needs more values
        {"period": 11},                        # not a period of the values
        {"preperiod": 5},                      # the values do not repeat from there
        {"by": "my own theorem"},
        {"key": "octal:0.07"},
        {"saltus": -1},
        {"values": "nonsense"},
        {"values": [0, 1, 2]},                 # fewer than the theorem needs
        {"preperiod": "71"},
    ])
    def test_a_changed_record(self, kayles_kept: Path, changes: dict[str, object]) -> None:
        rewrite(kayles_kept, "octal:0.77", **changes)
        assert load_period(KAYLES, kayles_kept, empty()) is None

    def test_values_changed_where_they_are_recomputed(self, kayles_kept: Path) -> None:
        record = kept(kayles_kept, "octal:0.77")
        values = list(record["values"])  # type: ignore[call-overload]
        values[RECHECKED // 2] ^= 1
        rewrite(kayles_kept, "octal:0.77", values=values)
        assert load_period(KAYLES, kayles_kept, empty()) is None

    def test_a_forged_consistent_sequence_is_caught_by_the_mex_rule(self, folder: Path) -> None:
        # Period 1 from heap 1, every value 1: the hypothesis holds on these values, but they
        # are not Kayles's.
        store_period(folder, "octal:0.77", Period(1, 1, True, GUY_SMITH), np.ones(200, np.uint8),
                     KAYLES.values_needed(Period(1, 1)))
        assert load_period(KAYLES, folder, empty()) is None

    def test_values_that_disagree_with_the_sequence_cache(self, kayles_kept: Path) -> None:
        known = KAYLES.values(300).copy()
        known[150] ^= 1
        assert load_period(KAYLES, kayles_kept, known) is None

    def test_garbage_is_no_period(self, kayles_kept: Path) -> None:
        period_path(kayles_kept, "octal:0.77").write_text("{not json")
        assert load_period(KAYLES, kayles_kept, empty()) is None
        clear_caches()
        assert KAYLES.proved_period() == Period(71, 12, True, GUY_SMITH)  # found again

    def test_long_proofs_read_the_sequence_cache(self, folder: Path) -> None:
        code = TakeAndBreak("4.07")
        values = take_break_values([4, 0, 7], 5000)
        proved = certify_take_break([4, 0, 7], values)
        assert proved is not None and proved.by == K_HEAP
        needed = code.values_needed(proved)
        monkey = pytest.MonkeyPatch()
        monkey.setattr("grundy.heap.proved.STORED_VALUES", 1)
        try:
            store_period(folder, code.cache_key, proved, values, needed)
        finally:
            monkey.undo()
        assert kept(folder, code.cache_key)["values"] is None
        assert load_period(code, folder, values[: needed - 1]) is None
        loaded = load_period(code, folder, values)
        assert loaded is not None and loaded[0] == proved


def test_no_cache_keeps_nothing(folder: Path) -> None:
    use_disk_cache(False)
    assert DAWSON.proved_period() is not None
    assert not list(folder.iterdir())
    assert engine.disk_cache() is None


class TestValueSearch:
    """``value`` computes as many heaps as its search allows to prove a period."""

    def test_a_short_search_refuses_and_says_how_far_it_looked(self, folder: Path) -> None:
        from grundy.errors import TooBig

        with pytest.raises(TooBig, match=r"no period proved from the values of heaps 0\.\.999"):
            TakeAndBreak("0.16").heap_value_by(10**30, search=1000)

    def test_a_longer_search_proves_the_period_of_0_16(self, folder: Path) -> None:
        # 0.16: preperiod 105351, period 149459; the proof needs 509 622 values.
        values = take_break_values([0, 1, 6], 600_000)
        heap = 10**30 + 12345
        expected = int(values[105351 + (heap - 105351) % 149459])
        seen: list[int] = []
        assert TakeAndBreak("0.16").heap_value_by(heap, 1 << 20, seen.append) == \
            (expected, "period")
        assert seen and max(seen) >= 509_622

    def test_the_command_line_option(self, folder: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
        from grundy.cli import main

        assert main(["value", "--search", "1000", "octal:0.16", str(10**30)]) == 3
        assert "heaps 0..999" in capsys.readouterr().err
