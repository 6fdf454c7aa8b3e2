"""Regenerate docs/screenshots/<family>.png: the web page with one position of each family.

Run from the repository: ``.venv/bin/python docs/make_screenshots.py [FAMILY...]``.  It
starts a server on a free port and drives Debian's Chromium (``/usr/bin/chromium``).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"

#: One position per family, as shown in the README.
POSITIONS = {
    "nim": "nim 3 5 7",
    "subtract": "subtract:1,3,4 9",
    "half": "half 11",
    "kayles": "kayles 5 6",
    "grundy-game": "grundy-game 9",
    "daisy": "daisy 8",
    "chomp": "chomp 3x4",
    "cram": "cram 3x4",
    "kings": "kings 4x4",
    "bishops": "bishops 4x5",
    "rows": "rows 3x3",
    "chocolate": "chocolate 3x5",
    "chords": "chords 9",
    "diagonals": "diagonals 7",
    "skewers": "skewers 2x2x3",
    "two-numbers": "two-numbers 7 12",
    "sum": "nim 3 + kayles 4 + chomp 2x3",
}


def main(families: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen(
        [sys.executable, "-c", "from grundy.web.server import serve; serve(port=0)"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        found = re.search(r"http://[^/ ]+", server.stdout.readline())
        assert found, "the server did not start"
        base = found[0]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1100, "height": 800})
            page.goto(base + "/")
            page.wait_for_function("document.querySelectorAll('#game option').length > 0")
            for family in families or list(POSITIONS):
                page.get_by_test_id("position").fill(POSITIONS[family])
                page.get_by_test_id("start").click()
                page.wait_for_load_state("networkidle")
                page.wait_for_selector("[data-testid=board]")
                if page.get_by_test_id("hint").get_attribute("aria-pressed") != "true":
                    page.get_by_test_id("hint").click()
                page.wait_for_timeout(300)
                # The status line down to the pictures (hints on): the list of moves is left out.
                top = page.locator("#status").bounding_box()
                bottom = page.locator("#boards").bounding_box()
                assert top and bottom
                left = min(top["x"], bottom["x"]) - 8
                clip = {"x": left, "y": top["y"] - 8, "width": bottom["width"] + 16,
                        "height": bottom["y"] + bottom["height"] - top["y"] + 16}
                page.screenshot(path=str(OUT / f"{family}.png"), clip=clip)
                print(OUT / f"{family}.png")
            browser.close()
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main(sys.argv[1:])
