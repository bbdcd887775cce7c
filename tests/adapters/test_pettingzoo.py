"""PettingZoo's own test suite passes against the PettingZoo adapter, for every game and player count."""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

import pytest

import tablegames
from tests.adapters.games import CASES, IDS
from tests.extras import need_module

if TYPE_CHECKING:
    from types import ModuleType

#: api_test asks for dict observations and Dict spaces to be whitelisted by name, as its own classic games are.
WHITELISTED = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]


@pytest.fixture
def suite() -> ModuleType:
    """pettingzoo.test, imported without the DeprecationWarning it raises itself by loading a classic game."""
    need_module("pettingzoo", "rl")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import pettingzoo.test
    suite: ModuleType = pettingzoo.test
    return suite


@pytest.fixture(autouse=True)
def _pettingzoo() -> None:
    need_module("pettingzoo", "rl")


@pytest.mark.filterwarnings(*WHITELISTED)
@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_api_test(suite: ModuleType, name: str, options: dict[str, Any]) -> None:
    """pettingzoo.test.api_test passes, playing games to their end."""
    from tablegames.adapters.pettingzoo import env

    suite.api_test(env(name, **options), num_cycles=400)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_seed_test(suite: ModuleType, name: str, options: dict[str, Any]) -> None:
    """pettingzoo.test.seed_test passes: two environments reset with the same seed play the same game."""
    from tablegames.adapters.pettingzoo import env

    suite.seed_test(lambda: env(name, **options), num_cycles=200)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_parallel_api_test(suite: ModuleType, name: str, options: dict[str, Any]) -> None:
    """pettingzoo.test.parallel_api_test passes against the parallel environment."""
    from tablegames.adapters.parallel import parallel_env

    suite.parallel_api_test(parallel_env(name, **options), num_cycles=400)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_parallel_seed_test(suite: ModuleType, name: str, options: dict[str, Any]) -> None:
    """pettingzoo.test.parallel_seed_test passes (it samples actions without the mask: illegal ones end the game)."""
    from tablegames.adapters.parallel import parallel_env

    suite.parallel_seed_test(lambda: parallel_env(name, **options), num_cycles=100)


@pytest.mark.parametrize("rewards", ["outcome", "score"])
def test_rewards_add_up_to_the_documented_payoffs(rewards: str) -> None:
    """Over a whole game the rewards add up to the outcome payoffs, or to the final scores less the first."""
    from tablegames.adapters.payoffs import outcome
    from tablegames.adapters.pettingzoo import env

    made = env("loo", players=4, rounds=2, rewards=rewards)
    made.reset(seed=3)
    totals = dict.fromkeys(made.agents, 0.0)
    start = made.unwrapped.game_state
    for agent in made.agent_iter():
        observation, reward, terminated, truncated, _ = made.last()
        totals[agent] += reward
        action = None if terminated or truncated else int(observation["action_mask"].nonzero()[0][0])
        made.step(action)
    end = made.unwrapped.game_state
    expected = (
        outcome(end) if rewards == "outcome" else tuple(a - b for a, b in zip(end.scores, start.scores, strict=False))
    )
    assert tuple(totals.values()) == pytest.approx(expected)


def test_an_illegal_action_loses_and_a_bad_setting_is_refused() -> None:
    """As in PettingZoo's classic games, an illegal action ends the game with -1; unknown settings are ConfigErrors."""
    from tablegames.adapters.pettingzoo import env

    made = env("kalaha", pits=3, seeds=1)
    made.reset(seed=0)
    made.step(2)  # the last seed in the store: seat 0 moves again, and its pit c is empty
    made.step(2)
    assert made.terminations == {"player_0": True, "player_1": True}
    assert made.rewards == {"player_0": -1.0, "player_1": 0.0}
    with pytest.raises(tablegames.ConfigError, match="rewards must be one of"):
        env("kalaha", rewards="chips")
    with pytest.raises(tablegames.ConfigError, match="render_mode"):
        env("kalaha", render_mode="video")


def test_ansi_render_shows_the_spectators_view() -> None:
    """render_mode='ansi' renders the table as a spectator sees it: no hand of another seat."""
    from tablegames.adapters.pettingzoo import env

    made = env("loo", players=3, render_mode="ansi")
    made.reset(seed=2)
    text = made.render()
    assert text == str(made.unwrapped.game_state.view(None))
    assert "hand:" not in text
