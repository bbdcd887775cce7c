"""Pictures for ``render_mode="rgb_array"``: the table as the ``ansi`` mode writes it, drawn as pixels.

The rules pages' pictures are SVG drawings made by the docs; turning SVG
into pixels would need a rasterizer tablegames does not depend on. So an
``rgb_array`` frame is the ``ansi`` text of the table drawn in a monospace
font with matplotlib (the extra ``plot``), on a white canvas whose size is
fixed by the game's options (`frame_shape`), so that every frame of an
episode has the same shape, as video recorders ask. Text beyond the canvas
is cut off.

Examples:
    >>> import tablegames
    >>> game = tablegames.load("kalaha", pits=3, seeds=2)
    >>> frame = draw(str(game.start().view(None)), game)
    >>> frame.shape == frame_shape(game), frame.dtype.name
    (True, 'uint8')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.extras import require

require("numpy", "rl")

import numpy as np  # noqa: E402

if TYPE_CHECKING:
    from tablegames.core.protocol import Game

__all__ = ["COLUMNS", "FPS", "draw", "frame_shape"]

#: The characters a line of a frame holds.
COLUMNS = 88
#: The frames per second the environments' metadata gives as ``render_fps``.
FPS = 2
_CELL_WIDTH, _CELL_HEIGHT, _MARGIN, _DPI = 8, 16, 8, 100


def frame_shape(game: Game) -> tuple[int, int, int]:
    """The shape ``(height, width, 3)`` of every frame of ``game``: room for ``players + 6`` lines."""
    rows = game.players + 6
    return rows * _CELL_HEIGHT + 2 * _MARGIN, COLUMNS * _CELL_WIDTH + 2 * _MARGIN, 3


def draw(text: str, game: Game) -> np.ndarray:
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
