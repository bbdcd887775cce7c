"""Golden playthroughs: seeded random games written out whole, state by state, to catch any change of behaviour.

Regenerate them after an intended change of rules or formats with
``python -m tests.golden.regenerate`` and review the diff.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import tablegames

HERE = Path(__file__).resolve().parent

#: (file stem, game name, options, seed) of every golden playthrough.
CASES: list[tuple[str, str, dict[str, Any], int]] = [
    ("kalaha-6x4-seed1", "kalaha", {}, 1),
    ("kalaha-6x4-variant-seed2", "kalaha", {"empty_capture": False}, 2),
    ("kalaha-3x3-seed3", "kalaha", {"pits": 3, "seeds": 3}, 3),
]


def playthrough(name: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play a seeded random game and write down every step of it."""
    match = tablegames.Match(tablegames.load(name, **options), seed=seed)
    chooser = random.Random(seed)
    plies = []
    while not match.state.is_over:
        seat = match.state.current_player
        action = chooser.choice(match.state.legal_actions())
        transition = match.play(action)
        plies.append(
            {
                "seat": seat,
                "action": str(action),
                "events": [str(event) for event in transition.events],
                "state": transition.state.to_dict(),
            }
        )
    outcome = match.state.outcome
    assert outcome is not None
    return {"record": match.to_record(), "plies": plies, "outcome": outcome.to_dict()}
