"""Hypothesis strategies for Kalaha: games with drawn options, and any legal position."""

from __future__ import annotations

from hypothesis import strategies as st

from tablegames.kalaha import Kalaha, KalahaState


@st.composite
def games(draw: st.DrawFn, max_pits: int = 6, max_seeds: int = 6) -> Kalaha:
    """Draw a Kalaha game with drawn options."""
    return Kalaha(
        pits=draw(st.integers(1, max_pits)),
        seeds=draw(st.integers(1, max_seeds)),
        empty_capture=draw(st.booleans()),
    )


@st.composite
def positions(draw: st.DrawFn, game: Kalaha | None = None, max_count: int = 30) -> KalahaState:
    """Draw a position that is not over: both rows hold seeds, either seat to move."""
    game = game or draw(games())
    row = st.lists(st.integers(0, max_count), min_size=game.pits, max_size=game.pits).filter(any)
    return game.position(
        rows=(draw(row), draw(row)),
        stores=(draw(st.integers(0, 40)), draw(st.integers(0, 40))),
        to_move=draw(st.sampled_from((0, 1))),
    )
