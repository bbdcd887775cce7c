"""The view's ``arranged``: how far the arranging seat has placed its hand, for that seat alone."""

from __future__ import annotations

import random

from hypothesis import given

from tablegames.kalo import Arrange, Kalo
from tablegames.testing.strategies import seeds


@given(seeds(), seeds())
def test_arranged_is_how_many_slots_the_arranging_seat_has_placed(seed: int, choices: int) -> None:
    """The arranging seat sees the slots before its first offered ``arrange``; the others and spectators see None."""
    state = Kalo(players=3).start(seed=seed)
    rng = random.Random(choices)
    while state.phase == "arrange":
        mover = state.current_player
        assert mover is not None
        offered = [action.slot for action in state.legal_actions() if isinstance(action, Arrange)]
        view = state.view(mover)
        assert view.arranged == (offered[0] if offered else len(state.hands[mover]))
        assert all(state.view(seat).arranged is None for seat in (None, *range(3)) if seat != mover)
        state = state.apply(rng.choice(state.legal_actions()))
    assert all(state.view(seat).arranged is None for seat in (None, 0, 1, 2))
