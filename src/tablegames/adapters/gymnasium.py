"""Gymnasium environments: one seat of a game against the library's bots (needs the extra ``rl``).

``env(game_name, seat=0, opponents="heuristic", **options)`` makes the
environment through ``gymnasium.make``; each game is registered as
``tablegames/<game>-v<encoding_version>`` (``tablegames/kalo-v1``). The
agent plays ``seat``; every other seat is played by a bot of the game
(``game.bot(name)``: ``"random"``, ``"heuristic"``, ``"search"``, or `Bot`
values, one for all or one per other seat), which sees only its own view.

- observation: ``view(seat).observation()`` as a float32 array in a `Box`
  of ``game.observation_size``, scaled into ``[-1, 1]`` (``observations="scaled"``,
  the default) or within ``game.observation_range`` (``observations="raw"``;
  see `tablegames.adapters.observations`);
- action: an index, ``Discrete(game.num_actions)``; the legal ones are in
  ``info["action_mask"]`` and ``env.unwrapped.action_masks()`` (the name
  MaskablePPO of sb3-contrib asks for);
- reward: ``"outcome"`` at the end of the game or ``"score"`` after every
  step (see `tablegames.adapters.payoffs`), summed over the bots' decisions
  between two of the agent's;
- an episode is the whole game, or ``max_cycles`` of the agent's steps
  if that comes first (then ``truncated`` is True); an illegal action ends
  it at once with reward ``illegal_reward`` (default -1) and
  ``info["illegal_action"]`` True.

Without importing this module first, name it before the id:
``gymnasium.make("tablegames.adapters.gymnasium:tablegames/kalo-v1")``
(Gymnasium imports the module, which registers every game). Gymnasium 0.26
to 0.29 also load plugins: for them the package declares the entry point
``tablegames`` in the group ``gymnasium.envs``, which runs `register_all`
when Gymnasium is imported, so ``gymnasium.make("tablegames/kalo-v1")`` works
as it is. Gymnasium 1.0 dropped plugins, so there the module must be named
(or imported).

``reset(seed=...)`` seeds the game and the bots, so an episode replays
exactly. ``render_mode="ansi"`` renders the table as the agent's seat sees
it, ``"rgb_array"`` draws that text as pixels (extra ``plot``; see
`tablegames.adapters.render`), and ``"human"`` shows them in a window after
every reset and step (extra ``human``; where a display exists).

Examples:
    >>> from tablegames.adapters.gymnasium import env
    >>> made = env("kalaha", seat=1, opponents="heuristic", pits=3, seeds=2)
    >>> observation, info = made.reset(seed=5)
    >>> made.unwrapped.game_state.current_player, info["action_mask"].tolist()
    (1, [1, 1, 1])
    >>> observation, reward, terminated, truncated, info = made.step(0)
    >>> reward, terminated, truncated
    (0.0, False, False)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tablegames.core.extras import require

require("gymnasium", "rl")
require("numpy", "rl")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402

from tablegames.adapters.observations import bounds, check_observations, observe  # noqa: E402
from tablegames.adapters.payoffs import check_rewards, rewards_after  # noqa: E402
from tablegames.adapters.pettingzoo import RENDER_MODES, check_max_cycles, check_render_mode  # noqa: E402
from tablegames.adapters.render import FPS, Window, draw, render_modes  # noqa: E402
from tablegames.core.bots import Bot, choose_for  # noqa: E402
from tablegames.core.errors import ConfigError  # noqa: E402
from tablegames.core.registry import load, names  # noqa: E402

if TYPE_CHECKING:
    from tablegames.core.protocol import Game, State

__all__ = ["TablegamesEnv", "env", "env_id", "register", "register_all"]


def env_id(game: Game[State]) -> str:
    """The id ``game`` is registered under in Gymnasium: ``tablegames/<name>-v<encoding_version>``."""
    return f"tablegames/{game.name}-v{game.encoding_version}"


def register(game_name: str) -> str:
    """Register ``game_name`` with Gymnasium (once) and return its id.

    Raises:
        ConfigError: If the game is unknown or defines no action space.
    """
    game = load(game_name)
    try:
        ident = env_id(game)
    except NotImplementedError as error:
        raise ConfigError(f"{game_name} cannot be played through the adapters: {error}") from None
    if ident not in gymnasium.registry:
        gymnasium.register(id=ident, entry_point=f"{__name__}:TablegamesEnv", kwargs={"game_name": game_name})
    return ident


class TablegamesEnv(gymnasium.Env[np.ndarray, Any]):
    """One seat of a game against bots; see the module docs.

    Attributes:
        game: The game and its options.
        seat: The agent's seat.
        game_state: The state of the game in progress (after `reset`).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": FPS}  # noqa: RUF012 - Gymnasium's own attribute

    def __init__(
        self,
        game_name: str,
        seat: int = 0,
        opponents: str | Bot | Sequence[str | Bot] = "heuristic",
        rewards: str = "outcome",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        observations: str = "scaled",
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        game = load(game_name, **options)
        if seat is None or isinstance(seat, bool):
            raise ConfigError(f"seat must be a seat of the game, got {seat!r}")
        game.check_seat(seat)
        check_render_mode(render_mode)
        self.observations = check_observations(observations)
        self.max_cycles = check_max_cycles(max_cycles)
        try:
            size, count = game.observation_size, game.num_actions
            low, high = bounds(game, self.observations)
        except NotImplementedError as error:
            raise ConfigError(f"{game.name} cannot be played through the adapters: {error}") from None
        self.game, self.seat, self.render_mode = game, seat, render_mode
        self.window = Window(game, f"tablegames: {game.name}") if render_mode == "human" else None
        self.metadata = {**type(self).metadata, "render_modes": render_modes()}  # those that work here
        self.rewards_kind = check_rewards(rewards)
        self.illegal_reward = float(illegal_reward)
        self.bots = _bots(game, seat, opponents)
        self.observation_space = spaces.Box(low=low, high=high, shape=(size,), dtype=np.float32)
        self.action_space = spaces.Discrete(count)
        self.game_state: State = game.start(seed=0)
        self._rng = random.Random(0)
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a new game, and let the bots play up to the agent's first decision."""
        super().reset(seed=seed)
        del options
        game_seed = int(self.np_random.integers(2**53))
        self._rng = random.Random(game_seed)
        self.game_state = self.game.start(seed=game_seed)
        self.steps = 0
        self._play_bots()
        if self.window is not None:
            self.render()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play action index ``action`` for the agent, then the bots' decisions up to its next one."""
        state = self.game_state
        index = operator.index(action)
        if not 0 <= index < self.game.num_actions or not state.legal_mask()[index]:
            return self._observation(), self.illegal_reward, True, False, {**self._info(), "illegal_action": True}
        before = state
        self.game_state = state.apply(self.game.action_from_index(index))
        self._play_bots()
        self.steps += 1
        reward = rewards_after(self.rewards_kind, before, self.game_state)[self.seat]
        over = self.game_state.is_over
        truncated = not over and self.max_cycles is not None and self.steps >= self.max_cycles
        if self.window is not None:
            self.render()
        return self._observation(), reward, over, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal action indices as a bool array (all False when the agent is not to act)."""
        state = self.game_state
        if state.current_player != self.seat:
            return np.zeros(self.game.num_actions, dtype=bool)
        return np.asarray(state.legal_mask(), dtype=bool)

    def render(self) -> str | np.ndarray | None:
        """The table as the agent's seat sees it: as text, a picture or in a window (see `render_mode`)."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode; make the environment with render_mode='ansi'"
            )
            return None
        text = str(self.game_state.view(self.seat))
        if self.window is not None:
            self.window.show(text)
            return None
        return draw(text, self.game) if self.render_mode == "rgb_array" else text

    def close(self) -> None:
        """Close the window of ``render_mode="human"``, if one is open."""
        if self.window is not None:
            self.window.close()

    def _play_bots(self) -> None:
        state = self.game_state
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            state = state.apply(choose_for(self.bots[seat], state, self._rng))
        self.game_state = state

    def _observation(self) -> np.ndarray:
        return observe(self.game, self.game_state.view(self.seat), self.observations)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8)}


def _bots(game: Game[State], seat: int, opponents: object) -> dict[int, Bot]:
    others = [other for other in range(game.players) if other != seat]
    if isinstance(opponents, (str, Bot)):
        chosen: list[str | Bot] = [opponents] * len(others)
    elif isinstance(opponents, Sequence) and all(isinstance(each, (str, Bot)) for each in opponents):
        chosen = list(opponents)
    else:
        raise ConfigError(f"opponents must be a bot name, a Bot, or one of those per other seat, got {opponents!r}")
    if len(chosen) != len(others):
        raise ConfigError(f"{len(others)} other seats need {len(others)} opponents, got {len(chosen)}")
    return {
        other: game.bot(each) if isinstance(each, str) else each for other, each in zip(others, chosen, strict=True)
    }


def env(
    game_name: str,
    seat: int = 0,
    opponents: str | Bot | Sequence[str | Bot] = "heuristic",
    **options: Any,
) -> gymnasium.Env[np.ndarray, Any]:
    """The Gymnasium environment of ``seat`` of ``game_name`` against ``opponents``, made with ``gymnasium.make``.

    Args:
        game_name: A registered game that defines an action space and observations.
        seat: The agent's seat.
        opponents: A bot name or `Bot` for every other seat, or one per other seat in seat order.
        options: The game's options (e.g. ``players=4``), and the environment's: ``rewards``
            (``"outcome"`` or ``"score"``), ``observations`` (``"scaled"`` or ``"raw"``),
            ``max_cycles``, ``illegal_reward`` and ``render_mode``.

    Raises:
        ConfigError: If the game, an option, a seat or a bot is unknown, or the game defines no action space.
    """
    check_render_mode(options.get("render_mode"))
    return gymnasium.make(register(game_name), seat=seat, opponents=opponents, **options)


def register_all() -> None:
    """Register every registered game that has an action space (Gymnasium's entry point ``tablegames`` calls it)."""
    for name in names():
        try:
            register(name)
        except ConfigError:  # a game of someone else's without an action space
            continue


register_all()
