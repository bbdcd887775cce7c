"""Ratings with 95% intervals from games between bots: Bradley–Terry, for any number of seats.

Each bot ``b`` has a strength ``γ_b = exp(θ_b)``. In a game, the chance that
a seat wins is its bot's strength over the sum of the strengths of all the
seats (a bot holding two seats counts twice). With two seats this is the
Bradley–Terry model, ``P(a beats b) = γ_a / (γ_a + γ_b)``, the one behind
Elo's expected score; with more seats it is Luce's choice model of the
winner. A game is one observation, not broken into pairwise comparisons:
a four-seat game won by one seat is not three independent wins, which would
make the intervals too narrow.

A win shared by ``k`` seats counts ``1/k`` to each, as in the arena, so a
drawn two-seat game counts as half a win each, as in Elo. The ratings are
the maximum of the likelihood with those win shares; at that maximum every
bot's expected win shares, summed over its games, equal the win shares it
took.

**Prior.** Every pair of bots is also given one virtual drawn two-seat game.
Without it a bot that never lost (or never won) would have an infinite
rating; with it, such a bot gets a finite rating with a wide interval, and
the prior's weight falls as games are added.

**Scale.** Ratings are ``θ`` on the Elo scale, ``400 / ln 10`` points per
unit, so a difference of 400 points means odds of 10 to 1 in a two-seat
game, and their mean is 0: only differences mean anything. The interval of a
rating is ± 1.96 standard errors from the inverse of the information matrix
(the curvature of the log-likelihood) at the maximum, with the mean held at
0; where draws are common it is a little wider than it need be.

Examples:
    >>> fit = fit_ratings([((0, 1), (1.0, 0.0))] * 3 + [((0, 1), (0.0, 1.0))], bots=2)
    >>> [round(rating, 1) for rating in fit.ratings]  # 3.5 wins of 5 with the virtual draw: odds 7 to 3
    [73.6, -73.6]
    >>> round(fit.ratings[0] - fit.ratings[1], 1) == round(400 * math.log10(7 / 3), 1)
    True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import attrs

from tablegames.core.errors import ConfigError

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

__all__ = ["ELO", "Fit", "fit_ratings"]

#: Elo points per unit of log-strength: 400 points are odds of 10 to 1.
ELO = 400 / math.log(10)

#: Games with the same number of seats per bot, added up: (seats per bot) -> (win shares per bot, games).
_Groups = dict[tuple[int, ...], tuple[list[float], float]]


@attrs.frozen
class Fit:
    """Fitted ratings: one rating per bot on the Elo scale, mean 0, and the half-width of its 95% interval."""

    ratings: tuple[float, ...]
    errors: tuple[float, ...]


def fit_ratings(games: Iterable[tuple[Sequence[int], Sequence[float]]], bots: int, *, prior: float = 1.0) -> Fit:
    """Fit the ratings of ``bots`` bots to ``games``.

    Args:
        games: Each game as (the bot at each seat, the win share of each seat).
        bots: How many bots there are (numbered from 0).
        prior: Virtual drawn games between every pair of bots (above 0).

    Raises:
        ConfigError: If there are fewer than two bots, or the prior is not positive.
    """
    if bots < 2:
        raise ConfigError("ratings need at least two bots")
    if not prior > 0:
        raise ConfigError(f"the prior must be above 0, got {prior!r}")
    groups: _Groups = {}
    for seats, shares in games:
        _add(groups, bots, seats, shares)
    for first in range(bots):
        for second in range(first + 1, bots):
            _add(groups, bots, (first, second), (prior / 2, prior / 2))
    theta = _maximise(groups, bots)
    covariance = _covariance(_information(groups, theta), bots)
    return Fit(
        ratings=tuple(ELO * value for value in theta),
        errors=tuple(1.96 * ELO * math.sqrt(max(covariance[b][b], 0.0)) for b in range(bots)),
    )


def _add(groups: _Groups, bots: int, seats: Sequence[int], shares: Sequence[float]) -> None:
    """Add a game to the group of games with its seats per bot; it weighs as much as its shares add up to."""
    counts = [0] * bots
    won = [0.0] * bots
    for bot, share in zip(seats, shares, strict=True):
        counts[bot] += 1
        won[bot] += share
    weight = sum(shares)
    if weight == 0:  # a game nobody won says nothing about who is stronger
        return
    key = tuple(counts)
    taken, games = groups.get(key, ([0.0] * bots, 0.0))
    groups[key] = ([a + b for a, b in zip(taken, won, strict=True)], games + weight)


def _chances(counts: tuple[int, ...], theta: Sequence[float]) -> list[float]:
    """Each bot's chance to win a game with ``counts`` seats per bot."""
    top = max(theta[b] for b, count in enumerate(counts) if count)
    weights = [count * math.exp(theta[b] - top) if count else 0.0 for b, count in enumerate(counts)]
    total = sum(weights)
    return [weight / total for weight in weights]


def _log_likelihood(groups: _Groups, theta: Sequence[float]) -> float:
    value = 0.0
    for counts, (won, games) in groups.items():
        top = max(theta[b] for b, count in enumerate(counts) if count)
        spread = math.log(sum(count * math.exp(theta[b] - top) for b, count in enumerate(counts) if count))
        value += sum(share * theta[b] for b, share in enumerate(won)) - games * (top + spread)
    return value


def _gradient(groups: _Groups, theta: Sequence[float]) -> list[float]:
    gradient = [0.0] * len(theta)
    for counts, (won, games) in groups.items():
        for b, chance in enumerate(_chances(counts, theta)):
            gradient[b] += won[b] - games * chance
    return gradient


def _information(groups: _Groups, theta: Sequence[float]) -> list[list[float]]:
    """Minus the Hessian of the log-likelihood: games × (diag(p) − p pᵀ) added up over the groups."""
    size = len(theta)
    matrix = [[0.0] * size for _ in range(size)]
    for counts, (_, games) in groups.items():
        chances = _chances(counts, theta)
        for i in range(size):
            for j in range(size):
                matrix[i][j] += games * ((chances[i] if i == j else 0.0) - chances[i] * chances[j])
    return matrix


def _maximise(groups: _Groups, bots: int) -> list[float]:
    """Newton's method with the mean held at 0 (the likelihood does not change when all θ move together)."""
    theta = [0.0] * bots
    value = _log_likelihood(groups, theta)
    for _ in range(200):
        step = _solve(_pinned(_information(groups, theta), bots), _gradient(groups, theta))
        scale = 1.0
        while True:  # halve the step until the likelihood does not fall
            trial = [t + scale * s for t, s in zip(theta, step, strict=True)]
            trial_value = _log_likelihood(groups, trial)
            if trial_value >= value - 1e-12 or scale < 1e-9:
                break
            scale /= 2
        theta, value = trial, trial_value
        if max(abs(scale * s) for s in step) < 1e-12:
            break
    mean = sum(theta) / bots
    return [t - mean for t in theta]


def _pinned(information: list[list[float]], bots: int) -> list[list[float]]:
    """The information plus 11ᵀ/k: invertible, and its inverse acts as the information's on sums of zero."""
    return [[value + 1 / bots for value in row] for row in information]


def _covariance(information: list[list[float]], bots: int) -> list[list[float]]:
    """The covariance of θ with its mean held at 0: (I + 11ᵀ/k)⁻¹ − 11ᵀ/k, the information's pseudo-inverse."""
    pinned = _pinned(information, bots)
    columns = [_solve(pinned, [1.0 if i == j else 0.0 for i in range(bots)]) for j in range(bots)]
    return [[columns[j][i] - 1 / bots for j in range(bots)] for i in range(bots)]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix · x = vector`` by Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        for row in range(column + 1, size):
            factor = rows[row][column] / lead
            if factor:
                rows[row] = [a - factor * b for a, b in zip(rows[row], rows[column], strict=True)]
    solution = [0.0] * size
    for row in reversed(range(size)):
        known = sum(rows[row][j] * solution[j] for j in range(row + 1, size))
        solution[row] = (rows[row][size] - known) / rows[row][row]
    return solution
