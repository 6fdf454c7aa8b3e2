"""The graphs a web server offers: files chosen when it starts, read once, named by the user.

On the web a graph game is ``graph:NAME``, where NAME is one of these; requests never name
files.  Each file is read at start-up: regular files only (a fifo or a device is refused
without waiting on it), at most :data:`MAX_BYTES` bytes read (whatever size the file
claims), UTF-8 text of one edge ``a b`` a line, as for ``graph:PATH``.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> with open(os.path.join(folder, "chase.txt"), "w") as file:
...     _ = file.write("a b\\nb a\\nb c\\n")
>>> sorted(read_graphs([], [folder]))
['chase']
>>> read_graphs(["chase=/dev/zero"], [])
Traceback (most recent call last):
...
grundy.errors.InvalidArgument: --graph chase=/dev/zero: not a regular file
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable

from grundy.digraph import graph_from_text
from grundy.errors import InvalidArgument, InvalidGame, TooBig

#: Largest graph file served, in bytes.
MAX_BYTES = 1024 * 1024
#: A graph's name: letters, digits, '_', '-' and '.', not starting with '.'.
NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}")


def read_graphs(pairs: Iterable[str], folders: Iterable[str]) -> dict[str, str]:
    """The text of each graph, by name: ``NAME=PATH`` pairs, and every ``*.txt`` file of
    each folder under its name without ``.txt``.  Raises :class:`InvalidArgument` naming
    the option and the file when one cannot be served."""
    named: list[tuple[str, str, str]] = []
    for pair in pairs:
        name, equals, path = pair.partition("=")
        if not equals:
            raise InvalidArgument(f"--graph {pair!r}: write NAME=PATH")
        named.append((f"--graph {pair}", name, path))
    for folder in folders:
        try:
            files = sorted(entry for entry in os.listdir(folder) if entry.endswith(".txt"))
        except OSError as failure:
            raise InvalidArgument(f"--graphs {folder}: {failure.strerror}") from None
        named += [(f"--graphs {folder}: {file}", file.removesuffix(".txt"),
                   os.path.join(folder, file)) for file in files]
    graphs: dict[str, str] = {}
    for option, name, path in named:
        if not NAME.fullmatch(name):
            raise InvalidArgument(f"{option}: {name!r} is not a graph name; use letters, "
                                  "digits, '_', '-' and '.'")
        if name in graphs:
            raise InvalidArgument(f"{option}: a second graph named {name!r}")
        text = _read(option, path)
        try:
            graph_from_text(text, name)  # refused now, not at each request
        except (InvalidGame, TooBig) as failure:
            raise InvalidArgument(f"{option}: {failure}") from None
        graphs[name] = text
    return graphs


def _read(option: str, path: str) -> str:
    try:
        # Non-blocking: opening a fifo for reading would otherwise wait for a writer.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as failure:
        raise InvalidArgument(f"{option}: {failure.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise InvalidArgument(f"{option}: not a regular file")
        chunks: list[bytes] = []
        read = 0
        # Up to one byte past the limit, whatever size the file claims.
        while read <= MAX_BYTES and (chunk := os.read(descriptor, MAX_BYTES + 1 - read)):
            chunks.append(chunk)
            read += len(chunk)
    finally:
        os.close(descriptor)
    data = b"".join(chunks)
    if len(data) > MAX_BYTES:
        raise InvalidArgument(f"{option}: longer than {MAX_BYTES} bytes, the limit of a "
                              "served graph")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidArgument(f"{option}: not a UTF-8 text file") from None
