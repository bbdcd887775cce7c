"""Kalo's ``sort`` and ``order`` commands: a whole arrangement of the hand as the one-card decisions the game takes.

The game keeps arranging as one decision per card (ruling K3): ``arrange k``
moves the card at slot ``k`` to the next place of the arranged front of the
hand, and ``ready`` ends it. Placing every card but the last ends it as well:
the last card has only one place left. These functions turn the order a
player wants into those decisions, as few as it takes: a hand already in the
order wanted needs only ``ready``.

Examples:
    >>> from tablegames.kalo import Kalo
    >>> state = Kalo(players=3).start(seed=2)
    >>> state = state.apply(READY).apply(READY)   # seats 1 and 2 keep their order; seat 0 holds the Kalo
    >>> view = state.view(0)
    >>> [str(card) for card in hand_cards(view)[:6]]
    ['4h', '9h', '9c', '8s', 'Jh', '3d']
    >>> decisions = sort_decisions(view)
    >>> [str(action) for action in decisions[:3]], len(decisions)   # 3d to the front, then 4h, ...
    (['arrange 5', 'arrange 1', 'arrange 14'], 16)
    >>> for action in decisions:
    ...     state = state.apply(action)
    >>> [str(slot.card) for slot in state.hands[0]][-3:], state.phase   # 16 cards placed: the 17th has one place
    (['As', '2s', '2h'], 'play')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames import InvalidActionError
from tablegames.kalo import KALO, Arrange, KaloView, Ready
from tablegames.kalo.actions import ARRANGES, READY
from tablegames.kalo.cards import card_key

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames import Action, View
    from tablegames.kalo import Card

__all__ = ["arranging_line", "hand_cards", "order_decisions", "sort_decisions"]


def hand_cards(view: KaloView) -> list[Card]:
    """The seat's own hand, card by card in slot order."""
    assert view.seat is not None
    return [slot.card for slot in view.hands[view.seat] if slot.card is not None]


def arranging_line(view: View) -> str | None:
    """While a Kalo hand is arranged, its decisions in one line instead of one entry per slot; else None.

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> state = Kalo(players=3).start(seed=2)
        >>> arranging_line(state.view(state.current_player))[:56]
        'arrange K puts the card at slot K next (K from 0 to 16) '
    """
    if not isinstance(view, KaloView) or view.phase != "arrange" or view.current_player != view.seat:
        return None
    slots = [action.slot for action in view.legal_actions if isinstance(action, Arrange)]
    if not slots:
        return None
    return (
        f"arrange K puts the card at slot K next (K from {min(slots)} to {max(slots)}) · ready keeps the order · "
        "sort: by rank, the Kalo last · order S..: those slots first · Enter lists every decision by number"
    )


def _arranged(view: KaloView) -> int:
    """How many slots at the front are placed already: the first slot ``arrange`` may still name."""
    slots = [action.slot for action in view.legal_actions if isinstance(action, Arrange)]
    return min(slots) if slots else len(hand_cards(view))


def _check(view: View) -> KaloView:
    if (
        not isinstance(view, KaloView)
        or view.phase != "arrange"
        or not any(isinstance(action, Ready) for action in view.legal_actions)
    ):
        raise InvalidActionError("sort and order arrange your hand before the opening play; it is not arranging now")
    return view


def _decisions(view: KaloView, wanted: Sequence[Card]) -> list[Action]:
    """The decisions that bring the unplaced part of the hand into the order ``wanted``."""
    hand = hand_cards(view)
    placed = _arranged(view)
    decisions: list[Action] = []
    for card in wanted:
        if hand[placed:] == list(wanted[len(decisions) :]):
            break
        slot = hand.index(card)
        decisions.append(ARRANGES[slot])
        hand.insert(placed, hand.pop(slot))
        placed += 1
        if placed >= len(hand) - 1:  # the last card has one place left: arranging ends by itself
            return decisions
    return [*decisions, READY]


def sort_decisions(view: View) -> list[Action]:
    """The decisions that sort the cards not yet placed by rank, low to high, the Kalo last, then end arranging.

    Raises:
        InvalidActionError: If ``view``'s seat is not arranging its hand now.
    """
    kalo_view = _check(view)
    rest = hand_cards(kalo_view)[_arranged(kalo_view) :]
    return _decisions(kalo_view, sorted(rest, key=lambda card: (card is KALO, card_key(card))))


def order_decisions(view: View, slots: Sequence[int]) -> list[Action]:
    """The decisions that put the cards now at ``slots`` first, in that order, the rest after as they are; then ready.

    Raises:
        InvalidActionError: If the seat is not arranging, or a slot is placed already, repeated or not in the hand.
    """
    kalo_view = _check(view)
    hand = hand_cards(kalo_view)
    placed = _arranged(kalo_view)
    if len(set(slots)) != len(slots) or not all(placed <= slot < len(hand) for slot in slots):
        first = f"slots {placed} to {len(hand) - 1}" if placed < len(hand) - 1 else f"slot {placed}"
        raise InvalidActionError(
            f"order takes different slot numbers of your hand not yet placed ({first}), e.g. 'order 5 2 9'"
        )
    chosen = [hand[slot] for slot in slots]
    return _decisions(kalo_view, [*chosen, *(card for card in hand[placed:] if card not in chosen)])
