"""The arena on Ray: the same games as in one process, played by Ray tasks on a machine or a cluster.

`tablegames.simulate` and `tablegames.tournament` use this module when given
``backend="ray"`` (the extra ``ray``); nothing imports Ray before then. The
games of a run are cut into chunks, each one Ray task that plays its games
from nothing but the run (game, bots, settings, seed) and the games' numbers,
so the results are identical to a run in one process, whoever plays which
chunk and however often.

- **Connecting.** If this process is connected to Ray already (you called
  ``ray.init``, say with a ``runtime_env``), that connection is used. Else,
  with an ``address`` (``"HOST:PORT"`` or ``"auto"``) it joins that cluster;
  without one it starts a local Ray instance (no dashboard, quiet) with
  ``workers`` CPUs, or all of this machine's. A Ray started here stays up
  until the process exits, so the next run starts at once.
- **Chunks sized for throughput.** The first chunks of a run are small (1,
  2, 4, ... games) and time themselves; later chunks are sized to take about
  `CHUNK_SECONDS` each, so that a task's overhead (about a millisecond) is a
  small part of it, but never so large that the last chunks leave CPUs idle:
  no chunk takes more than the remaining games over twice the task slots.
  With ``workers`` at most that many tasks are in flight; without, two per
  CPU of the cluster, so each CPU has its next chunk waiting.
- **Progress** is reported as chunks finish.
- **Retries.** A task whose worker dies (killed, out of memory, a lost node)
  is run again by Ray, up to `RETRIES` times; it plays the same games again,
  so the results do not change. An error raised by a bot is raised here as
  itself, and the remaining tasks are cancelled.
"""

from __future__ import annotations

import logging
import socket
import time
from typing import TYPE_CHECKING, Any

from tablegames.core.errors import ConfigError
from tablegames.core.extras import require
from tablegames.core.runs import GameResult, Run, play_games

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import ModuleType

__all__ = ["CHUNK_SECONDS", "CONNECT_SECONDS", "RETRIES", "connect", "play_on_ray"]

#: How long a chunk of games should take on one CPU, in seconds, once a run's cost per game is known.
CHUNK_SECONDS = 0.5

#: How many times Ray runs a task again whose worker died.
RETRIES = 4

#: How long to wait for a cluster's address to answer before giving up, in seconds.
CONNECT_SECONDS = 5.0


def connect(address: str | None = None, workers: int | None = None) -> ModuleType:
    """Connect this process to Ray and return the ``ray`` module.

    Args:
        address: The cluster to join (``"HOST:PORT"`` or ``"auto"``); None
            starts a local Ray instance. Ignored if this process is connected
            to Ray already.
        workers: The CPUs of a local instance started here (None: all of this machine's).

    Raises:
        MissingExtraError: If Ray is not installed.
        ConfigError: If nothing answers at a ``HOST:PORT`` address.
    """
    ray = require("ray", "ray")
    if not ray.is_initialized():
        quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
        if address is None:
            ray.init(address="local", num_cpus=workers, include_dashboard=False, **quiet)
        else:
            _check_reachable(address)
            ray.init(address=address, **quiet)
    return ray


def _check_reachable(address: str) -> None:
    """Fail at once if nothing listens at a ``HOST:PORT`` address, where Ray would retry for many minutes.

    Raises:
        ConfigError: If the address looks like ``HOST:PORT`` and no connection can be made to it.
    """
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit() or "://" in address:
        return  # "auto", or a form Ray reads its own way
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as error:
        raise ConfigError(
            f"no Ray cluster answers at {address!r} ({error}); start one there with 'ray start --head', "
            "or give no address to start a local Ray"
        ) from None


def _play_chunk(run: Run, numbers: range) -> tuple[list[GameResult], float]:
    """A Ray task: play the games ``numbers`` of ``run`` (shared by a run's tasks); time it."""
    began = time.perf_counter()
    results = play_games(run.job(numbers))
    return results, time.perf_counter() - began


class _Chunks:
    """Cuts the runs' games into chunks, in order, sizing each from what the finished chunks of its run took."""

    def __init__(self, runs: Sequence[Run], slots: int) -> None:
        self.runs = runs
        self.slots = slots
        self.run = 0
        self.start = 0
        self.remaining = sum(run.games for run in runs)
        self.seconds = [0.0] * len(runs)
        self.timed = [0] * len(runs)
        self.probe = [1] * len(runs)

    def next(self) -> tuple[int, range] | None:
        """The next chunk: its run's index and its games' numbers; None when every game is handed out."""
        while self.run < len(self.runs) and self.start >= self.runs[self.run].games:
            self.run, self.start = self.run + 1, 0
        if self.run == len(self.runs):
            return None
        index = self.run
        if self.timed[index]:
            size = round(CHUNK_SECONDS / max(self.seconds[index] / self.timed[index], 1e-6))
        else:
            size = self.probe[index]
            self.probe[index] *= 2
        size = max(1, min(size, -(-self.remaining // (2 * self.slots)), self.runs[index].games - self.start))
        numbers = range(self.start, self.start + size)
        self.start += size
        self.remaining -= size
        return index, numbers

    def timing(self, index: int, games: int, seconds: float) -> None:
        """Note that a chunk of ``games`` games of run ``index`` took ``seconds``."""
        self.timed[index] += games
        self.seconds[index] += seconds


def play_on_ray(
    runs: Sequence[Run],
    *,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    address: str | None = None,
) -> list[list[GameResult]]:
    """Play every game of ``runs`` in Ray tasks; return each run's games in order.

    Args:
        runs: The runs, checked (see `tablegames.core.arena.check_run`).
        workers: At most this many tasks at once (None: every CPU of the
            cluster, with a task queued for each); also the CPUs of a local
            Ray instance started here.
        progress: Called with (games done, games in all) as chunks finish.
        address: The cluster to join (see `connect`).

    Raises:
        MissingExtraError: If Ray is not installed.
        TablegamesError: Whatever a bot raised, as itself.
    """
    ray = connect(address, workers)
    slots = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
    in_flight = workers or 2 * slots  # a cap is kept exactly; a whole cluster gets a task queued per CPU
    task = ray.remote(max_retries=RETRIES)(_play_chunk)
    shared = [ray.put(run) for run in runs]
    chunks = _Chunks(runs, slots)
    total = chunks.remaining
    played: list[dict[int, list[GameResult]]] = [{} for _ in runs]
    pending: dict[Any, tuple[int, range]] = {}
    done = 0
    try:
        while True:
            while len(pending) < in_flight and (chunk := chunks.next()) is not None:
                index, numbers = chunk
                pending[task.remote(shared[index], numbers)] = chunk
            if not pending:
                break
            (finished,), _ = ray.wait(list(pending), num_returns=1)
            index, numbers = pending.pop(finished)
            try:
                results, seconds = ray.get(finished)
            except ray.exceptions.RayTaskError as error:
                raise error.cause from None
            played[index][numbers.start] = results
            chunks.timing(index, len(numbers), seconds)
            done += len(numbers)
            if progress is not None:
                progress(done, total)
    finally:
        for ref in pending:
            ray.cancel(ref)
    return [[game for start in sorted(pieces) for game in pieces[start]] for pieces in played]
