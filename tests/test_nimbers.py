"""Nim-multiplication against its mex definition, the OEIS table, and the field laws."""

from __future__ import annotations

import random

import pytest

from grundy.cli import main
from grundy.errors import InvalidArgument, TooBig
from grundy.nimbers import MAX_BITS, nim_inverse, nim_multiply

from oeis import NIM_PRODUCTS_A051775

SIZE = 64


def mex_products(size: int) -> list[list[int]]:
    """a*b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b}, straight from the definition."""
    table = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            seen = {table[x][b] ^ table[a][y] ^ table[x][y] for x in range(a) for y in range(b)}
            m = 0
            while m in seen:
                m += 1
            table[a][b] = m
    return table


class TestNimMultiply:
    def test_equals_the_mex_definition_below_64(self) -> None:
        table = mex_products(SIZE)
        for a in range(SIZE):
            for b in range(SIZE):
                assert nim_multiply(a, b) == table[a][b], (a, b)

    def test_oeis_a051775_by_antidiagonals(self) -> None:
        terms = []
        diagonal = 0
        while len(terms) < len(NIM_PRODUCTS_A051775):
            terms.extend(nim_multiply(n, diagonal - n) for n in range(diagonal + 1))
            diagonal += 1
        assert terms[: len(NIM_PRODUCTS_A051775)] == NIM_PRODUCTS_A051775

    def test_field_laws_on_big_numbers(self) -> None:
        rng = random.Random(15)
        for _ in range(60):
            bits = rng.choice([8, 40, 100, 200])
            a, b, c = (rng.getrandbits(bits) for _ in range(3))
            assert nim_multiply(a, b) == nim_multiply(b, a)
            assert nim_multiply(nim_multiply(a, b), c) == nim_multiply(a, nim_multiply(b, c))
            assert nim_multiply(a, b ^ c) == nim_multiply(a, b) ^ nim_multiply(a, c)
            assert nim_multiply(a, 1) == a
            if a and bits <= 100:
                assert nim_multiply(a, nim_inverse(a)) == 1

    def test_fermat_powers(self) -> None:
        for k in range(8):
            fermat = 1 << (1 << k)
            assert nim_multiply(fermat, fermat) == fermat ^ (fermat >> 1)
            for x in {1, 3 % fermat, fermat - 1}:
                assert nim_multiply(fermat, x) == fermat * x

    def test_bad_factors(self) -> None:
        with pytest.raises(InvalidArgument, match="-1"):
            nim_multiply(-1, 3)
        with pytest.raises(TooBig, match="bits"):
            nim_multiply(1 << MAX_BITS, 3)
        with pytest.raises(InvalidArgument, match="0 has no"):
            nim_inverse(0)


class TestCommand:
    def test_prints_the_product(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["nim-multiply", "8", "8"]) == 0
        assert capsys.readouterr().out == "13\n"
        assert main(["nim-multiply", "--json", "2", "3"]) == 0
        assert capsys.readouterr().out == '{"a": 2, "b": 3, "nim_product": 1}\n'

    def test_bad_number_is_exit_2(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["nim-multiply", "2", "x"]) == 2
        assert "factor 'x'" in capsys.readouterr().err
