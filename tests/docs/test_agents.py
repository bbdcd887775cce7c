"""The "Train agents" guide's complete example runs: OpenSpiel's MCTS measured against the heuristic in the arena."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from tests.extras import need_module

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "openspiel_mcts.py"


def test_openspiel_mcts_plays_in_the_arena() -> None:
    """openspiel_mcts.py's bot plays whole games against the heuristic, seated in turn, and the arena measures it."""
    need_module("pyspiel", "openspiel")
    spec = importlib.util.spec_from_file_location("docs_openspiel_mcts", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(games=2, simulations=20)
    assert result.games == 2
    assert [stats.bot for stats in result.bots] == ["openspiel-mcts", "heuristic"]
    assert sum(stats.wins for stats in result.bots) == 2
