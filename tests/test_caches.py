"""The cache registry: work fills the package's caches, clear_caches empties every one, and a
Memo forgets all at once past its bound."""

from __future__ import annotations

from pathlib import Path

from grundy import analyze
from grundy.budget import Budget, search_positions, work_limit
from grundy.caches import Memo, cache_sizes, clear_caches
from grundy.heap.takebreak import KAYLES
from grundy.opponent import remoteness


def _fill(tmp_path: Path) -> list[object]:
    """Work that uses every cache; its answers."""
    graph = tmp_path / "g.txt"
    graph.write_text("a b\nb c\n", encoding="utf-8")
    answers: list[object] = [
        analyze(text).to_json()
        for text in ("kayles 5 6", "cram 3x4", "kings 3x3", "skewers 1x2x3", f"graph:{graph} a",
                     "two-numbers 7 8", "rows 2x3", "bishops 3x3")]
    answers.append(analyze("kayles 4 5", misere=True).to_json())  # from Kayles' quotient
    answers.append(analyze("grundy-game 5 6", misere=True).to_json())  # by a search
    answers.append(KAYLES.proved_period())
    answers.append(remoteness("nim 2 3"))
    return answers


def test_work_fills_the_caches_and_clear_caches_empties_them_all(tmp_path: Path) -> None:
    clear_caches()
    answers = _fill(tmp_path)
    filled = {name for name, size in cache_sizes().items() if size}
    for name in ("solvers of games", "misère solvers", "misère quotients",
                 "nim-sequences of heap games",
                 "proved periods of heap games", "regions of boards", "balanced boards",
                 "graph files", "board regions", "remoteness of positions",
                 "board geometry: symmetry_tables", "skewers geometry: lines"):
        assert name in filled, name
    clear_caches()
    assert {name: size for name, size in cache_sizes().items() if size} == {}
    # Nothing remembered changed an answer: the same work answers the same from scratch.
    assert _fill(tmp_path) == answers


def test_a_memo_forgets_everything_past_its_bound() -> None:
    memo: Memo[int, int] = Memo("test memo", bound=3)
    for n in range(3):
        memo[n] = n
    memo[1] = 10  # a key already held: nothing forgotten
    assert dict(memo) == {0: 0, 1: 10, 2: 2}
    memo[3] = 3
    assert dict(memo) == {3: 3}


def test_one_budget_in_force_inside_its_block_only() -> None:
    outside = search_positions()
    with work_limit(Budget(123, seconds=1.0)):
        assert search_positions() == 123
        with work_limit(7):
            assert search_positions() == 7
        assert search_positions() == 123
    assert search_positions() == outside
