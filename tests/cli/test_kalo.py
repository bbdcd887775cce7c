"""Kalo in the terminal: numbered slots, other hands face down, effects, bad input, undo, save, load and replay."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from tablegames import Match
from tablegames.kalo import KALO, Kalo
from tests.cli.support import run, shown_outside_events

if TYPE_CHECKING:
    from pathlib import Path

THREE = ["play", "kalo", "--players", "3", "--bots", "random", "--seed", "2"]


def test_the_hand_is_numbered_and_the_others_face_down() -> None:
    """The player's slots are numbered with their cards drawn; other hands show only their size."""
    result = run(THREE, "quit\n")
    hand = Kalo(players=3).start(seed=2).view(0).hands[0]
    assert "seat 0 holds the Kalo (2♥) · phase: arrange" in result.out
    assert "       0    1    2    3    4" in result.out
    assert "      4♥   9♥   9♣   8♠   J♥   3♦" in result.out
    assert "  seat 1: 17 cards\n" + "      ??" + "   ??" * 16 + "\n" in result.out
    assert len(hand) == 17
    assert "1. arrange 0  move 4♥ next" in result.out
    assert "18. ready  done arranging" in result.out


def test_a_few_moves_with_bad_input_undo_and_save(tmp_path: Path) -> None:
    """Unknown words and illegal decisions are explained; numbers, notation, undo and save all work."""
    record = tmp_path / "kalo.json"
    typed = f"bogus\narrange 40\n2\nready\n1\nundo\n2S\nsave {record}\nquit\n"
    result = run(THREE, typed)
    assert result.code == 0
    assert "'bogus' is not a Kalo action" in result.out
    assert "arrange 40 is not a legal decision for seat 0 now; legal: arrange 0, arrange 1," in result.out
    assert "  · seat 0 moves the card at slot 1 to slot 0" in result.out
    assert "took back your decision 2s" in result.out
    assert "  · seat 0 plays 2♠" in result.out
    saved = Match.from_record(json.loads(record.read_text()))
    assert [str(action) for seat, action in saved.history if seat == 0] == ["arrange 1", "ready", "2s"]

    loaded = run(["play", "--load", str(record), "--bots", "random"], "quit\n")
    assert loaded.code == 0
    assert f"seat 0 · decision {len(saved.plies) + 1}" in loaded.out

    replay = run(["replay", str(record), "--step"], "\n" * 40)
    assert replay.code == 0
    assert replay.out.count("Enter: next ply") == len(saved.plies) - 1
    assert "seat 0 moves the card" not in replay.out, "a spectator does not see arranging"
    assert "  · seat 0 plays 2♠" in replay.out


def test_suit_symbols_are_read_as_notation() -> None:
    """A play typed with suit symbols (2♠) is read like its notation (2s)."""
    result = run(THREE, "ready\n2♠\nquit\n")
    assert "  · seat 0 plays 2♠" in result.out


def test_the_hands_of_others_are_never_shown() -> None:
    """In the first round no card of another hand appears before an event or effect shows it to seat 0."""
    state = Kalo(players=3).start(seed=2)
    hidden = [slot.card for seat in (1, 2) for slot in state.hands[seat] if slot.card not in (None, KALO)]
    result = run(THREE, "ready\n" + "1\n" * 30)
    first_round = result.out.split("round 2:")[0]
    assert "  · seat 1 plays" in first_round
    assert shown_outside_events(first_round, hidden) == []
