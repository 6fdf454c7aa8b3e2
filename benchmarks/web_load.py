"""Load on the web server: concurrent clients against a real server on the loopback address.

Starts ``grundy.web.server.serve`` in its own process on 127.0.0.1 at a free port, then runs
CLIENTS clients at once (httpx AsyncClient), each sending REQUESTS requests (a mix of
analyze, moves and computer-move on small and medium positions, and a few sequences), and
reports the median and 99th percentile latency and any failures.  Only loopback addresses.

    .venv/bin/python benchmarks/web_load.py [--clients 50] [--requests 40] [--seconds 120]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import ssl
import statistics
import subprocess
import sys
import time
from pathlib import Path

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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def client(base: str, number: int, requests: int, tls: ssl.SSLContext,
                 latencies: list[float], failures: list[str]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60, verify=tls) as session:
        for i in range(requests):
            path, params = REQUESTS_MIX[(number + i) % len(REQUESTS_MIX)]
            start = time.perf_counter()
            try:
                response = await session.get(path, params=params)
            except httpx.HTTPError as error:
                failures.append(f"{path}: {error!r}")
                continue
            latencies.append(time.perf_counter() - start)
            if response.status_code != 200:
                failures.append(f"{path} {params}: HTTP {response.status_code}")


async def load(base: str, clients: int, requests: int, seconds: float) -> None:
    latencies: list[float] = []
    failures: list[str] = []
    tls = ssl.create_default_context()  # one for all clients: each costs ~0.1 s to make
    start = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(
        client(base, n, requests, tls, latencies, failures) for n in range(clients))), seconds)
    wall = time.perf_counter() - start
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"clients {clients}, requests {len(latencies)} in {wall:.2f} s "
          f"({len(latencies) / wall:.0f} per second)")
    print(f"latency median {1000 * statistics.median(latencies):.1f} ms, "
          f"99th percentile {1000 * p99:.1f} ms, max {1000 * latencies[-1]:.1f} ms")
    print(f"failures {len(failures)}")
    for failure in failures[:10]:
        print("  " + failure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=40, help="requests per client")
    parser.add_argument("--seconds", type=float, default=120, help="time limit of the run")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    code = f"from grundy.web.server import serve; serve(port={port})"
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL,
                              env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    try:
        for _ in range(200):
            try:
                httpx.get(f"{base}/api/messages", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        asyncio.run(load(base, args.clients, args.requests, args.seconds))
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
