"""Sampling a full Loo state from one seat's view: the unseen cards dealt at random, as the public play allows.

A seat sees its own hand (and, if it took the Miss, the hand it gave up), the
turned-up card and every card played this round (L16); `sample_state` deals
the other cards among the places it cannot see into.

The public play narrows where a card can be. The follow rules (L9) make a
play prove things about the hand it came from: a seat that did not follow
the suit led holds none of it; one that did not trump either holds no trump;
one that followed without heading holds no card of the suit led that beats
the trick, and so on. `proven_absent` finds these facts by playing the
round's tricks again; the sample never puts a card where the play proves it
cannot be.

Examples:
    >>> import random
    >>> from tablegames.loo import Loo
    >>> game = Loo(players=4)
    >>> state = game.start(seed=7)
    >>> view = state.view(1)
    >>> sample = game.sample_state(view, random.Random(3))
    >>> sample.view(1) == view, sample.hands[1] == state.hands[1]
    (True, True)
    >>> game.from_dict(sample.to_dict()) == sample
    True
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING

import attrs

from tablegames.core.errors import InvalidStateError
from tablegames.loo.cards import DECK, Card, card_key
from tablegames.loo.deal import miss_and_stock
from tablegames.loo.state import LooState
from tablegames.loo.tricks import TrickCard, follow
from tablegames.loo.view import LooView

if TYPE_CHECKING:
    import random
    from collections.abc import Sequence

    from tablegames.core.protocol import View
    from tablegames.loo.options import LooOptions

__all__ = ["proven_absent", "sample_state"]

#: How many times to deal the unseen cards uniformly before dealing the most constrained cards first.
_UNIFORM_TRIES = 6


def proven_absent(game: LooOptions[LooState], view: LooView) -> tuple[frozenset[Card], ...]:
    """Per seat, the cards the round's public play proves it does not hold now (L9).

    Each card a seat played to a trick, after the lead, was legal for the hand
    it held then: the cards it still holds and the cards it played from that
    trick on. A card ``c`` is proven absent if adding ``c`` to that hand would
    have made the card played illegal (``follow``, under the game's options
    ``pam_is_wild`` and ``trump_must_be_highest``); cards leave a hand only by
    being played, so it is absent now. Only cards still unplayed are listed.

    Examples:
        >>> from tablegames.loo import Loo
        >>> game = Loo(players=3, rounds=1)
        >>> hands = ["Qs Js 10s 9s 8s", "Ah Kh Qh 2c 3c", "4h 5h 4c Ad Kd"]
        >>> state = game.deal([hand.split() for hand in hands], turned="2h")
        >>> for move in "play play play Ah 5h Qs".split():
        ...     state = state.apply(state.parse_action(move))
        >>> absent = proven_absent(game, state.view(1))
        >>> [str(card) for card in DECK if card in absent[0]]  # seat 0 showed no trumps: no hearts, no Pam
        ['Jc', '2h', '3h', '4h', '6h', '7h', '8h', '9h', '10h', 'Jh', 'Qh', 'Kh']
        >>> [str(card) for card in DECK if card in absent[2]]  # seat 2 could not head the Ah: nothing above it
        ['Jc']
    """
    return _absent(view.trump, game.pam_is_wild, game.trump_must_be_highest, game.players, (*view.tricks, view.trick))


@functools.lru_cache(maxsize=512)
def _absent(
    trump: str,
    pam_is_wild: bool,
    trump_must_be_highest: bool,
    players: int,
    tricks: tuple[tuple[TrickCard, ...], ...],
) -> tuple[frozenset[Card], ...]:
    """`proven_absent` from the public history alone, cached: a search asks again for the same view."""
    played = [play for trick in tricks for play in trick]
    gone = {play.card for play in played}
    unplayed = [card for card in DECK if card not in gone]
    absent: list[set[Card]] = [set() for _ in range(players)]
    legal = functools.partial(follow, trump=trump, pam_is_wild=pam_is_wild, trump_must_be_highest=trump_must_be_highest)
    for trick in tricks:
        for position, play in enumerate(trick[1:], 1):  # a lead may be any card
            index = played.index(play)
            later = [other.card for other in played[index:] if other.seat == play.seat]
            prefix = [other.card for other in trick[:position]]
            for card in unplayed:
                if card not in absent[play.seat] and play.card not in legal([*later, card], prefix).cards:
                    absent[play.seat].add(card)
    return tuple(frozenset(cards) for cards in absent)


def sample_state(game: LooOptions[LooState], view: View, rng: random.Random) -> LooState:
    """Return a full state that ``view``'s seat cannot tell from the real one, its unseen cards dealt with ``rng``.

    Every public fact of the view is kept: balances, pot, P0, carry-over,
    decisions, the finished tricks and the trick in progress, the turned-up
    card, the round, the phase and the seat to act; so is what the seat holds
    (and the hand it gave up for the Miss). The cards it cannot see are dealt
    among the places it cannot see into, each keeping its size: the other
    hands (live or dropped), the Miss unless this seat gave that hand up, and
    the stock. No card goes to a hand the public play proves cannot hold it
    (`proven_absent`). Among the deals that respect all this, the sampler
    first tries a uniform deal a few times; if each breaks a proven absence,
    it deals the most constrained cards first, to places drawn in proportion
    to their room, moving cards already dealt when one finds no room. The
    sample's seed, which shuffles the later rounds, is drawn from ``rng``
    (the view never shows the real one). A spectator's view (seat None) has
    every hand dealt. The same view and RNG state give the same sample.

    Args:
        game: The game the view belongs to.
        view: A seat's view (or a spectator's) of a state of ``game``.
        rng: The random source; it is advanced.

    Returns:
        A state with ``state.view(view.seat) == view`` that ``game.from_dict``
        reads back.

    Raises:
        InvalidStateError: If ``view`` is not a view of this game's states, or
            no deal of the unseen cards fits it.

    Examples:
        >>> import random
        >>> from tablegames.loo import Loo
        >>> game = Loo(players=3, miss=True)
        >>> state = game.start(seed=4).apply(game.start(seed=4).parse_action("miss"))
        >>> view = state.view(1)
        >>> sample = game.sample_state(view, random.Random(0))
        >>> sample.miss == view.given_up == state.miss, sample.view(1) == view
        (True, True)
        >>> spectator = game.sample_state(state.view(None), random.Random(0))
        >>> [len(hand) for hand in spectator.hands], spectator.view(None) == state.view(None)
        ([5, 5, 5], True)
    """
    if not isinstance(view, LooView):
        raise InvalidStateError(f"Loo samples states from a Loo view, not {type(view).__name__}")
    if len(view.hand_sizes) != game.players or view.rounds != game.rounds:
        raise InvalidStateError(f"this view is of a Loo game with other options than {game}")
    if view.dealer != game.dealer_of(view.round_number):
        raise InvalidStateError(f"seat {view.dealer} does not deal round {view.round_number} of {game}")
    plan = _plan(game, view)
    seed = rng.randrange(2**63)
    places = _deal(plan.pool, plan.sizes, plan.forbidden, rng)
    dealt = iter(places[: len(plan.seats)])
    hands = [view.hand if other == view.seat else next(dealt) for other in range(game.players)]
    return LooState(
        game,
        seed,
        view.round_number,
        view.scores,
        view.pot,
        view.carry,
        tuple(hands),
        view.given_up if plan.sees_miss else places[len(plan.seats)],
        places[-1],
        view.turned,
        view.decisions,
        view.p0,
        view.tricks,
        view.trick,
        view.phase,
        view.current_player,
    )


@attrs.frozen
class _Plan:
    """What every sample from one view shares: the unseen cards, the places for them and what each forbids.

    Attributes:
        seats: The other seats, in seat order.
        sees_miss: The seat gave its hand up for the Miss, so it knows the Miss.
        pool: The cards the seat cannot see, in `DECK` order.
        sizes: How many of them each place takes: the other seats' hands, the Miss, the stock.
        forbidden: The cards each place cannot hold (`proven_absent`).
    """

    seats: tuple[int, ...]
    sees_miss: bool
    pool: tuple[Card, ...]
    sizes: tuple[int, ...]
    forbidden: tuple[frozenset[Card], ...]


@functools.lru_cache(maxsize=64)
def _plan(game: LooOptions[LooState], loo: LooView) -> _Plan:
    """The `_Plan` of the view ``loo``, kept for an equal view: a search samples one view many times."""
    known: set[Card] = {loo.turned, *loo.hand, *loo.given_up}
    known.update(play.card for trick in (*loo.tricks, loo.trick) for play in trick)
    pool = tuple(card for card in DECK if card not in known)
    absent = proven_absent(game, loo)
    seats = tuple(other for other in range(game.players) if other != loo.seat)
    sees_miss = bool(loo.given_up)
    miss_size, stock_size = miss_and_stock(game)
    sizes = (*(loo.hand_sizes[other] for other in seats), 0 if sees_miss else miss_size, stock_size)
    if sum(sizes) != len(pool):
        raise InvalidStateError(
            f"the view leaves {len(pool)} cards unseen but {sum(sizes)} places for them: it is not a view of {game}"
        )
    forbidden = (*(absent[other] for other in seats), frozenset(), frozenset())
    return _Plan(seats, sees_miss, pool, sizes, forbidden)


def _deal(
    pool: Sequence[Card], sizes: Sequence[int], forbidden: Sequence[frozenset[Card]], rng: random.Random
) -> list[tuple[Card, ...]]:
    """Deal ``pool`` into places of ``sizes`` cards, no place getting a card it forbids; each place in `DECK` order."""
    for _ in range(_UNIFORM_TRIES):
        cards = list(pool)
        rng.shuffle(cards)
        places = [cards[end - size : end] for end, size in zip(itertools.accumulate(sizes), sizes, strict=True)]
        if all(not forbidden[place].intersection(cards) for place, cards in enumerate(places)):
            break
    else:
        places = _deal_constrained(pool, sizes, forbidden, rng)
    return [tuple(sorted(cards, key=card_key)) for cards in places]


def _deal_constrained(
    pool: Sequence[Card], sizes: Sequence[int], forbidden: Sequence[frozenset[Card]], rng: random.Random
) -> list[list[Card]]:
    """Deal the most constrained cards first, each to a place drawn in proportion to its room.

    When a card finds every place it may go full, cards already dealt are
    moved along an augmenting path (as in bipartite matching) to make room; a
    deal exists whenever the view came from a real state, so one is found.
    """
    allowed = {card: [place for place in range(len(sizes)) if card not in forbidden[place]] for card in pool}
    order = list(pool)
    rng.shuffle(order)
    order.sort(key=lambda card: len(allowed[card]))
    held: list[list[Card]] = [[] for _ in sizes]
    for card in order:
        room = [place for place in allowed[card] if len(held[place]) < sizes[place]]
        if room:
            place = rng.choices(room, weights=[sizes[place] - len(held[place]) for place in room])[0]
            held[place].append(card)
        elif not _augment(card, allowed, sizes, held, set()):
            raise InvalidStateError(f"no deal of the unseen cards fits the view: {card} has nowhere to go")
    return held


def _augment(
    card: Card,
    allowed: dict[Card, list[int]],
    sizes: Sequence[int],
    held: list[list[Card]],
    visited: set[int],
) -> bool:
    """Place ``card``, moving cards already dealt along an augmenting path if needed; False if impossible."""
    for place in allowed[card]:
        if place in visited:
            continue
        visited.add(place)
        if len(held[place]) < sizes[place]:
            held[place].append(card)
            return True
        for other in list(held[place]):
            held[place].remove(other)
            if _augment(other, allowed, sizes, held, visited):
                held[place].append(card)
                return True
            held[place].append(other)
    return False
