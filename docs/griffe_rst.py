"""Show grundy's reStructuredText docstrings well in the Markdown reference pages.

The docstrings are written for ``help()`` and doctest in reStructuredText; the reference
pages are Markdown.  Three constructs of the docstrings differ between the two, and this
extension of the docstring loader rewrites them before the pages are made:

* cross-reference roles (``:class:`~grundy.errors.TooBig```) become links to the object's
  entry, or code when the target has no entry (``:class:`ValueError```, a constant);
* doctest paragraphs (``>>>``, which Markdown would read as nested quotes) become Python
  console blocks;
* simple tables (columns framed by ``=====`` rules) become Markdown tables.

>>> rewrite("See :func:`~grundy.analysis.analyze`.", lambda target: target)
'See [`analyze`][grundy.analysis.analyze].'
>>> rewrite("Raises :class:`ValueError`.", lambda target: None)
'Raises `ValueError`.'
>>> rewrite("Sum:\\n\\n>>> 1 + 1\\n2", lambda target: None).split("\\n")
['Sum:', '', '```pycon', '>>> 1 + 1', '2', '```']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj):`(~?)\.?([\w.]+)`")
RULE = re.compile(r"^=+( +=+)+$")

Resolver = Callable[[str], "str | None"]


def rewrite(text: str, resolve: Resolver) -> str:
    """The docstring ``text`` in Markdown; ``resolve`` maps a role's target to an anchor."""

    def link(match: re.Match[str]) -> str:
        short, target = match.group(1), match.group(2)
        shown = target.rsplit(".", 1)[-1] if short else target
        anchor = resolve(target)
        return f"[`{shown}`][{anchor}]" if anchor else f"`{shown}`"

    return "\n".join(_blocks(ROLE.sub(link, text).split("\n")))


def _blocks(lines: list[str]) -> Iterator[str]:
    """The lines, with doctest paragraphs fenced and simple tables made Markdown tables."""
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith(">>>"):
            end = index
            while end < len(lines) and lines[end].strip():
                end += 1
            yield "```pycon"
            yield from lines[index:end]
            yield "```"
            index = end
        elif RULE.match(line) and index + 2 < len(lines) and RULE.match(lines[index + 2]):
            end = index + 3
            while end < len(lines) and not RULE.match(lines[end]):
                end += 1
            yield from _table(line, lines[index + 1], lines[index + 3:end])
            index = end + 1
        else:
            yield line
            index += 1


def _table(rule: str, header: str, rows: list[str]) -> Iterator[str]:
    """A simple table's header and rows as a Markdown table; columns start under each rule."""
    starts = [m.start() for m in re.finditer(r"=+", rule)]

    def cells(line: str) -> str:
        bounds = [*starts[1:], None]
        parts = [line[start:stop].strip() for start, stop in zip(starts, bounds, strict=True)]
        return "| " + " | ".join(parts) + " |"

    yield cells(header)
    yield "|" + " --- |" * len(starts)
    yield from (cells(row) for row in rows)


class RestructuredTextRoles(griffe.Extension):
    """Rewrite every docstring of the package once it is loaded (see the module's text)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        for obj in _walk(pkg):
            if obj.docstring is not None:
                obj.docstring.value = rewrite(obj.docstring.value, _resolver(pkg, obj))


def _walk(obj: griffe.Object) -> Iterator[griffe.Object]:
    yield obj
    for member in obj.members.values():
        if not member.is_alias:
            yield from _walk(member)  # type: ignore[arg-type]


def _resolver(pkg: griffe.Module, context: griffe.Object) -> Resolver:
    """Find a role's target as Python would from ``context``: its own scope outwards."""
    scopes: list[griffe.Object] = []
    scope: griffe.Object | None = context
    while scope is not None:
        scopes.append(scope)
        scope = scope.parent

    def resolve(target: str) -> str | None:
        candidates = [target] if target.startswith(pkg.name + ".") else []
        candidates += [f"{s.path}.{target}" for s in scopes]
        for path in candidates:
            try:
                found = pkg.modules_collection[path]
                final = found.final_target if found.is_alias else found
            except (KeyError, griffe.AliasResolutionError, griffe.CyclicAliasError):
                continue
            # Only public objects with a docstring get an entry on the reference page.
            if final.docstring is None or any(p.startswith("_") for p in final.path.split(".")):
                return None
            return str(final.path)
        return None

    return resolve
