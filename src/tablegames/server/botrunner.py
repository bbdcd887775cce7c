"""The bot runner: bots decide in worker processes, and each table's bots move after a pause.

A bot's decision never runs on the server's event loop, unless the bot is
``instant`` (the random bot: choosing is cheaper than sending the view
anywhere). `ProcessBotRunner`
(what ``tablegames serve`` uses) sends it to a pool of worker processes, so a
search bot thinking for seconds takes no time from the requests of other
tables (a worker exits by itself when the server is gone, even killed);
`ThreadBotRunner` uses a thread instead (cheap to start, for tests and small
deployments: a search bot then competes with the server for the
interpreter). The worker is given only what the bot may know: the seat's
view, the bot's name and game, and a seed.

A bot's random numbers come from the table's bot seed and the ply, so a
decision is the same however often it is asked for: a server killed while a
bot was thinking asks again after a restart and gets the same move.

`BotDriver` moves each table's bots in turn: it asks for the decision, waits
until the table's pause (``bot_delay``) has passed since the table last
changed, and plays the move through the same path as a person's action. A
bot that fails (a crashed worker, an illegal move) is replaced for that one
decision by a random legal move, and the failure is logged.

Examples:
    >>> import tablegames
    >>> view = tablegames.load("kalaha").start(seed=1).view(0)
    >>> decide(Decision("kalaha", {}, "random", view, seed="1/0", ply=0))
    'f'
"""

from __future__ import annotations

import abc
import asyncio
import functools
import json
import logging
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

import attrs

import tablegames
from tablegames import RandomBot, TablegamesError

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from tablegames import Bot, View
    from tablegames.core.serial import JSONDict
    from tablegames.server.tables import Table

__all__ = ["BotDriver", "BotRunner", "Decision", "ProcessBotRunner", "ThreadBotRunner", "decide"]

LOG = logging.getLogger("tablegames.server")


@attrs.frozen
class Decision:
    """One decision for a bot: what it may know, and the seed of its random numbers.

    Attributes:
        game: The game's name.
        options: The game's options.
        bot: The bot's name (one of ``game.bots()``).
        view: The deciding seat's view.
        seed: Seeds the bot's random numbers.
        ply: The number of actions taken before this decision.
    """

    game: str
    options: JSONDict
    bot: str
    view: View
    seed: str
    ply: int


@functools.lru_cache(maxsize=64)
def _bot(game: str, options: str, name: str) -> Bot:
    return tablegames.load(game, **json.loads(options)).bot(name)


def _watch_parent(parent: int) -> None:
    """In a worker process: exit as soon as the server that started it is gone (killed, crashed)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="tablegames-watch-server", daemon=True).start()


def decide(decision: Decision) -> str:
    """Return the bot's choice for ``decision`` in notation (this runs in a worker)."""
    bot = _bot(decision.game, json.dumps(decision.options, sort_keys=True), decision.bot)
    return str(bot.choose(decision.view, random.Random(decision.seed)))


class BotRunner(abc.ABC):
    """Runs bot decisions away from the event loop."""

    @abc.abstractmethod
    async def decide(self, decision: Decision) -> str:
        """Return the bot's choice in notation."""

    def close(self) -> None:  # noqa: B027 - a runner without resources needs no close
        """Stop the workers: decisions waiting are dropped, those under way finish first."""


class _PoolRunner(BotRunner):
    def __init__(self) -> None:
        self._pool: Executor | None = None

    @abc.abstractmethod
    def _new_pool(self) -> Executor: ...

    async def decide(self, decision: Decision) -> str:
        if _bot(decision.game, json.dumps(decision.options, sort_keys=True), decision.bot).instant:
            return decide(decision)  # sending it to a worker would cost far more than deciding
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            if self._pool is None:
                self._pool = self._new_pool()
            try:
                return await loop.run_in_executor(self._pool, decide, decision)
            except BrokenProcessPool:
                LOG.error("a bot worker died; starting new workers")
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self) -> None:
        if self._pool is not None:
            # Waits for the decisions under way (a search bot's may take seconds), so the workers end cleanly.
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class ProcessBotRunner(_PoolRunner):
    """Decisions in a pool of worker processes (started on first use).

    Args:
        workers: How many processes (default 2): decisions of that many tables run at once.
    """

    def __init__(self, workers: int = 2) -> None:
        super().__init__()
        self.workers = workers

    def _new_pool(self) -> Executor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_watch_parent,
            initargs=(os.getpid(),),
        )


class ThreadBotRunner(_PoolRunner):
    """Decisions in worker threads: no processes to start, but a busy bot shares the interpreter with the server.

    Args:
        workers: How many threads (default 1).
    """

    def __init__(self, workers: int = 1) -> None:
        super().__init__()
        self.workers = workers

    def _new_pool(self) -> Executor:
        return ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="tablegames-bot")


class BotDriver:
    """Moves the bots of every table whose turn is a bot's.

    Args:
        runner: Where the bots decide.
        play: Plays a bot's move on a table (as ``play(table, seat, notation)``), committing it
            and telling the table's listeners; raises a `TablegamesError` if the move is refused.
        hold: Asked with a table's id before its bots move: True if they move on this process
            (with several processes on one database, one of them moves a table's bots).
    """

    def __init__(
        self,
        runner: BotRunner,
        play: Callable[[Table, int, str], Awaitable[None]],
        hold: Callable[[str], Awaitable[bool]],
    ) -> None:
        self.runner = runner
        self._play = play
        self._hold = hold
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def kick(self, table: Table) -> None:
        """Start moving ``table``'s bots if it is a bot's turn, they are not moving already, and this process may."""
        if table.id not in self._tasks and table.bot_turn() is not None:
            self._tasks[table.id] = asyncio.get_running_loop().create_task(self._drive(table))

    def moving(self, table: Table) -> bool:
        """True if ``table``'s bots are deciding or pausing here now."""
        return table.id in self._tasks

    @property
    def busy(self) -> int:
        """How many tables have a bot deciding or pausing now."""
        return len(self._tasks)

    async def _drive(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        try:
            if not await self._hold(table.id):
                return  # another process moves them
            while (seat := table.bot_turn()) is not None:
                ply = table.ply
                bot = table.seats[seat].bot
                assert bot is not None
                view = table.state.view(seat)
                decision = Decision(
                    table.game.name, table.game.options(), bot, view, f"{table.bot_seed}/{ply}", ply=ply
                )
                try:
                    action = await self.runner.decide(decision)
                except Exception:
                    LOG.exception("table %s: bot %r of seat %d failed; it moves at random", table.id, bot, seat)
                    action = str(RandomBot().choose(view, random.Random(decision.seed)))
                # Sleeping even for no time gives way to the other tables: instant bots never hold the loop.
                await asyncio.sleep(max(0.0, table.bot_delay - (loop.time() - table.changed_at)))
                if table.ply != ply or table.bot_turn() != seat:
                    continue
                try:
                    await self._play(table, seat, action)
                except TablegamesError as error:
                    LOG.error(
                        "table %s: bot %r of seat %d chose %r: %s; it moves at random",
                        table.id,
                        bot,
                        seat,
                        action,
                        error,
                    )
                    await self._play(table, seat, str(RandomBot().choose(view, random.Random(decision.seed))))
        except TablegamesError as error:
            LOG.error("table %s: its bots stop: %s", table.id, error)
        finally:
            self._tasks.pop(table.id, None)

    async def close(self) -> None:
        """Stop every table's bots and the runner."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.runner.close()
