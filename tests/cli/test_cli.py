"""The command as a whole: defaults, bots per seat, errors, a missing rich, and a closed output."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from typing import TYPE_CHECKING

import tablegames
from tablegames import Match
from tablegames.cli import main, thinking
from tablegames.cli.main import default_bot, seat_bots
from tablegames.kalo import Card
from tests.cli.support import run, shown_outside_events

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


def test_the_default_bot_is_heuristic_where_the_game_has_one() -> None:
    """Without --bots the other seats get 'heuristic' if the game offers it, else 'random'."""
    for name in tablegames.names():
        game = tablegames.load(name)
        assert default_bot(game) == ("heuristic" if "heuristic" in game.bots() else "random")
    result = run(["play", "kalaha", "--seed", "1"], "quit\n")
    assert f"seat 1: {default_bot(tablegames.load('kalaha'))} bot" in result.out


def test_bots_are_seated_in_order_and_repeated() -> None:
    """--bots fills the other seats in seat order, starting again when the list runs out."""
    assert seat_bots(4, 2, ["a", "b"]) == {0: "a", 1: "b", 3: "a"}
    result = run(["play", "loo", "--players", "4", "--seat", "2", "--bots", "random,random", "--seed", "1"], "quit\n")
    assert "you are seat 2 · seat 0: random bot · seat 1: random bot · seat 3: random bot" in result.out


def test_players_sets_the_number_of_seats() -> None:
    """--players N sets the game's players option."""
    result = run(["play", "kalo", "--players", "5", "--bots", "random", "--seed", "1"], "quit\n")
    assert "kalo (players=5," in result.out
    assert "seat 4: random bot" in result.out


def test_errors_are_one_line_on_stderr_with_status_2(tmp_path: Path) -> None:
    """Bad options, seats, bots and files are reported in one line on stderr, with exit status 2."""
    cases = {
        ("play", "kalaha", "-o", "pits=0"): "tablegames: pits must be an integer from 1 to 26, got 0\n",
        ("play", "kalaha", "--seat", "5"): "tablegames: --seat must be 0 to 1 in kalaha with 2 players\n",
        ("play", "chess"): "tablegames: no game named 'chess'; the games are: kalaha, kalo, loo\n",
        ("play", "kalaha", "--players", "3"): None,
        ("play", "kalaha", "--bots", "oracle"): None,
        ("replay", str(tmp_path / "missing.json")): None,
    }
    for argv, message in cases.items():
        result = run(list(argv))
        assert result.code == 2, argv
        assert result.out == ""
        assert result.err.startswith("tablegames: ")
        assert result.err.count("\n") == 1
        if message is not None:
            assert result.err == message


def test_unreadable_and_mismatched_records(tmp_path: Path) -> None:
    """A record that is not JSON, that --load cannot use, or replayed as a seat it lacks, is one line of error."""
    binary = tmp_path / "record.bin"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert run(["replay", str(binary)]).code == 2
    record = tmp_path / "kalaha.json"
    record.write_text(json.dumps(Match(tablegames.load("kalaha"), seed=1).to_record()))
    seat = run(["replay", str(record), "--seat", "5"])
    assert (seat.code, seat.err) == (2, "tablegames: --seat must be 0 to 1 in kalaha with 2 players\n")
    wrong = run(["play", "loo", "--load", str(record)])
    assert wrong.err == f"tablegames: {record} holds a game of kalaha, not of loo\n"
    seeded = run(["play", "--load", str(record), "--seed", "3"])
    assert seeded.err.startswith("tablegames: --load continues the record's game")


def test_an_unwritable_save_is_reported_and_play_goes_on(tmp_path: Path) -> None:
    """A save that fails says why; the game waits for the next input."""
    result = run(
        ["play", "kalaha", "--bots", "random", "--seed", "1"], f"save {tmp_path}/no/such/dir.json\nsave\nquit\n"
    )
    assert "could not save to" in result.out
    assert "save needs a file name: save FILE" in result.out
    assert result.out.rstrip().endswith("bye")


def test_help_lists_the_commands() -> None:
    """The help command lists undo, save, help and quit."""
    result = run(["play", "kalaha", "--bots", "random", "--seed", "1"], "help\nquit\n")
    for command in ("undo", "save FILE", "help", "quit"):
        assert f"\n  {command}" in result.out


def test_without_rich_the_command_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """If rich cannot be imported, one line says to install the cli extra, and the status is 2."""
    monkeypatch.setitem(sys.modules, "rich", None)
    result = run(["play", "kalaha"])
    assert result.code == 2
    assert result.err.count("\n") == 1
    assert "'.[cli]'" in result.err
    assert result.out == ""


class _ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError


def test_a_closed_output_stops_quietly(tmp_path: Path) -> None:
    """When the reader of the output goes away (| head), the command stops with status 1 and no traceback."""
    record = tmp_path / "game.json"
    record.write_text(json.dumps(Match(tablegames.load("kalaha"), seed=1).to_record()))
    err = io.StringIO()
    assert main(["replay", str(record)], stdout=_ClosedPipe(), stderr=err) == 1
    assert err.getvalue() == ""
    assert main(["simulate", "kalaha", "--games", "2", "--seed", "1"], stdout=_ClosedPipe(), stderr=err) == 1
    assert err.getvalue() == ""


def test_piping_into_head_prints_no_traceback(tmp_path: Path) -> None:
    """``tablegames replay FILE | head -1`` prints one line, nothing on stderr, and exits with status 1."""
    match = Match(tablegames.load("kalo", players=6), seed=1)
    rng = random.Random(1)
    while not match.state.is_over:  # some 1,500 plies: more output than a pipe holds
        match.play(rng.choice(match.state.legal_actions()))
    record = tmp_path / "long.json"
    record.write_text(json.dumps(match.to_record()))
    replay = subprocess.Popen(
        [sys.executable, "-m", "tablegames", "replay", str(record)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert replay.stdout is not None
    if sys.platform == "linux":  # a small pipe, so that the replay surely meets the closed end
        import fcntl

        fcntl.fcntl(replay.stdout.fileno(), fcntl.F_SETPIPE_SZ, 4096)
    assert replay.stdout.readline().startswith(b"kalo")
    replay.stdout.close()
    _, err = replay.communicate(timeout=60)
    assert err == b""
    assert replay.returncode == 1


def test_the_secrecy_check_catches_a_card_shown_unannounced() -> None:
    """The tests' own check flags a hidden card drawn outside an event, and lets one announced by an event pass."""
    queen = Card.parse("Qh")
    assert shown_outside_events("  · seat 1 plays Q♥\nseat 1: Q♥\n", [queen]) == []
    assert shown_outside_events("seat 1: 9♣ Q♥\n  · seat 1 plays Q♥\n", [queen]) == ["Qh: 'seat 1: 9♣ Q♥'"]
    assert shown_outside_events("seat 1: 10♥ Qhx\n", [queen]) == []


class _Screen(io.StringIO):
    """Output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_thinking_bot_shows_a_spinner_with_its_name_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal a bot that takes more than a moment shows a spinner naming it; off a terminal nothing is drawn."""
    monkeypatch.setattr(thinking, "MOMENT", 0.0)
    argv = ["play", "kalaha", "--bots", "search", "--setting", "search.depth=8", "--seed", "1"]
    screen = _Screen()
    assert main(argv, stdin=io.StringIO("a\nquit\n"), stdout=screen, stderr=io.StringIO()) == 0
    assert "seat 1: the search bot is thinking" in screen.getvalue()
    assert "is thinking" not in run(argv, "a\nquit\n").out
