"""A finished Loo round is told by its round_ended event: tricks, chips won, the loo and the balances, all public."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tablegames import Match
from tablegames.loo import Loo
from tablegames.loo.events import Looed, PotWon, RoundEnded, TrickWon


@given(st.integers(3, 8), st.booleans(), st.integers(0, 2**32))
def test_the_round_ended_event_sums_up_the_round(players: int, miss: bool, seed: int) -> None:
    """tricks, won, looed and loo are what the round's events say; the balances are those before the next antes.

    The next round is dealt in the same step, so the event is where a frontend finds the finished round.
    Checks rules/loo.md#next-round, rules/loo.md#looed, rules/loo.md#payouts.
    """
    game = Loo(players=players, rounds=3, miss=miss)
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    tricks, won, looed = [0] * players, [0] * players, []
    while not match.state.is_over:
        transition = match.play(rng.choice(match.state.legal_actions()))
        for event in transition.events:
            if isinstance(event, TrickWon):
                tricks[event.seat] += 1
                won[event.seat] += event.chips
            elif isinstance(event, PotWon):
                won[event.seat] += event.chips
            elif isinstance(event, Looed):
                looed.append((event.seat, event.chips))
            elif isinstance(event, RoundEnded):
                assert (list(event.tricks), list(event.won)) == (tricks, won)
                assert [(seat, event.loo) for seat in event.looed] == sorted(looed)
                after = match.state
                antes = () if after.is_over else (game.ante,) * players
                assert event.balances == tuple(
                    chips + ante for chips, ante in zip(after.scores, antes or (0,) * players, strict=True)
                )
                assert event.for_seat(None) == event
                tricks, won, looed = [0] * players, [0] * players, []
