"""The adapters refuse a game that leaves the optional action space out, naming what is missing."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import tablegames
from tests.extras import need_module

if TYPE_CHECKING:
    from collections.abc import Iterator

NIM = Path(__file__).resolve().parents[2] / "docs" / "examples" / "nim.py"


@pytest.fixture
def nim() -> Iterator[None]:
    """The Nim of docs/examples, registered as ``nim`` while a test runs: a game without an action space."""
    spec = importlib.util.spec_from_file_location("adapters_nim", NIM)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tablegames.register("nim", module.Nim)
    yield
    tablegames.unregister("nim")


@pytest.mark.usefixtures("nim")
def test_every_adapter_refuses_a_game_without_an_action_space() -> None:
    """PettingZoo, Gymnasium and OpenSpiel each raise a ConfigError saying the game defines no action space."""
    need_module("pettingzoo", "rl")
    need_module("pyspiel", "openspiel")
    from tablegames.adapters import gymnasium, openspiel, pettingzoo

    for make in (pettingzoo.env, gymnasium.env, openspiel.load_game):
        with pytest.raises(tablegames.ConfigError, match="nim cannot be played through the adapters: nim does not"):
            make("nim")
