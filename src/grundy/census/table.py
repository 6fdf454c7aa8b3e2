"""A census as a table: Markdown, CSV or JSON.

>>> from grundy.census.runner import run_census
>>> print(census_table(run_census(["0.7"], 100), "markdown"))
| code | same game | heaps | preperiod | period | largest | first at | rare | mask |
| :--- | :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| 0.7 |  | 100 | 0 | 2 | 1 | 1 | 50 | 0x1 |
<BLANKLINE>
1 game (1 code), heaps 0..100: 1 solved, 0 unsolved at the limit.
>>> print(census_table(run_census(["0.7"], 100), "csv"))
code,same_game,heaps,solved,preperiod,period,by,largest,largest_at,rare,mask
0.7,,100,true,0,2,Guy-Smith octal periodicity theorem,1,1,50,1
"""

from __future__ import annotations

import csv
import io
import json

from grundy.census.runner import Census
from grundy.errors import InvalidArgument

#: The formats of :func:`census_table`, and the file endings that choose them.
FORMATS = {"markdown": ".md", "csv": ".csv", "json": ".json"}

_CSV_FIELDS = ["code", "same_game", "heaps", "solved", "preperiod", "period", "by", "largest",
               "largest_at", "rare", "mask"]


def census_table(census: Census, fmt: str) -> str:
    """The census in the format ``markdown``, ``csv`` or ``json`` (one object, one line)."""
    if fmt == "json":
        return json.dumps(census.to_json(), ensure_ascii=False)
    if fmt == "csv":
        return _csv(census)
    if fmt == "markdown":
        return _markdown(census)
    raise InvalidArgument(f"table format {fmt!r} is not one of {', '.join(FORMATS)}")


def format_for(path: str | None, fmt: str | None) -> str:
    """The format asked for, else the one the output file's ending names, else Markdown.

    >>> format_for("census.csv", None), format_for(None, None), format_for("x.md", "json")
    ('csv', 'markdown', 'json')
    """
    if fmt is not None:
        return fmt
    if path is not None:
        for name, ending in FORMATS.items():
            if path.lower().endswith(ending):
                return name
    return "markdown"


def _csv(census: Census) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_CSV_FIELDS)
    for entry in census.entries:
        data = entry.to_json()
        data["same_game"] = " ".join(entry.same_game)
        data["solved"] = "true" if entry.row.solved else "false"
        writer.writerow(["" if data[name] is None else data[name] for name in _CSV_FIELDS])
    return out.getvalue().rstrip("\n")


def _markdown(census: Census) -> str:
    lines = ["| code | same game | heaps | preperiod | period | largest | first at | rare | mask |",
             "| :--- | :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for entry in census.entries:
        row = entry.row
        period = ("-", "unsolved") if row.period is None else (row.preperiod, row.period)
        lines.append(f"| {row.code} | {' '.join(entry.same_game)} | {row.heaps} | {period[0]} "
                     f"| {period[1]} | {row.largest} | {row.largest_at} | {row.rare} "
                     f"| {row.mask:#x} |")
    solved = sum(entry.row.solved for entry in census.entries)
    games = len(census.entries)
    lines += ["", f"{games} game{'s' * (games != 1)} ({census.codes} "
              f"code{'s' * (census.codes != 1)}), heaps 0..{census.to}: {solved} solved, "
              f"{games - solved} unsolved at the limit."]
    return "\n".join(lines)
