"""Load on the web server: concurrent clients against a real server on the loopback address.

Starts ``grundy.web.server.serve`` in its own process on 127.0.0.1 at a free port, then runs
CLIENTS clients at once (HTTP/1.1 written by hand, one connection kept alive each), each
sending REQUESTS requests (a mix of
analyze, moves and computer-move on small and medium positions, and a few sequences), and
reports the median and 99th percentile latency and any failures.  Only loopback addresses.

    .venv/bin/python benchmarks/web_load.py [--clients 50] [--requests 40] [--seconds 120]
        [--mix mixed|cheap] [--src DIR]

Each client has an address of its own on the loopback network (127.0.0.10, 127.0.0.11, ...),
as clients on other machines would.  ``--mix cheap`` sends only requests whose work is small
(:data:`CHEAP_MIX`).  Also reports the CPU time the server, its forkserver and its workers
used during the run (all of them, and the server process alone) and how many processes
were seen started meanwhile.  ``--src`` serves another checkout's ``src`` (to compare before and
after a change in one session).

With ``--attack``: EXPENSIVE expensive requests (of the ``--set``: EXPENSIVE, legal
requests that take seconds today, one of them endless; ``endless``, that one alone; or
``issue``, those of the attack report) run at once, each sent again as soon as it is
answered, from 127.0.0.2 (or from ATTACKERS addresses, 127.0.0.100 on, taking turns:
one address has only 6 workers of its own at once), while one client (127.0.0.1) sends
CHEAP cheap requests in turn and IDLE connections from 127.0.0.3 stay open having sent half
a request head (then one byte every 3 s).  The same cheap requests are first sent with the
server idle, as the baseline.  Reports the cheap requests' latency (median, 95th
percentile, max) in both phases and their ratios, the peak memory of the server and of the
server with its worker processes (idle and under attack), what became of the idle
connections, and the load average of the machine at the start and at the end.

    .venv/bin/python benchmarks/web_load.py --attack [--set expensive] [--expensive 20]
        [--cheap 200] [--idle 1000] [--attackers 1]

With ``--both``, the two figures of the web server's targets in one session, each server
fresh: RUNS runs of ``--mix cheap`` (20 clients, REQUESTS requests each), then one
``--attack`` with 20 expensive requests from 20 addresses (so that 20 run at once), CHEAP
cheap requests and no idle connections; a summary line gives the cheap requests a second
of every run and the ratio of the cheap requests' median latency under attack to idle.

    .venv/bin/python benchmarks/web_load.py --both [--runs 3] [--requests 100] [--cheap 100]

With ``--beside EXPENSIVE``, the cheap requests a second while EXPENSIVE expensive requests
keep running from as many addresses (as ``--attack`` sends them).  With ``--hogs N``, N
programs use the CPU without end (``while True: pass``) beside the server throughout, in the
benchmark's scheduling group, which is the server's; with ``--share REPEAT`` an expensive
request of a fixed amount of work (:data:`SHARED`) is timed REPEAT times, one after another,
its CPU time against each program's over the same seconds: the share the expensive work gets
against a busy program, whatever else loads the machine.

    .venv/bin/python benchmarks/web_load.py --hogs 2 --share 3
    .venv/bin/python benchmarks/web_load.py --mix cheap --clients 20 --requests 100 --beside 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import httpx

ROOT = Path(__file__).resolve().parent.parent

REQUESTS_MIX = [
    ("/api/analyze", {"q": "kayles 5 6"}),
    ("/api/moves", {"q": "nim 3 5 7"}),
    ("/api/computer-move", {"q": "nim 3 5 7"}),
    ("/api/analyze", {"q": "half 40 + nim 6 + dawson 9", "misere": "0"}),
    ("/api/computer-move", {"q": "kayles 7 8", "misere": "1"}),
    ("/api/moves", {"q": "subtract:1,3,4 12 15"}),
    ("/api/sequence", {"game": "octal:0.77", "to": "2000"}),
    ("/api/computer-move", {"q": "nim 1000000 999 7"}),
]


#: Legal requests that are expensive for the library today, with what each took alone at the
#: web's budgets in a process warmed as a worker is (see WEB.md): they end in an answer or
#: are stopped by the server's 10-second limit.
EXPENSIVE = [
    ("/api/sequence", {"game": "subtract:1-100000", "to": "100000"}),  # 7.1 s
    ("/api/analyze", {"q": "chomp 7x8"}),  # 2.8 s
    ("/api/analyze", {"q": "chomp 7x8", "misere": "1"}),  # 2.7 s
    ("/api/computer-move", {"q": "chomp 7x8"}),  # 2.9 s
    ("/api/analyze", {"q": "chocolate 6x7"}),  # 3.0 s
    ("/api/moves", {"q": "chocolate 6x7"}),  # 2.8 s
    ("/api/computer-move", {"q": "half 300 301"}),  # 2.0 s
    ("/api/graph", {"q": "kayles 1000000000000000000"}),  # endless: over 200 s
]

#: The requests of the attack report; the library refuses or answers most of them at once
#: now.
ISSUE = [
    ("/api/analyze", {"q": "kayles 1000000000000000000"}),
    ("/api/computer-move", {"q": "kayles 20000"}),
    ("/api/analyze", {"q": "chomp 1000000x1000000"}),
    ("/api/moves", {"q": "cram 1x1000000"}),
    ("/api/analyze", {"q": "grundy-game 100000"}),
    ("/api/sequence", {"game": "hex:0.f", "to": "100000"}),
    ("/api/analyze", {"q": "subtract:1000000000 5"}),
    ("/api/analyze", {"q": "kayles 1000000000 1000000000"}),
    ("/api/analyze", {"q": "chocolate 1000000000x1000000000"}),
    ("/api/graph", {"q": "kayles 1000000000000000000"}),
]

#: An expensive request of a fixed amount of work, timed by ``--share`` (1.3-1.5 s of CPU
#: time in a worker: no period is found, nothing is remembered between workers).
SHARED = ("/api/sequence", {"game": "subtract:1-60000", "to": "60000"})

ATTACKS = {"expensive": EXPENSIVE, "endless": EXPENSIVE[-1:], "issue": ISSUE}

#: Requests whose work is small (answered in milliseconds by the library).
CHEAP_MIX = [
    ("/api/analyze", {"q": "nim 3 5 7"}),
    ("/api/analyze", {"q": "kayles 5 6"}),
    ("/api/moves", {"q": "nim 3 5 7"}),
    ("/api/computer-move", {"q": "nim 1000000 999 7"}),
    ("/api/analyze", {"q": "subtract:1,3,4 12 15", "misere": "0"}),
    ("/api/computer-move", {"q": "kayles 4 5", "misere": "1"}),
    ("/api/analyze", {"q": "cram 3x3"}),
    ("/api/sequence", {"game": "kayles", "to": "200"}),
]
MIXES = {"mixed": REQUESTS_MIX, "cheap": CHEAP_MIX}
LENGTH = re.compile(rb"(?i)content-length: *(\d+)")


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of processes ``pids`` and of their children reaped."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(field) for field in fields[11:15])
    return total / ticks


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def client(base: str, number: int, requests: int, latencies: list[float],
                 failures: list[str], mix: list[tuple[str, dict[str, str]]]) -> None:
    """One client on a connection of its own, kept alive, from an address of its own.

    HTTP/1.1 written and read by hand (each request made once, before the clock starts):
    a client library costs as much CPU time a request as the server, on the same machine,
    and would measure itself as much as the server.
    """
    host, port = base.removeprefix("http://").rsplit(":", 1)
    asked = [(path, f"GET {path}?{urlencode(params)} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                    "\r\n".encode()) for path, params in mix]
    try:
        reader, writer = await asyncio.open_connection(
            host, int(port), local_addr=(f"127.0.0.{10 + number % 240}", 0))
    except OSError as error:
        failures.append(f"connect: {error!r}")
        return
    try:
        for i in range(requests):
            path, request = asked[(number + i) % len(asked)]
            start = time.perf_counter()
            try:
                writer.write(request)
                head = await reader.readuntil(b"\r\n\r\n")
                length = LENGTH.search(head)
                await reader.readexactly(int(length[1]) if length else 0)
            except (OSError, asyncio.IncompleteReadError) as error:
                failures.append(f"{path}: {error!r}")
                return
            latencies.append(time.perf_counter() - start)
            status = int(head.split(None, 2)[1])
            if status != 200:
                failures.append(f"{request.split()[1].decode()}: HTTP {status}")
    finally:
        writer.close()


async def load(base: str, server: int, clients: int, requests: int, seconds: float,
               mix: list[tuple[str, dict[str, str]]]) -> float:
    """Run the clients; print the figures; return the answers a second."""
    latencies: list[float] = []
    failures: list[str] = []
    print(f"load average at the start: {Path('/proc/loadavg').read_text().strip()}")
    served_before = cpu_seconds(family(server))
    alone_before = cpu_seconds([server])
    own_before = time.process_time()
    before = set(family(server))
    seen = set(before)

    async def sample() -> None:  # the worker processes started, as far as a look sees
        while True:
            seen.update(family(server))
            await asyncio.sleep(0.1)

    sampler = asyncio.create_task(sample())
    start = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(
        client(base, n, requests, latencies, failures, mix) for n in range(clients))),
        seconds)
    wall = time.perf_counter() - start
    sampler.cancel()
    seen.update(family(server))
    served = cpu_seconds(family(server)) - served_before
    server_alone = cpu_seconds([server]) - alone_before
    own = time.process_time() - own_before
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"clients {clients}, requests {len(latencies)} in {wall:.2f} s "
          f"({len(latencies) / wall:.0f} per second)")
    print(f"latency median {1000 * statistics.median(latencies):.1f} ms, "
          f"99th percentile {1000 * p99:.1f} ms, max {1000 * latencies[-1]:.1f} ms")
    print(f"failures {len(failures)}")
    for failure in failures[:10]:
        print("  " + failure)
    print(f"CPU: server, forkserver and workers {served:.2f} s "
          f"({1000 * served / max(1, len(latencies)):.2f} ms a request), of which the "
          f"server process {server_alone:.2f} s "
          f"({1000 * server_alone / max(1, len(latencies)):.2f} ms a request); "
          f"the load generator {own:.2f} s")
    print(f"processes started meanwhile (seen every 0.1 s): {len(seen - before)}")
    print(f"load average at the end: {Path('/proc/loadavg').read_text().strip()}")
    return len(latencies) / wall


def proportion(latencies: list[float], fraction: float) -> float:
    return sorted(latencies)[min(len(latencies) - 1, int(fraction * len(latencies)))]


def memory_kib(pid: int, field: str) -> int:
    """A ``/proc/PID/status`` or ``smaps_rollup`` field in KiB (0 when the process ended)."""
    for name in ("status", "smaps_rollup"):
        try:
            text = Path(f"/proc/{pid}/{name}").read_text()
        except OSError:
            return 0
        for line in text.splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def family(root: int) -> list[int]:
    """``root`` and every process descended from it."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(parent, []).append(int(entry.name))
    found, stack = [], [root]
    while stack:
        pid = stack.pop()
        found.append(pid)
        stack += parents.get(pid, [])
    return found


async def attack(base: str, server: int, attacks: str,
                 expensive: int, cheap: int, idle: int, seconds: float,
                 attackers: int = 1) -> float:
    """Run the attack; print the figures; return the ratio of the cheap requests' median
    latencies, under attack to idle."""
    port = int(base.rsplit(":", 1)[1])
    failed: list[str] = []
    done = asyncio.Event()
    print(f"load average at the start: {Path('/proc/loadavg').read_text().strip()}")

    def look(peak: dict[str, int]) -> None:
        pids = family(server)
        peak["family"] = max(peak["family"], sum(memory_kib(p, "Pss") for p in pids))
        peak["workers"] = max(peak["workers"], len(pids) - 2)  # less server, forkserver

    async def watch(peak: dict[str, int], stop: asyncio.Event) -> None:
        while not stop.is_set():
            # In a thread: reading the memory maps of many processes takes long on a busy
            # machine, and would hold up the cheap requests timed in this loop.
            await asyncio.to_thread(look, peak)
            await asyncio.sleep(0.25)

    async def cheap_requests(session: httpx.AsyncClient) -> list[float]:
        latencies = []
        start = time.perf_counter()
        for n in range(cheap):
            if time.perf_counter() - start > seconds:
                break
            began = time.perf_counter()
            try:
                response = await session.get("/api/analyze", params={"q": f"nim 1 {n % 50}"})
            except httpx.HTTPError as failure:
                failed.append(repr(failure)[:80])
                continue
            if response.status_code == 200:
                latencies.append(time.perf_counter() - began)
                assert response.json()["nim_value"] == 1 ^ (n % 50), response.text
            else:
                failed.append(f"HTTP {response.status_code}")
            await asyncio.sleep(0.02)
        return latencies

    async def measured() -> tuple[list[float], dict[str, int]]:
        peak = {"family": 0, "workers": 0}
        stop = asyncio.Event()
        watcher = asyncio.create_task(watch(peak, stop))
        async with httpx.AsyncClient(base_url=base, timeout=60) as own:
            latencies = await cheap_requests(own)
        stop.set()
        await watcher
        return latencies, peak

    alone, idle_peak = await measured()
    idle_server = memory_kib(server, "VmHWM")
    held = []
    refused = 0
    for _ in range(idle):
        connection = socket.socket()
        connection.bind(("127.0.0.3", 0))
        try:
            connection.connect(("127.0.0.1", port))
            connection.sendall(b"GET /api/analyze?q=nim+1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: ")
        except OSError:
            refused += 1
            connection.close()
            continue
        held.append(connection)
    trickle = asyncio.create_task(keep_sending(held, done))
    # The expensive requests come from a process of their own, so that reading their
    # answers does not hold up the cheap requests timed here.
    pounder = await asyncio.to_thread(start_pounding, base, attacks, expensive, attackers)
    try:
        # every expensive request under way: as many workers as there are requests (the
        # quick ones, the server and the forkserver beside them), or 30 s
        for _ in range(300):
            if len(family(server)) >= expensive + 2:
                break
            await asyncio.sleep(0.1)
        latencies, peak = await measured()
        closed = 0
        for connection in held:
            connection.settimeout(0)
            try:
                closed += connection.recv(1) == b""
            except ConnectionResetError:
                closed += 1
            except BlockingIOError:  # still open: nothing to read
                pass
        done.set()
        await trickle
        statuses = await asyncio.to_thread(statuses_of, pounder)
    finally:
        pounder.kill()
        pounder.wait()
    for connection in held:
        connection.close()
    print(f"{expensive} expensive requests kept running (answers: {statuses}); "
          f"{len(latencies)} cheap requests answered meanwhile, {len(failed)} failed "
          f"{sorted(set(failed))[:3]}")
    if not latencies:
        print("no cheap request was answered meanwhile")
        latencies = [float("inf")]
    for when, times in (("alone (before)", alone), ("meanwhile", latencies)):
        print(f"cheap latency {when}: median {1000 * statistics.median(times):.0f} ms, "
              f"95th percentile {1000 * proportion(times, 0.95):.0f} ms, "
              f"max {1000 * max(times):.0f} ms")
    print("ratios meanwhile / alone: median "
          f"{statistics.median(latencies) / statistics.median(alone):.1f}, 95th percentile "
          f"{proportion(latencies, 0.95) / proportion(alone, 0.95):.1f}, max "
          f"{max(latencies) / max(alone):.1f}")
    server_peak = memory_kib(server, "VmHWM")
    growth = peak["family"] / idle_peak["family"]
    print(f"peak memory: server {idle_server / 1024:.0f} MiB idle, {server_peak / 1024:.0f} MiB "
          f"by the end (x{server_peak / idle_server:.2f}); server, forkserver and workers "
          f"together (PSS) {idle_peak['family'] / 1024:.0f} MiB idle, "
          f"{peak['family'] / 1024:.0f} MiB meanwhile (x{growth:.1f}); "
          f"at most {peak['workers']} worker processes at once (quick ones included)")
    print(f"half-open connections: {idle} tried, {refused} refused, {closed} closed by the "
          "server before the cheap requests ended")
    print(f"load average at the end: {Path('/proc/loadavg').read_text().strip()}")
    return statistics.median(latencies) / statistics.median(alone)


def start_pounding(base: str, attacks: str, expensive: int,
                   attackers: int) -> subprocess.Popen[str]:
    """The process of :func:`pound`, once its requests are sent."""
    pounder = subprocess.Popen(
        [sys.executable, __file__, "--pound", base, "--set", attacks, "--expensive",
         str(expensive), "--attackers", str(attackers)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert pounder.stdout is not None
    pounder.stdout.readline()  # "started"
    return pounder


def statuses_of(pounder: subprocess.Popen[str]) -> dict[str, int]:
    """Stop :func:`pound`'s process: the statuses of its answers, counted."""
    assert pounder.stdin is not None and pounder.stdout is not None
    pounder.stdin.close()
    return dict(json.loads(pounder.stdout.read()))


@contextlib.contextmanager
def hogging(count: int) -> Iterator[list[int]]:
    """``count`` programs that use the CPU without end (in this process's group, as the
    server's), their process ids."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield [hog.pid for hog in hogs]
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def share(base: str, server: int, hogs: list[int], repeat: int) -> None:
    """Time :data:`SHARED`, an expensive request, ``repeat`` times one after another: its
    wall time and answer, the CPU time of the server's processes meanwhile (its worker's,
    mostly) against that of each of ``hogs``; their ratio is the worker's share of the CPU
    against a CPU-bound program, whatever else loads the machine."""
    path, params = SHARED
    print(f"load average at the start: {Path('/proc/loadavg').read_text().strip()}")
    for _ in range(repeat):
        served, hogged = cpu_seconds(family(server)), [cpu_seconds([hog]) for hog in hogs]
        start = time.perf_counter()
        response = httpx.get(base + path, params=params, timeout=120)
        wall = time.perf_counter() - start
        served = cpu_seconds(family(server)) - served
        each = [cpu_seconds([hog]) - was for hog, was in zip(hogs, hogged, strict=True)]
        ratio = f", ratio {served / (sum(each) / len(each)):.2f}" if hogs and sum(each) else ""
        print(f"{path} {params}: HTTP {response.status_code} in {wall:.2f} s; CPU: server "
              f"and workers {served:.2f} s, each busy program "
              f"{' '.join(f'{cpu:.2f}' for cpu in each) or '-'} s{ratio}")
    print(f"load average at the end: {Path('/proc/loadavg').read_text().strip()}")


async def pound(base: str, attacks: list[tuple[str, dict[str, str]]], expensive: int,
                attackers: int) -> None:
    """Keep ``expensive`` requests of ``attacks`` running from ``attackers`` addresses
    (127.0.0.2 alone for one) until standard input ends; print the statuses of the answers
    as JSON."""
    statuses: dict[int, int] = {}
    done = asyncio.Event()

    async def one(session: httpx.AsyncClient, number: int) -> None:
        path, params = attacks[number % len(attacks)]
        while not done.is_set():
            try:
                status = (await session.get(path, params=params)).status_code
            except httpx.HTTPError:
                status = 0  # the connection failed
                await asyncio.sleep(0.1)
            statuses[status] = statuses.get(status, 0) + 1

    limits = httpx.Limits(max_connections=expensive + 1)
    addresses = ["127.0.0.2"] if attackers <= 1 else [
        f"127.0.0.{100 + n}" for n in range(min(attackers, 150))]
    async with contextlib.AsyncExitStack() as stack:
        sessions = [await stack.enter_async_context(httpx.AsyncClient(
            base_url=base, timeout=60, limits=limits,
            transport=httpx.AsyncHTTPTransport(local_address=address)))
            for address in addresses]
        tasks = [asyncio.create_task(one(sessions[n % len(sessions)], n))
                 for n in range(expensive)]
        print("started", flush=True)
        await asyncio.to_thread(sys.stdin.read)
        done.set()
        await asyncio.gather(*tasks)
    print(json.dumps(statuses))


async def keep_sending(held: list[socket.socket], done: asyncio.Event) -> None:
    """One more byte of a header on each connection every 3 s, until ``done``."""
    while not done.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), 3)
        for connection in held:
            with contextlib.suppress(OSError):
                connection.send(b"a")


@contextlib.contextmanager
def serving(src: Path) -> Iterator[tuple[str, int]]:
    """A fresh server of ``src`` on a free port: its base address and process id."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    code = f"from grundy.web.server import serve; serve(port={port})"
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL,
                              env={**os.environ, "PYTHONPATH": str(src.resolve())})
    try:
        for _ in range(600):
            try:
                httpx.get(f"{base}/api/messages", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        yield base, server.pid
    finally:
        server.terminate()
        server.wait(10)


def both(src: Path, runs: int, requests: int, cheap: int, seconds: float) -> None:
    """The two figures of the targets: cheap requests a second, run after run, and the
    cheap requests' median latency under 20 expensive ones at once over idle."""
    rates = []
    for run in range(runs):
        print(f"-- cheap requests, run {run + 1} of {runs}")
        with serving(src) as (base, pid):
            rates.append(asyncio.run(load(base, pid, 20, requests, seconds, CHEAP_MIX)))
    print("-- cheap requests while 20 expensive ones run, from 20 addresses")
    with serving(src) as (base, pid):
        ratio = asyncio.run(attack(base, pid, "expensive", 20, cheap, 0, seconds, attackers=20))
    print(f"summary: cheap requests a second {', '.join(f'{rate:.0f}' for rate in rates)} "
          f"(target >= 300); median latency under 20 expensive requests / idle {ratio:.2f} "
          "(target <= 3)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=40, help="requests per client")
    parser.add_argument("--seconds", type=float, default=120, help="time limit of the run")
    parser.add_argument("--attack", action="store_true",
                        help="cheap requests while expensive ones run")
    parser.add_argument("--expensive", type=int, default=20)
    parser.add_argument("--set", choices=ATTACKS, default="expensive",
                        help="the expensive requests: legal ones expensive today (default), "
                             "only the endless one, or those of the attack report")
    parser.add_argument("--cheap", type=int, default=200)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--mix", choices=MIXES, default="mixed")
    parser.add_argument("--attackers", type=int, default=1,
                        help="addresses the expensive requests come from")
    parser.add_argument("--both", action="store_true",
                        help="cheap requests a second, then the latency under attack")
    parser.add_argument("--runs", type=int, default=3, help="runs of cheap requests (--both)")
    parser.add_argument("--src", type=Path, default=ROOT / "src",
                        help="the source tree to serve (default: this checkout's)")
    parser.add_argument("--hogs", type=int, default=0,
                        help="CPU-bound programs running beside the server throughout")
    parser.add_argument("--share", type=int, default=0, metavar="REPEAT",
                        help="time an expensive request REPEAT times, with its CPU time "
                             "against that of each of the --hogs")
    parser.add_argument("--beside", type=int, default=0, metavar="EXPENSIVE",
                        help="keep EXPENSIVE expensive requests running from as many "
                             "addresses during the cheap requests")
    parser.add_argument("--pound", metavar="BASE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.pound:  # the attacking process of --attack
        asyncio.run(pound(args.pound, ATTACKS[args.set], args.expensive, args.attackers))
        return
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with hogging(args.hogs) as hogs:
        if args.both:
            both(args.src, args.runs, args.requests, args.cheap, args.seconds)
            return
        with serving(args.src) as (base, pid):
            if args.share:
                share(base, pid, hogs, args.share)
            elif args.attack:
                asyncio.run(attack(base, pid, args.set, args.expensive, args.cheap,
                                   args.idle, args.seconds, args.attackers))
            elif args.beside:
                pounder = start_pounding(base, "expensive", args.beside, args.beside)
                try:
                    time.sleep(3)  # the workers of their own at work
                    asyncio.run(load(base, pid, args.clients, args.requests, args.seconds,
                                     MIXES[args.mix]))
                    print(f"{args.beside} expensive requests beside: {statuses_of(pounder)}")
                finally:
                    pounder.kill()
                    pounder.wait()
            else:
                asyncio.run(load(base, pid, args.clients, args.requests, args.seconds,
                                 MIXES[args.mix]))


if __name__ == "__main__":
    main()
