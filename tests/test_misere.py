"""Misère quotients and genus, checked against an independent exhaustive misère search."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from grundy.analysis import analyze
from grundy.budget import positions_limit
from grundy.cli import main
from grundy.heap.subtraction import Nim, Subtraction
from grundy.heap.takebreak import DAWSON, KAYLES, TakeAndBreak
from grundy.misere.genus import genus
from grundy.misere.monoid import BipartiteMonoid
from grundy.misere.presentation import presentation
from grundy.misere.quotient import build_quotient, faithful
from grundy.misere.store import known_quotient
from grundy.values import Outcome

from brute import position_moves, row_moves_octal, wins_of

pytestmark = pytest.mark.slow


def positions(most_heaps: int, total: int, largest: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of at most ``most_heaps`` heaps of sizes 1..largest adding up to at
    most ``total``."""
    def grow(smallest: int, left: int, room: int) -> Iterator[tuple[int, ...]]:
        yield ()
        if room:
            for h in range(smallest, min(left, largest) + 1):
                for rest in grow(h, left - h, room - 1):
                    yield (h, *rest)
    return grow(1, total, most_heaps)


def disagreements(game: TakeAndBreak, heaps: int, most_heaps: int = 4, total: int = 30
                  ) -> tuple[int, list[tuple[int, ...]]]:
    """Positions where the quotient and the brute force disagree, and how many were tried."""
    quotient = build_quotient(game, heaps)
    wins = wins_of(position_moves(row_moves_octal(game.digits)), misere=True)
    largest = quotient.to if not quotient.stable else total
    bad, tried = [], 0
    for position in positions(most_heaps, total, largest):
        tried += 1
        if quotient.is_p(position) == wins(position):
            bad.append(position)
    return tried, bad


class TestQuotientAgainstSearch:
    def test_kayles(self) -> None:
        tried, bad = disagreements(KAYLES, 200)
        assert tried > 2000 and bad == []

    def test_kayles_quotient_is_stable(self) -> None:
        quotient = build_quotient(KAYLES, 200)
        assert quotient.stable and quotient.period is not None
        assert (quotient.period.preperiod, quotient.period.period) == (71, 12)

    def test_dawson(self) -> None:
        tried, bad = disagreements(DAWSON, 24)
        assert tried > 1000 and bad == []

    @seed(20261124)
    @settings(max_examples=20, deadline=None)
    @given(st.lists(st.integers(0, 7), min_size=1, max_size=3).filter(any))
    def test_random_octal_codes(self, digits: list[int]) -> None:
        game = TakeAndBreak("0." + "".join(map(str, digits)))
        tried, bad = disagreements(game, 18, most_heaps=4, total=30)
        assert tried > 0 and bad == []

    def test_analyze_uses_the_quotient_and_agrees_with_search(self) -> None:
        known_quotient(KAYLES, compute=True)
        for text in ["kayles 3 5 7", "kayles 2 4 6 8", "kayles 1 1 9"]:
            with positions_limit(10**6):
                by_search = analyze(text, misere=True)
            moves = {str(m.position) for m in by_search.winning_moves}
            assert by_search.method.startswith("the misère quotient")
            wins = wins_of(position_moves(row_moves_octal(KAYLES.digits)), misere=True)
            heaps = tuple(int(t) for t in text.split()[1:])
            assert (by_search.outcome is Outcome.N) == wins(heaps)
            for move in moves:
                left = tuple(sorted(int(t) for t in move.split()[1:] if t != "0"))
                assert not wins(left)

    def test_huge_heaps_in_well_under_a_second(self) -> None:
        found = analyze("kayles 1000000 999 7", misere=True)
        assert found.outcome is Outcome.N and found.winning_moves
        wins = wins_of(position_moves(row_moves_octal(KAYLES.digits)), misere=True)
        # Each winning move leaves a P-position; check the small analogue by search:
        # 1000000 and 999 pretend to be heaps of the same class as smaller heaps.
        quotient = build_quotient(KAYLES, 200)
        assert quotient.image(1000000) == quotient.image(71 + (1000000 - 71) % 12)
        assert quotient.is_p((3, 5, 6)) == (not wins((3, 5, 6)))


class TestFaithfulCheck:
    def test_misere_nim_of_ones(self) -> None:
        m = BipartiteMonoid(np.array([[0, 1], [1, 0]], dtype=np.int32), np.array([0, 1], bool))
        assert faithful(m, [(1, frozenset({0}))])
        assert not faithful(m, [(1, frozenset({1}))])


class TestPresentation:
    def test_relations_rebuild_the_table(self) -> None:
        quotient = build_quotient(KAYLES, 200)
        told = presentation(quotient.monoid, quotient.images)
        assert len(set(told.words)) == quotient.order
        assert told.words[0] == "1" and told.generators[:3] == ["a", "b", "c"]
        assert told.heaps[:3] == [1, 2, 5]


class TestGenus:
    def test_nim_heaps_are_tame(self) -> None:
        texts = [genus(Nim(), (n,) if n else ()).text for n in range(6)]
        assert texts == ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57"]

    def test_misere_value_matches_search(self) -> None:
        wins = wins_of(position_moves(row_moves_octal(KAYLES.digits)), misere=True)
        for position in positions(3, 10, 10):
            g = genus(KAYLES, position)
            # g0 = 0 exactly when the player to move loses (misère).
            assert (g.misere_value == 0) == (not wins(position)) or position == ()

    def test_subtraction_game(self) -> None:
        g = genus(Subtraction({1, 2}), (3,))
        assert g.normal == 0 and g.misere_value == 1


class TestCommandLine:
    def test_quotient_json(self, capsys: pytest.CaptureFixture[str]) -> None:
        import json

        assert main(["quotient", "--json", "kayles"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["stable"] and report["pretending"]["period"] == 12
        names = {g["name"] for g in report["generators"]}
        for word in report["pretending"]["values"] + report["p_portion"]:
            assert word == "1" or set(word.rstrip("⁰¹²³⁴⁵⁶⁷⁸⁹")) - set("⁰¹²³⁴⁵⁶⁷⁸⁹") <= names
        assert report["generators"][0] == {"name": "a", "heap": 1}

    def test_quotient_refuses_other_games(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["quotient", "half"]) == 2
        assert "take-and-break" in capsys.readouterr().err

    def test_genus_sequence(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["sequence", "--misere", "--genus", "nim", "--to", "3"]) == 0
        assert "3^31" in capsys.readouterr().out


class TestShippedQuotients:
    """The quotients shipped as package data: believed only after the builder's own check."""

    @staticmethod
    def shipped_data(game: TakeAndBreak) -> dict[str, object]:
        import json
        from importlib import resources

        from grundy.misere.certificates import file_name

        name = file_name(game)
        assert name is not None
        path = resources.files("grundy.misere").joinpath("quotients", name)
        data: dict[str, object] = json.loads(path.read_text())
        return data

    def test_regenerated_from_nothing_equals_the_shipped_file(self) -> None:
        from importlib import resources

        from grundy.misere.certificates import build_file, file_name

        game = TakeAndBreak("0.75")
        name = file_name(game)
        assert name is not None
        shipped = resources.files("grundy.misere").joinpath("quotients", name).read_text()
        assert build_file(game) == shipped

    def test_the_files_are_the_list_of_what_is_shipped(self) -> None:
        """The shipped games are read from the files' names of their games: every game and
        union docs/misere.md lists, and Dawson's Kayles up to heap 30."""
        from grundy.misere.certificates import shipped_files, shipped_games, shipped_unions

        codes = ["0.77", "0.75", "0.31", "0.34", "0.52", "0.53", "0.73", "0.123"]
        assert sorted(game.cache_key for game in shipped_games()) == sorted(
            f"octal:{code}" for code in codes)
        assert sorted(union.text for union in shipped_unions()) == sorted(
            f"kayles + octal:{code}" for code in codes if code not in ("0.77", "0.123"))
        assert [(s.game.text, s.heaps) for s in shipped_files() if s.heaps is not None] == [
            ("dawson", 30)]

    def test_every_shipped_quotient_loads_and_agrees_with_search(self) -> None:
        from grundy.misere.certificates import shipped_games, shipped_quotient

        for game in shipped_games():
            assert isinstance(game, TakeAndBreak)
            quotient = shipped_quotient(game)
            assert quotient is not None and quotient.stable, game.text
            wins = wins_of(position_moves(row_moves_octal(game.digits)), misere=True)
            tried = 0
            for position in positions(4, 26, 26):
                tried += 1
                assert quotient.is_p(position) != wins(position), (game.text, position)
            assert tried > 1500

    def test_dawson_is_shipped_up_to_heap_30_and_agrees_with_search(self) -> None:
        import random

        from grundy.misere.certificates import from_json, shipped_quotient

        quotient = shipped_quotient(DAWSON)
        assert quotient is not None and not quotient.stable and quotient.to == 30
        assert quotient.stopped is not None and "heap 30" in quotient.stopped
        # Heap 25 split the classes of the quotient of heaps up to 24 (order 24).
        assert build_quotient(DAWSON, 24).order == 24 < quotient.order
        wins = wins_of(position_moves(row_moves_octal(DAWSON.digits)), misere=True)
        tried = 0
        for position in positions(4, 30, 30):
            tried += 1
            assert quotient.is_p(position) != wins(position), position
        assert tried > 2500
        data = self.shipped_data(DAWSON)
        p_portion = data["p_portion"]
        assert isinstance(p_portion, list)
        for element in random.Random(30).sample(range(quotient.order), 12):
            flipped = sorted(set(p_portion) ^ {element})
            assert from_json(DAWSON, {**data, "p_portion": flipped}) is None, element
        for broken in [{**data, "stopped": None}, {**data, "period": 2},
                       {**data, "stopped": "x" * 1000}]:
            assert from_json(DAWSON, broken) is None

    def test_every_changed_entry_of_a_table_is_refused(self) -> None:
        from grundy.misere.certificates import from_json

        game = TakeAndBreak("0.75")
        data = self.shipped_data(game)
        assert from_json(game, data) is not None
        table = data["table"]
        assert isinstance(table, list)
        order = len(table)
        changed = 0
        for x in range(order):
            for y in range(x, order):
                for other in range(order):
                    if other == table[x][y]:
                        continue
                    rows = [list(row) for row in table]
                    rows[x][y] = rows[y][x] = other     # still commutative
                    assert from_json(game, {**data, "table": rows}) is None, (x, y, other)
                    one_sided = [list(row) for row in table]
                    one_sided[x][y] = other
                    assert from_json(game, {**data, "table": one_sided}) is None
                    changed += 1
        assert changed == order * (order + 1) // 2 * (order - 1)

    @pytest.mark.parametrize("code", ["0.75", "0.77"])
    def test_every_changed_p_portion_is_refused(self, code: str) -> None:
        from grundy.misere.certificates import from_json

        game = TakeAndBreak(code)
        data = self.shipped_data(game)
        p_portion = data["p_portion"]
        assert isinstance(p_portion, list) and isinstance(data["order"], int)
        for element in range(data["order"]):
            flipped = sorted(set(p_portion) ^ {element})
            assert from_json(game, {**data, "p_portion": flipped}) is None, element

    def test_changed_pretending_function_or_period_is_refused(self) -> None:
        from grundy.misere.certificates import from_json

        game = KAYLES
        data = self.shipped_data(game)
        images = data["pretending"]
        assert isinstance(images, list)
        rng = np.random.default_rng(20261124)
        for heap in rng.choice(np.arange(1, len(images)), size=6, replace=False).tolist():
            changed = list(images)
            changed[heap] = (changed[heap] + 1) % int(str(data["order"]))
            assert from_json(game, {**data, "pretending": changed}) is None, heap
        assert from_json(game, {**data, "period": 24}) is None
        assert from_json(game, {**data, "pretending": images[:100], "heaps": 99}) is None
        for broken in [None, [], {"order": 2}, {**data, "table": "x"}, {**data, "order": -1}]:
            assert from_json(game, broken) is None

    def test_a_damaged_cache_entry_is_refused(self, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
        from grundy.heap.cache import SequenceCache
        from grundy.misere import store

        game = TakeAndBreak("0.52")
        built = build_quotient(game, 200)
        assert built.stable
        good = SequenceCache(tmp_path / "good")
        monkeypatch.setattr(store, "disk_cache", lambda: good)
        store._store(game, built)
        key = store._key(game)
        data = good.load(key) if key is not None else None
        assert data is not None and store._load(game) is not None
        damaged = SequenceCache(tmp_path / "damaged")
        monkeypatch.setattr(store, "disk_cache", lambda: damaged)
        for entry in [4 + built.order * built.order + 1, 4 + 7]:   # P-portion, table
            changed = data.copy()
            changed[entry] ^= 1
            damaged.store(f"{key}-{entry}", changed)
            monkeypatch.setattr(store, "_key", lambda game, entry=entry: f"{key}-{entry}")
            assert store._load(game) is None, entry


class TestLongBuilds:
    def test_progress_is_told_every_heap_reached(self) -> None:
        told: list[tuple[int, int]] = []
        quotient = build_quotient(TakeAndBreak("0.123"), 100,
                                  lambda heap, order: told.append((heap, order)))
        heaps = [heap for heap, _ in told]
        # Each heap once, and again for each trial while it splits classes.
        assert sorted(set(heaps)) == list(range(1, quotient.to + 1)) and heaps == sorted(heaps)
        assert len(heaps) > quotient.to

    def test_refusal_says_how_far_the_quotient_is_known(
            self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
        from grundy.misere import recalibrate, store

        # Dawson's quotient is shipped up to heap 30; were the file refused, allowing no
        # recalibration would stop the build at heap 25, the first that splits classes.
        monkeypatch.setattr(recalibrate, "MAX_TRIALS", 0)
        monkeypatch.setattr(store, "_kept", {})
        assert main(["analyze", "--misere", "dawson", "10", "20", "31"]) == 3
        err = capsys.readouterr().err.strip()
        assert err.startswith("grundy: too big: the misère quotient of dawson is not known "
                              "to this tool beyond heap 30 (it is built only up to heap 30")
        assert "misère search of 'dawson 10 20 31' needs about" in err
        assert len(err.splitlines()) == 1

    def test_dawson_10_20_30_is_answered_by_the_shipped_quotient(self) -> None:
        found = analyze("dawson 10 20 30", misere=True)
        assert "the misère quotient of dawson" in found.method
        assert "heaps up to 30" in found.method
        quotient = known_quotient(DAWSON)
        assert quotient is not None
        for move in found.winning_moves:
            heaps = tuple(int(t) for t in str(move.position).split()[1:])
            assert quotient.is_p(heaps)
