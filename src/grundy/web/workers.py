"""Each request's work in a worker process, which the server stops when it runs too long.

Two kinds of worker, both started from a "forkserver" that has imported the library and
answered :data:`~grundy.web.jobs.WARM_UP` once (so no worker compiles a kernel):

* quick workers (``Limits.quick`` of them, long-lived): they answer, one after another, the
  jobs whose work the library's own estimates put small before it starts
  (:func:`~grundy.web.jobs.quick_answer`), without a process started per request, each
  sent up to ``quick_depth`` jobs at once (:mod:`grundy.web.quick`).  A job that turns out
  bigger is sent on to a worker of its own: one that uses more than
  ``quick_cpu`` seconds of CPU time, or more memory than ``memory``, ends its quick worker
  (a fresh one takes its place), and the server stops a quick worker that has not answered
  the job at the head of its queue within ``quick_seconds``;
* a worker of its own, a fresh process for every other job, ended with it.

The limits hold whatever the library does:

* memory: a worker's address space may grow by at most ``memory`` bytes (``RLIMIT_AS``); a
  job that needs more fails, or its worker dies, and the answer is 413.  All workers
  together may grow by at most ``total_memory`` (by default half of the machine's memory):
  the workers of their own run at once are as many as that leaves room for beside the quick
  ones, and never more than ``workers``;
* time: the server kills a worker of its own (and anything it started) after ``seconds``
  and answers 413;
* CPU: a worker of its own runs at the lowest CPU priority (nice 19, and ``SCHED_IDLE``:
  any other process of its scheduling group that wakes takes the CPU from it) from its
  start while the quick workers run (its job is big by the estimates), else once it has
  used ``nice_after`` seconds of CPU time, so that fresh, cheap requests are answered
  first while expensive ones run.  The workers stay in the session, and so in the
  scheduling group, of whatever started the server: what supervises that session (a
  service manager, a job runner) ends them with it;
* count and fairness: a request that finds no worker free within ``queue`` seconds is
  answered 503; waiting requests get their turns client by client (by address) in
  rotation; one client may have at most ``per_client`` requests at work in workers of their
  own at once (and half as many jobs in the quick workers as there are quick workers), and
  ``per_client_requests`` at work or waiting in all: a request beyond is answered 429 at
  once.

What answers a job is named, not passed: ``"module:function"`` (by default
:data:`ANSWER`, the web API's own answers, and :data:`QUICK` for the quick workers),
imported in the worker.  The limits are the server's, whatever that function does; so
they can be tried with functions that never end or never stop allocating.

>>> import anyio
>>> from grundy.web.jobs import Job
>>> pool = Workers(Limits(workers=2, seconds=5))
>>> anyio.run(pool.run, Job("analyze", {"q": "nim 0"})).status
200
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import multiprocessing.connection
import os
import time
from collections import Counter, OrderedDict, deque
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from typing import Any

import anyio
import anyio.to_thread

from grundy.budget import machine_memory
from grundy.errors import InvalidArgument
from grundy.web.jobs import QUICK_KINDS, Answer, Job, error
from grundy.web.processes import (
    WorkerProcess,
    begin_worker,
    named_function,
    reply_to,
    stop,
)
from grundy.web.quick import QuickWorkers, start_quick

#: The module the forkserver imports before forking any worker (it warms the kernels up).
PRELOAD = "grundy.web.preload"
#: What answers a job unless told otherwise: the web API (:func:`grundy.web.jobs.answer`).
ANSWER = "grundy.web.jobs:answer"
#: What answers a job in a quick worker: the answer when the job is small, else None.
QUICK = "grundy.web.jobs:quick_answer"
#: The share of the machine's memory all workers together may grow by, unless told.
MEMORY_SHARE = 0.5


@dataclass(frozen=True)
class Limits:
    """What one request may use: ``memory`` bytes more than a fresh worker, ``seconds`` of
    wall-clock time; ``workers`` of their own at once (:func:`default_workers`), ``queue``
    seconds of waiting for one;
    ``quick`` long-lived workers for small jobs, each sent up to ``quick_depth`` jobs at
    once, each job there at most ``quick_cpu`` seconds of CPU time and ``quick_seconds`` of
    wall-clock time; per client (address)
    ``per_client`` requests at work in workers of their own at once and
    ``per_client_requests`` at work or waiting; ``total_memory`` bytes for all workers
    together (None: :data:`MEMORY_SHARE` of the machine's memory)."""

    memory: int = 256 * 1024 * 1024
    seconds: float = 10.0
    workers: int = field(default_factory=lambda: default_workers())
    queue: float = 5.0
    nice_after: float = 0.02
    quick: int = 2
    quick_depth: int = 8
    quick_cpu: float = 0.25
    quick_seconds: float = 2.0
    per_client: int = 6
    per_client_requests: int = 64
    total_memory: int | None = None

    @property
    def memory_text(self) -> str:
        """The memory limit in MiB, for messages.

        >>> Limits(memory=3 * 2**20).memory_text
        '3 MiB'
        """
        return f"{self.memory // 2**20} MiB"

    @property
    def own_workers(self) -> int:
        """How many workers of their own may run at once: ``workers``, or fewer when
        ``total_memory`` leaves room for fewer beside the quick workers.

        >>> Limits(workers=24, quick=2, memory=2**28, total_memory=2**31).own_workers
        6
        """
        total = self.total_memory
        if total is None:
            total = int(machine_memory() * MEMORY_SHARE)
        room = total // self.memory - self.quick
        if room < 1:
            raise InvalidArgument(
                f"a memory total of {total // 2**20} MiB for the web server's workers leaves "
                f"no room for one worker of {self.memory_text} beside {self.quick} quick ones")
        return min(self.workers, room)


def default_workers() -> int:
    """Workers of their own at once unless told: three for each processor this process may
    use, at most 24.  Their jobs are big by the estimates: more of them at once than the
    processors can run share the processors, each taking longer (and more of them reaching
    the time limit), and each slows the cheap requests answered meanwhile; the others wait
    their turn.

    >>> 3 <= default_workers() <= 24
    True
    """
    return min(24, 3 * len(os.sched_getaffinity(0)))


class FairTurns:
    """A number of places, given to waiting clients in rotation, each client holding at
    most ``per_client`` at once: a client with many requests waiting gets one place in each
    round, not every place.

    >>> turns = FairTurns(1, per_client=1)
    >>> async def order() -> list[str]:
    ...     await turns.take("a", 1)
    ...     served = []
    ...     async def wait(client: str) -> None:
    ...         await turns.take(client, 1)
    ...         served.append(client)
    ...         turns.give_back(client)
    ...     async with anyio.create_task_group() as group:
    ...         for client in "aaab":
    ...             group.start_soon(wait, client)
    ...         await anyio.sleep(0.01)
    ...         turns.give_back("a")
    ...     return served
    >>> anyio.run(order)
    ['a', 'b', 'a', 'a']
    """

    def __init__(self, places: int, per_client: int) -> None:
        self._free = places
        self._most = per_client
        self._held: Counter[str] = Counter()
        # Insertion order is the rotation: a client served goes to its end.
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()

    async def take(self, client: str, seconds: float) -> bool:
        """Wait for a place, at most ``seconds``; False when none came."""
        # A free place means that nobody who may have it is waiting.
        if self._free and self._held[client] < self._most:
            self._free -= 1
            self._held[client] += 1
            return True
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(client, deque()).append(turn)
        try:
            await asyncio.wait_for(asyncio.shield(turn), seconds)
        except TimeoutError:
            if turn.done():  # given just as the time ran out
                return True
            self._withdraw(client, turn)
            return False
        except asyncio.CancelledError:
            if turn.done():
                self.give_back(client)
            else:
                self._withdraw(client, turn)
            raise
        return True

    def give_back(self, client: str) -> None:
        """Free ``client``'s place: the next client in the rotation that waits, and may
        hold one more, gets it."""
        _drop(self._held, client)
        self._free += 1
        for waiting in list(self._waiting):
            if not self._free:
                return
            if self._held[waiting] >= self._most:
                continue
            queue = self._waiting.pop(waiting)
            turn = queue.popleft()
            if queue:
                self._waiting[waiting] = queue
            self._free -= 1
            self._held[waiting] += 1
            turn.set_result(None)

    def _withdraw(self, client: str, turn: asyncio.Future[None]) -> None:
        queue = self._waiting.get(client)
        if queue is not None and turn in queue:
            queue.remove(turn)
            if not queue:
                del self._waiting[client]
        turn.cancel()


#: How many jobs the server remembers as not small, to send them on at once next time.
REMEMBERED = 4096


class Workers:
    """Runs jobs in worker processes within :class:`Limits`.

    ``answer`` names the function (``"module:function"``, importable in a worker: the
    workers have the server's ``sys.path``) that turns a :class:`Job` into an
    :class:`Answer`; ``quick`` the one that answers small jobs in the quick workers (None
    for other jobs).  Both are looked up here too, so that a wrong name fails at once.
    The quick workers run from :meth:`start` to :meth:`stop`.
    """

    def __init__(self, limits: Limits, answer: str = ANSWER, quick: str = QUICK) -> None:
        named_function(answer)
        named_function(quick)
        self.limits = limits
        self.answer = answer
        self.quick = quick
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload([PRELOAD])
        own = limits.own_workers
        self._turns = FairTurns(own, limits.per_client)
        self._threads = anyio.CapacityLimiter(own)
        # One client's jobs in the quick workers at once: half as many as there are workers,
        # so that the others' jobs are sent to a worker holding none of its (an estimate
        # or a job that takes its whole CPU time holds up the jobs queued behind it).
        self._quick_turns = FairTurns(limits.quick * limits.quick_depth,
                                      max(1, limits.quick // 2))
        self._quick = QuickWorkers(start_quick(quick, limits.memory, limits.quick_cpu),
                                   limits.quick, limits.quick_seconds, limits.queue)
        self._quick_running = False
        self._held: Counter[str] = Counter()
        self._not_small: OrderedDict[tuple[Any, ...], None] = OrderedDict()

    async def start(self) -> None:
        """Start the forkserver (importing and warming the library) and the quick workers."""
        await self.run(Job("analyze", {"q": "nim 1"}))
        await self._quick.start()
        self._quick_running = self.limits.quick > 0

    async def stop(self) -> None:
        """Stop the quick workers."""
        self._quick_running = False
        await self._quick.stop()

    def quick_pids(self) -> list[int]:
        """The process ids of the quick workers running.

        >>> Workers(Limits()).quick_pids()
        []
        """
        return self._quick.pids()

    async def run(self, job: Job, client: str = "") -> Answer:
        """The answer to ``job`` asked by ``client`` (an address), or 413/429/503 when the
        limits stop it."""
        if self._held[client] >= self.limits.per_client_requests:
            return _too_many(self.limits.per_client_requests)
        self._held[client] += 1
        try:
            key = (job.kind, tuple(sorted(job.params.items())), tuple(sorted(job.graphs)))
            if self._quick_running and job.kind in QUICK_KINDS and key not in self._not_small:
                reply = await self._run_quick(job, client)
                if reply is not None:
                    return reply
                self._not_small[key] = None
                if len(self._not_small) > REMEMBERED:
                    self._not_small.popitem(last=False)
            return await self._run_alone(job, client)
        finally:
            _drop(self._held, client)

    async def _run_alone(self, job: Job, client: str) -> Answer:
        if not await self._turns.take(client, self.limits.queue):
            return _busy(self.limits.own_workers, self.limits.queue)
        try:
            return await anyio.to_thread.run_sync(self._answer, job, limiter=self._threads)
        finally:
            self._turns.give_back(client)

    async def _run_quick(self, job: Job, client: str) -> Answer | None:
        """The quick workers' answer, or None when the job is to have a worker of its own."""
        if not await self._quick_turns.take(client, self.limits.queue):
            return _busy(self.limits.quick, self.limits.queue)
        try:
            return await self._quick.ask(replace(job, memory=self.limits.memory))
        finally:
            self._quick_turns.give_back(client)

    def _answer(self, job: Job) -> Answer:
        limits = self.limits
        receiver, sender = self._context.Pipe(duplex=False)
        # With quick workers for the small jobs, every job here is big by the estimates: it
        # runs at the lowest priority from its start.
        lowest = self._quick_running
        worker = WorkerProcess(target=_work, args=(sender, self.answer, job, limits.memory, lowest),
                         daemon=True)
        try:
            worker.start()
        except (OSError, EOFError) as failure:
            receiver.close()
            return error(503, f"the server cannot start a worker now ({_why_not(failure)}); "
                         "try again later")
        finally:
            sender.close()
        start = time.monotonic()
        try:
            reply = _wait(receiver, worker, start, limits, niced=lowest)
            if reply is None:
                return error(413, f"the work took longer than {limits.seconds:g} s, the "
                             "limit of one request")
            if isinstance(reply, Answer):
                return reply
            return error(413, f"the work needed more memory than the limit of one request "
                         f"({limits.memory_text})")
        finally:
            stop(worker)
            receiver.close()


def _busy(workers: int, seconds: float) -> Answer:
    return error(503, f"the server is busy: all {workers} workers stayed busy for {seconds:g} s;"
                      " try again later")


def _too_many(most: int) -> Answer:
    return error(429, f"too many requests at once from this address: at most {most} may be "
                      "at work or waiting; try again when one is answered")


def _drop(counts: Counter[str], client: str) -> None:
    counts[client] -= 1
    if counts[client] <= 0:
        del counts[client]


def _wait(receiver: Connection, worker: Any, start: float, limits: Limits,
          niced: bool = False) -> Answer | bool | None:
    """The worker's answer; False when it died without one; None when time ran out.
    ``niced``: the worker has its lowest priority already."""
    deadline = start + limits.seconds
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
    _idle_policy(pid)


def _why_not(failure: OSError | EOFError) -> str:
    """Why a worker could not be started: out of processes or of open files (OSError), or
    the forkserver ended before it forked the worker (EOFError; the next start begins a new
    forkserver)."""
    if isinstance(failure, OSError):
        return failure.strerror or type(failure).__name__
    return "the process that starts workers ended"


def _idle_policy(pid: int = 0) -> None:
    """Run process ``pid`` (0: this one; what it starts inherits it) only when no other
    process of its scheduling group wants the CPU (``SCHED_IDLE``): a cheap request's
    processes then take the CPU from it as soon as they wake, where the lowest nice value
    still lets it finish its time slice first.  Lowering one's own policy needs no privilege;
    where it is not allowed, the nice value stays the only lowering."""
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))


def _work(sender: Connection, answerer: str, job: Job, memory: int, lowest: bool) -> None:
    """A worker of its own: limit its memory (and its priority, when ``lowest``: what it
    starts inherits it), answer ``job`` with the function named ``answerer``, send the
    answer."""
    if lowest:
        os.setpriority(os.PRIO_PROCESS, 0, 19)
        _idle_policy()
    answer = begin_worker(answerer, memory)
    try:
        reply: Answer | bool | None = reply_to(answer, job, memory)
    except MemoryError:
        # What failed to get memory is gone: there is room for the message now.
        reply = False
    sender.send(reply)
    sender.close()
