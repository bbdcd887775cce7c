"""Observations for learning: the game's numbers as they are, or scaled into ``[-1, 1]``, chosen with ``observations``.

- ``"scaled"`` (the default): every entry of ``view.observation()`` divided
  by the largest magnitude in ``game.observation_range``, so that every
  entry lies in ``[-1, 1]`` (in ``[0, 1]`` for a game whose entries are
  never negative, such as Kalaha). The bounds of the `Box` are the game's
  range divided the same way.
- ``"raw"``: the numbers as the game gives them: seeds, points and chips
  as counted at the table, within ``game.observation_range``.

Scaling is one division by a number fixed by the game's options, so it
loses nothing: multiply by `scale_of` to get the raw numbers back.

Examples:
    >>> import tablegames
    >>> game = tablegames.load("kalaha", pits=3, seeds=2)
    >>> scale_of(game), bounds(game, "scaled"), bounds(game, "raw")
    (12.0, (0.0, 1.0), (0.0, 12.0))
    >>> observe(game, game.start().view(0), "scaled").tolist()[:4]
    [0.1666666716337204, 0.1666666716337204, 0.1666666716337204, 0.0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.extras import require

require("numpy", "rl")

import numpy as np  # noqa: E402

from tablegames.core.errors import ConfigError  # noqa: E402

if TYPE_CHECKING:
    from tablegames.core.protocol import Game, State, View

__all__ = ["OBSERVATIONS", "bounds", "check_observations", "observe", "scale_of"]

#: The values of the ``observations`` option.
OBSERVATIONS = ("scaled", "raw")


def check_observations(observations: object) -> str:
    """Return ``observations`` if it is one of `OBSERVATIONS`.

    Raises:
        ConfigError: Otherwise, naming the choices.
    """
    if observations not in OBSERVATIONS:
        raise ConfigError(f"observations must be one of {', '.join(map(repr, OBSERVATIONS))}, got {observations!r}")
    return str(observations)


def scale_of(game: Game[State]) -> float:
    """The number a raw observation entry of ``game`` is divided by: the largest magnitude of its range."""
    low, high = game.observation_range
    return float(max(abs(low), abs(high))) or 1.0


def bounds(game: Game[State], observations: str) -> tuple[float, float]:
    """The closed range of every observation entry of ``game`` with ``observations``."""
    low, high = game.observation_range
    if observations == "raw":
        return float(low), float(high)
    scale = scale_of(game)
    return low / scale, high / scale


def observe(game: Game[State], view: View, observations: str) -> np.ndarray:
    """``view.observation()`` as a float32 array, scaled if ``observations`` is ``"scaled"``."""
    numbers = np.asarray(view.observation(), dtype=np.float32)
    if observations == "raw":
        return numbers
    return numbers / np.float32(scale_of(game))
