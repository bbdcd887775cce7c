"""The "Train agents" guide's complete examples run: OpenSpiel's MCTS and IS-MCTS in the arena, MaskablePPO training."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.docs.examples import load_example
from tests.extras import need_module

if TYPE_CHECKING:
    from pathlib import Path


def test_openspiel_mcts_plays_in_the_arena() -> None:
    """openspiel_mcts.py's bot plays whole games against the heuristic, seated in turn, and the arena measures it."""
    need_module("pyspiel", "openspiel")
    result = load_example("openspiel_mcts.py").main(games=2, simulations=20)
    assert result.games == 2
    assert [stats.bot for stats in result.bots] == ["openspiel-mcts", "heuristic"]
    assert sum(stats.wins for stats in result.bots) == 2


@pytest.mark.parametrize("name", ["loo", "kalo"])
def test_ismcts_plays_one_round_games_in_the_arena(name: str) -> None:
    """ismcts_one_round.py's bot plays whole one-round games against two random bots, seated in turn."""
    need_module("pyspiel", "openspiel")
    result = load_example("ismcts_one_round.py").main(games=3, simulations=5, name=name)
    assert result.games == 3
    assert result.options["rounds"] == 1
    assert [stats.bot for stats in result.bots] == ["openspiel-ismcts", "random", "random"]


def test_maskable_ppo_trains_a_handful_of_steps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """maskable_ppo_kalaha.py trains MaskablePPO for a few steps and measures it before and after, in both seats."""
    need_module("sb3_contrib", "train")  # not in the extra test (PyTorch is some GB): .ci/run installs it apart
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path))  # its logger's folder, else a new one in the system's temp folder
    rates = load_example("maskable_ppo_kalaha.py").main(timesteps=64, games=4, n_steps=32, pits=3, seeds=2)
    assert set(rates) == {"random", "heuristic"}
    for before, after in rates.values():
        assert before in (0, 0.25, 0.5, 0.75, 1)
        assert after in (0, 0.25, 0.5, 0.75, 1)
