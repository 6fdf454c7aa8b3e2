"""Write the lists of games in the docs from the catalogue (``grundy.catalogue``), so that a
new ruleset appears in each without an edit by hand.

    python docs/make_games.py           # rewrite the generated parts
    python docs/make_games.py --check   # exit 1 if one is stale (the tests run it)

Each generated part stands between two marker comments in its page: the ``grundy games``
listing in docs/command-line.md, the README's table of games, and the table of rulesets
and their modules in docs/reference.md.  (docs/families.md opens with :func:`family_index`,
written by docs/make_families.py.)

>>> print(between("a\\n<!-- games: x -->\\nold\\n<!-- end of games -->\\nb\\n", "x", "new\\n"))
a
<!-- games: x -->
new
<!-- end of games -->
b
<BLANKLINE>
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from grundy.catalogue import Ruleset, game_list, listing

ROOT = Path(__file__).resolve().parent.parent
END = "<!-- end of games -->"


def _cell(text: str) -> str:
    """Text in a Markdown table cell: a bar would end the cell."""
    return text.replace("|", "\\|")


def command_listing() -> str:
    """The ``grundy games`` example of docs/command-line.md."""
    return f"```console\n$ grundy games\n{listing()}\n```\n"


def readme_table() -> str:
    """The README's table: each game's text form, what it is, how a position is written."""
    rows = ["| GAME | game | POSITION |", "|---|---|---|"]
    rows += [f"| `{r.usage}` | {_cell(r.summary)} | {_cell(r.position)} |"
             for r in game_list()]
    return "\n".join(rows) + "\n"


def _module_link(ruleset: Ruleset) -> str:
    return f"[`{ruleset.module}`](reference/{ruleset.module}.md)"


def reference_table() -> str:
    """docs/reference.md's table: each ruleset and the module that holds its rules."""
    rows = ["| game | module | picture |", "|---|---|---|"]
    rows += [f"| `{r.usage}` | {_module_link(r)} | {r.picture or 'none'} |" for r in game_list()]
    return "\n".join(rows) + "\n"


def family_index() -> str:
    """The table that opens docs/families.md: every ruleset, its summary and an example."""
    rows = ["| game | what it is | example |", "|---|---|---|"]
    rows += [f"| `{r.usage}` | {_cell(r.summary)} | `{r.example}` |" for r in game_list()]
    return "\n".join(rows)


#: Each generated part: its page, its marker's name, and what it holds.
PARTS: list[tuple[str, str, Callable[[], str]]] = [
    ("docs/command-line.md", "grundy games", command_listing),
    ("README.md", "table", readme_table),
    ("docs/reference.md", "modules", reference_table),
]


def between(text: str, name: str, body: str) -> str:
    """``text`` with what stands between the markers named ``name`` replaced by ``body``."""
    start = f"<!-- games: {name} -->\n"
    found = re.search(re.escape(start) + r".*?" + re.escape(END), text, re.DOTALL)
    if found is None:
        raise SystemExit(f"no marker {start.strip()} ... {END}")
    return text[:found.start()] + start + body + END + text[found.end():]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if a generated part differs from what would be written")
    args = parser.parse_args(argv)
    stale = []
    for name in dict.fromkeys(page for page, _, _ in PARTS):
        path = ROOT / name
        current = path.read_text(encoding="utf-8")
        text = current
        for page, marker, make in PARTS:
            if page == name:
                text = between(text, marker, make())
        if text != current:
            stale.append(name)
            if not args.check:
                path.write_text(text, encoding="utf-8")
    if args.check and stale:
        print(f"stale: {', '.join(stale)}: run python docs/make_games.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
