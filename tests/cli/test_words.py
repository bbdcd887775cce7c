"""The terminal in plain words: the version, a bare command, help with the rules, leaving, and refusals."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest

from tablegames import Match
from tablegames.kalo import Kalo
from tablegames.loo import Loo
from tests.cli.support import flat, record_of, run
from tests.games import BUILT_IN

if TYPE_CHECKING:
    from pathlib import Path

KALO = ["play", "kalo", "--players", "3", "--bots", "random", "--seed", "2"]
LOO = ["play", "loo", "--players", "3", "--bots", "random", "-o", "rounds=1", "--seed", "6"]


def test_version_prints_the_version() -> None:
    """``tablegames --version`` answers with the version, and succeeds."""
    result = run(["--version"])
    assert result.code == 0
    assert re.fullmatch(r"tablegames \d+\.\d+\.\d+\n", result.out)


def test_a_bare_command_says_how_to_start_and_lists_the_commands() -> None:
    """``tablegames`` alone is no error: it names a command to play each game, then the usual help."""
    result = run([])
    assert result.code == 0
    assert result.err == ""
    for game in BUILT_IN:
        assert f"tablegames play {game}" in result.out
    assert "usage: tablegames" in result.out


def test_help_shows_the_commands_and_the_games_rules_in_short() -> None:
    """``help`` lists the commands and then the game's rules in a few sentences."""
    kalo = flat(run(KALO, "help\nquit\nquit\n").out)
    assert "undo take back your last decision" in kalo
    assert "Kalo in short: be the first to empty your hand." in kalo
    assert "always alone (tablegames' ruling)" in kalo, "a ruling is marked as one"
    loo = flat(run(LOO, "help\nquit\nquit\n").out)
    assert "Loo in short:" in loo
    assert "Pam (J♣) is the highest trump" in loo
    assert "beat the trick if you can (tablegames' ruling: the sheet says as high as possible)" in loo
    kalaha = flat(run(["play", "--seed", "1"], "help\nquit\nquit\n").out)
    assert "Kalaha in short:" in kalaha


@pytest.mark.parametrize("game", BUILT_IN)
def test_help_gives_every_game_s_rules_in_short(game: str) -> None:
    """Each built-in game has its rules in a few lines for ``help`` to show."""
    said = flat(run(["play", game, "--bots", "random", "--seed", "1"], "help\nquit\nquit\n").out)
    assert f"{game.capitalize()} in short:" in said


def test_arranging_is_explained_once_when_a_kalo_game_begins() -> None:
    """The first arranging decision says what arranging is for; the next ones do not repeat it."""
    said = flat(run(KALO, "1\n1\nquit\nquit\n").out)
    assert said.count("arranging: until the first lead you may put your hand in any order") == 1
    assert "a 6 takes a card by its position" in said
    assert said.index("arranging: until the first lead") < said.index("arrange K puts"), "what it is for comes first"


def test_quitting_an_unsaved_game_asks_first_and_offers_to_save(tmp_path: Path) -> None:
    """``quit`` mid-game asks; Enter plays on, ``save FILE`` saves and leaves, ``quit`` again leaves."""
    on = run(KALO, "quit\n\n1\nquit\nquit\n")
    assert on.out.count("the game is not over and not saved") == 2
    assert on.out.count("seat 0> ") == 3, "Enter at the question plays on"
    record = tmp_path / "left.json"
    saved = run(KALO, f"quit\nsave {record}\n")
    assert saved.out.endswith("bye\n")
    assert Match.from_record(json.loads(record.read_text())).game.name == "kalo"
    again = run(KALO, f"save {record}\nquit\n")
    assert "not saved" not in again.out, "a game just saved is left without asking"
    assert again.out.endswith("bye\n")


def test_a_finished_game_is_saved_to_be_replayed_not_continued(tmp_path: Path) -> None:
    """After the game is over, ``save`` points to ``replay``, and nothing offers to continue the game."""
    record = tmp_path / "over.json"
    result = run(LOO, "drop\n" + f"save {record}\n")
    assert "game over" in result.out
    assert f"'tablegames replay {record}' shows the game again" in flat(result.out)
    assert "--load" not in result.out


def test_staying_in_at_loo_is_never_said_as_playing() -> None:
    """In Loo "plays" only ever plays a card: deciding to play is said as staying in, in events and the table."""
    result = run(LOO, "play\n" + "1\n" * 6)
    assert "  · seat 0 stays in" in result.out
    assert not re.search(r"· seat \d plays\s*$", result.out, re.M)
    assert not re.search(r"seat \d\s+-?\d+\s+plays\b", result.out)


def test_a_loo_refusal_says_you_and_cites_no_ruling(tmp_path: Path) -> None:
    """An illegal follow is refused in words, to "you", without a ruling code such as (L9, must head)."""
    state = Loo(players=3, rounds=1).deal(
        [["Ah", "Kh", "2h", "3s", "4s"], ["Qh", "6s", "7s", "8s", "9s"], ["3h", "6d", "7d", "8d", "9d"]], turned="Kd"
    )
    match = Match(state.game, state=state)
    for move in ("play", "play", "play", "Qh", "3h"):
        match.play(move)
    path = tmp_path / "follow.json"
    path.write_text(json.dumps(match.to_record()))
    said = flat(run(["play", "--load", str(path), "--bots", "random"], "2h\nquit\nquit\n").out)
    assert (
        "you may not play 2h: hearts were led and you hold hearts that beat the Qh: play one of those; legal: Kh, Ah"
        in said
    )
    assert "(L9" not in said
    assert "seat 0" not in said.split("seat 0> 2h", 1)[1].split("seat 0>")[0]


def test_decisions_typed_ahead_are_made_in_turn_and_refused_in_words(tmp_path: Path) -> None:
    """A 4's card and its place can be typed with the play (``4d, card 2h, insert 0``); a wrong step stops there."""
    state = Kalo(players=3).position(
        [["4d", "Kd", "3s"], ["Qs", "Js"], ["9c", "8c"]], pile=["2h", "5c"], leader=0, kalo_holder=1
    )
    path = record_of(state, tmp_path / "four.json")
    made = run(["play", "--load", str(path), "--bots", "random"], "4d, card 2h, insert 0\nquit\nquit\n").out
    assert "  · seat 0 plays 4♦\n  · seat 0 takes 2♥ from the discard pile\n  · seat 0 puts 2♥ at slot 0\n" in made
    stopped = flat(run(["play", "--load", str(path), "--bots", "random"], "4d, card 9s\nundo\nquit\nquit\n").out)
    assert "'card 9s' was not played: you must choose a card for the 4" in stopped
    assert "seat 0 plays 4♦" in stopped, "the steps before the wrong one are made"
    assert "took back your decision 4d" in stopped, "undo takes back what was typed on the line"


def test_a_comma_with_nothing_after_it_is_no_decision_typed_ahead() -> None:
    """``ready,`` is ``ready``, and ``, `` alone lists the choices as Enter does: no empty step is refused."""
    result = run(KALO, "ready,\n, \nquit\nquit\n")
    assert "  · seat 0 is ready" in result.out
    assert "was not played" not in result.out
    after = result.out.split("seat 0> , \n", 1)[1]
    assert after.startswith("  1. "), "the choices, listed by number"


def test_an_effect_in_progress_says_what_it_waits_for_in_words() -> None:
    """The effect line says in a sentence who does what, and what is being chosen or placed, not the step's name."""
    result = run(KALO, "ready\n" + "1\n" * 8 + "quit\nquit\n")
    effects = [line for line in result.out.splitlines() if line.startswith("effect of ")]
    assert effects
    assert [line for line in effects if "step" in line] == []
    assert "; now choosing the other player" in " ".join(result.out.split()), effects
    assert all(
        re.match(r"effect of (your|seat \d's) [3-6](, the card \S+)?: (you|they) (give|take) a card ", line)
        for line in effects
    )
