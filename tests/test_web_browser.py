"""The page in a real browser: Debian's Chromium driven by Playwright, against a real server."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from test_web_api import running_server

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
