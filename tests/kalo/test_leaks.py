"""No leaks: a seat's view and events never depend on cards that seat cannot know (rules/kalo.md).

The check: exchange the cards a seat cannot know among the places it cannot
see into (other hands' slots it does not know, the discard pile unless it is
resolving a 4 or 5, a card on its way it may not see), keep everything public
as it is, and the seat's view must not change. For events, replacing the card
of a hidden-card event must not change what the seat is shown unless the seat
may see the card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.core.protocol import View
from tablegames.kalo import DECK, Card, Kalo, KaloState
from tablegames.kalo.events import CardChosen, Inserted, Robbed, TargetChosen
from tablegames.kalo.state import view_of
from tablegames.testing.strategies import seeds
from tests.kalo.strategies import kalo_states

ViewOf = Callable[[KaloState, "int | None"], View]
ObservationOf = Callable[[KaloState, "int | None"], "tuple[float, ...]"]


def _observation_of(state: KaloState, seat: int | None) -> tuple[float, ...]:
    return view_of(state, seat).observation()


def exchange_unknown(state: KaloState, seat: int | None, rng: random.Random) -> KaloState:
    """Shuffle the cards ``seat`` cannot know among the places it cannot see into."""
    places: list[tuple[str, int, int]] = []
    for owner, hand in enumerate(state.hands):
        if owner != seat:
            places += [("hand", owner, i) for i, slot in enumerate(hand) if seat not in slot.known_by]
    effect = state.effect
    if not (effect is not None and effect.rank in (4, 5) and effect.seat == seat):
        places += [("pile", 0, i) for i in range(len(state.pile))]
    if effect is not None and effect.card is not None and seat not in effect.seen_by:
        places.append(("effect", 0, 0))
    hands = [list(hand) for hand in state.hands]
    pile = list(state.pile)

    def card_at(place: tuple[str, int, int]) -> Card:
        kind, a, b = place
        if kind == "hand":
            return hands[a][b].card
        if kind == "pile":
            return pile[b]
        assert effect is not None
        assert effect.card is not None
        return effect.card

    cards = [card_at(place) for place in places]
    rng.shuffle(cards)
    for (kind, a, b), card in zip(places, cards, strict=True):
        if kind == "hand":
            hands[a][b] = hands[a][b].__replace__(card=card)
        elif kind == "pile":
            pile[b] = card
        elif effect is not None:
            effect = effect.__replace__(card=card)
    return state.__replace__(
        hands=tuple(tuple(hand) for hand in hands),
        pile=tuple(sorted(pile, key=DECK.index)),
        effect=effect,
    )


def assert_no_leak(
    state: KaloState,
    seat: int | None,
    rng: random.Random,
    view: ViewOf = view_of,
    observation: ObservationOf = _observation_of,
) -> None:
    """Fail if ``seat``'s view or observation changes when the cards it cannot know are exchanged."""
    other = exchange_unknown(state, seat, rng)
    assert Counter(other.cards_in_play()) == Counter(state.cards_in_play())
    assert view(other, seat) == view(state, seat), f"seat {seat}'s view depends on cards it cannot know"
    assert observation(other, seat) == observation(state, seat), (
        f"seat {seat}'s observation depends on cards it cannot know"
    )


@given(st.one_of(kalo_states(), kalo_states(effect=True)), st.data())
def test_views_do_not_depend_on_unknown_cards(state: KaloState, data: st.DataObject) -> None:
    """Exchanging the cards a seat cannot know leaves its view and observation unchanged, for every seat and spectator.

    Checks rules/kalo.md#what-each-player-knows.
    """
    rng = random.Random(data.draw(seeds()))
    for seat in (None, *range(state.game.players)):
        assert_no_leak(state, seat, rng)


@given(kalo_states(effect=True), st.data())
def test_events_show_hidden_cards_only_to_those_who_see_them(state: KaloState, data: st.DataObject) -> None:
    """An event shows a face-down card only to its seen_by; to others it is the same whatever the card.

    Checks rules/kalo.md#what-each-player-knows.
    """
    if state.is_over:
        return
    action = data.draw(st.sampled_from(state.legal_actions()))
    events = state.step(action).events
    stand_in = DECK[data.draw(st.integers(0, len(DECK) - 1))]
    for event in events:
        for seat in (None, *range(state.game.players)):
            shown = event.for_seat(seat)
            if isinstance(event, (CardChosen, Robbed, Inserted, TargetChosen)):
                if seat in event.seen_by:
                    assert shown == event
                else:
                    assert isinstance(shown, (CardChosen, Robbed, Inserted, TargetChosen))
                    assert shown.card is None
                    assert attrs.evolve(event, card=stand_in).for_seat(seat) == shown
            elif shown is not None:
                assert shown == event


def _leaky_view(state: KaloState, seat: int | None) -> View:
    """A view that wrongly shows the discard pile to everyone."""
    return attrs.evolve(view_of(state, seat), pile=state.pile)


def test_the_check_catches_a_leaky_view() -> None:
    """The discard pile is hidden from a seat not resolving a 4 or 5, and the check catches a view showing it.

    Checks rules/kalo.md#what-each-player-knows.
    """
    match = tablegames.Match(Kalo(players=4), seed=11)
    rng = random.Random(0)
    while len(match.state.pile) < 6 or match.state.phase != "play":
        match.play(rng.choice(match.state.legal_actions()))
    state = match.state
    assert isinstance(state, KaloState)
    assert_no_leak(state, 0, random.Random(1))
    with pytest.raises(AssertionError, match="depends on cards it cannot know"):
        assert_no_leak(state, 0, random.Random(1), view=_leaky_view)


def _leaky_observation(state: KaloState, seat: int | None) -> tuple[float, ...]:
    """An observation that wrongly counts the hearts in the discard pile."""
    return (*view_of(state, seat).observation(), sum(card.suit == "h" for card in state.pile))


def test_the_check_catches_a_leaky_observation() -> None:
    """An observation built from more than the view is caught by the same exchange.

    Checks rules/kalo.md#what-each-player-knows.
    """
    match = tablegames.Match(Kalo(players=4), seed=11)
    rng = random.Random(0)
    while len(match.state.pile) < 6 or match.state.phase != "play":
        match.play(rng.choice(match.state.legal_actions()))
    state = match.state
    assert isinstance(state, KaloState)
    assert_no_leak(state, 0, random.Random(1))

    def leaks_once() -> None:
        for attempt in range(20):
            assert_no_leak(state, 0, random.Random(attempt), observation=_leaky_observation)

    with pytest.raises(AssertionError, match="observation depends on cards it cannot know"):
        leaks_once()


@given(kalo_states(effect=True), st.data())
def test_hidden_cards_are_seen_by_exactly_those_who_may_know_them(state: KaloState, data: st.DataObject) -> None:
    """A face-down card is seen by exactly those who may know it.

    That is whoever chose, lost or receives it, and those who already knew it
    where it was; the receiver is told the card when it is handed over, as
    its view shows it from then on; the receiving slot is then known to
    exactly those who saw it, bar the receiver, and marked received. Checks rules/kalo.md#receiving,
    rules/kalo.md#effect-6 and rules/kalo.md#what-each-player-knows.
    """
    if state.is_over:
        return
    action = data.draw(st.sampled_from(state.legal_actions()))
    transition = state.step(action)
    effect = state.effect
    for event in transition.events:
        if isinstance(event, CardChosen):
            if event.slot is None:
                assert event.seen_by == {event.seat}
            else:
                assert event.seen_by == state.hands[event.seat][event.slot].known_by | {event.seat}
        elif isinstance(event, Robbed):
            assert event.seen_by == state.hands[event.victim][event.slot].known_by | {event.seat, event.victim}
        elif isinstance(event, TargetChosen) and event.card is not None:  # a 3 or 5 hands its card over
            assert effect is not None
            after = transition.state
            views = [after.view(seat) for seat in range(after.game.players)]
            shown = {view.seat for view in views if view.effect is not None and view.effect.card is not None}
            assert event.seen_by == shown == effect.origin | {event.target}
        elif isinstance(event, Inserted):
            assert effect is not None
            if effect.rank == 4:
                knew: frozenset[int] = frozenset({effect.seat})
            elif effect.rank == 6:
                knew = effect.origin | {effect.seat}
            else:
                knew = effect.origin
            assert event.seen_by == knew | {event.seat}
            after = transition.state
            if after.round_number == state.round_number and not after.is_over:  # else the hands were dealt anew
                slot = after.hands[event.seat][event.slot]
                assert slot.known_by == event.seen_by - {event.seat}
                assert slot.received
