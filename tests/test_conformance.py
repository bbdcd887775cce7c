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
    "loo": [
        *({"players": players, "miss": miss, "rounds": 3} for players in range(3, 9) for miss in (False, True)),
        {},
        {"players": 4, "pam_is_wild": True, "trump_must_be_highest": True, "ante": 2, "starting_chips": 20},
        {"players": 6, "miss": True, "miss_fee": 3, "first_dealer": 5, "rounds": 4},
    ],
}
#: Playouts per option set: whole Kalo games are long, so fewer of them.
SEEDS = {"kalaha": 8, "kalo": 2, "loo": 3}


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
