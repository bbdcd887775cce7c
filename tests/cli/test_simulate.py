"""``tablegames simulate``: a table or JSON, the same for any number of workers, with progress only on a terminal."""

from __future__ import annotations

import io
import json

from tablegames.cli import main
from tests.cli.support import run

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
