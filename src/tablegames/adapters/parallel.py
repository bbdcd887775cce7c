"""PettingZoo's parallel API over every game, behaving like PettingZoo's own parallel environments (extra ``rl``).

None of the games has simultaneous decisions: each step, every live agent
sends an action and only the action of the seat to act is played. So that
the usual random loop over all agents never fails, every agent's
``action_mask`` has a legal action:

- the agent to act gets the game's legal mask, and its action is played;
- every other agent gets a mask of all ones: any action is accepted, and
  ignored.

``infos[agent]`` (from ``reset`` too) holds ``"active_agent"``, the agent
whose action is played next, and ``"is_active"``, whether that is ``agent``.
Observations, rewards, ``observations`` and ``max_cycles`` are those of the
AEC environment (`tablegames.adapters.pettingzoo`). An illegal action of the
agent to act ends the game with ``illegal_reward`` (default -1) for it and 0
for the others. When the game ends or is truncated, ``agents`` is empty.
``metadata["is_parallelizable"]`` is True.

Examples:
    >>> import numpy as np
    >>> from tablegames.adapters.parallel import parallel_env
    >>> table = parallel_env("loo", players=3, rounds=1)
    >>> observations, infos = table.reset(seed=0)
    >>> infos["player_0"]["active_agent"] == table.unwrapped.aec.agent_selection
    True
    >>> rng = np.random.default_rng(0)
    >>> while table.agents:
    ...     actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"]))) for a in table.agents}
    ...     observations, rewards, terminations, truncations, infos = table.step(actions)
    >>> table.unwrapped.aec.game_state.is_over
    True
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

from tablegames.core.extras import require

require("pettingzoo", "rl")
require("numpy", "rl")

import numpy as np  # noqa: E402
from pettingzoo.utils.env import ParallelEnv  # noqa: E402

from tablegames.adapters.pettingzoo import TablegamesEnv  # noqa: E402
from tablegames.core.errors import ConfigError  # noqa: E402

if TYPE_CHECKING:
    from gymnasium import spaces

__all__ = ["TablegamesParallelEnv", "parallel_env"]


class TablegamesParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel environment of one game (made by `parallel_env`).

    Attributes:
        aec: The AEC environment that plays the game.
        illegal_reward: The reward of an agent whose action, when it is to act, is illegal.
    """

    def __init__(
        self, game_name: str, render_mode: str | None = None, *, illegal_reward: float = -1.0, **settings: Any
    ) -> None:
        self.aec = TablegamesEnv(game_name, render_mode=render_mode, **settings)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.metadata = {**self.aec.metadata, "is_parallelizable": True}
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list[str] = []
        self._anything = np.ones(self.aec.game.num_actions, dtype=np.int8)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: that of the AEC environment."""
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(game.num_actions)``."""
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Start a new game; return every agent's observation and info."""
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        """Play the action of the agent to act; ignore the others'.

        Raises:
            ConfigError: If the game is over (reset first) or the agent to act sent no action.
        """
        if not self.agents:
            raise ConfigError("the game is over: reset the environment before stepping it")
        aec = self.aec
        active = aec.agent_selection
        if active not in actions:
            raise ConfigError(f"{active} is to act and sent no action")
        index = operator.index(actions[active])
        live = self.agents
        legal = 0 <= index < aec.game.num_actions and aec.game_state.legal_mask()[index]
        if legal:
            aec.step(index)
            rewards = {agent: float(aec.rewards[agent]) for agent in live}
            terminations = {agent: bool(aec.terminations[agent]) for agent in live}
            truncations = {agent: bool(aec.truncations[agent]) for agent in live}
        else:
            rewards = {agent: self.illegal_reward if agent == active else 0.0 for agent in live}
            terminations = dict.fromkeys(live, True)
            truncations = dict.fromkeys(live, False)
        observations, infos = self._observations(), self._infos()
        if not legal:
            for agent in live:
                infos[agent]["illegal_action"] = agent == active
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | np.ndarray | None:
        """The table as a spectator sees it, as the AEC environment renders it."""
        return self.aec.render()

    def close(self) -> None:
        """Close the window of ``render_mode="human"``, if one is open."""
        self.aec.close()

    @property
    def unwrapped(self) -> TablegamesParallelEnv:
        """This environment (there is no wrapper around it)."""
        return self

    def _observations(self) -> dict[str, Any]:
        active = self.aec.agent_selection
        seen = {}
        for agent in self.possible_agents:
            observation = self.aec.observe(agent)
            if agent != active:
                observation["action_mask"] = self._anything
            seen[agent] = observation
        return seen

    def _infos(self) -> dict[str, dict[str, Any]]:
        active = self.aec.agent_selection
        return {agent: {"active_agent": active, "is_active": agent == active} for agent in self.possible_agents}


def parallel_env(game_name: str, render_mode: str | None = None, **settings: Any) -> TablegamesParallelEnv:
    """The game through PettingZoo's parallel API; the settings are those of `tablegames.adapters.pettingzoo.env`."""
    return TablegamesParallelEnv(game_name, render_mode=render_mode, **settings)
