"""Write the Python API reference: one page a module, and the site's menu of them.

    python docs/make_reference.py           # write docs/reference/*.md and the menu
    python docs/make_reference.py --check   # exit 1 if a page or the menu is stale

``docs/reference.md`` is the index, kept by hand: sections (``## ...``) listing the
modules as links ``- [grundy.x](reference/grundy.x.md)``.  Each module gets the page
``docs/reference/grundy.x.md`` (its docstrings, by mkdocstrings), and the ``Python API``
part of ``mkdocs.yml``'s menu lists the pages section by section, between the two marker
comments there.

>>> sections = index("## A\\n\\n- [`grundy.values`](reference/grundy.values.md)\\n")
>>> sections
[('A', ['grundy.values'])]
>>> print(menu(sections), end="")
      - A:
          - reference/grundy.values.md
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PAGES = Path(__file__).resolve().parent
INDEX = PAGES / "reference.md"
FOLDER = PAGES / "reference"
CONFIG = PAGES.parent / "mkdocs.yml"
LINK = re.compile(r"^- \[`(grundy(?:\.\w+)*)`\]\(reference/\1\.md\)", re.M)
BEGIN = "      # The module pages, written by docs/make_reference.py:\n"
END = "      # (end of the module pages)\n"

#: What a module's page shows beyond its docstrings, by module.
OPTIONS = {"grundy": '    options:\n      members: ["__version__"]\n'}


def index(text: str) -> list[tuple[str, list[str]]]:
    """The sections of the index and the modules each lists, in order."""
    sections: list[tuple[str, list[str]]] = []
    for part in re.split(r"^## ", text, flags=re.M)[1:]:
        title, _, body = part.partition("\n")
        sections.append((title.strip(), LINK.findall(body)))
    return sections


def page(module: str) -> str:
    """The page of one module."""
    return f"# `{module}`\n\n::: {module}\n{OPTIONS.get(module, '')}"


def menu(sections: list[tuple[str, list[str]]]) -> str:
    """The lines of ``mkdocs.yml`` that list the pages, section by section."""
    lines = []
    for title, modules in sections:
        lines.append(f"      - {title}:\n")
        lines += [f"          - reference/{module}.md\n" for module in modules]
    return "".join(lines)


def wanted() -> dict[Path, str]:
    """Every file as it should be: the pages and ``mkdocs.yml``."""
    sections = index(INDEX.read_text(encoding="utf-8"))
    files = {FOLDER / f"{module}.md": page(module) for _, modules in sections
             for module in modules}
    config = CONFIG.read_text(encoding="utf-8")
    start, stop = config.index(BEGIN) + len(BEGIN), config.index(END)
    files[CONFIG] = config[:start] + menu(sections) + config[stop:]
    return files


def main(check: bool) -> int:
    files = wanted()
    stale = [path for path, text in files.items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    extra = [path for path in FOLDER.glob("*.md") if path not in files]
    if check:
        for path in [*stale, *extra]:
            print(f"{path} is stale: run python docs/make_reference.py", file=sys.stderr)
        return 1 if stale or extra else 0
    FOLDER.mkdir(exist_ok=True)
    for path in stale:
        path.write_text(files[path], encoding="utf-8")
    for path in extra:
        path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv[1:]))
