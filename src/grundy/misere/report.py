"""The misère quotient of a heap game as a JSON-ready object and as text.

>>> from grundy.heap.takebreak import TakeAndBreak
>>> report = quotient_report(TakeAndBreak("0.3"), 6)
>>> report["order"], report["p_portion"], report["pretending"]["values"]
(2, ['a'], ['1', 'a', '1', 'a', '1', 'a', '1'])
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grundy.errors import InvalidGame, TooBig
from grundy.heap.base import HeapGame
from grundy.heap.takebreak import Daisy
from grundy.misere.answer import quotient_applies
from grundy.misere.daisy import daisy_elements
from grundy.misere.presentation import presentation
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
    if isinstance(game, Daisy):
        return _daisy_report(to)
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


def _daisy_report(to: int | None) -> dict[str, Any]:
    """Kayles' quotient, and the element each daisy plays as in it (``daisies``: ``values``
    for daisies 0..to, None where none will do; their ``preperiod`` and ``period``, proved
    from the rows' period; ``misfits``).

    >>> report = _daisy_report(12)
    >>> report["daisies"]["values"][:7], report["daisies"]["misfits"]
    (['1', 'a', 'b', '1', 'b²', '1', None], [6, 10, 14, 21, 22])
    """
    daisies = daisy_elements()
    if daisies is None:
        raise InvalidGame("the misère quotient of kayles is not known here, so neither is "
                          "the daisy's")
    quotient = daisies.quotient
    shown = quotient.to if to is None else to
    report = _report("daisy", quotient, shown)
    words = daisies.words()
    elements = [daisies.element(n) for n in range(shown + 1)]
    preperiod, period = daisies.period()
    report["daisies"] = {
        "values": [None if e is None else words[e] for e in elements],
        "preperiod": preperiod,
        "period": period,
        "misfits": daisies.misfits(preperiod),
    }
    return report


def quotient_text(report: dict[str, Any]) -> str:
    """The report in words, for the command line."""
    daisies = report.get("daisies")
    of = ("daisy: the quotient of Kayles rows, which daisies open into"
          if daisies else report["game"])
    lines = [f"Misère quotient of {of}, heaps 0..{report['to']}: order {report['order']}"]
    gens = ", ".join(f"{g['name']} = heap {g['heap']}" for g in report["generators"])
    lines.append(f"Generators: {gens or 'none'}")
    lines.append("Relations: " + (", ".join(f"{a} = {b}" for a, b in report["relations"])
                                  or "none"))
    lines.append("P-portion: " + ", ".join(report["p_portion"]))
    lines.append("Pretending function (the element of each heap):")
    lines.extend(_rows_of_twelve(report["pretending"]["values"]))
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
    if daisies:
        lines.append("Daisies (the element each plays as beside any rows and daisies, "
                     "proved over every such sum; - where none will do):")
        lines.extend(_rows_of_twelve([v or "-" for v in daisies["values"]]))
        misfits = ", ".join(map(str, daisies["misfits"]))
        lines.append(f"Periodic from daisy {daisies['preperiod']} with period "
                     f"{daisies['period']} (proved from the rows' period: a daisy's options "
                     f"are rows). The daisies of {misfits} petals play as no element: "
                     f"positions holding them are answered by search.")
    return "\n".join(lines)


def _rows_of_twelve(values: list[str]) -> list[str]:
    return [f"{start:>6}: " + " ".join(f"{v:<6}" for v in values[start:start + 12]).rstrip()
            for start in range(0, len(values), 12)]
