"""A persistent cache of nim-sequences on disk, safe against crashes and concurrent writers.

One file per game, named from the game's canonical text (``octal:0.77``) made safe for
file systems plus a hash of it.  A file is a magic line, a JSON header (key, dtype,
length, and the seal of all of them and of the data: :func:`sequence_seal`) and the raw
values.  Writers build a temporary file in the same directory and rename it over the old one
(``os.replace`` is atomic), under a lock, and only when theirs is longer; readers check
everything, the seal too, and treat a file that does not check out (or was written without a
seal, by an older version, or with another user's key) as absent, so it is computed again
and replaced.  A cache that cannot be written (read-only directory, full disk) quietly does
nothing.  Files are read and written without numpy (:mod:`grundy.heap.compact`), so that a
short run that finds its values here, or keeps them, does not import it.

>>> import numpy as np
>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     cache = SequenceCache(Path(folder))
...     cache.store("octal:0.77", np.array([0, 1, 2, 3, 1], dtype=np.uint8))
...     cache.load("octal:0.77").tolist(), cache.load("octal:0.07")
([0, 1, 2, 3, 1], None)
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from platformdirs import user_cache_dir

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: os.replace alone keeps files whole
    fcntl = None  # type: ignore[assignment]

from grundy.errors import InvalidArgument
from grundy.heap.compact import AnyValues, CompactValues, as_array, itemsize
from grundy.heap.compact import Values as Values
from grundy.places import chosen_path
from grundy.seal import Sealing, user_seal

ENVIRONMENT_VARIABLE = "GRUNDY_CACHE_DIR"

#: Temporary files older than this (seconds) are left from writers that died.
STALE_AFTER = 3600

_TEMPORARY = ".tmp-"
_MAGIC = b"GRUNDY-SEQUENCE 1\n"
_MAX_HEADER = 4096
#: The widths of the values (bytes) by the dtype a file's header names: numpy's little-endian
#: unsigned types.
WIDTHS = {"|u1": 1, "<u2": 2, "<u4": 4, "<u8": 8}
_LITTLE = sys.byteorder == "little"

_UNSAFE = re.compile(r"[^A-Za-z0-9.,_+=-]+")


def default_directory() -> Path:
    """``$GRUNDY_CACHE_DIR`` if set, else the user's cache directory for ``grundy`` (as
    :func:`grundy.places.chosen_path` shows)."""
    return chosen_path(ENVIRONMENT_VARIABLE, lambda: Path(user_cache_dir("grundy")))


def file_name(key: str) -> str:
    """The file name for a key: a readable part and a hash, safe on every file system.

    >>> file_name("octal:0.77")
    'octal_0.77-3d84a58607073550af29.seq'
    """
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:20]
    readable = _UNSAFE.sub("_", key)[:48].strip("._") or "game"
    return f"{readable}-{digest}.seq"


class SequenceCache:
    """Nim-sequences kept on disk between runs, keyed by a game's canonical text.

    ``directory`` defaults to :func:`default_directory`.  Nothing here raises for file-system
    trouble: a failed read is a miss, a failed write is skipped.

    >>> SequenceCache(Path("/nonexistent/readonly")).load("octal:0.77") is None
    True
    """

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_directory()
        remove_stale_temporaries(self.directory)

    def path(self, key: str) -> Path:
        """The file that holds the sequence of ``key``.

        >>> SequenceCache(Path("/c")).path("kayles").name
        'kayles-dbda7b594add413f0f25.seq'
        """
        return self.directory / file_name(key)

    def load(self, key: str) -> Values | None:
        """The cached values of ``key`` as a numpy array, or None when absent, unreadable or
        damaged.

        >>> SequenceCache(Path("/nonexistent")).load("kayles") is None
        True
        """
        found = _read(self.path(key), key)
        return None if found is None else as_array(found)

    def load_any(self, key: str) -> AnyValues | None:
        """:meth:`load`, the values read into compact values where the machine's byte order
        is that of the file (numpy is not imported)."""
        return _read(self.path(key), key)

    def store(self, key: str, values: AnyValues) -> None:
        """Keep ``values`` for ``key``, unless a sequence at least as long is already kept.

        >>> import numpy as np
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     cache = SequenceCache(Path(folder))
        ...     cache.store("nim", np.arange(5))
        ...     cache.store("nim", np.arange(3))
        ...     len(cache.load("nim"))
        5
        """
        data = _checked(values)
        target = self.path(key)
        temporary: Path | None = None
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            # The writer's pid in the name tells a later reader whether it is still writing.
            with tempfile.NamedTemporaryFile(dir=self.directory,
                                             prefix=f"{_TEMPORARY}{os.getpid()}-",
                                             suffix=".seq", delete=False) as out:
                temporary = Path(out.name)
                write_sequence(out, key, data)
            with self._locked():
                kept = _read(target, key)
                if kept is None or len(kept) < len(data):
                    os.replace(temporary, target)
                    temporary = None
        except OSError:
            return
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    temporary.unlink()

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Serialise check-and-replace between processes, so the longest sequence wins."""
        if fcntl is None:
            yield
            return
        with open(self.directory / ".lock", "a+b") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


def remove_stale_temporaries(directory: Path, now: float | None = None) -> int:
    """Remove the temporary files of writers that died before renaming them (killed
    mid-write): those whose writer's process is gone, or older than :data:`STALE_AFTER`
    seconds.  Returns how many were removed; file-system trouble is ignored.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     dead = Path(folder) / f"{_TEMPORARY}{2**22 + 1}-x.seq"
    ...     _ = dead.write_bytes(b"half")
    ...     mine = Path(folder) / f"{_TEMPORARY}{os.getpid()}-y.seq"
    ...     _ = mine.write_bytes(b"busy")
    ...     remove_stale_temporaries(Path(folder)), dead.exists(), mine.exists()
    (1, False, True)
    """
    now = time.time() if now is None else now
    removed = 0
    try:
        candidates = list(directory.glob(f"{_TEMPORARY}*.seq"))
    except OSError:
        return 0
    for path in candidates:
        try:
            old = now - path.stat().st_mtime > STALE_AFTER
            if old or not _writer_alive(path.name):
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _writer_alive(name: str) -> bool:
    """True unless the pid in a temporary file's name is of no running process."""
    pid, dash, _ = name[len(_TEMPORARY):].partition("-")
    if not (dash and pid.isascii() and pid.isdigit()):
        return True  # an older name without a pid: only its age tells
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # another user's process, or no way to ask
    return True


def _checked(values: AnyValues) -> AnyValues:
    """The values in the narrowest unsigned little-endian width that holds them."""
    if isinstance(values, CompactValues) and _LITTLE:
        return values.narrowed()
    import numpy as np

    array = np.asarray(values)
    if array.ndim != 1 or (array.size and array.dtype.kind not in "ui"):
        raise InvalidArgument("a cached sequence must be a one-dimensional array of whole numbers")
    top = int(array.max()) if array.size else 0
    if array.size and int(array.min()) < 0:
        raise InvalidArgument("a cached sequence holds a negative value; nim-values are >= 0")
    for width in (np.uint8, np.uint16, np.uint32, np.uint64):
        if top <= np.iinfo(width).max:
            return np.ascontiguousarray(array, dtype=np.dtype(width).newbyteorder("<"))
    raise InvalidArgument(f"value {top} does not fit in 64 bits")  # pragma: no cover


def sequence_seal(key: str, dtype: str, length: int, data: AnyValues) -> Sealing:
    """The seal (:mod:`grundy.seal`, the user's key) of a sequence file's header fields and
    values; ``.verifies(seal)`` or ``.hexdigest()`` it.

    >>> import numpy as np
    >>> values = np.array([0, 1, 2], dtype="<u1")
    >>> one = sequence_seal("kayles", "|u1", 3, values).hexdigest()
    >>> one == sequence_seal("kayles", "|u1", 3, values).hexdigest()
    True
    >>> one == sequence_seal("dawson", "|u1", 3, values).hexdigest()
    False
    >>> one == sequence_seal("kayles", "|u1", 3, CompactValues.of([0, 1, 2])).hexdigest()
    True
    """
    sealing = user_seal().start()
    for part in (_MAGIC, key.encode("utf-8"), dtype.encode("ascii"), str(length).encode("ascii")):
        sealing.add(part)
    sealing.add(_raw(data))
    return sealing


def _raw(data: AnyValues) -> memoryview:
    """The bytes of the values, in place."""
    return data.view().cast("B") if isinstance(data, CompactValues) else data.data


def write_sequence(out: IO[bytes], key: str, data: AnyValues) -> None:
    """Write the magic line, the JSON header (key, dtype, length, seal) and the values
    (little-endian, as :func:`_checked` makes them), and flush them to the disk."""
    width = itemsize(data)
    dtype = "|u1" if width == 1 else f"<u{width}"
    header = {"key": key, "dtype": dtype, "length": len(data),
              "seal": sequence_seal(key, dtype, len(data), data).hexdigest()}
    out.write(_MAGIC)
    out.write(json.dumps(header).encode("utf-8") + b"\n")
    out.write(_raw(data))
    out.flush()
    os.fsync(out.fileno())


def _read(path: Path, key: str) -> AnyValues | None:
    try:
        # Without blocking, and a regular file only: a FIFO in its place would wait for ever.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(descriptor, "rb") as source:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                return None
            if source.read(len(_MAGIC)) != _MAGIC:
                return None
            header = json.loads(source.readline(_MAX_HEADER))
            width = WIDTHS[header["dtype"]]
            length = header["length"]
            seal = header["seal"]
            if header["key"] != key or type(length) is not int or length < 0:
                return None
            start = source.tell()
            if os.fstat(source.fileno()).st_size != start + length * width:
                return None
            data = CompactValues.zeros(length, width)
            if source.readinto(data.view().cast("B")) != length * width:
                return None
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not sequence_seal(key, header["dtype"], length, data).verifies(seal):
        return None
    if not _LITTLE:
        data.byteswap()
    return data
