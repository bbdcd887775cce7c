"""Hypothesis strategies for Kalo: games with drawn options, and states reached by random legal decisions."""

from __future__ import annotations

from hypothesis import strategies as st

from tablegames.kalo import Kalo, KaloState
from tablegames.testing.strategies import states


@st.composite
def games(draw: st.DrawFn) -> Kalo:
    """Draw a Kalo game: 3 to 6 players, either Kalo rule."""
    return Kalo(players=draw(st.integers(3, 6)), kalo_in_combinations=draw(st.booleans()))


@st.composite
def kalo_states(draw: st.DrawFn, max_actions: int = 400, *, effect: bool = False) -> KaloState:
    """Draw a state reached from a seeded start by up to ``max_actions`` random legal decisions.

    With ``effect``, play on (by drawn decisions) until an effect is being
    resolved, so that cards on their way and 4s and 5s looking at the discard
    pile are met often.
    """
    state = draw(states(draw(games()), max_actions=max_actions))
    assert isinstance(state, KaloState)
    if effect:
        for _ in range(2_000):
            if state.phase == "effect" or state.is_over:
                break
            state = state.apply(draw(st.sampled_from(state.legal_actions())))
        if state.phase == "effect":
            for _ in range(draw(st.integers(0, 3))):
                if state.phase != "effect":
                    break
                state = state.apply(draw(st.sampled_from(state.legal_actions())))
    return state
