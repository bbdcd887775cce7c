"""What the card-game benchmarks share: states from random play, and the cost of single protocol calls."""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import tablegames
    from tablegames.core.protocol import State


def sample(game: tablegames.Game[State], count: int) -> list[State]:
    """States met in random play, to time single calls on."""
    rng = random.Random(3)
    found: list[State] = []
    while len(found) < count:
        state = game.start(seed=len(found))
        while not state.is_over and len(found) < count:
            found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def timed(label: str, calls: list[object]) -> None:
    """Print the mean microseconds of the zero-argument callables in ``calls``."""
    began = time.perf_counter()
    for call in calls:
        call()  # type: ignore[operator]
    print(f"  {label:<32} {(time.perf_counter() - began) / len(calls) * 1e6:8.1f} µs")


def single_calls(game: tablegames.Game[State]) -> None:
    """Print the cost of each protocol call on 3,000 states from random play."""
    states = sample(game, 3000)
    timed("legal_actions() (first call)", [game.from_dict(state.to_dict()).legal_actions for state in states[:500]])
    pairs = [(state, state.legal_actions()[0]) for state in states]
    timed("apply()", [lambda s=state, a=action: s.apply(a) for state, action in pairs])
    timed("step() (with events)", [lambda s=state, a=action: s.step(a) for state, action in pairs])
    timed("view(0)", [lambda s=state: s.view(0) for state in states])
    timed("to_dict()", [state.to_dict for state in states])
    dicts = [state.to_dict() for state in states[:500]]
    timed("from_dict() (validated)", [lambda d=data: game.from_dict(d) for data in dicts])
