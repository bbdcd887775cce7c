"""The arena: many games between bots, with seats rotated, measured with 95% confidence intervals.

Game ``i`` of a run is played from a seed drawn from the run's seed and ``i``,
with ``bots[(seat + i) % len(bots)]`` at each seat, so every bot sits in every
seat equally often over a run. Each game depends only on the run's seed and
its number, so the results are the same whatever the number of workers, and
the same on a Ray cluster (``backend="ray"``, see `tablegames.core.arena_ray`)
as in one process.

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

import functools
import math
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.arena_ray import play_on_ray
from tablegames.core.bots import Bot, check_settings_for
from tablegames.core.errors import ConfigError, InvalidStateError
from tablegames.core.inputs import brief
from tablegames.core.options import check_seed
from tablegames.core.plurals import plural
from tablegames.core.protocol import Game, State
from tablegames.core.registry import describe_game, read_game
from tablegames.core.runs import GameResult, Job, Run, make_bot, play_games
from tablegames.core.serial import (
    JSONDict,
    check_header,
    check_int,
    check_keys,
    fields_dict,
    header,
    read_int,
    read_int_list,
    record_dict,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping


__all__ = ["BACKENDS", "ArenaResult", "BotStats", "GameResult", "SeatStats", "simulate"]

#: Where the games run: ``"local"`` (this process, or worker processes on this machine) or ``"ray"``.
BACKENDS = ("local", "ray")


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% confidence interval (normal approximation).

    Without values the mean is 0 and the interval unbounded.
    """
    mean = statistics.fmean(values) if values else 0.0
    return mean, (1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf)


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

    def to_dict(self, *, results: bool = False) -> JSONDict:
        """The results as JSON; with ``results``, the game-by-game list too, which `from_dict` reads back."""
        return {
            **header("arena"),
            "game": self.game,
            "options": self.options,
            "bots": list(self.bot_names),
            "seed": self.seed,
            "games": self.games,
            "mean_decisions": self.mean_decisions,
            "by_bot": [record_dict(stats) for stats in self.bots],
            "by_seat": [record_dict(stats) for stats in self.seats],
            **({"results": [fields_dict(game) for game in self.results]} if results else {}),
        }

    @classmethod
    def from_dict(cls, data: object) -> ArenaResult:
        """Read the results written by ``to_dict(results=True)``; the figures are worked out again from the games.

        Raises:
            InvalidStateError: If the dict is malformed, its game cannot be loaded, or a game in it is impossible.

        Examples:
            >>> import tablegames
            >>> result = simulate(tablegames.load("kalaha", pits=3), ["random"], games=4, seed=1)
            >>> ArenaResult.from_dict(result.to_dict(results=True)) == result
            True
        """
        checked = check_header(data, "arena", InvalidStateError)
        check_keys(checked, (*_SUMMARY, "results"), InvalidStateError, "arena")
        game = read_game(checked, "arena")
        bots = checked.get("bots")
        if type(bots) is not list or not bots or not all(type(name) is str for name in bots):
            raise InvalidStateError(f"arena field 'bots' must be a list of bot names, got {brief(bots)}")
        seed = read_int(checked, "seed", InvalidStateError, "arena")
        rows = checked.get("results")
        if type(rows) is not list or not rows:
            raise InvalidStateError(
                "arena field 'results' must be a list of games: write it with to_dict(results=True)"
            )
        return measure(game, bots, seed, [_read_game(row, number, game, len(bots)) for number, row in enumerate(rows)])

    def __str__(self) -> str:
        lines = [
            f"{describe_game(self.game, self.options)} · {plural(self.games, 'game')} · "
            f"seed {self.seed} · {self.mean_decisions:.1f} decisions per game",
            f"{'bot':<16}{'seats':>7}{'win rate (95%)':>22}{'mean score (95%)':>24}",
        ]
        for stats in self.bots:
            label = f"{stats.index}:{stats.bot}"
            rate = f"{stats.win_rate:6.1%} ± {stats.win_rate_error:5.1%}"
            score = f"{stats.mean_score:8.2f} ± {stats.mean_score_error:6.2f}"
            lines.append(f"{label:<16}{stats.seats:>7}{rate:>22}{score:>24}")
        lines.append("seat advantage: " + "  ".join(f"{seat.seat}: {seat.win_rate:.1%}" for seat in self.seats))
        return "\n".join(lines)


#: The fields of an arena dict besides its games.
_SUMMARY = ("game", "options", "bots", "seed", "games", "mean_decisions", "by_bot", "by_seat")


def _read_game(row: object, number: int, game: Game[State], bots: int) -> GameResult:
    """Read game ``number`` of an arena dict's ``results``, checking it against the game and the bots."""
    kind = f"arena game {number}"
    if type(row) is not dict:
        raise InvalidStateError(f"{kind} must be an object, got {brief(row)}")
    check_keys(row, ("number", "seat_bots", "scores", "winners", "decisions"), InvalidStateError, kind)
    if read_int(row, "number", InvalidStateError, kind) != number:
        raise InvalidStateError(f"{kind} has number {brief(row['number'])}: games are numbered 0, 1, 2, ... in order")
    players = game.players
    seat_bots = read_int_list(row, "seat_bots", InvalidStateError, kind, length=players, minimum=0)
    if max(seat_bots) >= bots:
        raise InvalidStateError(f"{kind} seats bot {max(seat_bots)}, but there are {bots} bots")
    scores = read_int_list(row, "scores", InvalidStateError, kind, length=players)
    winners = read_int_list(row, "winners", InvalidStateError, kind, minimum=0)
    if any(seat >= players for seat in winners) or len(set(winners)) != len(winners):
        raise InvalidStateError(f"{kind} field 'winners' must hold distinct seats below {players}, got {list(winners)}")
    decisions = read_int(row, "decisions", InvalidStateError, kind, minimum=0)
    return GameResult(number, seat_bots, scores, frozenset(winners), decisions)


def simulate(
    game: Game[State],
    bots: Sequence[str | Bot],
    *,
    games: int,
    seed: int,
    workers: int | None = None,
    settings: Mapping[str, Mapping[str, Any]] | None = None,
    progress: Callable[[int, int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> ArenaResult:
    """Play ``games`` games of ``game`` between the named bots and measure them.

    Args:
        game: The game, with its options.
        bots: Bot names (see ``game.bot``) or bots; seats are filled from this
            list in turn and the list rotates by one seat each game. Bots given
            as values must pickle to run in several workers or on Ray.
        games: How many games to play.
        seed: The run's seed: the same seed gives the same results.
        workers: How many games run at once; the results do not depend on it.
            Locally, worker processes (None: one, in this process). On Ray,
            tasks at once (None: every CPU of the cluster); a local Ray
            instance started for the run gets this many CPUs.
        settings: Keyword settings per bot name, e.g. ``{"search": {"iterations": 200}}``; only for bots
            named in ``bots``, each checked as ``game.bot`` checks it.
        progress: Called with (games done, games) as games finish: after each game where the games
            run in this process, after each chunk of games elsewhere.
        backend: ``"local"`` or ``"ray"`` (the extra ``ray``): the games are
            shipped in chunks to Ray tasks, and the results are the same.
        address: With ``backend="ray"``, the Ray cluster to join
            (``"HOST:PORT"``, or ``"auto"``); None starts a local Ray instance,
            unless this process is connected to Ray already.

    Raises:
        ConfigError: If a bot is unknown, a setting is not one of its bot's or is for a bot not named
            in ``bots``, or a count, the backend or the address is out of place.
        MissingExtraError: If ``backend="ray"`` and Ray is not installed.
        IllegalActionError: If a bot chooses an action that is not legal.
    """
    run = check_run(game, bots, games=games, seed=seed, settings=settings)
    (results,) = play_runs([run], workers=workers, progress=progress, backend=backend, address=address)
    return measure(game, run.entries, seed, results)


def game_of(game: object) -> Game[State]:
    """Return ``game`` if it is a game the arena can play.

    Raises:
        ConfigError: If it is not a `Game`.

    Examples:
        >>> game_of("kalaha")
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: the arena plays a Game, such as tablegames.load('kalaha'); got 'kalaha'
    """
    if not isinstance(game, Game):
        raise ConfigError(f"the arena plays a Game, such as tablegames.load('kalaha'); got {brief(game)}")
    return game


def check_run(
    game: Game[State],
    bots: Sequence[str | Bot],
    *,
    games: int,
    seed: int,
    settings: Mapping[str, Mapping[str, Any]] | None,
) -> Run:
    """Check a run's bots and counts before any game is played, and return it.

    Raises:
        ConfigError: If ``game`` is not a game, a bot is unknown, there are none, or ``games`` or ``seed``
            is out of range.
    """
    game = game_of(game)
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise ConfigError(
            f"bots are a list of names or Bot objects, such as ['heuristic', 'random']; got {brief(bots)}"
        )
    entries = tuple(bots)
    if not entries:
        raise ConfigError("the arena needs at least one bot")
    check_int(games, "games", ConfigError, minimum=1)
    if check_seed(seed) is None:
        raise ConfigError("the arena needs a seed")
    chosen = dict(settings or {})
    check_settings_for((entry for entry in entries if isinstance(entry, str)), chosen)
    for entry in entries:  # fail here, not in a worker
        make_bot(game, entry, chosen)
    return Run(game, entries, chosen, seed, games)


def play_runs(
    runs: Sequence[Run],
    *,
    workers: int | None,
    progress: Callable[[int, int], None] | None,
    backend: str = "local",
    address: str | None = None,
) -> list[list[GameResult]]:
    """Play every game of ``runs`` on ``backend``; return each run's games in order.

    The games are cut into chunks; each chunk plays its games from nothing but
    the run and the games' numbers, so how they are cut and where they run
    changes nothing in the results. ``progress`` is called with the games done
    of all the runs as chunks finish.

    Raises:
        ConfigError: If the backend is unknown, an address is given without Ray, or ``workers`` is below one.
    """
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {brief(backend)}; the backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ConfigError(f"an address is for the Ray backend (backend='ray'), not for {brief(backend)}")
    if workers is not None:
        check_int(workers, "workers", ConfigError, minimum=1)
    if backend == "ray":
        return play_on_ray(runs, workers=workers, progress=progress, address=address)
    processes = workers or 1
    total = sum(run.games for run in runs)
    jobs: list[tuple[int, Job]] = []
    for index, run in enumerate(runs):
        size = max(1, min(50, run.games // (processes * 4) or 1))
        jobs += [(index, run.job(range(start, min(run.games, start + size)))) for start in range(0, run.games, size)]
    results: list[list[GameResult]] = [[] for _ in runs]
    done = 0
    if processes == 1:  # in this process, progress is reported game by game
        for index, job in jobs:
            counted = None if progress is None else functools.partial(_done, progress, done, total)
            batch = play_games(job, counted)
            results[index] += batch
            done += len(batch)
        return results
    with ProcessPoolExecutor(max_workers=processes) as pool:
        for (index, _), batch in zip(jobs, pool.map(play_games, [job for _, job in jobs]), strict=True):
            results[index] += batch
            done += len(batch)
            if progress is not None:
                progress(done, total)
    return results


def _done(progress: Callable[[int, int], None], before: int, games: int, count: int) -> None:
    progress(before + count, games)


def measure(game: Game[State], entries: Sequence[str | Bot], seed: int, results: Sequence[GameResult]) -> ArenaResult:
    """The `ArenaResult` of a run's games, played by ``entries`` (bot names or bots) from ``seed``."""
    names = tuple(entry if isinstance(entry, str) else entry.name for entry in entries)
    shares: list[list[float]] = [[] for _ in names]
    scores: list[list[float]] = [[] for _ in names]
    seat_shares: list[list[float]] = [[] for _ in range(game.players)]
    for result in results:
        for seat, bot in enumerate(result.seat_bots):
            share = 1 / len(result.winners) if seat in result.winners else 0.0
            shares[bot].append(share)
            scores[bot].append(result.scores[seat])
            seat_shares[seat].append(share)
    by_bot = [
        BotStats(name, index, len(won), sum(won), *_interval(won), *_interval(got))
        for index, (name, won, got) in enumerate(zip(names, shares, scores, strict=True))
    ]
    by_seat = [
        SeatStats(seat, *_interval(seat_shares[seat]), statistics.fmean(result.scores[seat] for result in results))
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
