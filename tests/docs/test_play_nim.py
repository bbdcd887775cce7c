"""The terminal guide's game of your own: play_nim.py registers the testing guide's Nim and plays it in the terminal."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import tablegames
from tests.docs.examples import EXAMPLES, load_example
from tests.extras import need_module

if TYPE_CHECKING:
    import pytest


def test_nim_plays_in_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registered by a program, Nim plays through the tablegames command: its view's str is the table drawn."""
    need_module("rich", "cli")
    monkeypatch.syspath_prepend(str(EXAMPLES))  # the example imports nim.py beside it, as when run there
    shown = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("0:3\n1:4\n2:5\n0:1\n1:1\n2:1\nquit\ny\n"))
    monkeypatch.setattr("sys.stdout", shown)
    assert load_example("play_nim.py").play(["--bots", "random", "--seed", "1"]) == 0
    assert "heap 0: 3 stones · heap 1: 4 stones · heap 2: 5 stones" in shown.getvalue()
    assert "the game ends" in shown.getvalue()
    assert "nim" not in tablegames.names()
