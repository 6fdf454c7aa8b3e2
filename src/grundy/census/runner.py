"""Running a census: the codes of the shapes, one row per game, on local processes or on a
Dask distributed cluster, saved as they finish so that an interrupted census goes on.

>>> census = run_census(["0.6?"], 60, workers=1)
>>> [(entry.row.code, entry.same_game) for entry in census.entries][:2]
[('0.6', ('0.61', '0.62', '0.63')), ('0.64', ('0.65', '0.66', '0.67'))]
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grundy.census.equivalence import same_game_groups
from grundy.census.results import BadRow, CensusRow, census_row, checked_row, row_checkpoint
from grundy.census.shapes import codes_of_shapes
from grundy.errors import InvalidArgument, TooBig
from grundy.numerals import shown
from grundy.seal import UNSEALED, Sealing, user_seal

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


class NotCensusState(InvalidArgument):
    """A ``--state`` file that is not a census state, or whose rows do not check out."""


#: The first line of every census state file: a file without it is never read nor appended to.
HEADER = '{"grundy": "census state", "version": 1}'
#: The largest census state read (4096 codes take about 1 MB a limit and budget).
MAX_STATE_BYTES = 64 << 20


def row_seal(data: dict[str, Any]) -> Sealing:
    """The seal (the user's key) of a line of a census state: its fields but ``seal``, as
    JSON with sorted keys.

    >>> line = {"to": 10, "seconds": None, "row": {"code": "0.77"}}
    >>> row_seal(line).hexdigest() == row_seal({**line, "to": 11}).hexdigest()
    False
    """
    sealing = user_seal().start()
    sealing.add(HEADER.encode("utf-8"))
    sealing.add(json.dumps({name: value for name, value in data.items() if name != "seal"},
                           sort_keys=True).encode("utf-8"))
    return sealing


class CensusState:
    """Finished rows kept in a file, one JSON object a line, written as each row finishes.

    The file starts with the line :data:`HEADER`; a file without it (an unrelated file) is
    refused, never appended to.  Each line carries its seal (:func:`row_seal`,
    :mod:`grundy.seal`: written by this user's grundy and not changed since); a line
    without one (from an older version) or whose seal does not match makes the file
    refused.  Rows of another limit or time budget are ignored, as is a
    last line cut short by a kill; every other row is checked before it is used
    (:func:`~grundy.census.results.checked_row`): a row that is not one the census writes, or
    says its period is proved when computing it again says otherwise, makes the file refused.
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

    def finished(self, wanted: Collection[str] | None = None) -> dict[str, CensusRow]:
        """The rows already in the file for this limit and budget, by code (of ``wanted``
        codes only, when given), each checked; :class:`NotCensusState` when the file is not
        a census state or a row does not check out."""
        text = self._text()
        if not text:
            return {}
        lines = text.split("\n")
        if lines[0] != HEADER:
            raise NotCensusState(f"{shown(str(self.path), 200)} is not a census state (its first "
                                 f"line is not {HEADER}); give another --state file")
        rows: dict[str, CensusRow] = {}
        # The last piece has no newline: empty, or a line cut short by a kill.
        for number, line in enumerate(lines[1:-1], start=2):
            try:
                data = json.loads(line)
                if isinstance(data, dict) and set(data) == {"to", "seconds", "row"}:
                    raise BadRow(UNSEALED)
                if not isinstance(data, dict) or set(data) != {"to", "seconds", "row", "seal"}:
                    raise BadRow("a line must be an object with to, seconds, row and seal")
                if not row_seal(data).verifies(data["seal"]):
                    raise BadRow("its seal does not match: it was changed since it was "
                                 "written, or written with another user's key")
                if data["to"] != self.to or data["seconds"] != self.seconds:
                    continue
                # Every row is typed; only those of this census are computed again.
                code = data["row"].get("code") if isinstance(data["row"], dict) else None
                ours = wanted is None or (isinstance(code, str) and code in wanted)
                row = checked_row(data["row"], self.to, self.seconds, recompute=ours)
                if not ours:
                    continue
            except (ValueError, TypeError, TooBig) as error:
                raise NotCensusState(f"damaged census state {shown(str(self.path), 200)}: line "
                                     f"{number}: {str(error)[:200]}; remove it to "
                                     "start again") from None
            if row is not None:
                rows[row.code] = row
        return rows

    def _text(self) -> str:
        """The file's text ('' when there is none), read only from a regular file of at most
        :data:`MAX_STATE_BYTES`."""
        if self.path is None:
            return ""
        try:
            # Without blocking: a FIFO would wait for a writer.
            descriptor = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
        except FileNotFoundError:
            return ""
        except OSError as error:
            raise NotCensusState(f"cannot read the census state {shown(str(self.path), 200)}: "
                                 f"{error.strerror}") from None
        with os.fdopen(descriptor, "rb") as source:
            status = os.fstat(descriptor)
            if not stat.S_ISREG(status.st_mode):
                raise NotCensusState(f"{shown(str(self.path), 200)} is not a census state (not a "
                                     "regular file); give another --state file")
            if status.st_size > MAX_STATE_BYTES:
                raise NotCensusState(f"{shown(str(self.path), 200)} is not a census state (it is "
                                     f"{status.st_size} bytes; one is at most "
                                     f"{MAX_STATE_BYTES}); give another --state file")
            os.set_blocking(descriptor, True)
            return source.read(MAX_STATE_BYTES).decode("utf-8", errors="replace")

    def save(self, row: CensusRow) -> None:
        """Append one finished row (flushed at once), the header first in a new file, then
        drop its checkpoint."""
        if self.path is None:
            return
        data: dict[str, Any] = {"to": self.to, "seconds": self.seconds, "row": row.to_json()}
        line = json.dumps({**data, "seal": row_seal(data).hexdigest()})
        with self.path.open("a+b") as out:
            end = out.seek(0, os.SEEK_END)
            if end == 0:
                out.write(HEADER.encode("utf-8") + b"\n")
            else:
                # A line cut short by a kill is dropped, so that the new row starts a line.
                out.seek(max(0, end - 4096))
                kept = out.read()
                if not kept.endswith(b"\n"):
                    out.truncate(end - len(kept) + kept.rfind(b"\n") + 1)
            out.write(line.encode("utf-8") + b"\n")
        if self.progress is not None:
            row_checkpoint(self.progress, row.code, self.to).remove()
            with contextlib.suppress(OSError):
                self.progress.rmdir()


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within this, SIGTERM (``kill``, ``timeout``) stops the work as Ctrl-C does: the rows
    finished stay in the state file and the worker processes are ended cleanly."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


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
    rows = saved.finished(wanted)
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


def _start_worker(parent: int) -> None:
    # Ctrl-C reaches every process of the terminal; the parent alone stops the work.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A worker whose parent is gone (kill -9) ends at once, quietly: nobody would read its
    # rows, and sending them would fail with a broken pipe.
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


#: ``prctl`` option (Linux): the signal a process gets when its parent ends.
_PR_SET_PDEATHSIG = 1
#: Seconds between two looks at whether a worker's parent is still there.
_WATCH_SECONDS = 0.5


def _watch_parent(parent: int) -> None:
    """End this process when its parent is gone (where ``prctl`` is not, and for a parent
    gone before the worker asked for its signal)."""
    while os.getppid() == parent:
        time.sleep(_WATCH_SECONDS)
    os._exit(1)


def _on_processes(codes: Sequence[str], to: int, seconds: float | None, workers: int,
                  keep_in: Path | None) -> Iterator[CensusRow]:
    import multiprocessing

    pool = multiprocessing.get_context("spawn").Pool(min(workers, len(codes)),
                                                     initializer=_start_worker,
                                                     initargs=(os.getpid(),))
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
