"""Each Loo ruling as a property over random play or random tricks, against the sheet's wording (reference.py)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tablegames.core.protocol import Action, Event
from tablegames.loo import DECK, PAM, Card, Loo, LooState, PlayCard, follow, payouts, trick_winner
from tablegames.loo.events import (
    Dealt,
    Decided,
    Looed,
    MissTaken,
    PotWon,
    RoundEnded,
    RoundStarted,
    TricksBegin,
    TrickWon,
    Undistributed,
)
from tablegames.loo.state import shuffled_deal
from tablegames.testing.strategies import seeds
from tests.loo import reference
from tests.loo.strategies import games

Step = tuple[LooState, Action | None, tuple[Event, ...]]


def playout(game: Loo, seed: int, choices: int) -> list[Step]:
    """A whole game of random legal decisions: every state, the action taken and its events."""
    rng = random.Random(choices)
    state = game.start(seed=seed)
    steps: list[Step] = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        step = state.step(action)
        steps.append((state, action, step.events))
        state = step.state
    steps.append((state, None, ()))
    return steps


@st.composite
def tricks(draw: st.DrawFn) -> tuple[list[Card], list[Card], str]:
    """A hand and a trick in progress (up to 7 cards) from one deck, and a trump suit."""
    cards = draw(st.permutations(DECK))
    size = draw(st.integers(1, 5))
    played = draw(st.integers(0, 7))
    return list(cards[:size]), list(cards[size : size + played]), draw(st.sampled_from("cdhs"))


@given(tricks(), st.booleans(), st.booleans())
def test_the_legal_cards_are_those_the_sheet_allows(
    drawn: tuple[list[Card], list[Card], str], wild: bool, top: bool
) -> None:
    """L9 with either option: follow() allows exactly the cards the sheet's sentences allow (rules/loo.md#following)."""
    hand, trick, trump = drawn
    result = follow(hand, trick, trump, pam_is_wild=wild, trump_must_be_highest=top)
    assert set(result.cards) == reference.legal(hand, trick, trump, wild=wild, highest=top)
    assert result.cards, "there is always a card to play"


@given(tricks())
def test_the_trick_goes_to_pam_else_the_highest_trump_else_the_highest_of_the_suit_led(
    drawn: tuple[list[Card], list[Card], str],
) -> None:
    """L8, L10: Pam takes the trick, else the highest trump, else the highest of the suit led (rules/loo.md#tricks)."""
    hand, trick, trump = drawn
    cards = [*trick, *hand][:8]
    assert cards[trick_winner(cards, trump)] is reference.winner(cards, trump)
    if PAM in cards:
        assert cards[trick_winner(cards, trump)] is PAM


@given(st.integers(0, 10_000))
def test_five_tricks_pay_out_p0_in_near_equal_whole_shares(p0: int) -> None:
    """L11: the five payouts add up to P0, never rise, and differ by one chip at most (rules/loo.md#payouts)."""
    paid = payouts(p0)
    assert len(paid) == 5
    assert sum(paid) == p0
    assert list(paid) == sorted(paid, reverse=True)
    assert max(paid) - min(paid) <= 1


@given(games(), seeds())
def test_the_deal(game: Loo, seed: int) -> None:
    """L4, L15: five each, one at a time from the dealer's left, the Miss last; one turned (rules/loo.md#the-deal)."""
    deck = list(DECK)
    random.Random(f"loo/{seed}/1").shuffle(deck)
    places = [(game.first_dealer + 1 + step) % game.players for step in range(game.players)]
    places += ["miss"] if game.miss else []  # type: ignore[list-item]
    dealt: dict[object, set[Card]] = {place: set() for place in places}
    for index, card in enumerate(deck[: 5 * len(places)]):
        dealt[places[index % len(places)]].add(card)
    state = game.start(seed=seed)
    assert [set(hand) for hand in state.hands] == [dealt[seat] for seat in range(game.players)]
    assert set(state.miss) == (dealt["miss"] if game.miss else set())
    assert state.turned is deck[5 * len(places)]
    assert set(state.stock) == set(deck[5 * len(places) + 1 :])
    assert state.trump == state.turned.suit
    assert shuffled_deal(game, seed, 1).turned is state.turned


def test_pam_turned_up_makes_clubs_trump() -> None:
    """L4: with Pam turned up, clubs are trump (rules/loo.md#the-deal)."""
    hands = [[str(card) for card in DECK[13 + 5 * seat : 18 + 5 * seat]] for seat in range(3)]
    assert Loo(players=3).deal(hands, turned="Jc").trump == "c"


@given(games(max_rounds=4), seeds(), st.integers(0, 100))
def test_antes_dealers_decisions_and_the_end(game: Loo, seed: int, choices: int) -> None:
    """L2, L3, L5, L14: dealers rotate, all ante, decide in order, and the game ends on time (rules/loo.md#a-round)."""
    steps = playout(game, seed, choices)
    events = [event for _, _, happened in steps for event in happened]
    started = [event for event in events if isinstance(event, RoundStarted)]
    assert [event.dealer for event in started] == [game.dealer_of(number) for number in range(2, game.rounds + 1)]
    assert len([event for event in events if isinstance(event, RoundEnded)]) == game.rounds
    for state, action, happened in steps:
        if action is None:
            assert state.round_number == game.rounds
            assert state.winners == {seat for seat, chips in enumerate(state.scores) if chips == max(state.scores)}
            continue
        new_round = [event for event in happened if isinstance(event, RoundStarted)]
        if new_round:
            (ended,) = [event for event in happened if isinstance(event, RoundEnded)]
            (begun,) = new_round
            assert begun.pot == ended.carry + game.players * game.ante, "the pot: loo payments carried in and antes"
            assert [event.seat for event in happened if isinstance(event, Dealt)] == [
                (begun.dealer + 1 + step) % game.players for step in range(game.players)
            ]
        if state.phase == "decide":
            order = [(state.dealer + 1 + step) % game.players for step in range(game.players)]
            assert state.current_player == order[sum(choice is not None for choice in state.decisions)]


@given(games(), seeds(), st.integers(0, 100))
def test_dropping_the_lone_player_and_trick_play(game: Loo, seed: int, choices: int) -> None:
    """L5, L6, L7: dropped hands are dead; a lone stayer takes the pot; who leads each trick (rules/loo.md#tricks)."""
    for state, action, happened in playout(game, seed, choices):
        if action is None:
            continue
        won = [event for event in happened if isinstance(event, PotWon)]
        decided = [event for event in happened if isinstance(event, (Decided, MissTaken))]
        if decided:
            staying = [seat for seat, choice in enumerate(state.decisions) if choice != "drop"]
            if isinstance(decided[0], Decided) and decided[0].choice == "drop":
                staying.remove(decided[0].seat)
            assert bool(won) == (len(staying) == 1), "the pot goes at once to the one seat left"
            if won:
                assert won[0].seat == staying[0]
                assert won[0].chips == state.pot
        begin = [event for event in happened if isinstance(event, TricksBegin)]
        if begin:
            order = [(state.dealer + 1 + step) % game.players for step in range(game.players)]
            after = state.apply(action)
            assert begin[0].leader == next(seat for seat in order if after.decisions[seat] != "drop")
        if isinstance(action, PlayCard):
            assert state.decisions[state.current_player or 0] != "drop", "a dropped seat never plays"
            trick_won = [event for event in happened if isinstance(event, TrickWon)]
            if trick_won and len(state.tricks) < 4:
                assert state.apply(action).current_player == trick_won[0].seat, "the winner leads"


@given(games(), seeds(), st.integers(0, 100))
def test_the_loo_and_the_carry_over(game: Loo, seed: int, choices: int) -> None:
    """L12, L13: a looed seat pays P0 to the next pot; the last carry-over is undistributed (rules/loo.md#the-loo)."""
    steps = playout(game, seed, choices)
    for state, _, happened in steps:
        looed = [event for event in happened if isinstance(event, Looed)]
        assert all(event.chips == state.p0 for event in looed)
        ended = [event for event in happened if isinstance(event, RoundEnded)]
        if ended:
            assert ended[0].carry == state.p0 * len(looed)
    final = steps[-1][0]
    last = [event for event in steps[-2][2] if isinstance(event, Undistributed)]
    assert [event.chips for event in last] == ([final.carry] if final.carry else [])
    assert sum(final.balances) + final.carry == game.players * game.starting_chips


@given(seeds(), st.integers(3, 8))
def test_the_miss(seed: int, players: int) -> None:
    """L15: the first taker pays, swaps its hand for the Miss and plays; no one else may (rules/loo.md#the-miss)."""
    game = Loo(players=players, miss=True, miss_fee=2)
    state = game.start(seed=seed)
    seat = state.current_player
    assert seat is not None
    assert [str(action) for action in state.legal_actions()] == ["play", "drop", "miss"]
    after = state.apply(state.parse_action("miss"))
    assert after.hands[seat] == state.miss
    assert after.miss == state.hands[seat]
    assert after.pot == state.pot + 2
    assert after.balances[seat] == state.balances[seat] - 2
    assert after.decisions[seat] == "miss"
    assert after.miss_taker == seat
    assert "miss" not in [str(action) for action in after.legal_actions()]
    assert seat in after.active, "taking the Miss commits the taker to play"


def test_options_and_their_defaults() -> None:
    """Every option and its default (rules/loo.md#options)."""
    assert Loo().options() == {
        "players": 5,
        "ante": 1,
        "rounds": 10,
        "starting_chips": 0,
        "miss": False,
        "miss_fee": 1,
        "pam_is_wild": False,
        "trump_must_be_highest": False,
        "first_dealer": 0,
    }
    assert Loo(players=3, ante=4).rounds == 6
    assert Loo(players=3, ante=4).miss_fee == 4
    assert Loo(first_dealer=2).start(seed=1).current_player == 3
    assert Loo(starting_chips=10, ante=2).start(seed=1).balances == (8,) * 5
