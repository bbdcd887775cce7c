"""PettingZoo environments of every game, in the style of PettingZoo's classic games (needs the extra ``rl``).

``env(game_name, **options)`` is an AEC environment: one agent per seat,
``player_0`` .. ``player_{n-1}``, taking turns as ``state.current_player``
says (in Kalo a seat may decide several times in a row, resolving an
effect). Each agent observes a dict:

- ``"observation"``: ``view(seat).observation()`` as a float32 array of
  ``game.observation_size`` numbers, built from what that seat may know,
  scaled into ``[-1, 1]`` (``observations="scaled"``, the default) or as the
  game counts them (``observations="raw"``; see
  `tablegames.adapters.observations`);
- ``"action_mask"``: ``state.legal_mask()`` as an int8 array of
  ``game.num_actions`` for the agent to act, all zeros for the others.

An action is an index (``game.action_from_index``). An episode is the whole
game; the rewards are chosen with ``rewards`` (see
`tablegames.adapters.payoffs`): ``"outcome"`` pays at the end of the game,
``"score"`` each seat's score change after every decision. As in PettingZoo's
classic games, an illegal action ends the game at once with reward -1 for
the agent that took it. ``max_cycles=n`` truncates an episode after ``n``
decisions (of all seats together) if the game is not over by then: every
agent's truncation is True, and its rewards so far stand.
``render_mode="ansi"`` renders the table as a spectator sees it (no hidden
card), ``"rgb_array"`` draws that text as pixels (extra ``plot``; see
`tablegames.adapters.render`), and ``"human"`` shows those pixels in a
window after every reset and step (extra ``human``; where a display exists). ``reset(seed=...)`` makes the games that
follow the same every time.

`tablegames.adapters.parallel.parallel_env` offers the same game through
PettingZoo's parallel API.

Examples:
    >>> from tablegames.adapters.pettingzoo import env
    >>> kalaha = env("kalaha", pits=3, seeds=2)
    >>> kalaha.reset(seed=1)
    >>> kalaha.agent_selection, kalaha.action_space("player_0")
    ('player_0', Discrete(3))
    >>> observation = kalaha.observe("player_0")
    >>> (observation["observation"] * 12).round().tolist(), observation["action_mask"].tolist()
    ([2.0, 2.0, 2.0, 0.0, 2.0, 2.0, 2.0, 0.0, 1.0, 0.0], [1, 1, 1])
    >>> kalaha.step(1)
    >>> kalaha.agent_selection, kalaha.rewards
    ('player_0', {'player_0': 0.0, 'player_1': 0.0})
"""

from __future__ import annotations

import operator
import random
from typing import TYPE_CHECKING, Any

from tablegames.core.extras import require

require("pettingzoo", "rl")
require("numpy", "rl")

import numpy as np  # noqa: E402
from gymnasium import logger, spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from tablegames.adapters.observations import bounds, check_observations, observe  # noqa: E402
from tablegames.adapters.payoffs import check_rewards, rewards_after  # noqa: E402
from tablegames.adapters.render import FPS, Window, check_display, draw, render_modes  # noqa: E402
from tablegames.core.errors import ConfigError  # noqa: E402
from tablegames.core.registry import load  # noqa: E402

if TYPE_CHECKING:
    from tablegames.core.protocol import Game, State

__all__ = ["RENDER_MODES", "TablegamesEnv", "check_max_cycles", "env", "spaces_of"]

#: The render modes the environments offer.
RENDER_MODES = ("ansi", "rgb_array", "human")


def check_max_cycles(max_cycles: object) -> int | None:
    """Return ``max_cycles`` if it is None or a positive integer.

    Raises:
        ConfigError: Otherwise.
    """
    if max_cycles is None:
        return None
    if isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1:
        raise ConfigError(f"max_cycles must be None or a positive integer, got {max_cycles!r}")
    return max_cycles


def check_render_mode(render_mode: object) -> str | None:
    """Return ``render_mode`` if it is None or one of `RENDER_MODES` (``"human"`` where a display exists).

    Raises:
        ConfigError: If it is none of them, naming the choices, or if it is
            ``"human"`` and there is no display (see `tablegames.adapters.render`).
        MissingExtraError: If it is ``"human"`` and pygame is not installed.
    """
    if render_mode is not None and render_mode not in RENDER_MODES:
        choices = ", ".join(map(repr, RENDER_MODES))
        raise ConfigError(f"render_mode must be None or one of {choices}, got {render_mode!r}")
    if render_mode == "human":
        check_display()
    return render_mode


def spaces_of(game: Game[State], observations: str = "scaled") -> tuple[spaces.Dict, spaces.Discrete]:
    """The observation space (a dict of ``observation`` and ``action_mask``) and action space of ``game``.

    Raises:
        ConfigError: If the game defines no action space or observations.
    """
    try:
        size, count = game.observation_size, game.num_actions
        low, high = bounds(game, observations)
    except NotImplementedError as error:
        raise ConfigError(f"{game.name} cannot be played through the adapters: {error}") from None
    observation = spaces.Dict(
        {
            "observation": spaces.Box(low=low, high=high, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(count)


class TablegamesEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game with its options (made by `env`, which adds PettingZoo's wrappers).

    Attributes:
        game: The game and its options.
        game_state: The state of the game in progress (after `reset`).
    """

    def __init__(
        self,
        game_name: str,
        render_mode: str | None = None,
        rewards: str = "outcome",
        observations: str = "scaled",
        max_cycles: int | None = None,
        **options: Any,
    ):
        super().__init__()
        game = load(game_name, **options)
        self.render_mode = check_render_mode(render_mode)
        self.window = Window(game, f"tablegames: {game.name}") if render_mode == "human" else None
        self.observations = check_observations(observations)
        self.max_cycles = check_max_cycles(max_cycles)
        observation, action = spaces_of(game, self.observations)
        self.game = game
        self.rewards_kind = check_rewards(rewards)
        self.metadata = {
            "render_modes": render_modes(),
            "render_fps": FPS,
            "name": f"tablegames_{game.name}_v{game.encoding_version}",
            # A seat may decide several times in a row, so PettingZoo's aec_to_parallel cannot convert it;
            # parallel_env can (its metadata says True).
            "is_parallelizable": False,
        }
        self.decisions = 0
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self._observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self._action_spaces = dict.fromkeys(self.possible_agents, action)
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._no_moves = np.zeros(game.num_actions, dtype=np.int8)
        self._seeds = random.Random()
        self.game_state: State = game.start(seed=0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(game.num_actions)``."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; a ``seed`` makes it, and every game after it, the same every time."""
        del options
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game_state = self.game.start(seed=self._seeds.randrange(2**53))
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_act()
        if self.window is not None:
            self.render()

    def _agent_to_act(self) -> str:
        seat = self.game_state.current_player
        assert seat is not None
        return self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` observes: its view as numbers and, if it is to act, the legal mask."""
        seat = self._seats[agent]
        state = self.game_state
        numbers = observe(self.game, state.view(seat), self.observations)
        mask = np.asarray(state.legal_mask(), dtype=np.int8) if seat == state.current_player else self._no_moves
        return {"observation": numbers, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play action index ``action`` for the agent to act (None for an agent whose game is over).

        Raises:
            IllegalActionError: If the action is not legal (`env` turns this into a loss instead).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self.game_state
        self.game_state = before.apply(self.game.action_from_index(operator.index(action)))
        self.decisions += 1
        self._cumulative_rewards[agent] = 0.0
        paid = rewards_after(self.rewards_kind, before, self.game_state)
        self.rewards = {each: paid[self._seats[each]] for each in self.agents}
        if self.game_state.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self.decisions >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()
        if self.window is not None:
            self.render()

    def render(self) -> str | np.ndarray | None:
        """The table as a spectator sees it: text (``"ansi"``), a picture (``"rgb_array"``), a window (``"human"``)."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; make the environment with render_mode='ansi'")
            return None
        text = str(self.game_state.view(None))
        if self.window is not None:
            self.window.show(text)
            return None
        return draw(text, self.game) if self.render_mode == "rgb_array" else text

    def close(self) -> None:
        """Close the window of ``render_mode="human"``, if one is open."""
        if self.window is not None:
            self.window.close()


def env(
    game_name: str,
    render_mode: str | None = None,
    *,
    rewards: str = "outcome",
    observations: str = "scaled",
    max_cycles: int | None = None,
    **options: Any,
) -> AECEnv:
    """The AEC environment of ``game_name`` with ``options``, wrapped as PettingZoo's classic games are.

    Args:
        game_name: A registered game that defines an action space and observations.
        render_mode: None, ``"ansi"``, ``"rgb_array"`` or ``"human"``.
        rewards: ``"outcome"`` or ``"score"`` (see `tablegames.adapters.payoffs`).
        observations: ``"scaled"`` or ``"raw"`` (see `tablegames.adapters.observations`).
        max_cycles: None to play whole games, or the number of decisions after which an episode is truncated.
        options: The game's options, e.g. ``players=4``.

    Raises:
        ConfigError: If the game, an option or a setting is unknown, the game defines no action space,
            or ``render_mode="human"`` finds no display.
    """
    raw = TablegamesEnv(
        game_name,
        render_mode=render_mode,
        rewards=rewards,
        observations=observations,
        max_cycles=max_cycles,
        **options,
    )
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1))
    )
