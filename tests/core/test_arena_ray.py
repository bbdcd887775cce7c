"""The arena on Ray (docs: guide/cluster.md): the same results as one process, chunks, retries and errors.

The tests share one Ray cluster of two CPUs (the ``ray_cluster`` fixture of tests/ray_cluster.py) and join it by
its address, as a user joins a cluster.
"""

from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import attrs
import pytest

import tablegames
from tablegames import Bot, ConfigError, IllegalActionError, MissingExtraError, RandomBot
from tablegames.cli import main
from tablegames.core.arena_ray import CHUNK_SECONDS, _Chunks
from tablegames.core.runs import Run
from tests.extras import need_module

if TYPE_CHECKING:
    import random

#: Each game's run: its options and how many games of heuristic against random.
RUNS = {"kalaha": ({}, 300), "kalo": ({"players": 4}, 6), "loo": ({"players": 4, "rounds": 4}, 40)}
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", tablegames.names())
def test_ray_gives_the_same_results_as_one_process(ray_cluster: str, name: str) -> None:
    """Every game: a run on the Ray cluster is identical to the run in one process, reported chunk by chunk."""
    options, games = RUNS[name]
    game = tablegames.load(name, **options)
    seen: list[int] = []
    here = tablegames.simulate(game, ["heuristic", "random"], games=games, seed=4, workers=1)
    there = tablegames.simulate(
        game,
        ["heuristic", "random"],
        games=games,
        seed=4,
        backend="ray",
        address=ray_cluster,
        progress=lambda d, _: seen.append(d),
    )
    assert there == here
    assert there.to_dict() == here.to_dict()
    assert len(seen) > 1
    assert seen == sorted(seen)
    assert seen[-1] == games


@attrs.frozen
class Fragile(RandomBot):
    """A random bot that, while its file exists, removes it and kills its own process: a worker dying mid-run."""

    name: ClassVar[str] = "random"
    armed: str

    def choose(self, view: tablegames.View, rng: random.Random) -> tablegames.Action:
        try:
            os.remove(self.armed)
        except FileNotFoundError:
            return super().choose(view, rng)
        os._exit(1)  # pragma: no cover - runs in a Ray worker, which dies here


def test_a_killed_worker_is_retried_with_the_same_results(ray_cluster: str, tmp_path: Path) -> None:
    """A Ray task whose worker process dies is run again, and the results are still identical."""
    game = tablegames.load("kalaha", pits=4, seeds=3)
    armed = tmp_path / "armed"
    bots: list[str | Bot] = [Fragile(str(armed)), "heuristic"]
    here = tablegames.simulate(game, bots, games=200, seed=8, workers=1)
    armed.touch()
    there = tablegames.simulate(game, bots, games=200, seed=8, backend="ray", address=ray_cluster)
    assert not armed.exists(), "no worker was killed"
    assert there == here


@attrs.frozen
class Cheat(RandomBot):
    """Plays a move that is never legal in Kalaha."""

    name: ClassVar[str] = "cheat"

    def choose(self, view: tablegames.View, rng: random.Random) -> tablegames.Action:
        return tablegames.load("loo").start(seed=1).legal_actions()[1]


def test_a_bots_error_in_a_task_is_raised_as_itself(ray_cluster: str) -> None:
    """An error a bot raises in a Ray task reaches the caller as that error, not wrapped by Ray."""
    game = tablegames.load("kalaha", pits=3, seeds=2)
    with pytest.raises(IllegalActionError, match="bot 'cheat' chose drop") as raised:
        tablegames.simulate(game, [Cheat(), "random"], games=20, seed=1, backend="ray", address=ray_cluster)
    assert type(raised.value) is IllegalActionError


def test_a_tournament_on_ray_is_the_tournament_in_one_process(ray_cluster: str) -> None:
    """A tournament's tables all run on Ray at once, and it is identical to the tournament in one process."""
    game = tablegames.load("loo", players=3, rounds=2)
    bots: dict[str, str | Bot] = {"a": RandomBot(), "b": "heuristic", "c": RandomBot(), "d": "heuristic"}
    here = tablegames.tournament(game, bots, 12, seed=2)
    there = tablegames.tournament(game, bots, 12, seed=2, backend="ray", address=ray_cluster)
    assert there == here
    assert len(there.tables) == 4


def test_the_command_line_on_a_local_ray_prints_what_one_worker_prints() -> None:
    """``simulate kalaha --games 2000 --seed 5 --backend ray --json`` starts a local Ray, prints the one-worker JSON."""
    need_module("ray", "ray")
    command = [sys.executable, "-m", "tablegames", "simulate", "kalaha", "--games", "2000", "--seed", "5", "--json"]
    ray = subprocess.run([*command, "--backend", "ray"], capture_output=True, text=True, timeout=300, check=False)
    assert ray.returncode == 0, ray.stderr
    out = io.StringIO()
    assert main(["simulate", "kalaha", "--games", "2000", "--seed", "5", "--json", "--workers", "1"], stdout=out) == 0
    assert ray.stdout == out.getvalue()
    assert json.loads(ray.stdout)["games"] == 2000


def test_ray_is_imported_only_for_its_backend() -> None:
    """Importing tablegames, simulating and running a tournament locally never imports Ray or matplotlib."""
    script = (
        "import sys, tablegames\n"
        "game = tablegames.load('kalaha', pits=3)\n"
        "tablegames.simulate(game, ['random'], games=4, seed=1)\n"
        "tablegames.tournament(game, ['random', 'heuristic'], 4, seed=1)\n"
        "print(sorted({name.split('.')[0] for name in sys.modules} & {'ray', 'matplotlib'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_without_ray_the_backend_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """With Ray missing, backend='ray' raises MissingExtraError naming the extra 'ray'."""
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(MissingExtraError, match=r"tablegames\[ray\]"):
        tablegames.simulate(tablegames.load("kalaha"), ["random"], games=2, seed=1, backend="ray")


def test_an_address_where_nothing_answers_fails_at_once() -> None:
    """A HOST:PORT where no cluster listens is a ConfigError at once, where Ray would retry for many minutes."""
    ray = need_module("ray", "ray")
    if ray.is_initialized():
        ray.shutdown()  # the shared cluster's test process joins it again when next asked
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ConfigError, match=f"no Ray cluster answers at '127.0.0.1:{port}'"):
        tablegames.simulate(
            tablegames.load("kalaha"), ["random"], games=2, seed=1, backend="ray", address=f"127.0.0.1:{port}"
        )


def _cut(chunks: _Chunks) -> list[tuple[int, range]]:
    pieces = []
    while (piece := chunks.next()) is not None:
        pieces.append(piece)
    return pieces


def test_chunks_hand_out_every_game_once_in_order() -> None:
    """The chunks of several runs cover each run's games exactly once, run after run, growing from one game."""
    game = tablegames.load("kalaha")
    runs = [Run(game, ("random",), {}, 1, games) for games in (7, 100, 1)]
    pieces = _cut(_Chunks(runs, slots=2))
    for index, run in enumerate(runs):
        numbers = [number for owner, piece in pieces if owner == index for number in piece]
        assert numbers == list(range(run.games))
    assert [owner for owner, _ in pieces] == sorted(owner for owner, _ in pieces)
    assert [len(piece) for _, piece in pieces[:3]] == [1, 2, 4]


def test_timed_chunks_are_sized_for_the_target_and_shrink_at_the_end() -> None:
    """Timed chunks take about CHUNK_SECONDS, and none is more than the remaining games over twice the slots."""
    game = tablegames.load("kalaha")
    chunks = _Chunks([Run(game, ("random",), {}, 1, 100_000)], slots=4)
    first = chunks.next()
    assert first is not None
    chunks.timing(0, len(first[1]), 0.002)  # 2 ms a game
    sized = chunks.next()
    assert sized is not None
    assert len(sized[1]) == round(CHUNK_SECONDS / 0.002)
    pieces = _cut(chunks)
    assert all(len(piece) <= -(-(100_000 - piece.start) // 8) for _, piece in pieces)
    assert len(pieces[-1][1]) == 1
