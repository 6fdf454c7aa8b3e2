"""The documentation pages: their console examples print what the tool prints, and the API
reference lists every module of the package once.  (Their ``>>>`` examples run as doctests.)"""

from __future__ import annotations

import importlib.util
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import grundy

pytestmark = pytest.mark.slow

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_console_examples_print_what_the_tool_prints() -> None:
    done = subprocess.run([sys.executable, str(DOCS / "check_examples.py")],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_pages_have_console_examples() -> None:
    commands = [line for page in DOCS.rglob("*.md")
                for line in page.read_text(encoding="utf-8").splitlines()
                if line.startswith("$ ") and "grundy " in line]
    assert len(commands) >= 40
    for family in ("nim", "subtraction", "take-and-break", "boards", "graphs"):
        assert "```console\n$ grundy" in (DOCS / "games" / f"{family}.md").read_text("utf-8")


def test_the_readme_examples_are_checked_too() -> None:
    """The README's tour is console blocks, so the first test compares it with the tool."""
    readme = (DOCS.parent / "README.md").read_text("utf-8")
    assert "```console\n$ grundy analyze kayles 5 6\n" in readme
    assert readme.count("```console\n$ ") >= 5
    script = importlib.util.spec_from_file_location("check_examples",
                                                    DOCS / "check_examples.py")
    assert script is not None and script.loader is not None
    check_examples = importlib.util.module_from_spec(script)
    script.loader.exec_module(check_examples)
    assert DOCS.parent / "README.md" in check_examples.pages()


def test_reference_documents_every_module_once() -> None:
    index = (DOCS / "reference.md").read_text("utf-8")
    listed = re.findall(r"^- \[`(grundy(?:\.\w+)*)`\]\(reference/\1\.md\)", index, re.M)
    modules = {m.name for m in pkgutil.walk_packages(grundy.__path__, "grundy.")}
    modules -= {"grundy.__main__", "grundy.heap", "grundy.render"}  # nothing of their own
    assert sorted(listed) == sorted(set(listed)), "a module is listed twice"
    assert set(listed) == modules | {"grundy"}, (
        f"add to docs/reference.md: {sorted(modules - set(listed))}; "
        f"remove: {sorted(set(listed) - modules - {'grundy'})}")


def test_each_module_has_its_page_in_the_menu() -> None:
    done = subprocess.run([sys.executable, str(DOCS / "make_reference.py"), "--check"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


def test_the_pictures_of_the_family_pages_are_up_to_date() -> None:
    done = subprocess.run([sys.executable, str(DOCS / "make_pictures.py"), "--check"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def test_each_family_page_shows_pictures() -> None:
    pages = [*(DOCS / "games").glob("*.md"), DOCS / "families.md"]
    for page in pages:
        text = page.read_text("utf-8")
        assert "-game.svg)" in text and "screenshots/" in text, page
        for target in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
            assert (page.parent / target).resolve().is_file(), f"{page}: {target}"
