"""``tablegames solve`` and ``tablegames analyse``: exact Kalaha values in the terminal (guide/kalaha-solver.md)."""

from __future__ import annotations

import io
import json
import re
import signal
import subprocess
import sys
import time
from typing import TYPE_CHECKING

from tablegames.cli import main
from tablegames.kalaha import Kalaha, solve
from tests.cli.support import run
from tests.cli.test_simulate import _without_rich

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


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
        (json.dumps(Kalaha(pits=4, seeds=3).start().to_dict()), "is a state of Kalaha(pits=4"),
    ]:
        result = run(["analyse", position, "--pits", "3", "--seeds", "3"])
        assert result.code == 2
        assert message in result.err
        assert result.err.count("\n") == 1


def test_ctrl_c_prints_the_bounds_proved_so_far() -> None:
    """Interrupted, a solve of the standard board prints the bounds it had proved, with status 130 and no traceback.

    A large board first gets an estimate by a quick search, on stderr.
    """
    solving = subprocess.Popen(
        [sys.executable, "-m", "tablegames", "solve", "kalaha", "--endgame", "6"],  # a small endgame table: bounds soon
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_interruptible,
    )
    assert solving.stderr is not None
    first = solving.stderr.readline().decode()
    assert first.startswith("a large board (48 seeds in play): solving may take many minutes; Ctrl-C stops it")
    assert solving.stderr.readline().decode().startswith("estimate by a search 8 moves deep (not proved): seat 0 ")
    time.sleep(4)
    solving.send_signal(signal.SIGINT)
    out, err = solving.communicate(timeout=60)
    assert solving.returncode == 130
    assert re.match(
        r"stopped after \d+ s and [\d,]+ positions: seat 0's final margin with perfect play is ", out.decode()
    )
    assert b"Traceback" not in err


def _interruptible() -> None:
    """In the child: Ctrl-C (SIGINT) interrupts, even when the tests run where it is ignored (a background job)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_solve_and_analyse_need_no_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without rich, solve and analyse print their plain answers."""
    _without_rich(monkeypatch)
    solved = run(["solve", "kalaha", "--pits", "3", "--seeds", "3"])
    assert (solved.code, solved.err) == (0, "")
    assert "seat 0 to move; with perfect play: seat 0 wins, 10–8" in solved.out
    analysed = run(["analyse", "a", "--pits", "3", "--seeds", "3"])
    assert analysed.code == 0
    assert "moves: " in analysed.out
    for command in (["play", "kalaha"], ["replay", "game.json"]):
        refused = run(command)
        assert refused.code == 2
        assert refused.err.startswith("tablegames: play and replay draw with rich; install it with: ")


def test_progress_on_a_terminal_is_one_line_rewritten() -> None:
    """On a terminal the solver's progress is a line rewritten in place, erased at the end."""
    err = _Terminal()
    assert main(["solve", "kalaha", "--pits", "4", "--seeds", "3"], stdout=io.StringIO(), stderr=err) == 0
    written = err.getvalue()
    assert written.startswith("\rsolving: ")
    assert "\n" not in written
    assert written.endswith("\r")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True
