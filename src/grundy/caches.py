"""The one registry of the package's caches: each says its name, how to empty it and how
big it is; :func:`clear_caches` empties them all.

A module-level table of results is a :class:`Memo`: registered when made, and forgotten all
at once when it would grow past its bound, so that a long-running process (the web server)
does not grow without end.  Other caches (``functools.lru_cache`` functions, a compiled
kernel's table) register with :func:`register`; :func:`remembered` makes a function's
results a registered ``lru_cache``.

>>> squares = Memo("doctest squares", bound=2)
>>> squares[1], squares[2], squares[3] = 1, 4, 9
>>> dict(squares), cache_sizes()["doctest squares"]
({3: 9}, 1)
>>> clear_caches()
>>> cache_sizes()["doctest squares"]
0
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import ParamSpec, TypeVar, cast

K = TypeVar("K")
V = TypeVar("V")
P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class Cache:
    """A registered cache: its name, how to empty it, and how many entries it holds."""

    name: str
    clear: Callable[[], None]
    size: Callable[[], int]


_registry: dict[str, Cache] = {}


def register(name: str, clear: Callable[[], None], size: Callable[[], int]) -> None:
    """Make a cache known to :func:`clear_caches` (a second one of a name replaces it)."""
    _registry[name] = Cache(name, clear, size)


def clear_caches() -> None:
    """Forget every remembered result (frees memory after large searches)."""
    for cache in _registry.values():
        cache.clear()


def cache_sizes() -> dict[str, int]:
    """How many entries each registered cache holds, by name."""
    return {name: cache.size() for name, cache in _registry.items()}


class Memo(dict[K, V]):
    """A dict of remembered results, registered under ``name``; adding a new key when it
    holds ``bound`` entries forgets them all first."""

    def __init__(self, name: str, bound: int) -> None:
        super().__init__()
        self.bound = bound
        register(name, self.clear, self.__len__)

    def __setitem__(self, key: K, value: V) -> None:
        if len(self) >= self.bound and key not in self:
            self.clear()
        super().__setitem__(key, value)


def remembered(name: str, most: int) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """Remember a function's last ``most`` results (``functools.lru_cache``), as a registered
    cache called ``name``.

    >>> @remembered("doctest doubles", most=8)
    ... def double(n: int) -> int:
    ...     return 2 * n
    >>> double(4), cache_sizes()["doctest doubles"]
    (8, 1)
    """

    def wrap(function: Callable[P, T]) -> Callable[P, T]:
        kept = lru_cache(maxsize=most)(function)
        register(name, kept.cache_clear, lambda: kept.cache_info().currsize)
        return cast(Callable[P, T], kept)

    return wrap
