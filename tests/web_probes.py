"""Answers for the web server's worker processes that try their limits, whatever the library
can do: work that never ends, memory taken until none is left, an answer at once.

:func:`probe` answers a :class:`~grundy.web.jobs.Job` by its ``probe`` parameter, or else
its ``kind`` (one of :data:`PROBES`); named ``"web_probes:probe"``, it is imported in each
worker (which has the test's ``sys.path``).  When the job's parameters name a file
(``pids``), the probe first writes there its own process id and those of the processes it
starts, so that a test can check that none of them outlives the job.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from grundy.web.jobs import Answer, Job


def endless(job: Job) -> Answer:
    """Start a process that sleeps (it shares the worker's process group), then sleep too."""
    sleeper = subprocess.Popen(["sleep", "1000"])
    _write_pids(job, [os.getpid(), sleeper.pid])
    while True:
        time.sleep(60)


def allocate(job: Job) -> Answer:
    """Take memory (and touch it) until none is left; the MemoryError goes to the worker."""
    _write_pids(job, [os.getpid()])
    taken = []
    while True:
        taken.append(bytearray(8 * 2**20))


def allocate_then_abort(job: Job) -> Answer:
    """As :func:`allocate`, but the worker dies of it, without a word."""
    try:
        allocate(job)
    except MemoryError:
        os.abort()
    raise AssertionError("unreachable: allocate never returns")


def spin(job: Job) -> Answer:
    """Use CPU time for ever."""
    _write_pids(job, [os.getpid()])
    while True:
        pass


def echo(job: Job) -> Answer:
    """Answer at once with the job's parameters and the worker's process id."""
    _write_pids(job, [os.getpid()])
    return Answer(200, {"kind": job.kind, "params": job.params, "pid": os.getpid()})


PROBES: dict[str, Callable[[Job], Answer]] = {
    "endless": endless, "allocate": allocate, "abort": allocate_then_abort, "echo": echo,
    "spin": spin}


def probe(job: Job) -> Answer:
    """The answer of the probe named by ``job.params["probe"]``, or else by ``job.kind``."""
    return PROBES[job.params.get("probe", job.kind)](job)


def _write_pids(job: Job, pids: list[int]) -> None:
    if "pids" in job.params:
        Path(job.params["pids"]).write_text(" ".join(map(str, pids)))
