"""``tablegames simulate``: a table or JSON, the same for any number of workers, with progress on stderr."""

from __future__ import annotations

import io
import json
import sys
import time
from typing import TYPE_CHECKING

from tablegames.cli import main, progress
from tests.cli.support import run

if TYPE_CHECKING:
    import pytest

KALAHA = ["simulate", "kalaha", "--pits", "3", "--seeds", "2", "--games", "40", "--seed", "5"]


def test_the_result_table() -> None:
    """Without --json the result is the arena's table: win rates with intervals, and the seat advantage."""
    result = run([*KALAHA, "--bots", "random,random"])
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0].startswith("kalaha (pits=3, seeds=2, empty_capture=true, players=2) · 40 games · seed 5")
    assert "win rate (95%)" in lines[1]
    assert lines[2].startswith("0:random")
    assert lines[3].startswith("1:random")
    assert lines[4].startswith("seat advantage: 0: ")
    assert result.err == "", "no progress bar when stderr is not a terminal"


def test_json_is_valid_and_the_same_for_any_number_of_workers() -> None:
    """--json prints the arena's JSON, identical with one worker and with two for the same seed."""
    one = run([*KALAHA, "--json", "--workers", "1"])
    two = run([*KALAHA, "--json", "--workers", "2"])
    assert one.code == two.code == 0
    assert one.out == two.out
    data = json.loads(one.out)
    assert data["games"] == 40
    assert data["seed"] == 5
    assert data["options"]["pits"] == 3
    assert [stats["bot"] for stats in data["by_bot"]] == ["random"]


def test_card_games_and_their_options() -> None:
    """-o and --players reach the game; the card games simulate too."""
    result = run(["simulate", "loo", "--players", "3", "-o", "rounds=1", "--games", "6", "--seed", "1", "--json"])
    data = json.loads(result.out)
    assert data["options"]["players"] == 3
    assert data["options"]["rounds"] == 1
    assert len(data["by_seat"]) == 3


def test_bot_settings_reach_the_bots() -> None:
    """--setting BOT.NAME=VALUE is passed to that bot; a setting it does not take is an error on one line."""
    result = run([*KALAHA, "--setting", "random.depth=2"])
    assert result.code == 2
    assert result.err == "tablegames: bot 'random' of kalaha has no setting 'depth'; it takes no settings\n"
    malformed = run([*KALAHA, "--setting", "depth=2"])
    assert malformed.code == 2


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_on_a_terminal_only() -> None:
    """A terminal on stderr gets a progress bar; with --json it does not."""
    err = _Terminal()
    out = io.StringIO()
    assert main([*KALAHA], stdout=out, stderr=err) == 0
    assert "40/40" in err.getvalue()
    quiet = _Terminal()
    assert main([*KALAHA, "--json"], stdout=io.StringIO(), stderr=quiet) == 0
    assert quiet.getvalue() == ""


def test_a_long_run_off_a_terminal_says_how_it_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off a terminal (a log, a pipe) progress lines come once the run takes a while: never minutes of silence."""
    monkeypatch.setattr(progress, "FIRST", 0.0)
    monkeypatch.setattr(progress, "EVERY", 0.0)
    result = run(["simulate", "kalaha", "--pits", "3", "--seeds", "2", "--games", "3", "--seed", "5"])
    assert result.code == 0
    assert result.err.splitlines()[-1] == "kalaha: 3 of 3 games done after 0 s"
    assert "kalaha: 1 of 3 games done after 0 s, about 0 s left" in result.err
    assert "\r" not in result.err


def test_progress_lines_keep_time_while_a_game_is_played() -> None:
    """With one worker a line also comes between games, counting the time, so a slow game is not silent."""
    log = io.StringIO()
    status = progress.Status(log, first=0.0, every=0.0, ticker=lambda seconds: f"{seconds:.0f} s so far")
    time.sleep(1.2)
    status.close()
    assert "s so far\n" in log.getvalue()


def test_one_game_is_one_game() -> None:
    """The table says '1 game' and lists the options as play does."""
    result = run(["simulate", "kalaha", "--pits", "3", "--seeds", "2", "--games", "1", "--seed", "5"])
    assert result.out.startswith("kalaha (pits=3, seeds=2, empty_capture=true, players=2) · 1 game · seed 5 · ")


def test_simulate_needs_no_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without rich, simulate runs and prints its plain table."""
    _without_rich(monkeypatch)
    result = run([*KALAHA, "--games", "4"])
    assert (result.code, result.err) == (0, "")
    assert "win rate (95%)" in result.out


def _without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in sys.modules if name == "rich" or name.startswith("rich.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "rich", None)
    for name in [name for name in sys.modules if name.startswith("tablegames.cli.") and name not in _PLAIN]:
        monkeypatch.delitem(sys.modules, name)


#: The modules of the terminal that import no rich.
_PLAIN = ("tablegames.cli.main", "tablegames.cli.simulate", "tablegames.cli.progress", "tablegames.cli.solve")
