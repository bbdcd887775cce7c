"""A Kalaha bot on the library's search bot and solver: solve when the solver answers in time, else search."""

from __future__ import annotations

import random

import tablegames
from tablegames.kalaha import Solver, SolveTimeout, Sow
from tablegames.kalaha.bots import KalahaSearch


def choose(seed: int) -> Sow:
    """The move a solver gives for the start of a small Kalaha, or the search bot's if it runs out of time."""
    game = tablegames.load("kalaha", pits=4, seeds=3)
    state = game.start(seed=seed)
    solver = Solver(game)
    try:
        best = solver.solve(state, time_limit=1.0).best
    except SolveTimeout:
        best = None
    if best is not None:
        return best
    return game.bot(KalahaSearch, depth=4).choose(state.view(state.current_player), random.Random(seed))


def pit_letter(seed: int) -> str:
    """The letter of the chosen pit, as players read it."""
    return str(choose(seed)) + f" (pit {choose(seed).pit})"
