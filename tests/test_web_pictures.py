"""Playing on the pictures in a real browser: for each family, a game started, moves made by
clicking the picture, the computer's answers seen, and the game played to its end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from test_web_api import running_server
from test_web_browser import finished, open_page, start

pytestmark = pytest.mark.slow

#: One small position per family (and a sum, and a graph game).
FAMILIES = {
    "nim": "nim 1 2", "subtract": "subtract:1,3 4", "half": "half 5", "stones": "stones 4",
    "kayles": "kayles 3", "dawson": "dawson 4", "octal": "octal:4.07 3", "hex": "hex:0.8 4",
    "grundy-game": "grundy-game 5", "split23": "split23 5", "daisy": "daisy 4",
    "chords": "chords 5", "chomp": "chomp 2x2", "cram": "cram 2x3", "kings": "kings 2x3",
    "bishops": "bishops 2x2", "rows": "rows 1x3", "chocolate": "chocolate 2x3",
    "diagonals": "diagonals 5", "skewers": "skewers 1x2x2", "two-numbers": "two-numbers 2 4",
    "graph": "graph:chase a", "sum": "nim 1 + chomp 1x2",
    "wythoff": "wythoff 1 2", "moore": "moore:2 1 2", "all-but": "all-but:1 3",
    "staircase": "staircase 1 1", "nim-add": "nim-add:1 1", "northcott": "northcott W.B",
    "turning-turtles": "turning-turtles THH", "mock-turtles": "mock-turtles TH",
    "ruler": "ruler THH", "turning-corners": "turning-corners TT/TH",
    "node-kayles": "node-kayles:pasted all", "arc-kayles": "arc-kayles:pasted all",
    "graph-pasted": "graph:pasted a",
}
#: The graph pasted for the games on a graph sent with the position.
PASTED = "a b\nb c\nc d\nb e\n"

CHASE = "a b\\nb c\\nc d\\na c\\nb d\\n"


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server(f"graphs={{'chase': '{CHASE}'}}") as (address, _):
        yield address


def _page(browser: Browser, base: str, width: int = 1100) -> tuple[Page, list[str]]:
    # Reduced motion: the computer's move is not held on the picture, to keep tests quick.
    return open_page(browser, base, viewport={"width": width, "height": 800},
                     reduced_motion="reduce")


@pytest.fixture
def page(browser: Browser, base: str) -> Iterator[tuple[Page, list[str]]]:
    tab, problems = _page(browser, base)
    yield tab, problems
    tab.context.close()


def _my_turn(tab: Page) -> bool:
    """Waits until the player may move (True) or the game is over (False)."""
    tab.wait_for_function("document.getElementById('status').className === 'over' ||"
                          " document.querySelector('svg.board.enabled') !== null")
    return "over" not in (tab.get_by_test_id("status").get_attribute("class") or "")


def _clicks(tab: Page) -> list[tuple[int, list[str]]]:
    """The (board, target set) of each move of the position shown, from the picture's JSON."""
    position = tab.locator("#current").inner_text()
    address = tab.url.split("?")[0] + "api/picture"
    drawn: dict[str, Any] = (
        tab.request.post(address, params={"q": position}, data=PASTED) if ":pasted" in position
        else tab.request.get(address, params={"q": position})).json()
    found = []
    for index, picture in enumerate(drawn["components"]):
        singles = {t[0] for m in picture["moves"] for t in m["targets"] if len(t) == 1}
        for move in picture["moves"]:
            for targets in move["targets"]:
                # a set whose first part is a move of its own is made by a drag (tested apart)
                if len(targets) == 1 or targets[0] not in singles:
                    found.append((index, targets))
    return found


def _every_move_drawn(tab: Page) -> None:
    """Every legal move of the position shown has a target set on the picture, each of whose
    parts is drawn as a target."""
    position = tab.locator("#current").inner_text()
    address = tab.url.split("?")[0] + "api/"

    def ask(kind: str) -> Any:
        if ":pasted" in position:
            return tab.request.post(address + kind, params={"q": position}, data=PASTED).json()
        return tab.request.get(address + kind, params={"q": position}).json()

    drawn, legal = ask("picture"), ask("moves")
    assert ({m["position"] for c in drawn["components"] for m in c["moves"]}
            == {m["position"] for m in legal["moves"]})
    for index, picture in enumerate(drawn["components"]):
        shown = set(tab.get_by_test_id("board").nth(index).locator(
            "[data-testid=target]").evaluate_all("(ts) => ts.map((t) => t.dataset.target)"))
        assert {n for m in picture["moves"] for t in m["targets"] for n in t} <= shown


def _click(tab: Page, board: int, targets: list[str]) -> None:
    picture = tab.get_by_test_id("board").nth(board)
    for name in targets:
        picture.locator(f"[data-testid=target][data-target='{name}']").click()


def test_every_family_of_the_catalogue_is_played_here() -> None:
    from grundy.catalogue import game_list

    played = {position.split()[0].partition(":")[0] for position in FAMILIES.values()}
    assert {ruleset.name for ruleset in game_list()} <= played


@pytest.mark.parametrize("family", list(FAMILIES))
def test_a_game_played_on_the_picture(page: tuple[Page, list[str]], family: str) -> None:
    tab, problems = page
    tab.get_by_test_id("position").fill(FAMILIES[family])
    if ":pasted" in FAMILIES[family]:
        tab.get_by_test_id("pasted").fill(PASTED)
    start(tab, FAMILIES[family])
    rows = tab.get_by_test_id("history-row")
    expect(rows).to_have_count(1)
    expect(tab.get_by_test_id("board").first).to_be_visible()
    if _my_turn(tab):
        _every_move_drawn(tab)
    turns = 0
    while _my_turn(tab):
        before = rows.count()
        board, targets = _clicks(tab)[-1]  # the last: a different move from the list's first
        _click(tab, board, targets)
        # my move and, unless it ended the game, the computer's answer
        tab.wait_for_function(f"document.querySelectorAll('[data-testid=history-row]').length"
                              f" > {before}")
        turns += 1
        if "over" not in (tab.get_by_test_id("status").get_attribute("class") or ""):
            expect(rows).to_have_count(before + 2, timeout=15_000)  # a loaded machine
            assert "the computer" in rows.nth(before + 1).inner_text()
    assert turns >= 1
    assert finished(tab) in ("You win.", "The computer wins.")
    assert rows.nth(1).inner_text().split("\t")[1] == "you"
    assert problems == []


def test_two_pins_knocked_down_by_a_drag_and_hints(page: tuple[Page, list[str]]) -> None:
    tab, problems = page
    start(tab, "kayles 4")
    tab.get_by_test_id("hint").click()
    pins = tab.get_by_test_id("target")
    expect(pins).to_have_count(4)
    # kayles 4: knocking down the middle two pins (2-3) wins; the hint colours pin 1 alone red
    expect(pins.nth(0)).to_have_class("target lose")
    title = pins.nth(0).locator("title").text_content() or ""
    assert title.startswith("take 1 from an end of 4, leaving 3  (loss in")
    pins.nth(1).drag_to(pins.nth(2))
    expect(tab.get_by_test_id("history-row").nth(1)).to_contain_text("kayles 1 1")
    assert _my_turn(tab)  # the computer took one pin; the last is mine
    tab.get_by_test_id("target").click()
    assert finished(tab) == "You win."
    assert problems == []


def test_a_domino_placed_with_the_keyboard(page: tuple[Page, list[str]]) -> None:
    tab, problems = page
    start(tab, "cram 1x4")
    tab.get_by_test_id("hint").click()
    # the only winning domino is b1-c1 (it leaves two single cells): its squares are marked
    expect(tab.locator("[data-testid=target].may-win")).to_have_count(2)
    first = tab.locator("[data-testid=target][data-target=b1]")
    first.focus()
    tab.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(tab.locator("[data-target=c1]")).to_have_class("target candidate win")
    tab.keyboard.press("Tab")  # on to c1
    tab.keyboard.press("Enter")
    expect(tab.get_by_test_id("history-row").nth(1)).to_contain_text("b1-c1")
    assert finished(tab) == "You win."
    assert problems == []


@pytest.mark.parametrize("position", ["chomp 4x7", "kings 4x4 + nim 3 5"])
def test_no_horizontal_scrolling_on_a_phone(browser: Browser, base: str,
                                            position: str) -> None:
    tab, problems = _page(browser, base, width=360)
    try:
        start(tab, position)
        expect(tab.get_by_test_id("board").first).to_be_visible(timeout=20_000)
        tab.wait_for_timeout(200)
        assert tab.evaluate("document.documentElement.scrollWidth") <= 360
        assert [p for p in problems if "413" not in p] == []  # the graph: too big to draw
    finally:
        tab.context.close()


def test_the_plot_of_a_nim_sequence_in_two_languages(page: tuple[Page, list[str]]) -> None:
    tab, problems = page
    start(tab, "subtract:1,3,4 6")
    plot = tab.get_by_test_id("plot")
    expect(plot).to_be_hidden()  # it rates heaps: shown with hints only
    tab.get_by_test_id("hint").click()
    expect(plot).to_be_visible()
    expect(plot.locator("circle")).to_have_count(41)  # heaps 0..40
    # values 0 1 0 1 2 3 2, period 7 from heap 0: heap 4 is the highest point of the first period
    assert plot.locator("circle").nth(4).locator("title").text_content() == "4: 2"
    expect(plot).to_contain_text("period 7 from heap 0")
    tab.locator("[data-lang=ru]").click()
    expect(plot).to_contain_text("период 7 с кучки 0")
    start(tab, "chomp 2x3")
    expect(tab.locator("#tables")).to_be_hidden()
    assert problems == []


def test_a_regularity_only_seen_is_not_called_a_period(page: tuple[Page, list[str]]) -> None:
    """hex:c.18 grows by 4 every 8 heaps in heaps 0..40: seen, not proved, not a period."""
    tab, problems = page
    start(tab, "hex:c.18 12")
    tab.get_by_test_id("hint").click()
    plot = tab.get_by_test_id("plot")
    expect(plot).to_contain_text(
        "seen in heaps 0..40, not proved: G(n + 8) = G(n) + 4 from heap 6")
    assert "period 8" not in plot.text_content()
    assert plot.locator(".periodic").count() == 0  # shaded only where proved
    tab.locator("[data-lang=ru]").click()
    expect(plot).to_contain_text("видно в кучках 0..40, не доказано: G(n + 8) = G(n) + 4")
    start(tab, "subtract:1,3,4 6")
    expect(plot).to_contain_text("доказано: subtraction window rule")
    assert problems == []


def _current_node(tab: Page) -> str:
    """The position of the node marked as the current one in the game graph."""
    return str(tab.evaluate("document.querySelector('[data-testid=graph] g.node.current')"
                            "?.dataset.position || ''"))


def test_the_graph_zooms_and_follows_the_game(page: tuple[Page, list[str]]) -> None:
    tab, problems = page
    start(tab, "nim 2 2")
    graph = tab.get_by_test_id("graph")
    expect(graph.locator("svg")).to_be_visible()
    tab.wait_for_function("document.querySelector('[data-testid=graph] g.node.current')")
    assert _current_node(tab) == "nim 2 2"
    graph.locator("[data-zoom=fit]").click()  # the whole graph (the first view: around it)
    whole = graph.locator("svg").get_attribute("viewBox")
    graph.locator("[data-zoom=zoom_in]").click()
    graph.locator("[data-zoom=zoom_in]").click()
    zoomed = graph.locator("svg").get_attribute("viewBox")
    assert float(zoomed.split()[2]) < float(whole.split()[2]) * 0.5
    # a move and the computer's answer: the mark moves to the position reached, kept in view
    tab.get_by_test_id("board").locator("[data-target='2-2']").click()
    expect(tab.get_by_test_id("history-row")).to_have_count(3)
    reached = tab.locator("#current").inner_text()
    tab.wait_for_function(f"document.querySelector('[data-testid=graph] g.node.current')"
                          f"?.dataset.position === '{reached}'")
    assert graph.locator("svg").get_attribute("viewBox") != zoomed
    graph.locator("[data-zoom=fit]").click()
    width = graph.locator("svg").get_attribute("viewBox").split()[2]
    assert float(width) == float(whole.split()[2])
    assert problems == []


def test_a_big_graph_is_collapsed_round_the_position_and_expands(
        page: tuple[Page, list[str]]) -> None:
    tab, problems = page
    start(tab, "subtract:1,2 350")  # 351 positions: the whole graph is too big to draw
    graph = tab.get_by_test_id("graph")
    expect(graph).to_contain_text("at most 2 moves away")
    nodes = graph.locator("g.node")
    two = nodes.count()
    graph.locator("[data-zoom=expand]").click()
    expect(graph).to_contain_text("at most 3 moves away")
    assert nodes.count() > two
    assert _current_node(tab) == "subtract:1,2 350"
    # a move: the neighbourhood of the position reached is drawn
    tab.get_by_test_id("move").first.click()
    expect(tab.get_by_test_id("history-row")).to_have_count(3)
    reached = tab.locator("#current").inner_text()
    tab.wait_for_function(f"document.querySelector('[data-testid=graph] g.node.current')"
                          f"?.dataset.position === '{reached}'")
    assert [p for p in problems if "413" not in p] == []


def test_a_tangled_graph_opens_one_move_deep(page: tuple[Page, list[str]]) -> None:
    """Cram 4x5 two moves deep is 118 positions and 213 moves, a tangle: the graph opens on
    the positions one move away, and one move more draws the next ones."""
    tab, problems = page
    start(tab, "cram 4x5")
    graph = tab.get_by_test_id("graph")
    expect(graph).to_contain_text("the positions one move away")
    nodes = graph.locator("g.node")
    one = nodes.count()
    assert 1 < one <= 40
    graph.locator("[data-zoom=expand]").click()
    expect(graph).to_contain_text("at most 2 moves away")
    assert nodes.count() > 40
    tab.locator("[data-lang=ru]").click()
    expect(graph).to_contain_text("не дальше 2 ходов")
    assert [p for p in problems if "413" not in p] == []


def test_a_long_press_tells_what_a_part_does(page: tuple[Page, list[str]]) -> None:
    tab, problems = page
    start(tab, "chomp 2x2")
    tab.get_by_test_id("hint").click()
    square = tab.locator("[data-testid=target][data-target=b2]")
    square.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    note = tab.locator(".press-note")
    expect(note).to_have_text("take b2 and every square above and to the right of it  "
                              "(win in 3)")
    square.dispatch_event("pointerup", {"pointerType": "touch"})
    square.dispatch_event("click")
    expect(tab.get_by_test_id("history-row")).to_have_count(1)  # the press made no move
    square.click()
    expect(tab.get_by_test_id("history-row")).to_have_count(3)
    assert problems == []


@pytest.mark.parametrize("width", [1280, 360])
def test_the_parts_keep_their_size_through_a_game(browser: Browser, base: str,
                                                  width: int) -> None:
    """hex:0.8 10 splits into small heaps: its pins are drawn as large as at the start, not
    three times larger once the board is narrower (nor smaller in a new game)."""
    tab, problems = _page(browser, base, width)

    def pin_width() -> float:
        box = tab.locator("svg.board [data-testid=target] .pin").first.bounding_box()
        assert box is not None
        return float(box["width"])

    start(tab, "hex:0.8 10")
    assert _my_turn(tab)
    before = pin_width()
    # take 1 from 10, leaving 1, 4 and 4: the widest row is 4 pins, and the computer answers
    tab.evaluate("document.getElementById('words').open = true")
    tab.locator("[data-testid=move]", has_text="leaving 1, 4 and 4").click()
    expect(tab.get_by_test_id("history-row")).to_have_count(3, timeout=30_000)
    assert pin_width() == pytest.approx(before, rel=0.02)
    start(tab, "hex:0.8 5")  # a new game chooses its own scale
    expect(tab.locator("#current")).to_have_text("hex:0.8 5", timeout=30_000)
    assert _my_turn(tab)
    assert pin_width() > 1.5 * before
    assert problems == []
    tab.context.close()


def test_two_numbers_offers_only_natural_numbers(page: tuple[Page, list[str]]) -> None:
    """The numbers that may be written are 1 .. the larger - 1: no tile 0, which no move
    writes (the numbers are natural, from 1)."""
    tab, problems = page
    start(tab, "two-numbers 2 4")
    assert _my_turn(tab)
    board = tab.get_by_test_id("board")
    expect(board.locator(".tile")).to_have_count(3)
    expect(board.get_by_test_id("target")).to_have_count(3)
    start(tab, "two-numbers 1 1")
    expect(tab.locator("#current")).to_have_text("two-numbers 1 1")
    expect(board.locator(".tile")).to_have_count(0)
    assert problems == []
