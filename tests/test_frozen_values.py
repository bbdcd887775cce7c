"""States, views and events are frozen values: writing them down leaves them as they were, byte for byte."""

from __future__ import annotations

import pickle
import random

from hypothesis import given
from hypothesis import strategies as st

import tablegames


def _written(value: object) -> None:
    """Everything a frontend does to show or send a value."""
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        to_dict()
    str(value)
    repr(value)


@given(name=st.sampled_from(["kalaha", "kalo", "loo"]), seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_writing_a_state_its_views_and_its_events_changes_none_of_them(name: str, seed: int, steps: int) -> None:
    """A value pickles to the same bytes before and after it is written, so nothing is kept in it on the way."""
    state = tablegames.load(name).start(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        step = state.step(rng.choice(state.legal_actions()))
        state = step.state
        values = [state, *(state.view(seat) for seat in (None, *range(state.game.players))), *step.events]
        before = [pickle.dumps(value) for value in values]
        for value in values:
            _written(value)
        assert [pickle.dumps(value) for value in values] == before
