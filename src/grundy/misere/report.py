"""The misère quotient of a heap game as a JSON-ready object and as text.

>>> from grundy.heap.takebreak import TakeAndBreak
>>> report = quotient_report(TakeAndBreak("0.3"), 6)
>>> report["order"], report["p_portion"], report["pretending"]["values"]
(2, ['a'], ['1', 'a', '1', 'a', '1', 'a', '1'])
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grundy.catalogue import parse_game
from grundy.errors import InvalidGame, TooBig
from grundy.heap.base import HeapGame
from grundy.misere.answer import quotient_applies
from grundy.misere.given import GivenElements, given_elements, opens_into_another
from grundy.misere.presentation import presentation, rows_of_twelve
from grundy.misere.quotient import Quotient
from grundy.misere.store import QUOTIENT_HEAPS, QUOTIENT_TRIALS, known_quotient, timed_build

#: The most heaps ``grundy quotient --to`` may ask for.
MAX_QUOTIENT_HEAPS = 5000
#: What proves the pretending function's period for every heap.
PERIODICITY = "periodicity theorem for misère quotients (Plambeck-Siegel)"


def quotient_report(game: HeapGame, to: int | None = None) -> dict[str, Any]:
    """The quotient of ``game`` on heaps up to ``to`` (default: until its period is proved,
    at most :data:`~grundy.misere.store.QUOTIENT_HEAPS` heaps).

    Keys: ``game``, ``to`` (the heaps listed), ``order``, ``generators`` (``name``,
    ``heap``), ``relations`` (pairs of words), ``p_portion`` (words), ``pretending``
    (``values``: the element of each heap 0..to; ``preperiod``, ``period``), ``stable``
    (a proved period carries the quotient to every heap), ``by`` (the theorem), and
    ``stopped`` (why the construction ended early, or None).
    """
    if to is not None and to > MAX_QUOTIENT_HEAPS:
        raise TooBig(f"the misère quotient of {game.text} over heaps 0..{to}", size=to,
                     limit=MAX_QUOTIENT_HEAPS, unit="heaps")
    if opens_into_another(game):
        return _given_report(game, to)
    if not quotient_applies(game):
        raise InvalidGame(f"misère quotients are built for take-and-break codes, finite "
                          f"subtraction sets and the daisy, not {game.text}")
    quotient = _furthest(game, to)
    shown = quotient.to if to is None else (to if quotient.stable else min(to, quotient.to))
    return _report(game.text, quotient, shown)


def _furthest(game: HeapGame, to: int | None) -> Quotient:
    """The quotient over heaps 0..``to`` (default: as far as it is known or can be found):
    the one kept (shipped with the package, or cached) when it covers exactly these heaps,
    every heap, or when a construction within the time budget stops short of it."""
    kept = known_quotient(game)
    if kept is not None and (kept.stable or (to is not None and kept.to == to)):
        return kept
    built = timed_build(game, QUOTIENT_HEAPS if to is None else to, QUOTIENT_TRIALS)
    if kept is not None and kept.to > built.to and (to is None or to > kept.to):
        return _noted(kept, built)
    return built


def _noted(kept: Quotient, built: Quotient) -> Quotient:
    """The kept quotient, saying why the construction could not take it further."""
    why = kept.stopped or f"it is known only up to heap {kept.to}"
    if built.stopped:
        why += (f"; built here within the time budget it reaches only heap {built.to} "
                f"({built.stopped})")
    return replace(kept, stopped=why)


def _report(name: str, quotient: Quotient, shown: int) -> dict[str, Any]:
    told = presentation(quotient.monoid, quotient.images)
    period = quotient.period
    return {
        "game": name,
        "to": shown,
        "order": quotient.order,
        "generators": [{"name": n, "heap": h}
                       for n, h in zip(told.generators, told.heaps, strict=True)],
        "relations": [list(r) for r in told.relations],
        "p_portion": [told.words[x] for x in range(quotient.order) if quotient.monoid.p[x]],
        "pretending": {
            "values": [told.words[quotient.image(n)] for n in range(shown + 1)],
            "preperiod": None if period is None else period.preperiod,
            "period": None if period is None else period.period,
        },
        "stable": quotient.stable,
        "by": PERIODICITY if quotient.stable else None,
        "stopped": quotient.stopped,
    }


def _given_report(game: HeapGame, to: int | None) -> dict[str, Any]:
    """The quotient of the game that ``game``'s heaps open into, and the element each heap
    plays as in it (under the heaps' plural, ``daisies``: ``values`` for heaps 0..to, None
    where none will do; their ``preperiod`` and ``period``; ``misfits``).

    >>> from grundy.heap.takebreak import Daisy
    >>> report = _given_report(Daisy(), 12)
    >>> report["daisies"]["values"][:7], report["daisies"]["misfits"]
    (['1', 'a', 'b', '1', 'b²', '1', None], [6, 10, 14, 21, 22])
    """
    given = given_elements(game)
    if given is None:
        raise InvalidGame(f"the misère quotient of {game.part_game.text} is not known here, "
                          f"so neither is the {game.text}'s")
    quotient = given.quotient
    shown = quotient.to if to is None else to
    report = _report(game.text, quotient, shown)
    words = given.words()
    elements = [given.element(n) for n in range(shown + 1)]
    preperiod, period = given.period()
    report[given.plural] = {
        "values": [None if e is None else words[e] for e in elements],
        "preperiod": preperiod,
        "period": period,
        "misfits": given.misfits(preperiod),
    }
    return report


def _given_of(report: dict[str, Any]) -> GivenElements | None:
    """The elements a report lists beside the quotient (its game's heaps open into
    another's), or None."""
    return given_elements(parse_game(report["game"]))


def quotient_text(report: dict[str, Any]) -> str:
    """The report in words, for the command line."""
    given = _given_of(report)
    of = report["game"] if given is None else given.report_title()
    lines = [f"Misère quotient of {of}, heaps 0..{report['to']}: order {report['order']}"]
    gens = ", ".join(f"{g['name']} = heap {g['heap']}" for g in report["generators"])
    lines.append(f"Generators: {gens or 'none'}")
    lines.append("Relations: " + (", ".join(f"{a} = {b}" for a, b in report["relations"])
                                  or "none"))
    lines.append("P-portion: " + ", ".join(report["p_portion"]))
    lines.append("Pretending function (the element of each heap):")
    lines.extend(rows_of_twelve(report["pretending"]["values"]))
    pretending = report["pretending"]
    if report["stable"]:
        lines.append(f"Periodic from heap {pretending['preperiod']} with period "
                     f"{pretending['period']} (proved by the {report['by']}): the quotient "
                     f"holds for heaps of every size.")
    else:
        lines.append("No period proved within these heaps: the quotient holds for heaps up "
                     f"to {report['to']} only.")
    if report["stopped"]:
        lines.append(f"Stopped: {report['stopped']}.")
    if given is not None:
        lines.extend(given.report_lines(report))
    return "\n".join(lines)
