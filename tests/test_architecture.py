"""ARCHITECTURE.md stays true: every module and file it names exists, every module of the
package is on one of its layers, and its layers are the ones tests/test_layers.py keeps."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from test_layers import LAYERS, modules

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_every_module_named_exists() -> None:
    named = set(re.findall(r"`(grundy(?:\.\w+)+)`", TEXT))
    assert named
    for name in named:
        # `grundy.catalogue.parse_position` names a function of a module.
        module, _, attribute = name.rpartition(".")
        if name in modules():
            continue
        assert module in modules(), f"ARCHITECTURE.md names {name}, which does not exist"
        assert attribute in vars(importlib.import_module(module)), name


def test_every_path_named_exists() -> None:
    paths = set(re.findall(r"`(grundy/[\w/.]+)`", TEXT))
    assert paths
    for path in paths:
        assert (ROOT / "src" / path).exists(), f"ARCHITECTURE.md names {path}"


def test_its_layers_are_the_tested_ones() -> None:
    rows = re.findall(r"^\| (\d)\. [^|]+\| ([^|]+)\|", TEXT, flags=re.M)
    written = [sorted(re.findall(r"`([\w.]+)`", cells)) for _, cells in rows]
    tested = [sorted(p for p in layer if p not in {"grundy.__main__", "grundy"})
              for layer in LAYERS]
    assert written == tested


def test_every_module_is_on_a_written_layer() -> None:
    prefixes = set(re.findall(r"`(grundy(?:\.\w+)*)`", TEXT))
    for module in modules():
        if module in {"grundy", "grundy.__main__"}:
            continue
        assert any(module == p or module.startswith(p + ".") for p in prefixes), module
