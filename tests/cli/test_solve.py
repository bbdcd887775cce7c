"""``tablegames solve`` and ``tablegames analyse``: exact Kalaha values in the terminal (guide/kalaha-solver.md)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from tablegames.kalaha import Kalaha, solve
from tests.cli.support import run

if TYPE_CHECKING:
    from pathlib import Path


def test_solve_prints_the_value_each_opening_and_a_line() -> None:
    """Kalah(3,3) is a win by 2 for the first player; every opening move is valued (rules/kalaha.md#small-boards)."""
    result = run(["solve", "kalaha", "--pits", "3", "--seeds", "3"])
    assert result.code == 0
    assert "seat 0 to move; with perfect play: seat 0 wins, 10–8 (margin +2 for seat 0)" in result.out
    assert "moves: a +2  b +2  c -6" in result.out
    assert "line: a " in result.out  # a best move first; the line is one perfect game


def test_solve_takes_the_capture_rule_and_prints_json() -> None:
    """--no-empty-capture solves the other rule; --json gives the same solution as the library."""
    result = run(["solve", "kalaha", "--pits", "3", "--seeds", "2", "--no-empty-capture", "--json"])
    assert result.code == 0
    data = json.loads(result.out)
    expected = solve(Kalaha(pits=3, seeds=2, empty_capture=False).start())
    assert data["value"] == expected.value
    assert data["moves"] == {str(move): value for move, value in expected.moves.items()}
    assert data["position"]["options"]["empty_capture"] is False


def test_analyse_reads_moves_or_a_saved_state(tmp_path: Path) -> None:
    """A position given as moves from the start and the same position saved as JSON give one answer."""
    game = Kalaha(pits=3, seeds=3)
    state = game.start().apply(game.start().parse_action("a"))
    by_moves = run(["analyse", "a", "--pits", "3", "--seeds", "3", "--json"])
    saved = tmp_path / "position.json"
    saved.write_text(json.dumps(state.to_dict()))
    by_file = run(["analyse", str(saved), "--pits", "3", "--seeds", "3", "--json"])
    inline = run(["analyse", json.dumps(state.to_dict()), "--pits", "3", "--seeds", "3", "--json"])
    assert by_moves.code == by_file.code == inline.code == 0
    answers = [json.loads(each.out) for each in (by_moves, by_file, inline)]
    for answer in answers:
        del answer["seconds"]
    assert answers[0] == answers[1] == answers[2]
    assert answers[0]["value"] == solve(state).value


def test_bad_positions_are_one_line_errors() -> None:
    """An illegal move, bad JSON or a state of another board is refused with a one-line error."""
    for position, message in [
        ("z", "'z' is not a pit"),
        ("{not json", "the position must be JSON text"),
        (json.dumps(Kalaha(pits=4, seeds=3).start().to_dict()), "not a state of"),
    ]:
        result = run(["analyse", position, "--pits", "3", "--seeds", "3"])
        assert result.code == 2
        assert message in result.err
        assert result.err.count("\n") == 1
