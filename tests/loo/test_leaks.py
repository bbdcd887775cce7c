"""No leaks: a seat's view and events never depend on cards it cannot see (L16, rules/loo.md#what-each-player-knows).

The check: exchange the cards a seat cannot see among the places it cannot
see into (every other hand, live or dropped, keeping its size; the Miss,
unless it is the hand this seat gave up for it; the stock), keep everything
public as it is, and the seat's view must not change. For events, the same
exchange before a transition must not change the events the seat is shown,
nor its view after it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Collection

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.core.protocol import Action, Event, View
from tablegames.loo import Card, Loo, LooState, PlayCard, TakeMiss
from tablegames.loo.actions import TAKE_MISS
from tablegames.loo.cards import card_key
from tablegames.loo.events import Dealt, MissTaken
from tablegames.loo.view import view_of
from tablegames.testing.strategies import seeds
from tests.loo.strategies import loo_states

ViewOf = Callable[[LooState, "int | None"], View]
ObservationOf = Callable[[LooState, "int | None"], "tuple[float, ...]"]


def _observation_of(state: LooState, seat: int | None) -> tuple[float, ...]:
    return view_of(state, seat).observation()


def _sees_miss(state: LooState, seat: int | None) -> bool:
    """True if ``seat`` knows the cards now in ``state.miss``: the hand it gave up for the Miss."""
    return seat is not None and state.miss_taker == seat


def hidden_cards(state: LooState, seat: int | None) -> list[Card]:
    """Every card ``seat`` cannot see: other hands, the Miss (unless it gave that hand up), the stock."""
    cards = [card for owner, hand in enumerate(state.hands) if owner != seat for card in hand]
    if not _sees_miss(state, seat):
        cards += state.miss
    return cards + list(state.stock)


def exchange_unknown(state: LooState, seat: int | None, rng: random.Random, *, keep: Collection[Card] = ()) -> LooState:
    """Shuffle the cards ``seat`` cannot see among the places it cannot see into, each place keeping its size.

    Cards in ``keep`` stay where they are.
    """
    hands = [list(hand) for hand in state.hands]
    miss = list(state.miss)
    stock = list(state.stock)
    places = [hands[owner] for owner in range(state.game.players) if owner != seat]
    if not _sees_miss(state, seat):
        places.append(miss)
    places.append(stock)
    pool = [card for place in places for card in place if card not in keep]
    rng.shuffle(pool)
    refill = iter(pool)
    for place in places:
        place[:] = [card if card in keep else next(refill) for card in place]
    assert next(refill, None) is None

    def ordered(cards: list[Card]) -> tuple[Card, ...]:
        return tuple(sorted(cards, key=card_key))

    other = state.__replace__(hands=tuple(ordered(hand) for hand in hands), miss=ordered(miss), stock=ordered(stock))
    assert Counter(other.cards()) == Counter(state.cards())
    assert [len(hand) for hand in other.hands] == [len(hand) for hand in state.hands]
    assert (len(other.miss), len(other.stock)) == (len(state.miss), len(state.stock))
    if seat is not None:
        assert other.hands[seat] == state.hands[seat]
    return other


def assert_no_leak(
    state: LooState,
    seat: int | None,
    rng: random.Random,
    view: ViewOf = view_of,
    observation: ObservationOf = _observation_of,
) -> None:
    """Fail if ``seat``'s view or observation changes when the cards it cannot see are exchanged."""
    other = exchange_unknown(state, seat, rng)
    assert view(other, seat) == view(state, seat), f"seat {seat}'s view depends on cards it cannot know"
    assert view(other, seat).to_dict() == view(state, seat).to_dict()
    assert observation(other, seat) == observation(state, seat), (
        f"seat {seat}'s observation depends on cards it cannot know"
    )


Show = Callable[[Event, "int | None"], "Event | None"]


def _for_seat(event: Event, seat: int | None) -> Event | None:
    return event.for_seat(seat)


def _shown(events: tuple[Event, ...], seat: int | None, show: Show) -> list[Event]:
    shown = (show(event, seat) for event in events)
    return [event for event in shown if event is not None]


def _exchanged_for(state: LooState, action: Action, seat: int | None, rng: random.Random) -> LooState:
    """Exchange what ``seat`` cannot see, but so that ``action`` stays legal and reveals nothing new to it.

    A card another seat plays stays in its hand (it becomes public), and if
    that hand must also stay as it is for the card to be legal, it does. The
    Miss stays as it is when ``seat`` takes it: it sees those cards then.
    """
    current = state.current_player
    assert current is not None
    if isinstance(action, TakeMiss) and seat == current:
        return exchange_unknown(state, seat, rng, keep=state.miss)
    if isinstance(action, PlayCard) and seat != current:
        for _ in range(10):
            other = exchange_unknown(state, seat, rng, keep=(action.card,))
            if other.is_legal(action):
                return other
        return exchange_unknown(state, seat, rng, keep=state.hands[current])
    return exchange_unknown(state, seat, rng)


def assert_events_leak_nothing(state: LooState, action: Action, rng: random.Random, show: Show = _for_seat) -> None:
    """Fail if the events of ``action``, or the view after it, show any seat a card it cannot know."""
    transition = state.step(action)
    for seat in (None, *range(state.game.players)):
        other = _exchanged_for(state, action, seat, rng)
        assert other.is_legal(action)
        elsewhere = other.step(action)
        assert _shown(elsewhere.events, seat, show) == _shown(transition.events, seat, show), (
            f"the events seat {seat} is shown depend on cards it cannot know"
        )
        assert elsewhere.state.view(seat) == transition.state.view(seat)
        for event in transition.events:
            if isinstance(event, (Dealt, MissTaken)):
                expected = event if seat == event.seat else attrs.evolve(event, cards=(None,) * len(event.cards))
                assert show(event, seat) == expected, f"seat {seat} is shown the cards of {event}"


@given(loo_states(), seeds())
def test_views_do_not_depend_on_unknown_cards(state: LooState, seed: int) -> None:
    """A seat's view and observation are the same whatever its unseen cards (rules/loo.md#what-each-player-knows)."""
    rng = random.Random(seed)
    for seat in (None, *range(state.game.players)):
        assert_no_leak(state, seat, rng)


@given(loo_states(), st.data())
def test_events_do_not_depend_on_unknown_cards(state: LooState, data: st.DataObject) -> None:
    """A transition shows a seat the same events whatever its unseen cards (rules/loo.md#what-each-player-knows)."""
    if state.is_over:
        return
    action = data.draw(st.sampled_from(state.legal_actions()))
    assert_events_leak_nothing(state, action, random.Random(data.draw(seeds())))


@pytest.mark.parametrize(
    "game",
    [
        Loo(players=3, rounds=2, miss=True),
        Loo(players=5, rounds=2, miss=True, pam_is_wild=True, first_dealer=3),
        Loo(players=8, rounds=1, trump_must_be_highest=True),
    ],
    ids=["three-with-miss", "five-wild-pam", "eight-highest-trump"],
)
def test_whole_games_leak_nothing(game: Loo) -> None:
    """In whole games no event or view shows a seat an unseen card (rules/loo.md#what-each-player-knows)."""
    rng = random.Random(game.players)
    state = game.start(seed=game.players)
    taken = 0
    while not state.is_over:
        legal = state.legal_actions()
        miss = [action for action in legal if isinstance(action, TakeMiss)]
        action = miss[0] if miss and rng.random() < 0.3 else rng.choice(legal[:2] if miss else legal)
        taken += isinstance(action, TakeMiss)
        assert_events_leak_nothing(state, action, rng)
        for seat in (None, *range(game.players)):
            assert_no_leak(state, seat, rng)
        state = state.apply(action)
    assert taken or not game.miss


def _leaky_view(state: LooState, seat: int | None) -> View:
    """A view that wrongly shows each seat the next seat's hand as well."""
    view = view_of(state, seat)
    if seat is None:
        return view
    following = state.hands[(seat + 1) % state.game.players]
    return attrs.evolve(view, hand=(*view.hand, *following))


def test_the_check_catches_a_leaky_view() -> None:
    """The view check fails on a view showing the next hand (rules/loo.md#what-each-player-knows)."""
    state = Loo(players=4).start(seed=11)
    assert_no_leak(state, 0, random.Random(1))
    with pytest.raises(AssertionError, match="depends on cards it cannot know"):
        assert_no_leak(state, 0, random.Random(1), view=_leaky_view)


def _leaky_observation(state: LooState, seat: int | None) -> tuple[float, ...]:
    """An observation that wrongly holds the stock's first card."""
    return (*view_of(state, seat).observation(), card_key(state.stock[0]))


def test_the_check_catches_a_leaky_observation() -> None:
    """The same exchange fails on an observation built from more than the view (rules/loo.md#what-each-player-knows)."""
    state = Loo(players=4).start(seed=11)
    assert_no_leak(state, 0, random.Random(1))

    def leaks_once() -> None:
        for attempt in range(20):
            assert_no_leak(state, 0, random.Random(attempt), observation=_leaky_observation)

    with pytest.raises(AssertionError, match="observation depends on cards it cannot know"):
        leaks_once()


def _leaky_show(event: Event, seat: int | None) -> Event | None:
    """Show every event whole, hidden cards included, to every seat."""
    del seat
    return event


def test_the_check_catches_a_leaky_event() -> None:
    """The event check fails when everyone is shown the Miss (rules/loo.md#what-each-player-knows)."""
    state = Loo(players=4, miss=True).start(seed=11)
    assert_events_leak_nothing(state, TAKE_MISS, random.Random(1))
    with pytest.raises(AssertionError, match="depend on cards it cannot know"):
        assert_events_leak_nothing(state, TAKE_MISS, random.Random(1), show=_leaky_show)


@given(loo_states())
def test_view_dicts_are_json_and_hold_no_hidden_card(state: LooState) -> None:
    """A view dict is JSON naming no other hand's card, the Miss or the stock (rules/loo.md#what-each-player-knows)."""
    for seat in (None, *range(state.game.players)):
        data = state.view(seat).to_dict()
        text = json.dumps(data)
        assert json.loads(text) == data
        leaked = [str(card) for card in hidden_cards(state, seat) if json.dumps(str(card)) in text]
        assert not leaked, f"seat {seat}'s view names cards it cannot see: {leaked}"
        own = state.hands[seat] if seat is not None else ()
        assert data["hand"] == [str(card) for card in own]
        assert data["given_up"] == ([str(card) for card in state.miss] if _sees_miss(state, seat) else [])
        assert data["turned"] == str(state.turned)
