"""The web request's path: one reading of each parameter, the graphs a job carries passed
to the parser (the registry of rulesets untouched), one computation of the computer's move,
and the remoteness the opponent's (an :class:`~grundy.opponent.Assessment`), not a field of
the analysis filled in afterwards."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any

import pytest

from grundy import catalogue
from grundy.analysis import Analysis, analyze
from grundy.budget import work_limit
from grundy.opponent import Assessment, computer_move, remoteness, with_remoteness
from grundy.web import jobs
from grundy.web.checks import checked_job
from grundy.web.jobs import Job, answer, quick_answer

CHASE = "a b\nb a\nb c\nc d\n"


@pytest.fixture
def frozen_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry of rulesets, read-only while the test runs: a job that changed it
    (to put its graphs in) fails."""
    monkeypatch.setattr(catalogue, "RULESETS", MappingProxyType(dict(catalogue.RULESETS)))


@pytest.mark.usefixtures("frozen_registry")
class TestGraphsPassedToTheParser:
    @pytest.mark.parametrize("kind", ["analyze", "moves", "computer-move"])
    def test_a_servers_graph(self, kind: str) -> None:
        job = checked_job(kind, {"q": "graph:chase a"}, {"chase": CHASE})
        reply = answer(job)
        assert reply.status == 200, reply.body
        assert quick_answer(job) == reply

    def test_a_pasted_node_kayles_graph_and_a_family_graph(self) -> None:
        pasted = answer(Job("analyze", {"q": "node-kayles:pasted all"}, {"pasted": "a b\nb c\n"}))
        assert pasted.status == 200 and pasted.body["nim_value"] == 2  # a path of 3: P3
        family = answer(Job("analyze", {"q": "arc-kayles:grid2x2 all"}))
        assert family.status == 200, family.body

    def test_a_graph_not_carried_is_refused(self) -> None:
        reply = answer(Job("analyze", {"q": "graph:chase a"}, {"other": CHASE}))
        assert reply == jobs.error(400, "no graph named 'chase' on this server")

    def test_the_registry_still_reads_files_outside_the_server(self, tmp_path: Any) -> None:
        graph = tmp_path / "g.txt"
        graph.write_text(CHASE)
        answer(Job("analyze", {"q": "graph:chase a"}, {"chase": CHASE}))
        assert str(catalogue.parse_position(f"graph:{graph} a")) == f"graph:{graph} a"


class TestOneComputation:
    def test_the_computer_move_is_computed_once(self, monkeypatch: pytest.MonkeyPatch) -> None:
        calls: list[Any] = []
        counted = analyze

        def counting(*args: Any, **kwargs: Any) -> Analysis:
            calls.append(args)
            return counted(*args, **kwargs)

        monkeypatch.setattr(jobs, "analyze", counting)
        reply = answer(Job("computer-move", {"q": "nim 3 5 7 9", "misere": "0"}))
        assert reply.body == computer_move("nim 3 5 7 9").to_json()
        assert calls == []

    def test_the_position_is_read_once(self, monkeypatch: pytest.MonkeyPatch) -> None:
        calls: list[Any] = []
        read = catalogue.parse_position

        def counting(*args: Any, **kwargs: Any) -> Any:
            calls.append(args)
            return read(*args, **kwargs)

        monkeypatch.setattr(jobs, "parse_position", counting)
        reply = quick_answer(Job("analyze", {"q": "kayles 5 6"}))
        assert reply is not None and reply.body["nim_value"] == analyze("kayles 5 6").nim_value
        assert len(calls) == 1

    @pytest.mark.parametrize("wanted", ["png", "dot", ""])
    def test_the_format_is_checked_by_the_server_alone(self, wanted: str) -> None:
        with pytest.raises(ValueError, match="svg only"):
            checked_job("graph", {"q": "nim 1", "format": wanted}, {})
        assert "format" not in jobs._graph.__code__.co_consts  # not read again there


class TestRemotenessIsTheOpponents:
    def test_an_analysis_has_no_remoteness(self) -> None:
        names = {field.name for field in dataclasses.fields(Analysis)}
        assert not {name for name in names if "remoteness" in name}
        assert "remoteness" not in analyze("nim 1 2").to_json()

    @pytest.mark.parametrize(("q", "misere"), [("nim 1 2", False), ("kayles 4 5", True),
                                                 ("cram 2x3", False), ("nim 2 2", False)])
    def test_the_assessment(self, q: str, misere: bool) -> None:
        found = analyze(q, misere=misere)
        assessed = with_remoteness(found)
        assert assessed == Assessment(found, remoteness(q, misere))
        assert assessed.to_json() == {**found.to_json(), "remoteness": remoteness(q, misere)}

    def test_too_big_is_none(self) -> None:
        with work_limit(10):
            assert with_remoteness(analyze("nim 9 9 9")).remoteness is None
