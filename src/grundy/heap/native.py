"""The rare/common kernel in plain C, for short runs: no numba to import, no cached kernels
to load.

A run of a few hundred thousand heaps computes its values in a tenth of a second, while
importing numba and loading its cached kernels costs most of a second of CPU.  So the
serial kernel of :mod:`grundy.heap.kernels` is also written in C (``rarecommon.c``, beside
this module): it is compiled once with the system's C compiler (``$CC``, else ``cc``) into
the same cache folder numba uses (:mod:`grundy.compiled`), named by a digest of its source,
and called through :mod:`ctypes`.  Where there is no compiler, or no folder to keep the
library in, :func:`native_values` answers None and the caller uses the numba kernels; the
values never depend on which kernel computed them.

Codes whose moves may leave three heaps, and values beyond ``2^19``, are left to numba.

>>> from grundy.heap.codes import TakeBreakCode
>>> values = native_values(TakeBreakCode.of([0, 7, 7]), 11, None)  # Kayles
>>> values is None or values.tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
True
"""

from __future__ import annotations

import ctypes
import os
import sys
import sysconfig
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from grundy.compiled import CACHING
from grundy.heap.codes import TakeBreakCode

Values = np.ndarray[Any, np.dtype[np.unsignedinteger[Any]]]

SOURCE = Path(__file__).with_name("rarecommon.c")

#: Runs with more new heaps than this use the numba kernels, which show progress, stop on
#: Ctrl-C between chunks, share proof scans between threads (``PARALLEL_FROM`` in
#: kernels.py) and go beyond memory with a window; up to it one C call takes under about a
#: second (benchmarks/README.md, "Against the Rust solver").
NATIVE_UP_TO = 1 << 20

_FLAGS = ("-O2", "-shared", "-fPIC")

# The C period search of each width of values.
_PERIOD_SEARCHES = {np.dtype(np.uint8): "first_period_u8", np.dtype(np.uint16): "first_period_u16",
                    np.dtype(np.uint32): "first_period_u32"}


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
    """The compiled kernel, compiled first if needed; None where it cannot be had."""
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
    function = loaded.rc_values
    pointer = ctypes.c_void_p
    function.argtypes = [pointer, ctypes.c_long, ctypes.c_long, pointer, pointer, ctypes.c_long,
                         pointer, pointer, ctypes.c_long, pointer]
    function.restype = ctypes.c_int
    for name in _PERIOD_SEARCHES.values():
        search = getattr(loaded, name)
        search.argtypes = [pointer, ctypes.c_long, pointer, ctypes.c_long, ctypes.c_long,
                           ctypes.c_long, ctypes.c_long, ctypes.c_long, pointer]
        search.restype = ctypes.c_long
    return loaded


def _address(array: np.ndarray[Any, Any]) -> int:
    address: int = array.ctypes.data
    return address


def native_values(code: TakeBreakCode, n: int, prefix: np.ndarray[Any, Any] | None
                  ) -> Values | None:
    """Values of heaps 0..n of ``code`` by the C kernel, extending ``prefix`` (correct
    values of heaps 0..len(prefix)-1), in the narrowest unsigned dtype; None when the C
    kernel does not apply (three-heap moves, no compiler) or gave up (values beyond its
    tables), so that the caller computes them otherwise."""
    if code.triples:
        return None
    loaded = library()
    if loaded is None:
        return None
    known = 0 if prefix is None else min(len(prefix), n + 1)
    if known and (int(prefix[0]) != 0 or int(prefix[:known].max()) >= 1 << 19):  # type: ignore[index]
        return None
    values = np.zeros(n + 1, dtype=np.uint32)
    if known:
        values[:known] = prefix[:known]  # type: ignore[index]
    takes = np.array(code.takes, dtype=np.int64).reshape(-1, 2)
    take_k = np.ascontiguousarray(takes[:, 0])
    take_bits = np.ascontiguousarray(takes[:, 1])
    splits = np.array(sorted(code.splits), dtype=np.int64)
    unequal = np.array([k in code.unequal for k in splits.tolist()], dtype=np.int64)
    out = np.zeros(3, dtype=np.int64)
    status = loaded.rc_values(_address(values), max(known, 1), n, _address(take_k),
                              _address(take_bits), len(take_k), _address(splits),
                              _address(unequal), len(splits), _address(out))
    if status != 0:
        return None
    top = int(values.max())
    dtype = np.uint8 if top < 1 << 8 else np.uint16 if top < 1 << 16 else np.uint32
    narrowed: Values = values.astype(dtype)
    return narrowed


def short_run(code: TakeBreakCode, n: int, prefix: np.ndarray[Any, Any] | None,
              progress: Callable[[int], None] | None = None,
              keep: Callable[[Values], None] | None = None) -> Values | None:
    """:func:`native_values` for a run of at most :data:`NATIVE_UP_TO` new heaps (one call
    that cannot stop midway: about a second for most codes, several for Grundy's game;
    ``progress`` hears of its end), else None.  A run with a checkpoint (``keep``) is left
    to the compiled kernels, which hand over their values as they come.

    >>> from grundy.heap.codes import TakeBreakCode
    >>> short_run(TakeBreakCode.of([0, 7, 7]), NATIVE_UP_TO + 1, None) is None
    True
    """
    known = 0 if prefix is None else min(len(prefix), n + 1)
    if n + 1 - known > NATIVE_UP_TO or keep is not None:
        return None
    values = native_values(code, n, prefix)
    if values is not None and progress is not None:
        progress(n + 1)
    return values


def first_period(values: np.ndarray[Any, Any], z: np.ndarray[Any, Any], a: int, floor: int,
                 b: int, c: int) -> tuple[int, int] | None:
    """The period search of :mod:`grundy.heap.period` (``_search``) in C: ``(p, e)``, the least
    period ``p < len(z)`` with ``a * max(e, floor) + b * p + c <= len(values)`` and its least
    preperiod ``e``, ``(0, 0)`` when there is none; None when the C kernel cannot read these
    values (no compiler; not contiguous unsigned values of 1, 2 or 4 bytes; ``z`` not uint8),
    for the caller to search otherwise.  Reads the values in place: nothing is copied.

    >>> z = np.empty(10, dtype=np.uint8)
    >>> found = first_period(np.array([5, 1, 2, 3, 1, 2, 3, 1, 2, 3], dtype=np.uint8), z,
    ...                      1, 0, 3, 0)
    >>> found is None or found == (3, 1)
    True
    """
    name = _PERIOD_SEARCHES.get(values.dtype)
    if (name is None or z.dtype != np.uint8 or len(z) < 2
            or not values.flags.c_contiguous or not z.flags.c_contiguous):
        return None
    loaded = library()
    if loaded is None:
        return None
    start = ctypes.c_long(0)
    period = getattr(loaded, name)(_address(values), len(values), _address(z), len(z) - 1, a,
                                   floor, b, c, ctypes.byref(start))
    return (int(period), int(start.value)) if period else (0, 0)
