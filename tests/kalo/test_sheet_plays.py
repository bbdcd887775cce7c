"""The rule sheet's cards, leads, follows and points (rules/kalo.md) as scripted positions; more in test_sheet."""

from __future__ import annotations

import pytest

from tablegames import IllegalActionError, Match
from tablegames.kalo import DECK, KALO, Card, Kalo, Pass, Play, power
from tablegames.kalo.events import TrickWon, WentOut
from tests.kalo.test_sheet import FOUR, cards, play


def test_the_deck_is_52_cards_ranked_3_to_2_with_the_kalo_on_top() -> None:
    """Four suits of 3 to 2, ranked low to high, the heart 2 above the other 2s; each card reads its notation back.

    Checks rules/kalo.md#cards.
    """
    assert len(DECK) == len(set(DECK)) == 52
    names = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    for suit in "cdhs":
        powers = [power(Card.parse(name + suit)) for name in names]
        assert powers == sorted(powers)
        assert len(set(powers)) == 13
    assert [card for card in DECK if power(card) > power(Card.parse("2s"))] == [KALO]
    assert str(KALO) == "2h"
    assert all(Card.parse(str(card)) is card for card in DECK)


def test_a_leader_may_lead_one_to_four_cards_of_one_rank() -> None:
    """Three 8s and a 9: every single, pair and triple of 8s, and the 9, but no pass (rules/kalo.md#leading)."""
    state = FOUR.position([cards("8c 8d 8h 9c"), cards("Ad"), cards("Kd"), cards("Qd")], leader=0, kalo_holder=0)
    assert [str(action) for action in state.legal_actions()] == [
        "8c", "8d", "8h", "8c 8d", "8c 8h", "8d 8h", "8c 8d 8h", "9c",
    ]  # fmt: skip
    four = FOUR.position([cards("8c 8d 8h 8s"), cards("Ad"), cards("Kd"), cards("Qd")], leader=0, kalo_holder=0)
    assert Play(tuple(cards("8c 8d 8h 8s"))) in four.legal_actions()


def test_a_follow_needs_the_same_count_and_a_strictly_higher_rank() -> None:
    """On a pair of 9s: pairs of 10s, not the 9, a single, or three 10s (rules/kalo.md#following)."""
    state = FOUR.position(
        [cards("9c 9d"), cards("9h 10c 10d 10h Jc"), cards("Kd"), cards("Qd")], leader=0, kalo_holder=0
    )
    state = play(state, "9c 9d")
    assert [str(action) for action in state.legal_actions()] == ["10c 10d", "10c 10h", "10d 10h", "pass"]
    with pytest.raises(
        IllegalActionError,
        match=r"^the last play is 2 9s, so a play on it has 2 cards, not 3: play 2 cards higher than 9, or pass;",
    ):
        play(state, "10c 10d 10h")


def test_only_the_kalo_beats_a_pair_of_twos() -> None:
    """A pair of 2s is beaten by the Kalo alone (rules/kalo.md#following, rules/kalo.md#the-kalo)."""
    state = FOUR.position([cards("2c 2d 9c"), cards("2h 2s Ac Ad"), cards("Kd"), cards("Qd")], leader=0)
    state = play(state, "2c 2d")
    assert state.legal_actions() == (Play((KALO,)), Pass())


def test_a_led_kalo_wins_the_trick_at_once() -> None:
    """The Kalo may be led; it ends the trick at once and its player leads again (rules/kalo.md#the-kalo)."""
    state = FOUR.position([cards("2h 9c"), cards("Ad"), cards("Kd"), cards("Qd")], leader=0)
    transition = state.step(Play((KALO,)))
    assert TrickWon(seat=0, cards=1) in transition.events
    assert (transition.state.trick, transition.state.current_player) == ((), 0)
    assert KALO in transition.state.pile


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_kth_player_out_scores_n_minus_k_plus_one(players: int) -> None:
    """Going out in seat order, the k-th scores N - k + 1 and the last holder 1 (rules/kalo.md#points)."""
    game = Kalo(players=players)
    hands = [cards(name + "c") for name in ["A", "K", "Q", "J", "10", "9"][:players]]
    state = game.position(hands, leader=0, kalo_holder=0)
    match = Match(game, state=state)
    while match.state.round_number == 1:
        match.play(match.state.legal_actions()[0])  # a leader plays its one card; no follower can beat it
    assert [(e.seat, e.points) for e in match.events if isinstance(e, WentOut)] == [
        (seat, players - seat) for seat in range(players - 1)
    ]
    assert match.state.scores == tuple(range(players, 0, -1))
