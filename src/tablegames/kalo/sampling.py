"""Sampling a full Kalo state from one seat's view: the cards it cannot see dealt at random.

A seat sees (ruling K14) its own hand, the cards in other hands that it gave,
took or saw pass, every card of the trick, the discard pile only while it
resolves a 4 or 5, and a card on its way only if it chose, lost, knew or
receives it. Everything else about the round is public: hand sizes, which
slots received cards and who knows them, the Kalo holder at the deal, the
scores, the trick, who passed, who is out, the effect in progress.

`sample_state` keeps every public fact and every card the seat sees, and
deals the other cards of the round (never the removed ones, K1) at random
among the places the seat cannot see into: the slots of other hands it does
not know, the discard pile unless it is shown, and the card on its way if it
is hidden. A spectator (seat None) sees no hidden card, so every one of them
is dealt. What the view proves narrows the deal in two ways:

- Cards out of the round (removed by the player count, K1, or set aside by
  a position) are never dealt.
- The Kalo is dealt to ``kalo_holder`` (K2), and a slot that did not receive
  a card this round still holds a card dealt to its owner; so the Kalo can be
  in the holder's own slots, in a slot that received a card, in the discard
  pile or on its way, but never in another hand's unreceived slot. While
  hands are arranged nothing has moved, so it is in the holder's hand.
- A seat to lead a new trick can lead (K7), else the lead would have moved on.
  A deal giving it no legal lead is dealt again.

A few hidden details are guessed rather than dealt: the seed (drawn from the
RNG; the view never shows it), how far a seat other than this one has got in
arranging its hand (drawn at random), and who else knows the card on its way
(the seats that must: whoever chose or lost it, and this seat if it sees it).

Examples:
    >>> import random
    >>> from tablegames.kalo import Kalo
    >>> game = Kalo(players=4)
    >>> state = game.start(seed=7)
    >>> view = state.view(1)
    >>> sample = game.sample_state(view, random.Random(3))
    >>> sample.view(1) == view, sample.hands[1] == state.hands[1]
    (True, True)
    >>> game.from_dict(sample.to_dict()) == sample
    True
    >>> sample.hands[0] == state.hands[0]  # another hand: dealt afresh
    False
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tablegames.core.errors import InvalidStateError
from tablegames.kalo.cards import DECK, KALO, card_key, removed_cards
from tablegames.kalo.effects import Effect
from tablegames.kalo.hands import DEALT, Slot
from tablegames.kalo.rules import card_source, has_card_on_its_way, held_by_others, lead_is_possible
from tablegames.kalo.state import KaloState
from tablegames.kalo.view import KaloView

if TYPE_CHECKING:
    import random

    from tablegames.core.protocol import View
    from tablegames.kalo.cards import Card
    from tablegames.kalo.options import KaloOptions
    from tablegames.kalo.view import EffectView

__all__ = ["Place", "hidden_places", "kalo_may_be_at", "sample_state"]

#: Where a hidden card may lie: ``("hand", owner, slot)``, ``("pile", 0, 0)`` or ``("effect", 0, 0)``.
Place = tuple[str, int, int]

#: How many deals to try before deciding that no deal fits the view.
_TRIES: Final = 10_000


def hidden_places(view: KaloView) -> list[Place]:
    """The places ``view``'s seat cannot see into, in a fixed order: hand slots, the pile, the effect's card.

    The pile is one place holding ``view.pile_size`` cards; it is listed once.

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> view = Kalo(players=3).start(seed=1).view(0)
        >>> places = hidden_places(view)
        >>> len(places), places[0]
        (34, ('hand', 1, 0))
    """
    places: list[Place] = [
        ("hand", owner, index)
        for owner, hand in enumerate(view.hands)
        for index, slot in enumerate(hand)
        if slot.card is None
    ]
    if view.pile is None and view.pile_size:
        places.append(("pile", 0, 0))
    effect = view.effect
    if effect is not None and effect.card is None and has_card_on_its_way(effect.rank, effect.step):
        places.append(("effect", 0, 0))
    return places


def kalo_may_be_at(view: KaloView, place: Place) -> bool:
    """Whether the view allows the Kalo at a hidden ``place``: not in another hand's unreceived slot (K2).

    A slot that did not receive a card this round holds a card dealt to its
    owner, and the Kalo was dealt to ``view.kalo_holder``.
    """
    kind, owner, index = place
    return kind != "hand" or owner == view.kalo_holder or view.hands[owner][index].received


def sample_state(game: KaloOptions[KaloState], view: View, rng: random.Random) -> KaloState:
    """Return a full state consistent with ``view``, the cards its seat cannot see dealt with ``rng``.

    ``sample.view(view.seat) == view`` and the sample reads back with
    ``game.from_dict``. The same view and RNG state give the same sample.

    Raises:
        InvalidStateError: If ``view`` is not a Kalo view of this game, or no
            deal of the hidden cards fits it.

    Examples:
        >>> import random
        >>> from tablegames.kalo import Kalo
        >>> game = Kalo(players=3)
        >>> view = game.start(seed=1).view(None)  # a spectator: every card is dealt
        >>> sample = sample_state(game, view, random.Random(2))
        >>> sample.view(None) == view, KALO in [slot.card for slot in sample.hands[view.kalo_holder]]
        (True, True)
    """
    if not isinstance(view, KaloView):
        raise InvalidStateError(f"a Kalo state is sampled from a Kalo view, got {type(view).__name__}")
    players = game.players
    if len(view.hands) != players or not set(removed_cards(players)) <= set(view.removed):
        raise InvalidStateError(f"this view is not of {players}-player Kalo")
    places = hidden_places(view)
    pile_size = view.pile_size if view.pile is None else 0
    slots = [place for place in places if place[0] == "hand"]
    on_its_way = [place for place in places if place[0] == "effect"]
    unknown = _unknown_cards(view)
    wanted = len(slots) + pile_size + len(on_its_way)
    if len(unknown) != wanted:
        raise InvalidStateError(f"the view hides {wanted} cards but leaves {len(unknown)} unaccounted for")

    # Spread the pile over ``pile_size`` single places so that every hidden card has one place.
    spots: list[Place] = [*slots, *(("pile", 0, 0),) * pile_size, *on_its_way]
    kalo_spots = [index for index, spot in enumerate(spots) if kalo_may_be_at(view, spot)] if KALO in unknown else []
    if KALO in unknown and not kalo_spots:  # a view no real game gives; deal the Kalo anywhere hidden
        kalo_spots = list(range(len(spots)))
    others = [card for card in unknown if card is not KALO]

    leader = _leader_to_check(view)
    for _ in range(_TRIES):
        dealt = others[:]
        rng.shuffle(dealt)
        if KALO in unknown:
            dealt.insert(kalo_spots[int(rng.random() * len(kalo_spots))], KALO)
        state = _build(game, view, spots, dealt, rng)
        hands = state.hands
        if leader is None or lead_is_possible(hands[leader], len(state.pile), held_by_others(hands, leader)):
            return state
    raise InvalidStateError(f"no deal of the hidden cards lets seat {leader} lead, as the view says it does")


def _unknown_cards(view: KaloView) -> list[Card]:
    """The round's cards the view does not show, in deck order."""
    seen: set[Card] = {slot.card for hand in view.hands for slot in hand if slot.card is not None}
    seen.update(card for play in view.trick for card in play.cards)
    if view.pile is not None:
        seen.update(view.pile)
    if view.effect is not None and view.effect.card is not None:
        seen.add(view.effect.card)
    removed = set(view.removed)
    return [card for card in DECK if card not in seen and card not in removed]


def _leader_to_check(view: KaloView) -> int | None:
    """The seat the view proves can lead (K7): the one to lead a new trick, if its hand is hidden in part."""
    seat = view.current_player
    if view.phase != "play" or view.trick or seat is None or all(slot.card is not None for slot in view.hands[seat]):
        return None
    return seat


def _build(
    game: KaloOptions[KaloState], view: KaloView, spots: list[Place], dealt: list[Card], rng: random.Random
) -> KaloState:
    """The state with ``dealt[i]`` at ``spots[i]`` and everything else as the view shows it."""
    hands = [[slot.card for slot in hand] for hand in view.hands]
    pile = [] if view.pile is None else list(view.pile)
    effect_card = None if view.effect is None else view.effect.card
    for (kind, owner, index), card in zip(spots, dealt, strict=True):
        if kind == "hand":
            hands[owner][index] = card
        elif kind == "pile":
            pile.append(card)
        else:
            effect_card = card
    full_hands = tuple(
        tuple(
            DEALT[card] if not slot.received and not slot.known_by else Slot(card, slot.received, slot.known_by)
            for slot, card in zip(hand, cards, strict=True)
            if card is not None
        )
        for hand, cards in zip(view.hands, hands, strict=True)
    )
    arranged = 0
    seat = view.current_player
    if view.phase == "arrange" and seat is not None:
        size = len(view.hands[seat])
        # The arranging seat's decisions are ``arrange k`` for each slot not yet placed, then ``ready``;
        # only that seat sees how far it has got, so for anyone else it is drawn.
        arranged = size - len(view.legal_actions) + 1 if seat == view.seat else int(rng.random() * max(size - 1, 1))
    return KaloState(
        game=game,
        seed=rng.randrange(2**63),
        round_number=view.round_number,
        scores=view.scores,
        hands=full_hands,
        pile=tuple(sorted(pile, key=card_key)),
        kalo_holder=view.kalo_holder,
        trick=view.trick,
        passed=view.passed,
        leader=view.leader,
        phase=view.phase,
        current_player=view.current_player,
        arranged=arranged,
        effect=None if view.effect is None else _effect(view.effect, effect_card, view.seat),
        out=view.out,
        plays=view.plays,
        aside=tuple(card for card in view.removed if card not in removed_cards(game.players)),
    )


def _effect(effect: EffectView, card: Card | None, seat: int | None) -> Effect:
    """The effect with its card; who knows the card is the least the rules require, plus ``seat`` if it sees it.

    The card on its way is always known to whoever chose it (3, 4, 5) or lost
    it (6). Others may know it too (they knew the slot it came from); the view
    does not say, so the sample assumes nobody else, except the seeing seat.
    """
    origin: frozenset[int] = frozenset()
    if card is not None:
        origin = frozenset({card_source(effect.rank, effect.seat, effect.target)})
    sampled = Effect(effect.rank, effect.seat, effect.left, effect.step, card, origin, effect.target)
    if seat is None or effect.card is None or seat in sampled.seen_by:
        return sampled
    return Effect(effect.rank, effect.seat, effect.left, effect.step, card, origin | {seat}, effect.target)
