"""Run the command-line examples of the documentation pages and compare their output.

    python docs/check_examples.py            # exit 1, with a diff, if a page's output is stale
    python docs/check_examples.py --update   # write the commands' present output into the pages

An example is a fenced block marked ``console`` in a page under ``docs/`` or in the README:
each line that starts with ``$ grundy`` is a command, run here from the repository's root,
and the lines up to the next command are what it prints (standard output, then standard
error).  A command may be fed its input as ``$ echo 33 | grundy solve candy``.  The Python
examples (``>>>``) of the pages are run by pytest's doctest instead.

>>> page = "```console\\n$ grundy value half 20\\nwrong\\n```\\n"
>>> print(updated(page), end="")
```console
$ grundy value half 20
half 20: nim-value 10 (by formula)
```
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import io
import os
import re
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

from grundy.cli import main as grundy_command

ROOT = Path(__file__).resolve().parent.parent
PAGES = Path(__file__).resolve().parent
BLOCK = re.compile(r"^```console\n(.*?)^```$", re.DOTALL | re.MULTILINE)
PIPE = re.compile(r"echo (?P<input>.*?) \| (?P<command>grundy .*)")


def run(command: str) -> str:
    """What ``command`` (``grundy ...`` or ``echo TEXT | grundy ...``) prints, as shown."""
    stdin = ""
    piped = PIPE.fullmatch(command)
    if piped:
        stdin = " ".join(shlex.split(piped["input"])) + "\n"
        command = piped["command"]
    words = shlex.split(command)
    if words[0] != "grundy":
        raise SystemExit(f"not a grundy command: {command}")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            mock.patch("sys.stdin", io.StringIO(stdin)), contextlib.chdir(ROOT), \
            contextlib.suppress(SystemExit):  # --version and --help end the parser this way
        grundy_command(words[1:])
    return out.getvalue() + err.getvalue()


def _examples(body: str) -> Iterator[str]:
    """The block's body with every command's output replaced by what it prints now."""
    for line in body.splitlines():
        if line.startswith("$ "):
            yield line
            yield from run(line[2:]).rstrip("\n").splitlines()


def updated(page: str) -> str:
    """The page with the output of every console example made current."""

    def redo(match: re.Match[str]) -> str:
        body = "\n".join(_examples(match.group(1)))
        return f"```console\n{body}\n```"

    return BLOCK.sub(redo, page)


def pages() -> list[Path]:
    """Every Markdown page of the documentation, and the README."""
    return [ROOT / "README.md", *sorted(PAGES.rglob("*.md"))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--update", action="store_true", help="rewrite stale pages")
    args = parser.parse_args()
    os.environ.setdefault("COLUMNS", "100")
    stale = 0
    for path in pages():
        page = path.read_text(encoding="utf-8")
        fresh = updated(page)
        if fresh == page:
            continue
        stale += 1
        if args.update:
            path.write_text(fresh, encoding="utf-8")
            print(f"updated {path.relative_to(ROOT)}")
        else:
            sys.stdout.writelines(difflib.unified_diff(
                page.splitlines(keepends=True), fresh.splitlines(keepends=True),
                f"{path.relative_to(ROOT)} (in the page)", "(printed now)"))
    return 1 if stale and not args.update else 0


if __name__ == "__main__":
    sys.exit(main())
