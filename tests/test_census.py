"""grundy census: shapes, the same-game rule, rows against the plain mex method, resuming,
the Dask path, and the command line."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from grundy.census import runner
from grundy.census.equivalence import reduced_options, same_game, same_game_groups
from grundy.census.results import BadRow, CensusRow, census_row, checked_row, row_checkpoint
from grundy.census.runner import (
    HEADER,
    CensusState,
    NotCensusState,
    plan_census,
    row_seal,
    run_census,
)
from grundy.census.shapes import codes_of_shapes, shape_codes
from grundy.census.table import census_table
from grundy.cli import main
from grundy.errors import InvalidArgument
from grundy.heap import kernels
from grundy.heap.checkpoint import Checkpoint
from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import fewest_rare, take_break_values

from naive import naive_values

pytestmark = pytest.mark.slow

GRUNDY = [sys.executable, "-m", "grundy"]


class TestShapes:
    def test_counts(self) -> None:
        assert len(shape_codes("0.??")) == 63
        assert len(shape_codes("0.???")) == 511
        assert len(shape_codes("4.??")) == 64
        assert len(codes_of_shapes(["0.??", "0.???"])) == 511

    def test_each_code_once_trailing_zeros_dropped(self) -> None:
        texts = [code.text for code in shape_codes("0.??")]
        assert len(set(texts)) == len(texts)
        assert "0.7" in texts and "0.70" not in texts and "0.0" not in texts

    def test_winning_ways_form(self) -> None:
        assert shape_codes(".?7") == shape_codes("0.?7")

    @pytest.mark.parametrize("shape", ["", "0??", "1.??", "0.8?", "0.", "0.x", "4.?a",
                                       "0." + "?" * 13, "c.??"])
    def test_bad_shapes_one_line_exit_2(self, shape: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["census", shape, "--to", "10"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("grundy: ") and err.count("\n") == 1

    def test_too_many_codes_refused_exit_3(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["census", "0.?????", "--to", "10"]) == 3
        assert "32768 codes" in capsys.readouterr().err


class TestSameGame:
    """The dead-heap rule against brute force."""

    CODES = codes_of_shapes(["?.???"])

    def test_merged_codes_have_equal_values(self) -> None:
        groups = same_game_groups(self.CODES)
        assert sum(len(group) > 1 for group in groups) > 50
        for group in groups:
            first = naive_values(group[0].digits, 1500).tolist()
            for other in group[1:]:
                assert naive_values(other.digits, 1500).tolist() == first, \
                    (group[0].text, other.text)

    def test_the_finite_check_is_long_enough(self) -> None:
        # Comparing reduced options to 3t + 4 groups the codes as comparing them much further.
        def groups(bound: int) -> list[list[str]]:
            found: dict[object, list[str]] = {}
            for code in self.CODES:
                found.setdefault(reduced_options(code, bound), []).append(code.text)
            return sorted(found.values())

        assert groups(13) == groups(40)

    def test_equal_values_alone_do_not_merge(self) -> None:
        # 0.3 and 0.7 both have values n mod 2, but 0.7 may split a heap: other games.
        three, seven = TakeBreakCode.parse("0.3"), TakeBreakCode.parse("0.7")
        assert naive_values(three.digits, 500).tolist() == naive_values(seven.digits,
                                                                       500).tolist()
        assert not same_game(three, seven)

    def test_examples_of_the_rule(self) -> None:
        def same(a: str, b: str) -> bool:
            return same_game(TakeBreakCode.parse(a), TakeBreakCode.parse(b))

        assert same("0.07", "0.073")      # heaps 1-3 of 0.07 are dead
        assert same("0.6", "0.63")        # heap 1 of Officers is dead
        assert not same("0.77", "0.771")  # heap 1 of Kayles is not: taking 1 from 2 leaves it
        assert same("0.2", "0.21")        # leaving a dead 1 is removing a heap of 2
        assert not same("0.2", "0.3")     # 0.3 may remove a heap of 1: it is not dead


def _brute_row(digits: tuple[int, ...], to: int) -> tuple[int, int, int, int]:
    """(largest, first at, mask, rare heaps) from the plain mex values, masks tried one by one."""
    values = naive_values(digits, to).astype(np.int64)
    best = None
    for mask in range(1, 2 * int(values.max()) + 2):
        rare = sum(bin(int(v) & mask).count("1") % 2 == 0 for v in values[1:])
        if best is None or rare < best[1]:
            best = (mask, rare)
    assert best is not None
    return int(values.max()), int(np.argmax(values)), best[0], best[1]


def _periodic_from(values: np.ndarray, preperiod: int, period: int) -> bool:
    return bool(np.array_equal(values[preperiod + period:], values[preperiod:-period]))


class TestRows:
    @pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.45", "0.6", "0.4", "0.144",
                                      "4.07", "0.532", "0.004"])
    def test_row_against_plain_mex(self, code: str) -> None:
        to = 3000
        row = census_row(code, to)
        digits = TakeBreakCode.parse(code).digits
        assert (row.largest, row.largest_at, row.mask, row.rare) == _brute_row(digits, to)
        values = naive_values(digits, 2 * to).astype(np.int64)
        if row.solved:
            assert row.preperiod is not None and row.period is not None
            assert _periodic_from(values, row.preperiod, row.period)
            # Least: neither a period from one heap earlier nor a shorter one holds.
            assert row.preperiod == 0 or not _periodic_from(values, row.preperiod - 1,
                                                             row.period)
            assert not any(_periodic_from(values, row.preperiod, p)
                           for p in range(1, row.period))
        else:
            assert row.preperiod is None and row.period is None and row.heaps == to

    def test_a_proved_period_counts_the_heaps_it_did_not_compute(self) -> None:
        # 0.45 is proved long before heap 40000; its counts equal those of all the values.
        to = 40000
        row = census_row("0.45", to)
        assert row.solved and row.heaps == to
        values = naive_values((0, 4, 5), to).astype(np.int64)
        assert (row.mask, row.rare) == fewest_rare(np.bincount(values[1:]))
        assert (row.largest, row.largest_at) == (int(values.max()), int(np.argmax(values)))

    def test_rare_mask_against_brute_force(self) -> None:
        generator = random.Random(11)
        for _ in range(200):
            values = [0] + [generator.randrange(generator.choice([2, 5, 17, 40]))
                            for _ in range(generator.randrange(1, 60))]
            counts = np.bincount(values[1:])
            expected = min((sum(bin(v & m).count("1") % 2 == 0 for v in values[1:]), m)
                           for m in range(1, 2 * max(values) + 2))
            assert fewest_rare(counts) == (expected[1], expected[0])

    def test_time_limit_keeps_what_was_computed(self) -> None:
        row = census_row("0.6", 10**7, seconds=1)
        assert not row.solved and 0 < row.heaps < 10**7
        assert row.largest == int(naive_values((0, 6), row.heaps).max())


class TestRowCheckpoints:
    """A row resumed from the values an interrupted run kept is the uninterrupted row."""

    @pytest.mark.parametrize("code", ["0.77", "0.6", "0.45", "0.165", "0.16", "0.137", "0.004"])
    def test_resumed_from_any_length(self, code: str, tmp_path: Path) -> None:
        to = 20000
        whole = census_row(code, to)
        values = take_break_values(TakeBreakCode.parse(code), to)
        kept = row_checkpoint(tmp_path, code, to)
        cuts = {0, 1, 100, 4095, 4096, 4097, 9000, 16383, 16384, 16385, 19999, 20000}
        cuts |= set(random.Random(code).sample(range(to + 1), 8))
        for cut in sorted(cuts):
            kept.save(values[:cut + 1])
            assert census_row(code, to, keep_in=tmp_path) == whole, cut

    def test_killed_after_a_checkpoint_goes_on_from_it(self, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
        # Every chunk checkpointed, and the run killed after the fourth save.
        saves: list[int] = []
        original = Checkpoint.save

        def save_then_die(self: Checkpoint, values: np.ndarray) -> None:
            original(self, values)
            saves.append(len(values))
            if len(saves) == 4:
                raise SystemExit("killed")

        monkeypatch.setattr(Checkpoint, "offer", save_then_die)
        with pytest.raises(SystemExit):
            census_row("0.6", 60000, keep_in=tmp_path)
        monkeypatch.undo()
        kept = row_checkpoint(tmp_path, "0.6", 60000).load()
        assert kept is not None and len(kept) == saves[-1]
        # The resumed run starts from the values kept, not from nothing.
        prefixes: list[int] = []
        compute = kernels.take_break_values

        def told_prefix(*args: Any, prefix: np.ndarray, **kwargs: Any) -> np.ndarray:
            prefixes.append(len(prefix))
            return compute(*args, prefix=prefix, **kwargs)

        monkeypatch.setattr(kernels, "take_break_values", told_prefix)
        assert census_row("0.6", 60000, keep_in=tmp_path) == census_row("0.6", 60000)
        assert prefixes[0] == len(kept)

    def test_saved_row_drops_its_checkpoint(self, tmp_path: Path) -> None:
        state = tmp_path / "state.jsonl"
        saved = CensusState(str(state), 3000, None)
        assert saved.progress == tmp_path / "state.jsonl.progress"
        assert CensusState(str(state), 3000, 5.0).progress is None
        row_checkpoint(saved.progress, "0.6", 3000).save(
            take_break_values(TakeBreakCode.parse("0.6"), 900))
        assert run_census(["0.6"], 3000, state=str(state)).entries[0].row == \
            census_row("0.6", 3000)
        assert not saved.progress.exists()

    def test_not_with_a_time_limit(self, tmp_path: Path) -> None:
        with pytest.raises(InvalidArgument, match="time limit"):
            census_row("0.6", 100, seconds=1, keep_in=tmp_path)


def _default_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class TestRunning:
    def test_processes_give_the_rows_of_one_process(self) -> None:
        one = run_census(["0.1?"], 2000, workers=1)
        two = run_census(["0.1?"], 2000, workers=2)
        assert one == two
        assert [entry.row.code for entry in one.entries] == [code for code, _ in
                                                             plan_census(["0.1?"]).groups]

    def test_rows_are_reused_from_the_state(self, tmp_path: Path) -> None:
        state = tmp_path / "state.jsonl"
        first = run_census(["0.5?"], 500, state=str(state))
        saved = state.read_text(encoding="utf-8").splitlines()
        assert saved[0] == HEADER and len(saved) == 1 + len(first.entries)
        # A line cut short by a kill is skipped; a row of another limit is not reused.
        state.write_text("\n".join(saved[:-1]) + "\n" + saved[-1][:20], encoding="utf-8")
        calls: list[tuple[int, int]] = []
        again = run_census(["0.5?"], 500, state=str(state),
                           done=lambda done, total: calls.append((done, total)))
        assert again == first
        assert calls[0] == (len(first.entries) - 1, len(first.entries))
        assert CensusState(str(state), 501, None).finished() == {}

    def test_interrupted_census_resumed_gives_the_same_table(self, tmp_path: Path) -> None:
        whole = tmp_path / "whole.json"
        subprocess.run([*GRUNDY, "census", "0.7?", "0.1?", "--to", "30000", "-o", str(whole)],
                       check=True, capture_output=True, timeout=300)
        state = tmp_path / "state.jsonl"
        command = [*GRUNDY, "census", "0.7?", "0.1?", "--to", "30000", "--workers", "2",
                   "--state", str(state), "--format", "json"]
        # Ctrl-C as a terminal sends it, even when this suite runs with SIGINT ignored.
        running = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, preexec_fn=_default_interrupts)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (
                not state.exists() or len(state.read_text(encoding="utf-8").splitlines()) < 3):
            time.sleep(0.05)
        running.send_signal(signal.SIGINT)
        _, err = running.communicate(timeout=60)
        saved = len(state.read_text(encoding="utf-8").splitlines()) - 1  # the header
        assert running.returncode == 130, err
        assert "interrupted" in err and f"{state} (codes under way in {state}.progress)" in err
        resumed = subprocess.run(command, check=True, capture_output=True, text=True,
                                 timeout=300)
        table = json.loads(resumed.stdout)
        assert table == json.loads(whole.read_text(encoding="utf-8"))
        # Every game computed once in all: the resumed run added only the missing rows.
        assert len(state.read_text(encoding="utf-8").splitlines()) == 1 + len(table["rows"])
        assert 2 <= saved < len(table["rows"])

    def test_on_a_dask_cluster_row_for_row(self, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
        distributed = pytest.importorskip("distributed")
        with distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1,
                                      host="127.0.0.1", dashboard_address=None) as cluster:
            address = cluster.scheduler_address
            on_cluster = run_census(["0.3?", "0.04?"], 5000, scheduler=address)
            assert on_cluster == run_census(["0.3?", "0.04?"], 5000, workers=2)
            output = tmp_path / "census.csv"
            assert main(["census", "0.3?", "--to", "5000", "--scheduler", address,
                         "-o", str(output)]) == 0
        assert output.read_text(encoding="utf-8") == census_table(
            run_census(["0.3?"], 5000), "csv") + "\n"
        assert not Path(str(output) + ".state").exists()

    def test_unreachable_scheduler_one_line_exit_2(self, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
        pytest.importorskip("distributed")
        monkeypatch.setattr(runner, "CONNECT_SECONDS", 1)
        assert main(["census", "0.7", "--to", "10", "--scheduler", "tcp://127.0.0.1:9"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("grundy: cannot reach the Dask scheduler") and err.count("\n") == 1


class TestCommandLine:
    def test_formats(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["census", "0.7?", "--to", "400", "--workers", "1", "--format", "json"]) == 0
        table = json.loads(capsys.readouterr().out)
        assert table["shapes"] == ["0.7?"] and table["to"] == 400 and table["codes"] == 8
        kayles = next(row for row in table["rows"] if row["code"] == "0.77")
        assert kayles == {"code": "0.77", "same_game": [], "heaps": 400, "solved": True,
                          "preperiod": 71, "period": 12,
                          "by": "Guy-Smith octal periodicity theorem", "largest": 8,
                          "largest_at": 27, "rare": kayles["rare"], "mask": kayles["mask"]}
        assert CensusRow.from_json({k: v for k, v in kayles.items() if k != "same_game"}) \
            == census_row("0.77", 400)
        assert main(["census", "0.7?", "--to", "400", "--workers", "1"]) == 0
        markdown = capsys.readouterr().out
        assert "| 0.77 |  | 400 | 71 | 12 | 8 | 27 |" in markdown
        assert main(["census", "0.7?", "--to", "400", "--workers", "1",
                     "-o", str(tmp_path / "t.csv")]) == 0
        lines = (tmp_path / "t.csv").read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("code,same_game,heaps,solved") and len(lines) == 1 + len(
            table["rows"])

    def test_light_until_it_computes(self) -> None:
        check = ("from grundy.cli import main; import sys\n"
                 "main(['census', '0.8?'])\n"
                 "print(sorted({'numba', 'numpy', 'distributed'} & set(sys.modules)))")
        done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                              timeout=60, env={**os.environ}, check=True)
        assert done.stdout.splitlines()[-1] == "[]"


class TestRowsReadBack:
    """Rows read back from a state file: true ones reused, any single forged field refused."""

    CODES = ("0.7", "0.77", "0.07", "0.6", "0.16", "0.644", "4.7", "0.354")

    @pytest.mark.parametrize("code", CODES)
    def test_true_rows_pass(self, code: str) -> None:
        row = census_row(code, 5000)
        assert checked_row(row.to_json(), 5000, None) in (row, None)

    def test_any_single_forged_field_is_refused(self) -> None:
        rng = random.Random(3)
        for code in self.CODES:
            right = census_row(code, 5000).to_json()
            for name in ("heaps", "preperiod", "period", "largest", "largest_at", "rare",
                         "mask", "solved", "by", "code"):
                forged = dict(right)
                if name == "solved":
                    forged[name] = not right[name]
                elif name == "by":
                    forged[name] = None if right[name] else "Guy-Smith octal periodicity theorem"
                elif name == "code":
                    forged[name] = "0.75"
                elif right[name] is None:
                    forged[name] = rng.randint(1, 50)
                else:
                    forged[name] = right[name] + rng.choice([-1, 1, rng.randint(2, 99)])
                if forged[name] == right[name]:
                    continue
                try:
                    kept = checked_row(forged, 5000, None)
                except BadRow:
                    continue
                # Only a row without a proved period may keep a forged count: nothing of it
                # is printed as proved, and its first stage was checked.
                assert kept is None or not kept.solved, (code, name, forged)
                assert not right["solved"] and name in ("largest", "largest_at", "rare",
                                                        "mask"), (code, name)

    def test_a_forged_period_is_never_printed_as_proved(self, tmp_path: Path) -> None:
        state = tmp_path / "state"
        row = census_row("0.6", 3000).to_json()   # unsolved at this limit
        forged = {**row, "solved": True, "preperiod": 10, "period": 7,
                  "by": "Guy-Smith octal periodicity theorem"}
        line = {"to": 3000, "seconds": None, "row": forged}
        # Sealed with the user's key: the row's own check is what is tested here.
        state.write_text(f"{HEADER}\n" + json.dumps({**line, "seal": row_seal(line).hexdigest()})
                         + "\n")
        with pytest.raises(NotCensusState, match=r"line 2: the row of 0\.6 is not what the "
                                                 r"census computes: no proved period"):
            run_census(["0.6"], 3000, state=str(state))
