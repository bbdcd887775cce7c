"""``tablegames simulate``: many games between bots, with progress on stderr, as a table or JSON.

It needs nothing but tablegames. On a terminal the progress is a bar with
rich, a counting line without; elsewhere (a log, a pipe) a line once the run
has taken two seconds, then every thirty, counting the time while a game is
played when the games run in this process, so that a long run is never
silent. With ``--json`` nothing is shown.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

import tablegames
from tablegames.cli.progress import games_progress

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from tablegames import Game, State

__all__ = ["run_simulation"]


def run_simulation(
    game: Game[State],
    bots: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int | None,
    settings: Mapping[str, Mapping[str, Any]],
    as_json: bool,
    out: TextIO,
    err: TextIO,
    backend: str = "local",
    address: str | None = None,
) -> None:
    """Run `tablegames.simulate` and print its table (or its JSON), with progress on ``err`` (not with JSON)."""
    here = backend == "local" and (workers or 1) == 1  # no worker process is forked: a thread may count the time
    with games_progress(game.name, err, show=not as_json, ticking=here) as advance:
        result = tablegames.simulate(
            game,
            list(bots),
            games=games,
            seed=seed,
            workers=workers,
            settings=settings,
            progress=advance,
            backend=backend,
            address=address,
        )
    if as_json:
        print(json.dumps(result.to_dict()), file=out)
    else:
        print(result, file=out)
