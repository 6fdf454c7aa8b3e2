"""Compiled kernels: numba's ``njit``, with its on-disk cache only where it can be written.

numba keeps compiled machine code in ``$NUMBA_CACHE_DIR`` or beside the sources, and a
function declared ``cache=True`` fails to import where neither can be written (a user with no
writable home running an installed copy).  Kernels are declared with :data:`CACHING` instead,
so such a user compiles them on each run and works all the same.

>>> isinstance(CACHING, bool)
True
"""

from __future__ import annotations

import os
from pathlib import Path


def can_cache(package: Path = Path(__file__).parent) -> bool:
    """True when numba can write its cache: ``$NUMBA_CACHE_DIR`` if set (made when missing,
    as numba itself would), else the ``__pycache__`` directories beside the sources (or the
    package, to make them).

    >>> chosen = os.environ.pop("NUMBA_CACHE_DIR", None)  # the folders beside the sources
    >>> can_cache(Path("/nonexistent/grundy"))
    False
    >>> if chosen is not None:
    ...     os.environ["NUMBA_CACHE_DIR"] = chosen
    """
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        # A named folder that does not exist yet would otherwise turn the cache off for
        # every run, each recompiling every kernel.
        try:
            Path(chosen).mkdir(parents=True, exist_ok=True)
        except OSError:
            return False
        return _writable(Path(chosen))
    return all(_writable(folder / "__pycache__") or _writable(folder)
               for folder in (package / "heap", package / "boards"))


def _writable(folder: Path) -> bool:
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


#: Whether compiled kernels are kept on disk between runs.
CACHING = can_cache()

# Threads of parallel kernels that wait for work sleep rather than spin: on a machine whose
# cores are busy with other work, spinning threads take the time the working ones need.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
