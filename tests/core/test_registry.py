"""The registry: names, load with options, and loading any state by its own options."""

from __future__ import annotations

import pytest

import tablegames
from tablegames import ConfigError, InvalidStateError
from tablegames.kalaha import Kalaha


def test_names_lists_the_built_in_games() -> None:
    """tablegames.names() lists every built-in game."""
    assert tablegames.names()[0] == "kalaha"


def test_load_equals_the_class() -> None:
    """load(name, **options) is the game class with those options."""
    assert tablegames.load("kalaha", pits=4, empty_capture=False) == Kalaha(pits=4, empty_capture=False)


def test_unknown_game() -> None:
    """An unknown name is a ConfigError listing the games."""
    with pytest.raises(ConfigError, match=r"no game named 'go'; the games are: kalaha"):
        tablegames.load("go")


def test_unknown_option() -> None:
    """An unknown option is a ConfigError listing the options."""
    with pytest.raises(ConfigError, match=r"unknown option\(s\) \['holes'\] for 'kalaha'; its options are: pits"):
        tablegames.load("kalaha", holes=6)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"pits": 0}, "pits must be an integer from 1 to 26, got 0"),
        ({"pits": 27}, "pits must be an integer from 1 to 26, got 27"),
        ({"seeds": True}, "seeds must be an integer from 1 to 1000, got True"),
        ({"empty_capture": 1}, "empty_capture must be True or False, got 1"),
        ({"players": 3}, "Kalaha is for exactly 2 players, got players=3"),
    ],
)
def test_bad_options(options: dict[str, object], message: str) -> None:
    """Options out of range are a ConfigError that names the option and its range."""
    with pytest.raises(ConfigError, match=message):
        tablegames.load("kalaha", **options)


def test_state_from_dict_uses_the_states_own_options() -> None:
    """state_from_dict rebuilds the game from the dict's options, then the state."""
    state = Kalaha(pits=3, seeds=5).start()
    assert tablegames.state_from_dict(state.to_dict()) == state


def test_state_from_dict_rejects_unknown_games() -> None:
    """A state of no registered game is an InvalidStateError."""
    data = {**Kalaha().start().to_dict(), "game": "go"}
    with pytest.raises(InvalidStateError, match="no game named 'go'"):
        tablegames.state_from_dict(data)


def test_register_rejects_taken_names() -> None:
    """A name can be registered once."""
    with pytest.raises(ConfigError, match="already registered"):
        tablegames.register("kalaha", Kalaha)
    with pytest.raises(ConfigError, match="built-in games cannot be removed"):
        tablegames.unregister("kalaha")


def test_errors_are_value_errors_and_tablegames_errors() -> None:
    """Input errors derive from TablegamesError and ValueError."""
    for error in (
        tablegames.ConfigError,
        tablegames.IllegalActionError,
        tablegames.InvalidStateError,
        tablegames.InvalidActionError,
        tablegames.SeatError,
    ):
        assert issubclass(error, tablegames.TablegamesError)
        assert issubclass(error, ValueError)
    assert issubclass(tablegames.MatchError, tablegames.TablegamesError)
