"""Where the server's bots decide: an instant bot where it is, any other in a worker process."""

from __future__ import annotations

import asyncio

import pytest

import tablegames
from tests.extras import need_module

need_module("starlette", "web")

from tablegames.server.botrunner import Decision, ProcessBotRunner, decide  # noqa: E402
from tests.server.support import client, new_table  # noqa: E402


def _decision(bot: str) -> Decision:
    game = tablegames.load("kalaha")
    view = game.start(seed=3).view(0)
    return Decision("kalaha", game.options(), bot, view, seed="3/0", ply=0)


@pytest.mark.parametrize(("bot", "in_worker"), [("random", False), ("heuristic", True)])
def test_only_a_bot_that_thinks_is_sent_to_a_worker(bot: str, in_worker: bool) -> None:
    """The random bot decides on the spot (no worker is started); the heuristic in a worker; both as `decide` does."""
    runner = ProcessBotRunner(workers=1)
    try:
        chosen = asyncio.run(runner.decide(_decision(bot)))
        assert (runner._pool is not None) is in_worker
        assert chosen == decide(_decision(bot))
    finally:
        runner.close()


def test_a_table_of_instant_bots_gives_way_to_the_other_requests() -> None:
    """A long game of random bots alone, without a pause, leaves the server free to answer: it is seen mid-game."""
    with client() as http:
        seats = ["random"] * 3
        table, _ = new_table(http, game="loo", options={"players": 3, "rounds": 1000}, seats=seats, seed=1)
        snapshot = http.get(f"/api/tables/{table}").json()
        assert snapshot["table"]["status"] == "playing"
        assert not snapshot["view"]["is_over"]
