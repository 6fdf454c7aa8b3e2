"""The written forms of take-and-break codes: canonical ``0.77``, Winning Ways' ``.77``, a
lone ``4``, and CGSuite's ``!`` (splits into two unequal heaps), parsed and computed."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.catalogue import parse_game, parse_position
from grundy.errors import InvalidGame
from grundy.heap.codes import TakeBreakCode
from grundy.heap.kernels import take_break_values
from grundy.heap.takebreak import GrundyGame, TakeAndBreak

from naive import naive_values


def mex(seen: set[int]) -> int:
    value = 0
    while value in seen:
        value += 1
    return value


def brute_marked(digits: list[int], unequal: set[int], n: int) -> list[int]:
    """The rules read off the digits, with Python sets: bit 1 take all, 2 leave one heap,
    4 leave two (unequal ones after the removals in ``unequal``), 8 leave three."""
    g: list[int] = []
    for size in range(n + 1):
        seen = set()
        for taken, digit in enumerate(digits):
            rest = size - taken
            if rest < 0:
                continue
            if taken and digit & 1 and rest == 0:
                seen.add(0)
            if taken and digit & 2 and rest > 0:
                seen.add(g[rest])
            if digit & 4:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1)
                            if taken not in unequal or 2 * a != rest)
            if digit & 8:
                seen.update(g[a] ^ g[b] ^ g[rest - a - b] for a in range(1, rest // 3 + 1)
                            for b in range(a, (rest - a) // 2 + 1))
        g.append(mex(seen))
    return g


marked_codes = st.builds(
    lambda d0, rest, marks: (d0, rest, marks),
    st.sampled_from([0, 0, 4]), st.lists(st.integers(0, 7), min_size=0, max_size=6),
    st.lists(st.booleans(), min_size=7, max_size=7))


def build(d0: int, rest: list[int], marks: list[bool]) -> TakeBreakCode | None:
    digits = [d0, *rest]
    unequal = tuple(k for k, d in enumerate(digits) if d & 4 and marks[k])
    if not any(digits):
        return None
    return TakeBreakCode(tuple(digits), unequal)


class TestWrittenForms:
    @given(marked_codes)
    def test_canonical_text_reads_back(self, parts: tuple[int, list[int], list[bool]]) -> None:
        code = build(*parts)
        if code is None:
            return
        assert TakeBreakCode.parse(code.text) == code

    @given(marked_codes)
    def test_leading_zero_may_be_left_out(self, parts: tuple[int, list[int], list[bool]]
                                          ) -> None:
        code = build(*parts)
        if code is None or code.digits[0] != 0 or 0 in code.unequal:
            return
        assert TakeBreakCode.parse(code.text[1:]) == code  # .77 is 0.77

    @given(st.sampled_from([4, 8, 12]), st.booleans())
    def test_a_lone_digit_is_the_digit_point_zero(self, digit: int, mark: bool) -> None:
        bang = "!" if mark and digit == 4 else ""
        written = f"{digit:x}{bang}"
        assert TakeBreakCode.parse(written, hexadecimal=True) == TakeBreakCode.parse(
            f"{written}.0", hexadecimal=True)

    @given(st.text(alphabet="0123456789abcdefg.!x ", max_size=8))
    def test_any_text_parses_or_gets_one_line(self, text: str) -> None:
        for hexadecimal in (False, True):
            try:
                code = TakeBreakCode.parse(text, hexadecimal=hexadecimal)
            except InvalidGame as error:
                assert "\n" not in str(error) and str(error)
            else:
                assert TakeBreakCode.parse(code.text, hexadecimal=True) == code

    @pytest.mark.parametrize("text, says", [
        ("!.7", "must follow a digit"), ("0.7!!", "not of the form"), ("0.3!", "only for a digit"),
        ("..7", "not of the form"), (".", "not of the form"), ("0.!7", "not of the form"),
        ("0.0", "allows no move"), ("1.7", "before the point")])
    def test_bad_notations_get_one_line(self, text: str, says: str) -> None:
        with pytest.raises(InvalidGame, match=says) as caught:
            TakeBreakCode.parse(text)
        assert "\n" not in str(caught.value)

    def test_bang_on_a_three_heap_digit_is_refused(self) -> None:
        with pytest.raises(InvalidGame, match="only for a digit that splits in two"):
            TakeBreakCode.parse("0.c!", hexadecimal=True)


class TestGrundysGameAsACode:
    @pytest.mark.parametrize("text", ["octal:4!.0", "octal:4!", "octal:4!.", "hex:4!.0"])
    def test_is_the_grundy_game_ruleset(self, text: str) -> None:
        game = parse_game(text)
        assert game == GrundyGame()
        assert game.text == "grundy-game"

    def test_values_equal_the_grundy_game_kernel_and_oeis_a002188(self) -> None:
        # OEIS A002188, Grundy's game, heaps 0..20.
        a002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        code = TakeBreakCode.parse("4!.0")
        assert take_break_values(code, 20).tolist() == a002188
        assert np.array_equal(take_break_values(code, 5000), GrundyGame().values(5000))

    def test_winning_ways_kayles(self) -> None:
        assert parse_game("octal:.77") == parse_game("kayles")


class TestBareCodes:
    """Codes written without ``octal:``, as CGSuite and the literature write them."""

    @pytest.mark.parametrize("bare, named", [
        ("0.137", "octal:0.137"), (".77", "kayles"), ("0.07", "dawson"), ("4.07", "octal:4.07"),
        ("4!.0", "grundy-game"), (".6", "octal:0.6")])
    def test_name_the_octal_game(self, bare: str, named: str) -> None:
        assert parse_game(bare) == parse_game(named)

    def test_a_position_reads_back(self) -> None:
        position = parse_position(".77 5 6 + 0.137 4")
        assert str(position) == "octal:0.137 4 + octal:0.77 5 6"
        assert parse_position(str(position)) == position

    @pytest.mark.parametrize("text, says", [
        ("0.9b", "hexadecimal codes are written hex:0.9b"), ("1.2.3", "unknown game"),
        ("x.7", "unknown game"), ("0.0", "allows no move")])
    def test_bad_codes_get_one_line(self, text: str, says: str) -> None:
        with pytest.raises(InvalidGame, match=says) as caught:
            parse_game(text)
        assert "\n" not in str(caught.value)

    def test_on_the_command_line(self, capsys: pytest.CaptureFixture[str]) -> None:
        import json

        from grundy.cli import main

        assert main(["value", "--json", "0.137", "1000"]) == 0
        answer = json.loads(capsys.readouterr().out)
        assert answer["game"] == "octal:0.137"
        assert answer["nim_value"] == int(take_break_values([0, 1, 3, 7], 1000)[1000])

    def test_bang_codes_prove_no_period(self) -> None:
        game = TakeAndBreak("0.4!4")
        assert game.proved_period(5000) is None


class TestUnequalSplitsKernel:
    def test_random_marked_codes_match_brute_force(self) -> None:
        rng = random.Random(11)
        for _ in range(80):
            digits = [rng.choice([0, 0, 4])] + [rng.randint(0, 7) for _ in range(rng.randint(1, 5))]
            if not any(digits):
                continue
            unequal = {k for k, d in enumerate(digits) if d & 4 and rng.random() < 0.6}
            code = TakeBreakCode(tuple(digits), tuple(unequal))
            n = rng.randint(0, 60)
            assert take_break_values(code, n).tolist() == brute_marked(digits, unequal, n)

    def test_long_marked_runs_match_naive(self) -> None:
        rng = random.Random(5)
        for _ in range(12):
            digits = [rng.choice([0, 4])] + [rng.choice([0, 1, 3, 4, 5, 6, 7])
                                             for _ in range(rng.randint(1, 4))]
            unequal = tuple(k for k, d in enumerate(digits) if d & 4 and rng.random() < 0.5)
            code = TakeBreakCode(tuple(digits), unequal)
            n = 6000
            assert np.array_equal(take_break_values(code, n), naive_values(digits, n, unequal))
