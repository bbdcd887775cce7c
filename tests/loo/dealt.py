"""A Loo round dealt by hand for the tests of refusals and of values: three seats and known cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.loo import Loo, LooState

if TYPE_CHECKING:
    from collections.abc import Sequence

THREE = Loo(players=3)
MISS = Loo(players=3, miss=True)
HIGHEST = Loo(players=3, trump_must_be_highest=True)

# Seat 0 deals, so seat 1 decides first and leads, then seat 2, then seat 0; spades are trump.
LEADER = "Qh Ah Jc 2c 3c"
DEALER = "3s 4s 7d 8d 9d"
HEADS = "Kh 3h 2d 5s 6d"
THE_MISS = "2h 4h 5h 6h 7h"
TURNED = "Ks"


def hands_dealt(dealer: str = DEALER, second: str = HEADS) -> list[list[str]]:
    """The three hands in seat order: the dealer's, the leader's, and the second to play's."""
    return [dealer.split(), LEADER.split(), second.split()]


def deal(game: Loo = THREE, *, dealer: str = DEALER, second: str = HEADS, moves: Sequence[str] = ()) -> LooState:
    """Deal the hands above (and the Miss, with option miss), then make ``moves`` in notation."""
    miss = THE_MISS.split() if game.miss else None
    state = game.deal(hands_dealt(dealer, second), TURNED, miss)
    for move in moves:
        state = state.apply(state.parse_action(move))
    return state


def in_play(**dealing: Any) -> LooState:
    """Deal as `deal` does, then let every seat play: the first trick is led next."""
    return deal(moves=("play", "play", "play"), **dealing)
