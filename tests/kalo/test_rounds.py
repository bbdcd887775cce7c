"""The option ``rounds``: a Kalo game that ends after so many rounds, unless a total reaches 5 x N first."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.kalo import Kalo, KaloState
from tablegames.kalo.events import RoundEnded
from tablegames.testing.strategies import seeds


def play_out(state: KaloState, rng: random.Random) -> tuple[KaloState, list[RoundEnded]]:
    """Play random legal decisions to the end; the last state and the rounds' ends on the way."""
    ended: list[RoundEnded] = []
    while not state.is_over:
        transition = state.step(rng.choice(state.legal_actions()))
        ended += [event for event in transition.events if isinstance(event, RoundEnded)]
        state = transition.state
    return state, ended


@given(st.integers(3, 6), st.integers(1, 3), seeds(), st.integers(0, 2**32))
def test_a_game_of_rounds_ends_after_its_last_round_or_at_5_n(players: int, rounds: int, seed: int, play: int) -> None:
    """The game ends after round ``rounds``, or sooner when a total reaches 5 x N; totals are the rounds' points.

    Checks rules/kalo.md#options and rules/kalo.md#game-end.
    """
    game = Kalo(players=players, rounds=rounds, play_limit=60)
    last, ended = play_out(game.start(seed=seed), random.Random(play))
    assert len(ended) == rounds or max(last.scores) >= game.target
    assert len(ended) <= rounds
    assert last.round_number == len(ended) or max(last.scores) >= game.target
    totals = [sum(event.points[seat] for event in ended) for seat in range(players)]
    assert all(total <= score for total, score in zip(totals, last.scores, strict=True))
    if max(last.scores) < game.target:
        assert list(last.scores) == totals
    assert game.from_dict(last.to_dict()) == last
    assert game.broken_laws(last) == ()


def test_one_round_is_scored_as_that_rounds_points() -> None:
    """``rounds=1``: the game is over when the first round ends, and its scores are that round's points.

    Checks rules/kalo.md#options.
    """
    game = Kalo(players=4, rounds=1)
    last, ended = play_out(game.start(seed=5), random.Random(5))
    (only,) = ended
    assert last.scores == only.points
    assert last.round_number == 1
    assert last.winners == {seat for seat, points in enumerate(only.points) if points == max(only.points)}


def test_without_rounds_the_options_and_saved_states_read_as_before() -> None:
    """The option is written only when set, so a state saved before it existed still reads."""
    assert "rounds" not in Kalo(players=3).options()
    saved = Kalo(players=3).start(seed=2).to_dict()
    assert Kalo(players=3).from_dict(saved) == Kalo(players=3).start(seed=2)
    assert Kalo(players=3, rounds=2).options()["rounds"] == 2


@pytest.mark.parametrize("rounds", [0, 1001, True, 1.5, "1"])
def test_a_number_of_rounds_out_of_range_is_refused(rounds: object) -> None:
    """``rounds`` is None or an integer from 1 to 1,000."""
    with pytest.raises(tablegames.ConfigError, match="rounds"):
        tablegames.load("kalo", rounds=rounds)


def test_a_state_past_its_last_round_is_refused() -> None:
    """A saved state of a later round than the game has, or over before its end, is refused with the reason."""
    game = Kalo(players=3, rounds=1)
    state = Kalo(players=3).start(seed=1).to_dict()
    state["options"] = game.options()
    state["round"] = 2
    with pytest.raises(tablegames.InvalidStateError, match="round"):
        game.from_dict(state)
    state["round"], state["phase"], state["current_player"] = 1, "over", None
    with pytest.raises(tablegames.InvalidStateError, match="or its round 2 has ended"):
        Kalo(players=3, rounds=2).from_dict({**state, "options": Kalo(players=3, rounds=2).options()})
