"""Running a census: the codes of the shapes, one row per game, on local processes or on a
Dask distributed cluster, saved as they finish so that an interrupted census goes on.

>>> census = run_census(["0.6?"], 60, workers=1)
>>> [(entry.row.code, entry.same_game) for entry in census.entries][:2]
[('0.6', ('0.61', '0.62', '0.63')), ('0.64', ('0.65', '0.66', '0.67'))]
"""

from __future__ import annotations

import contextlib
import json
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grundy.census.equivalence import same_game_groups
from grundy.census.rows import CensusRow, census_row, row_checkpoint
from grundy.census.shapes import codes_of_shapes
from grundy.errors import InvalidArgument
from grundy.numerals import shown

#: How long to wait for the Dask scheduler to answer, in seconds.
CONNECT_SECONDS = 10


class ClusterMissing(Exception):
    """The Dask packages for ``--scheduler`` are not installed."""


@dataclass(frozen=True)
class CensusEntry:
    """A row of the census and the other codes of the shapes that are the same game."""

    row: CensusRow
    same_game: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The row's fields, with ``same_game`` after the code."""
        data = self.row.to_json()
        return {"code": data.pop("code"), "same_game": list(self.same_game), **data}


@dataclass(frozen=True)
class Census:
    """The rows of a census of ``shapes`` to heap ``to`` (each row's time limited to
    ``seconds`` when not None), in the order of the codes; ``codes`` counts the codes of the
    shapes before equal games were merged."""

    shapes: tuple[str, ...]
    to: int
    seconds: float | None
    codes: int
    entries: tuple[CensusEntry, ...]

    def to_json(self) -> dict[str, Any]:
        """The object printed by ``grundy census --format json``."""
        return {"shapes": list(self.shapes), "to": self.to, "seconds": self.seconds,
                "codes": self.codes, "games": len(self.entries),
                "rows": [entry.to_json() for entry in self.entries]}


@dataclass(frozen=True)
class Plan:
    """What a census computes: one representative per game, the codes it stands for."""

    codes: int
    groups: tuple[tuple[str, tuple[str, ...]], ...]


def plan_census(shapes: Sequence[str]) -> Plan:
    """The games of the shapes: for each, its first code and the other codes of that game.

    >>> plan_census(["0.0?", "0.02?"]).groups[:3]
    (('0.01', ()), ('0.02', ('0.021',)), ('0.03', ()))
    """
    codes = codes_of_shapes(shapes)
    groups = tuple((group[0].text, tuple(code.text for code in group[1:]))
                   for group in same_game_groups(codes))
    return Plan(len(codes), groups)


class CensusState:
    """Finished rows kept in a file, one JSON object a line, written as each row finishes.

    Rows of another limit or time budget are ignored, as is a line cut short by a kill.
    The codes being computed keep their values so far in :attr:`progress`, the folder
    ``FILE.progress`` beside the file (rows without a time budget, computed by ``local``
    processes, which see that folder): a killed census goes on from them.

    >>> CensusState("census.state", 1024, None).progress.as_posix()
    'census.state.progress'
    >>> CensusState("census.state", 1024, None, local=False).progress is None
    True
    """

    def __init__(self, path: str | None, to: int, seconds: float | None,
                 local: bool = True) -> None:
        self.path = None if path is None else Path(path)
        self.to = to
        self.seconds = seconds
        self.local = local

    @property
    def progress(self) -> Path | None:
        """The folder of the checkpoints of rows under way, or None when none are kept."""
        if self.path is None or self.seconds is not None or not self.local:
            return None
        return self.path.with_name(self.path.name + ".progress")

    def finished(self) -> dict[str, CensusRow]:
        """The rows already in the file for this limit and budget, by code."""
        if self.path is None or not self.path.exists():
            return {}
        rows: dict[str, CensusRow] = {}
        with self.path.open(encoding="utf-8", errors="replace") as lines:
            for line in lines:
                try:
                    data = json.loads(line)
                    if data["to"] == self.to and data["seconds"] == self.seconds:
                        row = CensusRow.from_json(data["row"])
                        rows[row.code] = row
                except (ValueError, KeyError, TypeError):
                    continue
        return rows

    def save(self, row: CensusRow) -> None:
        """Append one finished row (flushed at once), then drop its checkpoint."""
        if self.path is None:
            return
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"to": self.to, "seconds": self.seconds,
                                  "row": row.to_json()}) + "\n")
        if self.progress is not None:
            row_checkpoint(self.progress, row.code, self.to).remove()
            with contextlib.suppress(OSError):
                self.progress.rmdir()


def run_census(shapes: Sequence[str], to: int, *, seconds: float | None = None,
               workers: int = 1, scheduler: str | None = None, state: str | None = None,
               done: Callable[[int, int], None] | None = None) -> Census:
    """Compute every game of the shapes to heap ``to`` (rows already in ``state`` are
    reused) on ``workers`` local processes, or on the Dask scheduler at ``scheduler``.

    ``done(finished, total)`` is called as rows finish.  Ctrl-C stops the work; the rows
    finished so far stay in ``state`` for the next run.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidArgument(f"workers must be a whole number >= 1, not {workers!r}")
    plan = plan_census(shapes)
    saved = CensusState(state, to, seconds, local=scheduler is None)
    wanted = {code for code, _ in plan.groups}
    rows = {code: row for code, row in saved.finished().items() if code in wanted}
    missing = [code for code, _ in plan.groups if code not in rows]
    if done is not None:
        done(len(rows), len(plan.groups))
    if scheduler is not None:
        computed = _on_cluster(missing, to, seconds, scheduler)
    elif workers == 1 or len(missing) <= 1:
        computed = (census_row(code, to, seconds, saved.progress) for code in missing)
    else:
        computed = _on_processes(missing, to, seconds, workers, saved.progress)
    for row in computed:
        saved.save(row)
        rows[row.code] = row
        if done is not None:
            done(len(rows), len(plan.groups))
    entries = tuple(CensusEntry(rows[code], same) for code, same in plan.groups)
    return Census(tuple(shapes), to, seconds, plan.codes, entries)


def _row_task(task: tuple[str, int, float | None, Path | None]) -> CensusRow:
    return census_row(*task)


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal; the parent alone stops the work.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_processes(codes: Sequence[str], to: int, seconds: float | None, workers: int,
                  keep_in: Path | None) -> Iterator[CensusRow]:
    import multiprocessing

    pool = multiprocessing.get_context("spawn").Pool(min(workers, len(codes)),
                                                     initializer=_ignore_interrupts)
    try:
        yield from pool.imap_unordered(_row_task, [(code, to, seconds, keep_in) for code in codes])
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _on_cluster(codes: Sequence[str], to: int, seconds: float | None, address: str
                ) -> Iterator[CensusRow]:
    import importlib

    try:
        # Imported by name: Dask is optional, and untyped.
        dask: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterMissing("--scheduler needs Dask: pip install 'grundy[cluster]'") from None
    try:
        client = dask.Client(address, timeout=f"{CONNECT_SECONDS}s")
    except (OSError, TimeoutError) as error:
        raise InvalidArgument(f"cannot reach the Dask scheduler at {shown(address)}: "
                              f"{error}") from None
    with client:
        futures = [client.submit(census_row, code, to, seconds, key=f"census-{code}-{to}",
                                 pure=False) for code in codes]
        try:
            for future in dask.as_completed(futures):
                yield future.result()
        finally:
            client.cancel(futures)
