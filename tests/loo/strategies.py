"""Hypothesis strategies for Loo: games with drawn options, and states reached by random legal decisions."""

from __future__ import annotations

from hypothesis import strategies as st

from tablegames.loo import Loo, LooState
from tablegames.testing.strategies import states


@st.composite
def games(draw: st.DrawFn, *, max_rounds: int = 3) -> Loo:
    """Draw a Loo game: 3 to 8 players, every option drawn, a few rounds."""
    players = draw(st.integers(3, 8))
    return Loo(
        players=players,
        ante=draw(st.integers(1, 3)),
        rounds=draw(st.integers(1, max_rounds)),
        starting_chips=draw(st.integers(0, 30)),
        miss=draw(st.booleans()),
        miss_fee=draw(st.integers(0, 4)),
        pam_is_wild=draw(st.booleans()),
        trump_must_be_highest=draw(st.booleans()),
        first_dealer=draw(st.integers(0, players - 1)),
    )


@st.composite
def loo_states(draw: st.DrawFn, max_actions: int = 120) -> LooState:
    """Draw a state reached from a seeded start of a drawn game by up to ``max_actions`` random legal decisions."""
    state = draw(states(draw(games()), max_actions=max_actions))
    assert isinstance(state, LooState)
    return state
