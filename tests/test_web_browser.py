"""The page in a real browser: Debian's Chromium driven by Playwright, against a real server."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from test_web_api import running_server

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOT = Path(os.environ.get("GRUNDY_SCREENSHOT", "/tmp/grundy-page.png"))

if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is missing (Debian package chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server() as (address, _):
        yield address


def open_page(browser: Browser, base: str, **options: Any) -> tuple[Page, list[str]]:
    """The page in a tab of a new context (Playwright's ``options``), and the list its errors
    go to."""
    problems: list[str] = []
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **options})
    tab = context.new_page()
    tab.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    tab.on("console", lambda m: problems.append(f"console: {m.text}")
           if m.type == "error" else None)
    tab.goto(base + "/")
    tab.wait_for_function("document.querySelectorAll('#game option').length > 0")
    return tab, problems


@pytest.fixture
def page(browser: Browser, base: str) -> Iterator[tuple[Page, list[str]]]:
    tab, problems = open_page(browser, base)
    yield tab, problems
    tab.context.close()


def start(tab: Page, position: str, misere: bool = False) -> None:
    tab.get_by_test_id("position").fill(position)
    tab.get_by_test_id("misere").set_checked(misere)
    tab.get_by_test_id("start").click()


def finished(tab: Page) -> str:
    status = tab.get_by_test_id("status")
    expect(status).to_have_class("over", timeout=10_000)
    return str(status.inner_text())


def test_play_nim_1_2_to_the_end_with_hints(page: tuple[Page, list[str]]) -> None:
    tab, problems = page
    start(tab, "nim 1 2")
    moves = tab.get_by_test_id("move")
    expect(moves).to_have_count(3)
    expect(tab.get_by_test_id("status")).to_have_text("Your turn.")
    tab.get_by_test_id("hint").click()
    # With hints on, the one winning move is coloured; playing the coloured move each turn
    # wins against the perfect opponent.
    # The page answers asynchronously, so each step waits for the history to grow (the start,
    # then the player's move and the computer's reply) before it looks at the status.
    rows = tab.locator("#history tr")
    winning = tab.locator("[data-testid=move].win:enabled")
    expect(winning).to_have_count(1)
    winning.click()
    expect(rows).to_have_count(3)
    expect(tab.get_by_test_id("status")).to_have_text("Your turn.")
    expect(winning).to_have_count(1)
    winning.click()
    expect(rows).to_have_count(4)  # the start and three moves
    assert finished(tab) == "You win."
    assert "nim 1 1" in rows.nth(1).inner_text()
    assert tab.get_by_test_id("graph").count() == 1
    tab.screenshot(path=str(SCREENSHOT), full_page=True)
    assert problems == []


def test_the_computer_wins_and_russian(page: tuple[Page, list[str]]) -> None:
    tab, problems = page
    tab.locator("[data-lang=ru]").click()
    start(tab, "nim 1 2")
    # Take the whole heap of 1: the computer answers by taking the other heap.
    tab.get_by_test_id("move").first.click()
    assert finished(tab) == "Компьютер выиграл."
    expect(tab.get_by_test_id("start")).to_have_text("Начать")
    tab.locator("[data-lang=en]").click()
    expect(tab.get_by_test_id("status")).to_have_text("The computer wins.")
    assert problems == []


def test_misere_against_a_friend_and_bad_input(page: tuple[Page, list[str]]) -> None:
    tab, problems = page
    tab.select_option("#against", "friend")
    start(tab, "kayles 3", misere=True)
    expect(tab.get_by_test_id("status")).to_have_text("Player 1 to move.")
    while "over" not in (tab.get_by_test_id("status").get_attribute("class") or ""):
        tab.locator("[data-testid=move]:enabled").first.click()
        tab.wait_for_function("!document.querySelector('[data-testid=move]:disabled')"
                              " || document.getElementById('status').className === 'over'")
    assert finished(tab) in ("Player 1 wins.", "Player 2 wins.")
    # Bad input is shown in the status line (the failed request is the only console error).
    start(tab, "chess 3")
    expect(tab.get_by_test_id("status")).to_contain_text("unknown game")
    assert [p for p in problems if "400" not in p] == []


def _quick(browser: Browser, base: str, width: int = 1280) -> tuple[Page, list[str]]:
    # Reduced motion: the computer's move is not held on the picture.
    return open_page(browser, base, viewport={"width": width, "height": 800},
                     reduced_motion="reduce")


def _rows(tab: Page) -> Any:
    return tab.get_by_test_id("history-row")


def test_a_two_part_winning_move_is_hinted_with_how_to_make_it(browser: Browser,
                                                               base: str) -> None:
    tab, problems = _quick(browser, base)
    start(tab, "kayles 4")
    tab.get_by_test_id("hint").click()
    # the only winning move knocks down pins 2 and 3 together; each alone loses
    pins = tab.get_by_test_id("target")
    expect(tab.locator("[data-testid=target].may-win")).to_have_count(2)
    expect(pins.nth(1)).to_have_class("target may-win")
    expect(tab.get_by_test_id("how")).to_have_text("  (on the picture: drag from 1-2 to 1-3)")
    # a domino whose first square is no move of its own is made by two clicks
    start(tab, "cram 1x4")
    expect(tab.get_by_test_id("how")).to_contain_text("click b1, then c1")
    assert problems == []
    tab.context.close()


def test_ratings_are_for_the_player_who_moved_and_hidden_without_hints(
        browser: Browser, base: str) -> None:
    tab, problems = _quick(browser, base)
    start(tab, "nim 1 2")
    expect(_rows(tab)).to_have_count(1)
    history = tab.locator(".history")
    # hints off: no value and no rating, in History or in the graph
    expect(tab.locator("#history td.rated").first).to_be_hidden()
    tab.wait_for_function("document.querySelector('[data-testid=graph] g.node')")
    assert tab.locator("[data-testid=graph] .rated-text").count() > 0
    assert tab.evaluate("[...document.querySelectorAll('[data-testid=graph] .rated-text')]"
                        ".every((t) => getComputedStyle(t).display === 'none')")
    assert "value" not in (tab.locator("[data-testid=graph] g.node a").first
                           .get_attribute("xlink:title") or "")
    # every move drawn alike: the winning one neither by its colour, its width nor a filled
    # curve (it was filled, a dark wedge across the graph)
    assert tab.locator("[data-testid=graph] .rated-edge").count() > 0
    looks = tab.evaluate("[...new Set([...document.querySelectorAll("
                         "'[data-testid=graph] g.edge path')].map((p) => {"
                         " const s = getComputedStyle(p);"
                         " return [s.fill, s.stroke, s.strokeWidth].join(' '); }))]")
    assert len(looks) == 1 and looks[0].startswith("none "), looks
    tab.get_by_test_id("hint").click()
    tab.locator("[data-testid=move].win:enabled").click()  # nim 1 1: the winning move
    expect(_rows(tab)).to_have_count(3)
    mine, answer = _rows(tab).nth(1).inner_text(), _rows(tab).nth(2).inner_text()
    # nim 1 1 is lost for the player to move (the computer): a win for me, two moves on
    assert "you: win in 2" in mine and "loss" not in mine
    assert "the computer: loss in 1" in answer
    expect(tab.locator("#history td.rated").first).to_be_visible()
    assert "win in" in history.inner_text()
    assert problems == []
    tab.context.close()


def test_the_hint_box_speaks_of_the_computers_turn_as_its_own(browser: Browser,
                                                             base: str) -> None:
    tab, problems = _quick(browser, base)
    tab.select_option("#first", "computer")
    tab.get_by_test_id("hint").click()
    # the computer's first move is held while it thinks: the box is read meanwhile
    tab.route("**/api/computer-move*", lambda route: (tab.wait_for_timeout(600),
                                                      route.continue_()))
    start(tab, "nim 1 2")
    expect(tab.locator("#analysis")).to_have_text(
        "The computer is to move: it can win (an N-position).")
    expect(tab.get_by_test_id("status")).to_have_text("Your turn.", timeout=10_000)
    expect(tab.locator("#analysis")).to_contain_text("With perfect play you lose")
    assert problems == []
    tab.context.close()


def test_undo_redo_a_link_and_a_reload_keep_the_game(browser: Browser, base: str) -> None:
    tab, problems = _quick(browser, base)
    start(tab, "nim 2 3")
    tab.get_by_test_id("board").locator("[data-target='2-3']").click()  # nim 2 2
    expect(_rows(tab)).to_have_count(3)
    after = tab.locator("#current").inner_text()
    tab.get_by_test_id("undo").click()  # the computer's answer and my move
    expect(_rows(tab)).to_have_count(1)
    expect(tab.locator("#current")).to_have_text("nim 2 3")
    expect(tab.get_by_test_id("status")).to_have_text("Your turn.")
    tab.get_by_test_id("redo").click()
    expect(_rows(tab)).to_have_count(3)
    expect(tab.locator("#current")).to_have_text(after)
    # the address holds the game: opened in a fresh context it is played again
    address = tab.url
    assert "m=nim+2+2" in address
    other, more = _quick(browser, base)
    other.goto(address)
    expect(_rows(other)).to_have_count(3)
    expect(other.locator("#current")).to_have_text(after)
    assert "you" in _rows(other).nth(1).inner_text()
    other.context.close()
    # a reload keeps it too (the browser's storage), even without the address
    tab.goto(base + "/")
    expect(_rows(tab)).to_have_count(3)
    expect(tab.locator("#current")).to_have_text(after)
    # a bad start clears the game shown
    start(tab, "nim x")
    expect(tab.get_by_test_id("status")).to_contain_text("Error")
    expect(_rows(tab)).to_have_count(0)
    assert tab.get_by_test_id("board").count() == 0
    assert [p for p in problems + more if "400" not in p] == []
    tab.context.close()


def test_the_graph_opens_readable_and_its_nodes_start_a_branch(browser: Browser,
                                                              base: str) -> None:
    tab, problems = _quick(browser, base)
    start(tab, "kayles 5 6")
    graph = tab.get_by_test_id("graph")
    tab.wait_for_function("document.querySelector('[data-testid=graph] g.node.current')")
    # the labels of the first view are at least 11 px high
    high = tab.evaluate("Math.min(...[...document.querySelectorAll("
                        "'[data-testid=graph] g.node.current text:not(.rated-text)')]"
                        ".map((t) => t.getBoundingClientRect().height))")
    assert high >= 11
    whole = graph.locator("svg").get_attribute("viewBox")
    graph.locator("[data-zoom=fit]").click()
    assert graph.locator("svg").get_attribute("viewBox") != whole
    # panning stops at the drawing's edge
    box = graph.locator(".graph-frame").bounding_box()
    assert box is not None
    graph.locator("[data-zoom=near]").click()
    tab.mouse.move(box["x"] + 50, box["y"] + 50)
    tab.mouse.down()
    tab.mouse.move(box["x"] + 5000, box["y"] + 5000, steps=4)
    tab.mouse.up()
    x, y = (float(v) for v in graph.locator("svg").get_attribute("viewBox").split()[:2])
    assert x >= -5 and y >= -1000
    # a node reached by the keyboard starts a what-if branch, which can be left
    node = graph.locator("g.node:not(.current)").first
    node.focus()
    tab.keyboard.press("Enter")
    expect(tab.get_by_test_id("leave-branch")).to_be_visible()
    assert tab.locator("#current").inner_text() != "kayles 5 6"
    tab.get_by_test_id("leave-branch").click()
    expect(tab.locator("#current")).to_have_text("kayles 5 6")
    expect(tab.get_by_test_id("leave-branch")).to_be_hidden()
    # arrow keys move between the targets of the board
    first = tab.locator("[data-testid=target][data-target='1-1']")
    first.focus()
    tab.keyboard.press("ArrowRight")
    assert tab.evaluate("document.activeElement.dataset.target") == "1-2"
    assert [p for p in problems if "413" not in p] == []
    tab.context.close()


def test_a_phone_has_no_sideways_scroll_with_history_and_russian(browser: Browser,
                                                                base: str) -> None:
    tab, problems = _quick(browser, base, width=360)
    tab.locator("[data-lang=ru]").click()
    start(tab, "kayles 3 4")
    tab.get_by_test_id("hint").click()
    for _ in range(2):
        tab.wait_for_function("document.querySelector('svg.board.enabled')")
        tab.get_by_test_id("move").first.click(force=True) if tab.locator(
            "#words").get_attribute("open") is not None else tab.get_by_test_id(
            "target").first.click()
        tab.wait_for_timeout(300)
    expect(_rows(tab).nth(2)).to_be_visible(timeout=10_000)
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360
    # each cell of History is inside the screen
    right = tab.evaluate("Math.max(...[...document.querySelectorAll('#history td')]"
                         ".map((td) => td.getBoundingClientRect().right))")
    assert right <= 360
    assert "взять" in _rows(tab).nth(1).inner_text()
    assert "Кегли" in tab.locator("#game").inner_text()
    tab.screenshot(path=str(SCREENSHOT.with_name("grundy-phone.png")), full_page=True)
    assert [p for p in problems if "413" not in p] == []
    tab.context.close()


@pytest.mark.parametrize("width", [1280, 360])
def test_the_game_menu_follows_the_position_typed(browser: Browser, base: str,
                                                  width: int) -> None:
    tab, problems = _quick(browser, base, width)
    menu = tab.locator("#game")
    for typed, usage in [("cram 4x5", "cram"), ("chomp 5x6", "chomp"),
                         ("node-kayles:grid3x6", "node-kayles:pasted"),
                         ("hex:0.3f 12", "hex:CODE"), ("daisy 6 + kayles 3", "daisy"),
                         ("nim 4", "nim")]:
        tab.get_by_test_id("position").fill(typed)
        shown = menu.evaluate("(menu) => menu.selectedOptions[0].textContent")
        assert shown.startswith(usage + " — "), (typed, shown)
    # a word of no game leaves the menu as it was; started, the menu still shows the game
    tab.get_by_test_id("position").fill("chess 3")
    assert menu.evaluate("(menu) => menu.selectedOptions[0].textContent").startswith("nim — ")
    start(tab, "kings 2x3")
    expect(tab.get_by_test_id("status")).to_have_text("Your turn.", timeout=30_000)
    assert menu.evaluate("(menu) => menu.selectedOptions[0].textContent").startswith("kings — ")
    # choosing in the menu still fills in its example
    tab.select_option("#game", label=menu.locator("option", has_text="chocolate —")
                      .inner_text())
    expect(tab.get_by_test_id("position")).to_have_value("chocolate 5x8")
    assert problems == []
    tab.context.close()
