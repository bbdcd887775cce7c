"""Tournaments: every bot against every other, with ratings, 95% intervals, a crosstable and a plot.

**The design.** A tournament plays at tables; each table is one arena run
(`tablegames.simulate`) of ``games_per_pairing`` games, seats filled from the
table's bots in turn and rotated one seat each game, so each bot holds each
seat of its table equally often (``games_per_pairing`` must be a multiple of
the table's size for that).

- With at least as many bots as seats, the tables are every set of as many
  bots as there are seats: in a two-seat game every pair, in a four-seat game
  every four (the complete block design). Each bot then meets each other at
  the same number of tables, ``C(k − 2, n − 2)`` for ``k`` bots and ``n``
  seats, so the design is balanced; it has ``C(k, n)`` tables. The order in
  which a table's bots sit round it (who sits after whom) is drawn from the
  seed, with the rotation keeping that order.
- With fewer bots than seats, there is one table of every bot, the seats
  filled in turn (a bot holds several), in an order drawn from the seed.

Each table plays from its own seed, drawn from the tournament's seed and
its number, so the tables are independent; the results are the same for any
backend and number of workers.

**Ratings** are Bradley–Terry strengths fitted to every game, on the Elo
scale with mean 0, with 95% intervals (see `tablegames.core.ratings` for the
model, shared wins and draws). **The crosstable** gives, for each pair of
bots, the row bot's score against the column bot over the games where both
sat: a win when the row bot's win share in the game was larger, a draw when
they were equal (both won, or neither), and a 95% interval.

Examples:
    >>> import tablegames
    >>> game = tablegames.load("kalaha", pits=3, seeds=3)
    >>> result = tournament(game, ["random", "heuristic"], 20, seed=1)
    >>> [rating.bot for rating in result.ranking()]
    ['heuristic', 'random']
    >>> TournamentResult.from_dict(result.to_dict()) == result
    True
"""

from __future__ import annotations

import itertools
import random
import statistics
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.arena import ArenaResult, _interval, check_run, game_of, measure, play_runs
from tablegames.core.errors import ConfigError, InvalidStateError
from tablegames.core.inputs import brief
from tablegames.core.plots import plot_tournament
from tablegames.core.ratings import fit_ratings
from tablegames.core.registry import read_game
from tablegames.core.runs import Run
from tablegames.core.serial import JSONDict, check_header, check_int, check_keys, header, read_int, record_dict

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from tablegames.core.bots import Bot
    from tablegames.core.protocol import Game, State

__all__ = ["Pairing", "Rating", "TournamentResult", "tables_for", "tournament"]


@attrs.frozen
class Rating:
    """One bot's rating in a tournament.

    Attributes:
        bot: The bot's name.
        index: Its place in the tournament's list of bots.
        rating: Its Bradley–Terry rating on the Elo scale; the bots' mean is 0.
        error: Half-width of the rating's 95% interval.
        games: How many games it played.
        win_rate: Its mean win share per seat held.
    """

    bot: str
    index: int
    rating: float
    error: float
    games: int
    win_rate: float


@attrs.frozen
class Pairing:
    """A crosstable cell: how bot ``bot`` did against bot ``other`` over the games where both sat.

    Attributes:
        bot: The row bot's index.
        other: The column bot's index.
        games: Games where both sat.
        wins: Games where ``bot`` took the larger win share.
        draws: Games where they took the same (both won, or neither).
        losses: Games where ``other`` took the larger.
        score: ``(wins + draws / 2) / games``.
        score_error: Half-width of the score's 95% interval.
    """

    bot: int
    other: int
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    score_error: float


@attrs.frozen
class TournamentResult:
    """A tournament's tables, ratings and crosstable; ``str()`` gives tables, ``to_dict()`` JSON, ``plot()`` a picture.

    Attributes:
        game: The game's name.
        options: The game's options.
        bot_names: The bots' names (or labels), in the order given.
        seed: The tournament's seed.
        games_per_pairing: Games at each table.
        tables: One `ArenaResult` per table, every game in it.
        ratings: One `Rating` per bot, in the order given.
        crosstable: ``crosstable[a][b]`` is the `Pairing` of bot ``a`` against
            bot ``b``; None where ``a == b``.
    """

    game: str
    options: JSONDict
    bot_names: tuple[str, ...]
    seed: int
    games_per_pairing: int
    tables: tuple[ArenaResult, ...] = attrs.field(repr=False)
    ratings: tuple[Rating, ...]
    crosstable: tuple[tuple[Pairing | None, ...], ...] = attrs.field(repr=False)

    def layout(self) -> str:
        """The tournament in a few words: its bots, its tables, their games and the seed.

        Examples:
            >>> import tablegames
            >>> tablegames.tournament(tablegames.load("kalaha", pits=3), ["random", "heuristic"], 2, seed=1).layout()
            '2 bots · 1 table of 2 games · seed 1'
        """
        tables = f"{len(self.tables)} table{'s' if len(self.tables) != 1 else ''}"
        return f"{len(self.bot_names)} bots · {tables} of {self.games_per_pairing} games · seed {self.seed}"

    def ranking(self) -> list[Rating]:
        """The ratings from the highest down."""
        return sorted(self.ratings, key=lambda rating: (-rating.rating, rating.index))

    def to_dict(self) -> JSONDict:
        """The tournament as JSON, every game included; `from_dict` reads it back."""
        return {
            **header("tournament"),
            "game": self.game,
            "options": self.options,
            "bots": list(self.bot_names),
            "seed": self.seed,
            "games_per_pairing": self.games_per_pairing,
            "ratings": [record_dict(rating) for rating in self.ratings],
            "crosstable": [[None if cell is None else record_dict(cell) for cell in row] for row in self.crosstable],
            "tables": [table.to_dict(results=True) for table in self.tables],
        }

    @classmethod
    def from_dict(cls, data: object) -> TournamentResult:
        """Read a tournament written by `to_dict`; the ratings and the crosstable are worked out again from the games.

        Raises:
            InvalidStateError: If the dict is malformed, its game cannot be loaded, or a table does not fit.
        """
        checked = check_header(data, "tournament", InvalidStateError)
        allowed = ("game", "options", "bots", "seed", "games_per_pairing", "ratings", "crosstable", "tables")
        check_keys(checked, allowed, InvalidStateError, "tournament")
        game = read_game(checked, "tournament")
        names = checked.get("bots")
        if type(names) is not list or not all(type(name) is str for name in names) or len(set(names)) < len(names):
            raise InvalidStateError(f"tournament field 'bots' must be a list of distinct bot names, got {brief(names)}")
        seed = read_int(checked, "seed", InvalidStateError, "tournament")
        games = read_int(checked, "games_per_pairing", InvalidStateError, "tournament", minimum=1)
        rows = checked.get("tables")
        if type(rows) is not list or not rows:
            raise InvalidStateError("tournament field 'tables' must be a list of arena results")
        tables = [ArenaResult.from_dict(row) for row in rows]
        for number, table in enumerate(tables):
            unknown = sorted(set(table.bot_names) - set(names))
            if table.game != game.name or table.options != game.options() or table.games != games or unknown:
                raise InvalidStateError(
                    f"tournament table {number} is not a table of this tournament: it plays {table.games} games "
                    f"of {table.game} {brief(table.options)} with bots {brief(list(table.bot_names))}"
                )
        try:
            return build(game, names, seed, games, tables)
        except ConfigError as error:
            raise InvalidStateError(f"tournament: {error}") from None

    def plot(self, path: str | Path) -> None:
        """Draw the ratings with their intervals, and the crosstable, to an ``.svg`` or ``.png`` file.

        Raises:
            ConfigError: If the file's suffix is neither ``.svg`` nor ``.png``.
            MissingExtraError: If matplotlib (the extra ``plot``) is not installed.
        """
        plot_tournament(self, path)

    def __str__(self) -> str:
        column = max(16, *(len(name) + 2 for name in self.bot_names))
        lines = [
            f"{self.game} {self.options} · {self.layout()}",
            f"{'rank':<6}{'bot':<{column}}{'rating (95%)':>16}{'games':>8}{'win rate':>10}",
        ]
        for rank, rating in enumerate(self.ranking(), start=1):
            label = f"{rating.rating:+7.0f} ± {rating.error:<4.0f}"
            lines.append(f"{rank:<6}{rating.bot:<{column}}{label:>16}{rating.games:>8}{rating.win_rate:>10.1%}")
        width = max(12, *(len(name) + 2 for name in self.bot_names))
        lines += ["", "score of the row against the column (a win 1, a draw ½), 95% interval"]
        lines.append(" " * width + "".join(f"{name:>{width}}" for name in self.bot_names))
        for name, row in zip(self.bot_names, self.crosstable, strict=True):
            cells = [
                "—" if cell is None else f"{cell.score:.0%} ± {cell.score_error:.0%}" if cell.games else "·"
                for cell in row
            ]
            lines.append(f"{name:<{width}}" + "".join(f"{cell:>{width}}" for cell in cells))
        return "\n".join(lines)


def tables_for(bots: int, seats: int, seed: int) -> tuple[tuple[int, ...], ...]:
    """The tables of a tournament of ``bots`` bots in a game of ``seats`` seats: each a tuple of bots in seat order.

    Examples:
        >>> tables_for(3, 2, seed=1)
        ((0, 1), (0, 2), (1, 2))
        >>> len(tables_for(5, 4, seed=1)), tables_for(2, 4, seed=1)
        (5, ((0, 1),))
    """
    chosen = itertools.combinations(range(bots), seats) if bots >= seats else [tuple(range(bots))]
    tables = []
    for number, table in enumerate(chosen):
        rest = list(table[1:])
        random.Random(f"tournament/{seed}/{number}/seats").shuffle(rest)
        tables.append((table[0], *rest))
    return tuple(tables)


def _table_seed(seed: int, number: int) -> int:
    return random.Random(f"tournament/{seed}/{number}").randrange(2**63)


def tournament(
    game: Game[State],
    bots: Sequence[str | Bot] | Mapping[str, str | Bot],
    games_per_pairing: int,
    seed: int,
    *,
    settings: Mapping[str, Mapping[str, Any]] | None = None,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play a tournament of ``bots`` at ``game`` and rate them.

    Args:
        game: The game, with its options.
        bots: At least two bot names (see ``game.bot``) or bots, with distinct
            names; or a mapping of labels to bot names or bots, to rate one bot
            with several settings (``{"depth 2": game.bot("search", depth=2), ...}``).
        games_per_pairing: Games at each table: a multiple of the table's size
            (the seats, or the bots if there are fewer), so that each bot holds
            each seat of its table equally often.
        seed: The tournament's seed: the same seed gives the same tournament.
        settings: Keyword settings per bot name, e.g. ``{"search": {"depth": 3}}``.
        backend: ``"local"`` or ``"ray"``, as for `tablegames.simulate`.
        workers: How many games run at once, as for `tablegames.simulate`.
        address: The Ray cluster to join, as for `tablegames.simulate`.
        progress: Called with (games done, games in all) as games finish.

    Raises:
        ConfigError: If ``game`` is not a game, there are fewer than two bots,
            two share a name or label, a bot is unknown, or a count, the
            backend or the address is out of place.
        MissingExtraError: If ``backend="ray"`` and Ray is not installed.
        IllegalActionError: If a bot chooses an action that is not legal.
    """
    game = game_of(game)
    if isinstance(bots, Mapping):
        names = list(bots)
        entries = tuple(bots.values())
        if not all(isinstance(name, str) for name in names):
            raise ConfigError(f"the bots' labels must be strings, got {names}")
    else:
        entries = tuple(bots)
        names = [entry if isinstance(entry, str) else entry.name for entry in entries]
    if len(names) < 2:
        raise ConfigError("a tournament needs at least two bots")
    if len(set(names)) < len(names):
        raise ConfigError(f"the bots of a tournament need distinct names (or labels), got {names}")
    size = min(len(names), game.players)
    check_int(games_per_pairing, "games_per_pairing", ConfigError, minimum=1)
    if games_per_pairing % size:
        raise ConfigError(
            f"games_per_pairing must be a multiple of {size}, the bots at each table, so that each bot holds "
            f"each seat equally often; got {games_per_pairing}"
        )
    checked = check_run(game, entries, games=games_per_pairing, seed=seed, settings=settings)
    layout = tables_for(len(entries), game.players, seed)
    runs = [
        Run(game, tuple(entries[bot] for bot in table), checked.settings, _table_seed(seed, number), games_per_pairing)
        for number, table in enumerate(layout)
    ]
    played = play_runs(runs, workers=workers, progress=progress, backend=backend, address=address)
    tables = [
        measure(game, [names[bot] for bot in table], run.seed, results)
        for table, run, results in zip(layout, runs, played, strict=True)
    ]
    return build(game, names, seed, games_per_pairing, tables)


def build(
    game: Game[State], names: Sequence[str], seed: int, games_per_pairing: int, tables: Sequence[ArenaResult]
) -> TournamentResult:
    """The `TournamentResult` of played tables: ratings fitted to their games, and the crosstable.

    Raises:
        ConfigError: If there are fewer than two bots, or a table's bots are not distinct.
    """
    index = {name: number for number, name in enumerate(names)}
    games: list[tuple[tuple[int, ...], tuple[float, ...]]] = []
    for table in tables:
        if len(set(table.bot_names)) < len(table.bot_names):
            raise ConfigError(f"a table seats the same bot twice: {list(table.bot_names)}")
        for result in table.results:
            seats = tuple(index[table.bot_names[bot]] for bot in result.seat_bots)
            share = 1 / len(result.winners) if result.winners else 0.0
            games.append((seats, tuple(share if seat in result.winners else 0.0 for seat in range(len(seats)))))
    fit = fit_ratings(games, len(names))
    ratings = []
    for number, name in enumerate(names):
        held = [shares[seat] for seats, shares in games for seat, bot in enumerate(seats) if bot == number]
        played = sum(1 for seats, _ in games if number in seats)
        rate = statistics.fmean(held) if held else 0.0
        ratings.append(Rating(name, number, fit.ratings[number], fit.errors[number], played, rate))
    return TournamentResult(
        game=game.name,
        options=game.options(),
        bot_names=tuple(names),
        seed=seed,
        games_per_pairing=games_per_pairing,
        tables=tuple(tables),
        ratings=tuple(ratings),
        crosstable=_crosstable(games, len(names)),
    )


def _crosstable(
    games: Sequence[tuple[tuple[int, ...], tuple[float, ...]]], bots: int
) -> tuple[tuple[Pairing | None, ...], ...]:
    points: list[list[list[float]]] = [[[] for _ in range(bots)] for _ in range(bots)]
    for seats, shares in games:
        taken: dict[int, float] = {}
        for bot, share in zip(seats, shares, strict=True):
            taken[bot] = taken.get(bot, 0.0) + share
        for first, second in itertools.permutations(taken, 2):
            mine, theirs = taken[first], taken[second]
            points[first][second].append(1.0 if mine > theirs else 0.0 if mine < theirs else 0.5)
    return tuple(
        tuple(None if first == second else _pairing(first, second, points[first][second]) for second in range(bots))
        for first in range(bots)
    )


def _pairing(bot: int, other: int, points: list[float]) -> Pairing:
    """The crosstable cell of ``bot`` against ``other``, from its points in each game where both sat."""
    wins, draws = points.count(1.0), points.count(0.5)
    return Pairing(bot, other, len(points), wins, draws, len(points) - wins - draws, *_interval(points))
