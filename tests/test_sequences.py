"""Nim-sequences through the library and the command line: periods, huge heaps, the cache."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grundy import DAWSON, KAYLES, GrundyGame, Subtraction, TakeAndBreak
from grundy.cli import main
from grundy.heap.cache import SequenceCache

from naive import naive_take_break_values


def grundy(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grundy", *args], capture_output=True,
                          text=True, env={**os.environ, **(env or {})}, timeout=300)


@pytest.mark.parametrize(("game", "preperiod", "period"), [
    (KAYLES, 71, 12), (DAWSON, 53, 34), (TakeAndBreak("0.137"), 52, 34),
    (Subtraction({3, 5, 8}), 0, 11), (Subtraction({1, 2}), 0, 3),
])
def test_proved_periods(game, preperiod: int, period: int) -> None:  # type: ignore[no-untyped-def]
    found = game.proved_period()
    assert (found.preperiod, found.period, found.certified) == (preperiod, period, True)


def test_huge_heaps_follow_the_proved_period() -> None:
    values = naive_take_break_values([0, 7, 7], 400).tolist()
    for n in (10**18, 10**100, 10**18 + 1, 10**100 + 7):
        assert KAYLES.heap_value_by(n) == (values[71 + (n - 71) % 12], "period")


def test_value_command_for_huge_heaps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--json", "dawson", str(10**100)]) == 0
    data = json.loads(capsys.readouterr().out)
    naive = naive_take_break_values([0, 0, 7], 300).tolist()
    assert data == {"game": "dawson", "heap": 10**100, "by": "period",
                    "nim_value": naive[53 + (10**100 - 53) % 34]}


def test_grundys_game_is_never_given_a_period(capsys: pytest.CaptureFixture[str]) -> None:
    assert GrundyGame().proved_period() is None
    assert main(["value", "grundy-game", str(10**18)]) == 3
    assert "no formula or proved period" in capsys.readouterr().err
    assert main(["sequence", "--json", "--period", "--no-values", "grundy-game",
                 "--to", "3000"]) == 0
    assert json.loads(capsys.readouterr().out)["period"] is None


def test_sequence_period_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sequence", "--json", "--period", "--no-values", "kayles", "--to", "300"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "kayles", "convention": "normal",
        "period": {"preperiod": 71, "period": 12, "certified": True,
                   "by": "Guy-Smith octal periodicity theorem", "saltus": 0}}


def test_too_few_values_prove_nothing_but_may_show_a_period(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sequence", "--json", "--period", "--no-values", "kayles", "--to", "150"]) == 0
    period = json.loads(capsys.readouterr().out)["period"]
    assert period is None or period["certified"] is False


def test_sequences_persist_between_processes(tmp_path: Path) -> None:
    env = {"GRUNDY_CACHE_DIR": str(tmp_path)}
    first = grundy("sequence", "--json", "octal:0.35", "--to", "20000", env=env)
    assert first.returncode == 0
    stored = SequenceCache(tmp_path).load("octal:0.35")
    values = json.loads(first.stdout)["values"]
    # A proved period keeps only the values that prove it; the rest are copies of them.
    assert stored is not None and stored.tolist() == values[:len(stored)]
    assert len(stored) == 20001 or any(tmp_path.glob("*.period.json"))
    again = grundy("sequence", "--json", "octal:0.35", "--to", "20000", env=env)
    assert again.stdout == first.stdout


def test_no_cache_writes_nothing(tmp_path: Path) -> None:
    done = grundy("sequence", "--no-cache", "--no-values", "octal:0.35", "--to", "20000",
                  env={"GRUNDY_CACHE_DIR": str(tmp_path)})
    assert done.returncode == 0 and not any(tmp_path.glob("*.seq"))


def test_a_corrupt_cache_file_is_recomputed(tmp_path: Path) -> None:
    env = {"GRUNDY_CACHE_DIR": str(tmp_path)}
    good = grundy("sequence", "--json", "octal:0.35", "--to", "10000", env=env).stdout
    for path in tmp_path.glob("*.seq"):
        data = bytearray(path.read_bytes())
        data[-100:] = b"\xff" * 100
        path.write_bytes(bytes(data))
    assert grundy("sequence", "--json", "octal:0.35", "--to", "10000", env=env).stdout == good


@pytest.mark.slow
def test_ctrl_c_stops_cleanly_and_keeps_the_values(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "grundy", "sequence", "--no-values", "grundy-game", "--to",
         "10000000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path)},
        # A suite started in the background has SIGINT ignored; the child must not be.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(5)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "Traceback" not in err
    kept = SequenceCache(tmp_path).load("grundy-game")
    if "are kept" in err:  # the JIT may still have been compiling when the signal came
        assert kept is not None and kept[:13].tolist() == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]


def test_values_kept_from_earlier_work_count_for_a_proof(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from grundy.heap import engine

    monkeypatch.setattr(engine, "_sequences", {})
    monkeypatch.setattr(engine, "_periods", {})
    monkeypatch.setitem(engine._disk, "cache", None)
    game = TakeAndBreak("0.16")  # Guy-Smith needs about 510 000 values here
    assert game.proved_period(limit=1000) is None
    game.values(600_000)
    found = game.proved_period(limit=1000)  # a small limit, but the kept values all count
    assert found is not None and (found.preperiod, found.period) == (105351, 149459)


def test_a_small_memory_budget_refuses_a_long_sequence_up_front() -> None:
    from grundy.budget import Budget, work_limit
    from grundy.errors import TooBig

    game = TakeAndBreak("0.356")
    with work_limit(Budget(10**7, memory=10_000)), pytest.raises(TooBig) as refused:
        game.values(1_000_000)
    assert "bytes" in str(refused.value) and "limit is 10000" in str(refused.value)
    assert refused.value.unit == "bytes" and refused.value.size >= 1_000_001
    with work_limit(Budget(10**7, memory=10_000)):
        small = game.values(100).tolist()
    assert small == naive_take_break_values([0, 3, 5, 6], 100).tolist()
