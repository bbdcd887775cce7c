"""Kalaha in the terminal: the board, numbered and lettered moves, bad input, undo, save, load and replay."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from tablegames import Match
from tests.cli.support import run

if TYPE_CHECKING:
    from pathlib import Path

SMALL = ["--bots", "random", "--pits", "3", "--seeds", "2"]


def test_a_whole_game_typed_by_number() -> None:
    """Typing the first decision's number every time plays the game to its end and shows the result."""
    result = run(["play", "kalaha", "--seed", "3", *SMALL], "1\n" * 40)
    assert result.code == 0
    assert "game over: " in result.out
    assert "the game ends" in result.out
    assert result.err == ""


def test_the_board_and_the_numbered_moves() -> None:
    """The board is drawn from the player's side, and each move is offered by number and by letter."""
    result = run(["play", "kalaha", "--seed", "1", *SMALL], "quit\n")
    assert "[ 2][ 2][ 2]    seat 0 (you)" in result.out
    assert "1. a  2 seeds    2. b  2 seeds    3. c  2 seeds" in result.out
    assert result.out.rstrip().endswith("bye")


def test_bad_input_is_explained_and_asked_again() -> None:
    """An unknown word, a number out of range and an empty pit are each answered with why and what is legal."""
    typed = "zz\n9\na\na\nb\nquit\n"
    result = run(["play", "kalaha", "--seed", "1", "--bots", "random", "--pits", "3", "--seeds", "1"], typed)
    assert result.code == 0
    assert "'zz' is not a pit; the pits are the letters a to c" in result.out
    assert "there is no decision 9: choose 1 to 3\nlegal: 1. a | 2. b | 3. c" in result.out
    assert "pit a is empty; legal: b, c" in result.out
    assert "seat 0 sows 2 seeds from pit b" in result.out


def test_a_move_typed_ahead_that_the_rules_refuse_is_not_played_and_says_why() -> None:
    """``c, c``: the first c earns another move; the second is refused in the rules' words, without the legal list."""
    tiny = ["--bots", "random", "--pits", "3", "--seeds", "1"]
    result = run(["play", "kalaha", "--seed", "1", *tiny], "c, c\nquit\nquit\n")
    assert result.code == 0
    assert "seat 0 sows 1 seed from pit c" in result.out
    assert "'c' was not played: pit c is empty\n" in result.out


def test_undo_takes_back_the_move_and_the_bots_replies() -> None:
    """After undo the player is back at the same board, and the next move starts from there."""
    result = run(["play", "kalaha", "--seed", "2", *SMALL], "a\nundo\nquit\n")
    assert "took back your decision a and" in result.out
    turns = [part.split("seat 0>")[0] for part in result.out.split("seat 0's turn")[1:]]
    assert len(turns) == 3
    board = turns[0].split("\n", 1)[1]
    assert turns[2].split("\n", 1)[1] == board != turns[1].split("\n", 1)[1]


def test_undo_before_any_move_is_refused() -> None:
    """With nothing of the player's to take back, undo says so and the game waits."""
    result = run(["play", "kalaha", "--seed", "2", *SMALL], "undo\nquit\n")
    assert "nothing of yours to undo" in result.out


def test_save_load_and_replay(tmp_path: Path) -> None:
    """The save command writes a record; play --load continues it and replay --step walks through it ply by ply."""
    record = tmp_path / "game.json"
    result = run(["play", "kalaha", "--seed", "4", *SMALL], f"c\nb\nsave {record}\nquit\n")
    assert f"saved to {record}" in result.out
    saved = Match.from_record(json.loads(record.read_text()))
    assert [str(action) for seat, action in saved.history if seat == 0] == ["c", "b"]

    loaded = run(["play", "--load", str(record), "--bots", "random"], "quit\n")
    assert loaded.code == 0
    assert f"the saved game goes on from where it was left, {len(saved.plies)} moves in" in loaded.out

    replay = run(["replay", str(record), "--step"], "\n" * 20)
    assert replay.code == 0
    assert "1. seat 0\n  · seat 0 sows 2 seeds from pit c\n" in replay.out
    assert replay.out.count("Enter: next ply") == len(saved.plies) - 1
    quick = run(["replay", str(record)])
    assert "Enter" not in quick.out
    assert quick.out.count("seat 0 sows") == 2


def test_replay_step_stops_on_q(tmp_path: Path) -> None:
    """Typing q at the replay's prompt stops before the next ply."""
    record = tmp_path / "game.json"
    run(["play", "kalaha", "--seed", "4", *SMALL], f"c\nb\nsave {record}\nquit\n")
    replay = run(["replay", str(record), "--step"], "q\n")
    assert "2. seat" not in replay.out


def test_kalaha_flags_set_the_options() -> None:
    """--pits, --seeds and --no-empty-capture set the game's options, as -o does."""
    flags = run(["play", "kalaha", "--pits", "4", "--seeds", "3", "--no-empty-capture", "--seed", "1"], "quit\n")
    assert "kalaha (pits=4, seeds=3, empty_capture=false, players=2)" in flags.out
    options = run(["play", "kalaha", "-o", "pits=4", "-o", "seeds=3", "-o", "empty_capture=false"], "quit\n")
    assert "kalaha (pits=4, seeds=3, empty_capture=false, players=2)" in options.out


def test_playing_the_second_seat() -> None:
    """With --seat 1 the bot opens, and the board is drawn from seat 1's side."""
    result = run(["play", "kalaha", "--seed", "1", "--seat", "1", *SMALL], "quit\n")
    first_turn = result.out.split("seat 1's turn")[1]
    assert "  · seat 0 sows" in first_turn
    assert "seat 1 (you)" in first_turn


def test_game_over_offers_save_and_undo(tmp_path: Path) -> None:
    """After the end the player may still save the record or take back the last move."""
    record = tmp_path / "done.json"
    moves = run(["play", "kalaha", "--seed", "3", *SMALL], "1\n" * 40).out.count("seat 0> 1")
    result = run(["play", "kalaha", "--seed", "3", *SMALL], "1\n" * moves + f"save {record}\nundo\nquit\n")
    assert result.out.count("game over: ") == 1
    assert "took back your decision" in result.out.split("game over: ")[1]
    assert Match.from_record(json.loads(record.read_text())).state.is_over
