"""Decisions a person has no choice in are made for them (--auto-forced, on by default) and shown in their news."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.kalaha import Kalaha
from tests.cli.support import record_of, run

if TYPE_CHECKING:
    from pathlib import Path


def _one_move(tmp_path: Path) -> Path:
    """Kalaha where seat 0's only pit with seeds is c, and seat 1 has moves."""
    state = Kalaha(pits=3, seeds=2).position(rows=((0, 0, 1), (2, 2, 1)), stores=(3, 3), to_move=0)
    return record_of(state, tmp_path / "forced.json")


def test_a_forced_decision_is_made_and_shown(tmp_path: Path) -> None:
    """With only pit c to sow, the move is made for seat 0 and its next news says so."""
    result = run(["play", "--load", str(_one_move(tmp_path)), "--bots", "random"], "quit\n")
    assert "  · your only choice, c, was made for you:\n  · seat 0 sows 1 seed from pit c" in result.out
    assert "seat 0's turn" not in result.out, "seat 0 was not asked"


def test_no_auto_forced_asks_anyway(tmp_path: Path) -> None:
    """--no-auto-forced asks the person even when there is one decision."""
    result = run(["play", "--load", str(_one_move(tmp_path)), "--bots", "random", "--no-auto-forced"], "1\nquit\n")
    assert "seat 0's turn" in result.out
    assert "  1. c  1 seed" in result.out
    assert "your only choice" not in result.out


def test_undo_goes_back_past_forced_decisions_to_the_last_one_typed(tmp_path: Path) -> None:
    """Undo takes back a person's last typed decision with everything after it, the forced decisions included."""
    state = Kalaha(pits=3, seeds=2).position(rows=((2, 0, 1), (0, 1, 2)), stores=(3, 3), to_move=0)
    record = record_of(state, tmp_path / "undo.json")
    result = run(["play", "--load", str(record), "--bots", "random"], "c\nundo\nquit\n")
    assert "your only choice" in result.out, "c leads on to a forced move before seat 0 is asked again"
    assert "took back your decision c and " in result.out
    turns = [part.split("seat 0>")[0] for part in result.out.split("seat 0's turn")[1:]]
    board = turns[0].split("\n", 1)[1]
    assert turns[-1].split("\n", 1)[1] == board, "back at the first board"
