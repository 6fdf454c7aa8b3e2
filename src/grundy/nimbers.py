"""Nim-multiplication: Conway's field of nimbers, on whole numbers of any size.

With nim-addition (xor) and nim-multiplication the whole numbers form a field (Conway, *On
Numbers and Games*, ch. 6); the numbers below ``2**(2**k)`` form a subfield.  The product
is defined by the mex rule ``a*b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b}`` (nim-sums),
and computed here by Lenstra's recursion on Fermat 2-powers ``F = 2**(2**k)``:

* ``F * x`` is the ordinary product ``F x`` when ``x < F``;
* ``F * F = 3F/2`` (that is, ``F`` nim-plus ``F/2``).

Writing ``a = a1 F + a0`` and ``b = b1 F + b0`` (halves below ``F``),
``a*b = (a1*b1 + a1*b0 + a0*b1) F + a0*b0 + (a1*b1)*(F/2)``, three products of halves
(Karatsuba's trick) and one product by ``F/2``.

>>> nim_multiply(2, 2), nim_multiply(4, 4), nim_multiply(16, 16), nim_multiply(8, 8)
(3, 6, 24, 13)
>>> nim_multiply(nim_inverse(7), 7)
1

Coin-turning games use it: a product game's coin is worth the nim-product of its factors'
coins (Turning Corners, :mod:`grundy.coins`).
"""

from __future__ import annotations

from grundy.caches import remembered
from grundy.errors import InvalidArgument, TooBig

#: Largest factor, in bits, that :func:`nim_multiply` takes: every number of 4000 decimal
#: digits fits, and a product of two random 16384-bit numbers takes about a second (each
#: doubling of the width multiplies the time by about four).
MAX_BITS = 16384

_SMALL = 256
# The products of bytes, for the recursion to end on: 64 K entries, made once.
_TABLE: list[list[int]] = []


def _field_half(n: int) -> int:
    """The bit width ``h`` (a power of two) with ``n < 2**(2h)``: ``n``'s halves have ``h``
    bits each."""
    h = 1
    while n >> (2 * h):
        h *= 2
    return h


@remembered("nim-products", most=1 << 16)
def _multiply(a: int, b: int) -> int:
    if a < _SMALL and b < _SMALL:
        if not _TABLE:
            _build_table()  # on first use: most commands never multiply nimbers
        return _TABLE[a][b]
    h = _field_half(max(a, b))
    mask = (1 << h) - 1
    a1, a0, b1, b0 = a >> h, a & mask, b >> h, b & mask
    low = _multiply(a0, b0)
    high = _multiply(a1, b1)
    middle = _multiply(a1 ^ a0, b1 ^ b0)
    return ((middle ^ low) << h) ^ low ^ _multiply(high, 1 << (h - 1))


def _build_table() -> None:
    # Bytes by the same recursion, from the products of nibbles, from the mex rule.
    nibbles = [[0] * 16 for _ in range(16)]
    for a in range(16):
        for b in range(16):
            seen = {nibbles[x][b] ^ nibbles[a][y] ^ nibbles[x][y]
                    for x in range(a) for y in range(b)}
            nibbles[a][b] = next(v for v in range(len(seen) + 1) if v not in seen)

    def small(a: int, b: int) -> int:
        if a < 16 and b < 16:
            return nibbles[a][b]
        a1, a0, b1, b0 = a >> 4, a & 15, b >> 4, b & 15
        low, high = nibbles[a0][b0], nibbles[a1][b1]
        middle = nibbles[a1 ^ a0][b1 ^ b0]
        return ((middle ^ low) << 4) ^ low ^ nibbles[high][8]

    _TABLE.extend([small(a, b) for b in range(_SMALL)] for a in range(_SMALL))


def _check(a: int, what: str) -> None:
    if isinstance(a, bool) or not isinstance(a, int) or a < 0:
        raise InvalidArgument(f"{what} {a!r} is not a whole number >= 0")
    if a.bit_length() > MAX_BITS:
        raise TooBig(f"nim-multiplying a {a.bit_length()}-bit number", size=a.bit_length(),
                     limit=MAX_BITS, unit="bits")


def nim_multiply(a: int, b: int) -> int:
    """The nim-product of two whole numbers (of up to :data:`MAX_BITS` bits each).

    Time O(w**log2(3)) products of bytes for ``w``-bit factors, and one product by ``F/2``
    per level.

    >>> [nim_multiply(3, b) for b in range(8)]
    [0, 3, 1, 2, 12, 15, 13, 14]
    >>> nim_multiply(2**64, 2**64) == 2**64 ^ 2**63
    True
    >>> nim_multiply(-1, 2)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: factor -1 is not a whole number >= 0
    """
    _check(a, "factor")
    _check(b, "factor")
    return _multiply(a, b)


def nim_square(a: int) -> int:
    """``a`` nim-times ``a``.

    >>> nim_square(2), nim_square(3)
    (3, 2)
    """
    return nim_multiply(a, a)


def nim_inverse(a: int) -> int:
    """The nim-inverse of ``a > 0``: ``nim_multiply(a, nim_inverse(a)) == 1``.

    In the field of the ``2**(2**k)`` numbers below ``F = 2**(2**k) > a`` every non-zero
    element satisfies ``x**(F-1) = 1``, so the inverse is ``a**(F-2)``, by repeated
    nim-squaring: ``2**k`` squarings and as many products.

    >>> nim_inverse(2), nim_inverse(3), nim_multiply(nim_inverse(10**20), 10**20)
    (3, 2, 1)
    >>> nim_inverse(0)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgument: 0 has no nim-inverse
    """
    _check(a, "number")
    if a == 0:
        raise InvalidArgument("0 has no nim-inverse")
    width = 2 * _field_half(a)  # the field of numbers below 2**width holds a
    # F - 2 = 2 + 4 + ... + 2**(width-1): the product of a**(2**i) for i = 1..width-1.
    result, power = 1, a
    for _ in range(1, width):
        power = _multiply(power, power)
        result = _multiply(result, power)
    return result
