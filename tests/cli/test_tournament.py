"""``tablegames tournament``, and ``simulate`` and ``tournament`` without rich (docs: guide/tournaments.md)."""

from __future__ import annotations

import io
import json
import sys
from typing import TYPE_CHECKING

import tablegames
from tablegames.cli import main
from tests.cli.support import run
from tests.extras import need_module

if TYPE_CHECKING:
    from pathlib import Path

    import pytest

SMALL = ["kalaha", "--pits", "3", "--seeds", "3", "--seed", "2", "--games", "20"]
TOURNAMENT = ["tournament", *SMALL, "--bots", "random,heuristic,search", "--setting", "search.depth=2"]


def test_the_tournament_tables() -> None:
    """Without --json the command prints the ratings, best first, and the crosstable."""
    result = run(TOURNAMENT)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].startswith("kalaha {'pits': 3, 'seeds': 3, 'empty_capture': True, 'players': 2} · 3 bots")
    assert "3 tables of 20 games · seed 2" in lines[0]
    assert lines[1].split() == ["rank", "bot", "rating", "(95%)", "games", "win", "rate"]
    assert {line.split()[1] for line in lines[2:5]} == {"random", "heuristic", "search"}
    assert lines[4].split()[1] == "random"
    assert "score of the row against the column" in result.out
    assert result.err == ""


def test_json_is_the_tournament_and_reads_back() -> None:
    """--json prints the tournament's dict, which TournamentResult.from_dict reads back, the same each run."""
    first = run([*TOURNAMENT, "--json"])
    assert first.code == 0, first.err
    result = tablegames.TournamentResult.from_dict(json.loads(first.out))
    assert result.games_per_pairing == 20
    assert [rating.bot for rating in result.ratings] == ["random", "heuristic", "search"]
    assert run([*TOURNAMENT, "--json", "--workers", "2"]).out == first.out


def test_plot_writes_the_file(tmp_path: Path) -> None:
    """--plot FILE.svg writes an SVG and says where."""
    need_module("matplotlib", "plot")
    path = tmp_path / "t.svg"
    result = run([*TOURNAMENT, "--plot", str(path)])
    assert result.code == 0, result.err
    assert path.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert result.out.rstrip().endswith(f"plot: {path}")


def test_mistakes_are_one_line_before_any_game(tmp_path: Path) -> None:
    """A bad plot suffix, a game count that leaves seats unbalanced, one bot, or a stray address: one line, status 2."""
    for extra, message in [
        (["--plot", str(tmp_path / "t.pdf")], "--plot writes a .svg or .png file, not 't.pdf'"),
        (["--games", "21"], "games_per_pairing must be a multiple of 2"),
        (["--address", "10.0.0.1:6379"], "an address is for the Ray backend"),
    ]:
        result = run([*TOURNAMENT, *extra])
        assert result.code == 2
        assert result.err == f"tablegames: {message}" + result.err.partition(message)[2]
        assert result.err.count("\n") == 1
    alone = run(["tournament", "kalaha", "--bots", "random"])
    assert alone.err.startswith("tablegames: a tournament needs at least two bots")


def test_the_default_games_fill_every_seat_equally() -> None:
    """Without --games, each table plays the first multiple of its size from 100 games."""
    loo = ["tournament", "loo", "--players", "3", "-o", "rounds=1", "--json", "--seed", "1"]
    assert json.loads(run([*loo, "--bots", "random,heuristic"]).out)["games_per_pairing"] == 100
    three = run([*loo, "--bots", "random,heuristic,search", "--setting", "search.iterations=2"])
    assert json.loads(three.out)["games_per_pairing"] == 102


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_simulate_and_tournament_need_no_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without rich, simulate and tournament run, with a plain counting line on a terminal; play still asks for rich."""
    monkeypatch.setitem(sys.modules, "rich", None)
    for command in (["simulate", *SMALL], TOURNAMENT):
        err = _Terminal()
        out = io.StringIO()
        assert main(command, stdout=out, stderr=err) == 0
        assert "win rate" in out.getvalue()
        assert "20/20 games" in err.getvalue() or "60/60 games" in err.getvalue()
        assert err.getvalue().endswith("\r\x1b[2K")
    assert run(["play", "kalaha"]).code == 2
