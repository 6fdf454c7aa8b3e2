"""Regenerate docs/screenshots: the web page with one position of each family, on a desktop
(``FAMILY.png``, 1280 px wide) and on a phone (``FAMILY-phone.png``, 360 px wide).

Run from the repository: ``.venv/bin/python docs/make_screenshots.py [FAMILY...]``.  It
starts ``grundy serve`` on a free port (offering the example graph as ``graph:chase``) and
drives Debian's Chromium (``/usr/bin/chromium``) with Playwright; each picture is cut from
the status line down to the boards (hints on) and stored with a palette of few colours, so
that none weighs more than about 60 kB.  A family the page cannot start is reported and
left out; the others are made all the same.

>>> sorted(VIEWPORTS)
['', '-phone']
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.sync_api import Error, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"

#: One position per family of ``grundy games``.
POSITIONS = {
    "nim": "nim 3 5 7",
    "subtract": "subtract:1,3,4 9",
    "half": "half 11",
    "stones": "stones 10",
    "octal": "octal:0.137 6",
    "hex": "hex:0.9b 7",
    "kayles": "kayles 5 6",
    "dawson": "dawson 7",
    "grundy-game": "grundy-game 9",
    "split23": "split23 9",
    "daisy": "daisy 8",
    "wythoff": "wythoff 3 5",
    "moore": "moore:2 3 4 5",
    "all-but": "all-but:1 6",
    "staircase": "staircase 1 2 3",
    "nim-add": "nim-add:2 3 4",
    "northcott": "northcott W..B .B.W",
    "turning-turtles": "turning-turtles THHTH",
    "mock-turtles": "mock-turtles THHTH",
    "ruler": "ruler THHTTH",
    "turning-corners": "turning-corners HTH/THT",
    "graph": "graph:chase a c",
    "node-kayles": "node-kayles:grid3x4",
    "arc-kayles": "arc-kayles:grid3x3",
    "chomp": "chomp 3x4",
    "cram": "cram 3x4",
    "kings": "kings 4x4",
    "bishops": "bishops 4x5",
    "chocolate": "chocolate 3x5",
    "two-numbers": "two-numbers 7 12",
    "chords": "chords 9",
    "diagonals": "diagonals 7",
    "rows": "rows 3x3",
    "skewers": "skewers 2x2x3",
    "sum": "nim 3 + kayles 4 + chomp 2x3",
}

#: The suffix of each picture's name, and the window it is taken in.
VIEWPORTS = {"": {"width": 1280, "height": 800}, "-phone": {"width": 360, "height": 740}}

#: The largest picture kept, in bytes, and the palettes tried to get under it.
MOST_BYTES = 60_000
PALETTES = (64, 32, 16)


def small_png(shot: bytes) -> bytes:
    """The screenshot with a palette of few colours: the fewest bytes within MOST_BYTES,
    halving the size of the picture as a last resort."""
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    while True:
        for colours in PALETTES:
            out = io.BytesIO()
            image.quantize(colors=colours).save(out, format="PNG", optimize=True)
            if out.tell() <= MOST_BYTES:
                return out.getvalue()
        image = image.resize((image.width // 2, image.height // 2))


def shoot(page: Page, position: str) -> bytes:
    """The page started on ``position``, hints on, cut from the status line to the end of
    the boards (or of the part of the page that plays, for a family drawn without one)."""
    page.get_by_test_id("position").fill(position)
    page.get_by_test_id("start").click()
    page.wait_for_load_state("networkidle")
    page.wait_for_selector("[data-testid=board], [data-testid=move]", timeout=10_000)
    if page.get_by_test_id("hint").get_attribute("aria-pressed") != "true":
        page.get_by_test_id("hint").click()
    page.wait_for_timeout(300)
    top = page.locator("#status").bounding_box()
    boards = page.locator("#boards").bounding_box()
    bottom = boards if boards and boards["height"] > 0 else page.locator(
        "#status").locator("xpath=..").bounding_box()
    clip: dict[str, Any] | None = None
    if top and bottom:
        left = max(0, min(top["x"], bottom["x"]) - 8)
        clip = {"x": left, "y": max(0, top["y"] - 8),
                "width": max(top["width"], bottom["width"]) + 16,
                "height": bottom["y"] + bottom["height"] - top["y"] + 16}
    return page.screenshot(clip=clip, full_page=clip is not None)


def main(families: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "grundy", "serve", "--port", "0",
         "--graph", "chase=docs/examples/chase.txt"],
        stdout=subprocess.PIPE, text=True, cwd=ROOT)
    failed = []
    try:
        assert server.stdout is not None
        found = re.search(r"http://[^/ ]+", server.stdout.readline())
        assert found, "the server did not start"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--no-sandbox", "--disable-gpu"])
            for suffix, viewport in VIEWPORTS.items():
                page = browser.new_page(viewport=viewport)
                page.goto(found[0] + "/")
                page.wait_for_function("document.querySelectorAll('#game option').length")
                for family in families or list(POSITIONS):
                    path = OUT / f"{family}{suffix}.png"
                    try:
                        path.write_bytes(small_png(shoot(page, POSITIONS[family])))
                    except Error as error:
                        failed.append(family)
                        print(f"{path}: not made ({str(error).splitlines()[0]})")
                        continue
                    print(f"{path}: {path.stat().st_size // 1000} kB")
                page.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
