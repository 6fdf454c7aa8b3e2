"""The quick workers: long-lived processes that answer the small jobs, several sent at once.

Each quick worker reads jobs from a socket and answers them one after another, in the order
sent; the server does not wait for one answer before sending the next job (up to
``depth`` at once), so a worker answers as many jobs as it has been sent each time it gets
the CPU.  On a busy machine a process may wait many milliseconds for the CPU each time it
is woken: a worker that was sent one job at a time answered one job per wake-up, and the
number of answers a second fell with the machine's load.

The limits of a job hold as before: a job that uses ``cpu`` seconds of CPU time
(``ITIMER_PROF`` in the worker) or more memory than the worker's limit ends its worker, and
the server kills a worker that has not answered the job at the head of its queue within
``seconds``.  That job is answered None (to be sent to a worker of its own); the jobs
queued behind it, which never ran, are sent again to a quick worker.  A fresh worker takes
the ended one's place.

Frames on the socket: 8 bytes of length (big-endian), then a pickle; jobs go as
``(number, job)``, answers come back as ``(number, answer, ended)``.

>>> import io
>>> stream = io.BytesIO(frame((1, "job")))
>>> read_frame(stream), read_frame(stream)
((1, 'job'), None)
"""

from __future__ import annotations

import asyncio
import itertools
import pickle
import signal
import socket
import struct
from collections import OrderedDict
from collections.abc import Callable
from types import FrameType
from typing import IO, Any

import anyio.to_thread

from grundy.web.jobs import Answer, Job
from grundy.web.processes import WorkerProcess, begin_worker, reply_to, stop

_LENGTH = struct.Struct("!Q")


class _Again:
    """The answer of a job its quick worker ended before reaching: to be sent again."""


AGAIN = _Again()
#: What a quick worker's reply to one job is: an answer, None (not small: to a worker of
#: its own), or :data:`AGAIN`.
Outcome = Answer | None | _Again


def frame(message: Any) -> bytes:
    """``message`` as one frame: its pickle's length, then the pickle."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return _LENGTH.pack(len(data)) + data


def read_frame(stream: IO[bytes]) -> Any:
    """The next message of ``stream``; None when it has ended."""
    head = stream.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        return None
    (length,) = _LENGTH.unpack(head)
    data = stream.read(length)
    if len(data) < length:
        return None
    return pickle.loads(data)


class QuickWorker(asyncio.Protocol):
    """The server's end of one quick worker: the jobs sent and not yet answered, in order.

    ``seconds``: the time the job at the head of the queue may take; ``ended``: called
    once when the worker has ended (or is killed), with this object.
    """

    def __init__(self, process: Any, seconds: float,
                 ended: Callable[[QuickWorker], None]) -> None:
        self.process = process
        self.pending: OrderedDict[int, asyncio.Future[Outcome]] = OrderedDict()
        self.ended = False
        self._seconds = seconds
        self._on_end = ended
        self._numbers = itertools.count()
        self._received = bytearray()
        self._transport: asyncio.Transport | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._loop = asyncio.get_running_loop()
        # A worker that dies without closing its socket (it cannot, but whatever started
        # it might hold a copy) is seen by its sentinel.
        self._loop.add_reader(process.sentinel, self._end)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        self._end()

    def data_received(self, data: bytes) -> None:
        self._received += data
        while len(self._received) >= _LENGTH.size:
            (length,) = _LENGTH.unpack_from(self._received)
            if len(self._received) < _LENGTH.size + length:
                return
            number, reply, ended = pickle.loads(
                self._received[_LENGTH.size:_LENGTH.size + length])
            del self._received[:_LENGTH.size + length]
            if ended:  # out of CPU time or memory: this job is not small
                self._end()
                return
            waiting = self.pending.pop(number, None)
            if waiting is not None and not waiting.done():
                waiting.set_result(reply)
            self._arm()

    def send(self, job: Job) -> asyncio.Future[Outcome]:
        """Send ``job``; the future is its outcome."""
        number = next(self._numbers)
        waiting: asyncio.Future[Outcome] = self._loop.create_future()
        if self.ended or self._transport is None:
            waiting.set_result(AGAIN)
            return waiting
        self.pending[number] = waiting
        self._transport.write(frame((number, job)))
        if len(self.pending) == 1:
            self._arm()
        return waiting

    def _arm(self) -> None:
        """Time the job now at the head of the queue (the worker starts it about now)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.pending and not self.ended:
            self._timer = self._loop.call_later(self._seconds, self._end)

    def _end(self) -> None:
        """The worker has ended, or is to: the job at the head of the queue is not small;
        the others are to be sent again."""
        if self.ended:
            return
        self.ended = True
        if self._timer is not None:
            self._timer.cancel()
        self._loop.remove_reader(self.process.sentinel)
        for place, waiting in enumerate(self.pending.values()):
            if not waiting.done():
                waiting.set_result(None if place == 0 else AGAIN)
        self.pending.clear()
        if self._transport is not None:
            self._transport.close()
        self._on_end(self)


class QuickWorkers:
    """``count`` quick workers answering with the function named ``answerer``, each job
    within ``memory`` bytes, ``cpu`` seconds of CPU time and ``seconds`` of wall-clock time.

    ``start`` makes each worker process (a call that blocks, run in a thread); a job waits
    at most ``wait`` seconds for a quick worker while every one is being replaced.
    """

    def __init__(self, start: Callable[[socket.socket], Any], count: int,
                 seconds: float, wait: float) -> None:
        self._start_process = start
        self._count = count
        self._seconds = seconds
        self._wait = wait
        self._workers: list[QuickWorker] = []
        self._ready = asyncio.Event()
        self._running = False
        self._replacing: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Start every quick worker."""
        self._running = True
        for _ in range(self._count):
            await self._add()

    async def stop(self) -> None:
        """Stop every quick worker (and those being started)."""
        self._running = False
        for task in list(self._replacing):
            task.cancel()
        for worker in self._workers:
            worker._end()
        while self._workers:
            await anyio.to_thread.run_sync(stop, self._workers.pop().process)

    def pids(self) -> list[int]:
        """The process ids of the quick workers running."""
        return [worker.process.pid for worker in self._workers if not worker.ended]

    async def ask(self, job: Job, again: int = 3) -> Answer | None:
        """The answer to ``job`` from the least busy quick worker; None when it is not
        small (or no quick worker could reach it ``again`` times)."""
        for _ in range(again):
            live = [worker for worker in self._workers if not worker.ended]
            while not live:
                self._ready.clear()
                try:
                    await asyncio.wait_for(self._ready.wait(), self._wait)
                except TimeoutError:
                    return None  # none came back in time: a worker of its own answers
                live = [worker for worker in self._workers if not worker.ended]
            worker = min(live, key=lambda worker: len(worker.pending))
            outcome = await worker.send(job)
            if not isinstance(outcome, _Again):
                return outcome
        return None

    async def _add(self) -> None:
        mine, theirs = socket.socketpair()
        try:
            process = await anyio.to_thread.run_sync(self._start_process, theirs)
        finally:
            theirs.close()
        loop = asyncio.get_running_loop()
        worker = QuickWorker(process, self._seconds, self._ended)
        await loop.create_unix_connection(lambda: worker, sock=mine)
        if not self._running:
            worker._end()
            await anyio.to_thread.run_sync(stop, process)
            return
        self._workers.append(worker)
        self._ready.set()

    def _ended(self, worker: QuickWorker) -> None:
        if not self._running:
            return
        task = asyncio.get_running_loop().create_task(self._replace(worker))
        self._replacing.add(task)
        task.add_done_callback(self._replacing.discard)

    async def _replace(self, worker: QuickWorker) -> None:
        self._workers.remove(worker)
        await anyio.to_thread.run_sync(stop, worker.process)
        while self._running:
            try:
                await self._add()
                return
            except (OSError, EOFError):  # out of processes or open files, or forkserver gone
                await asyncio.sleep(self._seconds)


def start_quick(answerer: str, memory: int, cpu: float) -> Callable[[socket.socket], Any]:
    """A function that starts a quick worker on its end of a socket (forked by the
    forkserver as every worker is)."""
    def start(link: socket.socket) -> Any:
        process = WorkerProcess(target=serve, args=(link, answerer, memory, cpu), daemon=True)
        process.start()
        return process
    return start


class _OutOfTime(BaseException):
    """Raised in a quick worker whose job has used its CPU time (a BaseException, so that
    no ``except Exception`` of the library stops it)."""


_armed = False


def _out_of_time(signum: int, frame: FrameType | None) -> None:
    if _armed:
        raise _OutOfTime


def serve(link: socket.socket, answerer: str, memory: int, cpu: float) -> None:
    """A quick worker: answer each job received with the function named ``answerer`` (an
    Answer, or None for a job to be sent on), sending back ``(number, answer, ended)``.  A
    job that uses ``cpu`` seconds of CPU time or runs out of memory is answered None and
    ends the worker (its tables may be half made)."""
    global _armed
    answer = begin_worker(answerer, memory)
    signal.signal(signal.SIGPROF, _out_of_time)
    stream = link.makefile("rb")
    while True:
        try:
            received = read_frame(stream)
        except OSError:  # the server has gone
            return
        if received is None:
            return
        number, job = received
        ended = False
        try:
            _armed = True
            signal.setitimer(signal.ITIMER_PROF, cpu)
            reply = reply_to(answer, job, memory)
            _armed = False
        except (_OutOfTime, MemoryError):
            reply, ended = None, True
        finally:
            _armed = False
            signal.setitimer(signal.ITIMER_PROF, 0)
        try:
            link.sendall(frame((number, reply, ended)))
        except OSError:
            return
        if ended:
            return
