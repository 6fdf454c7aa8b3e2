"""The C library of short runs (``rarecommon.c``, beside this module): compiled once with the
system's C compiler, kept, and loaded through :mod:`ctypes`.

It is compiled with ``$CC`` (else ``cc``) into the same cache folder numba uses
(:mod:`grundy.compiled`), under a name made of a checksum of its source and of the command,
so that a changed source is compiled again.  Where there is no compiler, or no folder to
keep the library in, :func:`library` answers None and every caller has a way without it:
the numba kernels (:mod:`grundy.heap.native`), numpy or plain Python
(:mod:`grundy.heap.compact`).

>>> found = library()
>>> found is None or found.rc_top.restype is ctypes.c_uint64
True
"""

from __future__ import annotations

import ctypes
import os
import sys
import sysconfig
import zlib
from functools import cache
from pathlib import Path

from grundy.compiled import CACHING

SOURCE = Path(__file__).with_name("rarecommon.c")

_FLAGS = ("-O2", "-shared", "-fPIC")

#: The C period search of each width of values (bytes).
PERIOD_SEARCHES = {1: "first_period_u8", 2: "first_period_u16", 4: "first_period_u32"}


def _folder() -> Path | None:
    """Where the compiled library is kept: ``$NUMBA_CACHE_DIR/grundy``, else the
    ``__pycache__`` beside this module (as numba keeps its own cache)."""
    if not CACHING:
        return None
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    return Path(chosen) / "grundy" if chosen else Path(__file__).parent / "__pycache__"


def _library_path(folder: Path, compiler: str) -> Path:
    # A checksum names the source and the command, not a digest: hashlib's import alone
    # would cost a short run a tenth of its time.
    text = SOURCE.read_bytes() + " ".join((compiler, *_FLAGS)).encode()
    platform = sysconfig.get_platform().replace("-", "_")
    return folder / f"rarecommon-{platform}-{len(text):x}-{zlib.crc32(text):08x}.so"


@cache
def library() -> ctypes.CDLL | None:
    """The compiled library, compiled first if needed; None where it cannot be had."""
    folder = _folder()
    if folder is None or sys.platform == "win32":
        return None
    compiler = os.environ.get("CC", "cc")
    path = _library_path(folder, compiler)
    if not path.exists():
        import subprocess  # only to compile: its import costs a short run 0.03 s

        try:
            folder.mkdir(parents=True, exist_ok=True)
            # Written under a name of this process's own, then renamed: a process that
            # loads the library never sees half of it.
            partial = path.with_suffix(f".{os.getpid()}.tmp")
            subprocess.run([compiler, *_FLAGS, "-o", str(partial), str(SOURCE)],
                           check=True, capture_output=True, timeout=120)
            os.replace(partial, path)
        except (OSError, subprocess.SubprocessError):
            return None
    try:
        loaded = ctypes.CDLL(str(path))
    except OSError:
        return None
    _declare(loaded)
    return loaded


def _declare(loaded: ctypes.CDLL) -> None:
    """The argument and result types of the library's functions."""
    pointer, long, width = ctypes.c_void_p, ctypes.c_long, ctypes.c_int
    loaded.rc_values.argtypes = [pointer, long, long, pointer, pointer, long, pointer, pointer,
                                 long, pointer]
    loaded.rc_values.restype = ctypes.c_int
    for name in PERIOD_SEARCHES.values():
        search = getattr(loaded, name)
        search.argtypes = [pointer, long, pointer, long, long, long, long, long, pointer]
        search.restype = long
    loaded.rc_top.argtypes = [pointer, width, long]
    loaded.rc_top.restype = ctypes.c_uint64
    loaded.rc_count.argtypes = [pointer, width, long, pointer]
    loaded.rc_count.restype = None
    loaded.rc_convert.argtypes = [pointer, width, pointer, width, long]
    loaded.rc_convert.restype = None
    loaded.rc_last_step_off.argtypes = [pointer, width, long, long, ctypes.c_int64]
    loaded.rc_last_step_off.restype = long
