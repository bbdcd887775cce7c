"""``tablegames tournament``: every bot against every other, rated, as tables or JSON, and a plot if asked.

It needs nothing but tablegames, and matplotlib (the extra ``plot``) for ``--plot``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

import tablegames
from tablegames.cli.progress import games_progress
from tablegames.core.extras import require
from tablegames.core.plots import FORMATS

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from pathlib import Path

    from tablegames import Game, State

__all__ = ["default_games", "run_tournament"]


def default_games(game: Game[State], bots: int, *, at_least: int = 100) -> int:
    """The games at each table when none are asked for: the first multiple of the table's size from ``at_least``.

    Examples:
        >>> import tablegames
        >>> default_games(tablegames.load("kalaha"), 3), default_games(tablegames.load("loo", players=3), 5)
        (100, 102)
    """
    size = min(bots, game.players)
    return -(-at_least // size) * size


def run_tournament(
    game: Game[State],
    bots: Sequence[str],
    *,
    games: int | None,
    seed: int,
    settings: Mapping[str, Mapping[str, Any]],
    as_json: bool,
    plot: Path | None,
    out: TextIO,
    err: TextIO,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
) -> None:
    """Run `tablegames.tournament`, print its tables (or its JSON) and draw its plot, with progress on a terminal.

    Raises:
        ConfigError: If the plot's file is not ``.svg`` or ``.png`` (before any game is played).
        MissingExtraError: If a plot is asked for and matplotlib is not installed (before any game is played).
    """
    if plot is not None:  # before any game is played
        if plot.suffix.lower() not in FORMATS:
            raise tablegames.ConfigError(f"--plot writes a .svg or .png file, not {plot.name!r}")
        require("matplotlib", "plot")
    count = games if games is not None else default_games(game, len(bots))
    with games_progress(f"{game.name} tournament", err, show=not as_json) as advance:
        result = tablegames.tournament(
            game,
            list(bots),
            count,
            seed,
            settings=settings,
            backend=backend,
            workers=workers,
            address=address,
            progress=advance,
        )
    if plot is not None:
        result.plot(plot)
    if as_json:
        print(json.dumps(result.to_dict()), file=out)
    else:
        print(result, file=out)
        if plot is not None:
            print(f"\nplot: {plot}", file=out)
