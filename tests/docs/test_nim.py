"""The Nim of the "Add a game" guide is a complete game: registered, it passes the conformance kit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

import tablegames
from tablegames.testing import check_game
from tablegames.testing.fuzz import ENTRY_POINTS, Fuzzer
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
    ended = [(event.to_dict().get("game"), event.to_dict()["type"]) for event in match.play("0:1").events]
    assert ended == [("nim", "took"), (None, "game_ended")]
    assert match.state.outcome == tablegames.Outcome(scores=(0, 1), winners=frozenset({1}))
    assert tablegames.Match.from_record(match.to_record()).state == match.state
    assert isinstance(match.state, nim.NimState)


def test_nim_options_are_checked(nim: ModuleType) -> None:
    """Heaps must be positive integers, and Nim is for two: another number of players is refused."""
    with pytest.raises(tablegames.ConfigError, match="heaps must be 1 to 20 integers from 1 to 1000, got"):
        tablegames.load("nim", heaps=[3, 0])
    with pytest.raises(tablegames.ConfigError, match="heaps must be 1 to 20 integers from 1 to 1000, got 3"):
        tablegames.load("nim", heaps=3)
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


def test_nim_readers_pass_the_fuzzer(nim: ModuleType) -> None:
    """Every reader refuses a bad input with a typed error, or accepts a sound one, as the guide asks of a game.

    The mutants named here are ones an example without bounds got wrong: a take from a heap the game does not
    have, read from notation; heaps that are not a list; and a heap so big that its takes fill the memory.
    """
    game = tablegames.load("nim", heaps=[2, 3])
    fuzzer = Fuzzer(game, seed=5)
    state = game.start().to_dict()
    record = tablegames.Match(game, seed=0).to_record()
    named = [
        fuzzer.trial("parse_action", mutant="9:1"),
        fuzzer.trial("parse_action", mutant="0:" + "9" * 5000),
        fuzzer.trial("state_from_dict", mutant={**state, "options": {"heaps": 0}}),
        fuzzer.trial("from_record", mutant={**record, "options": {"heaps": [2**53 + 2, 3]}}),
    ]
    assert [trial.verdict for trial in named] == ["rejected"] * 4
    drawn = [fuzzer.trial(entry) for entry in ENTRY_POINTS for _ in range(40)]
    assert [trial.detail for trial in drawn if trial.verdict in ("error", "broken")] == []
