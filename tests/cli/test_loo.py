"""Loo in the terminal: the table, cards with suit symbols and Pam, bad input, undo, save, load, replay, and secrecy."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import attrs

from tablegames import Match
from tablegames.cli.rounds import round_summary
from tablegames.loo import DECK, PAM, Loo
from tablegames.loo.events import RoundEnded
from tests.cli.support import flat, run, shown_outside_events

if TYPE_CHECKING:
    from pathlib import Path

THREE = ["play", "loo", "--players", "3", "--bots", "random", "-o", "rounds=1"]


def test_a_whole_game_typed_by_number() -> None:
    """Staying in and playing the first legal card each time finishes the game with the balances."""
    result = run([*THREE[:-1], "rounds=2", "--seed", "3"], "1\n" * 3 + "\n1\n" * 30)
    assert result.code == 0
    assert "round 2 ends" in result.out
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
    assert (
        "the tricks have not begun: Qs cannot be played until everyone has decided to stay in or drop; "
        "legal: play, drop" in flat(result.out)
    )
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
    assert f"the saved game goes on from where it was left, {len(saved.plies)} moves in" in loaded.out

    replay = run(["replay", str(record), "--step"], "\n" * 30)
    assert replay.code == 0
    assert replay.out.count("Enter: next ply") == len(saved.plies) - 1
    assert "your hand" not in replay.out, "a spectator sees no hand"
    as_seat = run(["replay", str(record), "--seat", "0"])
    assert "your hand" in as_seat.out
    assert ": play\n" in as_seat.out, "seat 0's own decisions are shown to seat 0"


ROUNDS2 = ["play", "loo", "--players", "3", "--bots", "random", "-o", "rounds=2", "--seed", "3"]


def test_the_end_of_a_round_is_summed_up_and_waits_for_enter() -> None:
    """A finished round is summed up from its round_ended event and waits; text typed there is not swallowed."""
    result = run(ROUNDS2, "1\n" * 3 + "x\n\n" + "1\n" * 8)
    summary = result.out.split("round 1 of 2 is over\n", 1)[1]
    assert summary.startswith("  seat 0 won 3 tricks and 2 chips, seat 2 won 2 tricks and 1 chip\n")
    standing = "  seat 0 has 1 chip, seat 1 has -1 chips and seat 2 has 0 chips\n  seat 0 is ahead, 1 round to go"
    assert f"{standing}\npress Enter for the next round x\n" in summary
    assert "the round is over ('x' was not played): press Enter, or quit" in summary
    assert summary.index("press Enter for the next round \n") < summary.index("round 2: seat 1 deals")
    assert "round 2 of 2 is over" in result.out
    assert result.out.count("press Enter for the next round") == 2, "the last round's summary does not wait"


def test_the_table_says_who_leads_who_is_yet_to_decide_and_what_p0_is_once() -> None:
    """Undecided seats are yet to decide, the trick names its leader, and P0 is explained the first time only."""
    result = run(ROUNDS2, "1\n" * 3 + "\n" + "1\n" * 8)
    assert "seat 0 (you)       -1    yet to decide" in result.out
    assert "trick 3: seat 0 (you) to lead" in result.out
    assert "trick 1: seat 2 led · seat 2: 8♥" in result.out
    note = "(P0 is the pot as the first trick began; each trick pays a fifth of it)"
    assert result.out.count(note) == 1
    assert "pot 1 · P0 3 " + note in result.out


def test_replay_step_sums_up_rounds_and_steps_back(tmp_path: Path) -> None:
    """With --step, replay shows a round's summary after its end, and 'b' goes back a ply, drawing that table."""
    record = tmp_path / "loo.json"
    run(ROUNDS2, "1\n" * 3 + "\n" + "1\n" * 3 + f"save {record}\nquit\n")  # saved at the game's end
    plies = len(Match.from_record(json.loads(record.read_text())).plies)
    replay = run(["replay", str(record), "--step"], "\nb\nb\nb\n" + "\n" * (plies + 5))
    assert replay.code == 0
    assert "round 1 of 2 is over" in replay.out
    assert "back to before ply 2" in replay.out
    assert "back to before ply 1" in replay.out
    assert "this is the start: there is no ply before it" in replay.out
    assert len(re.findall(r"^2\. seat ", replay.out, re.MULTILINE)) == 2, "ply 2 shown again after stepping back"
    straight = run(["replay", str(record)])
    assert "round 1 of 2 is over" in straight.out
    assert f"· {plies} plies" in straight.out


def test_the_last_rounds_summary_sends_the_loo_to_nobody() -> None:
    """After the last round a loo goes to nobody and nothing is carried over; before it, into the next pot."""
    ended = RoundEnded(
        round_number=3, balances=(20, 18, 22), carry=4, tricks=(2, 0, 3), won=(2, 0, 3), looed=(1,), loo=4
    )
    before = "\n".join(round_summary("loo", ended.to_dict(), rounds=6))
    assert "4 chips into the next pot" in before
    assert "4 chips carried over" in before
    last = "\n".join(round_summary("loo", attrs.evolve(ended, last_round=True).to_dict(), rounds=3))
    assert "4 chips to nobody: this was the last round" in last
    assert "next pot" not in last
    assert "carried over" not in last
