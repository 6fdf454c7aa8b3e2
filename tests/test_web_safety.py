"""The web server under attack: files named by requests, memory bombs, endless work, foreign
pages (Host), idle and half-sent connections, bad ports.  Against a real server where the
connection matters, else through the application with its real worker processes."""

from __future__ import annotations

import asyncio
import errno
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from starlette.testclient import TestClient

from grundy import analyze
from grundy.digraph import GraphGame
from grundy.web.graphlist import MAX_BYTES, read_graphs
from grundy.web.hosts import allowed_hosts
from grundy.web.jobs import Job
from grundy.web.server import create_app
from grundy.web.workers import Limits, Workers
from test_web_api import running_server

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SOURCE = {**os.environ, "PYTHONPATH": str(ROOT / "src")}

#: Small limits, so that the tests stopped by them end soon.
SECONDS = 3
LIMITS = f"Limits(seconds={SECONDS}, workers=8, memory=256 * 2**20, queue=20)"
CHASE = "# a and b chase each other\na b\nb a\nb c\nc d\n"

#: The requests of the attack report (memory bombs, endless work, a 7 kB game word): the
#: library alone grew to gigabytes or ran for hours on each.  It refuses or answers most at
#: once now; whatever it does, each must end in an answer (200) or a one-line error (400 or
#: 413, the server's limits stopping the rest), and the server must live on.
ATTACKS = [
    ("/api/analyze", {"q": "subtract:1000000000 5"}),
    ("/api/analyze", {"q": "kayles 1000000000 1000000000"}),
    ("/api/analyze", {"q": "chocolate 1000000000x1000000000"}),
    ("/api/sequence", {"game": "subtract:" + ",".join(  # 7 kB: too long to be read
        f"{k}00001-{k + 1}00000" for k in range(400)), "to": "100000"}),
    ("/api/sequence", {"game": "subtract:1-100000," + ",".join(
        f"{k}00001-{k + 1}00000" for k in range(1, 12)), "to": "100000"}),
    ("/api/analyze", {"q": "kayles 1000000000000000000"}),
    ("/api/computer-move", {"q": "kayles 20000"}),
    ("/api/analyze", {"q": "chomp 1000000x1000000"}),
    ("/api/moves", {"q": "cram 1x1000000"}),
    ("/api/analyze", {"q": "grundy-game 100000"}),
    ("/api/graph", {"q": "kayles 1000000000000000000"}),
    ("/api/sequence", {"game": "hex:0.f", "to": "100000"}),
]
#: Legal requests that keep a worker busy for seconds (about 3 s each alone, measured: see
#: benchmarks/WEB.md), to run while cheap ones are asked.  Each may end in an answer or be
#: stopped by the time limit: the test holds either way.
EXPENSIVE = [("/api/analyze", {"q": "chomp 7x8"}), ("/api/analyze", {"q": "chocolate 6x7"})] * 3


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, int]]:
    # More connections from one address than a server allows by default: the idle ones
    # below are closed by their time limits, not by the cap.
    with running_server(f"limits={LIMITS}", "idle_seconds=1", "head_seconds=1",
                        "client_connections=1000") as running:
        yield running


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(hosts=allowed_hosts("127.0.0.1", 8000), graphs={"chase": CHASE},
                     limits=Limits(seconds=SECONDS, workers=8, memory=256 * 2**20))
    with TestClient(app, base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


@pytest.fixture(scope="module")
def fifo(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("fifo") / "pipe")
    os.mkfifo(path)
    return path


def never_opened(fifo: str) -> bool:
    """True when nobody holds ``fifo`` open for reading (a writer cannot open it)."""
    try:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError as error:
        return error.errno == errno.ENXIO
    return False


def error_of(response: httpx.Response, status: int) -> str:
    assert response.status_code == status, (response.status_code, response.text)
    message = response.json()["error"]
    assert isinstance(message, str) and message
    return str(message)


class TestFilesNamedByRequests:
    @pytest.mark.parametrize("path", ["/etc/passwd", "/no/such/file", "/dev/zero", "FIFO",
                                      "chase.txt", "../chase"])
    @pytest.mark.parametrize(("endpoint", "param"), [
        ("/api/analyze", "q"), ("/api/moves", "q"), ("/api/computer-move", "q"),
        ("/api/graph", "q"), ("/api/sequence", "game"), ("/api/table", "game")])
    def test_refused_quoting_nothing_of_the_file(self, client: TestClient, fifo: str,
                                                 endpoint: str, param: str, path: str) -> None:
        path = fifo if path == "FIFO" else path
        value = f"graph:{path} a" if param == "q" else f"graph:{path}"
        message = error_of(client.get(endpoint, params={param: value, "to": "3"}), 400)
        # The message quotes the request's word (shortened when long), and nothing else.
        shape = re.fullmatch(r"'(graph:[^']*)' is not one of this server's graphs \(chase\)",
                             message)
        assert shape is not None, message
        assert value.startswith(shape[1].removesuffix("..."))
        assert never_opened(fifo)

    def test_the_servers_own_graph_is_played(self, client: TestClient,
                                             tmp_path: Path) -> None:
        path = tmp_path / "chase.txt"
        path.write_text(CHASE)
        for tokens in ("c", "a", "b c", "a c"):
            served = client.get("/api/analyze", params={"q": f"graph:chase {tokens}"}).json()
            local = analyze(f"graph:{path} {tokens}").to_json()
            assert served["position"] == f"graph:chase {local['position'].split(' ', 1)[1]}"
            assert (served["outcome"], served["nim_value"]) == (local["outcome"],
                                                                local["nim_value"])
        moves = client.get("/api/moves", params={"q": "graph:chase b"}).json()["moves"]
        assert sorted(m["position"] for m in moves) == ["graph:chase a", "graph:chase c"]
        games = client.get("/api/games").json()["games"]
        assert next(g for g in games if g["name"] == "graph")["example"] == "graph:chase a"

    def test_sequence_of_a_served_graph_is_refused(self, client: TestClient) -> None:
        message = error_of(client.get("/api/sequence", params={"game": "graph:chase",
                                                                "to": "3"}), 400)
        assert "not a heap game" in message

    def test_no_graphs_a_pasted_graph_game(self) -> None:
        app = create_app(hosts=allowed_hosts("127.0.0.1", 8000))
        with TestClient(app, base_url="http://127.0.0.1:8000") as plain:
            games = {g["name"]: g for g in plain.get("/api/games").json()["games"]}
            # no served graph: graph games are offered on a graph sent with the position
            assert games["graph"]["example"] == "graph:pasted a" and "nim" in games


class TestGraphList:
    def test_files_read_once_by_name(self, tmp_path: Path) -> None:
        (tmp_path / "chase.txt").write_text(CHASE)
        (tmp_path / "notes.md").write_text("not a graph")
        other = tmp_path / "other"
        other.write_text("x y\n")
        graphs = read_graphs([f"ring={other}"], [str(tmp_path)])
        assert graphs == {"ring": "x y\n", "chase": CHASE}

    @pytest.mark.parametrize(("make", "needle"), [
        (lambda p: os.mkfifo(p), "not a regular file"),
        (lambda p: p.write_bytes(b"a b\n" * (MAX_BYTES // 4 + 1)), "longer than"),
        (lambda p: p.write_bytes(b"\xff\xfe"), "UTF-8"),
        (lambda p: p.write_text("a b c\n"), "3 words"),
        (lambda p: None, "No such file"),
        (lambda p: p.mkdir(), "not a regular file"),
    ])
    def test_refused_at_start(self, tmp_path: Path, make: Any, needle: str) -> None:
        path = tmp_path / "g"
        make(path)
        with pytest.raises(ValueError, match=needle):
            read_graphs([f"g={path}"], [])

    def test_devices_and_bad_names(self) -> None:
        with pytest.raises(ValueError, match="not a regular file"):
            read_graphs(["zero=/dev/zero"], [])
        with pytest.raises(ValueError, match="not a graph name"):
            read_graphs(["a/b=/etc/hostname"], [])
        with pytest.raises(ValueError, match="NAME=PATH"):
            read_graphs(["/etc/hostname"], [])

    def test_the_text_reader_matches_the_file_reader(self, tmp_path: Path) -> None:
        path = tmp_path / "chase.txt"
        path.write_text(CHASE)
        from grundy.digraph import graph_from_text

        assert graph_from_text(CHASE, "x").edges == GraphGame.from_file(path).edges


class TestParameters:
    @pytest.mark.parametrize(("params", "needle"), [
        ({"game": "kayles", "to": "١٢"}, "digits 0-9"),
        ({"game": "kayles", "to": "²"}, "digits 0-9"),
        ({"game": "kayles", "to": " 12"}, "digits 0-9"),
        ({"game": "kayles", "to": "1_0"}, "digits 0-9"),
        ({"game": "kayles", "to": "9" * 5000}, "at most 4000"),
        ({"game": "kayles", "to": "3", "misere": "2"}, "misere="),
        ({"game": "kayles", "to": "3", "period": "yes"}, "period="),
        ({"game": "subtract:" + "1," * 150 + "2", "to": "3"}, "longer than 200"),
    ])
    def test_strict_and_bounded(self, client: TestClient, params: dict[str, str],
                                needle: str) -> None:
        message = error_of(client.get("/api/sequence", params=params), 400)
        assert needle in message and "invalid literal" not in message

    def test_valid_flags_still_answer(self, client: TestClient) -> None:
        data = client.get("/api/sequence", params={"game": "subtract:1,2", "to": "007",
                                                   "period": "1"}).json()
        assert data["values"] == [0, 1, 2, 0, 1, 2, 0, 1]
        assert data["period"]["period"] == 3


#: The worker answer of the limit tests: probes that try the limits whatever the library can
#: do (``tests/web_probes.py``).
PROBE = "web_probes:probe"


def ended(pid: int) -> bool:
    """True when process ``pid`` is gone or a zombie (dead, its parent not told yet)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")


def all_ended(pids_file: Path) -> bool:
    """True when every process named in ``pids_file`` has ended (within a few seconds: a
    killed process may take a moment to die)."""
    pids = [int(word) for word in pids_file.read_text().split()]
    assert pids
    deadline = time.monotonic() + 10
    while not all(ended(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


class TestWorkers:
    def test_the_worker_imports_the_named_answer(self, tmp_path: Path) -> None:
        workers = Workers(Limits(workers=1, seconds=20), PROBE)
        pids = tmp_path / "pids"
        reply = anyio.run(workers.run, Job("echo", {"pids": str(pids), "x": "1"}))
        (worker,) = map(int, pids.read_text().split())
        assert reply.body == {"kind": "echo", "params": {"pids": str(pids), "x": "1"},
                              "pid": worker}
        assert worker != os.getpid() and all_ended(pids)

    def test_a_wrong_answer_name_fails_at_once(self) -> None:
        with pytest.raises(AttributeError):
            Workers(Limits(), "web_probes:no_such_probe")
        with pytest.raises(ModuleNotFoundError):
            Workers(Limits(), "no_such_module:probe")

    @pytest.mark.parametrize("kind", ["allocate", "abort"])
    def test_memory_limit_is_413_naming_it(self, tmp_path: Path, kind: str) -> None:
        workers = Workers(Limits(memory=128 * 2**20, seconds=60, workers=1), PROBE)
        pids = tmp_path / "pids"
        reply = anyio.run(workers.run, Job(kind, {"pids": str(pids)}))
        assert reply.status == 413
        assert reply.body["error"] == ("the work needed more memory than the limit of one "
                                       "request (128 MiB)")
        assert all_ended(pids)
        assert anyio.run(workers.run, Job("echo", {})).status == 200

    def test_time_limit_is_413_and_a_full_pool_is_503(self, tmp_path: Path) -> None:
        workers = Workers(Limits(seconds=1, workers=1, queue=0.2), PROBE)
        pids = tmp_path / "pids"

        async def both() -> list[Any]:
            replies: list[Any] = []

            async def one(job: Job) -> None:
                replies.append(await workers.run(job))

            async with anyio.create_task_group() as group:
                group.start_soon(one, Job("endless", {"pids": str(pids)}))
                await anyio.sleep(0.05)
                group.start_soon(one, Job("echo", {}))
            return replies

        busy, slow = anyio.run(both)
        assert (busy.status, slow.status) == (503, 413)
        assert busy.body["error"] == ("the server is busy: all 1 workers stayed busy for "
                                      "0.2 s; try again later")
        assert slow.body["error"] == "the work took longer than 1 s, the limit of one request"
        # The worker and the process it started were both killed.
        assert len(pids.read_text().split()) == 2 and all_ended(pids)
        assert anyio.run(workers.run, Job("echo", {"n": "2"})).body["params"] == {"n": "2"}


def check_answer(response: httpx.Response, endpoint: str, params: dict[str, str]) -> None:
    """``response`` is a valid answer (200) or a one-line error (400 or 413)."""
    if response.status_code in (400, 413):
        message = error_of(response, response.status_code)
        assert "\n" not in message and len(message) <= 400, message
        return
    assert response.status_code == 200, (params, response.text)
    if endpoint == "/api/graph":
        assert response.text.lstrip().startswith(("<?xml", "<svg")), response.text[:100]
        return
    body = response.json()
    if endpoint == "/api/analyze":
        assert (body["outcome"] == "P") == (body["nim_value"] == 0), body
        assert bool(body["winning_moves"]) == (body["outcome"] == "N"), body
    elif endpoint == "/api/computer-move":
        # A winning position's move must leave the opponent a losing one.
        if analyze(params["q"]).outcome.value == "N":
            assert analyze(body["position"]).outcome.value == "P", body
    elif endpoint == "/api/moves":
        assert isinstance(body["moves"], list) and body["moves"], body
    elif endpoint == "/api/sequence":
        assert len(body["values"]) == int(params["to"]) + 1, params


class TestRealServer:
    @pytest.mark.parametrize(("endpoint", "params"), ATTACKS,
                             ids=[f"{e[5:]} {str(p)[:40]}" for e, p in ATTACKS])
    def test_attacks_end_in_an_answer_or_one_line(self, server: tuple[str, int], endpoint: str,
                                                   params: dict[str, str]) -> None:
        base, _ = server
        response = httpx.get(base + endpoint, params=params, timeout=SECONDS + 30)
        check_answer(response, endpoint, params)
        alive = httpx.get(base + "/api/analyze", params={"q": "nim 1 2"}, timeout=10)
        assert alive.json()["outcome"] == "N"

    def test_two_equal_heaps_of_a_billion_lose(self, server: tuple[str, int]) -> None:
        base, _ = server
        body = httpx.get(base + "/api/analyze", params={"q": "kayles 1000000000 1000000000"},
                         timeout=SECONDS + 30).json()
        # The second player copies every move in the other heap: a loss for the first.
        assert (body["outcome"], body["nim_value"], body["winning_moves"]) == ("P", 0, [])

    def test_the_server_never_held_the_work(self, server: tuple[str, int]) -> None:
        base, pid = server
        for endpoint, params in ATTACKS:
            httpx.get(base + endpoint, params=params, timeout=SECONDS + 30)
        # The server's own peak memory stayed small (the attacks grew it to gigabytes once).
        peak = int(re.findall(r"VmHWM:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())[0])
        assert peak < 400 * 1024

    def test_cheap_answers_while_expensive_work_runs(self, server: tuple[str, int]) -> None:
        base, _ = server

        async def run() -> tuple[list[httpx.Response], list[httpx.Response]]:
            async with httpx.AsyncClient(base_url=base, timeout=SECONDS + 30) as session:
                expensive = [asyncio.create_task(session.get(path, params=params))
                             for path, params in EXPENSIVE]
                await asyncio.sleep(0.3)
                cheap = [await session.get("/api/analyze", params={"q": f"nim 1 {n}"})
                         for n in range(2, 8)]
                return cheap, list(await asyncio.gather(*expensive))

        cheap, expensive = asyncio.run(run())
        assert [r.json()["nim_value"] for r in cheap] == [1 ^ n for n in range(2, 8)]
        for response, (endpoint, params) in zip(expensive, EXPENSIVE, strict=True):
            check_answer(response, endpoint, params)
        after = httpx.get(base + "/api/moves", params={"q": "nim 1 2"}, timeout=10)
        assert after.status_code == 200

    @pytest.mark.parametrize(("host", "status"), [
        ("evil.example", 400), ("evil.example:{port}", 400), ("127.0.0.1:1", 400),
        ("127.0.0.1:{port}", 200), ("localhost:{port}", 200), ("[::1]:{port}", 200)])
    def test_host_header(self, server: tuple[str, int], host: str, status: int) -> None:
        base, _ = server
        port = base.rsplit(":", 1)[1]
        response = httpx.get(base + "/api/analyze", params={"q": "nim 1 2"},
                             headers={"Host": host.format(port=port)}, timeout=10)
        assert response.status_code == status
        if status == 400:
            assert "not this server's address" in response.json()["error"]

    def test_no_host_header_is_400(self, server: tuple[str, int]) -> None:
        answer = raw_exchange(server[0], b"GET /api/analyze?q=nim+1 HTTP/1.0\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 400")

    def test_idle_and_half_sent_connections_are_closed(self, server: tuple[str, int]) -> None:
        base, _ = server
        port = int(base.rsplit(":", 1)[1])
        sends = [b"", b"GET /api/analyze?q=nim+1 HTTP/1.1\r\nHost: 127.0.0.1:",
                 b"GET /api/analyze?q=nim+1 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port,
                 b"G"]
        sockets = []
        for n in range(200):
            connection = socket.create_connection(("127.0.0.1", port), timeout=15)
            connection.sendall(sends[n % len(sends)])
            sockets.append(connection)
        try:
            for n, connection in enumerate(sockets):
                received = b""
                while chunk := connection.recv(65536):  # until the server closes it
                    received += chunk
                assert received.startswith(b"HTTP/1.1 200") == (n % len(sends) == 2)
        finally:
            for connection in sockets:
                connection.close()
        assert httpx.get(base + "/api/analyze", params={"q": "nim 1 2"}, timeout=10).is_success


def raw_exchange(base: str, request: bytes) -> bytes:
    host, port = base.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(request)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    return received


class TestServeCommand:
    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "grundy", "serve", *args], env=SOURCE,
                              capture_output=True, text=True, timeout=60)

    @pytest.mark.parametrize("port", ["99999", "-1", "http", "١٢", "80.5"])
    def test_bad_port_is_one_line_exit_2(self, port: str) -> None:
        done = self.run("--port", port)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and "port" in done.stderr

    def test_port_in_use_is_one_line_exit_1(self) -> None:
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            done = self.run("--port", str(taken.getsockname()[1]))
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and "in use" in done.stderr

    def test_a_host_not_of_this_machine_is_one_line(self) -> None:
        done = self.run("--host", "no-such-host.invalid", "--port", "0")
        assert done.returncode == 2 and done.stderr.count("\n") == 1
        assert "--host 'no-such-host.invalid'" in done.stderr

    def test_the_file_limit_is_raised_to_the_hard_limit(self) -> None:
        code = ("import resource; from grundy.web.connections import raise_file_limit; "
                "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE); "
                "resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard)); "
                "print(raise_file_limit() == hard or hard == resource.RLIM_INFINITY)")
        done = subprocess.run([sys.executable, "-c", code], env=SOURCE, capture_output=True,
                              text=True, timeout=60)
        assert done.stdout == "True\n", done.stderr

    def test_a_fifo_graph_is_refused_at_once(self, fifo: str) -> None:
        done = self.run("--graph", f"pipe={fifo}")
        assert done.returncode == 2 and "not a regular file" in done.stderr
        assert never_opened(fifo)
