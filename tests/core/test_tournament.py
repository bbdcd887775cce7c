"""Tournaments (docs: guide/tournaments.md): the design, the ratings, the crosstable, JSON and the plot."""

from __future__ import annotations

import itertools
import json
import math
import sys
import xml.etree.ElementTree as ElementTree
from collections import Counter
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import ConfigError, InvalidStateError, MissingExtraError, RandomBot, TournamentResult
from tablegames.core.ratings import ELO, fit_ratings
from tablegames.core.tournament import tables_for
from tests.extras import need_module

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

#: Kalaha on a small board, where a depth-3 search beats the heuristic and both beat random play.
SMALL = {"pits": 4, "seeds": 3}
SETTINGS = {"search": {"depth": 3}}


@pytest.fixture(scope="module")
def kalaha() -> TournamentResult:
    """A tournament of random, heuristic and search on the small Kalaha board, 200 games a pairing."""
    game = tablegames.load("kalaha", **SMALL)
    return tablegames.tournament(game, ["random", "heuristic", "search"], 200, seed=1, settings=SETTINGS)


def test_ratings_order_bots_of_known_strength(kalaha: TournamentResult) -> None:
    """Random play rates below the heuristic, and the heuristic below the search, each beyond its pairing's interval."""
    assert [rating.bot for rating in kalaha.ranking()] == ["search", "heuristic", "random"]
    _, heuristic, search = kalaha.crosstable
    assert heuristic[0] is not None
    assert search[1] is not None
    assert heuristic[0].score - heuristic[0].score_error > 0.5
    assert search[1].score - search[1].score_error > 0.5
    assert sum(rating.rating for rating in kalaha.ratings) == pytest.approx(0, abs=1e-9)
    assert all(0 < rating.error < 200 for rating in kalaha.ratings)


def test_every_pairing_plays_at_its_own_table_with_seats_rotated(kalaha: TournamentResult) -> None:
    """A two-seat tournament plays each pair at one table, each bot in each seat for half the games."""
    assert [table.bot_names for table in kalaha.tables] == [
        ("random", "heuristic"),
        ("random", "search"),
        ("heuristic", "search"),
    ]
    for table in kalaha.tables:
        assert Counter((seat, bot) for game in table.results for seat, bot in enumerate(game.seat_bots)) == {
            (0, 0): 100,
            (1, 1): 100,
            (0, 1): 100,
            (1, 0): 100,
        }
    assert len({table.seed for table in kalaha.tables}) == 3
    assert [rating.games for rating in kalaha.ratings] == [400, 400, 400]


def test_in_two_seat_games_the_crosstable_is_the_arena_win_rate(kalaha: TournamentResult) -> None:
    """For two seats, a crosstable score is the row bot's win rate at its table, and the two sides add up to one."""
    index = {name: number for number, name in enumerate(kalaha.bot_names)}
    for table in kalaha.tables:
        first, second = (index[name] for name in table.bot_names)
        cell, mirror = kalaha.crosstable[first][second], kalaha.crosstable[second][first]
        assert cell is not None
        assert mirror is not None
        assert cell.score == pytest.approx(table.bots[0].win_rate)
        assert cell.score + mirror.score == pytest.approx(1)
        assert (cell.wins, cell.draws, cell.losses) == (mirror.losses, mirror.draws, mirror.wins)
    assert all(kalaha.crosstable[bot][bot] is None for bot in range(3))


def test_json_round_trips(kalaha: TournamentResult) -> None:
    """to_dict is JSON with the tournament header, and from_dict reads it back to an equal result."""
    data = json.loads(json.dumps(kalaha.to_dict()))
    assert (data["format"], data["version"]) == ("tablegames.tournament", 1)
    assert TournamentResult.from_dict(data) == kalaha
    assert len(data["tables"][0]["results"]) == 200


def _broken(result: TournamentResult, path: tuple[str | int, ...], value: object) -> Any:
    data = json.loads(json.dumps(result.to_dict()))
    *parents, last = path
    target = data
    for key in parents:
        target = target[key]
    target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("version",), 2, "format version 2 is not readable"),
        (("game",), "chess", "cannot be loaded: no game named 'chess'"),
        (("tables", 0, "options", "pits"), 5, "table 0 is not a table of this tournament"),
        (("tables", 1, "bots", 0), "oracle", "table 1 is not a table of this tournament"),
        (("tables", 0, "results", 3, "seat_bots"), [0, 2], "arena game 3 seats bot 2, but there are 2 bots"),
        (("tables", 0, "results", 3, "winners"), [2], "distinct seats below 2"),
        (("tables", 2, "results", 5, "number"), 9, "games are numbered 0, 1, 2, ... in order"),
        (("extra",), 1, "unknown tournament field"),
    ],
)
def test_a_malformed_tournament_is_refused(
    kalaha: TournamentResult, path: tuple[str | int, ...], value: object, message: str
) -> None:
    """A tournament dict with a bad header, game, table or game row raises InvalidStateError saying what is wrong."""
    with pytest.raises(InvalidStateError, match=message):
        TournamentResult.from_dict(_broken(kalaha, path, value))


def test_a_multi_seat_design_is_balanced() -> None:
    """With five bots in a three-seat game, every three meet at a table and each pair meets equally often."""
    game = tablegames.load("loo", players=3, rounds=1)
    bots = {label: RandomBot() for label in "abcde"}
    result = tablegames.tournament(game, bots, 3, seed=4)
    assert len(result.tables) == math.comb(5, 3)
    assert {frozenset(table.bot_names) for table in result.tables} == {
        frozenset(three) for three in itertools.combinations("abcde", 3)
    }
    meetings = Counter(
        frozenset(pair)
        for table in result.tables
        for game_result in table.results
        for pair in itertools.combinations({table.bot_names[bot] for bot in game_result.seat_bots}, 2)
    )
    assert set(meetings.values()) == {math.comb(3, 1) * 3}
    held = Counter(
        (table.bot_names[bot], seat)
        for table in result.tables
        for game_result in table.results
        for seat, bot in enumerate(game_result.seat_bots)
    )
    assert set(held.values()) == {math.comb(4, 2)}
    assert [cell.games for row in result.crosstable for cell in row if cell is not None] == [9] * 20


def test_with_fewer_bots_than_seats_one_table_seats_them_in_turn() -> None:
    """Three bots in a five-seat game sit at one table, filling the seats in turn, rotated."""
    game = tablegames.load("loo", players=5, rounds=1)
    result = tablegames.tournament(game, {"a": RandomBot(), "b": "heuristic", "c": RandomBot()}, 6, seed=1)
    (table,) = result.tables
    assert sorted(table.bot_names) == ["a", "b", "c"]
    assert [stats.seats for stats in table.bots] == [10, 10, 10]
    assert tables_for(3, 5, seed=1) == tables_for(3, 5, seed=1)


def test_table_orders_are_drawn_from_the_seed() -> None:
    """Each table's seating order round the table is drawn from the seed, its first bot fixed."""
    orders = {tables_for(5, 4, seed) for seed in range(20)}
    assert len(orders) > 1
    assert all(table[0] == min(table) for tables in orders for table in tables)


def test_tournament_arguments_are_checked() -> None:
    """A name for a game, too few bots, shared names, an unknown bot and unbalanced seats are refused first."""
    game = tablegames.load("kalaha", pits=3)
    with pytest.raises(
        ConfigError, match=r"the arena plays a Game, such as tablegames\.load\('kalaha'\); got 'kalaha'"
    ):
        tablegames.tournament("kalaha", ["random", "heuristic"], 10, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="at least two bots"):
        tablegames.tournament(game, ["random"], 10, seed=1)
    with pytest.raises(ConfigError, match="distinct names"):
        tablegames.tournament(game, ["random", RandomBot()], 10, seed=1)
    with pytest.raises(ConfigError, match="no bot named 'oracle'"):
        tablegames.tournament(game, ["random", "oracle"], 10, seed=1)
    with pytest.raises(ConfigError, match="must be a multiple of 2"):
        tablegames.tournament(game, ["random", "heuristic"], 9, seed=1)
    with pytest.raises(ConfigError, match="unknown backend 'spark'"):
        tablegames.tournament(game, ["random", "heuristic"], 10, seed=1, backend="spark")
    with pytest.raises(ConfigError, match="an address is for the Ray backend"):
        tablegames.tournament(game, ["random", "heuristic"], 10, seed=1, address="10.0.0.1:6379")


games_of_three = st.lists(
    st.tuples(
        st.lists(st.integers(0, 2), min_size=2, max_size=4),
        st.integers(0, 3),
        st.booleans(),
    ),
    max_size=40,
)


@given(games_of_three)
def test_at_the_fit_expected_win_shares_equal_the_shares_taken(drawn: list[tuple[list[int], int, bool]]) -> None:
    """At the fitted ratings, each bot's expected win shares over its games (and the prior's) equal those it took."""
    games: list[tuple[Sequence[int], list[float]]] = []
    for sitting, winner, shared in drawn:
        first = winner % len(sitting)
        winners = {first, (first + 1) % len(sitting)} if shared else {first}
        games.append((sitting, [1 / len(winners) if seat in winners else 0.0 for seat in range(len(sitting))]))
    prior: list[tuple[Sequence[int], list[float]]] = [
        ((a, b), [0.5, 0.5]) for a, b in itertools.combinations(range(3), 2)
    ]
    fit = fit_ratings(games, 3)
    theta = [rating / ELO for rating in fit.ratings]
    expected, taken = [0.0] * 3, [0.0] * 3
    for seats, shares in [*games, *prior]:
        weights = [math.exp(theta[bot]) for bot in seats]
        for seat, bot in enumerate(seats):
            expected[bot] += sum(shares) * weights[seat] / sum(weights)
            taken[bot] += shares[seat]
    assert expected == pytest.approx(taken, abs=1e-6)
    assert sum(fit.ratings) == pytest.approx(0, abs=1e-6)


def test_ratings_intervals_cover_known_strengths_as_often_as_they_say() -> None:
    """Over 200 four-seat tournaments of known strengths, each 95% interval holds the truth 90-99% of the time."""
    import random

    rng = random.Random(5)
    truth = [-0.8, 0.1, 0.7]
    covered = [0, 0, 0]
    for _ in range(200):
        games = []
        for _ in range(150):
            seats = [*rng.sample(range(3), 3), rng.randrange(3)]
            winner = rng.choices(range(4), weights=[math.exp(truth[bot]) for bot in seats])[0]
            games.append((seats, [1.0 if seat == winner else 0.0 for seat in range(4)]))
        fit = fit_ratings(games, 3)
        for bot in range(3):
            covered[bot] += abs(fit.ratings[bot] - truth[bot] * ELO) <= fit.errors[bot]
    assert all(180 <= count <= 198 for count in covered), covered


def test_the_plot_is_a_valid_svg_or_png(kalaha: TournamentResult, tmp_path: Path) -> None:
    """plot() writes SVG that parses as XML with an svg root and every bot named, or a PNG that Pillow verifies."""
    need_module("matplotlib", "plot")
    image = need_module("PIL.Image", "plot")
    svg = tmp_path / "ratings.svg"
    kalaha.plot(svg)
    root = ElementTree.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = svg.read_text(encoding="utf-8")
    assert all(f"{rating.rating:+.0f} ± {rating.error:.0f}" in text for rating in kalaha.ratings)
    kalaha.plot(tmp_path / "again.svg")
    assert (tmp_path / "again.svg").read_bytes() == svg.read_bytes(), "the same tournament draws the same SVG"
    png = tmp_path / "ratings.png"
    kalaha.plot(png)
    with image.open(png) as picture:
        picture.verify()
        assert picture.format == "PNG"
        assert picture.size[0] > 600


def test_a_plot_needs_a_known_suffix_and_matplotlib(
    kalaha: TournamentResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A suffix other than .svg or .png is a ConfigError; without matplotlib, MissingExtraError names 'plot'."""
    with pytest.raises(ConfigError, match=r"\.svg or \.png file, not to 'ratings.pdf'"):
        kalaha.plot(tmp_path / "ratings.pdf")
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingExtraError, match=r"tablegames\[plot\]"):
        kalaha.plot(tmp_path / "ratings.svg")
    assert not (tmp_path / "ratings.svg").exists()
