"""The server's connections: its listening socket, its file limit, and time limits on
connections that are idle or send their request slowly.

uvicorn closes a connection idle after a response (``timeout_keep_alive``) but waits for
ever for a request's head that never ends, or for the first byte on a fresh connection; a
client holding many such connections open would use up the server's file descriptors.
:class:`HeadDeadline` closes a connection whose request head is not all in within
``head_seconds``, and closes at once a connection beyond the :attr:`client_connections`
one address may hold open (so that one client holding thousands of connections, sending
nothing, does not use up the server's connections for every other client).
"""

from __future__ import annotations

import asyncio
import errno
import resource
import socket
from typing import Any, ClassVar

from uvicorn.protocols.http.h11_impl import H11Protocol

from grundy.errors import InvalidArgument


class AddressInUse(OSError):
    """The address to listen on is taken (by another server), or may not be used."""


class HeadDeadline(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection that does not send a whole request
    head within :attr:`head_seconds` of connecting or of the last answer, and one beyond
    the :attr:`client_connections` its address holds open."""

    head_seconds = 10.0
    client_connections = 64
    #: Connections open by address (each class made by :func:`with_head_deadline` has its own).
    open_by_address: ClassVar[dict[str, int]] = {}

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        peer = transport.get_extra_info("peername")
        self._address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        held = self.open_by_address.get(self._address, 0) + 1
        self.open_by_address[self._address] = held
        if held > self.client_connections:
            transport.close()
            return
        self._await_head(self.cycle)

    def on_response_complete(self) -> None:
        # Remember the request just answered before the next pipelined one may begin.
        answered = self.cycle
        super().on_response_complete()
        if not self.transport.is_closing():
            self._await_head(answered)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        held = self.open_by_address.get(self._address, 1) - 1
        if held > 0:
            self.open_by_address[self._address] = held
        else:
            self.open_by_address.pop(self._address, None)
        super().connection_lost(exc)

    def _await_head(self, last: Any) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()

        def expire() -> None:
            if self.cycle is last and not self.transport.is_closing():
                self.transport.close()

        self._head_timer = self.loop.call_later(self.head_seconds, expire)


def with_head_deadline(seconds: float, per_client: int = 64) -> type[HeadDeadline]:
    """:class:`HeadDeadline` with ``seconds`` for the request head and at most
    ``per_client`` connections open from one address."""
    return type("HeadDeadline", (HeadDeadline,), {"head_seconds": seconds,
                                                  "client_connections": per_client,
                                                  "open_by_address": {}})


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port``; :class:`AddressInUse` when that is taken."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as failure:
        raise InvalidArgument(f"--host {host!r}: not an address of this machine "
                              f"({failure.strerror})") from None
    listener = socket.socket(family, kind, protocol)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(2048)
    except OSError as failure:
        listener.close()
        if failure.errno == errno.EADDRINUSE:
            raise AddressInUse(f"cannot serve on {host}:{port}: the address is in use "
                               "(another server is listening there)") from None
        raise AddressInUse(f"cannot serve on {host}:{port}: {failure.strerror}") from None
    listener.set_inheritable(True)
    return listener


def raise_file_limit() -> int:
    """Raise this process's limit of open files to the most allowed; return the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):  # some systems cap it below an unlimited hard limit
            pass
    return soft
