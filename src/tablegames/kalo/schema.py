"""Kalo's state and view fields as JSON Schemas, from which `tablegames.core.schemas` makes its five documents.

Examples:
    >>> json_schemas({})["state"]["properties"]["phase"]
    {'enum': ['arrange', 'play', 'effect', 'over']}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.actions import Action
from tablegames.core.events import Event
from tablegames.core.schemas import (
    BOOLEAN,
    CARD,
    COUNT,
    INTEGER,
    SEED,
    array,
    closed,
    declared,
    nullable,
    schemas,
    state_schema,
)
from tablegames.kalo import actions, events

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tablegames.core.writing import JSONDict

__all__ = ["json_schemas"]

SEATS = array(COUNT, unique=True)
PHASE: JSONDict = {"enum": ["arrange", "play", "effect", "over"]}
#: A play in the trick: who played which cards.
PLAY = closed({"seat": COUNT, "cards": array(CARD)})
#: The effect being resolved, as a view shows it (the state adds where its card came from).
EFFECT: dict[str, JSONDict] = {
    "rank": {"type": "integer", "minimum": 3, "maximum": 6},
    "seat": COUNT,
    "left": COUNT,
    "step": {"enum": ["card", "seat", "slot", "insert"]},
    "card": nullable(CARD),
    "target": nullable(COUNT),
}
#: What state and view share: the round's public side.
ROUND: dict[str, JSONDict] = {
    "kalo_holder": COUNT,
    "trick": array(PLAY),
    "passed": SEATS,
    "leader": COUNT,
    "phase": PHASE,
    "out": array(COUNT),
    "plays": COUNT,
}


def _slot(card: JSONDict) -> JSONDict:
    return closed({"card": card, "received": BOOLEAN, "known_by": SEATS})


def json_schemas(options: Mapping[str, object]) -> dict[str, JSONDict]:
    """Kalo's five schemas, by format (`tablegames.core.schemas.KINDS`), for games with ``options``."""
    state = state_schema(
        "kalo",
        options,
        {
            "seed": SEED,
            "round": {"type": "integer", "minimum": 1},
            "scores": array(INTEGER),
            "hands": array(array(_slot(CARD))),
            "pile": array(CARD),
            **ROUND,
            "current_player": nullable(COUNT),
            "arranged": COUNT,
            "effect": nullable(closed({**EFFECT, "origin": SEATS})),
            "aside": array(CARD),
        },
        optional=("aside",),
    )
    view = {
        "round": {"type": "integer", "minimum": 1},
        "removed": array(CARD),
        "hands": array(array(_slot(nullable(CARD)))),
        **ROUND,
        "pile_size": COUNT,
        "pile": nullable(array(CARD)),
        "effect": nullable(closed(EFFECT)),
        "arranged": nullable(COUNT),
    }
    return schemas("kalo", state=state, view=view, actions=declared(actions, Action), events=declared(events, Event))
