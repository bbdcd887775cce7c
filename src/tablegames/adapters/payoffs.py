"""Rewards for learning: what the adapters pay each seat, chosen with their ``rewards`` option.

- ``"outcome"`` (the default): nothing until the game is over, then each
  seat's share of the win against an even share: ``n/(n-1) x (share - 1/n)``
  for ``n`` seats, where a seat's share is ``1/k`` if it is one of ``k``
  winners and 0 otherwise. A sole winner gets 1, the others ``-1/(n-1)`` each;
  a draw between all gives 0. The payoffs add up to 0 (PettingZoo's classic
  two-player games pay exactly this: 1, -1 or 0).
- ``"score"``: after every decision, the change in each seat's score: seeds
  in its store for Kalaha, points for Kalo (as seats go out in each round),
  chips for Loo (antes, tricks and loo payments as they happen). Over a game
  they add up to the final score less the starting one.

Kalo and Loo are played over many rounds; an episode is always the whole
game, and ``"score"`` gives the rewards of each round as they come.

Examples:
    >>> import tablegames
    >>> game = tablegames.load("kalaha", pits=2, seeds=1)
    >>> state = game.position(rows=((0, 1), (1, 0)), stores=(2, 0))
    >>> end = state.apply(state.parse_action("b"))
    >>> end.scores, outcome(end), score_change(state, end)
    ((3, 1), (1.0, -1.0), (1.0, 1.0))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.errors import ConfigError

if TYPE_CHECKING:
    from tablegames.core.protocol import State

__all__ = ["REWARDS", "check_rewards", "outcome", "reward_range", "rewards_after", "score_change"]

#: The values of the ``rewards`` option.
REWARDS = ("outcome", "score")


def check_rewards(rewards: object) -> str:
    """Return ``rewards`` if it is one of `REWARDS`.

    Raises:
        ConfigError: Otherwise, naming the choices.
    """
    if rewards not in REWARDS:
        raise ConfigError(f"rewards must be one of {', '.join(map(repr, REWARDS))}, got {rewards!r}")
    return str(rewards)


def outcome(state: State) -> tuple[float, ...]:
    """Each seat's payoff for a finished game (all 0 while it goes on); see the module docs."""
    players = state.game.players
    winners = state.winners
    if not winners:
        return (0.0,) * players
    win = players / len(winners) - 1
    return tuple((win if seat in winners else -1.0) / (players - 1) for seat in range(players))


def score_change(before: State, after: State) -> tuple[float, ...]:
    """Each seat's score in ``after`` less its score in ``before``."""
    return tuple(float(now - then) for now, then in zip(after.scores, before.scores, strict=True))


def rewards_after(rewards: str, before: State, after: State) -> tuple[float, ...]:
    """The rewards of the decision that led from ``before`` to ``after``, as ``rewards`` pays them."""
    if rewards == "score":
        return score_change(before, after)
    return outcome(after)


def reward_range(rewards: str, players: int, scores: tuple[float, float]) -> tuple[float, float]:
    """The bounds of one seat's total over a game: ``scores`` bounds a score, for ``"score"``."""
    if rewards == "score":
        low, high = scores
        return low - high, high - low
    return -1 / (players - 1), 1.0
