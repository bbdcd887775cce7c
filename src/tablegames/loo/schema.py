"""Loo's state and view fields as JSON Schemas, from which `tablegames.core.schemas` makes its five documents.

Examples:
    >>> json_schemas({})["view"]["properties"]["trump"]
    {'enum': ['c', 'd', 'h', 's']}
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
from tablegames.loo import actions, events

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tablegames.core.writing import JSONDict

__all__ = ["json_schemas"]

#: A card in a trick: who played it.
PLAY = closed({"seat": COUNT, "card": CARD})
#: The round's chips and tricks, as state and view both write them.
TABLE: dict[str, JSONDict] = {
    "pot": COUNT,
    "p0": COUNT,
    "carry": COUNT,
    "tricks": array(array(PLAY)),
    "trick": array(PLAY),
}
DECISIONS = array(nullable({"enum": ["play", "drop", "miss"]}))
PHASE: JSONDict = {"enum": ["decide", "play", "over"]}


def json_schemas(options: Mapping[str, object]) -> dict[str, JSONDict]:
    """Loo's five schemas, by format (`tablegames.core.schemas.KINDS`), for games with ``options``."""
    state = state_schema(
        "loo",
        options,
        {
            "seed": SEED,
            "round": {"type": "integer", "minimum": 1},
            "balances": array(INTEGER),
            "pot": COUNT,
            "carry": COUNT,
            "hands": array(array(CARD)),
            "miss": array(CARD),
            "stock": array(CARD),
            "turned": CARD,
            "decisions": DECISIONS,
            "p0": COUNT,
            "tricks": TABLE["tricks"],
            "trick": TABLE["trick"],
            "phase": PHASE,
            "current_player": nullable(COUNT),
        },
    )
    view = {
        "round": {"type": "integer", "minimum": 1},
        "rounds": {"type": "integer", "minimum": 1},
        "dealer": COUNT,
        "phase": PHASE,
        "hand": array(CARD),
        "given_up": array(CARD),
        "hand_sizes": array(COUNT),
        "decisions": DECISIONS,
        "miss_open": BOOLEAN,
        "turned": CARD,
        "trump": {"enum": ["c", "d", "h", "s"]},
        **TABLE,
        "tricks_won": array(COUNT),
    }
    return schemas("loo", state=state, view=view, actions=declared(actions, Action), events=declared(events, Event))
