"""The server process keeps the garbage collector's pauses rare, and leaves what it holds once started out of them."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any

import pytest

from tests.extras import need_module

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

uvicorn = need_module("uvicorn", "web")

from tablegames.server import run  # noqa: E402
from tests.server.support import free_port  # noqa: E402


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the collector back as it was."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@pytest.mark.usefixtures("collector")
def test_tune_collector_sets_the_thresholds_and_freezes_what_lives() -> None:
    """After tuning, collections are rarer and the objects alive then are frozen."""
    gc.unfreeze()
    held = [object() for _ in range(1000)]
    run.tune_collector()
    assert gc.get_threshold() == run.COLLECTOR_THRESHOLDS
    assert gc.get_freeze_count() >= len(held)


@pytest.mark.usefixtures("collector")
def test_serve_tunes_the_collector_once_started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`serve` tunes the collector after the application has started (its tables restored), not before."""
    seen: list[bool] = []

    async def start_and_stop(self: Any, sockets: Any = None) -> None:  # uvicorn's own serve, without the main loop
        self.config.load()
        self.lifespan = self.config.lifespan_class(self.config)
        await self.startup(sockets=sockets)
        await self.shutdown(sockets=sockets)

    monkeypatch.setattr(uvicorn.Server, "serve", start_and_stop)
    monkeypatch.setattr(run, "tune_collector", lambda: seen.append(True))
    run.serve(port=free_port(), db=tmp_path / "t.sqlite3", bot_workers=1, log_level="warning")
    assert seen == [True]
