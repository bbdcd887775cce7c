"""Gymnasium's env_checker passes against the Gymnasium adapter, for every game and player count."""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tests.adapters.games import CASES, IDS
from tests.extras import need_module


@pytest.fixture(autouse=True)
def _gymnasium() -> None:
    need_module("gymnasium", "rl")


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_check_env(name: str, options: dict[str, Any]) -> None:
    """gymnasium.utils.env_checker.check_env passes, for the first seat and the last, against each kind of bot."""
    from gymnasium.utils.env_checker import check_env

    from tablegames.adapters.gymnasium import env

    players = options.get("players", 2)
    check_env(env(name, seat=0, opponents="heuristic", **options).unwrapped)
    check_env(env(name, seat=players - 1, opponents="random", rewards="score", **options).unwrapped)


@pytest.mark.parametrize("rewards", ["outcome", "score"])
def test_a_whole_episode_pays_the_documented_rewards(rewards: str) -> None:
    """Playing a whole game, the rewards add up to the seat's outcome payoff, or to its final score less its first."""
    from tablegames.adapters.gymnasium import TablegamesEnv, env
    from tablegames.adapters.payoffs import outcome

    made = env("kalo", seat=2, opponents=["random", "heuristic"], players=3, rewards=rewards)
    _, info = made.reset(seed=4)
    total, terminated, steps = 0.0, False, 0
    while not terminated:
        action = int(info["action_mask"].nonzero()[0][-1])
        _, reward, terminated, truncated, info = made.step(action)
        assert not truncated
        total += float(reward)
        steps += 1
    assert isinstance(made.unwrapped, TablegamesEnv)
    end = made.unwrapped.game_state
    assert end.is_over
    assert total == pytest.approx(outcome(end)[2] if rewards == "outcome" else end.scores[2])
    assert steps > 10


def test_the_same_seed_replays_the_same_episode() -> None:
    """reset(seed) seeds the game and the bots: the same actions give the same observations and rewards."""
    from tablegames.adapters.gymnasium import env

    runs = []
    for _ in range(2):
        made = env("loo", seat=1, opponents="heuristic", players=3, rounds=1)
        observation, info = made.reset(seed=9)
        seen = [observation.tolist()]
        terminated = False
        while not terminated:
            observation, reward, terminated, _, info = made.step(int(info["action_mask"].nonzero()[0][0]))
            seen.append([*observation.tolist(), reward])
        runs.append(seen)
    assert runs[0] == runs[1]


def test_illegal_actions_and_bad_settings() -> None:
    """An illegal action ends the episode with illegal_reward; bad seats, bots and modes are ConfigErrors."""
    from tablegames.adapters.gymnasium import env

    made = env("kalaha", seat=0, pits=3, seeds=1, illegal_reward=-5)
    made.reset(seed=0)
    made.step(2)  # the last seed in the store: seat 0 moves again, and its pit c is empty
    _, reward, terminated, _, info = made.step(2)
    assert (reward, terminated, info["illegal_action"]) == (-5.0, True, True)
    with pytest.raises(tablegames.SeatError):
        env("kalaha", seat=2)
    with pytest.raises(tablegames.ConfigError, match="has no bot named"):
        env("kalaha", opponents="oracle")
    with pytest.raises(tablegames.ConfigError, match="2 other seats need 2 opponents"):
        env("kalo", players=3, opponents=["random"])
    with pytest.raises(tablegames.ConfigError, match="render_mode"):
        env("kalaha", render_mode="video")
