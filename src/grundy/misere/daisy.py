"""The daisy in misère play: each daisy as an element of Kayles' misère quotient.

Plucking a daisy's petals opens it into a Kayles row (n petals leave a row of n - 1 or
n - 2), so sums of daisies and rows lie in a closed set that holds all of Kayles.  A daisy
that plays, beside every such sum, as an element x of Kayles' quotient Q is *given* x, and
positions of rows and such daisies are answered by Q as Kayles positions are.

Whether the elements given will do is the exact check
:func:`~grundy.misere.quotient.faithful` on the heap types (element, elements of the
options) of every Kayles row and every daisy given an element, all together: it walks
every sum of those types, so it proves the answer of every position.  Finitely many types
cover every daisy: a daisy's options are two rows, whose elements are periodic (the period
of Kayles' pretending function), so its type is too.  Candidates for each daisy's x are
first sifted by small sums (up to three copies of the daisy beside no row, one or two);
each daisy takes its first candidate, and while the check of all together fails, the
daisies that fail it alone beside the rows are found by halving and move on to their next
candidate.

The result is shipped (``misere/quotients/daisy.json``) and checked the same way, all
together, each time it is read; a file that fails is ignored and the elements are proved
again.

Five daisies, of 6, 10, 14, 21 and 22 petals, play as no element of Q (the tests find,
for each element, a sum it gets wrong).  Beside the daisy of 6 the quotient grows to 56
elements; the daisy of 10 tells apart rows of one class of Q, and the quotients tried
with it pass thousands of elements.  Positions holding them are left to the search.

>>> daisies = daisy_elements()
>>> words = daisies.words()
>>> [words[daisies.element(n)] for n in (1, 2, 3, 4)], daisies.element(10)
(['a', 'b', '1', 'b²'], None)
>>> daisies.element(10**18) == daisies.element(10**18 - 12)
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import numpy as np

from grundy.caches import Memo
from grundy.heap.takebreak import KAYLES
from grundy.misere.certificates import MAX_BYTES
from grundy.misere.monoid import BipartiteMonoid
from grundy.misere.presentation import presentation, rows_of_twelve
from grundy.misere.quotient import Quotient, faithful
from grundy.misere.recalibrate import option_images
from grundy.misere.store import known_quotient

#: A heap type: its element and the elements of its options.
HeapType = tuple[int, frozenset[int]]


@dataclass(frozen=True)
class DaisyElements:
    """Kayles' quotient and the element each daisy plays as (None: none will do), by the
    elements of the daisy's options."""

    quotient: Quotient
    by_options: dict[frozenset[int], int | None]
    #: The words of :class:`grundy.misere.given.GivenElements`.
    name = "daisy"
    plural = "daisies"

    def options(self, petals: int) -> frozenset[int]:
        """The elements of the rows a daisy opens into (the identity for no row)."""
        return frozenset(self.quotient.image(petals - taken) if petals > taken else 0
                         for taken in (1, 2) if taken <= petals)

    def element(self, petals: int) -> int | None:
        """The element a daisy of ``petals`` petals plays as (no daisy: the identity), or
        None when none will do."""
        return self.by_options[self.options(petals)] if petals else 0

    def words(self) -> list[str]:
        """Each element as a word in the generators (the names the answers use)."""
        return presentation(self.quotient.monoid, self.quotient.images).words

    def period(self) -> tuple[int, int]:
        """(preperiod, period) of the daisies' elements, the least ones: the rows' elements
        are periodic from the quotient's preperiod p with its period q, so the daisies'
        are from p + 2 with q, and any smaller period divides q and shows within q daisies.

        >>> daisy_elements().period()
        (23, 1)
        """
        assert self.quotient.period is not None
        start, step = self.quotient.period.preperiod + 2, self.quotient.period.period
        values = [self.element(n) for n in range(start + 2 * step)]
        least = min(d for d in range(1, step + 1) if step % d == 0 and all(
            values[n] == values[n + d] for n in range(start, start + step)))
        first = start
        while first and values[first - 1] == values[first - 1 + least]:
            first -= 1
        return first, least

    def misfits(self, most: int) -> list[int]:
        """The daisies of at most ``most`` petals that play as no element."""
        return [n for n in range(1, most + 1) if self.element(n) is None]

    def answered_by(self) -> str:
        """How an answer from the daisies' elements says it was found."""
        return ("each daisy playing as the element its options call for (proved over every "
                "sum of rows and daisies)")

    def none_for(self, heaps: list[int]) -> str:
        """Which daisies keep Kayles' quotient from answering."""
        named = " and ".join(f"the daisy of {h} petals" for h in heaps)
        return (f"{named} {'plays' if len(heaps) == 1 else 'play'} as no element of Kayles' "
                "misère quotient, so that quotient does not answer")

    def report_title(self) -> str:
        """What ``grundy quotient daisy`` reports."""
        return "daisy: the quotient of Kayles rows, which daisies open into"

    def report_lines(self, report: dict[str, Any]) -> list[str]:
        """The daisies' elements in words, after the quotient of the rows."""
        daisies = report["daisies"]
        misfits = ", ".join(map(str, daisies["misfits"]))
        return ["Daisies (the element each plays as beside any rows and daisies, proved over "
                "every such sum; - where none will do):",
                *rows_of_twelve([v or "-" for v in daisies["values"]]),
                f"Periodic from daisy {daisies['preperiod']} with period {daisies['period']} "
                "(proved from the rows' period: a daisy's options are rows). The daisies of "
                f"{misfits} petals play as no element: positions holding them are answered "
                "by search."]


_kept: Memo[str, DaisyElements | None] = Memo("daisy elements", bound=1)
#: The shipped elements, beside the shipped quotients (``python -m grundy.misere.regenerate``).
FILE = "daisy.json"


def daisy_elements(*, compute: bool = True) -> DaisyElements | None:
    """The element of every daisy in Kayles' quotient: from the shipped file once it passes
    the check of all together (milliseconds), or else proved as the module says (under a
    second; None when ``compute`` is false).  None also if Kayles' quotient is not known
    for every row (it is shipped with the package)."""
    if "daisy" not in _kept:
        rows = _rows()
        if rows is None:
            return None
        shipped = _from_file(rows, _shipped_text())
        if shipped is None and not compute:
            return None
        _kept["daisy"] = shipped or _proved(rows)
    return _kept["daisy"]


def elements(*, compute: bool = True) -> DaisyElements | None:
    """The daisies' elements, as every game whose heaps open into another's gives them
    (:func:`grundy.misere.given.given_elements`)."""
    return daisy_elements(compute=compute)


def daisy_file_text() -> str:
    """The shipped file (``misere/quotients/daisy.json``), proved from nothing: each
    daisy type's options and its element (null: none will do)."""
    rows = _rows()
    assert rows is not None
    pairs = sorted([sorted(options), x] for options, x in _proved(rows).by_options.items())
    return json.dumps({"game": "daisy", "quotient": KAYLES.text, "by_options": pairs}) + "\n"


@dataclass(frozen=True)
class _Rows:
    """Kayles' quotient, the types of its rows, and the most petals with a type of its own."""

    quotient: Quotient
    types: set[HeapType]
    last: int


def _rows() -> _Rows | None:
    quotient = known_quotient(KAYLES)
    if quotient is None or quotient.period is None:
        return None
    monoid = quotient.monoid
    types = {(quotient.images[h], option_images(monoid, KAYLES, quotient.images, h))
             for h in range(1, quotient.to + 1)}
    # Daisies of more petals than this repeat the types of smaller ones.
    last = quotient.period.preperiod + quotient.period.period + 2
    return _Rows(quotient, {row for row in types if row[1]}, last)


def _shipped_text() -> bytes | None:
    path = resources.files("grundy.misere").joinpath("quotients", FILE)
    return path.read_bytes() if path.is_file() else None


def _from_file(rows: _Rows, text: bytes | None) -> DaisyElements | None:
    """The elements a file gives, if they cover every daisy and pass the check of all
    together; None otherwise.  (A null, no element, only sends positions to the search.)

    >>> rows = _rows()
    >>> _from_file(rows, _shipped_text()).element(4) == daisy_elements().element(4)
    True
    >>> _from_file(rows, b'{"by_options": [[[1, 2], 5]]}') is None
    True
    """
    if text is None or len(text) > MAX_BYTES:
        return None
    order = rows.quotient.order
    try:
        pairs = json.loads(text)["by_options"]
        given = {frozenset(int(o) for o in options): None if x is None else int(x)
                 for options, x in pairs}
    except (ValueError, KeyError, TypeError):
        return None
    daisies = DaisyElements(rows.quotient, given)
    if any(x is not None and not 0 <= x < order for x in given.values()) or any(
            daisies.options(n) not in given for n in range(1, rows.last + 1)):
        return None
    if not faithful(rows.quotient.monoid, _ordered(rows.types | set(_given(given)))):
        return None
    return daisies


def _proved(rows: _Rows) -> DaisyElements:
    quotient, monoid, last = rows.quotient, rows.quotient.monoid, rows.last
    daisies = DaisyElements(quotient, {})
    types = rows.types
    candidates = {}
    for petals in range(1, last + 1):
        options = daisies.options(petals)
        if options not in candidates:
            candidates[options] = _sifted(monoid, types, options)
    # Each daisy takes its first candidate; while the check of all together fails, the
    # daisies that fail alone beside the rows are found by halving and move on to their
    # next candidate that passes alone (or to none).
    chosen = {options: found[0] if found else None for options, found in candidates.items()}
    while (failing := _failing(monoid, types, _given(chosen))) is not None:
        if not failing:  # only sums holding several daisies go wrong
            chosen = dict.fromkeys(chosen)
            break
        for x, options in failing:
            later = candidates[options][candidates[options].index(x) + 1:]
            chosen[options] = next((y for y in later
                                    if _failing(monoid, types, [(y, options)]) is None), None)
    daisies.by_options.update(chosen)
    return daisies


def _given(chosen: dict[frozenset[int], int | None]) -> list[HeapType]:
    return _ordered({(x, options) for options, x in chosen.items() if x is not None})


def _failing(monoid: BipartiteMonoid, rows: set[HeapType], daisies: Sequence[HeapType]
             ) -> list[HeapType] | None:
    """None when the rows and these daisy types pass the exact check together; otherwise
    the daisy types that fail it alone beside the rows, found by halving (none when only
    sums holding several daisies fail)."""
    if faithful(monoid, _ordered(rows | set(daisies))):
        return None
    if len(daisies) <= 1:
        return list(daisies)
    half = len(daisies) // 2
    return [kind for part in (daisies[:half], daisies[half:])
            for kind in _failing(monoid, rows, part) or []]


#: The most copies of one daisy in the small sums that sift the candidates.
SIFTING_COPIES = 3


def _sifted(monoid: BipartiteMonoid, rows: set[HeapType], options: frozenset[int]
            ) -> list[int]:
    """The elements x that the small sums get right, the daisy's type being (x, options):
    one to :data:`SIFTING_COPIES` copies of the daisy beside no row, one row or two.  Each
    sum is lost exactly when none of its options is: open a daisy, or play in a row."""
    table, p = monoid.table, monoid.p
    types = [(0, frozenset[int]()), *_ordered(rows)]  # the first: no row
    g = np.array([element for element, _ in types])
    # reach[a, y]: a move in a row of type a, beside a sum of element y, reaches P.
    reach = np.array([p[table[sorted(moves)]].any(axis=0) if moves
                      else np.zeros(monoid.order, dtype=bool) for _, moves in types])
    # opens[y]: opening the daisy, beside a sum of element y, reaches P.
    opens = np.asarray(p[table[sorted(options)]].any(axis=0))
    pair = table[g[:, None], g[None, :]]  # the two rows of each pair of types
    candidates = np.arange(monoid.order)
    others: np.ndarray[Any, Any] = np.zeros(monoid.order, dtype=np.int64)  # x to k - 1
    for _ in range(SIFTING_COPIES):
        copies = table[others, candidates]
        beside = table[copies[:, None], g[None, :]]  # the copies and one row
        played = reach[np.arange(len(types))[None, :, None], beside[:, None, :]]
        lost = ~(opens[table[others[:, None, None], pair[None]]]
                 | played | played.transpose(0, 2, 1))
        keep = np.asarray((p[table[copies[:, None, None], pair[None]]] == lost).all(axis=(1, 2)))
        candidates, others = candidates[keep], copies[keep]
    return [int(x) for x in candidates]


def _ordered(types: set[HeapType]) -> list[HeapType]:
    return sorted(types, key=lambda t: (t[0], sorted(t[1])))
