"""What the terminal says in plain sentences: each game's rules in short, what arranging is for, refusals, events.

The library's refusals are exact but written for every frontend: they name seats by number and cite the
rulings (``(L9, must overtrump)``). `plain_refusal` says them to the person at the keyboard, without codes.

Examples:
    >>> plain_refusal("Ks is not in seat 0's hand", seat=0)
    'Ks is not in your hand'
    >>> plain_refusal("you hold no hearts, the suit led, but trumps that beat Q♥: play one (L9, must overtrump)", 2)
    'you hold no hearts, the suit led, but trumps that beat Q♥: play one'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablegames import Event

__all__ = ["ARRANGING", "SHORT_RULES", "event_sentence", "plain_refusal"]

#: Each game's rules in a few lines, as its how-to-play page says them, rulings marked; ``help`` shows them.
SHORT_RULES = {
    "kalaha": """Kalaha in short: pick one of your pits (a to f, left to right) and sow its seeds one by one to
the right: along your row, into your store, on into your opponent's row and round again; your opponent's
store is skipped. Last seed in your store: move again. Last seed in an empty pit of yours: it and the
seeds opposite go to your store. When either row is empty, each side's seeds go to their owner's store;
the fuller store wins.""",
    "kalo": """Kalo in short: be the first to empty your hand. The leader plays 1 to 4 cards of one rank; each
next player plays as many cards of a higher rank, or passes. When everyone else has passed, the last
player wins the trick and leads again. Ranks: 3 4 5 6 7 8 9 10 J Q K A 2, and the Kalo (2♥) above all,
played on anything, always alone (tablegames' ruling); it ends the trick. Each 3 gives a card of your
hand to another player, each 4 takes a card from the discard pile, each 5 gives one from the pile, each 6
takes one from a hand by its position. The first out scores most; 5 points per player wins the game.""",
    "loo": """Loo in short: everyone antes; five cards each, and the next card's suit is trump. Each player
stays in (play) or drops. Follow the suit led, and beat the trick with it if you can; without that suit,
trump, and beat the trick if you can (tablegames' ruling: the sheet says as high as possible); with
neither, play anything. Pam (J♣) is the highest trump. Each trick pays a fifth of the pot; staying in
and taking no trick (being looed) costs the whole pot again. Most chips after the last round wins.""",
}

#: What arranging a Kalo hand is for, said once when a person first arranges.
ARRANGING = (
    "arranging: until the first lead you may put your hand in any order; after it the order stays, and a 6 "
    "takes a card by its position, so where your cards sit matters."
)

#: A ruling cited in a refusal: ``(L9, must head)``, ``(K1)``.
_RULING = re.compile(r"\s*\((?:[HKL]\d{1,2})\b[^)]*\)")


def plain_refusal(text: str, seat: int | None) -> str:
    """``text`` said to the person at ``seat``: "you" for their seat, and no ruling codes."""
    text = _RULING.sub("", text)
    if seat is None:
        return text
    me = rf"\bseat {seat}"
    for pattern, words in (
        (rf"{me}'s\b", "your"),
        (rf"\bof {me}\b", "of yours"),
        (rf"{me} is\b", "you are"),
        (rf"{me} has\b", "you have"),
        (rf"{me} holds\b", "you hold"),
        (rf"{me}\b", "you"),
    ):
        text = re.sub(pattern, words, text)
    return text.replace("decide to play or drop", "decide whether to stay in or drop")


def event_sentence(event: Event) -> str:
    """An event's sentence; Loo's decision to play is said as staying in, so "plays" only ever plays a card."""
    if event.kind == "decided" and event.to_dict().get("choice") == "play":
        return f"seat {event.to_dict()['seat']} stays in"
    return str(event)
