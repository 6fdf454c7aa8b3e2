"""The package's layers: every import runs down (or within a layer), never up, not even an
import inside a function; no two files import each other in a loop; ``import grundy`` and
commands that need no compiled kernel import neither numba nor numpy."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src"

#: Bottom to top.  A module's layer is that of the longest prefix listed.
LAYERS: list[tuple[str, ...]] = [
    ("grundy.values", "grundy.errors", "grundy.numerals", "grundy.compiled", "grundy.i18n",
     "grundy.budget", "grundy.caches", "grundy.nimbers", "grundy.seal", "grundy.places"),
    ("grundy.solver",),
    ("grundy.core",),
    ("grundy.heap", "grundy.boards", "grundy.digraph", "grundy.coins", "grundy.kayles_graphs"),
    ("grundy.catalogue", "grundy.misere"),
    ("grundy.analysis",),
    ("grundy.opponent", "grundy.sequences", "grundy.render", "grundy.problems",
     "grundy.census"),
    ("grundy.terminal", "grundy.web", "grundy.arguments", "grundy.completion", "grundy.cli",
     "grundy.demo", "grundy.console", "grundy.__main__", "grundy"),
]


def layer_of(module: str) -> int:
    """The layer of a module of the package (by its longest listed prefix)."""
    best, found = -1, None
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), level
    assert found is not None, f"{module} is on no layer: add it to LAYERS"
    return found


def modules() -> dict[str, Path]:
    found = {}
    for path in (SOURCE / "grundy").rglob("*.py"):
        parts = list(path.relative_to(SOURCE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(path: Path, known: set[str]) -> list[tuple[str, int, bool]]:
    """(module imported, line, inside a function) for every import of the package's
    modules in the file, at any depth, those of ``if TYPE_CHECKING:`` blocks too (a name
    taken for its type alone still ties the two modules)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno, in_function) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.append((full if full in known else node.module, node.lineno, in_function))
        inside = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    return [(name, line, inner) for name, line, inner in found
            if name == "grundy" or name.startswith("grundy.")]


def graph() -> dict[str, list[tuple[str, int, bool]]]:
    found = modules()
    return {name: imports(path, set(found)) for name, path in found.items()}


def test_every_import_runs_down_or_within_its_layer() -> None:
    upward = [f"{module}:{line} imports {target}{' (in a function)' if inner else ''}"
              for module, targets in graph().items() for target, line, inner in targets
              if layer_of(target) > layer_of(module)]
    assert not upward, "imports that run back up:\n" + "\n".join(upward)


def test_no_module_is_in_an_import_circle() -> None:
    edges = {module: {target for target, _, _ in targets} for module, targets in graph().items()}
    state: dict[str, int] = {}
    circles: list[str] = []

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(edges.get(module, ())):
            if state.get(target) == 1:
                circles.append(" -> ".join([*path[path.index(target):], target]))
            elif target not in state:
                walk(target, [*path, target])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            walk(module, [module])
    assert not circles, "import circles:\n" + "\n".join(circles)


def test_the_checker_sees_an_upward_import_inside_a_function(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from grundy.analysis import analyze\n", encoding="utf-8")
    assert imports(sample, {"grundy.analysis"}) == [("grundy.analysis", 2, True)]
    assert layer_of("grundy.analysis") > layer_of("grundy.core.game")


@pytest.mark.parametrize("code", [
    "import grundy",
    "import grundy; grundy.analyze('nim 3 4 5')",
    "from grundy.cli import main; main(['analyze', 'nim', '3', '4', '5'])",
])
def test_light_import(code: str) -> None:
    check = f"{code}\nimport sys\nprint(sorted({{'numba', 'numpy'}} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.splitlines()[-1] == "[]"


#: Modules that the commands on heap sequences never need: the search and the other families.
NOT_FOR_SEQUENCES = ("grundy.analysis", "grundy.boards", "grundy.coins", "grundy.digraph",
                     "grundy.kayles_graphs", "grundy.opponent")


@pytest.mark.parametrize("argv", [
    ["sequence", "kayles", "--to", "20"],
    ["sequence", "--period", "--no-values", "octal:0.137", "--to", "3000"],
    ["value", "dawson", "1000000"],
    ["census", "0.?", "--to", "200"],
])
def test_heap_commands_load_no_search_and_no_boards(argv: list[str]) -> None:
    check = (f"from grundy.cli import main\nmain({argv!r})\nimport sys\n"
             f"print(sorted(m for m in sys.modules if m.startswith({NOT_FOR_SEQUENCES!r})))")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.splitlines()[-1] == "[]"


def test_version_loads_no_command() -> None:
    check = ("import sys\nsys.argv = ['grundy', '--version']\nfrom grundy.console import "
             "entry_point\ntry:\n    entry_point()\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith(('grundy.cli', "
             "'grundy.arguments', 'grundy.catalogue', 'grundy.heap'))))")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.splitlines()[0].startswith("grundy ")
    assert done.stdout.splitlines()[-1] == "[]"


def test_the_nim_multiplication_table_is_built_when_first_needed() -> None:
    check = ("from grundy import nimbers\nbefore = len(nimbers._TABLE)\n"
             "print(before, nimbers.nim_multiply(2, 2), len(nimbers._TABLE))")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.split() == ["0", "3", "256"]
