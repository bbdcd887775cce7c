"""The rule sheet's own examples, scripted: the example round, the follow examples, the payouts, the lone player."""

from __future__ import annotations

import pytest

from tablegames.loo import PAM, Card, Loo, LooState, follow, payouts
from tablegames.loo.events import Looed, PotWon, RoundEnded, RoundStarted, TrickWon

#: The sheet's example round with five players, seat 0 dealing: seat 1 leads Qh, seat 2 Ah,
#: seat 3 trumps with 9d, seat 4 plays Pam and seat 0 throws 7s; the rest is laid out so
#: that seat 0 (the fifth player) wins nothing while everyone else wins a trick.
HANDS = ["7s 2s 3s 2c 3c", "Qh Ks Kc 4h 5h", "Ah Qs Ac 6h 8h", "9d 5d 6s 4c 5c", "Jc 4s 6c 7c 8c"]
TRICKS = ["Qh Ah 9d Jc 7s", "4s 2s Ks Qs 6s", "Kc Ac 4c 6c 2c", "6h 5d 7c 3s 4h", "5c 8c 3c 5h 8h"]
WINNERS = [4, 1, 2, 3, 4]


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def example_deal(game: Loo, **kwargs: object) -> LooState:
    return game.deal([text.split() for text in HANDS], turned="Kd", **kwargs)  # type: ignore[arg-type]


def play_out(state: LooState) -> tuple[LooState, list[object]]:
    """Everyone plays; then the tricks above, card by card."""
    events: list[object] = []
    for _ in range(5):
        step = state.step(state.parse_action("play"))
        state, events = step.state, events + list(step.events)
    for trick in TRICKS:
        for card in trick.split():
            step = state.step(state.parse_action(card))
            state, events = step.state, events + list(step.events)
    return state, events


def first_trick(cards: int) -> LooState:
    """The example round after everyone plays and ``cards`` cards of the first trick: Qh, Ah, 9d, Jc, 7s."""
    state = example_deal(Loo(players=5))
    for text in ["play"] * 5 + TRICKS[0].split()[:cards]:
        state = state.apply(state.parse_action(text))
    return state


def legal(state: LooState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def test_five_players_ante_one_chip_each() -> None:
    """Five players pay one chip each: the pot holds 5 (rules/loo.md#antes)."""
    state = example_deal(Loo(players=5))
    assert (state.pot, state.balances) == (5, (-1, -1, -1, -1, -1))


def test_a_diamond_turned_up_makes_diamonds_trump() -> None:
    """The turned-up card is a diamond, so diamonds are trump (rules/loo.md#trump)."""
    assert example_deal(Loo(players=5)).trump == "d"


def test_the_second_player_must_head_with_the_ace() -> None:
    """After the Qh lead, the second player holds hearts and must beat the queen: the Ah (rules/loo.md#must-head)."""
    state = first_trick(1)
    assert state.current_player == 2
    assert legal(state) == ["Ah"]


def test_the_third_player_without_hearts_must_trump() -> None:
    """The third player has no hearts but diamonds, and must trump (rules/loo.md#must-trump)."""
    state = first_trick(2)
    assert state.current_player == 3
    assert legal(state) == ["5d", "9d"]
    assert state.follow(3).rule == "overtrump"


def test_the_fourth_player_plays_pam_which_beats_everything() -> None:
    """The fourth player, void in hearts, holds Pam, a trump above the 9d, and must play it (rules/loo.md#pam)."""
    state = first_trick(3)
    assert state.current_player == 4
    assert legal(state) == ["Jc"]


def test_the_fifth_player_with_neither_hearts_nor_diamonds_discards() -> None:
    """The fifth player has neither hearts nor diamonds and may throw any card: the 7s (rules/loo.md#discarding)."""
    state = first_trick(4)
    assert state.current_player == 0
    assert legal(state) == ["2c", "3c", "2s", "3s", "7s"]
    assert state.follow(0).rule == "discard"


def test_pam_wins_the_trick_and_a_fifth_of_the_pot() -> None:
    """Pam wins trick 1, and its player takes a fifth of the pot (rules/loo.md#winning, rules/loo.md#payouts)."""
    state = first_trick(4)
    step = state.step(state.parse_action("7s"))
    won = [event for event in step.events if isinstance(event, TrickWon)]
    assert won == [TrickWon(seat=4, trick=1, card=PAM, chips=1)]
    assert step.state.balances == (-1, -1, -1, -1, 0)
    assert step.state.pot == 4


def test_the_example_round() -> None:
    """The sheet's first trick, card by card; its winner leads the next (rules/loo.md#the-sheets-example-round)."""
    state = example_deal(Loo(players=5))
    for _ in range(5):
        state = state.apply(state.parse_action("play"))
    assert state.current_player == 1, "the first player after the dealer leads"
    for text in TRICKS[0].split():
        assert text in legal(state)
        state = state.apply(state.parse_action(text))
    assert state.tricks_won == (0, 0, 0, 0, 1)
    assert state.current_player == 4, "the winner leads the next trick"


def test_the_example_round_to_the_loo() -> None:
    """The fifth player, having won nothing, pays 5 into the next pot besides the ante (rules/loo.md#looed)."""
    state, events = play_out(example_deal(Loo(players=5)))
    assert [event.seat for event in events if isinstance(event, TrickWon)] == WINNERS
    assert [event for event in events if isinstance(event, Looed)] == [Looed(seat=0, chips=5)]
    (ended,) = [event for event in events if isinstance(event, RoundEnded)]
    assert ended.balances == (-6, 0, 0, 0, 1)
    assert ended.carry == 5
    (started,) = [event for event in events if isinstance(event, RoundStarted)]
    assert (started.round_number, started.dealer, started.pot, started.carried) == (2, 1, 10, 5)
    assert state.balances == (-7, -1, -1, -1, 0)
    assert state.pot == 10


@pytest.mark.parametrize(
    ("trick", "hand", "legal"),
    [
        ("Qh", "Ah Kh 3h", "Kh Ah"),
        ("Qh", "9d Kd 2s", "9d Kd"),
        ("Qh Ah 9d", "5d Jd Jc 4c", "Jc Jd"),
        ("Qh Ah 9d Jc", "2d 7s", "2d"),
        ("Qh", "5h Jc", "5h"),
        ("Qc", "Jc 3c", "3c"),
        ("Jc", "Ad 2d Kh", "2d Ad"),
    ],
    ids=["head", "trump", "overtrump", "trump-though-beaten", "follow-before-pam", "pam-no-club", "pam-led"],
)
def test_the_follow_examples(trick: str, hand: str, legal: str) -> None:
    """Diamonds trump: the legal cards of each follow example, exactly (rules/loo.md#following)."""
    assert follow(cards(hand), cards(trick), "d").cards == tuple(cards(legal))


def test_a_follow_example_through_play() -> None:
    """After Qh, Ah and 9d, a hand of 5d Jd Pam 4c may play Jd or Pam only (rules/loo.md#must-trump)."""
    hands = ["2s 3s 4s 5s 6s", "Qh 2h 3h 4h 5h", "Ah 6h 7h 8h 10h", "9d 7s 8s 9s 10s", "5d Jd Jc 4c 2c"]
    state = Loo(players=5).deal([text.split() for text in hands], turned="Kd")
    for text in ["play"] * 5 + ["Qh", "Ah", "9d"]:
        state = state.apply(state.parse_action(text))
    assert [str(action) for action in state.legal_actions()] == ["Jc", "Jd"]


@pytest.mark.parametrize(("p0", "paid"), [(5, (1, 1, 1, 1, 1)), (7, (2, 2, 1, 1, 1)), (3, (1, 1, 1, 0, 0))])
def test_the_payout_examples(p0: int, paid: tuple[int, ...]) -> None:
    """Each trick pays a fifth of P0 in whole chips, the first P0 % 5 one more (rules/loo.md#payouts)."""
    assert payouts(p0) == paid


def test_a_pot_of_seven_pays_two_two_one_one_one() -> None:
    """With 2 chips carried in, the example's pot of 7 pays 2, 2, 1, 1, 1 trick by trick (rules/loo.md#payouts)."""
    state = example_deal(Loo(players=5), balances=(-2, 0, 0, 0, 0), carry=2)
    assert state.pot == 7
    _, events = play_out(state)
    assert [event.chips for event in events if isinstance(event, TrickWon)] == [2, 2, 1, 1, 1]
    assert [event.chips for event in events if isinstance(event, Looed)] == [7]


def test_a_trick_paying_nothing_still_saves_from_the_loo() -> None:
    """Three players, P0 = 3: tricks 4 and 5 pay nothing, yet their winner is not looed (rules/loo.md#small-pot)."""
    hands = ["2c 3c 4c 5c 6c", "2h 3h 4h 2s 3s", "4s 5s 6s 7s 8s"]
    state = Loo(players=3).deal([text.split() for text in hands], turned="Kd")
    events: list[object] = []
    plays = ["play"] * 3 + ["2h", "4s", "2c", "3h", "5s", "3c", "4h", "6s", "4c", "2s", "7s", "5c", "8s", "6c", "3s"]
    for text in plays:
        step = state.step(state.parse_action(text))
        state, events = step.state, events + list(step.events)
    won = [(event.seat, event.chips) for event in events if isinstance(event, TrickWon)]
    assert won == [(1, 1), (1, 1), (1, 1), (2, 0), (2, 0)]
    assert [event.seat for event in events if isinstance(event, Looed)] == [0]


def test_all_but_the_dealer_drop() -> None:
    """All but the dealer drop: the dealer takes the pot at once; nobody is looed (rules/loo.md#everyone-else-drops)."""
    state = example_deal(Loo(players=5, rounds=1))
    events: list[object] = []
    for _ in range(4):
        step = state.step(state.parse_action("drop"))
        state, events = step.state, events + list(step.events)
    assert state.is_over
    assert [event for event in events if isinstance(event, PotWon)] == [PotWon(seat=0, chips=5)]
    assert not any(isinstance(event, Looed) for event in events)
    assert state.balances == (4, -1, -1, -1, -1)
    assert state.winners == {0}
