"""The misère quotient of a heap game as a JSON-ready object and as text.

>>> from grundy.heap.takebreak import TakeAndBreak
>>> report = quotient_report(TakeAndBreak("0.3"), 6)
>>> report["order"], report["p_portion"], report["pretending"]["values"]
(2, ['a'], ['1', 'a', '1', 'a', '1', 'a', '1'])
"""

from __future__ import annotations

from typing import Any

from grundy.errors import InvalidGame, TooBig
from grundy.heap.base import HeapGame
from grundy.misere.answer import quotient_applies
from grundy.misere.presentation import presentation
from grundy.misere.progress import BuildProgress
from grundy.misere.quotient import build_quotient
from grundy.misere.store import QUOTIENT_HEAPS, QUOTIENT_TRIALS

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
    if not quotient_applies(game):
        raise InvalidGame(f"misère quotients are built for take-and-break codes and finite "
                          f"subtraction sets, not {game.text}")
    if to is not None and to > MAX_QUOTIENT_HEAPS:
        raise TooBig(f"the misère quotient of {game.text} over heaps 0..{to}", size=to,
                     limit=MAX_QUOTIENT_HEAPS, unit="heaps")
    told_progress = BuildProgress(game.text)
    try:
        quotient = build_quotient(game, QUOTIENT_HEAPS if to is None else to, told_progress,
                                  trials=QUOTIENT_TRIALS)
    finally:
        told_progress.close()
    shown = quotient.to if to is None else (to if quotient.stable else quotient.to)
    told = presentation(quotient.monoid, quotient.images)
    period = quotient.period
    return {
        "game": game.text,
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


def quotient_text(report: dict[str, Any]) -> str:
    """The report in words, for the command line."""
    lines = [f"Misère quotient of {report['game']}, heaps 0..{report['to']}: "
             f"order {report['order']}"]
    gens = ", ".join(f"{g['name']} = heap {g['heap']}" for g in report["generators"])
    lines.append(f"Generators: {gens or 'none'}")
    lines.append("Relations: " + (", ".join(f"{a} = {b}" for a, b in report["relations"])
                                  or "none"))
    lines.append("P-portion: " + ", ".join(report["p_portion"]))
    lines.append("Pretending function (the element of each heap):")
    values = report["pretending"]["values"]
    for start in range(0, len(values), 12):
        row = values[start:start + 12]
        lines.append(f"{start:>6}: " + " ".join(f"{v:<6}" for v in row).rstrip())
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
    return "\n".join(lines)
