"""Progress of many games on a terminal: rich's bar where rich is installed, a plain counting line where not.

Nothing is shown unless the stream is a terminal, so piped output and JSON
stay clean. ``simulate`` and ``tournament`` use this, and need nothing but
tablegames itself.

Examples:
    >>> import io
    >>> with games_progress("kalaha", io.StringIO()) as advance:
    ...     advance(5, 10)
"""

from __future__ import annotations

import contextlib
import importlib
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

__all__ = ["games_progress"]


@contextlib.contextmanager
def games_progress(label: str, err: TextIO, *, show: bool = True) -> Iterator[Callable[[int, int], None]]:
    """Yield a callback taking (games done, games in all) that shows the progress on ``err``.

    Args:
        label: What is being played, shown before the count.
        err: The stream to draw on; nothing is drawn unless it is a terminal.
        show: False draws nothing whatever ``err`` is.
    """
    if not (show and err.isatty()):
        yield lambda done, total: None
        return
    try:
        importlib.import_module("rich")
    except ImportError:
        yield from _plain(label, err)
        return
    yield from _rich(label, err)


def _plain(label: str, err: TextIO) -> Iterator[Callable[[int, int], None]]:
    def advance(done: int, total: int) -> None:
        print(f"\r{label}: {done}/{total} games", end="", file=err, flush=True)

    try:
        yield advance
    finally:
        print("\r\x1b[2K", end="", file=err, flush=True)


def _rich(label: str, err: TextIO) -> Iterator[Callable[[int, int], None]]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeRemainingColumn(),
        console=Console(file=err),
        transient=True,
        auto_refresh=False,  # no refresh thread: worker processes may be forked
    ) as progress:
        task = progress.add_task("games", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total, refresh=True)

        yield advance
