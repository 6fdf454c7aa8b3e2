"""The player's frame in a real browser (DESIGN 3.7): the cells clicked are the move made, drawn
where they were clicked and named by them in History, and the board keeps its size and
orientation to the end of the game.  Both sides are played by clicks (against a friend)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from test_web_browser import CHROMIUM, base, open_page, start  # noqa: F401 (base: fixture)

pytestmark = pytest.mark.slow

if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is missing (Debian package chromium)", allow_module_level=True)

SHOTS = Path(os.environ.get("GRUNDY_FRAME_SHOTS", "/tmp/grundy-frame"))

#: For each game: its rows and columns (None for a polygon), and the clicks of a whole game,
#: each with the words History must show.
GAMES: dict[str, tuple[tuple[int, int] | None, list[tuple[list[str], str]]]] = {
    "cram 3x4": ((3, 4), [
        (["a3", "b3"], "place a domino on a3-b3"),
        (["c1", "c2"], "place a domino on c1-c2"),
        (["d2", "d1"], "place a domino on d1-d2"),
        (["a1", "b1"], "place a domino on a1-b1"),
        (["a2", "b2"], "place a domino on a2-b2"),
        (["c3", "d3"], "place a domino on c3-d3"),
    ]),
    "chomp 5x8": ((5, 8), [
        (["h5"], "take h5 and every square above and to the right of it"),
        (["c2"], "take c2 and every square above and to the right of it"),
        (["a4"], "take a4 and every square above and to the right of it"),
        (["h1"], "take h1 and every square above and to the right of it"),
        (["b1"], "take b1 and every square above and to the right of it"),
        (["a3"], "take a3 and every square above and to the right of it"),
        (["a2"], "take a2 and every square above and to the right of it"),
    ]),
    "kings 4x4": ((4, 4), [
        (["a4"], "put a king on a4"),
        (["d1"], "put a king on d1"),
        (["c4"], "put a king on c4"),
        (["a1"], "put a king on a1"),
        (["a2"], None),  # taken out of play by the king on a1: no move
    ]),
    "chocolate 3x4": ((3, 4), [
        (["b2", "b3"], "break a1-d3 into a1-d2 and a3-d3"),
        (["c1", "d1"], "break a1-d2 into a1-c2 and d1-d2"),
        (["a3", "b3"], "break a3-d3 into a3 and b3-d3, breaking off a 1x1"),
    ]),
    "diagonals 7": (None, [
        (["1", "4"], "draw the diagonal 1-4"),
        (["6", "3"], "draw the diagonal 3-6"),
        (["2", "5"], "draw the diagonal 2-5"),
        (["7", "4"], "draw the diagonal 4-7"),
        (["1", "6"], "draw the diagonal 1-6"),
        (["5", "7"], "draw the diagonal 5-7"),
        (["2", "7"], None),  # 7 has two diagonals: no move
    ]),
}


#: The page's grid: squares of CELL pixels, LEFT pixels from the board's left edge.
CELL, LEFT = 40, 22


def used(tab: Page, rows: int) -> set[str]:
    """The names of the squares drawn as used, read from where they are drawn."""
    drawn = tab.eval_on_selector_all(
        "[data-testid=board] rect.cell.used",
        "rs => rs.map(r => [Number(r.getAttribute('x')), Number(r.getAttribute('y'))])")
    return {f"{chr(ord('a') + (x - LEFT) // CELL)}{rows - y // CELL}" for x, y in drawn}


def at(name: str, rows: int) -> tuple[int, int]:
    """The top left corner of the square ``name`` on the page's grid."""
    return LEFT + (ord(name[0]) - ord("a")) * CELL, (rows - int(name[1:])) * CELL


def corner_labels(tab: Page) -> tuple[str, str]:
    """The first row label drawn (the top row's number) and the last column label."""
    labels = tab.eval_on_selector_all("[data-testid=board] text.label",
                                      "ts => ts.map(t => t.textContent)")
    return labels[0], labels[-1]


def named(tab: Page, name: str) -> object:
    return tab.locator(f"[data-testid=board] [data-testid=target][data-target='{name}']")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_clicks_make_their_move_where_clicked(browser: Browser, base: str,  # noqa: F811
                                              game: str) -> None:
    size, clicks = GAMES[game]
    tab, problems = open_page(browser, base)
    tab.select_option("#against", "friend")
    start(tab, game)
    rows = tab.get_by_test_id("history-row")
    expect(rows).to_have_count(1)
    board = tab.get_by_test_id("board")
    if size is not None:
        expect(tab.locator("[data-testid=board] rect.cell")).to_have_count(size[0] * size[1])
        first = corner_labels(tab)
    shown = 0
    for number, (names, words) in enumerate(clicks, 1):
        if words is None:
            # Not a move: the target is not offered.
            for name in names:
                expect(named(tab, name)).to_have_count(0)
            continue
        height = size[0] if size is not None else 0
        before = used(tab, height) if size is not None else set()
        for name in names:
            named(tab, name).click()
        expect(rows).to_have_count(number + 1)
        assert words in rows.nth(number).inner_text()
        shown = number
        expect(board).to_have_count(1)
        if size is not None:
            # Same board, same orientation: as many squares, the same labels at the corners.
            expect(tab.locator("[data-testid=board] rect.cell")).to_have_count(size[0] * size[1])
            assert corner_labels(tab) == first
            new = used(tab, height) - before
        kind = game.split()[0]
        if kind == "cram":
            assert new == set(names)  # the domino covers exactly the squares clicked
        if kind == "kings":
            (name,) = names  # the king stands on the square clicked, among those it takes
            x, y = at(name, height)
            kings = tab.eval_on_selector_all(
                "[data-testid=board] text.glyph",
                "ts => ts.map(t => [Number(t.getAttribute('x')), Number(t.getAttribute('y'))])")
            assert [x + CELL // 2, y + CELL // 2 + 9] in kings and len(kings) == number
            assert name in new
        if kind == "chomp":
            (name,) = names  # the square clicked and those above and right of it
            assert name in new
            assert all(other[0] >= name[0] and int(other[1:]) >= int(name[1:])
                       for other in new)
        if kind == "chocolate":
            # The break runs between the two squares clicked.
            (x1, y1), (x2, y2) = sorted(at(name, height) for name in names)
            breaks = tab.eval_on_selector_all(
                "[data-testid=board] line.break",
                "ls => ls.map(l => ['x1', 'y1', 'x2', 'y2'].map(a => Number(l.getAttribute(a))))")
            segment = ([x2, y2, x2, y2 + CELL] if y1 == y2 else [x1, y2, x1 + CELL, y2])
            assert any(sorted([b[:2], b[2:]]) == sorted([segment[:2], segment[2:]])
                       for b in breaks), (segment, breaks)
        if kind == "diagonals":
            # A diagonal is drawn between the two points clicked.
            points = tab.eval_on_selector_all(
                "[data-testid=board] circle.point",
                "cs => cs.map(c => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])")
            lines = tab.eval_on_selector_all(
                "[data-testid=board] line.diagonal",
                "ls => ls.map(l => ['x1', 'y1', 'x2', 'y2'].map(a => Number(l.getAttribute(a))))")
            assert len(points) == 7 and len(lines) == number
            ends = sorted(points[int(name) - 1] for name in names)
            assert any(sorted([line[:2], line[2:]]) == ends for line in lines)
    assert shown
    expect(tab.get_by_test_id("status")).to_have_class("over", timeout=10_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1280, 900), (360, 740)):
        tab.set_viewport_size({"width": width, "height": height})
        tab.screenshot(path=str(SHOTS / f"{game.replace(' ', '-')}-{width}.png"), full_page=True)
        # The long text of a board in its frame wraps: no horizontal scroll.
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
    # The only failed request allowed: the game graph of a board too big to draw (413).
    assert [p for p in problems if "status of 413" not in p] == []
    tab.context.close()


def test_a_move_lands_on_the_cells_clicked(browser: Browser, base: str) -> None:  # noqa: F811
    """Cram 3x4: a3 then b3 covers a3 and b3 (the top left), nothing else."""
    tab, problems = open_page(browser, base)
    tab.select_option("#against", "friend")
    start(tab, "cram 3x4")
    named(tab, "a3").click()
    named(tab, "b3").click()
    expect(tab.get_by_test_id("history-row")).to_have_count(2)
    drawn = tab.eval_on_selector_all(
        "[data-testid=board] rect.cell.used",
        "rs => rs.map(r => [Math.round(r.getAttribute('x')), Math.round(r.getAttribute('y'))])")
    # Top row (y = 0), the first two columns.
    assert sorted(drawn) == [[22, 0], [62, 0]], drawn
    assert "a3-b3" in tab.get_by_test_id("history-row").nth(1).inner_text()
    assert problems == []
    tab.context.close()
