"""A spinner while a bot thinks: shown on a terminal only, and only once the bot has taken more than a moment.

Examples:
    >>> import io
    >>> from tablegames.cli.render import make_console
    >>> with thinking(make_console(io.StringIO()), "seat 1: the search bot is thinking"):
    ...     pass   # off a terminal nothing is drawn
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator

    from rich.console import Console

__all__ = ["MOMENT", "thinking"]

#: Seconds a bot may take before the spinner shows.
MOMENT = 0.4


@contextlib.contextmanager
def thinking(console: Console, text: str, *, after: float | None = None) -> Iterator[None]:
    """Show a spinner with ``text`` on ``console`` if the body takes more than ``after`` (default `MOMENT`) seconds.

    Only on a terminal; elsewhere nothing is drawn.
    """
    if not console.is_terminal:
        yield
        return
    status = console.status(text, spinner="dots")
    timer = threading.Timer(MOMENT if after is None else after, status.start)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()
        status.stop()
