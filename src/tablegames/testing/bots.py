"""`check_choose_from_state`: a bot that reads states in a search's playouts must decide as from the view.

A search asks its rollout bot through `tablegames.core.bots.Bot.choose_from_state`,
which a bot may override to read the state directly, on one condition: it
decides exactly as `choose` would from the mover's view, drawing the same
random numbers. This module checks that condition along play from a state
and from a deal sampled from the mover's view, where hidden cards sit in
other places than in the real deal.

Examples:
    >>> import tablegames
    >>> game = tablegames.load("kalo", players=4)
    >>> check_choose_from_state(game.bot("heuristic"), game.start(seed=1), decisions=20)
    40
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tablegames.testing.conformance import ConformanceError

if TYPE_CHECKING:
    from tablegames.core.bots import Bot
    from tablegames.core.protocol import State

__all__ = ["check_choose_from_state"]


def check_choose_from_state(bot: Bot, state: State, *, seed: int = 0, decisions: int = 60) -> int:
    """Check that ``bot.choose_from_state`` decides as ``bot.choose`` from the mover's view.

    From ``state``, and from ``state.game.sample_state`` of the mover's view,
    plays up to ``decisions`` decisions with the bot's own choices, asking
    both ways at every one with generators seeded alike.

    Returns:
        How many decisions were compared.

    Raises:
        ConformanceError: If a decision differs, or the two ways drew different random numbers.
    """
    if state.is_over:
        return 0
    sampled = state.game.sample_state(state.view(state.current_player), random.Random(seed))
    compared = 0
    for start, where in ((state, "the state given"), (sampled, "a deal sampled from the mover's view")):
        now = start
        for step in range(decisions):
            if now.is_over:
                break
            seat = now.current_player
            ours, theirs = random.Random(seed), random.Random(seed)
            action = bot.choose_from_state(now, ours)
            expected = bot.choose(now.view(seat), theirs)
            if action != expected:
                raise ConformanceError(
                    f"{type(bot).__name__}.choose_from_state chose {action} where choose, from seat {seat}'s view, "
                    f"chose {expected}: decision {step + 1} from {where}"
                )
            if ours.getstate() != theirs.getstate():
                raise ConformanceError(
                    f"{type(bot).__name__}.choose_from_state drew other random numbers than choose from seat "
                    f"{seat}'s view: decision {step + 1} from {where}"
                )
            compared += 1
            now = now.apply(action)
    return compared
