"""Bot settings are checked against each bot's own declaration, alike for every frontend (docs: guide/bots.md)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import ConfigError, simulate
from tablegames.core.bots import BotSpec, Setting, check_settings_for, register_bots, unregister_bots

#: Every bot of every built-in game, as (game, bot name, spec).
SPECS = [
    (name, bot, spec)
    for name in tablegames.names()
    for bot, spec in tablegames.load(name).bots().items()
    if isinstance(spec, BotSpec)
]
#: Every declared setting, as (game, bot name, setting).
SETTINGS = [(name, bot, setting) for name, bot, spec in SPECS for setting in spec.settings]


def test_every_bot_of_every_game_is_declared() -> None:
    """Each game offers random, heuristic and search, each a BotSpec naming its game."""
    for name in tablegames.names():
        offered = tablegames.load(name).bots()
        assert sorted(offered) == ["heuristic", "random", "search"]
        assert all(isinstance(spec, BotSpec) and spec.game == name and spec.help for spec in offered.values())


@pytest.mark.parametrize(("game", "bot", "spec"), SPECS, ids=[f"{game}-{bot}" for game, bot, _ in SPECS])
def test_a_setting_the_bot_lacks_is_refused_with_its_settings_listed(game: str, bot: str, spec: BotSpec) -> None:
    """An unknown setting is a ConfigError naming the bot, its game and every setting it has, with values allowed."""
    with pytest.raises(ConfigError) as caught:
        tablegames.load(game).bot(bot, nosuchsetting=1)
    message = str(caught.value)
    assert message.startswith(f"bot {bot!r} of {game} has no setting 'nosuchsetting'; ")
    assert "\n" not in message
    for setting in spec.settings:
        assert f"{setting.name} ({setting.allowed}; default " in message
    if not spec.settings:
        assert message.endswith("it takes no settings")


@pytest.mark.parametrize(("game", "bot", "setting"), SETTINGS, ids=[f"{g}-{b}-{s.name}" for g, b, s in SETTINGS])
def test_each_setting_takes_its_default_and_refuses_other_values(game: str, bot: str, setting: Setting) -> None:
    """The default is accepted and changes nothing; a value of the wrong type or out of range names the setting."""
    made = tablegames.load(game)
    assert made.bot(bot, **{setting.name: setting.default}) == made.bot(bot)
    wrong: list[Any] = ["abc", [1], {"a": 1}]
    if setting.kind != "bool":
        wrong += [True]
        if setting.minimum is not None:
            wrong.append(setting.minimum - 1)
        if setting.maximum is not None:
            wrong.append(setting.maximum + 1)
    else:
        wrong += [1, 0]
    if setting.kind == "integer":
        wrong += [2.0]
    if not setting.nullable:
        wrong.append(None)
    for value in wrong:
        with pytest.raises(ConfigError, match=f"^bot {bot!r} of {game}: {setting.name} must be "):
            made.bot(bot, **{setting.name: value})


def test_the_issues_example_is_refused_in_the_librarys_words() -> None:
    """Kalaha's search has no iterations (it takes depth); Kalo's takes iterations but not 'abc'."""
    with pytest.raises(ConfigError, match=r"^bot 'search' of kalaha has no setting 'iterations'; its settings: depth"):
        tablegames.load("kalaha").bot("search", iterations=100)
    with pytest.raises(ConfigError, match=r"iterations must be an integer from 1 to 1,000,000, got 'abc'"):
        tablegames.load("kalo").bot("search", iterations="abc")
    assert tablegames.load("kalo").bot("search", margin=math.inf).margin == math.inf  # type: ignore[attr-defined]


@given(st.integers(-5, 5), st.floats(allow_nan=True, allow_infinity=True), st.booleans())
def test_a_setting_allows_exactly_its_range(integer: int, number: float, flag: bool) -> None:
    """An integer setting from 1 to 3 takes 1, 2, 3 only; a number above 0 or null takes exactly those."""
    whole = Setting("n", "integer", 1, "", minimum=1, maximum=3)
    positive = Setting("x", "number", None, "", minimum=0, above=True, nullable=True)
    assert _allows(whole, integer) == (1 <= integer <= 3)
    assert _allows(whole, flag) is False
    assert _allows(positive, number) == (math.isfinite(number) and number > 0)
    assert _allows(positive, None) is True
    assert _allows(Setting("b", "bool", True, ""), flag) is True


def _allows(setting: Setting, value: object) -> bool:
    try:
        setting.check(value)
    except ConfigError:
        return False
    return True


def test_settings_for_a_bot_that_does_not_play_are_refused() -> None:
    """The arena refuses settings of a bot not in the run, naming the bots that are."""
    game = tablegames.load("kalaha", pits=3, seeds=2)
    with pytest.raises(ConfigError, match=r"^settings for bot 'nosuchbot', which does not play here; .*: random$"):
        simulate(game, ["random"], games=2, seed=1, settings={"nosuchbot": {"x": 1}})
    with pytest.raises(ConfigError, match="settings for bot 'search'"):
        simulate(game, ["random", "heuristic"], games=2, seed=1, settings={"search": {"depth": 2}})
    result = simulate(game, ["search", "random"], games=2, seed=1, settings={"search": {"depth": 2}})
    assert result.games == 2
    check_settings_for(["search", "search"], {"search": {}})


def test_a_program_adds_a_bot_to_a_built_in_game_beside_its_own() -> None:
    """A bot registered for a built-in game joins its bots, is made by name and in a match, and can be taken back."""
    game = tablegames.load("kalaha", pits=3, seeds=2)

    def greedy(game: Any) -> dict[str, BotSpec]:
        return {"greedy": BotSpec("greedy", "any legal move", tablegames.RandomBot, game="kalaha")}

    register_bots("kalaha", greedy)
    try:
        assert list(game.bots()) == ["random", "heuristic", "search", "greedy"]
        assert isinstance(game.bot("greedy"), tablegames.RandomBot)
        assert simulate(game, ["greedy", "heuristic"], games=2, seed=0).games == 2
        with pytest.raises(ConfigError, match="greedy already offers bots of 'kalaha'"):
            register_bots("kalaha", greedy)
    finally:
        unregister_bots("kalaha", greedy)
    assert sorted(game.bots()) == ["heuristic", "random", "search"]
    with pytest.raises(ConfigError, match="greedy offers no bots of 'kalaha'"):
        unregister_bots("kalaha", greedy)


@pytest.mark.parametrize("name", ["random", "search"])
def test_a_bot_name_offered_twice_is_refused(name: str) -> None:
    """A registration offering a name the game already has is refused when the bots are listed, not taken silently."""
    game = tablegames.load("loo", players=3)

    def clash(game: Any) -> dict[str, BotSpec]:
        return {name: BotSpec(name, "a second bot of that name", tablegames.RandomBot, game="loo")}

    register_bots("loo", clash)
    try:
        with pytest.raises(ConfigError, match=f"two bots of loo are named '{name}'"):
            game.bots()
    finally:
        unregister_bots("loo", clash)
    assert sorted(game.bots()) == ["heuristic", "random", "search"]
