"""Bot settings, --help's list of bots and the files the terminal reads: a mistake is one line, saying what is meant."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import tablegames
from tablegames import Match
from tablegames.kalaha import Kalaha
from tests.cli.support import record_of, run

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


def _one_line_error(argv: list[str]) -> str:
    result = run(argv)
    assert result.code == 2, result
    assert result.out == ""
    assert result.err.startswith("tablegames: ")
    assert result.err.count("\n") == 1, result.err
    return result.err


def test_a_setting_the_bot_lacks_is_refused_with_the_bots_settings() -> None:
    """Kalaha's search takes depth, not iterations; Kalo's takes iterations, as a number: each says which it takes."""
    kalaha = _one_line_error(["play", "kalaha", "--bots", "search", "--setting", "search.iterations=abc"])
    assert kalaha.startswith("tablegames: bot 'search' of kalaha has no setting 'iterations'; its settings: depth (")
    assert "time_limit (a number above 0 and at most 3,600, or null; default null)" in kalaha
    kalo = _one_line_error(["play", "kalo", "--bots", "search", "--setting", "search.iterations=abc"])
    assert kalo.startswith(
        "tablegames: bot 'search' of kalo: iterations must be an integer from 1 to 1,000,000, got 'abc'"
    )
    assert "\nTraceback" not in kalo
    assert "unexpected keyword" not in kalaha + kalo


def test_settings_for_a_bot_not_playing_are_refused() -> None:
    """A setting for a bot that is not seated is an error, in simulate and in play, naming the bots that play."""
    simulate = _one_line_error(["simulate", "kalaha", "--setting", "nosuchbot.x=1", "--games", "2"])
    assert simulate == "tablegames: settings for bot 'nosuchbot', which does not play here; the bots playing: random\n"
    play = _one_line_error(["play", "loo", "--bots", "random", "--setting", "search.iterations=20"])
    assert "settings for bot 'search', which does not play here; the bots playing: random" in play


def test_help_lists_every_games_bots_and_their_settings(capsys: pytest.CaptureFixture[str]) -> None:
    """Play --help and simulate --help list each game's bots, what they do, and each setting's values and default."""
    for command in ("play", "simulate"):
        assert run([command, "--help"]).code == 0
        out = capsys.readouterr().out
        for name in tablegames.names():
            assert f"\n  {name}:\n" in out
            for bot, spec in tablegames.load(name).bots().items():
                assert f"    {bot:<10} " in out
                for setting in getattr(spec, "settings", ()):
                    assert f"      {setting}" in out
        assert "search.depth=4 (Kalaha) or search.iterations=20 (Kalo, Loo)" in " ".join(out.split())


def test_a_file_that_is_not_a_record_says_what_was_expected(tmp_path: Path) -> None:
    """Not JSON, cut short, or a saved state instead of a record: one line naming the file and what replay reads."""
    notes = tmp_path / "README.md"
    notes.write_text("# tablegames\n\nPlay table games.\n")
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(Match(Kalaha(), seed=1).to_record())[:40])
    state = tmp_path / "state.json"
    state.write_text(json.dumps(Kalaha().start().to_dict()))
    hint = "replay and play --load read a game record: the JSON file that 'save FILE' writes"
    assert _one_line_error(["replay", str(notes)]) == (
        f"tablegames: {notes} is not a game record: it must be JSON text, but expecting value: line 1, column 1; "
        f"{hint} (Match.to_record)\n"
    )
    assert _one_line_error(["replay", str(cut)]).startswith(f"tablegames: {cut} is not a game record: it must be JSON")
    assert hint in _one_line_error(["play", "--load", str(cut)])
    assert _one_line_error(["replay", str(state)]).startswith(
        f"tablegames: {state} holds a saved state, not a game record (tablegames analyse reads a Kalaha state); "
    )
    assert "cannot read" in _one_line_error(["replay", str(tmp_path / "missing.json")])
    assert "cannot read" in _one_line_error(["replay", str(tmp_path / "a\nb.json")])  # one line, whatever the name


def test_analyse_reads_a_state_files_own_board_and_a_saved_record(tmp_path: Path) -> None:
    """A saved state is analysed on its own board without --pits/--seeds; a record from 'save' at its last state."""
    game = Kalaha(pits=3, seeds=3)
    state = game.start().apply(game.start().parse_action("a"))
    saved = tmp_path / "position.json"
    saved.write_text(json.dumps(state.to_dict()))
    expected = json.loads(run(["analyse", "a", "--pits", "3", "--seeds", "3", "--json"]).out)
    by_file = run(["analyse", str(saved), "--json"])
    assert by_file.code == 0, by_file.err
    assert json.loads(by_file.out)["moves"] == expected["moves"]
    record = tmp_path / "game.json"
    played = run(
        ["play", "kalaha", "--pits", "3", "--seeds", "3", "--bots", "random", "--seed", "1"],
        f"a\nsave {record}\nquit\n",
    )
    assert played.code == 0
    match = Match.from_record(json.loads(record.read_text()))
    from_record = run(["analyse", str(record), "--json"])
    assert from_record.code == 0, from_record.err
    assert json.loads(from_record.out)["position"] == match.state.to_dict()
    wrong = _one_line_error(["analyse", str(saved), "--pits", "4"])
    assert "the position is a state of Kalaha(pits=3, seeds=3" in wrong
    assert "not of --pits 4" in wrong
    kalo = record_of(tablegames.load("kalo").start(seed=1), tmp_path / "kalo.json")
    assert "analyse solves Kalaha positions; this is a state of kalo" in _one_line_error(["analyse", str(kalo)])
