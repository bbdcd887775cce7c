"""Loo's refusals, each stated once: its key, its fields and its English (see `tablegames.core.reasons`).

A card is a field by its notation (``"Qh"``, Pam is ``"Jc"``), a suit by its
letter, a seat by its number. The follow rule's refusal (``loo.follow``)
holds the parts `Follow.explain` composes its sentence from: the rule that
binds (``"head"``, ``"follow"``, ``"overtrump"``, ``"trump"`` or
``"highest_trump"``), the suit led, the trump suit and the card winning the
trick so far.

Examples:
    >>> reason = LOO_REASONS.reason(
    ...     "loo.follow", card="2d", rule="head", led="h", trump="s", winning="9h", pam_wild=False
    ... )
    >>> str(reason)
    'you may not play 2d: hearts were led and you hold hearts that beat the 9h: play one of those'
"""

from __future__ import annotations

from tablegames.core.reasons import Catalogue
from tablegames.loo.cards import Card
from tablegames.loo.tricks import Follow, Rule

__all__ = ["LOO_REASONS"]


def _follow(*, card: str, rule: Rule, led: str | None, trump: str, winning: str | None, pam_wild: bool) -> str:
    """Why ``card`` may not be played to the trick: the follow rule's sentence (`Follow.explain`)."""
    allowed = Follow((), rule, led, None if winning is None else Card.parse(winning))
    why = f"you may not play {card}: {allowed.explain(trump)}"
    return why + "; at this table Pam may also be played to any trick" if pam_wild else why


#: Every refusal of a Loo decision.
LOO_REASONS = Catalogue(
    {
        "loo.no_miss": "this table plays without the Miss",
        "loo.miss_taken": "the Miss is already taken, by seat {seat}",
        "loo.not_begun": (
            "the tricks have not begun: {action} cannot be played until everyone has decided to stay in or drop"
        ),
        "loo.play_now": "everyone has decided whether to stay in: now play a card to the trick",
        "loo.not_in_hand": "{card} is not in your hand",
        "loo.follow": _follow,
    }
)
