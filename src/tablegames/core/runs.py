"""The games of an arena run and how a chunk of them is played, wherever it runs (this process, a worker, Ray).

Examples:
    >>> import tablegames
    >>> run = Run(tablegames.load("kalaha", pits=3), ("random", "random"), {}, seed=1, games=2)
    >>> [result.number for result in play_games(run.job(range(2)))]
    [0, 1]
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.bots import Bot, choose_for
from tablegames.core.errors import ConfigError

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from tablegames.core.protocol import Game, State

__all__ = ["GameResult", "Job", "Run", "game_seed", "make_bot", "play_bots", "play_games"]


@attrs.frozen
class GameResult:
    """One game of a run: who sat where, the final scores and winners, and how many decisions it took."""

    number: int
    seat_bots: tuple[int, ...]
    scores: tuple[int, ...]
    winners: frozenset[int]
    decisions: int


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a run seeded with ``seed``."""
    return random.Random(f"arena/{seed}/{number}").randrange(2**63)


Job = tuple["Game[State]", tuple["str | Bot", ...], "Mapping[str, Mapping[str, Any]]", int, range]


@attrs.frozen
class Run:
    """The games of one run, before they are played: what `simulate` (and a tournament table) plays."""

    game: Game[State]
    entries: tuple[str | Bot, ...]
    settings: Mapping[str, Mapping[str, Any]]
    seed: int
    games: int

    def job(self, numbers: range) -> Job:
        """The job that plays the games numbered ``numbers`` of this run."""
        return (self.game, self.entries, self.settings, self.seed, numbers)


def make_bot(game: Game[State], entry: str | Bot, settings: Mapping[str, Mapping[str, Any]]) -> Bot:
    """The bot of an entry: a bot as it is, or the game's bot of that name made with its settings."""
    return game.bot(entry, **settings.get(entry, {})) if isinstance(entry, str) else entry


def play_games(job: Job, played: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play the games numbered in ``numbers`` (run in a worker process or in this one; then ``played`` counts them)."""
    game, entries, settings, seed, numbers = job
    made = [make_bot(game, entry, settings) for entry in entries]
    results = []
    for number in numbers:
        seat_bots = tuple((seat + number) % len(entries) for seat in range(game.players))
        rng = random.Random(f"arena/{seed}/{number}/bots")
        state, decisions = _play(game, [made[bot] for bot in seat_bots], game_seed(seed, number), rng)
        results.append(GameResult(number, seat_bots, state.scores, state.winners, decisions))
        if played is not None:
            played(len(results))
    return results


def play_bots(game: Game[State], bots: Sequence[Bot], *, seed: int, rng: random.Random | None = None) -> State:
    """Play one game from ``game.start(seed)`` with ``bots[seat]`` at each seat; return the final state.

    Args:
        game: The game.
        bots: One bot per seat.
        seed: The game's seed.
        rng: The bots' random source (default: one seeded from ``seed``).

    Raises:
        ConfigError: If there is not one bot per seat, or ``seed`` is not a seed.
        IllegalActionError: If a bot chooses an action that is not legal.

    Examples:
        >>> import tablegames
        >>> game = tablegames.load("kalaha")
        >>> play_bots(game, [game.bot("random"), game.bot("random")], seed=1).is_over
        True
    """
    if len(bots) != game.players:
        raise ConfigError(f"{game.name} with {game.players} players needs {game.players} bots, got {len(bots)}")
    return _play(game, bots, seed, rng if rng is not None else random.Random(f"bots/{seed}"))[0]


def _play(game: Game[State], bots: Sequence[Bot], seed: int, rng: random.Random) -> tuple[State, int]:
    """Play one game from ``game.start(seed)`` with ``bots[seat]`` at each seat; return its end and its decisions."""
    state, decisions = game.start(seed=seed), 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = state.apply(choose_for(bots[seat], state, rng))
        decisions += 1
    return state, decisions
