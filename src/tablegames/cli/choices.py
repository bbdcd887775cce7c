"""The decisions a seat may make, in its own terms: what each pit, card or slot means, listed to fit the screen.

Examples:
    >>> print(listing("legal: ", ["a", "b", "c"], 40).plain)
    legal: a | b | c
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from tablegames.cli.render import card_text, cards_text
from tablegames.kalaha import KalahaView, Sow
from tablegames.kalo import (
    Arrange,
    ChooseCard,
    ChooseSeat,
    ChooseSlot,
    Insert,
    KaloView,
    Pass,
    Play,
    Ready,
)
from tablegames.loo import Drop, LooView, PlayCard, Stay, TakeMiss

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames import Action, View

__all__ = ["choices", "describe", "listing"]


def describe(action: Action, view: View) -> Text:
    """What a decision means, in the seat's own terms: the seeds in a pit, the card at a slot, the cards played."""
    seat = view.seat
    if isinstance(view, KalahaView) and isinstance(action, Sow) and seat is not None:
        seeds = view.pits[seat][action.pit]
        return Text(f"{seeds} seed{'' if seeds == 1 else 's'}", style="dim")
    if isinstance(view, KaloView) and seat is not None:
        return _describe_kalo(action, view, seat)
    if isinstance(view, LooView):
        if isinstance(action, PlayCard):
            return card_text(action.card, "loo")
        words = {Stay: "stay in and play", Drop: "drop out", TakeMiss: "take the Miss"}
        return Text(words.get(type(action), ""), style="dim")
    return Text("")


def _describe_kalo(action: Action, view: KaloView, seat: int) -> Text:
    hand = view.hands[seat]
    if isinstance(action, Arrange) and action.slot < len(hand):
        card = hand[action.slot].card
        return Text("move ") + (card_text(card, "kalo") if card else Text("??")) + Text(" next")
    if isinstance(action, Ready):
        return Text("done arranging", style="dim")
    if isinstance(action, Play):
        return cards_text(action.cards, "kalo")
    if isinstance(action, Pass):
        return Text("")
    if isinstance(action, ChooseCard):
        return card_text(action.card, "kalo")
    if isinstance(action, ChooseSeat) and action.seat < len(view.hands):
        count = len(view.hands[action.seat])
        return Text(f"{count} card{'' if count == 1 else 's'}", style="dim")
    if isinstance(action, ChooseSlot) and view.effect is not None and view.effect.target is not None:
        slots = view.hands[view.effect.target]
        if action.slot < len(slots):
            slot = slots[action.slot]
            text = Text("??", style="dim") if slot.card is None else card_text(slot.card, "kalo")
            return text + Text("'" if slot.received else "", style="yellow")
    if isinstance(action, Insert):
        if action.slot == 0:
            return Text("in front", style="dim")
        if action.slot >= len(hand):
            return Text("at the end", style="dim")
        card = hand[action.slot].card
        return Text("before ", style="dim") + (card_text(card, "kalo") if card else Text("??"))
    return Text("")


def listing(prefix: str, entries: Sequence[str], width: int, sep: str = " | ") -> Text:
    """``prefix`` and ``entries`` joined by ``sep``, wrapped at ``width`` between entries, never inside one.

    Examples:
        >>> print(listing("legal: ", ["arrange 0", "arrange 1", "arrange 2", "ready"], 30).plain)
        legal: arrange 0 | arrange 1 |
          arrange 2 | ready
    """
    lines = [prefix]
    for index, entry in enumerate(entries):
        piece = entry if index == len(entries) - 1 else entry + sep
        if len(lines[-1]) + len(piece.rstrip()) > width and lines[-1].strip():
            lines[-1] = lines[-1].rstrip()
            lines.append("  ")
        lines[-1] += piece
    return Text("\n".join(line.rstrip() for line in lines))


def choices(actions: Sequence[Action], view: View, width: int) -> Text:
    """The decisions as a numbered list in columns: number, notation, and what it means."""
    cells = []
    for number, action in enumerate(actions, start=1):
        cell = Text(f"{number:>3}. ") + Text(str(action), style="bold green")
        meaning = describe(action, view)
        if meaning.plain and meaning.plain != str(action):
            cell += Text("  ") + meaning
        cells.append(cell)
    if not cells:
        return Text("")
    size = max(cell.cell_len for cell in cells) + 2
    per_line = max(1, width // size)
    lines = []
    for start in range(0, len(cells), per_line):
        line = Text()
        for cell in cells[start : start + per_line]:
            line += cell
            line.append(" " * (size - cell.cell_len))
        line.rstrip()
        lines.append(line)
    return Text("\n").join(lines)
