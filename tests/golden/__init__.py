"""Golden playthroughs: seeded random games written out, step by step, to catch any change of behaviour.

Kalaha's files hold every state whole. A card game runs to hundreds or
thousands of decisions, so its files hold, for each decision, the events and
a digest of the full state and of every seat's view, and the full state at
every 100th decision and at the end: the first decision whose digest differs
is the first change.

Regenerate them after an intended change of rules or formats with
``python -m tests.golden.regenerate`` and review the diff.
"""

from __future__ import annotations

import hashlib
import json
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
    ("kalo-4p-seed1", "kalo", {}, 1),
    ("kalo-3p-combinations-seed2", "kalo", {"players": 3, "kalo_in_combinations": True}, 2),
    ("loo-5p-seed1", "loo", {}, 1),
    ("loo-3p-miss-pam-wild-seed2", "loo", {"players": 3, "miss": True, "pam_is_wild": True, "rounds": 3}, 2),
    ("loo-4p-trump-highest-seed3", "loo", {"players": 4, "trump_must_be_highest": True, "ante": 2}, 3),
]

#: A full state is written at every this many decisions of a digested playthrough.
FULL_EVERY = 100


def digest(value: object) -> str:
    """Return a short digest of a JSON-ready value, the same for equal values."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def playthrough(name: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play a seeded random game and write down every step of it (digests of the states, for the card games)."""
    game = tablegames.load(name, **options)
    match = tablegames.Match(game, seed=seed)
    chooser = random.Random(seed)
    whole = name == "kalaha"
    plies: list[dict[str, Any]] = []
    while not match.state.is_over:
        seat = match.state.current_player
        action = chooser.choice(match.state.legal_actions())
        transition = match.play(action)
        state = transition.state
        ply: dict[str, Any] = {"seat": seat, "action": str(action), "events": [str(e) for e in transition.events]}
        if whole:
            ply["state"] = state.to_dict()
        else:
            views = [state.view(s).to_dict() for s in (*range(game.players), None)]
            ply["state_digest"] = digest(state.to_dict())
            ply["views_digest"] = digest(views)
            if len(plies) % FULL_EVERY == FULL_EVERY - 1 or state.is_over:
                ply["state"] = state.to_dict()
        plies.append(ply)
    outcome = match.state.outcome
    assert outcome is not None
    return {"record": match.to_record(), "plies": plies, "outcome": outcome.to_dict()}
