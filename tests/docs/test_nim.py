"""The Nim of the "Add a game" guide is a complete game: registered, it passes the conformance kit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

import tablegames
from tablegames.testing import check_game
from tests.docs.examples import load_example

if TYPE_CHECKING:
    from collections.abc import Iterator
    from types import ModuleType


@pytest.fixture(scope="module")
def nim() -> Iterator[ModuleType]:
    """The example module, with its game registered as ``nim`` while the tests run."""
    module = load_example("nim.py")
    tablegames.register("nim", module.Nim)
    yield module
    tablegames.unregister("nim")


def test_nim_passes_the_conformance_kit(nim: ModuleType) -> None:
    """check_game plays Nim from several starts and finds every promise kept, skipping the optional action space."""
    report = check_game(tablegames.load("nim", heaps=[2, 3]), seeds=range(4))
    assert report.playouts == 4
    assert (report.action_space, report.observations) == (False, False)
    del nim


def test_nim_plays_through_the_registry_and_records(nim: ModuleType) -> None:
    """Loaded by name, Nim plays, explains an illegal take, and its record replays."""
    match = tablegames.Match(tablegames.load("nim", heaps=[1, 2]), seed=0)
    with pytest.raises(tablegames.IllegalActionError, match=r"heap 0 holds 1, fewer than 2; legal: 0:1, 1:1, 1:2"):
        match.play("0:2")
    with pytest.raises(tablegames.InvalidActionError, match="write heap:count"):
        match.play("two from the first")
    assert [str(event) for event in match.play("1:2").events] == ["seat 0 takes 2 from heap 1"]
    match.play("0:1")
    assert match.state.outcome == tablegames.Outcome(scores=(0, 1), winners=frozenset({1}))
    assert tablegames.Match.from_record(match.to_record()).state == match.state
    assert isinstance(match.state, nim.NimState)


def test_nim_options_are_checked(nim: ModuleType) -> None:
    """Heaps must be positive integers, and Nim is for two: another number of players is refused."""
    with pytest.raises(tablegames.ConfigError, match="heaps must be one or more integers"):
        tablegames.load("nim", heaps=[3, 0])
    with pytest.raises(tablegames.ConfigError, match="Nim is for exactly 2 players, got players=3"):
        tablegames.load("nim", players=3)


def test_a_game_for_two_needs_no_players_option(nim: ModuleType) -> None:
    """Nim declares no players field: it has two seats all the same, and saying so is accepted."""
    game = tablegames.load("nim", players=2)
    assert game == tablegames.load("nim")
    assert game.players == 2
    assert "players" not in game.options()
    assert game.check_seat(1) == 1
    with pytest.raises(tablegames.SeatError):
        game.check_seat(2)
