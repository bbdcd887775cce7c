"""Hot-seat: people sharing one screen each see only their own hand, with a hand-over between them."""

from __future__ import annotations

from tablegames.kalo import KALO, Kalo
from tablegames.loo import Loo
from tests.cli.support import card_pattern, run, segments, shown_outside_events

PASS_TO = "pass the device to seat "


def _by_seat(out: str) -> dict[int, list[str]]:
    """Each person's stretches of the output, from their hand-over prompt to the next one: what they saw, in order."""
    parts: dict[int, list[str]] = {}
    for part in segments(out, PASS_TO):
        parts.setdefault(int(part[0]), []).append(part)
    return parts


def test_loo_hands_are_hidden_from_the_next_person() -> None:
    """After 'pass the device to seat 1' none of seat 0's cards appear, and the other way round, unless played."""
    state = Loo(players=3, rounds=1).start(seed=6)
    result = run(
        ["play", "loo", "--players", "3", "--bots", "human,random", "-o", "rounds=1", "--seed", "6"], "\n1\n" * 14
    )
    assert result.code == 0
    parts = _by_seat(result.out)
    assert len(parts[0]) >= 2
    assert len(parts[1]) >= 2
    first = parts[1][0]
    assert "your hand: " in first
    assert not any(card_pattern(card).search(first) for card in state.hands[0])
    for seat, other in ((0, 1), (1, 0)):
        assert shown_outside_events("".join(parts[seat]), state.hands[other]) == []


def test_kalo_hands_are_hidden_from_the_next_person() -> None:
    """In Kalo each person's turn shows their own slots and the other person's hand face down."""
    state = Kalo(players=3).start(seed=2)
    cards = {  # who holds the Kalo is announced (K2)
        seat: [slot.card for slot in state.hands[seat] if slot.card is not None and slot.card is not KALO]
        for seat in (0, 1)
    }
    typed = "\nready\n" * 2 + "\n1\n" * 10
    result = run(["play", "kalo", "--players", "3", "--bots", "human,random", "--seed", "2"], typed)
    parts = _by_seat(result.out)
    assert parts[0]
    assert parts[1]
    first = parts[1][0]
    assert "seat 1 (you)" in first
    assert not any(card_pattern(card).search(first) for card in cards[0])
    for seat, other in ((0, 1), (1, 0)):
        assert shown_outside_events("".join(parts[seat]), cards[other]) == []


def test_kalaha_hot_seat_asks_for_the_hand_over() -> None:
    """Two people at Kalaha take turns, each asked to take the device first."""
    result = run(["play", "kalaha", "--bots", "human", "--seed", "1", "--pits", "3"], "\na\n\nb\nquit\n")
    assert "people at seats 0, 1" in result.out
    assert result.out.count(PASS_TO) == 3
    assert result.out.rstrip().endswith("bye")
    assert "seat 1 (you)" in result.out.split(PASS_TO + "1")[1]


def test_undo_cannot_take_back_another_persons_decision() -> None:
    """In hot-seat, undo stops at the other person's decision rather than taking it back."""
    result = run(["play", "kalaha", "--bots", "human", "--seed", "1", "--pits", "3"], "\na\n\nb\n\nundo\nquit\n")
    assert "cannot undo: it would take back the decisions of seat 1" in result.out


def test_a_move_typed_at_the_hand_over_is_not_swallowed() -> None:
    """Text typed at 'pass the device' is not played, and the person is told to press Enter first."""
    result = run(["play", "kalaha", "--bots", "human", "--seed", "1", "--pits", "3"], "a\n\nb\n\nquit\n")
    assert "'a' was not played: seat 0, press Enter alone first to see your hand" in result.out
    assert result.out.count(PASS_TO + "0") == 2
    assert "  · seat 0 sows 4 seeds from pit b" in result.out, "the move typed after Enter is played"
    assert "from pit a" not in result.out
