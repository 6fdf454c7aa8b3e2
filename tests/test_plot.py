"""grundy plot: the nim-sequence drawn to PNG or SVG, matplotlib loaded only for it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grundy.cli import main


def test_png_and_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png, svg = tmp_path / "kayles.png", tmp_path / "subtract.svg"
    assert main(["plot", "kayles", "--to", "120", "-o", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["plot", "subtract:1,3,4", "--to", "40", "-o", str(svg)]) == 0
    text = svg.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    # the period of subtract:1,3,4 (7, from 0) is in the title, so in the drawing's text
    assert "Periodic from heap 0 with period 7 (proved by the subtraction window rule)" in text
    assert capsys.readouterr().out.splitlines() == [f"saved to {png}", f"saved to {svg}"]


@pytest.mark.parametrize(("argv", "message"), [
    (["plot", "kayles", "--to", "9", "-o", "k.pdf"], "write the plot to a .png or .svg file"),
    (["plot", "chomp", "--to", "9", "-o", "k.png"], "chomp is not a heap game"),
    (["plot", "kayles", "--to", "0", "-o", "k.png"], "--to"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert message in error and len(error.strip().splitlines()) == 1


def test_import_grundy_leaves_matplotlib_out() -> None:
    code = "import sys, grundy, grundy.cli; print('matplotlib' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "False"


def test_a_regularity_only_seen_is_said_as_seen(tmp_path: Path) -> None:
    """hex:c.18 grows by 4 every 8 heaps in the values computed: no theorem proves it, so
    the plot says where it was seen, and never calls it a period."""
    svg = tmp_path / "hex.svg"
    assert main(["plot", "hex:c.18", "--to", "40", "-o", str(svg)]) == 0
    text = svg.read_text()
    assert "Seen in heaps 0..40, not proved: G(n + 8) = G(n) + 4 from heap 6" in text
    assert "period 8" not in text
