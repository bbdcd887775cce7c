"""`State.why_illegal`: None exactly for the legal actions, else the reason the refusal gives."""

from __future__ import annotations

import random

import pytest

import tablegames
from tablegames import IllegalActionError


@pytest.mark.parametrize("name", ["kalaha", "kalo", "loo"])
def test_why_illegal_is_none_exactly_for_legal_actions_and_else_opens_the_refusal(name: str) -> None:
    """Along a random game, every action of the game is legal or has a reason, and apply's refusal starts with it."""
    game = tablegames.load(name)
    rng = random.Random(5)
    state = game.start(seed=3)
    everything = [game.action_from_index(index) for index in range(game.num_actions)]
    for _ in range(40):
        if state.is_over:
            break
        legal = set(state.legal_actions())
        for action in rng.sample(everything, min(24, len(everything))) + sorted(legal, key=str)[:3]:
            why = state.why_illegal(action)
            assert (why is None) == (action in legal), action
            if why is None:
                continue
            assert why
            assert "; legal:" not in why
            with pytest.raises(IllegalActionError) as refusal:
                state.apply(action)
            assert str(refusal.value) == f"{why}; legal: {', '.join(map(str, state.legal_actions()))}"
        state = state.apply(rng.choice(state.legal_actions()))


def test_why_illegal_names_text_other_objects_and_a_finished_game() -> None:
    """Text, a foreign object and any action after the end each get their own reason."""
    game = tablegames.load("kalaha", pits=1, seeds=1)
    state = game.start()
    assert state.why_illegal("a") == "apply takes an action, not text: read 'a' with parse_action"
    assert state.why_illegal(7) == "7 is not an action of kalaha"
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    action = game.action_from_index(0)
    assert state.why_illegal(action) == "a cannot be played: the game is over"
    with pytest.raises(IllegalActionError) as refusal:
        state.apply(action)
    assert str(refusal.value) == "a cannot be played: the game is over"
