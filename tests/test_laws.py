"""Each game's laws (`Game.broken_laws`): kept by every state play reaches, named when a state breaks one."""

from __future__ import annotations

import random

import pytest

import tablegames
from tablegames import State
from tablegames.kalaha import KalahaState
from tablegames.kalo import KaloState
from tablegames.loo import LooState
from tablegames.testing.fuzz import Unsound, laws


def _played(name: str, seed: int, decisions: int) -> State:
    state = tablegames.load(name).start(seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["kalaha", "kalo", "loo"])
@pytest.mark.parametrize("seed", range(3))
def test_every_state_a_game_reaches_keeps_its_laws(name: str, seed: int) -> None:
    """Random play from a seeded start breaks no law at any step."""
    state = tablegames.load(name).start(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        assert state.game.broken_laws(state) == ()
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.game.broken_laws(state) == ()


def _broken(name: str) -> State:
    """A state of ``name`` with one thing changed that no play can change: a seed, a card, chips."""
    state: State = _played(name, 1, 40)
    if isinstance(state, KalahaState):
        board = state.board
        return KalahaState(state.game, (board[0] + 1, *board[1:]), state.current_player)
    if isinstance(state, KaloState):
        hands = state.hands
        seat = next(seat for seat, hand in enumerate(hands) if hand)
        return state.__replace__(hands=(*hands[:seat], hands[seat][1:], *hands[seat + 1 :]))
    assert isinstance(state, LooState)
    return state.__replace__(pot=state.pot + 1)


@pytest.mark.parametrize(("name", "words"), [("kalaha", "seeds"), ("kalo", "cards"), ("loo", "chips")])
def test_a_state_that_breaks_a_law_is_named(name: str, words: str) -> None:
    """A seed added, a card lost or a chip made from nothing is reported, and the fuzz kit's check refuses it."""
    state = _broken(name)
    broken = state.game.broken_laws(state)
    assert broken
    assert any(words in law for law in broken)
    with pytest.raises(Unsound, match=words):
        laws(state)


@pytest.mark.parametrize(("name", "other"), [("kalaha", "kalo"), ("kalo", "loo"), ("loo", "kalaha")])
def test_a_state_of_another_game_breaks_the_first_law(name: str, other: str) -> None:
    """A game's laws hold for its own states: another game's state is named as not one of them."""
    stranger = tablegames.load(other).start(seed=1)
    game = tablegames.load(name)
    assert game.broken_laws(stranger) == (f"{type(stranger).__name__} is not a {type(game).__name__} state",)
