"""Values of heaps 0..n held in the standard library's :class:`array.array`, for runs that
need no numpy.

The C kernel of short runs (:mod:`grundy.heap.native`) writes its values into such an array,
and they are read, sliced, counted, searched for a period, continued by it, listed and kept
on disk without importing numpy, whose import alone costs a short run more CPU than computing
its values.  The readers of values take either form (:data:`AnyValues`): a
:class:`CompactValues` or a numpy array.  Where a step needs numpy (the numba kernels, a
``.npy`` file), :func:`as_array` views the same memory as a numpy array, without a copy; the
values never depend on the form that holds them.

>>> values = CompactValues.of([0, 1, 2, 3, 1, 4])
>>> len(values), values[3], values[2:4].tolist(), values.itemsize, values.max()
(6, 3, [2, 3], 1, 4)
>>> value_counts(values), first_index(values, 1)
([1, 2, 1, 1, 1], 1)
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeAlias, overload

if TYPE_CHECKING:
    import ctypes

    import numpy as np


#: The values as numpy holds them (the cache, the numba kernels, :meth:`HeapGame.values`).
Values: TypeAlias = "np.ndarray[Any, np.dtype[np.unsignedinteger[Any]]]"
#: The values in either form: a numpy array of unsigned integers or a :class:`CompactValues`.
AnyValues: TypeAlias = "Values | CompactValues"

#: The unsigned type code of :mod:`array` of each width in bytes.
TYPECODES: dict[int, str] = {}
for _code in "BHILQ":
    TYPECODES.setdefault(array(_code).itemsize, _code)


def library() -> ctypes.CDLL | None:
    """The C library (:func:`grundy.heap.clib.library`), imported when first needed: the
    commands that hold no values (``grundy analyze nim 3 4 5``) load no ctypes."""
    from grundy.heap.clib import library as loaded

    return loaded()


def width_of(top: int) -> int:
    """The fewest bytes (1, 2, 4 or 8) that hold values up to ``top``.

    >>> width_of(255), width_of(256), width_of(2**32)
    (1, 2, 8)
    """
    for width in (1, 2, 4, 8):
        if top < 1 << (8 * width):
            return width
    raise OverflowError(f"nim-value {top} does not fit in 64 bits")


class CompactValues:
    """Values in a slice of an :class:`array.array` of unsigned integers of 1, 2, 4 or 8 bytes:
    a slice is a view of the same memory, as a numpy slice is."""

    __slots__ = ("_base", "_start", "_stop")

    def __init__(self, base: array[int], start: int = 0, stop: int | None = None) -> None:
        self._base = base
        self._start = start
        self._stop = len(base) if stop is None else stop

    @classmethod
    def of(cls, values: Iterable[int]) -> CompactValues:
        """The values in the narrowest width that holds them."""
        listed = list(values)
        return cls(array(TYPECODES[width_of(max(listed, default=0))], listed))

    @classmethod
    def zeros(cls, size: int, width: int) -> CompactValues:
        """``size`` zeros of ``width`` bytes each."""
        # Repeated, not built from a bytes object: no second copy of the memory on the way.
        return cls(array(TYPECODES[width], [0]) * size)

    @classmethod
    def from_bytes(cls, data: bytes | bytearray | memoryview, width: int) -> CompactValues:
        """Values of ``width`` bytes each, in the machine's byte order, from their bytes."""
        base = array(TYPECODES[width])
        base.frombytes(data)
        return cls(base)

    def __len__(self) -> int:
        return self._stop - self._start

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> CompactValues: ...

    def __getitem__(self, index: int | slice) -> int | CompactValues:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                raise ValueError("compact values are sliced with a step of 1 only")
            return CompactValues(self._base, self._start + start,
                                 self._start + max(start, stop))
        size = len(self)
        if not -size <= index < size:
            raise IndexError(f"heap {index} is past the {size} values")
        return self._base[self._start + index % size]

    def __repr__(self) -> str:
        return f"CompactValues({self.tolist()!r}, itemsize={self.itemsize})"

    @property
    def itemsize(self) -> int:
        """Bytes per value."""
        return self._base.itemsize

    @property
    def address(self) -> int:
        """Where the first value is in memory, for the C library."""
        return self._base.buffer_info()[0] + self._start * self.itemsize

    def byteswap(self) -> None:
        """Swap the bytes of every value, in place (values read in the other byte order)."""
        swapped = array(self._base.typecode, self.view())
        swapped.byteswap()
        self.view()[:] = memoryview(swapped)

    def view(self) -> memoryview:
        """The values as a memoryview (no copy)."""
        return memoryview(self._base)[self._start: self._stop]

    def tolist(self) -> list[int]:
        """The values as a list of ints."""
        return self.view().tolist()

    def max(self) -> int:
        """The largest value (0 when there are none)."""
        loaded = library()
        if loaded is None:
            return max(self.view(), default=0)
        top: int = loaded.rc_top(self.address, self.itemsize, len(self))
        return top

    def index(self, value: int) -> int:
        """The first heap whose value is ``value`` (ValueError: none is)."""
        return self._base.index(value, self._start, self._stop) - self._start

    def converted(self, width: int, size: int | None = None) -> CompactValues:
        """A copy in values of ``width`` bytes (each value must fit), ``size`` long (zeros
        after the values; by default as long as they are)."""
        size = len(self) if size is None else size
        out = CompactValues.zeros(size, width)
        count = min(size, len(self))
        loaded = library()
        if loaded is not None:
            loaded.rc_convert(self.address, self.itemsize, out.address, width, count)
        else:
            out._base[:count] = array(TYPECODES[width], self.view()[:count])
        return out

    def narrowed(self) -> CompactValues:
        """These values in the narrowest width that holds them (themselves if it is theirs)."""
        width = width_of(self.max())
        return self if width == self.itemsize else self.converted(width)

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray[Any, Any]:
        """The values as a numpy array viewing the same memory."""
        import numpy as np

        kind = np.dtype(f"=u{self.itemsize}")
        if not len(self):
            viewed = np.zeros(0, dtype=kind)
        else:
            viewed = np.frombuffer(self._base, dtype=kind, count=len(self),
                                   offset=self._start * self.itemsize)
        return viewed if dtype is None else viewed.astype(dtype, copy=bool(copy))


def as_array(values: AnyValues) -> Values:
    """The values as a numpy array: a view of compact values' memory, numpy arrays as they
    are.

    >>> as_array(CompactValues.of([3, 1, 2])).tolist()
    [3, 1, 2]
    """
    if isinstance(values, CompactValues):
        viewed: Values = values.__array__()
        return viewed
    return values


def itemsize(values: AnyValues) -> int:
    """Bytes per value, whatever holds them."""
    return values.itemsize if isinstance(values, CompactValues) else values.dtype.itemsize


def value_counts(values: AnyValues) -> list[int]:
    """How many of the values are 0, 1, 2, ... up to the largest (``[]`` for no values).

    >>> value_counts(CompactValues.of([0, 2, 2, 5])), value_counts(CompactValues.of([]))
    ([1, 0, 2, 0, 0, 1], [])
    """
    if not isinstance(values, CompactValues):
        from grundy.heap.masks import histogram

        counted: list[int] = histogram(values).tolist()
        return counted
    if not len(values):
        return []
    loaded = library()
    if loaded is None:
        seen = Counter(values.view())
        return [seen[v] for v in range(max(seen) + 1)]
    counts = array("q", [0]) * (values.max() + 1)
    loaded.rc_count(values.address, values.itemsize, len(values), counts.buffer_info()[0])
    return counts.tolist()


def power_counts(values: AnyValues) -> list[list[int]]:
    """How many of heaps ``1..2**k - 1`` have each value, for every ``k`` with ``2**k`` at
    most the number of values (heap 0 is left out, as the counts of a run are), in either
    form: each block ``2**(k-1)..2**k - 1`` is counted once and added to the counts before it.

    >>> power_counts(CompactValues.of([0, 1, 2, 2, 0, 1])), power_counts(CompactValues.of([]))
    ([[0], [0, 1], [0, 1, 2]], [])
    """
    rows: list[list[int]] = []
    total = [0]
    start, stop = 1, 1
    while stop <= len(values):
        block = value_counts(values[start:stop])
        total += [0] * (len(block) - len(total))
        for value, count in enumerate(block):
            total[value] += count
        rows.append(list(total))
        start, stop = stop, 2 * stop
    return rows


def same_values(one: AnyValues, other: AnyValues) -> bool:
    """True when both hold the same values, heap by heap (whatever their widths).

    >>> same_values(CompactValues.of([1, 2]), CompactValues.of([1, 2]).converted(4))
    True
    """
    if isinstance(one, CompactValues) and isinstance(other, CompactValues):
        if one.itemsize == other.itemsize:
            return one.view() == other.view()
        return len(one) == len(other) and one.tolist() == other.tolist()
    import numpy as np

    return bool(np.array_equal(as_array(one), as_array(other)))


def last_step_off(values: CompactValues, p: int, saltus: int) -> int:
    """The last heap ``i`` of the values with ``values[i + p] - values[i] != saltus``, -1
    when there is none.

    >>> last_step_off(CompactValues.of([5, 0, 1, 1, 2, 2, 3]), 2, 1), last_step_off(
    ...     CompactValues.of([0, 0, 1, 1]), 2, 1)
    (0, -1)
    """
    loaded = library()
    if loaded is not None:
        found: int = loaded.rc_last_step_off(values.address, values.itemsize, len(values), p,
                                             saltus)
        return found
    listed = values.tolist()
    for i in range(len(listed) - p - 1, -1, -1):
        if listed[i + p] - listed[i] != saltus:
            return i
    return -1


def first_index(values: AnyValues, value: int) -> int:
    """The first heap of the values whose value is ``value`` (ValueError: none is)."""
    if isinstance(values, CompactValues):
        return values.index(value)
    import numpy as np

    found = np.flatnonzero(values == value)
    if not len(found):
        raise ValueError(f"no heap has the value {value}")
    return int(found[0])


def to_compact(values: AnyValues) -> CompactValues:
    """The values as :class:`CompactValues`: themselves, or a copy of a numpy array's.

    >>> import numpy as np
    >>> to_compact(np.array([4, 0, 300], dtype=np.uint16)).tolist()
    [4, 0, 300]
    """
    if isinstance(values, CompactValues):
        return values
    width = values.dtype.itemsize
    return CompactValues.from_bytes(values.astype(f"=u{width}").tobytes(), width)
