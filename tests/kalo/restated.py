"""Kalo's rules restated on their own terms, for properties to compare the game with: who holds, who may lead what."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING

from tablegames.kalo import DECK, KALO, Card, KaloState, Play, rank_of
from tablegames.kalo.cards import removed_cards
from tablegames.kalo.events import Blocked

if TYPE_CHECKING:
    from tablegames.core.protocol import Action, Event


def holders(state: KaloState) -> list[int]:
    """The seats holding cards."""
    return [seat for seat, hand in enumerate(state.hands) if hand]


def next_holder(state: KaloState, seat: int, *, including: bool = False) -> int | None:
    """The first seat after ``seat`` in play order (or ``seat`` itself) that holds cards."""
    n = state.game.players
    return next(
        ((seat + step) % n for step in range(0 if including else 1, n + 1) if state.hands[(seat + step) % n]), None
    )


def effects_possible(state: KaloState, seat: int, rank: int, count: int) -> bool:
    """Whether ``count`` effects of ``rank`` played by ``seat`` can all be carried out."""
    left = len(state.hands[seat]) - count
    others = sum(len(hand) for other, hand in enumerate(state.hands) if other != seat)
    if rank == 3:
        return left >= count  # each 3 gives a card of what the 3s left
    if rank in (4, 5):
        return len(state.pile) >= count  # each takes a card of the discard pile
    if rank == 6:
        return others >= count  # each takes a card of another hand
    return True


def can_lead(state: KaloState, seat: int) -> bool:
    """Whether ``seat`` has a legal lead: a single card will do whenever anything will."""
    return any(effects_possible(state, seat, slot.card.rank, 1) for slot in state.hands[seat])


def allowed_plays(state: KaloState) -> set[frozenset[Card]]:
    """Every play the rules allow the seat to play now, worked out from the hand and the trick."""
    seat = state.current_player
    assert seat is not None
    hand = [slot.card for slot in state.hands[seat]]
    allowed: set[frozenset[Card]] = set()
    for count in range(1, 5):
        for cards in combinations(hand, count):
            rank = rank_of(cards[0])
            if any(rank_of(card) != rank for card in cards):
                continue
            if KALO in cards and count > 1 and not state.game.kalo_in_combinations:
                continue
            if state.trick and cards != (KALO,):
                top = state.trick[-1].cards
                if count != len(top) or rank <= rank_of(top[0]):
                    continue
            if effects_possible(state, seat, rank, count):
                allowed.add(frozenset(cards))
    return allowed


def plays_of(actions: tuple[Action, ...]) -> set[frozenset[Card]]:
    """The plays among ``actions``, as sets of cards."""
    return {frozenset(action.cards) for action in actions if isinstance(action, Play)}


def check_fresh_round(state: KaloState) -> None:
    """A round as dealt: even hands without the removed cards, the Kalo holder's next seat to open."""
    game = state.game
    n = game.players
    removed = set(removed_cards(n))
    dealt = [slot.card for hand in state.hands for slot in hand]
    assert Counter(dealt) == Counter(card for card in DECK if card not in removed), "every other card is dealt"
    assert {len(hand) for hand in state.hands} == {(52 - len(removed)) // n}, "evenly"
    assert (state.pile, state.trick, state.out, state.plays) == ((), (), (), 0), "nothing played yet"
    assert not any(slot.received or slot.known_by for hand in state.hands for slot in hand)
    assert KALO in {slot.card for slot in state.hands[state.kalo_holder]}, "the holder announced was dealt the Kalo"
    assert state.leader == (state.kalo_holder + 1) % n, "the seat to the holder's right opens"


def check_next_lead(state: KaloState, start: int, events: tuple[Event, ...]) -> None:
    """After a trick (or the deal) the first holder from ``start`` on who can lead leads; those before are blocked."""
    n = state.game.players
    order = [seat for seat in ((start + step) % n for step in range(n)) if state.hands[seat]]
    able = [seat for seat in order if can_lead(state, seat)]
    assert able, "some holder can lead, or the round would have ended"
    assert state.current_player == state.leader == able[0]
    assert (state.phase, state.trick, state.passed) == ("play", (), frozenset())
    blocked = [event.seat for event in events if isinstance(event, Blocked)]
    assert blocked == order[: order.index(able[0])], "each holder passed over is announced blocked"
