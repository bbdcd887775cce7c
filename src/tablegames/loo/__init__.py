"""Loo, five-card Lanterloo with Pam, played for a pot of chips by 3 to 8 players.

Examples:
    >>> from tablegames.loo import Loo
    >>> state = Loo(players=4).start(seed=7)
    >>> state.legal_actions()
    (Stay(), Drop())
"""

from __future__ import annotations

from tablegames.core.lazy import listing
from tablegames.loo import bots as bots  # registers the game's bots (the game never imports them)
from tablegames.loo.actions import Drop, PlayCard, Stay, TakeMiss
from tablegames.loo.cards import DECK, PAM, Card, parse_card
from tablegames.loo.deal import Deal
from tablegames.loo.game import Loo
from tablegames.loo.rules import payouts
from tablegames.loo.state import LooState
from tablegames.loo.tricks import Follow, TrickCard, TrickRules, follow, trick_winner
from tablegames.loo.view import LooView

__all__ = [
    "DECK",
    "PAM",
    "Card",
    "Deal",
    "Drop",
    "Follow",
    "Loo",
    "LooState",
    "LooView",
    "PlayCard",
    "Stay",
    "TakeMiss",
    "TrickCard",
    "TrickRules",
    "follow",
    "parse_card",
    "payouts",
    "trick_winner",
]

#: ``dir()`` lists the package's public names, as every game package's does.
__dir__ = listing({}, globals())
