"""The ``Host`` header check: a request must name the address the server listens on.

Without it any web page the user visits could send requests to the server on 127.0.0.1, and
read the answers through DNS rebinding (a name of the attacker's that later resolves to
127.0.0.1).  A request whose ``Host`` is not one of the server's names is answered 400.

>>> sorted(allowed_hosts("127.0.0.1", 8000))
['127.0.0.1:8000', '[::1]:8000', 'localhost:8000']
>>> sorted(allowed_hosts("192.168.1.5", 80, ["box.lan"]))
['192.168.1.5', '192.168.1.5:80', 'box.lan', 'box.lan:80']
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

#: Names of this machine's loopback address, any of which a local browser may use.
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def allowed_hosts(host: str, port: int, extra: Iterable[str] = ()) -> frozenset[str]:
    """The ``Host`` values accepted by a server on ``host:port`` (lower case).

    A loopback address accepts every loopback name; any other address accepts itself and
    the names in ``extra``.  Browsers leave the port out when it is 80.
    """
    names = list(LOOPBACK) if host.lower() in LOOPBACK else [host]
    names += extra
    hosts = set()
    for name in names:
        shown = f"[{name}]" if ":" in name else name
        hosts.add(f"{shown}:{port}".lower())
        if port == 80:
            hosts.add(shown.lower())
    return frozenset(hosts)


class HostCheck:
    """ASGI middleware answering 400 to any request whose ``Host`` is not in ``hosts``."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = dict(scope["headers"]).get(b"host", b"").decode("latin-1").lower()
            if host not in self.hosts:
                shown = host if len(host) <= 60 else host[:57] + "..."
                response = JSONResponse(
                    {"error": f"Host {shown!r} is not this server's address; use one of "
                              + ", ".join(sorted(self.hosts))}, status_code=400)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
