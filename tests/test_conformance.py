"""Every registered game keeps the contract of tablegames.testing.check_game, under several options."""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames.testing import check_game

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "kalaha": [{}, {"empty_capture": False}, {"pits": 3, "seeds": 3}, {"pits": 1, "seeds": 1}, {"pits": 8, "seeds": 7}],
    "kalo": [
        {"players": 3},
        {"players": 4},
        {"players": 5},
        {"players": 6},
        {"players": 4, "kalo_in_combinations": True},
    ],
}
#: Playouts per option set: whole Kalo games are long, so fewer of them.
SEEDS = {"kalaha": 8, "kalo": 2}


def test_every_registered_game_has_option_sets() -> None:
    """Each built-in game is listed here, so none escapes the conformance check."""
    assert set(OPTIONS) == set(tablegames.names())


@pytest.mark.parametrize(
    ("name", "options"), [(name, options) for name, sets in OPTIONS.items() for options in sets], ids=str
)
def test_check_game(name: str, options: dict[str, Any]) -> None:
    """Random playouts keep every promise of the protocol (DESIGN: the public contract)."""
    report = check_game(tablegames.load(name, **options), seeds=range(SEEDS[name]))
    assert report.playouts == SEEDS[name]
    assert report.actions >= report.states - SEEDS[name]
