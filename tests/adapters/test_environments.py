"""What researchers expect of environments beyond the suites: the parallel random loop, truncation, scaling, ids."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tablegames
from tests.adapters.games import CASES, IDS
from tests.extras import need_module

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _rl() -> None:
    need_module("pettingzoo", "rl")


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_the_usual_parallel_random_loop_plays_whole_games(name: str, options: dict[str, Any]) -> None:
    """Choosing from every agent's mask never fails; infos name the agent to act from reset on."""
    from tablegames.adapters.parallel import parallel_env

    table = parallel_env(name, **options)
    assert table.metadata["is_parallelizable"] is True
    rng = np.random.default_rng(0)
    observations, infos = table.reset(seed=1)
    steps = 0
    while table.agents:
        active = table.aec.agent_selection
        assert set(infos) == set(table.possible_agents)
        assert all(info["active_agent"] == active and info["is_active"] == (a == active) for a, info in infos.items())
        mask = observations[active]["action_mask"]
        assert mask.tolist() == [int(legal) for legal in table.aec.game_state.legal_mask()]
        actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"]))) for a in table.agents}
        observations, _, terminations, truncations, infos = table.step(actions)
        steps += 1
        assert not any(truncations.values())
    assert all(terminations.values())
    assert table.aec.game_state.is_over
    assert steps == table.aec.decisions


def test_an_illegal_action_in_the_parallel_api_loses() -> None:
    """The agent to act sending an illegal action gets illegal_reward and the game ends; others' actions are ignored."""
    from tablegames.adapters.parallel import parallel_env

    table = parallel_env("kalaha", pits=3, seeds=1, illegal_reward=-2)
    table.reset(seed=0)
    table.step({"player_0": 2, "player_1": 0})  # seat 0 moves again; player_1's action is ignored
    _, rewards, terminations, _, infos = table.step({"player_0": 2, "player_1": 1})  # pit c is empty now
    assert rewards == {"player_0": -2.0, "player_1": 0.0}
    assert all(terminations.values())
    assert infos["player_0"]["illegal_action"]
    assert table.agents == []
    with pytest.raises(tablegames.ConfigError, match="reset the environment"):
        table.step({"player_0": 0})


@pytest.mark.parametrize("max_cycles", [1, 7])
def test_max_cycles_truncates_the_aec_and_parallel_episodes(max_cycles: int) -> None:
    """After max_cycles decisions of an unfinished game every agent is truncated, not terminated."""
    from tablegames.adapters.parallel import parallel_env
    from tablegames.adapters.pettingzoo import env

    made = env("kalo", players=3, max_cycles=max_cycles)
    made.reset(seed=0)
    decisions, ended = 0, {}
    for agent in made.agent_iter():
        observation, _, terminated, truncated, _ = made.last()
        if terminated or truncated:
            ended[agent] = (terminated, truncated)
            made.step(None)
            continue
        made.step(int(np.flatnonzero(observation["action_mask"])[0]))
        decisions += 1
    assert decisions == max_cycles
    assert ended == dict.fromkeys(made.possible_agents, (False, True))
    table = parallel_env("loo", players=3, max_cycles=max_cycles)
    observations, _ = table.reset(seed=0)
    for _ in range(max_cycles):
        assert table.agents
        actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in table.agents}
        observations, _, terminations, truncations, _ = table.step(actions)
    assert table.agents == []
    assert all(truncations.values())
    assert not any(terminations.values())


def test_max_cycles_truncates_the_gymnasium_episode() -> None:
    """Gymnasium's episode ends truncated after max_cycles of the agent's steps, and a bad max_cycles is refused."""
    from tablegames.adapters.gymnasium import env

    made = env("kalo", players=3, max_cycles=5)
    _, info = made.reset(seed=0)
    for step in range(5):
        _, _, terminated, truncated, info = made.step(int(info["action_mask"].nonzero()[0][0]))
        assert not terminated
        assert truncated == (step == 4)
    for bad in (0, -1, 2.5, True):
        with pytest.raises(tablegames.ConfigError, match="max_cycles"):
            env("kalaha", max_cycles=bad)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_observations_are_scaled_into_their_bounds_and_raw_by_option(name: str, options: dict[str, Any]) -> None:
    """Scaled observations lie in [-1, 1] and are the raw numbers divided by the game's scale."""
    from tablegames.adapters.observations import scale_of
    from tablegames.adapters.pettingzoo import env

    scaled, raw = env(name, **options), env(name, observations="raw", **options)
    space = scaled.observation_space("player_0")["observation"]
    assert space.low.min() >= -1
    assert space.high.max() <= 1
    assert raw.observation_space("player_0")["observation"].high.max() == raw.unwrapped.game.observation_range[1]
    scale = scale_of(scaled.unwrapped.game)
    for made in (scaled, raw):
        made.reset(seed=3)
    for _ in range(30):
        if scaled.unwrapped.game_state.is_over:
            break
        agent = scaled.agent_selection
        small, big = scaled.observe(agent)["observation"], raw.observe(agent)["observation"]
        assert space.contains(small)
        np.testing.assert_allclose(small * scale, big, rtol=1e-6)
        action = int(np.flatnonzero(scaled.observe(agent)["action_mask"])[0])
        scaled.step(action)
        raw.step(action)
    with pytest.raises(tablegames.ConfigError, match="observations must be one of"):
        env("kalaha", observations="chips")


def test_gymnasium_makes_a_game_by_module_and_id_without_an_import() -> None:
    """A fresh interpreter makes every game by "module:id", and the entry point for plugin-loading Gymnasiums exists."""
    code = (
        "import gymnasium, sys\n"
        "assert 'tablegames.adapters.gymnasium' not in sys.modules\n"
        "for game in ('kalaha-v1', 'kalo-v1', 'loo-v1'):\n"
        "    made = gymnasium.make('tablegames.adapters.gymnasium:tablegames/' + game)\n"
        "    made.reset(seed=0)\n"
        "print(gymnasium.make('tablegames/kalaha-v1').unwrapped.game.name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "kalaha"
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["gymnasium.envs"]
    module, function = declared["tablegames"].split(":")
    assert module == "tablegames.adapters.gymnasium"
    assert callable(getattr(__import__(module, fromlist=[function]), function))


def test_rgb_array_frames_draw_the_table_in_one_shape() -> None:
    """rgb_array frames are uint8 RGB pictures of one shape that change as the game goes on; others refused."""
    need_module("matplotlib", "plot")
    from gymnasium.utils.env_checker import check_env

    from tablegames.adapters import gymnasium, pettingzoo
    from tablegames.adapters.render import FPS, frame_shape

    made = pettingzoo.env("loo", render_mode="rgb_array", players=3)
    assert made.metadata["render_fps"] == FPS
    made.reset(seed=0)
    frames = [made.render()]
    made.step(int(np.flatnonzero(made.observe(made.agent_selection)["action_mask"])[0]))
    frames.append(made.render())
    for frame in frames:
        assert frame.dtype == np.uint8
        assert frame.shape == frame_shape(made.unwrapped.game)
        assert (frame < 128).any()  # the text
        assert (frame == 255).mean() > 0.5  # on white
    assert not np.array_equal(*frames)
    single = gymnasium.env("kalaha", render_mode="rgb_array").unwrapped
    assert isinstance(single, gymnasium.TablegamesEnv)
    check_env(single)
    single.reset(seed=0)
    frame = single.render()
    assert isinstance(frame, np.ndarray)
    assert frame.shape == frame_shape(single.game)
    with pytest.raises(tablegames.ConfigError, match="render_mode"):
        pettingzoo.env("kalaha", render_mode="video")
