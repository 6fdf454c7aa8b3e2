"""Misère sums of heaps of different games (the union's quotient) and tame games (Conway's
rule, proved), each checked against an exhaustive misère search written from the rules."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from grundy.analysis import analyze
from grundy.budget import positions_limit
from grundy.catalogue import parse_position
from grundy.heap.takebreak import KAYLES, TakeAndBreak
from grundy.misere.answer import quotient_answer
from grundy.misere.certificates import shipped_quotient, shipped_unions
from grundy.misere.genus import genus
from grundy.misere.quotient import build_quotient
from grundy.misere.tame import tame_pair, tame_quotient
from grundy.misere.union import HeapUnion
from grundy.values import Outcome

from brute import row_moves_octal

pytestmark = pytest.mark.slow

Tagged = tuple[tuple[int, int], ...]
#: The most tokens in the positions of the shipped unions checked against search.
UNION_TOTAL = 20


def mixed_wins(codes: list[tuple[int, ...]]) -> Callable[[Tagged], bool]:
    """Misère search of sums of heaps (game index, size) of several octal games."""
    moves = [row_moves_octal(digits) for digits in codes]

    @cache
    def wins(position: Tagged) -> bool:
        options = []
        for i, (game, size) in enumerate(position):
            rest = position[:i] + position[i + 1:]
            for parts in moves[game](size):
                options.append(tuple(sorted(rest + tuple((game, p) for p in parts))))
        if not options:
            return True
        return any(not wins(option) for option in options)

    return wins


def mixed_positions(games: int, largest: int, most: int, total: int) -> Iterator[Tagged]:
    heaps = [(g, n) for n in range(1, largest + 1) for g in range(games)]

    def grow(start: int, left: int, room: int) -> Iterator[Tagged]:
        yield ()
        if room:
            for i in range(start, len(heaps)):
                if heaps[i][1] <= left:
                    for rest in grow(i, left - heaps[i][1], room - 1):
                        yield (heaps[i], *rest)
    return grow(0, total, most)


def union_disagreements(codes: list[str], largest: int, total: int = 22
                         ) -> tuple[int, list[Tagged]]:
    games = tuple(TakeAndBreak(code) for code in codes)
    union = HeapUnion(games)
    quotient = build_quotient(union, union.number(len(games) - 1, largest))
    wins = mixed_wins([game.digits for game in games])
    reach = largest if quotient.stable else (quotient.to - 1) // len(games) + 1
    bad, tried = [], 0
    for position in mixed_positions(len(games), reach, 4, total):
        tried += 1
        if quotient.is_p(union.numbered(position)) == wins(position):
            bad.append(position)
    return tried, bad


class TestUnion:
    def test_numbering_round_trips(self) -> None:
        union = HeapUnion((KAYLES, TakeAndBreak("0.75"), TakeAndBreak("0.07")))
        numbers = [union.number(g, n) for n in range(1, 20) for g in range(3)]
        assert numbers == list(range(1, 58))
        assert all(union.heap(union.number(g, n)) == (g, n) for g in range(3) for n in range(1, 9))

    @pytest.mark.parametrize("codes", [["0.77", "0.07"], ["0.75", "0.31"], ["0.77", "0.75"],
                                       ["0.52", "0.123"]])
    def test_union_quotient_against_search(self, codes: list[str]) -> None:
        tried, bad = union_disagreements(codes, 8)
        assert tried > 1500 and bad == []

    @seed(20261124)
    @settings(max_examples=12, deadline=None)
    @given(st.lists(st.lists(st.integers(0, 7), min_size=1, max_size=3).filter(any),
                    min_size=2, max_size=2))
    def test_random_pairs_of_octal_codes(self, digits: list[list[int]]) -> None:
        codes = ["0." + "".join(map(str, d)) for d in digits]
        tried, bad = union_disagreements(codes, 7, total=18)
        assert tried > 0 and bad == []

    def test_stable_union_answers_huge_heaps(self) -> None:
        found = analyze("octal:0.75 1000001 + octal:0.31 999 7", misere=True)
        assert "heaps of octal:0.31 + octal:0.75 together" in found.method
        assert "for every heap" in found.method
        union = HeapUnion((TakeAndBreak("0.31"), TakeAndBreak("0.75")))
        quotient = build_quotient(union, 400)
        assert quotient.stable
        # 0.31 has period 2 from heap 3, 0.75 period 2 from heap 8 (their own quotients):
        # the huge heaps play as 5 and 9 in the union too, and the small sum is searched.
        assert quotient.image(union.number(0, 999)) == quotient.image(union.number(0, 5))
        assert quotient.image(union.number(1, 1000001)) == quotient.image(union.number(1, 9))
        wins = mixed_wins([(0, 3, 1), (0, 7, 5)])
        assert (found.outcome is Outcome.P) == (not wins(((0, 5), (0, 7), (1, 9))))

    def test_mixed_sum_answer_and_moves_against_search(self) -> None:
        for text in ["octal:0.75 5 + octal:0.52 4", "octal:0.75 3 6 + octal:0.52 5 2",
                     "octal:0.75 7 + octal:0.52 6 1"]:
            answer_and_moves_agree(text, ["octal:0.52", "octal:0.75"])

    def test_no_union_is_built_beside_a_game_of_unknown_quotient(self) -> None:
        assert quotient_answer(parse_position("kayles 5 + octal:0.07 4")) is None


class TestShippedUnions:
    """Kayles with each other shipped game: the union's quotient shipped, checked when read."""

    @pytest.mark.parametrize("union", shipped_unions(), ids=lambda u: u.text)
    def test_shipped_union_agrees_with_search(self, union: HeapUnion) -> None:
        quotient = shipped_quotient(union)
        assert quotient is not None and quotient.stable
        wins = mixed_wins([game.digits for game in union.games
                           if isinstance(game, TakeAndBreak)])
        tried = 0
        for position in mixed_positions(2, UNION_TOTAL, 4, UNION_TOTAL):
            tried += 1
            assert quotient.is_p(union.numbered(position)) != wins(position), position
        assert tried > 5000

    def test_kayles_sum_answer_and_moves_against_search(self) -> None:
        for text in ["kayles 7 5 + octal:0.75 6 3", "kayles 9 + octal:0.75 9 4"]:
            answer_and_moves_agree(text, ["kayles", "octal:0.75"])

    def test_large_kayles_sum_is_answered_by_the_union(self) -> None:
        found = analyze("kayles 20 15 11 + octal:0.75 9 4", misere=True)
        assert "the heaps of kayles + octal:0.75 together (order 48 for every heap" in (
            found.method)
        union = HeapUnion((KAYLES, TakeAndBreak("0.75")))
        quotient = shipped_quotient(union)
        assert quotient is not None
        for move in found.winning_moves:
            assert quotient.is_p(union.numbered(tagged(str(move.position))))


def tagged(text: str, names: Sequence[str] = ("kayles", "octal:0.75")) -> Tagged:
    """A position as (game index, size) pairs, games numbered in the order of ``names``."""
    found = []
    for part in text.split(" + "):
        name, *sizes = part.split()
        found.extend((names.index(name), int(size)) for size in sizes if size != "0")
    return tuple(sorted(found))


def answer_and_moves_agree(text: str, names: Sequence[str]) -> None:
    """The union's answer to a sum of two games' heaps, and its winning moves, are the
    exhaustive search's."""
    games = [parse_position(f"{name} 1").components[0].game for name in names]
    wins = mixed_wins([game.digits for game in games])
    found = quotient_answer(parse_position(text))
    assert found is not None and f"{' + '.join(names)} together" in found.method
    assert (found.outcome is Outcome.N) == wins(tagged(text, names))
    winning = {str(m.position) for m in found.moves}
    by_search = {str(m.position) for m in parse_position(text).moves()
                 if not wins(tagged(str(m.position), names))}
    assert winning == by_search


class TestTame:
    @pytest.mark.parametrize("code", ["0.33", "0.3", "0.31", "0.333", "0.12", "0.51"])
    def test_tame_games_are_recognised_and_agree_with_search(self, code: str) -> None:
        game = TakeAndBreak(code)
        tame = tame_quotient((game,))
        assert tame is not None and tame.stable
        wins = mixed_wins([game.digits])
        tried = 0
        for position in mixed_positions(1, 24, 4, 24):
            heaps = tuple(n for _, n in position)
            tried += 1
            assert tame.is_p(heaps) != wins(position), (code, heaps)
        assert tried > 1000

    @pytest.mark.parametrize("code", ["0.77", "0.75", "0.07", "0.137"])
    def test_wild_games_are_not_called_tame(self, code: str) -> None:
        assert tame_quotient((TakeAndBreak(code),)) is None

    def test_pairs_agree_with_genus(self) -> None:
        """Each heap's pair is its genus: fickle *g is g^(1-g)..., firm *g is g^(g, g xor 2)."""
        game = TakeAndBreak("0.31")
        tame = tame_quotient((game,))
        assert tame is not None
        for n in range(1, 14):
            g, firm = tame_pair(tame.images[n])
            text = genus(game, (n,)).text
            expected = f"{g}^{g}{g ^ 2}" if firm else {0: "0^120", 1: "1^031"}[g]
            assert text == expected, (n, text)

    @seed(20261124)
    @settings(max_examples=20, deadline=None)
    @given(st.lists(st.integers(0, 7), min_size=1, max_size=3).filter(any))
    def test_random_codes_tame_answers_agree_with_search(self, digits: list[int]) -> None:
        game = TakeAndBreak("0." + "".join(map(str, digits)))
        tame = tame_quotient((game,))
        if tame is None:
            return
        wins = mixed_wins([game.digits])
        for position in mixed_positions(1, 20, 4, 20):
            heaps = tuple(n for _, n in position)
            assert tame.is_p(heaps) != wins(position), heaps

    def test_tame_union_agrees_with_search(self) -> None:
        games = (TakeAndBreak("0.33"), TakeAndBreak("0.31"))
        tame = tame_quotient(games)
        assert tame is not None and tame.stable
        union = HeapUnion(tuple(sorted(games, key=lambda g: g.text)))
        wins = mixed_wins([g.digits for g in union.games])
        for position in mixed_positions(2, 12, 4, 20):
            assert tame.is_p(union.numbered(position)) != wins(position), position

    def test_analyze_says_the_tame_rule(self) -> None:
        found = analyze("octal:0.33 1000000 7 + octal:0.31 12", misere=True)
        assert found.method.startswith("the tame rule")
        assert "octal:0.33 1000000 plays as *1 (fickle)" in found.method
        with positions_limit(10**6):
            small = analyze("octal:0.33 4 7 + octal:0.31 12", misere=True)
        assert small.outcome is found.outcome
        for move in small.winning_moves:
            assert analyze(str(move.position), misere=True).outcome is Outcome.P


class TestRefusals:
    def test_a_union_that_cannot_be_built_is_refused_in_one_line(
            self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
        from grundy.cli import main
        from grundy.misere import recalibrate, store

        # Without its shipped file and with no recalibration allowed, the union stops where
        # heaps first split classes.
        shipped = store.shipped_quotient
        monkeypatch.setattr(store, "shipped_quotient",
                            lambda g: None if isinstance(g, HeapUnion) else shipped(g))
        monkeypatch.setattr(recalibrate, "MAX_TRIALS", 0)
        monkeypatch.setattr(store, "_unions", {})
        assert main(["analyze", "--misere", "kayles", "20", "15", "+", "octal:0.75", "11"]) == 3
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1
        assert err.startswith("grundy: too big: the misère quotient of the heaps of kayles + "
                              "octal:0.75 together is not known to this tool from heap ")
        assert "splits classes" in err and "misère search of" in err

    def test_a_union_with_an_unknown_quotient_is_refused_at_once(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        from grundy.cli import main

        assert main(["analyze", "--misere", "dawson", "10", "20", "+", "kayles", "30"]) == 3
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1
        assert err.startswith("grundy: too big: the misère quotient of dawson is not known for "
                              "every heap, so neither is that of the heaps of dawson + kayles "
                              "together")
