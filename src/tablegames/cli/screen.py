"""Fitting a turn to the terminal's height: the news since a player's last turn shortened so the board stays in view.

At each of a person's turns the terminal shows what happened since their last turn, then the table and their
choices, then the prompt. In a game of six, a whole trick and its effects can take more lines than a 40-line
terminal has, and would push the table off the top of the screen. `fit_news` keeps the latest news that fits
above the table and says how much earlier news there was; the ``news`` command shows it all.

Examples:
    >>> import io
    >>> from rich.console import Console
    >>> from rich.text import Text
    >>> console = Console(file=io.StringIO(), width=100)
    >>> news = [Text(f"  · seat 1 plays {rank}♣") for rank in range(3, 9)]
    >>> [line.plain for line in fit_news(news, room=3, console=console)]
    ['  · 4 earlier events are not shown here: type news to see them', '  · seat 1 plays 7♣', '  · seat 1 plays 8♣']
    >>> len(fit_news(news, room=None, console=console))
    6
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from rich.text import Text

from tablegames.core.plurals import plural

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import Console, RenderableType

__all__ = ["NEWS_COMMAND", "fit_news", "lines_tall", "screen_height"]

#: The command that shows the whole news since a player's last turn.
NEWS_COMMAND = "news"


def screen_height(console: Console) -> int | None:
    """The terminal's height in lines, or ``LINES`` if set; None when writing to a file or pipe (no screen to fit).

    Examples:
        >>> import io
        >>> from rich.console import Console
        >>> screen_height(Console(file=io.StringIO(), force_terminal=True, height=40))
        40
    """
    if console.is_terminal or os.environ.get("LINES", "").isdigit():
        return console.height
    return None


def lines_tall(console: Console, *renderables: RenderableType) -> int:
    """How many lines ``renderables`` take when printed on ``console`` at its width.

    Examples:
        >>> import io
        >>> from rich.console import Console
        >>> lines_tall(Console(file=io.StringIO(), width=10), Text("one"), Text("two words and more"))
        3
    """
    options = console.options.update(height=None)
    return sum(len(console.render_lines(each, options, pad=False)) for each in renderables)


def fit_news(news: Sequence[Text], room: int | None, console: Console) -> list[Text]:
    """The latest lines of ``news`` that fit in ``room`` lines of ``console``, after a line saying what is cut.

    Args:
        news: The news, one event a line (a long one may wrap).
        room: The lines free above the table; None to keep all.
        console: Where the news is printed, at whose width the lines wrap.

    Returns:
        ``news`` itself if it fits; else a line saying how many earlier events are not shown and the
        latest that fit with it (at least one).
    """
    if room is None or lines_tall(console, *news) <= room:
        return list(news)
    kept: list[Text] = []
    used = 1  # the line saying what is left out
    for line in reversed(news):
        used += lines_tall(console, line)
        if used > room and kept:
            break
        kept.append(line)
    left_out = len(news) - len(kept)
    note = Text(
        f"  · {plural(left_out, 'earlier event')} {'is' if left_out == 1 else 'are'} not shown here: "
        f"type {NEWS_COMMAND} to see them",
        style="dim",
    )
    return [note, *reversed(kept)]
