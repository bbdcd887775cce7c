"""Hypothesis strategies for Kalo: games with drawn options, and states reached by random legal decisions."""

from __future__ import annotations

from hypothesis import strategies as st

from tablegames.kalo import Kalo, KaloState
from tablegames.kalo.table import deal_round
from tablegames.testing.strategies import seeds, states


@st.composite
def games(draw: st.DrawFn) -> Kalo:
    """Draw a Kalo game: 3 to 6 players, either Kalo rule, and now and then a small play limit."""
    return Kalo(
        players=draw(st.integers(3, 6)),
        kalo_in_combinations=draw(st.booleans()),
        play_limit=draw(st.one_of(st.just(500), st.integers(2, 40))),
    )


@st.composite
def kalo_states(draw: st.DrawFn, max_actions: int = 400, *, effect: bool = False) -> KaloState:
    """Draw a state reached from a seeded start by up to ``max_actions`` random legal decisions.

    With ``effect``, play on (by drawn decisions) until an effect is being
    resolved, so that cards on their way and 4s and 5s looking at the discard
    pile are met often.
    """
    game = draw(games())
    if draw(st.booleans()):
        state = draw(states(game, max_actions=max_actions))
    else:  # a deal with drawn scores, so that games end within a round or two
        seed = draw(seeds())
        scores = draw(st.lists(st.integers(0, game.target - 1), min_size=game.players, max_size=game.players))
        state = game.deal(deal_round(game, seed, 1), seed=seed, scores=scores)
        for _ in range(draw(st.integers(0, max_actions))):
            if state.is_over:
                break
            state = state.apply(draw(st.sampled_from(state.legal_actions())))
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
