"""Checkpoints of long nim-sequence computations: the values so far, kept in a directory.

A checkpoint is one file, ``sequence.checkpoint`` in the directory given, in the sequence
cache's format (:mod:`grundy.heap.cache`): the game's key, the values of heaps 0..k-1 and
their seal (:mod:`grundy.seal`: written by this user's grundy and not changed since; a file
without one, from an older version, is refused too).  It is written to a temporary file and
renamed over the old one, so a run killed at any moment (Ctrl-C, ``kill -9``, a crash)
leaves the previous checkpoint whole. Each value depends only on the values before it, so a
run resumed from a checkpoint ends with exactly the values of an uninterrupted one.  A
checkpoint of another game, or one that does not check out, is refused with one line, never
silently replaced.

>>> import numpy as np
>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     kept = Checkpoint(folder, "octal:0.77")
...     kept.save(np.array([0, 1, 2, 3], dtype=np.uint8))
...     kept.load().tolist()
[0, 1, 2, 3]
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from grundy.budget import memory_limit
from grundy.errors import InvalidArgument, short_number
from grundy.heap.cache import (
    _MAGIC,
    _MAX_HEADER,
    WIDTHS,
    Values,
    _checked,
    sequence_seal,
    write_sequence,
)
from grundy.numerals import shown
from grundy.seal import UNSEALED

if TYPE_CHECKING:
    # Imported where a checkpoint is read: :func:`write_atomically` keeps files of other
    # kinds too (proved periods, :mod:`grundy.heap.proved`), for runs that need no numpy.
    import numpy as np

    from grundy.heap.rules import HeapRules

#: Seconds between two checkpoints of a running computation, by default.
CHECKPOINT_SECONDS = 60.0
#: The checkpoint's file name in its directory.
FILE_NAME = "sequence.checkpoint"

_SEAL = re.compile(r"[0-9a-f]{64}")


class BadCheckpoint(InvalidArgument):
    """A checkpoint of another game, or one that is damaged: refused, not overwritten."""


class Checkpoint:
    """The checkpoint of the sequence of game ``key`` in ``directory``, written every
    ``every`` seconds at most when :meth:`offer` is called.  With ``game``, the values read
    back are checked against its rules (:mod:`grundy.heap.recheck`) before they are used;
    without, only for damage.

    >>> import numpy as np
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     Checkpoint(folder, "octal:0.77").save(np.zeros(3, dtype=np.uint8))
    ...     Checkpoint(folder, "octal:0.07").load()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.heap.checkpoint.BadCheckpoint: the checkpoint .../sequence.checkpoint is of \
octal:0.77, not octal:0.07; give another directory
    """

    def __init__(self, directory: Path | str, key: str,
                 every: float = CHECKPOINT_SECONDS, game: HeapRules | None = None) -> None:
        self.directory = Path(directory)
        self.key = key
        self.game = game
        # The file last read and checked against the rules, and its values: read twice
        # (said, then resumed), it is checked once.
        self._checked: tuple[tuple[int, int, int], Values] | None = None
        self.every = every
        self.saved_at = time.monotonic()

    @property
    def path(self) -> Path:
        """The checkpoint file."""
        return self.directory / FILE_NAME

    def load(self) -> Values | None:
        """The values kept, or None when there is no checkpoint yet.

        Raises :class:`BadCheckpoint` when the file is of another game, is not a regular
        file, is bigger than the memory budget allows, has no seal or one that does not
        match (:mod:`grundy.seal`), or (when the
        checkpoint knows its ``game``) its values break the rules
        (:func:`~grundy.heap.recheck.recheck`).
        """
        import numpy as np

        source = open_regular(self.path)
        if source is None:
            return None
        with source:
            header = _header(source, self.path)
            if header["key"] != self.key:
                kept = header["key"]
                kept = kept if kept.isprintable() and len(kept) <= 200 else shown(kept)
                raise BadCheckpoint(f"the checkpoint {self.path} is of {kept}, not {self.key}; "
                                    "give another directory")
            dtype = np.dtype(f"<u{WIDTHS[header['dtype']]}")
            length = header["length"]
            size = length * dtype.itemsize
            status = os.fstat(source.fileno())
            seen = (status.st_ino, status.st_size, status.st_mtime_ns)
            if self._checked is not None and self._checked[0] == seen:
                return self._checked[1]  # the file this checkpoint checked last, unchanged
            if status.st_size != source.tell() + size:
                raise damaged(self.path, "its length is not the one its header gives")
            if size > memory_limit():
                raise damaged(self.path, f"it holds {short_number(length)} values, more than "
                                         f"the memory budget of {memory_limit()} bytes allows")
            data = np.fromfile(source, dtype=dtype, count=length)
        if len(data) != length:
            raise damaged(self.path, "its length is not the one its header gives")
        if not sequence_seal(self.key, header["dtype"], length, data).verifies(header["seal"]):
            raise damaged(self.path, "its seal does not match: it was changed since it was "
                                     "written, or written with another user's key")
        values: Values = data.astype(dtype.newbyteorder("="), copy=False)
        if self.game is not None:
            from grundy.heap.recheck import recheck

            wrong = recheck(self.game, values)
            if wrong is not None:
                raise damaged(self.path, wrong)
            self._checked = (seen, values)
        return values

    def save(self, values: np.ndarray[Any, Any]) -> None:
        """Write ``values`` (heaps 0..len-1) atomically: a temporary file, then a rename."""
        data = _checked(values)
        write_atomically(self.path, lambda out: write_sequence(out, self.key, data))
        self.saved_at = time.monotonic()

    def remove(self) -> None:
        """Delete the checkpoint, and its directory when nothing else is in it."""
        self.path.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            self.directory.rmdir()

    def offer(self, values: np.ndarray[Any, Any]) -> None:
        """Save ``values`` if :attr:`every` seconds have passed since the last save."""
        if time.monotonic() - self.saved_at >= self.every:
            self.save(values)


def write_atomically(path: Path, write: Callable[[IO[bytes]], object]) -> None:
    """Write a file with ``write(out)`` to a temporary file beside ``path``, then rename it
    over ``path``: a run killed at any moment leaves the old file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tmp-checkpoint-",
                                     delete=False) as out:
        temporary = Path(out.name)
        try:
            write(out)
        except BaseException:
            out.close()
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise
    os.replace(temporary, path)


def open_regular(path: Path) -> IO[bytes] | None:
    """``path`` opened for reading, None when it does not exist; :class:`BadCheckpoint` when
    it cannot be read or is not a regular file (a FIFO would block, a device never end).

    >>> open_regular(Path("/nonexistent/file")) is None
    True
    >>> open_regular(Path("/dev/null"))
    Traceback (most recent call last):
    ...
    grundy.heap.checkpoint.BadCheckpoint: damaged checkpoint /dev/null: not a regular file; \
remove it to start again
    """
    try:
        # Without blocking: opening a FIFO for reading would wait for a writer.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == errno.EISDIR:
            raise damaged(path, "not a regular file") from None
        raise BadCheckpoint(f"cannot read the checkpoint {path}: {error.strerror}") from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise damaged(path, "not a regular file")
    os.set_blocking(descriptor, True)
    return os.fdopen(descriptor, "rb")


def damaged(path: Path, why: str) -> BadCheckpoint:
    """The refusal of a checkpoint file that is not one, or not a sound one.

    >>> str(damaged(Path("ck/sequence.checkpoint"), "its seal does not match"))
    'damaged checkpoint ck/sequence.checkpoint: its seal does not match; remove it to \
start again'
    """
    return BadCheckpoint(f"damaged checkpoint {path}: {why}; remove it to start again")


#: The header's fields and their types: nothing else is a checkpoint's header.
_FIELDS = {"key": str, "dtype": str, "length": int, "seal": str}
#: The header's fields in a file of an older version, before files were sealed.
_UNSEALED = {"key", "dtype", "length", "sha256"}


def _header(source: IO[bytes], path: Path) -> dict[str, Any]:
    """The checked header of a checkpoint file; :class:`BadCheckpoint` if it is not one."""
    if source.read(len(_MAGIC)) != _MAGIC:
        raise damaged(path, "it does not start as a checkpoint does")
    line = source.readline(_MAX_HEADER)
    try:
        header = json.loads(line)
    except ValueError:
        header = None
    if not line.endswith(b"\n") or not isinstance(header, dict):
        raise damaged(path, "its header is not a JSON object on one line")
    if set(header) == _UNSEALED:
        raise damaged(path, UNSEALED)
    if set(header) != set(_FIELDS) or any(type(header[name]) is not kind
                                          for name, kind in _FIELDS.items()):
        raise damaged(path, "its header must have exactly key, dtype (text), length (a "
                            "whole number) and seal (text)")
    if header["dtype"] not in WIDTHS or header["length"] < 0 or not _SEAL.fullmatch(
            header["seal"]):
        raise damaged(path, f"its header has dtype {shown(header['dtype'])}, length "
                            f"{short_number(header['length'])} and seal "
                            f"{shown(header['seal'])}; an unsigned type, a length >= 0 and "
                            "64 hexadecimal digits are needed")
    return header
