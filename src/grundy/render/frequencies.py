"""The counts of values at each power of two, as a table for people: a row per value, a
column per power ``2^k`` (heaps ``0..2^k - 1``), the columns in blocks that fit a line.

>>> print(power_table([[1], [1, 1], [1, 2, 1], None], width=20))
Heaps 0..2^k-1 of each value:
value  2^0  2^1  2^2
    0    1    1    1
    1    -    1    2
    2    -    -    1
<BLANKLINE>
value  2^3
    0    ?
    1    ?
    2    ?
(-: none; ?: not known, the run was resumed from a checkpoint of an older version)
"""

from __future__ import annotations

from collections.abc import Sequence

#: The width the blocks of columns keep within.
LINE_WIDTH = 79


def power_table(powers: Sequence[Sequence[int] | None], width: int = LINE_WIDTH) -> str:
    """``powers[k]``: the count of each value among heaps ``0..2^k - 1`` (None: not known).
    Values that never occur in them are left out; a 0 is shown ``-``."""
    values = max((len(row) for row in powers if row is not None), default=0)
    shown = [v for v in range(values)
             if any(row is not None and v < len(row) and row[v] for row in powers)]
    columns = [[f"2^{k}"] + ["?" if row is None else
                             str(row[v]) if v < len(row) and row[v] else "-" for v in shown]
               for k, row in enumerate(powers)]
    label = ["value"] + [str(v) for v in shown]
    lines = ["Heaps 0..2^k-1 of each value:"]
    start = 0
    while start < len(columns):
        block: list[list[str]] = []
        used = len(label[0])
        for column in columns[start:]:
            wide = max(map(len, column)) + 2
            if block and used + wide > width:
                break
            block.append(column)
            used += wide
        start += len(block)
        if len(lines) > 1:
            lines.append("")
        for i, name in enumerate(label):
            cells = "".join(f"{column[i]:>{max(map(len, column)) + 2}}" for column in block)
            lines.append(f"{name:>5}{cells}")
    notes = ["-: none"] if any("-" in column for column in columns) else []
    if any(row is None for row in powers):
        notes.append("?: not known, the run was resumed from a checkpoint of an older version")
    if notes:
        lines.append(f"({'; '.join(notes)})")
    return "\n".join(lines)
