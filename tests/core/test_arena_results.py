"""Arena results as JSON with their games, read back; and the arena's backend arguments (docs: guide/bots.md)."""

from __future__ import annotations

import json

import pytest

import tablegames
from tablegames import ArenaResult, ConfigError, InvalidStateError


@pytest.mark.parametrize("name", tablegames.names())
def test_an_arena_result_with_its_games_round_trips(name: str) -> None:
    """to_dict(results=True) holds every game, and from_dict reads it back to an equal result, for every game."""
    game = tablegames.load(name, **({"rounds": 1} if name == "loo" else {}))
    result = tablegames.simulate(game, ["heuristic", "random"], games=4, seed=3)
    data = json.loads(json.dumps(result.to_dict(results=True)))
    assert [row["number"] for row in data["results"]] == [0, 1, 2, 3]
    assert ArenaResult.from_dict(data) == result
    assert "results" not in result.to_dict()


def test_an_arena_dict_without_its_games_cannot_be_read() -> None:
    """The summary alone does not say what was played: reading it asks for the games."""
    result = tablegames.simulate(tablegames.load("kalaha", pits=3), ["random"], games=2, seed=1)
    with pytest.raises(InvalidStateError, match=r"write it with to_dict\(results=True\)"):
        ArenaResult.from_dict(result.to_dict())
    with pytest.raises(InvalidStateError, match=r"expected 'format': 'tablegames\.arena'"):
        ArenaResult.from_dict({**result.to_dict(results=True), "format": "tablegames.record"})
    with pytest.raises(InvalidStateError, match="arena game 1 must be an object"):
        ArenaResult.from_dict(
            {**result.to_dict(results=True), "results": [result.to_dict(results=True)["results"][0], 7]}
        )


def test_backend_arguments_are_checked() -> None:
    """An unknown backend, an address without Ray, and workers below one are refused before any game."""
    game = tablegames.load("kalaha", pits=3)
    with pytest.raises(ConfigError, match="unknown backend 'dask'; the backends: local, ray"):
        tablegames.simulate(game, ["random"], games=2, seed=1, backend="dask")
    with pytest.raises(ConfigError, match="an address is for the Ray backend"):
        tablegames.simulate(game, ["random"], games=2, seed=1, address="auto")
    with pytest.raises(ConfigError, match="workers must be an integer of at least 1"):
        tablegames.simulate(game, ["random"], games=2, seed=1, workers=0)
    assert tablegames.simulate(game, ["random"], games=2, seed=1, workers=None).games == 2
