"""Pictures for ``render_mode="rgb_array"`` and ``"human"``: the table as the ``ansi`` mode writes it, drawn as pixels.

The rules pages' pictures are SVG drawings made by the docs; turning SVG
into pixels would need a rasterizer tablegames does not depend on. So an
``rgb_array`` frame is the ``ansi`` text of the table drawn in a monospace
font with matplotlib (the extra ``plot``), on a white canvas whose size is
fixed by the game's options (`frame_shape`), so that every frame of an
episode has the same shape, as video recorders ask. Text beyond the canvas
is cut off.

``render_mode="human"`` shows the same frames in a window with pygame (the
extra ``human``), as PettingZoo's classic games do: the environment draws
the table after every reset and step, at most `FPS` frames a second. It
needs a display: on Linux one named by ``DISPLAY`` or ``WAYLAND_DISPLAY``, or
a video driver chosen by ``SDL_VIDEODRIVER`` (``dummy`` draws into memory,
for tests and servers); without one `check_display` refuses the mode, and an
environment's ``metadata["render_modes"]`` leaves it out (`render_modes`), so
that Gymnasium's ``check_env`` tries only the modes that can work here.

Examples:
    >>> import tablegames
    >>> game = tablegames.load("kalaha", pits=3, seeds=2)
    >>> frame = draw(str(game.start().view(None)), game)
    >>> frame.shape == frame_shape(game), frame.dtype.name
    (True, 'uint8')
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

from tablegames.core.errors import ConfigError, MissingExtraError
from tablegames.core.extras import require

require("numpy", "rl")

import numpy as np  # noqa: E402

if TYPE_CHECKING:
    from tablegames.core.protocol import Game, State

__all__ = ["COLUMNS", "FPS", "Window", "check_display", "draw", "frame_shape", "render_modes"]

#: The characters a line of a frame holds.
COLUMNS = 88
#: The frames per second the environments' metadata gives as ``render_fps``.
FPS = 2
_CELL_WIDTH, _CELL_HEIGHT, _MARGIN, _DPI = 8, 16, 8, 100


def frame_shape(game: Game[State]) -> tuple[int, int, int]:
    """The shape ``(height, width, 3)`` of every frame of ``game``: room for ``players + 6`` lines."""
    rows = game.players + 6
    return rows * _CELL_HEIGHT + 2 * _MARGIN, COLUMNS * _CELL_WIDTH + 2 * _MARGIN, 3


def draw(text: str, game: Game[State]) -> np.ndarray:
    """``text`` drawn in black monospace on white, as a uint8 RGB array of `frame_shape` of ``game``."""
    require("matplotlib", "plot")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    height, width, _ = frame_shape(game)
    figure = Figure(figsize=(width / _DPI, height / _DPI), dpi=_DPI, facecolor="white")
    canvas = FigureCanvasAgg(figure)
    figure.text(
        _MARGIN / width,
        1 - _MARGIN / height,
        text,
        family="monospace",
        fontsize=_CELL_WIDTH / 0.6 * 72 / _DPI,  # a monospace character is about 0.6 em wide
        linespacing=_CELL_HEIGHT * 0.6 / _CELL_WIDTH / 1.2,  # matplotlib spaces lines 1.2 em apart
        va="top",
        ha="left",
        color="black",
    )
    canvas.draw()  # type: ignore[no-untyped-call]
    return np.asarray(canvas.buffer_rgba())[:height, :width, :3].copy()  # type: ignore[no-untyped-call]


def check_display() -> None:
    """Refuse ``render_mode="human"`` where pygame is missing or there is no display to open a window on.

    Raises:
        MissingExtraError: If pygame (the extra ``human``) is not installed.
        ConfigError: On Linux, if none of ``DISPLAY``, ``WAYLAND_DISPLAY`` and
            ``SDL_VIDEODRIVER`` is set.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    require("pygame", "human")
    variables = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    if sys.platform.startswith("linux") and not any(os.environ.get(name) for name in variables):
        raise ConfigError(
            "render_mode='human' needs a display, and none of DISPLAY, WAYLAND_DISPLAY and SDL_VIDEODRIVER is set; "
            "use render_mode='rgb_array', or SDL_VIDEODRIVER=dummy to draw into memory"
        )


def render_modes() -> list[str]:
    """The render modes that work here: ``ansi`` and ``rgb_array``, and ``human`` if `check_display` allows it."""
    try:
        check_display()
    except (ConfigError, MissingExtraError):
        return ["ansi", "rgb_array"]
    return ["ansi", "rgb_array", "human"]


class Window:
    """A pygame window that shows the frames of one game, at most `FPS` a second (``render_mode="human"``).

    The window opens at the first frame and closes with `close`.

    Attributes:
        game: The game whose frames it shows (their shape is `frame_shape` of it).
        title: The window's title.
    """

    def __init__(self, game: Game[State], title: str) -> None:
        check_display()
        self.game = game
        self.title = title
        self._screen: Any = None
        self._clock: Any = None

    def show(self, text: str) -> None:
        """Draw ``text`` (the table as the ``ansi`` mode writes it) in the window, opening it if need be.

        Raises:
            ConfigError: If pygame cannot open a window on this display.
        """
        pygame = require("pygame", "human")
        frame = draw(text, self.game)
        if self._screen is None:
            height, width, _ = frame.shape
            try:
                pygame.display.init()
                self._screen = pygame.display.set_mode((width, height))
            except pygame.error as error:
                raise ConfigError(f"render_mode='human' could not open a window: {error}") from None
            pygame.display.set_caption(self.title)
            self._clock = pygame.time.Clock()
        pygame.surfarray.blit_array(self._screen, frame.swapaxes(0, 1))
        pygame.event.pump()
        pygame.display.flip()
        self._clock.tick(FPS)

    @property
    def is_open(self) -> bool:
        """True from the first frame until `close`."""
        return self._screen is not None

    def close(self) -> None:
        """Close the window, if it is open."""
        if self._screen is not None:
            pygame = require("pygame", "human")
            pygame.display.quit()
            self._screen = self._clock = None
