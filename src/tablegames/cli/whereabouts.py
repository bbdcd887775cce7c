"""Where the Kalo is, as far as one seat may know: from its view, and from the round's events as it saw them.

Who was dealt the Kalo is public (K2), but the Kalo moves: it is played, it
goes to the discard pile with the trick, a 4 can take it back, a 3 can give
it away, a 6 can rob it. A seat knows where it is when its view shows it (in
its own hand, in a slot it knows, in the trick, in the pile it is looking
through, on its way to or from it) or, once it was played, that it lies in
the discard pile, until a card leaves the pile unseen.

Examples:
    >>> from tablegames.kalo import Kalo
    >>> state = Kalo(players=3).position([["2h", "9c"], ["Ad"], ["Kd"]], leader=0)
    >>> kalo_whereabouts(state.view(1), ())
    'seat 0 was dealt it'
    >>> kalo_whereabouts(state.view(0), ())
    'you were dealt it; it is in your hand, slot 0'
    >>> step = state.step(state.parse_action("2h"))   # the Kalo wins the trick at once
    >>> kalo_whereabouts(step.state.view(1), step.events)
    'seat 0 was dealt it; it was played and is in the discard pile'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.kalo import KALO, KaloView

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tablegames import Event

__all__ = ["kalo_whereabouts"]


def _in_view(view: KaloView) -> str | None:
    """Where the view shows the Kalo, if it does."""
    for owner, hand in enumerate(view.hands):
        for index, slot in enumerate(hand):
            if slot.card is KALO:
                whose = "your hand" if owner == view.seat else f"seat {owner}'s hand"
                return f"it is in {whose}, slot {index}"
    if any(KALO in play.cards for play in view.trick):
        return "it is in the trick"
    if view.effect is not None and view.effect.card is KALO:
        return "it is on its way in the effect of a " + str(view.effect.rank)
    if view.pile is not None and KALO in view.pile:
        return "it is in the discard pile"
    if KALO in view.removed:
        return "it is set aside for this round"
    return None


def _in_pile(round_events: Iterable[Event]) -> str | None:
    """What the round's events (as the seat saw them) say: played, and still in the pile unless drawn unseen since."""
    played = drawn = False
    for event in round_events:
        data = event.to_dict()
        kind = data["type"]
        if kind == "played" and str(KALO) in data["cards"]:
            played, drawn = True, False
        elif played and kind == "card_chosen" and data["slot"] is None and data["card"] != str(KALO):
            drawn = drawn or data["card"] is None  # a card left the pile and this seat did not see which
    if not played:
        return None
    return (
        "it was played and may since have left the discard pile"
        if drawn
        else "it was played and is in the discard pile"
    )


def kalo_whereabouts(view: KaloView, round_events: Iterable[Event]) -> str:
    """Who was dealt the Kalo and, where ``view``'s seat may know it, where it is now.

    Args:
        view: The seat's view.
        round_events: The events of the round in progress as that seat may know them (``event.for_seat``).
    """
    dealt = "you were dealt it" if view.kalo_holder == view.seat else f"seat {view.kalo_holder} was dealt it"
    where = _in_view(view) or _in_pile(round_events)
    return f"{dealt}; {where}" if where else dealt
