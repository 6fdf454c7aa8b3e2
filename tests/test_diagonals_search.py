"""The outcome search of diagonals (runs of open vertices) against two brute forces: plain
recursion over explicit sets of drawn diagonals, and grundy's general solver on the game's
own plays (words in a fixed frame, neither folded nor cut into runs)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from functools import cache
from itertools import permutations, product

import pytest

from grundy.analysis import analyze
from grundy.boards.diagonals import DIAGONALS, NONE, OUTCOME_SEARCH, Word, runs_of, searched
from grundy.boards.diagonals_kernel import MOST_OPEN, Table, decode, encode
from grundy.boards.diagonals_search import (
    OPTIONS_PER_POSITION,
    SEARCHES,
    OutcomeSearch,
    State,
    estimated_options,
    first_player_wins,
    options,
)
from grundy.boards.frames import DIAGONALS_BOARD
from grundy.budget import Budget, work_limit
from grundy.catalogue import parse_position
from grundy.errors import TooBig
from grundy.solver import Solver
from grundy.values import Outcome

from brute import diagonals_moves, wins_of

pytestmark = pytest.mark.slow

sys.setrecursionlimit(20000)

Drawn = frozenset[tuple[int, int]]


@cache
def brute(n: int, misere: bool) -> Callable[[Drawn], bool]:
    """Whether the player to move wins a set of diagonals of an n-gon, by plain recursion."""
    return wins_of(diagonals_moves(n), misere)


def frame_solver() -> Solver[Word]:
    """grundy's general solver on the words the game's plays make, in their own frame."""
    return Solver(lambda word: [DIAGONALS.apply(word, play) for play in DIAGONALS.plays(word)])


def random_position(rng: random.Random, n: int, played: int) -> tuple[Word, Drawn]:
    """``played`` random diagonals (fewer when the game ends first), as a word and a set."""
    word: Word = (NONE,) * n
    drawn: set[tuple[int, int]] = set()
    for _ in range(played):
        plays = list(DIAGONALS.plays(word))
        if not plays:
            break
        play = rng.choice(plays)
        word = DIAGONALS.apply(word, play)
        drawn.add(play)
    return word, frozenset(drawn)


@pytest.mark.parametrize("misere", [False, True])
def test_polygons_against_brute_force(misere: bool) -> None:
    solver = frame_solver()
    for n in range(3, 10):
        wins = brute(n, misere)(frozenset())
        assert first_player_wins(runs_of((NONE,) * n), misere) == wins, n
        if n <= 8:
            expected = Outcome.N if wins else Outcome.P
            assert solver.outcome((NONE,) * n, misere=misere) is expected, n


@pytest.mark.parametrize("misere", [False, True])
def test_random_positions_against_brute_force(misere: bool) -> None:
    rng = random.Random(20261124 + misere)
    solver = frame_solver()
    for _ in range(200):
        n = rng.randint(4, 12)
        word, drawn = random_position(rng, n, rng.randint(max(0, n - 8), n))
        wins = brute(n, misere)(drawn)
        assert first_player_wins(runs_of(word), misere) == wins, DIAGONALS.format_state(word)
        if n <= 9:
            outcome = solver.outcome(word, misere=misere)
            assert outcome is (Outcome.N if wins else Outcome.P), DIAGONALS.format_state(word)


def exact(state: State) -> State:
    """The least form of a state over every order of its runs of equal shape and both
    directions of each run that reads the same both ways (the search's form picks one)."""
    cycle, runs = state
    if cycle:
        return state
    groups: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for run in runs:
        groups.setdefault(tuple(min(label, 2) for label in run), []).append(run)
    choices = []
    for shape in sorted(groups):
        turns = [[run, run[::-1]] if shape == shape[::-1] else [run] for run in groups[shape]]
        choices.append([order for chosen in product(*turns)
                        for order in permutations(chosen)])
    best = None
    for picked in product(*choices):
        names: dict[int, int] = {}
        form = tuple(tuple(names.setdefault(x, 2 + len(names)) if x >= 2 else x for x in run)
                     for group in picked for run in group)
        best = form if best is None or form < best else best
    return (False, best or ())


def test_runs_keep_the_plays() -> None:
    """Every play of a word leads to one of the options of its runs, and every option of the
    runs comes from some play: the runs lose nothing of the game."""
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(3, 12)
        word, _ = random_position(rng, n, rng.randint(0, n))
        made = {exact(runs_of(DIAGONALS.apply(word, play))) for play in DIAGONALS.plays(word)}
        assert made == {exact(option) for option in options(runs_of(word))}, (
            DIAGONALS.format_state(word))


@pytest.mark.parametrize("misere", [False, True])
def test_answers_when_the_value_search_is_refused(misere: bool) -> None:
    """The answer given when the value search is refused (:func:`searched`, see
    Diagonals.normal_rule): the winner and the winning moves are those of the brute force."""
    rng = random.Random(11 + misere)
    for _ in range(40):
        n = rng.randint(5, 9)
        word, drawn = random_position(rng, n, rng.randint(0, n // 2))
        # The position in the player's frame: the polygon and the diagonals drawn.
        text = " ".join(["diagonals", str(n), *(f"{i + 1}-{j + 1}" for i, j in sorted(drawn))])
        assert DIAGONALS_BOARD.inner(parse_position(text).components[0].state) == word
        wins = brute(n, misere)
        answer = searched(word, misere)
        assert answer.value is None and answer.reason == OUTCOME_SEARCH
        assert answer.outcome.winner == ("first" if wins(drawn) else "second"), text
        winning = {DIAGONALS.canonical(DIAGONALS.apply(word, play))
                    for play in DIAGONALS.plays(word)
                    if not wins(drawn | {play})}
        found = [DIAGONALS.canonical(option()) for _, option in answer.moves]
        assert sorted(found) == sorted(winning), text
        # In the player's frame: moves equal up to the polygon's symmetries share one
        # folded word, and each names a diagonal that wins.
        framed = analyze(text, misere=misere).winning_moves
        assert {DIAGONALS.canonical(DIAGONALS_BOARD.inner(move.position.components[0].state))
                for move in framed} == winning, text
        for move in framed:
            i, j = (int(end) - 1 for end in move.description.split()[-1].split("-"))
            assert not wins(drawn | {(i, j)}), (text, move.description)


def test_analyze_answers_by_the_outcome_search_where_the_value_search_is_refused() -> None:
    # 11 vertices: a budget that refuses the nim-value search (its bound) and allows the
    # outcome search (its estimate).
    word = (NONE,) * 11
    needed = round(estimated_options(11) / OPTIONS_PER_POSITION)
    assert needed * DIAGONALS.symmetries < DIAGONALS.state_bound(word)
    with work_limit(Budget(needed)):
        answer = analyze("diagonals 11")
    assert answer.nim_value is None and answer.winner == "second"


def test_a_polygon_too_big_for_the_budget_is_refused_at_once() -> None:
    with pytest.raises(TooBig, match=r"diagonals 22 needs about 4e\+7 options; .* a time "
                       r"budget of \d+s \(--budget\) would allow it"):
        analyze("diagonals 22")
    with work_limit(Budget(10**12)), pytest.raises(
            TooBig, match=f"needs more than {MOST_OPEN} open vertices; this position has 25 "):
        analyze("diagonals 25")


def test_twenty_vertices_within_the_default_budget() -> None:
    """The lecture's polygon of 20 vertices is answered without a budget: the first player
    wins, and (checked here by the search itself, option by option) every diagonal wins."""
    answer = analyze("diagonals 20")
    assert answer.winner == "first" and len(answer.winning_moves) == 20 * 17 // 2


def test_small_polygons_keep_their_values() -> None:
    """Where the nim-value is within the budget it is still given (the rule stands aside)."""
    answer = analyze("diagonals 8")
    assert answer.nim_value == 0 and "outcome search" not in answer.method


@pytest.mark.parametrize("misere", [False, True])
def test_stopped_past_the_budget(misere: bool) -> None:
    SEARCHES[misere].table.clear()
    with work_limit(Budget(2000)), pytest.raises(TooBig) as error:
        analyze("diagonals 14", misere=misere)
    # Refused before it starts: a position of the budget buys OPTIONS_PER_POSITION options.
    assert error.value.limit == int(2000 * OPTIONS_PER_POSITION)
    assert "outcome search of diagonals 14" in str(error.value)


def test_listed_moves_beyond_the_brute_force() -> None:
    """Beyond the brute force's reach, the moves listed are exactly the plays that leave a
    position the search finds lost."""
    word = (NONE,) * 12
    answer = analyze("diagonals 12")
    listed = {DIAGONALS.canonical(DIAGONALS_BOARD.inner(move.position.components[0].state))
              for move in answer.winning_moves}
    options_left = {DIAGONALS.canonical(DIAGONALS.apply(word, play))
                    for play in DIAGONALS.plays(word)}
    lost = {option for option in options_left if not first_player_wins(runs_of(option))}
    assert answer.nim_value is None and listed == lost
    assert answer.winner == ("first" if lost else "second")


def test_keys_keep_the_state() -> None:
    """A state's key reads back as the same state up to the order of its runs, their
    directions and the names of the diagonals."""
    rng = random.Random(11)
    for _ in range(500):
        n = rng.randint(3, MOST_OPEN)
        word, _ = random_position(rng, n, rng.randint(0, n))
        state = runs_of(word)
        assert exact(decode(encode(*state))) == exact(state), DIAGONALS.format_state(word)


@pytest.mark.parametrize("misere", [False, True])
def test_a_table_that_grows_while_searching_keeps_its_answers(
        misere: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table starts at 16 slots and is moved to bigger arrays many times, the search
    stopping and going on every few options: the answers are those of the brute force."""
    monkeypatch.setattr("grundy.boards.diagonals_search._TICK", 7)
    search = OutcomeSearch(misere)
    search.table = Table(16)
    rng = random.Random(3 + misere)
    with work_limit(Budget(10**9)):
        search.start("a test")
        for _ in range(60):
            n = rng.randint(4, 11)
            word, drawn = random_position(rng, n, rng.randint(0, n))
            assert search.wins(runs_of(word)) == brute(n, misere)(drawn)
    assert len(search.table.results) > 16
