"""Stopping a solve: an explicit endgame build, a build that survives a stopped solve, and a time limit."""

from __future__ import annotations

import pytest

from tablegames import ConfigError, TablegamesError
from tablegames.kalaha import Kalaha, Progress, Solver, SolveTimeout
from tablegames.kalaha.solver import EndgameBuild, EndgameTable, clear_endgame_cache


class Stop(Exception):
    """What a progress callback raises to stop a solve."""


def test_a_build_stopped_midway_goes_on_where_it_stopped() -> None:
    """A build stopped from its callback resumes after the last finished block and ends equal to a whole build."""
    build = EndgameBuild(pits=4, seeds=10, empty_capture=True)
    seen: list[int] = []

    def stop_once_past_5(done: int) -> None:
        seen.append(done)
        if done >= 5:
            raise Stop

    with pytest.raises(Stop):
        build.run(stop_once_past_5)
    assert not build.finished
    assert build.done == 5
    assert len(seen) > 5, "reports come for every block, not only for every finished count of seeds"
    resumed: list[int] = []
    table = build.run(resumed.append)
    assert build.finished
    assert resumed[0] >= 5
    assert resumed[-1] == 10
    assert table.values == EndgameTable.build(4, 10, True).values
    assert build.run() is table


def test_a_solve_stopped_while_its_table_is_built_does_not_start_the_table_again() -> None:
    """The issue's bot: it stops slow solves, and the next solve finishes the table instead of building it anew."""
    clear_endgame_cache()
    game = Kalaha(pits=4, seeds=3)
    first: list[Progress] = []

    def stop_in_the_build(report: Progress) -> None:
        first.append(report)
        if report.phase == "endgame" and report.seeds is not None and report.seeds >= 6:
            raise Stop

    with pytest.raises(Stop):
        Solver(game, endgame=10).value(game.start(), progress=stop_in_the_build)
    second: list[Progress] = []
    value = Solver(game, endgame=10).value(game.start(), progress=second.append)
    built = [report.seeds or 0 for report in second if report.phase == "endgame"]
    assert built, "the second solve finishes the table"
    assert min(built) >= 6, "the second solve goes on from where the first stopped"
    assert value == Solver(game, endgame=0).value(game.start())


def test_prepare_builds_the_table_before_any_solve() -> None:
    """After `prepare`, no solve reports building the table."""
    clear_endgame_cache()
    game = Kalaha(pits=4, seeds=3)
    solver = Solver(game, endgame=8)
    reports: list[Progress] = []
    table = solver.prepare(progress=reports.append)
    assert isinstance(table, EndgameTable)
    assert table.seeds == 8
    assert reports
    assert {report.phase for report in reports} == {"endgame"}
    assert reports[-1].seeds == 8
    later: list[Progress] = []
    solver.solve(game.start(), progress=later.append)
    assert "endgame" not in {report.phase for report in later}
    assert Solver(game, endgame=0).prepare() is None


def test_a_time_limit_stops_the_solve_with_what_it_proved() -> None:
    """A solve over its time limit raises SolveTimeout soon after, with the bounds so far; the solver goes on."""
    game = Kalaha(pits=6, seeds=4)
    solver = Solver(game, table_size=200_000, endgame=0)
    with pytest.raises(SolveTimeout) as stopped:
        solver.solve(game.start(), time_limit=0.2)
    report = stopped.value.report
    assert isinstance(stopped.value, TablegamesError)
    assert isinstance(stopped.value, TimeoutError)
    assert 0.2 <= report.seconds < 3.0
    assert report.lower is not None
    assert report.upper is not None
    assert report.lower <= report.upper
    assert "time limit" in str(stopped.value)
    small = Kalaha(pits=3, seeds=2)
    assert Solver(small).value(small.start(), time_limit=30) == Solver(small).value(small.start())


@pytest.mark.parametrize("limit", [0, -1, "1", True, float("nan")])
def test_a_time_limit_is_a_positive_number(limit: object) -> None:
    game = Kalaha(pits=3, seeds=2)
    with pytest.raises(ConfigError, match="time_limit must be a positive number"):
        Solver(game).solve(game.start(), time_limit=limit)  # type: ignore[arg-type]
