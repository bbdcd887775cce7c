"""The terminal frontend: play against bots, undo, save, load and replay."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

from tablegames import Match
from tablegames.cli import main

if TYPE_CHECKING:
    from pathlib import Path


def run(argv: list[str], typed: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(typed), stdout=out)
    return code, out.getvalue()


def test_play_a_whole_game_against_a_bot() -> None:
    """Typing the first legal pit every time finishes the game and shows the result."""
    typed = "".join(f"{letter}\n" for letter in "abcdef" * 40)
    code, out = run(["play", "kalaha", "--seed", "1"], typed)
    assert code == 0
    assert "game over" in out
    assert "seat 1 sows" in out


def test_bad_input_is_explained_and_asked_again() -> None:
    """Unknown notation and illegal pits are explained; the game waits for a legal move."""
    code, out = run(["play", "kalaha", "--seed", "1"], "z\nc\nc\nquit\n")
    assert code == 0
    assert "'z' is not a pit; the pits are the letters a to f" in out
    assert "c is not legal now; legal: a b d e f" in out
    assert out.rstrip().endswith("bye")


def test_undo_returns_to_the_players_turn() -> None:
    """Undo takes back the player's move and the bot's replies."""
    code, out = run(["play", "kalaha", "--seed", "2", "-o", "pits=3"], "a\nundo\nquit\n")
    assert code == 0
    boards = [part for part in out.split("seat 0> ") if "to move" in part]
    assert len(boards) == 3
    assert boards[0] == boards[2] != boards[1]


def test_save_load_and_replay(tmp_path: Path) -> None:
    """Save writes a record that --load continues and replay prints move by move."""
    record = tmp_path / "game.json"
    code, _ = run(["play", "kalaha", "--seed", "4"], f"c\nsave {record}\nquit\n")
    assert code == 0
    saved = Match.from_record(json.loads(record.read_text()))
    assert next(str(action) for _, action in saved.history) == "c"
    code, out = run(["play", "--load", str(record)], "quit\n")
    assert code == 0
    assert "seat 0 to move" in out
    code, out = run(["replay", str(record)])
    assert code == 0
    assert out.startswith("1. seat 0: c\n   seat 0 sows 4 seeds from pit c\n")


def test_bots_decisions_are_shown_only_through_events() -> None:
    """In a card game a bot's decision may name a card the player may not see: only events are shown."""
    code, out = run(["play", "kalo", "--seed", "3"], "ready\nquit\n")
    assert code == 0
    assert "seat 1 plays arrange" not in out
    assert "you: ready" in out
    assert "seat 1 is ready" in out


def test_kalaha_flags() -> None:
    """--pits, --seeds and --no-empty-capture set the game's options."""
    code, out = run(["play", "kalaha", "--pits", "3", "--seeds", "2", "--no-empty-capture", "--seed", "1"], "quit\n")
    assert code == 0
    assert "seat 0 to move: a b c\n" in out
    assert "[ 2][ 2][ 2]" in out


def test_unwritable_save_is_reported_and_play_goes_on(tmp_path: Path) -> None:
    """A save that fails says why; the game waits for the next input."""
    code, out = run(["play", "kalaha", "--seed", "1"], f"save {tmp_path}/missing/dir/game.json\nquit\n")
    assert code == 0
    assert "could not save to" in out
    assert out.rstrip().endswith("bye")


def test_errors_exit_with_code_2() -> None:
    """Bad options, seats and files are reported in one line with exit code 2."""
    assert run(["play", "kalaha", "-o", "pits=0"]) == (2, "tablegames: pits must be an integer from 1 to 26, got 0\n")
    assert run(["play", "kalaha", "--seat", "5"]) == (2, "tablegames: seat must be 0 to 1 or None, got 5\n")
    code, out = run(["replay", "/nonexistent/record.json"])
    assert code == 2
    assert out.startswith("tablegames: ")


def test_unreadable_record_files_exit_with_code_2(tmp_path: Path) -> None:
    """A record that is not JSON text is reported in one line, not as a traceback."""
    binary = tmp_path / "record.bin"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    code, out = run(["replay", str(binary)])
    assert code == 2
    assert out.startswith("tablegames: ")
    assert out.count("\n") == 1


def test_playing_the_second_seat() -> None:
    """With --seat 1 the bot opens and the board is drawn from seat 1's side."""
    code, out = run(["play", "kalaha", "--seed", "1", "--seat", "1"], "quit\n")
    assert code == 0
    assert out.startswith("  seat 0 sows")
    assert "seat 1 to move" in out


def test_play_loo_to_the_end_by_dropping() -> None:
    """Loo in the terminal: a player who always drops sees the bots' decisions and tricks and the final balances."""
    code, out = run(["play", "loo", "--seed", "5", "-o", "rounds=2", "-o", "players=3"], "drop\n" * 4 + "quit\n")
    assert code == 0
    assert "you: drop" in out
    assert "game over" in out
    assert "is dealt five cards" in out, "other seats' hands are not shown"
