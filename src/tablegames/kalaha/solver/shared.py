"""The endgame tables solvers share: the two most recent kept in memory, read from a directory, or built.

A build stopped from its ``progress`` callback (a solve stopped while its
endgame table was being built) is kept too, and the next solver that needs
the table goes on with it where it stopped.

Examples:
    >>> first = shared_table(pits=3, seeds=4, empty_capture=True, directory=None)
    >>> shared_table(3, 4, True, None) is first
    True
    >>> clear_endgame_cache()
    >>> shared_table(3, 4, True, None) is first
    False
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from tablegames.kalaha.solver.endgame import EndgameBuild, EndgameTable

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["clear_endgame_cache", "shared_table"]

#: How many endgame tables stay in memory between solvers (the most recent ones; see `clear_endgame_cache`).
_KEPT_TABLES = 2
#: The tables kept, finished or being built, by pits, seeds, capture rule and directory.
_kept: dict[tuple[int, int, bool, str | None], EndgameTable | EndgameBuild] = {}


def shared_table(
    pits: int,
    seeds: int,
    empty_capture: bool,
    directory: str | os.PathLike[str] | None,
    progress: Callable[[int], object] | None = None,
) -> EndgameTable:
    """The table as solvers share it: kept in memory, read from ``directory``, or built (and saved there).

    The two most recent tables stay in memory, and so does a build stopped
    from ``progress``: the next call goes on with it where it stopped.
    """
    key = (pits, seeds, empty_capture, None if directory is None else os.fspath(directory))
    kept = _kept.pop(key, None)
    if kept is None and directory is not None:
        kept = EndgameTable.stored(pits, seeds, empty_capture, directory)
    if kept is None:
        kept = EndgameBuild(pits, seeds, empty_capture)
    while len(_kept) >= _KEPT_TABLES:
        del _kept[next(iter(_kept))]
    _kept[key] = kept
    if isinstance(kept, EndgameTable):
        return kept
    table = kept.run(progress)
    _kept[key] = table
    if directory is not None:
        table.store(directory)
    return table


def clear_endgame_cache() -> None:
    """Let go of the endgame tables kept for the next solver, and of any build that was stopped.

    A solver that builds (or reads) an endgame table leaves it in a cache of
    the two most recent ones, so that the next `solve` of the same game does
    not build it again. Solvers that hold a table keep it all the same.
    """
    _kept.clear()
