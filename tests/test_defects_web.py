"""Regression tests of the web server's defects W1-W4 (see the defects notes): no server
error on huge numbers, fairness between clients (expensive requests, half-open
connections), a memory total for all workers; and the limits of the quick workers, which
answer small requests without a process started per request.

Each case runs against a real server in its own process (``running_server``), or
through :class:`~grundy.web.workers.Workers` with its real worker processes.
"""

from __future__ import annotations

import ast
import contextlib
import inspect
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from multiprocessing import forkserver, popen_forkserver, spawn, util
from multiprocessing.context import ForkServerProcess
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from uvicorn.protocols.http.h11_impl import H11Protocol

from grundy.web import connections, processes
from grundy.web.jobs import Job
from grundy.web.workers import Limits, Workers
from test_web_api import running_server
from test_web_safety import all_ended

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PROBE = "web_probes:probe"
#: A client that keeps 30 expensive requests running, from 127.0.0.2;
#: it prints "started", then the statuses of its answers.
ATTACKER = """
import asyncio, ast, sys, httpx
base, requests = sys.argv[1], ast.literal_eval(sys.argv[2])
async def main():
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.2")
    statuses = []
    async with httpx.AsyncClient(base_url=base, timeout=120, transport=transport,
                                 limits=httpx.Limits(max_connections=40)) as session:
        async def pound(number):
            path, params = requests[number % len(requests)]
            statuses.append((await session.get(path, params=params)).status_code)
        tasks = [asyncio.create_task(pound(n)) for n in range(30)]
        print("started", flush=True)
        await asyncio.gather(*tasks)
    print(sorted(set(statuses)))
asyncio.run(main())
"""
#: Requests that made the server answer 500 (OverflowError in the library).
HUGE = [("moore:2 99999999999999999999", "0"), ("daisy " + "9" * 400, "0"),
        ("split23 " + "9" * 400, "1"), ("daisy " + "9" * 400, "1"),
        ("split23 " + "9" * 400, "0")]
#: Expensive requests (seconds each, or stopped by the time limit) an attacker repeats.
EXPENSIVE = [("/api/sequence", {"game": "subtract:1-100000", "to": "100000"}),
             ("/api/computer-move", {"q": "half 300 301"}),
             ("/api/analyze", {"q": "chomp 7x8"})]


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, int]]:
    limits = "Limits(seconds=3, per_client=4, queue=20)"
    with running_server(f"limits={limits}", "head_seconds=30", "client_connections=50") as found:
        yield found


class TestHugeNumbers:
    """W1: HTTP 500 (OverflowError) on moore:2 and 400-digit daisy/split23 heaps."""

    @pytest.mark.parametrize("endpoint", ["analyze", "moves", "computer-move"])
    @pytest.mark.parametrize(("q", "misere"), HUGE)
    def test_a_clear_refusal(self, server: tuple[str, int], endpoint: str, q: str,
                             misere: str) -> None:
        response = httpx.get(f"{server[0]}/api/{endpoint}", params={"q": q, "misere": misere},
                             timeout=30)
        assert response.status_code in (200, 400, 413), response.text
        if response.status_code != 200:
            message = response.json()["error"]
            assert "\n" not in message and 0 < len(message) <= 400
            assert "internal" not in message and "C ssize_t" not in message, message
            assert "float" not in message, message


def cheap_latencies(base: str, count: int, address: str = "127.0.0.1") -> list[float]:
    """Seconds each of ``count`` cheap requests took, sent one after another from
    ``address``; every answer is checked."""
    transport = httpx.HTTPTransport(local_address=address)
    times = []
    with httpx.Client(base_url=base, timeout=30, transport=transport) as client:
        for n in range(count):
            start = time.perf_counter()
            response = client.get("/api/analyze", params={"q": f"nim 1 {n % 40}"})
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, response.text
            assert response.json()["nim_value"] == 1 ^ (n % 40)
    return times


#: Cheap requests timed in each phase: the median of 40 moves little with a few requests
#: held up by the machine's other programs.
CHEAP = 40


def fair(before: list[float], meanwhile: list[float], after: list[float]) -> bool:
    """The median under attack is within 3x the idle one (with 10 ms for the clock), the
    idle median taken before and after the attack, the larger: the machine's other load
    changes over the test's seconds, by more than 3x at times on a shared machine.  With
    the isolation broken (the expensive work at the server's priority) the ratio was 4-6."""
    idle = max(statistics.median(before), statistics.median(after))
    return statistics.median(meanwhile) <= 3 * idle + 0.01


def medians(*phases: list[float]) -> list[float]:
    return [round(statistics.median(phase), 4) for phase in phases]


class TestFairness:
    def test_thirty_expensive_requests_of_one_client(self, server: tuple[str, int]) -> None:
        """W2: one client holding 30 expensive requests made every other client's cheap
        requests wait 5 s for a 503."""
        base, _ = server
        before = cheap_latencies(base, CHEAP)
        # The attacker is a process of its own, from another address, so that its client
        # does not slow down the one measured.
        attacker = subprocess.Popen(
            [sys.executable, "-c", ATTACKER, base, repr(EXPENSIVE)], stdout=subprocess.PIPE,
            text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
        try:
            assert attacker.stdout is not None
            assert attacker.stdout.readline() == "started\n"
            time.sleep(1.0)  # every expensive request under way
            meanwhile = cheap_latencies(base, CHEAP)
            statuses = attacker.communicate(timeout=120)[0]
        finally:
            attacker.kill()
            attacker.wait()
        after = cheap_latencies(base, CHEAP)
        assert fair(before, meanwhile, after), medians(before, meanwhile, after)
        # The attacker was answered too (its share: 4 at work at once, the rest waited).
        assert set(ast.literal_eval(statuses)) <= {200, 413, 503}, statuses

    def test_thousands_of_half_open_connections(self, server: tuple[str, int]) -> None:
        """W3: 10 200 half-open connections of one client made every new request 503."""
        base, _ = server
        port = int(base.rsplit(":", 1)[1])
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 2500
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, wanted + 200)), hard))
        before = cheap_latencies(base, CHEAP)
        held = []
        try:
            for _ in range(min(wanted, hard - 200)):
                connection = socket.socket()
                connection.bind(("127.0.0.2", 0))
                connection.connect(("127.0.0.1", port))
                connection.sendall(b"GET /api/analyze?q=nim+1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: ")
                held.append(connection)
            meanwhile = cheap_latencies(base, CHEAP)
            time.sleep(0.5)
            closed = 0
            for connection in held:
                connection.settimeout(0)
                try:
                    closed += connection.recv(1) == b""
                except ConnectionResetError:
                    closed += 1
                except BlockingIOError:  # still open: nothing to read
                    pass
        finally:
            for connection in held:
                connection.close()
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        after = cheap_latencies(base, CHEAP)
        assert fair(before, meanwhile, after), medians(before, meanwhile, after)
        # All but the 50 one address may hold were closed at once (not after 30 s).
        assert closed >= len(held) - 50 - 10, (closed, len(held))


class TestMemoryTotal:
    """W4: 24 workers of 256 MiB each were allowed at once, whatever the machine."""

    def test_fewer_workers_when_the_total_is_small(self) -> None:
        limits = Limits(memory=128 * 2**20, total_memory=512 * 2**20, quick=2, workers=24)
        assert limits.own_workers == 2
        assert Limits(memory=2**28, total_memory=10 * 2**30, quick=2,
                      workers=24).own_workers == 24
        with pytest.raises(ValueError, match="no room for one worker"):
            _ = Limits(memory=2**28, total_memory=2**29, quick=2).own_workers

    def test_the_total_holds_at_work(self, tmp_path: Path) -> None:
        # Room for 2 workers of their own: 6 jobs stopped by the 1 s limit take 3 rounds.
        limits = Limits(memory=128 * 2**20, total_memory=512 * 2**20, quick=2, seconds=1,
                        queue=30, per_client=6)
        pool = Workers(limits, PROBE, PROBE)

        async def six() -> list[Any]:
            replies: list[Any] = []

            async def one(n: int) -> None:
                replies.append(await pool.run(Job("endless", {"pids": str(tmp_path / str(n))})))

            async with anyio.create_task_group() as group:
                for n in range(6):
                    group.start_soon(one, n)
            return replies

        start = time.monotonic()
        replies = anyio.run(six)
        assert time.monotonic() - start >= 2.9
        assert [reply.status for reply in replies] == [413] * 6
        # A worker stopped before it wrote its pids (a busy machine) has ended anyway.
        written = [tmp_path / str(n) for n in range(6) if (tmp_path / str(n)).exists()]
        assert all(all_ended(file) for file in written)


def quick_pool(**limits: Any) -> Workers:
    return Workers(Limits(**{"seconds": 1, "memory": 128 * 2**20, **limits}), PROBE, PROBE)


async def all_quick_workers(pool: Workers, count: int) -> list[int]:
    """The quick workers' pids once ``count`` of them run (a replaced one is started
    while the next requests are answered)."""
    with anyio.fail_after(60):
        while len(pool.quick_pids()) < count:
            await anyio.sleep(0.05)
    return pool.quick_pids()


async def started_and_run(pool: Workers, job: Job) -> tuple[Any, list[int], list[int]]:
    """``job``'s answer from ``pool``, started; the quick workers' pids before and after."""
    await pool.start()
    try:
        before = pool.quick_pids()
        reply = await pool.run(job)
        after = await all_quick_workers(pool, len(before))
        # A quick worker answers the next small job at once.
        echo = await pool.run(Job("analyze", {"probe": "echo"}))
        assert echo.status == 200 and echo.body["pid"] in after
        return reply, before, after
    finally:
        await pool.stop()


class TestQuickWorkers:
    """Small jobs run in long-lived workers; a job that is not small after all ends its
    quick worker, which is replaced, and goes on to a worker of its own with the limits of
    every request."""

    @pytest.mark.parametrize(("probe", "seconds", "message"), [
        ("spin", 1, "the work took longer than 1 s, the limit of one request"),
        ("endless", 1, "the work took longer than 1 s, the limit of one request"),
        # Time enough for a worker at the lowest priority to fill its memory on a busy machine.
        ("allocate", 30, "the work needed more memory than the limit of one request (128 MiB)"),
    ])
    def test_limits(self, tmp_path: Path, probe: str, seconds: float, message: str) -> None:
        pids = tmp_path / "pids"
        pool = quick_pool(quick=2, quick_cpu=0.2, quick_seconds=1.5, seconds=seconds)
        reply, before, after = anyio.run(started_and_run, pool,
                                         Job("analyze", {"probe": probe, "pids": str(pids)}))
        assert (reply.status, reply.body["error"]) == (413, message)
        assert len(set(before) - set(after)) == 1  # one quick worker was replaced
        assert all_ended(pids)

    def test_the_same_worker_answers_again(self) -> None:
        async def two() -> set[int]:
            pool = quick_pool(quick=1)
            await pool.start()
            try:
                replies = [await pool.run(Job("analyze", {"probe": "echo"})) for _ in range(5)]
            finally:
                await pool.stop()
            return {reply.body["pid"] for reply in replies}

        assert len(anyio.run(two)) == 1

    def test_small_requests_answered_without_a_new_process(self) -> None:
        async def many() -> tuple[set[int], list[int]]:
            pool = Workers(Limits())
            await pool.start()
            try:
                pids = set(pool.quick_pids())
                replies = [await pool.run(Job("analyze", {"q": f"kayles {n} 5"}))
                           for n in range(40)]
                return pids - set(pool.quick_pids()), [
                    reply.status for reply in replies]
            finally:
                await pool.stop()

        gone, statuses = anyio.run(many)
        assert gone == set() and statuses == [200] * 40


class TestQuickQueues:
    """A quick worker is sent several jobs at once (so that a busy machine, waking it
    rarely, does not cut the answers a second); the limits still hold for each job."""

    def test_jobs_sent_together_are_answered_by_one_worker(self) -> None:
        async def together() -> tuple[list[Any], list[int], list[int]]:
            pool = quick_pool(quick=1, quick_depth=8)
            await pool.start()
            try:
                before = pool.quick_pids()
                replies: list[Any] = []

                async def one(n: int) -> None:
                    replies.append(await pool.run(Job("analyze", {"probe": "echo",
                                                                  "n": str(n)})))

                async with anyio.create_task_group() as group:
                    for n in range(8):
                        group.start_soon(one, n)
                return replies, before, pool.quick_pids()
            finally:
                await pool.stop()

        replies, before, after = anyio.run(together)
        assert before == after and len(before) == 1
        assert sorted(int(reply.body["params"]["n"]) for reply in replies) == list(range(8))
        assert {reply.body["pid"] for reply in replies} == set(before)

    @pytest.mark.parametrize("probe", ["spin", "endless"])
    def test_jobs_behind_one_too_big_are_answered_quickly(self, tmp_path: Path,
                                                          probe: str) -> None:
        """The job at the head of the queue is stopped by its CPU time or by the server's
        clock and goes on to a worker of its own (413 after its 1 s); the jobs queued
        behind it never ran, and are answered by the quick workers at once."""
        pids = tmp_path / "pids"

        async def behind() -> tuple[Any, list[Any], set[int]]:
            pool = quick_pool(quick=1, quick_depth=8, quick_cpu=0.2, quick_seconds=1.5)
            await pool.start()
            try:
                quick = set(pool.quick_pids())
                echoes: list[Any] = []
                first: list[Any] = []

                async def head() -> None:
                    first.append(await pool.run(Job("analyze", {"probe": probe,
                                                                 "pids": str(pids)})))

                async def echo(n: int) -> None:
                    # other clients: one client may have only one job in one quick worker
                    echoes.append(await pool.run(Job("analyze", {"probe": "echo",
                                                                 "n": str(n)}), f"c{n}"))

                async with anyio.create_task_group() as group:
                    group.start_soon(head)
                    await anyio.sleep(0.05)
                    for n in range(4):
                        group.start_soon(echo, n)
                quick |= set(await all_quick_workers(pool, 1))
                return first[0], echoes, quick
            finally:
                await pool.stop()

        first, echoes, quick = anyio.run(behind)
        assert first.status == 413 and first.body["error"] == (
            "the work took longer than 1 s, the limit of one request")
        assert [echo.status for echo in echoes] == [200] * 4
        # Answered by the quick workers (the first, or the one started in its place), not
        # each by a process of its own.
        assert {echo.body["pid"] for echo in echoes} <= quick
        assert all_ended(pids)


def test_expensive_work_runs_only_on_an_otherwise_idle_processor(tmp_path: Path) -> None:
    """A worker of its own (and what it starts) yields the CPU to any other process of its
    group that wakes (``SCHED_IDLE``, nice 19), so that cheap requests are answered
    meanwhile."""
    pids = tmp_path / "pids"

    async def seen() -> list[tuple[int, int]]:
        pool = quick_pool(quick=1, seconds=5)
        await pool.start()
        try:
            found: list[tuple[int, int]] = []
            async with anyio.create_task_group() as group:
                group.start_soon(pool.run, Job("endless", {"pids": str(pids)}))
                with anyio.fail_after(60):
                    while not (pids.exists() and len(pids.read_text().split()) == 2):
                        await anyio.sleep(0.05)
                for pid in map(int, pids.read_text().split()):
                    found.append((os.sched_getscheduler(pid),
                                  os.getpriority(os.PRIO_PROCESS, pid)))
            return found
        finally:
            await pool.stop()

    assert anyio.run(seen) == [(os.SCHED_IDLE, 19)] * 2
    assert all_ended(pids)


def forkserver_pid() -> int | None:
    return forkserver._forkserver._forkserver_pid  # type: ignore[attr-defined,no-any-return]


def end_the_forkserver() -> None:
    """Kill the forkserver of this process, if one runs, and wait until it has ended (it
    is left unreaped: multiprocessing reaps it and starts another)."""
    pid = forkserver_pid()
    if pid is None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while Path(f"/proc/{pid}/stat").exists() and Path(
            f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
        assert time.monotonic() < deadline, "the forkserver did not end"
        time.sleep(0.02)


def test_a_forkserver_that_ends_costs_one_answer_then_another_is_started(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The forkserver ending before it forks a worker (here: its preload ends it) was a
    traceback, and the server's start failed; it is a 503 saying so, and the next request
    starts a new forkserver."""
    end_the_forkserver()
    monkeypatch.setattr("grundy.web.workers.PRELOAD", "web_probes_end")
    # The forkserver imports its preload on the path of its environment, not of this process.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("WEB_PROBES_END", "1")
    failing = quick_pool(quick=0)
    reply = anyio.run(failing.run, Job("echo", {}))
    assert reply.status == 503, reply.body
    assert "the process that starts workers ended" in reply.body["error"], reply.body
    end_the_forkserver()
    monkeypatch.undo()
    reply = anyio.run(quick_pool(quick=0).run, Job("echo", {}))
    assert reply.status == 200, reply.body


class TestPrivateInternals:
    """The server subclasses or calls private parts of multiprocessing and uvicorn
    (:class:`grundy.web.processes.Launch`, :class:`grundy.web.connections.HeadDeadline`).
    These tests fail when those parts change shape, so that the copies are looked at again.
    """

    def test_forkserver_launch_is_the_copied_one(self) -> None:
        ours, theirs = (ast.parse(textwrap.dedent(inspect.getsource(method))).body[0]
                        for method in (processes.Launch._launch, popen_forkserver.Popen._launch))
        assert isinstance(ours, ast.FunctionDef) and isinstance(theirs, ast.FunctionDef)
        # Theirs gets the preparation data whole; ours leaves out the main module's part.
        assert ast.unparse(theirs.body[0]) == (
            "prep_data = spawn.get_preparation_data(process_obj._name)")
        assert "spawn.get_preparation_data(process_obj._name)" in ast.unparse(ours.body[0])
        # Every other statement is the same, in the same order.
        assert [ast.dump(s) for s in ours.body[1:]] == [ast.dump(s) for s in theirs.body[1:]]
        assert [a.arg for a in theirs.args.args] == ["self", "process_obj"]
        assert list(inspect.signature(forkserver.connect_to_new_process).parameters) == [
            "fds"]
        assert list(inspect.signature(forkserver.read_signed).parameters) == ["fd"]
        assert list(inspect.signature(util.close_fds).parameters) == ["fds"]
        assert "_Popen" in vars(ForkServerProcess) and "_Popen" in vars(processes.WorkerProcess)

    def test_the_main_module_is_named_by_init_main_keys(self) -> None:
        # _Launch leaves out the keys that start with init_main: those, and only those,
        # make the new process import the parent's main module.
        source = inspect.getsource(spawn.get_preparation_data)
        assert "init_main_from_path" in source and "init_main_from_name" in source
        keys = set(spawn.get_preparation_data("x"))
        assert keys - {"init_main_from_path", "init_main_from_name"} <= {
            "name", "sys_path", "sys_argv", "orig_dir", "dir", "start_method", "authkey",
            "log_to_stderr", "log_level", "sys_flags"}, keys
        prepare = inspect.getsource(spawn.prepare)
        assert "init_main_from_path" in prepare and "init_main_from_name" in prepare

    def test_uvicorn_protocol_hooks(self) -> None:
        for name, parameters in (("connection_made", ["self", "transport"]),
                                 ("connection_lost", ["self", "exc"]),
                                 ("on_response_complete", ["self"])):
            assert list(inspect.signature(getattr(H11Protocol, name)).parameters) == parameters
        source = inspect.getsource(H11Protocol)
        for used in ("self.cycle", "self.transport", "self.loop"):
            assert used in source, used
        assert issubclass(connections.HeadDeadline, H11Protocol)


#: A server of workers (the probes for answers) that runs an endless job in a worker of its
#: own and one in a quick worker, until it is killed; argv: the two pid files.
KILLED = """
import sys
import anyio
from grundy.web.jobs import Job
from grundy.web.workers import Limits, Workers
async def main():
    pool = Workers(Limits(seconds=1000, quick_seconds=1000), 'web_probes:probe',
                   'web_probes:probe')
    await pool.start()
    async with anyio.create_task_group() as group:
        group.start_soon(pool.run, Job('endless', {'pids': sys.argv[1]}))
        group.start_soon(pool.run, Job('analyze', {'probe': 'endless', 'pids': sys.argv[2]}))
anyio.run(main)
"""


def test_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    """A worker outliving a killed server would run past its time limit (seen: workers of
    a killed server still computing, their parent gone)."""
    files = [tmp_path / "alone", tmp_path / "quick"]
    server = subprocess.Popen([sys.executable, "-c", KILLED, *map(str, files)],
                              env={**os.environ, "PYTHONPATH": os.pathsep.join(
                                  [str(ROOT / "src"), str(ROOT / "tests")])})
    try:
        deadline = time.monotonic() + 120
        while not all(file.exists() and file.read_text() for file in files):
            assert time.monotonic() < deadline and server.poll() is None
            time.sleep(0.1)
    finally:
        server.kill()
        server.wait()
    assert all(all_ended(file) for file in files)
