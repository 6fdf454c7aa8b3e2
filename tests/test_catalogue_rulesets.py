"""The catalogue's rulesets: each record agrees with the game it builds, the docs' lists of
games are the catalogue's, and the docs' worked example of a new heap rule (one module)
joins the command line, the web page and the generated docs."""

from __future__ import annotations

import contextlib
import importlib
import io
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from grundy import analyze
from grundy.catalogue import (
    RULESETS,
    add_module,
    added_modules,
    game_list,
    listing,
    parse_game,
)
from grundy.cli import main
from grundy.core.game import Game
from grundy.web.hosts import allowed_hosts
from grundy.web.jobs import Answer, Job, answer
from grundy.web.server import create_app

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def built(name: str, example: str, tmp_path: Path) -> Game[object]:
    """The game of a ruleset's example; games that read a file read a small one."""
    if RULESETS[name].reads_file:
        graph = tmp_path / "edges.txt"
        graph.write_text("a b\nb c\n", encoding="utf-8")
        return parse_game(f"{name}:{graph}")
    return parse_game(example.split()[0])


@pytest.mark.parametrize("name", list(RULESETS))
def test_a_record_says_what_its_game_is(name: str, tmp_path: Path) -> None:
    ruleset = RULESETS[name]
    game = built(name, ruleset.example, tmp_path)
    assert game.picture == ruleset.picture
    assert ruleset.example and ruleset.position and ruleset.module
    # The module named holds the game's class, or the rules a board in its frame searches.
    searched = getattr(game, "searched", game)
    assert ruleset.module in {type(game).__module__, type(searched).__module__}
    assert game.text.partition(":")[0] == name


def test_the_generated_lists_of_games_are_current() -> None:
    done = subprocess.run([sys.executable, str(DOCS / "make_games.py"), "--check"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def example_module() -> str:
    """The module of the docs' worked example (getting-started.md, "Adding a heap rule")."""
    page = (DOCS / "getting-started.md").read_text(encoding="utf-8")
    section = page.split("## Adding a heap rule", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert found is not None
    return found[1]


def lasker(n: int) -> int:
    """Lasker's Nim's values (Winning Ways): n for n = 1, 2 mod 4, n + 1 for 3 mod 4, n - 1
    for 0 mod 4 (and 0 for 0)."""
    return {0: n - 1 if n else 0, 1: n, 2: n, 3: n + 1}[n % 4]


@pytest.fixture
def registered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    (tmp_path / "lasker_rules.py").write_text(example_module(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = dict(RULESETS)
    add_module("lasker_rules")
    yield "lasker"
    RULESETS.clear()
    RULESETS.update(before)
    sys.modules.pop("lasker_rules", None)
    importlib.invalidate_caches()


def run(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


def test_the_worked_example_plays(registered: str) -> None:
    game = parse_game(registered)
    assert [game.heap_value(n) for n in range(40)] == [lasker(n) for n in range(40)]
    # Against the general solver on the game's own moves (no heap engine).
    solver = game.solver()
    for heaps in [(3,), (3, 4), (5, 6, 7), (8, 2)]:
        assert analyze(f"lasker {' '.join(map(str, heaps))}").nim_value == solver.value(
            game.canonical(heaps))
    found = analyze("lasker 3 4")
    assert found.nim_value == lasker(3) ^ lasker(4)
    assert all(m.position.value() == 0 for m in found.winning_moves)
    assert any(line.startswith("lasker ") for line in listing().splitlines())
    assert registered in {r.name for r in game_list()}


def test_the_worked_example_joins_the_command_line_web_and_docs(registered: str) -> None:
    assert re.search(r"^lasker +Lasker's Nim", run("games"), re.MULTILINE)
    assert f"Nim-value: {lasker(3) ^ lasker(4)}" in run("analyze", "lasker", "3", "4")
    with TestClient(create_app(hosts=allowed_hosts("127.0.0.1", 8000)),
                    base_url="http://127.0.0.1:8000") as client:
        games = client.get("/api/games").json()["games"]
        assert {"name": "lasker", "usage": "lasker", "example": "lasker 3 4"}.items() <= next(
            game for game in games if game["name"] == "lasker").items()
        # Answered in the worker processes the server forks, which register the module too:
        # small jobs in the long-lived quick workers, a picture in a worker of its own.
        found = client.get("/api/analyze", params={"q": "lasker 3 4"})
        assert found.status_code == 200, found.text
        assert found.json()["nim_value"] == lasker(3) ^ lasker(4)
        values = client.get("/api/sequence", params={"game": "lasker", "to": "20"})
        assert values.status_code == 200, values.text
        assert values.json()["values"] == [lasker(n) for n in range(21)]
        drawn = client.get("/api/picture", params={"q": "lasker 3 4"})
        assert drawn.status_code == 200, drawn.text
        assert "lasker 2 4" in {move["position"] for component in drawn.json()["components"]
                                for move in component["moves"]}
    sys.path.insert(0, str(DOCS))
    try:
        import make_games
    finally:
        sys.path.remove(str(DOCS))
    assert "| `lasker` | Lasker's Nim" in make_games.readme_table()
    assert "[`lasker_rules`](reference/lasker_rules.md)" in make_games.reference_table()


def test_a_job_carries_the_modules_registered_at_run_time(registered: str) -> None:
    assert added_modules() == ("lasker_rules",)
    assert Job("analyze", {"q": "lasker 3 4"}).modules == ("lasker_rules",)
    missing = answer(Job("analyze", {"q": "nim 1"}, modules=("no_such_rules_here",)))
    assert missing == Answer(400, {"error": "the rulesets of module no_such_rules_here "
                                            "cannot be loaded here"})


def test_no_module_is_carried_once_its_rulesets_are_gone(registered: str) -> None:
    del RULESETS[registered]
    assert added_modules() == ()
    assert Job("analyze", {"q": "nim 1"}).modules == ()
