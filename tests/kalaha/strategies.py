"""Hypothesis strategies for Kalaha: games with drawn options, and any legal position of a game; random openings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hypothesis import strategies as st

from tablegames.kalaha import Kalaha, KalahaState

if TYPE_CHECKING:
    import random


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


@st.composite
def arranged(draw: st.DrawFn, own: list[int], other: list[int], mover: int) -> KalahaState:
    """Draw a game and position in which ``mover`` is to move with rows ``own`` and ``other``.

    The seeds per pit are drawn just large enough (or a little more) for the rows,
    the capture rule is drawn, and the stores share the rest of the seeds.
    """
    p, on_board = len(own), sum(own) + sum(other)
    seeds = max(1, -(-on_board // (2 * p))) + draw(st.integers(0, 2))
    game = Kalaha(pits=p, seeds=seeds, empty_capture=draw(st.booleans()))
    rest = 2 * p * seeds - on_board
    kept = draw(st.integers(0, rest))
    rows, stores = ((own, other), (kept, rest - kept)) if mover == 0 else ((other, own), (rest - kept, kept))
    return game.position(rows=rows, stores=stores, to_move=mover)


def openings(game: Kalaha, count: int, rng: random.Random, most: int) -> list[KalahaState]:
    """``count`` positions of ``game``, each up to ``most`` random moves from the start (drawn with ``rng``)."""
    states: list[KalahaState] = []
    for _ in range(count):
        state = game.start()
        for _ in range(rng.randrange(most + 1)):
            if not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states
