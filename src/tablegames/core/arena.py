"""The arena: many games between bots, with seats rotated, measured with 95% confidence intervals.

Game ``i`` of a run is played from a seed drawn from the run's seed and ``i``,
with ``bots[(seat + i) % len(bots)]`` at each seat, so every bot sits in every
seat equally often over a run. Each game depends only on the run's seed and
its number, so the results are the same whatever the number of workers.

A win shared by ``k`` seats counts ``1/k`` to each. A bot's win rate is its
mean win share over the seats it held; its interval is the normal
approximation, mean ± 1.96 standard errors.

Examples:
    >>> import tablegames
    >>> result = simulate(tablegames.load("kalaha", pits=3, seeds=2), ["random", "random"], games=20, seed=1)
    >>> result.games, [stats.bot for stats in result.bots], result.bots[0].seats
    (20, ['random', 'random'], 20)
    >>> round(sum(stats.wins for stats in result.bots), 6)
    20.0
"""

from __future__ import annotations

import math
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.bots import Bot, choose_for
from tablegames.core.errors import ConfigError
from tablegames.core.options import check_seed
from tablegames.core.serial import JSONDict, check_int, header

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from tablegames.core.protocol import Game

__all__ = ["ArenaResult", "BotStats", "GameResult", "SeatStats", "simulate"]


@attrs.frozen
class GameResult:
    """One game of a run: who sat where, the final scores and winners, and how many decisions it took."""

    number: int
    seat_bots: tuple[int, ...]
    scores: tuple[int, ...]
    winners: frozenset[int]
    decisions: int


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


@attrs.frozen
class BotStats:
    """How one bot of the run did, over every seat it held.

    Attributes:
        bot: The bot's name.
        index: Its place in the run's list of bots.
        seats: How many seats it held in all (a bot may hold several per game).
        wins: Its win shares added up.
        win_rate: Mean win share per seat held.
        win_rate_error: Half-width of the 95% interval of ``win_rate``.
        mean_score: Mean final score per seat held.
        mean_score_error: Half-width of the 95% interval of ``mean_score``.
    """

    bot: str
    index: int
    seats: int
    wins: float
    win_rate: float
    win_rate_error: float
    mean_score: float
    mean_score_error: float


@attrs.frozen
class SeatStats:
    """How one seat did over the run, whoever sat there: the seat advantage."""

    seat: int
    win_rate: float
    win_rate_error: float
    mean_score: float


@attrs.frozen
class ArenaResult:
    """The results of a run, as data; ``str()`` gives a table, ``to_dict()`` JSON.

    Attributes:
        game: The game's name.
        options: The game's options.
        bot_names: The bots, in the order given.
        seed: The run's seed.
        games: How many games were played.
        bots: One `BotStats` per bot given.
        seats: One `SeatStats` per seat.
        mean_decisions: Mean decisions per game.
        results: Every game, in order.
    """

    game: str
    options: JSONDict
    bot_names: tuple[str, ...]
    seed: int
    games: int
    bots: tuple[BotStats, ...]
    seats: tuple[SeatStats, ...]
    mean_decisions: float
    results: tuple[GameResult, ...] = attrs.field(repr=False)

    def to_dict(self) -> JSONDict:
        """The results as JSON, without the game-by-game list."""
        return {
            **header("arena"),
            "game": self.game,
            "options": self.options,
            "bots": list(self.bot_names),
            "seed": self.seed,
            "games": self.games,
            "mean_decisions": self.mean_decisions,
            "by_bot": [attrs.asdict(stats) for stats in self.bots],
            "by_seat": [attrs.asdict(stats) for stats in self.seats],
        }

    def __str__(self) -> str:
        lines = [
            f"{self.game} {self.options} · {self.games} games · seed {self.seed} · "
            f"{self.mean_decisions:.1f} decisions per game",
            f"{'bot':<16}{'seats':>7}{'win rate (95%)':>22}{'mean score (95%)':>24}",
        ]
        for stats in self.bots:
            label = f"{stats.index}:{stats.bot}"
            rate = f"{stats.win_rate:6.1%} ± {stats.win_rate_error:5.1%}"
            score = f"{stats.mean_score:8.2f} ± {stats.mean_score_error:6.2f}"
            lines.append(f"{label:<16}{stats.seats:>7}{rate:>22}{score:>24}")
        lines.append("seat advantage: " + "  ".join(f"{seat.seat}: {seat.win_rate:.1%}" for seat in self.seats))
        return "\n".join(lines)


def _game_seed(seed: int, number: int) -> int:
    return random.Random(f"arena/{seed}/{number}").randrange(2**63)


Job = tuple["Game", tuple["str | Bot", ...], "Mapping[str, Mapping[str, Any]]", int, range]


def _make(game: Game, entry: str | Bot, settings: Mapping[str, Mapping[str, Any]]) -> Bot:
    return game.bot(entry, **settings.get(entry, {})) if isinstance(entry, str) else entry


def _play_games(job: Job) -> list[GameResult]:
    """Play the games numbered in ``numbers`` (run in a worker process or in this one)."""
    game, entries, settings, seed, numbers = job
    made = [_make(game, entry, settings) for entry in entries]
    results = []
    for number in numbers:
        seat_bots = tuple((seat + number) % len(entries) for seat in range(game.players))
        rng = random.Random(f"arena/{seed}/{number}/bots")
        state = game.start(seed=_game_seed(seed, number))
        decisions = 0
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state = state.apply(choose_for(made[seat_bots[seat]], state, rng))
            decisions += 1
        results.append(GameResult(number, seat_bots, state.scores, state.winners, decisions))
    return results


def simulate(
    game: Game,
    bots: Sequence[str | Bot],
    *,
    games: int,
    seed: int,
    workers: int = 1,
    settings: Mapping[str, Mapping[str, Any]] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ArenaResult:
    """Play ``games`` games of ``game`` between the named bots and measure them.

    Args:
        game: The game, with its options.
        bots: Bot names (see ``game.bot``) or bots; seats are filled from this
            list in turn and the list rotates by one seat each game. Bots given
            as values must pickle to run in several workers.
        games: How many games to play.
        seed: The run's seed: the same seed gives the same results.
        workers: Worker processes; the results do not depend on it.
        settings: Keyword settings per bot name, e.g. ``{"search": {"iterations": 200}}``.
        progress: Called with (games done, games) as games finish.

    Raises:
        ConfigError: If a bot is unknown, or a count is out of range.
    """
    entries = tuple(bots)
    names = tuple(entry if isinstance(entry, str) else entry.name for entry in entries)
    if not names:
        raise ConfigError("the arena needs at least one bot")
    check_int(games, "games", ConfigError, minimum=1)
    check_int(workers, "workers", ConfigError, minimum=1)
    if check_seed(seed) is None:
        raise ConfigError("the arena needs a seed")
    chosen = dict(settings or {})
    for entry in entries:  # fail here, not in a worker
        _make(game, entry, chosen)
    size = max(1, min(50, games // (workers * 4) or 1))
    jobs: list[Job] = [
        (game, entries, chosen, seed, range(start, min(games, start + size))) for start in range(0, games, size)
    ]
    results: list[GameResult] = []
    if workers == 1:
        for job in jobs:
            results += _play_games(job)
            if progress is not None:
                progress(len(results), games)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for batch in pool.map(_play_games, jobs):
                results += batch
                if progress is not None:
                    progress(len(results), games)
    return _measure(game, names, seed, results)


def _measure(game: Game, names: tuple[str, ...], seed: int, results: list[GameResult]) -> ArenaResult:
    shares: list[list[float]] = [[] for _ in names]
    scores: list[list[float]] = [[] for _ in names]
    seat_shares: list[list[float]] = [[] for _ in range(game.players)]
    seat_scores: list[list[float]] = [[] for _ in range(game.players)]
    for result in results:
        for seat, bot in enumerate(result.seat_bots):
            share = 1 / len(result.winners) if seat in result.winners else 0.0
            shares[bot].append(share)
            scores[bot].append(result.scores[seat])
            seat_shares[seat].append(share)
            seat_scores[seat].append(result.scores[seat])
    by_bot = []
    for index, name in enumerate(names):
        rate, rate_error = _interval(shares[index]) if shares[index] else (0.0, math.inf)
        score, score_error = _interval(scores[index]) if scores[index] else (0.0, math.inf)
        by_bot.append(
            BotStats(name, index, len(shares[index]), sum(shares[index]), rate, rate_error, score, score_error)
        )
    by_seat = [
        SeatStats(seat, *_interval(seat_shares[seat]), statistics.fmean(seat_scores[seat]))
        for seat in range(game.players)
    ]
    return ArenaResult(
        game=game.name,
        options=game.options(),
        bot_names=names,
        seed=seed,
        games=len(results),
        bots=tuple(by_bot),
        seats=tuple(by_seat),
        mean_decisions=statistics.fmean(result.decisions for result in results),
        results=tuple(results),
    )
