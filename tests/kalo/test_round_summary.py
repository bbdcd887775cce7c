"""A finished Kalo round is told by its round_ended event: the places, the points and the totals, all public."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hypothesis import given
from hypothesis import strategies as st

from tablegames import Match
from tablegames.kalo.events import RoundEnded, RoundStarted, WentOut
from tests.kalo.strategies import games

if TYPE_CHECKING:
    from tablegames.kalo import Kalo


@given(games(), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_the_round_ended_event_sums_up_the_round(game: Kalo, seed: int, rng: object) -> None:
    """Places are the seats out in order (the last holder too); points are each seat's gain; scores the totals.

    The next round is dealt in the same step, so the event is where a frontend finds the finished round.
    Checks rules/kalo.md#round-end, rules/kalo.md#points, rules/kalo.md#new-rounds.
    """
    match = Match(game, seed=seed)
    before = match.state.scores
    places: list[int] = []
    ended = 0
    while not match.state.is_over and ended < 3:
        transition = match.play(rng.choice(match.state.legal_actions()))  # type: ignore[attr-defined]
        for event in transition.events:
            if isinstance(event, WentOut):
                places.append(event.seat)
            elif isinstance(event, RoundEnded):
                ended += 1
                gained = tuple(after - earlier for after, earlier in zip(event.scores, before, strict=True))
                assert event.points == gained
                last = list(event.scoring) if event.reason == "last" else []
                assert list(event.places) == places + last
                assert all(event.points[seat] >= 1 for seat in event.scoring)
                assert event.for_seat(None) == event
                before, places = event.scores, []
            elif isinstance(event, RoundStarted):
                assert match.state.scores == before or match.state.is_over
