"""Checkpoints of long nim-sequence computations: the values so far, kept in a directory.

A checkpoint is one file, ``sequence.checkpoint`` in the directory given, in the sequence
cache's format (:mod:`grundy.heap.cache`): the game's key, the values of heaps 0..k-1 and
their SHA-256.  It is written to a temporary file and renamed over the old one, so a run
killed at any moment (Ctrl-C, ``kill -9``, a crash) leaves the previous checkpoint whole.
Each value depends only on the values before it, so a run resumed from a checkpoint ends
with exactly the values of an uninterrupted one.  A checkpoint of another game, or one that
does not check out, is refused with one line, never silently replaced.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     kept = Checkpoint(folder, "octal:0.77")
...     kept.save(np.array([0, 1, 2, 3], dtype=np.uint8))
...     kept.load().tolist()
[0, 1, 2, 3]
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import numpy as np

from grundy.errors import InvalidArgument
from grundy.heap.cache import _DTYPES, _MAGIC, _MAX_HEADER, Values, _checked, write_sequence

#: Seconds between two checkpoints of a running computation, by default.
CHECKPOINT_SECONDS = 60.0
#: The checkpoint's file name in its directory.
FILE_NAME = "sequence.checkpoint"


class BadCheckpoint(InvalidArgument):
    """A checkpoint of another game, or one that is damaged: refused, not overwritten."""


class Checkpoint:
    """The checkpoint of the sequence of game ``key`` in ``directory``, written every
    ``every`` seconds at most when :meth:`offer` is called.

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
                 every: float = CHECKPOINT_SECONDS) -> None:
        self.directory = Path(directory)
        self.key = key
        self.every = every
        self.saved_at = time.monotonic()

    @property
    def path(self) -> Path:
        """The checkpoint file."""
        return self.directory / FILE_NAME

    def load(self) -> Values | None:
        """The values kept, or None when there is no checkpoint yet.

        Raises :class:`BadCheckpoint` when the file is of another game or does not check out.
        """
        try:
            source = open(self.path, "rb")  # noqa: SIM115 - closed below, errors told apart
        except FileNotFoundError:
            return None
        except OSError as error:
            raise BadCheckpoint(f"cannot read the checkpoint {self.path}: "
                                f"{error.strerror}") from None
        with source:
            header = _header(source, self.path)
            if header["key"] != self.key:
                raise BadCheckpoint(f"the checkpoint {self.path} is of {header['key']}, not "
                                    f"{self.key}; give another directory")
            dtype = _DTYPES[header["dtype"]]
            data = np.fromfile(source, dtype=dtype)
        if len(data) != header["length"] or (
                hashlib.sha256(data.data).hexdigest() != header["sha256"]):
            raise BadCheckpoint(f"the checkpoint {self.path} is damaged (its checksum does not "
                                "match); remove it to start again")
        values: Values = data.astype(dtype.newbyteorder("="), copy=False)
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


def _header(source: Any, path: Path) -> dict[str, Any]:
    """The checked header of a checkpoint file; :class:`BadCheckpoint` if it is not one."""
    damaged = BadCheckpoint(f"the checkpoint {path} is damaged or not a checkpoint; remove it "
                            "to start again")
    if source.read(len(_MAGIC)) != _MAGIC:
        raise damaged
    try:
        header = json.loads(source.readline(_MAX_HEADER))
        valid = (isinstance(header, dict) and isinstance(header.get("key"), str)
                 and header.get("dtype") in _DTYPES and type(header.get("length")) is int
                 and isinstance(header.get("sha256"), str))
    except ValueError:
        valid = False
    if not valid:
        raise damaged
    checked: dict[str, Any] = header
    return checked
