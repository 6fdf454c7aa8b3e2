"""Misère quotients and genus, checked against an independent exhaustive misère search."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from grundy.analysis import analyze
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
            by_search = analyze(text, misere=True, budget=10**6)
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
