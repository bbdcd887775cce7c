"""Kalo's refusals, each stated once: its key, its fields and its English (see `tablegames.core.reasons`).

A rank is a field by its number on Kalo's ladder (3 to 15, J 11 to A 14, a 2
is 15), cards by their notation; counts are integers, so that a client can
say them with its own plurals.

Examples:
    >>> str(KALO_REASONS.reason("kalo.lower", rank=5, above=12, need=2))
    'a 5 is lower than a Q: play 2 cards higher than Q, or pass'
    >>> str(KALO_REASONS.reason("kalo.lower", rank=8, above=14, need=1))
    'an 8 is lower than an A: play 1 card higher than A, or pass'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.plurals import plural
from tablegames.core.reasons import Catalogue
from tablegames.kalo.cards import EFFECTS, RANK_NAMES

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["KALO_REASONS"]


def _counted(count: int, noun: str) -> str:
    """``count`` of ``noun`` in words players read: ``1 card``, ``2 cards``, ``2 6s``."""
    return plural(count, noun, noun + "s")


def _instead(need: int, above: int) -> str:
    """What may be played on a play of ``need`` cards of the rank ``above``."""
    return f"play {_counted(need, 'card')} higher than {RANK_NAMES[above]}, or pass"


def _wrong_count(*, above: int, need: int, count: int) -> str:
    shown = f"a single {RANK_NAMES[above]}" if need == 1 else _counted(need, RANK_NAMES[above])
    return (
        f"the last play is {shown}, so a play on it has {_counted(need, 'card')}, not {count}: {_instead(need, above)}"
    )


def _one(rank: int) -> str:
    """One card of ``rank`` with its article, as it is read aloud: ``a 5``, ``an 8``, ``an A``."""
    name = RANK_NAMES[rank]
    return f"{'an' if name in ('8', 'A') else 'a'} {name}"


def _each(rank: int) -> str:
    """What every card of an effect's rank must do: ``each 4 must take a card from the discard pile``."""
    return f"each {RANK_NAMES[rank]} must {EFFECTS[rank]}"


def _choose(what: str) -> Callable[..., str]:
    """The refusal of a decision other than the choice an effect waits for: ``what`` is that choice."""
    return lambda *, rank, action: f"you must {what} for the {RANK_NAMES[rank]} ({EFFECTS[rank]}), not {action}"


#: Every refusal of a Kalo decision.
KALO_REASONS = Catalogue(
    {
        "kalo.must_arrange": "you must arrange a slot or say ready, not {action}",
        "kalo.must_play": "you must play cards, not {action}",
        "kalo.must_play_or_pass": "you must play cards or pass, not {action}",
        "kalo.leader_cannot_pass": "you lead this trick, so you must play: a leader cannot pass",
        "kalo.choose_card": _choose("choose a card"),
        "kalo.choose_seat": _choose("choose another player holding cards"),
        "kalo.choose_slot": _choose("choose a slot"),
        "kalo.choose_insert": _choose("choose the slot for the card received"),
        "kalo.not_now": "{action} is not a legal decision now",
        "kalo.arrange_first": "no cards are played yet: arrange your hand, then say you are ready",
        "kalo.finish_effect": "first finish the effect of the cards just played",
        "kalo.not_in_hand": lambda *, cards: f"{' '.join(cards)} {'is' if len(cards) == 1 else 'are'} not in your hand",
        "kalo.kalo_alone": "the Kalo is always played alone",
        "kalo.wrong_count": _wrong_count,
        "kalo.not_higher": lambda *, rank, need: f"{_one(rank)} does not beat {_one(rank)}: {_instead(need, rank)}",
        "kalo.lower": lambda *, rank, above, need: f"{_one(rank)} is lower than {_one(above)}: {_instead(need, above)}",
        "kalo.give_last": lambda: (
            f"{_each(3)} after the play, and these are your last cards: nothing would be left to give"
        ),
        "kalo.give_too_few": lambda *, count, left: (
            f"{_each(3)} after the play: playing {count} leaves you {_counted(left, 'card')}, too few to give {count}"
        ),
        "kalo.pile_empty": lambda *, rank: f"{_each(rank)}, and the discard pile is empty",
        "kalo.pile_short": lambda *, rank, pile, count: (
            f"{_each(rank)}, and the discard pile holds only {_counted(pile, 'card')}: "
            f"{count} {RANK_NAMES[rank]}s are too many"
        ),
        "kalo.rob_short": lambda *, others, count: (
            f"{_each(6)}, and the other hands hold only {_counted(others, 'card')}: "
            f"{count} {RANK_NAMES[6]}s are too many"
        ),
        "kalo.not_legal_play": "{play} is not a legal play now",
    }
)
