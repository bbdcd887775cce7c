"""The frontend of the "Build a frontend" guide plays every game to the end on scripted input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import tablegames
from tests.docs.examples import load_example

if TYPE_CHECKING:
    from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "docs" / "examples" / "frontend.py"


def _frontend() -> ModuleType:
    return load_example("frontend.py")


@pytest.mark.parametrize("name", ["kalaha", "kalo", "loo"])
def test_the_frontend_plays_a_game_to_the_end_from_stdin(name: str) -> None:
    """Run as a program, it answers bad input with an error, takes numbered decisions and reaches the end."""
    typed = "zz\n" + "1\n" * 5000
    done = subprocess.run(
        [sys.executable, str(FRONTEND), name], input=typed, capture_output=True, text=True, cwd=ROOT, check=True
    )
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("game over: scores [")
    assert any(line.startswith("error: 'zz' is not") for line in lines)
    assert done.stderr == ""


def test_the_frontend_stops_quietly_when_the_input_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At the end of its input the frontend returns after showing the view and the legal decisions."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    _frontend().main("kalaha", 1)
    shown = capsys.readouterr().out.splitlines()
    assert shown[0].startswith("  · seat 0 sows 4 seeds from pit ")
    assert shown[-1].startswith("legal: 1. a | ")


def test_the_table_reads_actions_as_notation_or_dicts_and_only_speaks_json() -> None:
    """The game's side takes an action dict or notation, and answers a malformed action dict with an error."""
    table = _frontend().Table("kalaha", 0, seed=1)
    view = json.loads(table.view())["view"]
    assert view["legal_actions"] == ["a", "b", "c", "d", "e", "f"]
    sow = tablegames.load("kalaha").start().parse_action("c").to_dict()
    assert json.loads(table.act(json.dumps({"action": sow}))) == {}
    assert json.loads(table.act(json.dumps({"action": "f"}))) == {}
    news = json.loads(table.view())["events"]
    assert [event["type"] for event in news[:3]] == ["sowed", "extra_move", "sowed"]
    assert "error" in json.loads(table.act(json.dumps({"action": {"type": "sow", "pit": 1}})))
