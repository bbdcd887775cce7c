"""Hypothesis strategies for Kalaha: games with drawn options, and any legal position of a game."""

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
def positions(draw: st.DrawFn, game: Kalaha | None = None) -> KalahaState:
    """Draw a position that is not over: the game's 2*pits*seeds seeds, both rows holding some, either seat to move.

    Seeds are dropped one by one into drawn pits, so pits hold few seeds, as in
    play, with now and then one that holds a lap or more on small boards.
    """
    game = game or draw(games())
    p, total = game.pits, 2 * game.pits * game.seeds
    in_rows = draw(st.integers(2, total))
    store0 = draw(st.integers(0, total - in_rows))
    counts = [0] * (2 * p)
    counts[draw(st.integers(0, p - 1))] += 1
    counts[draw(st.integers(p, 2 * p - 1))] += 1
    for place in draw(st.lists(st.integers(0, 2 * p - 1), min_size=in_rows - 2, max_size=in_rows - 2)):
        counts[place] += 1
    return game.position(
        rows=(counts[:p], counts[p:]),
        stores=(store0, total - in_rows - store0),
        to_move=draw(st.sampled_from((0, 1))),
    )
