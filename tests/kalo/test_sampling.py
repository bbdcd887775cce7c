"""Sampling a state from a view: every public fact kept, hidden cards dealt.

``game.sample_state(view, rng)`` must give a state the seat cannot tell from
the real one (its view is the same), that reads back, and that holds every
card once; over many samples every card the seat cannot see turns up in
every place the view allows it to be.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.core.errors import InvalidStateError
from tablegames.kalo import DECK, KALO, Card, Kalo, KaloState, KaloView
from tablegames.kalo.cards import removed_cards
from tablegames.testing.strategies import seeds
from tests.kalo.strategies import kalo_states

Place = tuple[str, int, int]


def places_of(state: KaloState) -> dict[Card, Place]:
    """Where each card of the round is: a hand slot, the pile, the trick or on its way."""
    where: dict[Card, Place] = {}
    for owner, hand in enumerate(state.hands):
        for index, slot in enumerate(hand):
            where[slot.card] = ("hand", owner, index)
    for card in state.pile:
        where[card] = ("pile", 0, 0)
    for index, play in enumerate(state.trick):
        for card in play.cards:
            where[card] = ("trick", index, 0)
    if state.effect is not None and state.effect.card is not None:
        where[state.effect.card] = ("effect", 0, 0)
    return where


def possible_pairs(view: KaloView) -> set[tuple[Card, Place]]:
    """Every (card, place) the view allows for a card it does not show.

    The hidden places are the slots whose card the view leaves out, the pile
    when its cards are not shown, and a card on its way that is not shown.
    The Kalo was dealt to ``kalo_holder``, so it is never in another
    hand's slot that did not receive a card.
    """
    shown = {slot.card for hand in view.hands for slot in hand} | {c for play in view.trick for c in play.cards}
    shown |= set(view.pile or ()) | {None if view.effect is None else view.effect.card}
    unknown = [card for card in DECK if card not in shown and card not in view.removed]
    places: list[Place] = [
        ("hand", owner, index)
        for owner, hand in enumerate(view.hands)
        for index, slot in enumerate(hand)
        if slot.card is None
    ]
    if view.pile is None and view.pile_size:
        places.append(("pile", 0, 0))
    effect = view.effect
    if (
        effect is not None
        and effect.card is None
        and (effect.step == "insert" or (effect.rank != 6 and effect.step != "card"))
    ):
        places.append(("effect", 0, 0))
    return {
        (card, place)
        for card in unknown
        for place in places
        if card is not KALO
        or place[0] != "hand"
        or place[1] == view.kalo_holder
        or view.hands[place[1]][place[2]].received
    }


def check_sample(state: KaloState, seat: int | None, rng: random.Random) -> KaloState:
    """Sample from ``seat``'s view and check the sample against the view and the rules of a state."""
    game = state.game
    view = state.view(seat)
    sample = game.sample_state(view, rng)
    assert sample.view(seat) == view
    assert game.from_dict(sample.to_dict()) == sample
    counts = Counter(sample.cards_in_play())
    assert set(counts.values()) == {1}
    assert set(counts) == set(DECK) - set(removed_cards(game.players))
    if seat is not None:
        assert sample.hands[seat] == state.hands[seat]
    return sample


@given(st.one_of(kalo_states(), kalo_states(effect=True)), seeds())
def test_a_sample_shows_the_seat_exactly_its_view(state: KaloState, seed: int) -> None:
    """A sample shows each seat and a spectator its view, and reads back."""
    rng = random.Random(seed)
    for seat in (None, *range(state.game.players)):
        sample = check_sample(state, seat, rng)
        kalo = places_of(sample)[KALO]
        if kalo[0] == "hand" and kalo[1] != state.kalo_holder:  # K2: only a received slot of another hand
            assert sample.hands[kalo[1]][kalo[2]].received
        if state.phase == "arrange":  # K3: nothing has moved yet
            assert kalo[:2] == ("hand", state.kalo_holder)


def _reach(seed: int, found: object) -> KaloState:
    """The first state of random play from ``seed`` for which ``found(state)`` holds."""
    state = Kalo(players=4).start(seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if found(state):  # type: ignore[operator]
            return state
        if state.is_over:
            state = state.game.start(seed=rng.randrange(2**32))
        state = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such state")


def _card_on_its_way(state: KaloState) -> bool:
    """A 3, 5 or 6 at its insert, with received slots about and a discard pile."""
    effect = state.effect
    received = sum(slot.received for hand in state.hands for slot in hand)
    return effect is not None and effect.step == "insert" and effect.rank != 4 and received >= 4 and len(state.pile) > 4


def _pile_shown(state: KaloState) -> bool:
    """A 4 or 5 being resolved, whose player sees the pile."""
    effect = state.effect
    return effect is not None and effect.rank in (4, 5) and effect.step == "card" and len(state.pile) > 4


@pytest.mark.parametrize(
    ("seed", "found"),
    [(1, _card_on_its_way), (2, _pile_shown), (3, lambda state: state.phase == "arrange")],
    ids=["card-on-its-way", "pile-shown", "arranging"],
)
def test_every_unseen_card_turns_up_in_every_place_it_may_be(seed: int, found: object) -> None:
    """Over many samples each hidden card lands in each place allowed."""
    state = _reach(seed, found)
    rng = random.Random(seed)
    for seat in (None, *range(state.game.players)):
        view = state.view(seat)
        possible = possible_pairs(view)
        hidden = {card for card, _ in possible}
        seen: set[tuple[Card, Place]] = set()
        tally: defaultdict[Place, int] = defaultdict(int)
        for _ in range(1_500):
            sample = state.game.sample_state(view, rng)
            assert sample.view(seat) == view
            for card, place in places_of(sample).items():
                if card in hidden:
                    seen.add((card, place))
                    tally[place] += 1
        assert seen == possible, f"seat {seat}: never sampled {sorted(map(str, possible - seen))[:5]}"
        assert tally[("pile", 0, 0)] == (0 if view.pile is not None else 1_500 * view.pile_size)


def test_the_same_view_and_rng_state_give_the_same_sample() -> None:
    """Sampling is a function of the view and the RNG state alone."""
    state = _reach(4, _card_on_its_way)
    for seat in (None, *range(state.game.players)):
        view = state.view(seat)
        rng = random.Random(9)
        rng.random()
        saved = rng.getstate()
        first = state.game.sample_state(view, rng)
        rng.setstate(saved)
        assert state.game.sample_state(view, rng) == first
        assert state.game.sample_state(view, random.Random(5)) == state.game.sample_state(view, random.Random(5))


def test_a_leader_is_dealt_a_card_it_can_lead() -> None:
    """A seat to lead can lead, so a lone hidden card is no 3, 4 or 5 over an empty pile."""
    game = Kalo(players=3)
    cards = [card for card in DECK if card not in removed_cards(3) and str(card) != "9c"]
    state = game.position([["9c"], cards[25:], cards[:25]], pile=[], leader=0)  # seat 2 holds the 3s to 9s
    assert state.current_player == 0
    view = state.view(1)
    ranks = Counter(check_sample(state, 1, random.Random(seed)).hands[0][0].card.rank for seed in range(300))
    assert not {3, 4, 5} & set(ranks)
    assert {6, 8} <= set(ranks)
    assert game.sample_state(view, random.Random(1)).hands[1] == state.hands[1]


def test_a_view_of_another_game_is_refused() -> None:
    """Only a Kalo view of the same player count can be sampled."""
    kalaha = tablegames.load("kalaha").start().view(0)
    with pytest.raises(InvalidStateError, match="Kalo view"):
        Kalo().sample_state(kalaha, random.Random(0))
    with pytest.raises(InvalidStateError, match="4-player"):
        Kalo(players=4).sample_state(Kalo(players=5).start(seed=1).view(0), random.Random(0))
