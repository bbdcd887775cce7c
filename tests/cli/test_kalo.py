"""Kalo in the terminal: numbered slots, other hands face down, effects, bad input, undo, save, load and replay."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from tablegames import Match
from tablegames.cli.rounds import events_of_round
from tablegames.cli.whereabouts import kalo_whereabouts
from tablegames.kalo import DECK, KALO, Kalo, KaloState
from tests.cli.support import SYMBOLS, flat, record_of, run, screens, segments, shown_outside_events

if TYPE_CHECKING:
    from pathlib import Path

THREE = ["play", "kalo", "--players", "3", "--bots", "random", "--seed", "2"]


def test_the_hand_is_numbered_and_the_others_face_down() -> None:
    """The player's slots are numbered with their cards drawn; other hands show only their size."""
    result = run(THREE, "\nquit\n")
    hand = Kalo(players=3).start(seed=2).view(0).hands[0]
    assert "arrange K puts the card at slot K next (K from 0 to 16)" in flat(result.out)
    assert result.out.count("1. arrange 0") == 1, "the numbered list is shown on Enter, not at first"
    assert "Kalo · round 1 · everyone arranges their hand (the game ends at 15 points)" in result.out
    assert "the Kalo (2♥): you were dealt it; it is in your hand, slot 12\n" in result.out
    assert "       0    1    2    3    4" in result.out
    assert "      4♥   9♥   9♣   8♠   J♥   3♦" in result.out
    assert "  seat 1: 17 cards · 0 points\n" + "      ??" + "   ??" * 16 + "\n" in result.out
    assert len(hand) == 17
    assert "1. arrange 0  move 4♥ next" in result.out
    assert "18. ready  done arranging" in result.out


@pytest.mark.parametrize(
    ("rounds", "said"), [("1", "(a game of one round)"), ("3", "(the game ends at 15 points or after round 3)")]
)
def test_the_board_says_how_a_game_of_so_many_rounds_ends(rounds: str, said: str) -> None:
    """With the option rounds the header names the last round, not only the winning total."""
    result = run([*THREE, "-o", f"rounds={rounds}"], "\nquit\n")
    assert f"Kalo · round 1 · everyone arranges their hand {said}" in result.out


def test_a_few_moves_with_bad_input_undo_and_save(tmp_path: Path) -> None:
    """Unknown words and illegal decisions are explained; numbers, notation, undo and save all work."""
    record = tmp_path / "kalo.json"
    typed = f"bogus\narrange 40\n2\nready\n1\nundo\n2S\nsave {record}\nquit\n"
    result = run(THREE, typed)
    assert result.code == 0
    assert "'bogus' is not a Kalo action" in result.out
    assert "arrange 40 is not a legal decision now; legal: arrange 0, arrange 1," in result.out
    assert "  · seat 0 moves the card at slot 1 to slot 0" in result.out
    assert "took back your decision 2s" in result.out
    assert "  · seat 0 plays 2♠" in result.out
    saved = Match.from_record(json.loads(record.read_text()))
    assert [str(action) for seat, action in saved.history if seat == 0] == ["arrange 1", "ready", "2s"]

    loaded = run(["play", "--load", str(record), "--bots", "random"], "quit\n")
    assert loaded.code == 0
    assert f"the saved game goes on from where it was left, {len(saved.plies)} moves in" in loaded.out

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


def _kalo_played(tmp_path: Path) -> Path:
    """A 3-player position where seat 0 holds the Kalo and leads."""
    state = Kalo(players=3).position([["2h", "9c", "10c"], ["4d", "Kd"], ["Qs", "Js"]], leader=0)
    return record_of(state, tmp_path / "kalo.json")


def test_the_header_says_who_was_dealt_the_kalo_and_where_it_is(tmp_path: Path) -> None:
    """Once played, the Kalo is no longer said to be held: who was dealt it, and that it lies in the discard pile."""
    result = run(["play", "--load", str(_kalo_played(tmp_path)), "--bots", "random"], "2h\nquit\n")
    first, second = segments(result.out, "seat 0's turn")[:2]
    assert "the Kalo (2♥): you were dealt it; it is in your hand, slot 0\n" in first
    assert "the Kalo (2♥): you were dealt it; it was played and is in the discard pile" in second
    assert "holds the Kalo" not in result.out
    assert "  · seat 0 wins the trick; 1 card goes to the discard pile" in second


def test_the_kalo_taken_back_with_a_four_is_no_longer_said_to_be_in_the_pile() -> None:
    """A 4 takes an unseen card from the pile: to the others the Kalo may have gone; to the taker it is in its hand."""
    state = Kalo(players=3).position([["2h", "9c"], ["4d", "Kd", "3s"], ["Qs", "Js"]], leader=0)
    match = Match(state.game, state=state)
    for move in ["2h", "9c", "pass", "pass"]:  # seat 0 goes out with 9c; seat 1 leads next
        match.play(move)
    assert match.state.current_player == 1
    match.play("4d")
    match.play("card 2h")
    match.play("insert 0")
    after = match.state
    assert isinstance(after, KaloState)
    others = kalo_whereabouts(after.view(2), events_of_round(match.plies, 2))
    taker = kalo_whereabouts(after.view(1), events_of_round(match.plies, 1))
    assert others == "seat 0 was dealt it; it was played and may since have left the discard pile"
    assert taker == "seat 0 was dealt it; it is in your hand, slot 0"


def test_lines_wrap_between_words_at_the_terminals_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80 and 120 columns no line is longer than the width and no word is cut; a list breaks between its entries."""
    for columns in (80, 120):
        monkeypatch.setenv("COLUMNS", str(columns))
        result = run(THREE, "arrange 40\nready\n" + "1\n" * 12 + "quit\n")
        lines = result.out.splitlines()
        assert max(len(line) for line in lines) <= columns
        assert "arrange 40 is not a legal decision now; legal: arrange 0," in result.out.replace("\n", " ")
        listed = [line for line in lines if "legal: " in line or line.startswith("  arrange")]
        assert len(listed) >= 2, "the list of what is legal takes more than one line"
        assert not [line for line in listed if line.rstrip().endswith(("arrange", "arrang"))], listed
        assert not [line for line in lines if line.rstrip().endswith(("arrang", "car", "discard"))]


def test_arrange_with_two_numbers_says_what_it_takes() -> None:
    """The command arrange takes one slot; the answer says so and offers sort and order."""
    result = run(THREE, "arrange 12 13\nquit\n")
    said = flat(result.out)
    assert "'arrange 12 13' is not a Kalo action: arrange takes one slot number, e.g. 'arrange 3'" in said
    assert "(or a command: sort, order S.., undo, save FILE, help, quit)" in said
    assert "is not a card" not in result.out


def test_sort_arranges_the_hand_by_rank_with_the_kalo_last_and_undo_takes_it_back() -> None:
    """The command sort makes the arrange decisions for the whole hand; undo takes them all back as one."""
    result = run(THREE, "sort\nundo\nquit\n")
    hand = sorted(Kalo(players=3).start(seed=2).hands[0], key=lambda slot: (slot.card is KALO, DECK.index(slot.card)))
    drawn = " ".join(str(slot.card)[:-1] + SYMBOLS[str(slot.card)[-1]] for slot in hand)
    assert f"your hand, arranged: {drawn}" in result.out
    assert drawn.endswith("2♥")
    assert "sorted by rank, the Kalo last; your hand stays in this order from the first lead" in result.out
    assert "took back your decision arrange " in result.out
    assert "(16 decisions)" in result.out
    assert result.out.count("· everyone arranges their hand") == 2, "back at the same decision after undo"


def test_order_puts_the_named_slots_first_and_refuses_bad_slots() -> None:
    """The command order 5 2 9 puts those cards first, in that order, the rest after; a slot twice is refused."""
    hand = [slot.card for slot in Kalo(players=3).start(seed=2).hands[0]]
    result = run(THREE, "order 5 5\norder 99\norder 5 2 9\nquit\n")
    assert result.out.count("order takes different slot numbers of your hand not yet placed (slots 0 to 16)") == 2
    rest = [card for index, card in enumerate(hand) if index not in (5, 2, 9)]
    wanted = [hand[5], hand[2], hand[9], *rest]
    assert "your hand, arranged: " + " ".join(str(card)[:-1] + SYMBOLS[str(card)[-1]] for card in wanted) in result.out
    assert "in the order you gave, the rest after;" in result.out


def test_arranging_every_card_but_the_last_ends_without_ready() -> None:
    """Placing the last card but one finishes arranging, and the terminal says so (rules/kalo.md#arranging)."""
    result = run(THREE, "1\n" * 16 + "quit\n")
    assert "that placed every card but the last, which has one place left: your hand is arranged" in result.out
    assert "seat 0 is ready" in result.out


def test_a_turn_fits_a_terminal_of_40_lines_and_news_shows_what_was_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 40x100 a turn's news is cut so the table, choices and prompt stay on screen; ``news`` shows it whole."""
    six = ["play", "kalo", "--players", "6", "--bots", "random", "--seed", "2"]
    typed = "ready\n" + "news\n1\n" * 4 + "quit\nquit\n"
    monkeypatch.delenv("LINES", raising=False)
    whole = run(six, typed)
    assert max(len(screen) for screen in screens(whole.out)) > 40, "the test needs news longer than the screen"
    assert "not shown here" not in whole.out, "written to a file, nothing is cut"
    monkeypatch.setenv("LINES", "40")
    monkeypatch.setenv("COLUMNS", "100")
    fitted = run(six, typed)
    turns = screens(fitted.out)
    assert len(turns) == 6
    assert [len(screen) for screen in turns if len(screen) > 40] == []
    for screen in turns:  # the table and the choices are all there
        assert any(line.startswith("Kalo · round 1") for line in screen)
        assert "seat 0 (you) to decide" in screen
    cut = next(turn for turn in fitted.out.split("seat 0's turn") if "type news to see them" in flat(turn))
    shown = [line for line in cut.split("seat 0> ")[0].splitlines() if line.startswith("  · seat")]
    news = [line for line in cut.split("seat 0> ")[1].splitlines() if line.startswith("  · seat")]  # typed there
    assert shown
    assert len(news) > len(shown)
    assert news[-len(shown) :] == shown, "news ends with what the screen showed"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_turn_of_several_rounds_fits_40_lines(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round after round, at 40x100, the table, the choices and the prompt of every turn are on the screen."""
    monkeypatch.setenv("LINES", "40")
    monkeypatch.setenv("COLUMNS", "100")
    argv = ["play", "kalo", "--players", str(players), "--bots", "random", "--seed", "3"]
    result = run(argv, "ready\n" + "1\n\n" * 60 + "quit\nquit\n")
    turns = screens(result.out)
    assert "round 2" in result.out, "the game reaches a second round"
    assert len(turns) > 30
    assert [len(screen) for screen in turns if len(screen) > 40] == []
    assert all("seat 0 (you) to decide" in screen for screen in turns)
