"""Try an installed ``grundy`` as a user would, outside the checkout (see dist_check.sh).

    python smoke_installed.py DIST_DIR    # DIST_DIR holds the wheel and the sdist

Each check runs on its own and says what it saw; the exit code is 1 if any failed.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tarfile
import time
import traceback
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path

BIN = Path(sys.executable).parent
GRUNDY = str(BIN / "grundy")
SHIPPED = ["grundy/py.typed", "grundy/web/static/index.html", "grundy/web/static/app.js",
           "grundy/web/static/style.css"]


def grundy(*args: str, timeout: float = 300) -> str:
    """The output of the installed ``grundy`` command; an error when it fails."""
    done = subprocess.run([GRUNDY, *args], capture_output=True, text=True, timeout=timeout,
                          check=False)
    if done.returncode != 0:
        raise AssertionError(f"grundy {' '.join(args)} exited {done.returncode}:\n"
                             f"{done.stdout}{done.stderr}")
    return done.stdout


def check_distributions(dist: Path) -> None:
    wheel, = dist.glob("grundy-*.whl")
    sdist, = dist.glob("grundy-*.tar.gz")
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    with tarfile.open(sdist) as tar:
        in_sdist = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for name in SHIPPED:
        assert name in in_wheel, f"{name} missing from {wheel.name}"
        assert f"src/{name}" in in_sdist, f"src/{name} missing from {sdist.name}"
    for name in ("README.md", "CHANGELOG.md", "pyproject.toml"):
        assert name in in_sdist, f"{name} missing from {sdist.name}"


def check_version(dist: Path) -> None:
    wheel, = dist.glob("grundy-*.whl")
    expected = wheel.name.split("-")[1]
    assert grundy("--version") == f"grundy {expected}\n"


def check_installed_files() -> None:
    import grundy as package

    where = Path(package.__file__).parent
    assert Path(sys.prefix) in where.parents, f"grundy imported from {where}, not the venv"
    for name in SHIPPED:
        assert (where.parent / name).is_file(), f"{name} not installed"


def check_analyze() -> None:
    out = grundy("analyze", "kayles", "5", "6")
    assert "Nim-value: 7" in out and "kayles 1 2 6" in out, out


def check_compiled_kernels() -> None:
    out = grundy("sequence", "--period", "--no-values", "kayles", "--to", "300")
    assert "Periodic from heap 71 with period 12 (proved" in out, out
    out = grundy("analyze", "cram", "4x5")
    assert "Nim-value:" in out, out
    from numba.core.dispatcher import Dispatcher

    from grundy.heap import kernels

    kayles = kernels.take_break_values([0, 7, 7], 300).tolist()
    assert kayles[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], kayles[:12]
    assert kayles[71:83] == kayles[83:95] == kayles[287:299], "Kayles' period 12 from 71"
    compiled = [name for name, f in vars(kernels).items()
                if isinstance(f, Dispatcher) and f.signatures]
    assert compiled, "no kernel of grundy.heap.kernels was compiled"


def check_serve() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([GRUNDY, "serve", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                page = fetch(base + "/")
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert b"data-testid" in page, "the page is not grundy's"
        for name in ("app.js", "style.css"):
            assert len(fetch(f"{base}/static/{name}")) > 100, f"/static/{name} is empty"
        answer = fetch(base + "/api/analyze?q=nim+3+2+1")
        assert b'"winner": "second"' in answer or b'"winner":"second"' in answer, answer
    except BaseException as error:
        server.terminate()
        said = server.communicate(timeout=10)[0]
        # The server's own words first: what it printed names the cause, the client's
        # traceback only the symptom.
        raise AssertionError(f"{error!r}; grundy serve said:\n{said}") from None
    server.terminate()
    server.wait(timeout=10)


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as answer:
        assert answer.status == 200, f"{url}: HTTP {answer.status}"
        data: bytes = answer.read()
        return data


def check_completion() -> None:
    for shell in ("bash", "zsh", "fish"):
        assert "kayles" in grundy("completion", shell), f"no game names for {shell}"


def main() -> int:
    dist = Path(sys.argv[1])
    os.chdir(dist)
    checks: list[tuple[str, Callable[[], None]]] = [
        ("the wheel and the sdist hold the package's files", lambda: check_distributions(dist)),
        ("grundy --version is the wheel's version", lambda: check_version(dist)),
        ("the package, py.typed and the page's files are installed", check_installed_files),
        ("grundy analyze", check_analyze),
        ("compiled kernels run", check_compiled_kernels),
        ("grundy serve answers its page, static files and API", check_serve),
        ("grundy completion", check_completion),
    ]
    print(f"as uid {os.getuid()}, HOME={os.environ.get('HOME')}, in {os.getcwd()}")
    failed = 0
    for name, check in checks:
        try:
            check()
        except Exception:
            failed += 1
            print(f"FAIL {name}\n{traceback.format_exc()}")
        else:
            print(f"ok   {name}")
    print(f"smoke test: {len(checks) - failed} of {len(checks)} checks passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
