"""Loo in the terminal: the table, cards with suit symbols and Pam, bad input, undo, save, load, replay, and secrecy."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from tablegames import Match
from tablegames.loo import DECK, PAM, Loo
from tests.cli.support import run, shown_outside_events

if TYPE_CHECKING:
    from pathlib import Path

THREE = ["play", "loo", "--players", "3", "--bots", "random", "-o", "rounds=1"]


def test_a_whole_game_typed_by_number() -> None:
    """Staying in and playing the first legal card each time finishes the game with the balances."""
    result = run([*THREE[:-1], "rounds=2", "--seed", "3"], "1\n" * 30)
    assert result.code == 0
    assert "round 2 ends; balances" in result.out
    assert "game over: " in result.out


def test_the_table_shows_hand_trump_pot_and_decisions() -> None:
    """The player's hand is drawn with suit symbols, beside the trump, the pot, balances and decisions."""
    result = run([*THREE, "--seed", "6"], "1\nquit\n")
    hand = Loo(players=3, rounds=1).start(seed=6).view(0).hand
    drawn = " ".join(str(card)[:-1] + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[card.suit] for card in hand)
    assert f"your hand: {drawn}" in result.out
    assert "trump: " in result.out
    assert "pot 3" in result.out
    assert "seat 0 (you)" in result.out
    assert "1. play  stay in and play    2. drop  drop out" in result.out


def test_pam_is_marked() -> None:
    """Pam, the club jack, is drawn as J♣ and named."""
    seed = next(seed for seed in range(100) if Loo(players=3).start(seed=seed).view(0).hand.count(PAM))
    result = run(["play", "loo", "--players", "3", "--bots", "random", "--seed", str(seed)], "quit\n")
    assert "J♣ (Pam)" in result.out


def test_bad_input_is_explained_and_asked_again() -> None:
    """An unknown word and a card played before deciding are answered with why and what is legal."""
    result = run([*THREE, "--seed", "6"], "hello\nQs\n2\nquit\n")
    assert "'hello' is not a Loo action" in result.out
    assert "legal: 1. play | 2. drop" in result.out
    assert "seat 0 must first decide to play or drop, not Qs; legal: play, drop" in result.out
    assert "  · seat 0 drops" in result.out


def test_the_hands_of_others_are_never_shown() -> None:
    """No card of another seat's hand appears before an event (as seat 0 may see it) says it was played."""
    seed = 6
    state = Loo(players=3, rounds=1).start(seed=seed)
    hidden = [card for seat in (1, 2) for card in state.hands[seat]]
    result = run([*THREE, "--seed", str(seed)], "1\n" * 10)
    assert "game over: " in result.out
    assert shown_outside_events(result.out, hidden) == []
    played = [card for card in hidden if f"plays {str(card)[:-1]}" in result.out]
    assert played, "the bots played cards, and those plays were announced"


def test_the_stock_and_the_miss_stay_hidden() -> None:
    """Cards nobody holds or took (the stock, an untaken Miss) never appear, but for the turned-up card."""
    seed = 6
    state = Loo(players=3, rounds=1, miss=True).start(seed=seed)
    held = {card for hand in state.hands for card in hand} | {state.turned}
    result = run([*THREE, "-o", "miss=true", "--seed", str(seed)], "drop\n")
    assert shown_outside_events(result.out, [card for card in DECK if card not in held]) == []


def test_undo_save_load_and_replay(tmp_path: Path) -> None:
    """Undo returns to the decision, save writes a record that --load continues and replay --step walks through."""
    record = tmp_path / "loo.json"
    typed = f"1\nundo\n1\n1\nsave {record}\nquit\n"
    result = run([*THREE, "--seed", "6"], typed)
    assert "took back your decision play" in result.out
    saved = Match.from_record(json.loads(record.read_text()))
    assert next(str(action) for seat, action in saved.history if seat == 0) == "play"

    loaded = run(["play", "--load", str(record), "--bots", "random"], "1\nquit\n")
    assert loaded.code == 0
    assert f"seat 0 · decision {len(saved.plies) + 1}" in loaded.out

    replay = run(["replay", str(record), "--step"], "\n" * 30)
    assert replay.code == 0
    assert replay.out.count("Enter: next ply") == len(saved.plies) - 1
    assert "your hand" not in replay.out, "a spectator sees no hand"
    as_seat = run(["replay", str(record), "--seat", "0"])
    assert "your hand" in as_seat.out
    assert ": play\n" in as_seat.out, "seat 0's own decisions are shown to seat 0"
