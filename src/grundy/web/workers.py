"""Each request's work in a process of its own, which the server stops when it runs too long.

A job (:class:`~grundy.web.jobs.Job`) is answered in a fresh worker process forked from a
"forkserver" that has imported the library and answered :data:`~grundy.web.jobs.WARM_UP`
once (so no worker compiles a kernel).  The limits hold whatever the library does:

* memory: the worker's address space may grow by at most ``memory`` bytes
  (``RLIMIT_AS``); a job that needs more fails, or its worker dies, and the answer is 413;
* time: the server kills the worker (and anything it started) after ``seconds`` and
  answers 413;
* CPU: a worker that has used ``nice_after`` seconds of CPU time gets the lowest CPU
  priority, so that fresh, cheap requests are answered first while expensive ones run;
* count: at most ``workers`` run at once; a request that finds none free within ``queue``
  seconds is answered 503.

What answers a job is named, not passed: ``"module:function"`` (by default
:data:`ANSWER`, the web API's own answers), imported in the worker.  The limits are the
server's, whatever that function does; so they can be tried with functions that never end
or never stop allocating.

>>> import anyio
>>> from grundy.web.jobs import Job
>>> pool = Workers(Limits(workers=2, seconds=5))
>>> anyio.run(pool.run, Job("analyze", {"q": "nim 0"})).status
200
"""

from __future__ import annotations

import contextlib
import importlib
import io
import multiprocessing
import multiprocessing.connection
import os
import resource
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing import forkserver, popen_forkserver, reduction, spawn, util
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerProcess, set_spawning_popen
from typing import Any, cast

import anyio
import anyio.to_thread

from grundy.web.jobs import Answer, Job, error

#: The module the forkserver imports before forking any worker (it warms the kernels up).
PRELOAD = "grundy.web.preload"
#: What answers a job unless told otherwise: the web API (:func:`grundy.web.jobs.answer`).
ANSWER = "grundy.web.jobs:answer"


@dataclass(frozen=True)
class Limits:
    """What one request may use: ``memory`` bytes more than a fresh worker, ``seconds`` of
    wall-clock time; ``workers`` at once, ``queue`` seconds of waiting for one."""

    memory: int = 256 * 1024 * 1024
    seconds: float = 10.0
    workers: int = 24
    queue: float = 5.0
    nice_after: float = 0.02

    @property
    def memory_text(self) -> str:
        """The memory limit in MiB, for messages.

        >>> Limits(memory=3 * 2**20).memory_text
        '3 MiB'
        """
        return f"{self.memory // 2**20} MiB"


class Workers:
    """Runs jobs in worker processes within :class:`Limits`.

    ``answer`` names the function (``"module:function"``, importable in a worker: the
    workers have the server's ``sys.path``) that turns a :class:`Job` into an
    :class:`Answer`; it is looked up here too, so that a wrong name fails at once.
    """

    def __init__(self, limits: Limits, answer: str = ANSWER) -> None:
        named_function(answer)
        self.limits = limits
        self.answer = answer
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload([PRELOAD])
        self._slots = anyio.CapacityLimiter(limits.workers)
        self._threads = anyio.CapacityLimiter(limits.workers)

    async def start(self) -> None:
        """Start the forkserver (importing and warming the library) and wait till it serves."""
        await self.run(Job("analyze", {"q": "nim 1"}))

    async def run(self, job: Job) -> Answer:
        """The answer to ``job``, or 413/503 when the limits stop it."""
        try:
            with anyio.fail_after(self.limits.queue):
                await self._slots.acquire()
        except TimeoutError:
            return error(503, f"the server is busy: all {self.limits.workers} workers stayed "
                         f"busy for {self.limits.queue:g} s; try again later")
        try:
            return await anyio.to_thread.run_sync(self._answer, job, limiter=self._threads)
        finally:
            self._slots.release()

    def _answer(self, job: Job) -> Answer:
        limits = self.limits
        receiver, sender = self._context.Pipe(duplex=False)
        worker = _Worker(target=_work, args=(sender, self.answer, job, limits.memory),
                         daemon=True)
        try:
            worker.start()
        except OSError as failure:  # out of processes or of open files
            receiver.close()
            return error(503, f"the server cannot start a worker now ({failure.strerror}); "
                         "try again later")
        finally:
            sender.close()
        start = time.monotonic()
        try:
            reply = _wait(receiver, worker, start, limits)
            if reply is None:
                return error(413, f"the work took longer than {limits.seconds:g} s, the "
                             "limit of one request")
            if isinstance(reply, Answer):
                return reply
            return error(413, f"the work needed more memory than the limit of one request "
                         f"({limits.memory_text})")
        finally:
            _stop(worker)
            receiver.close()


def _wait(receiver: Connection, worker: Any, start: float, limits: Limits) -> Answer | bool | None:
    """The worker's answer; False when it died without one; None when time ran out."""
    deadline = start + limits.seconds
    niced = False
    while True:
        now = time.monotonic()
        if now >= deadline:
            return None
        until = deadline if niced else min(deadline, now + _TICK)
        ready = multiprocessing.connection.wait([receiver, worker.sentinel],
                                                timeout=max(0.0, until - now))
        if receiver in ready:
            try:
                reply: Answer = receiver.recv()
            except (EOFError, OSError):
                return False
            return reply
        if ready:
            return False
        # CPU time, not time waited: on a busy machine a cheap job may wait long for the
        # CPU, and must not lose its priority for that.
        if not niced and (_cpu_seconds(worker.pid) >= limits.nice_after
                          or time.monotonic() - start >= _NICE_ANYWAY):
            _lower_priority(worker.pid)
            niced = True


#: How often a worker's CPU time is looked at until it has its lowest priority (seconds).
_TICK = 0.01
#: A worker's priority is lowered after this long in any case (seconds): the programs it
#: starts (Graphviz) spend CPU time not counted as its own.
_NICE_ANYWAY = 1.0
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) that process ``pid`` has used; 0 when unknown."""
    try:
        with open(f"/proc/{pid}/stat") as status:
            fields = status.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS


def _lower_priority(pid: int) -> None:
    # Its group when it has made one (with what it started), else the worker alone; it
    # may have ended meanwhile.
    for which in (os.PRIO_PGRP, os.PRIO_PROCESS):
        with contextlib.suppress(OSError):
            os.setpriority(which, pid, 19)


def _stop(worker: Any) -> None:
    """Kill the worker and whatever it started (its process group), and reap it."""
    if worker.is_alive():
        for kill in (os.killpg, os.kill):
            with contextlib.suppress(OSError):  # already ended, or its group not made yet
                kill(worker.pid, signal.SIGKILL)
    worker.join()
    worker.close()


def _work(sender: Connection, answerer: str, job: Job, memory: int) -> None:
    """The worker process: limit its memory, answer ``job`` with the function named
    ``answerer``, send the answer."""
    os.setpgid(0, 0)  # a group of its own, so that what it starts is killed with it
    answer = named_function(answerer)
    grown = _address_space() + memory
    resource.setrlimit(resource.RLIMIT_AS, (grown, grown))
    try:
        # The library refuses work its estimate puts over the limit before the kernel
        # would stop the worker.
        reply = answer(replace(job, memory=memory))
    except MemoryError:
        reply = None
    except RecursionError:
        reply = error(413, "the work went too deep (Python's recursion limit)")
    except Exception as failure:  # a fault of the library: say so in one line, no traceback
        reply = error(500, f"internal error: {type(failure).__name__}")
    if reply is None:
        # What failed to get memory is gone: there is room for the message now.
        sender.send(False)
    else:
        sender.send(reply)
    sender.close()


def named_function(name: str) -> Callable[[Job], Answer]:
    """The function ``name`` names, as ``"module:function"`` (the module is imported).

    >>> named_function(ANSWER)(Job("analyze", {"q": "nim 2 2"})).body["outcome"]
    'P'
    """
    module, _, function = name.partition(":")
    return cast("Callable[[Job], Answer]", getattr(importlib.import_module(module), function))


def _address_space() -> int:
    """This process's address space, in bytes (what ``RLIMIT_AS`` counts)."""
    with open("/proc/self/statm") as status:
        pages = int(status.read().split()[0])
    return pages * os.sysconf("SC_PAGE_SIZE")


class _Launch(popen_forkserver.Popen):
    """The forkserver's start of a process, less the re-import of the server's main module.

    multiprocessing runs the parent's ``__main__`` again in each new process (to find what
    it defined); the server's main module may be any program (a script, a test runner),
    and the worker needs nothing from it.
    """

    def _launch(self, process_obj: Any) -> None:
        prep_data = {key: value for key, value in
                     spawn.get_preparation_data(process_obj._name).items()
                     if not key.startswith("init_main")}
        buf = io.BytesIO()
        set_spawning_popen(self)
        try:
            reduction.dump(prep_data, buf)
            reduction.dump(process_obj, buf)
        finally:
            set_spawning_popen(None)
        self.sentinel, w = forkserver.connect_to_new_process(self._fds)  # type: ignore[attr-defined]
        # As multiprocessing does: a duplicate of the data pipe's write end tells the
        # worker that the server is alive.
        _parent_w = os.dup(w)
        self.finalizer = util.Finalize(self, util.close_fds,  # type: ignore[attr-defined]
                                       (_parent_w, self.sentinel))
        with open(w, "wb", closefd=True) as f:
            f.write(buf.getbuffer())
        self.pid = forkserver.read_signed(self.sentinel)


class _Worker(ForkServerProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        return _Launch(process_obj)
