"""Kalo, the climbing card game with card effects, for 3 to 6 players.

Examples:
    >>> from tablegames.kalo import Kalo
    >>> state = Kalo(players=4).start(seed=7)
    >>> state.legal_actions()[-1]
    Ready()
"""

from __future__ import annotations

from tablegames.core.lazy import listing
from tablegames.kalo import bots as bots  # registers the game's bots (the game never imports them)
from tablegames.kalo.actions import Arrange, ChooseCard, ChooseSeat, ChooseSlot, Insert, Pass, Play, Ready
from tablegames.kalo.cards import DECK, KALO, Card, power, rank_of
from tablegames.kalo.effects import Effect
from tablegames.kalo.game import Kalo
from tablegames.kalo.hands import Slot
from tablegames.kalo.state import KaloState
from tablegames.kalo.tricks import TrickPlay
from tablegames.kalo.view import EffectView, KaloView, SlotView

__all__ = [
    "DECK",
    "KALO",
    "Arrange",
    "Card",
    "ChooseCard",
    "ChooseSeat",
    "ChooseSlot",
    "Effect",
    "EffectView",
    "Insert",
    "Kalo",
    "KaloState",
    "KaloView",
    "Pass",
    "Play",
    "Ready",
    "Slot",
    "SlotView",
    "TrickPlay",
    "power",
    "rank_of",
]

#: ``dir()`` lists the package's public names, as every game package's does.
__dir__ = listing({}, globals())
