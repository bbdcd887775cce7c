"""``tablegames simulate``: many games between bots, with a progress bar, as a table or JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

import tablegames

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from tablegames import Game

__all__ = ["run_simulation"]


def run_simulation(
    game: Game,
    bots: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int,
    settings: Mapping[str, Mapping[str, Any]],
    as_json: bool,
    out: TextIO,
    err: TextIO,
) -> None:
    """Run `tablegames.simulate` and print its table (or its JSON), showing progress on ``err`` if it is a terminal."""
    show = not as_json and err.isatty()
    console = Console(file=err)
    with Progress(
        TextColumn(f"{game.name}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        auto_refresh=False,  # no refresh thread: worker processes may be forked
        disable=not show,
    ) as progress:
        task = progress.add_task("games", total=games)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total, refresh=True)

        result = tablegames.simulate(
            game, list(bots), games=games, seed=seed, workers=workers, settings=settings, progress=advance
        )
    if as_json:
        print(json.dumps(result.to_dict()), file=out)
    else:
        print(result, file=out)
