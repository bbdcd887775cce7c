r"""Progress on stderr for the long commands (``simulate``, ``tournament``, ``solve``, ``analyse``); no rich needed.

On a terminal the progress of many games is rich's bar where rich is
installed, a plain counting line where not; a solve's progress is one plain
line rewritten in place. Anywhere else (a log file, a pipe, CI) a line is
written once the work has taken `FIRST` seconds, then at most every `EVERY`
seconds, so that a long run is never silent and a short one prints nothing;
piped output and JSON (``show=False``) stay clean.

Examples:
    >>> import io
    >>> with games_progress("kalaha", io.StringIO()) as advance:
    ...     advance(5, 10)
    >>> log = io.StringIO()
    >>> status = Status(log, first=0, every=0)
    >>> status.update("1 of 2 games")
    >>> status.update("2 of 2 games")
    >>> status.close()
    >>> log.getvalue()
    '1 of 2 games\n2 of 2 games\n'
    >>> duration(75), duration(3725), duration(4.2)
    ('1 min 15 s', '1 h 2 min', '4 s')
"""

from __future__ import annotations

import contextlib
import importlib
import threading
import time
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

__all__ = ["EVERY", "FIRST", "Status", "duration", "games_progress", "games_text"]

#: Off a terminal: seconds of work before the first progress line, and the least seconds between two lines.
FIRST, EVERY = 2.0, 30.0


def duration(seconds: float) -> str:
    """A span of time in words fit for a progress line: ``4 s``, ``1 min 15 s``, ``1 h 2 min``."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


def games_text(label: str, done: int, total: int, seconds: float) -> str:
    """A progress line for many games: games done, time so far and, once a game is done, the time left.

    Examples:
        >>> games_text("kalo", 0, 2, 40)
        'kalo: 0 of 2 games done after 40 s'
        >>> games_text("kalo", 1, 2, 200)
        'kalo: 1 of 2 games done after 3 min 20 s, about 3 min 20 s left'
    """
    line = f"{label}: {done} of {total} game{'' if total == 1 else 's'} done after {duration(seconds)}"
    if 0 < done < total:
        line += f", about {duration(seconds / done * (total - done))} left"
    return line


class Status:
    """A progress line on ``stream``: in place on a terminal, otherwise a line now and then.

    Args:
        stream: Where to write (stderr).
        first: Off a terminal, how long the work must have run before the first line (default `FIRST`).
        every: Off a terminal, the least time between two lines (default `EVERY`).
        ticker: Called with the seconds so far, from a background thread, for a fresh line
            between updates (every second on a terminal; elsewhere when a line is due); None for
            no thread. Use it only where no worker process is forked while it runs.
    """

    def __init__(
        self,
        stream: TextIO,
        *,
        first: float | None = None,
        every: float | None = None,
        ticker: Callable[[float], str] | None = None,
    ) -> None:
        self.stream = stream
        self.terminal = stream.isatty()
        self.first = FIRST if first is None else first
        self.every = EVERY if every is None else every
        self.started = time.monotonic()
        self._last: float | None = None
        self._width = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if ticker is not None:
            self._thread = threading.Thread(target=self._tick, args=(ticker,), daemon=True)
            self._thread.start()

    @property
    def elapsed(self) -> float:
        """Seconds since the status began."""
        return time.monotonic() - self.started

    def update(self, text: str) -> None:
        """Show ``text`` as the latest progress (off a terminal, only if it is time for a line)."""
        with self._lock:
            now = time.monotonic()
            if self.terminal:
                line = text.replace("\n", " ")
                self.stream.write("\r" + line + " " * max(0, self._width - len(line)))
                self._width = len(line)
            else:
                due = self.first if self._last is None else self.every
                since = now - (self.started if self._last is None else self._last)
                if since < due:
                    return
                self.stream.write(text + "\n")
                self._last = now
            self.stream.flush()

    def close(self) -> None:
        """Stop the ticker and, on a terminal, erase the line."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        with self._lock:
            if self.terminal and self._width:
                self.stream.write("\r" + " " * self._width + "\r")
                self.stream.flush()
                self._width = 0

    def _tick(self, ticker: Callable[[float], str]) -> None:
        pause = 1.0 if self.terminal else max(0.5, min(self.first, self.every) / 2)
        while not self._stop.wait(pause):
            self.update(ticker(self.elapsed))


@contextlib.contextmanager
def games_progress(
    label: str, err: TextIO, *, show: bool = True, ticking: bool = False
) -> Iterator[Callable[[int, int], None]]:
    """Yield a callback taking (games done, games in all) that shows the progress on ``err``.

    Args:
        label: What is being played, shown before the count.
        err: The stream to draw on: on a terminal a bar (or a counting line); elsewhere a line now and then.
        show: False draws nothing whatever ``err`` is.
        ticking: Off a terminal, also write a line while a game is being played, counting the time
            (from a thread: only where no worker process is forked).
    """
    if not show:
        yield lambda done, total: None
        return
    if not err.isatty():
        yield from _lines(label, err, ticking=ticking)
        return
    try:
        importlib.import_module("rich")
    except ImportError:
        yield from _plain(label, err)
        return
    yield from _rich(label, err)


def _lines(label: str, err: TextIO, *, ticking: bool) -> Iterator[Callable[[int, int], None]]:
    counts = [0, 0]

    def tick(seconds: float) -> str:
        return (
            games_text(label, counts[0], counts[1], seconds)
            if counts[1]
            else f"{label}: 0 games done after {duration(seconds)}"
        )

    status = Status(err, ticker=tick if ticking else None)

    def advance(done: int, total: int) -> None:
        counts[:] = [done, total]
        status.update(games_text(label, done, total, status.elapsed))

    try:
        yield advance
    finally:
        status.close()


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
