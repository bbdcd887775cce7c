"""Sampled states: the view kept, every public fact kept, unseen cards dealt where the play allows (L16, L9)."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import InvalidStateError
from tablegames.loo import DECK, PAM, Card, Loo, LooState, sampling
from tablegames.loo.sampling import proven_absent
from tablegames.loo.tricks import suit_of
from tablegames.testing.strategies import seeds
from tests.loo.strategies import loo_states

if TYPE_CHECKING:
    from collections.abc import Callable

Place = int | str  # a seat, "miss" or "stock"


def places_of(state: LooState) -> dict[Card, Place]:
    """Where each card not yet played or turned up lies."""
    where: dict[Card, Place] = {card: seat for seat, hand in enumerate(state.hands) for card in hand}
    where.update(dict.fromkeys(state.miss, "miss"))
    where.update(dict.fromkeys(state.stock, "stock"))
    return where


def play(state: LooState, moves: str) -> LooState:
    for move in moves.split():
        state = state.apply(state.parse_action(move))
    return state


def void_shown(state: LooState, seat: int) -> set[Card]:
    """Cards ``seat`` showed it lacks by not following (or not trumping), read straight from L9's wording."""
    trump, lacking = state.trump, set()
    wild = state.game.pam_is_wild
    for trick in (*state.tricks, state.trick):
        led = suit_of(trick[0].card, trump) if trick else None
        for play in trick[1:]:
            if play.seat != seat or (wild and play.card is PAM):
                continue
            played = suit_of(play.card, trump)
            if played != led:
                lacking |= {card for card in DECK if suit_of(card, trump) == led}
                if played != trump:
                    lacking |= {card for card in DECK if suit_of(card, trump) == trump}
    return lacking


@given(loo_states(), seeds())
def test_a_sample_is_a_state_the_seat_cannot_tell_from_the_real_one(state: LooState, seed: int) -> None:
    """A sample shows each seat (or a spectator) its very view, and reads back."""
    game = state.game
    for seat in (None, *range(game.players)):
        view = state.view(seat)
        sample = game.sample_state(view, random.Random(seed))
        assert sample.view(seat) == view
        assert sample.view(seat).to_dict() == view.to_dict()
        assert game.from_dict(sample.to_dict()) == sample  # the tricks replay legally with the sampled hands
        assert Counter(sample.cards()) == Counter(DECK)
        assert [len(hand) for hand in sample.hands] == [len(hand) for hand in state.hands]
        assert (len(sample.miss), len(sample.stock)) == (len(state.miss), len(state.stock))
        chips = (sample.balances, sample.pot, sample.p0, sample.carry)
        assert chips == (state.balances, state.pot, state.p0, state.carry)
        assert (sample.decisions, sample.tricks, sample.trick) == (state.decisions, state.tricks, state.trick)
        assert (sample.turned, sample.round_number, sample.phase) == (state.turned, state.round_number, state.phase)
        assert sample.current_player == state.current_player
        if seat is not None:
            assert sample.hands[seat] == state.hands[seat]
            if state.miss_taker == seat:
                assert sample.miss == state.miss


@given(loo_states(), seeds())
def test_a_seat_never_gets_a_card_its_play_showed_it_lacks(state: LooState, seed: int) -> None:
    """A seat that did not follow the led suit holds none, nor trumps unless it trumped."""
    game = state.game
    for seat in (None, *range(game.players)):
        sample = game.sample_state(state.view(seat), random.Random(seed))
        for other in range(game.players):
            assert not void_shown(state, other) & set(sample.hands[other])
            assert not proven_absent(game, state.view(seat))[other] & set(sample.hands[other])
            assert not proven_absent(game, state.view(seat))[other] & set(state.hands[other])  # true of the real deal


@given(loo_states(), seeds())
def test_the_same_view_and_rng_state_give_the_same_sample(state: LooState, seed: int) -> None:
    """Sampling is deterministic: the same view and RNG state give the same deal and seed (docs: guide/bots.md)."""
    seat = state.current_player
    view = state.view(seat)
    first, second = random.Random(seed), random.Random(seed)
    assert state.game.sample_state(view, first).to_dict() == state.game.sample_state(view, second).to_dict()
    assert first.getstate() == second.getstate()


def voided() -> LooState:
    """Four players, diamonds trump; on the Qh lead seat 2 discards (no hearts, no trumps) and seat 3 heads."""
    hands = ["2c 3c 4c 5h 6h", "Qh 7h 8s 9s 10s", "2s 3s 4s 7c 8c", "Ah 3h 9c 10c Kc"]
    state = Loo(players=4).deal([hand.split() for hand in hands], turned="5d")
    return play(state, "play play play play Qh 2s Ah 5h")


def with_the_miss() -> LooState:
    """Five players with the Miss: seat 1 has taken it, and seat 2 is deciding."""
    return play(Loo(players=5, miss=True).start(seed=9), "miss")


@pytest.mark.parametrize("uniform_tries", [sampling._UNIFORM_TRIES, 0], ids=["uniform-first", "constrained"])
@pytest.mark.parametrize(
    ("make", "seat"),
    [(voided, 0), (voided, None), (with_the_miss, 1), (with_the_miss, 3), (with_the_miss, None)],
    ids=["voided-seat-0", "voided-spectator", "miss-taker", "miss-other", "miss-spectator"],
)
def test_every_unseen_card_can_land_in_every_place_the_play_allows(
    make: Callable[[], LooState], seat: int | None, uniform_tries: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In 300 samples each unseen card reaches every place it may be, never a proven void."""
    monkeypatch.setattr(sampling, "_UNIFORM_TRIES", uniform_tries)
    state = make()
    game, view = state.game, state.view(seat)
    rng = random.Random(2024)
    seen: set[tuple[Card, Place]] = set()
    for _ in range(300):
        seen |= set(places_of(game.sample_state(view, rng)).items())
    absent = proven_absent(game, view)
    known = {view.turned, *view.hand, *view.given_up}
    unseen = [card for card in places_of(state) if card not in known]
    hidden: list[Place] = [other for other in range(game.players) if other != seat]
    hidden += ["stock"] + (["miss"] if game.miss and (seat is None or state.miss_taker != seat) else [])
    for card in unseen:
        for place in hidden:
            forbidden = isinstance(place, int) and card in absent[place]
            assert ((card, place) in seen) != forbidden, f"{card} in {place}: forbidden {forbidden}"


def test_the_voids_of_the_crafted_trick_are_proven() -> None:
    """Seat 2 discarded on a heart lead (diamonds trump): no hearts, no diamonds, no Pam."""
    state = voided()
    absent = proven_absent(state.game, state.view(0))
    lacking = {card for card in DECK if card.suit in "hd" or card is PAM}
    assert absent[2] == lacking - {play.card for trick in state.tricks for play in trick}
    assert absent[3] == absent[1] == frozenset()  # the lead proves nothing; heading with the Ah proves nothing


def test_a_seat_that_followed_without_heading_holds_nothing_that_beats() -> None:
    """Following with a heart that does not beat the trick proves no higher heart was held."""
    hands = ["2c 3c 4c 5c 6c", "Qh 7h 8s 9s 10s", "2h 3s 4s 7c 8c", "3h 9c 10c Kc 2s"]
    state = play(Loo(players=4).deal([hand.split() for hand in hands], turned="5d"), "play play play play Qh 2h")
    absent = proven_absent(state.game, state.view(0))
    assert absent[2] == {Card.parse(text) for text in ("Kh", "Ah")}
    assert absent[3] == frozenset()


def test_trump_must_be_highest_proves_no_higher_trump() -> None:
    """With trump_must_be_highest, trumping with the 4d shows no higher trump, nor Pam."""
    hands = ["2c 3c 4c 5c 6c", "Qh 7h 8s 9s 10s", "4d 3s 4s 7c 8c", "3h 9c 10c Kc 2s"]
    game = Loo(players=4, trump_must_be_highest=True)
    state = play(game.deal([hand.split() for hand in hands], turned="5d"), "play play play play Qh 4d")
    lacking = {card for card in DECK if card.suit == "h" or (card.suit == "d" and card.rank > 4) or card is PAM}
    assert proven_absent(game, state.view(0))[2] == lacking - {Card.parse("Qh")}


def test_wild_pam_proves_nothing() -> None:
    """With pam_is_wild, Pam may go to any trick, so playing it shows no void."""
    hands = ["2c 3c 4c 5c 6c", "Qh 7h 8s 9s 10s", "Jc 5h 4s 7c 8c", "3h 9c 10c Kc 2s"]
    game = Loo(players=4, pam_is_wild=True)
    state = play(game.deal([hand.split() for hand in hands], turned="5d"), "play play play play Qh Jc")
    assert proven_absent(game, state.view(0))[2] == frozenset()


def test_the_constrained_dealer_fills_tight_places() -> None:
    """When the places are full and the cards tightly constrained, the dealer still finds a deal (L16)."""
    a, b, c, d = DECK[:4]
    forbidden = [frozenset({c, d}), frozenset({a, d}), frozenset({a, b}), frozenset({b, c})]
    for seed in range(60):
        dealt = sampling._deal_constrained([a, b, c, d], [1, 1, 1, 1], forbidden, random.Random(seed))
        assert sorted(len(place) for place in dealt) == [1, 1, 1, 1]
        assert all(not forbidden[place] & set(cards) for place, cards in enumerate(dealt))
    with pytest.raises(InvalidStateError, match="no deal"):
        sampling._deal_constrained([a, b], [1, 1], [frozenset({a}), frozenset({a})], random.Random(0))


@given(st.sampled_from([3, 4, 8]), seeds())
def test_a_spectator_sample_deals_every_hand(players: int, seed: int) -> None:
    """A spectator sees no hand, so every hand is dealt afresh."""
    game = Loo(players=players, miss=players < 8)
    state = game.start(seed=seed)
    sample = game.sample_state(state.view(None), random.Random(seed))
    assert [len(hand) for hand in sample.hands] == [5] * players
    assert sample.view(None) == state.view(None)
    assert sample.hands != state.hands  # 5 of 51 cards per hand: never all dealt as they were


def test_a_view_of_another_game_is_refused() -> None:
    """Sampling needs a view of this game's states: others raise InvalidStateError (docs: guide/bots.md).

    So they do after the view's own game has sampled it, which keeps what its samples share.
    """
    game = Loo(players=5)
    view = game.start(seed=1).view(0)
    assert game.sample_state(view, random.Random(0)).view(0) == view
    with pytest.raises(InvalidStateError, match="other options"):
        Loo(players=4).sample_state(view, random.Random(0))
    with pytest.raises(InvalidStateError, match="deal"):
        Loo(players=5, first_dealer=2).sample_state(view, random.Random(0))
    with pytest.raises(InvalidStateError, match="Loo view"):
        Loo(players=5).sample_state(tablegames.load("kalaha").start().view(0), random.Random(0))
