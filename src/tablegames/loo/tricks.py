"""Loo's tricks: which cards may be played (L9), who wins a trick (L10), and the cards as played.

Pam (``Jc``) belongs to the trump suit whatever it is (L8): it is a trump,
the highest, and never a club unless clubs are trump.

Examples:
    >>> hand = [Card.parse(text) for text in ("Ah", "Kh", "3h")]
    >>> lead = [Card.parse("Qh")]
    >>> [str(card) for card in follow(hand, lead, "d").cards]
    ['Kh', 'Ah']
    >>> str(lead[0]), trick_winner([Card.parse(t) for t in ("Qh", "Ah", "9d", "Jc", "7s")], "d")
    ('Qh', 3)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final, Literal, final

from tablegames.core.plain import Plain
from tablegames.loo.cards import DECK, PAM, SUIT_NAMES, SUITS, Card, card_key

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "PLAYED",
    "TRICKS",
    "Follow",
    "Rule",
    "TrickCard",
    "TrickRules",
    "follow",
    "playable",
    "power",
    "suit_of",
    "trick_taker",
    "trick_winner",
]

#: Tricks in a round: five cards each, one card per trick.
TRICKS: Final = 5

#: Which part of L9 decided a `follow`.
Rule = Literal["lead", "head", "follow", "overtrump", "trump", "highest_trump", "discard"]


class TrickCard(Plain):
    """A card played to a trick, and the seat that played it (a plain class: one is made at every card played).

    Examples:
        >>> str(TrickCard(seat=2, card=Card.parse("Qh")))
        '2: Qh'
    """

    __slots__ = ("card", "seat")
    __match_args__ = ("seat", "card")

    seat: Final[int]
    card: Final[Card]

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card

    def __eq__(self, other: object) -> bool:  # written out, as the hash is
        if type(other) is not TrickCard:
            return NotImplemented
        return self.seat == other.seat and self.card == other.card

    def __hash__(self) -> int:  # written out: a finished trick is hashed whenever its winner is asked for
        return hash((self.seat, self.card))

    def to_dict(self) -> dict[str, object]:
        """The play as JSON: ``{"seat": 2, "card": "Qh"}``."""
        return {"seat": self.seat, "card": str(self.card)}

    def __str__(self) -> str:
        return f"{self.seat}: {self.card}"


def suit_of(card: Card, trump: str) -> str:
    """The suit ``card`` counts as: Pam counts as the trump suit (L8).

    Examples:
        >>> suit_of(PAM, "h"), suit_of(PAM, "c"), suit_of(Card.parse("Qc"), "h")
        ('h', 'c', 'c')
    """
    return trump if card is PAM else card.suit


def power(card: Card, trump: str, led: str) -> int:
    """How strongly ``card`` plays in a trick whose led suit is ``led`` (L10).

    Pam is above every trump, trumps are above the led suit, and a card of
    any other suit cannot win: it has power 0.

    Examples:
        >>> power(PAM, "d", "h") > power(Card.parse("Ad"), "d", "h") > power(Card.parse("2d"), "d", "h")
        True
        >>> power(Card.parse("Ah"), "d", "h") > power(Card.parse("As"), "d", "h") == 0
        True
    """
    if card is PAM:
        return 100
    if card.suit == trump:
        return 50 + card.rank
    if card.suit == led:
        return card.rank
    return 0


def trick_winner(cards: Sequence[Card], trump: str) -> int:
    """The index in ``cards`` (in play order) of the card that wins the trick (L10).

    Raises:
        ValueError: If ``cards`` is empty.
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    played = tuple(cards)
    return _winning(played, _POWERS[trump][_SUITS[trump][played[0]]])[0]


def _winning(cards: tuple[Card, ...], powers: dict[Card, int]) -> tuple[int, int]:
    """`trick_winner` and the winning card's `power`, from ``powers``: the `_POWERS` of its trump and lead."""
    best, winner = -1, 0
    for index, card in enumerate(cards):
        strength = powers[card]
        if strength > best:
            best, winner = strength, index
    return winner, best


@final
class TrickRules(Plain):
    """What the follow rule asks of a round besides the cards: the trump suit and the two house rules.

    A Loo position keeps the round's (`LooPosition.trick_rules`),
    made once as the round is dealt, so that a decision reads them from a
    plain value rather than from the turned card and the options.

    Attributes:
        trump: The trump suit: the suit of the turned-up card (L4).
        pam_is_wild: Option ``pam_is_wild`` (L8).
        trump_must_be_highest: Option ``trump_must_be_highest`` (L9).

    Examples:
        >>> TrickRules("h", pam_is_wild=False, trump_must_be_highest=True)
        TrickRules(trump='h', pam_is_wild=False, trump_must_be_highest=True)
    """

    __slots__ = ("pam_is_wild", "trump", "trump_must_be_highest")
    __match_args__ = ("trump", "pam_is_wild", "trump_must_be_highest")

    trump: Final[str]
    pam_is_wild: Final[bool]
    trump_must_be_highest: Final[bool]

    def __init__(self, trump: str, pam_is_wild: bool, trump_must_be_highest: bool) -> None:
        self.trump = trump
        self.pam_is_wild = pam_is_wild
        self.trump_must_be_highest = trump_must_be_highest


class Follow(Plain):
    """The cards a player may play to a trick, and the part of L9 that says so.

    Attributes:
        cards: The legal cards, in `DECK` order.
        rule: ``"lead"`` (any card), ``"head"`` (cards of the led suit that beat
            the trick), ``"follow"`` (any card of the led suit: none beats),
            ``"overtrump"`` (void in the led suit: trumps that beat), ``"trump"``
            (void: any trump, none beats), ``"highest_trump"`` (void, with
            ``trump_must_be_highest``) or ``"discard"`` (void in both: any card).
        led: The suit led, None for a lead.
        winning: The card winning the trick so far, None for a lead.
    """

    __slots__ = ("cards", "led", "rule", "winning")
    __match_args__ = ("cards", "rule", "led", "winning")

    cards: Final[tuple[Card, ...]]
    rule: Final[Rule]
    led: Final[str | None]
    winning: Final[Card | None]

    def __init__(
        self, cards: tuple[Card, ...], rule: Rule, led: str | None = None, winning: Card | None = None
    ) -> None:
        self.cards = cards
        self.rule = rule
        self.led = led
        self.winning = winning

    def explain(self, trump: str) -> str:
        """Say in a player's words why these cards and no others (for refusals), and what may be played.

        Each case of the follow rule reads as a sentence: following the suit
        led and beating the trick with it, following without being able to
        beat it, trumping (and beating a trump already played), trumping
        with the highest trump (option ``trump_must_be_highest``). Pam counts
        as a trump, never as a club unless clubs are trump, and the sentence
        says so where it matters.

        Examples:
            >>> qh, nine = Card.parse("Qh"), Card.parse("9s")
            >>> Follow((), "overtrump", "h", qh).explain("s")
            'you hold no hearts, the suit led, but you hold trumps (spades or Pam): play one of them'
            >>> Follow((), "overtrump", "h", nine).explain("s").partition(", but ")[2]
            'you hold trumps (spades or Pam) that beat the 9s: play one of those'
            >>> Follow((), "follow", "c", qh).explain("s")
            'clubs were led: play one of your clubs (Pam is a trump, not a club); none of them can beat the Qh'
        """
        if self.rule == "lead":
            return "you lead: any card may be played"
        if self.rule == "discard":
            return f"you hold neither {SUIT_NAMES[self.led or trump]}, the suit led, nor trumps: any card may be played"
        led_trumps = self.led == trump
        led = "trumps" if led_trumps else SUIT_NAMES[self.led or trump]
        shown = "Pam" if self.winning == PAM else f"the {self.winning}"
        pam_note = " (Pam is a trump, not a club)" if self.led == "c" and trump != "c" else ""
        trumps = "trumps (clubs)" if trump == "c" else f"trumps ({SUIT_NAMES[trump]} or Pam)"
        trumped = self.winning is not None and suit_of(self.winning, trump) == trump and not led_trumps
        void = f"you hold no {led}, the suit led, but you hold {'trumps' if led_trumps else trumps}"
        if self.rule == "head":
            return f"{led} were led and you hold {led}{pam_note} that beat {shown}: play one of those"
        if self.rule == "follow":
            return f"{led} were led: play one of your {led}{pam_note}; none of them can beat {shown}"
        if self.rule == "overtrump":
            return f"{void} that beat {shown}: play one of those" if trumped else f"{void}: play one of them"
        if self.rule == "trump":
            return f"{void}: play one of them, though none of them can beat {shown}"
        return f"{void}: at this table whoever trumps must play their highest trump"


def follow(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: str,
    *,
    pam_is_wild: bool = False,
    trump_must_be_highest: bool = False,
) -> Follow:
    """The cards of ``hand`` that may be played to ``trick`` (ruling L9), and the part of L9 that says so.

    Holding the led suit (on a trump lead: trumps, Pam included), play one,
    and one that beats the card winning so far if you can. Void in the led
    suit but holding trumps, trump, and overtrump if you can (with
    ``trump_must_be_highest``: your highest trump). Void in both: any card.
    With ``pam_is_wild``, Pam may also be played to any trick.

    Args:
        hand: The player's cards, in any order.
        trick: The cards played to the trick so far, in order; empty for a lead.
        trump: The trump suit.
        pam_is_wild: Option ``pam_is_wild``.
        trump_must_be_highest: Option ``trump_must_be_highest``.

    Examples:
        >>> cards = lambda text: [Card.parse(word) for word in text.split()]
        >>> result = follow(cards("5d Jd Jc 4c"), cards("Qh Ah 9d"), "d")
        >>> [str(card) for card in result.cards], result.rule, str(result.winning)
        (['Jc', 'Jd'], 'overtrump', '9d')
        >>> [str(card) for card in follow(cards("5h Jc"), cards("Qh"), "d").cards]
        ['5h']
        >>> [str(card) for card in follow(cards("5h Jc"), cards("Qh"), "d", pam_is_wild=True).cards]
        ['Jc', '5h']
    """
    return _follow(tuple(sorted(hand, key=card_key)), tuple(trick), trump, pam_is_wild, trump_must_be_highest)


def playable(
    hand: tuple[Card, ...],
    trick: Sequence[Card],
    trump: str,
    *,
    pam_is_wild: bool = False,
    trump_must_be_highest: bool = False,
) -> tuple[Card, ...]:
    """The cards of ``hand``, which is in `DECK` order as every hand of a state is, that `follow` allows.

    Examples:
        >>> cards = lambda text: tuple(Card.parse(word) for word in text.split())
        >>> [str(card) for card in playable(cards("Jc 4c 5d Jd"), cards("Qh Ah 9d"), "d")]
        ['Jc', 'Jd']
    """
    return _follow(hand, tuple(trick), trump, pam_is_wild, trump_must_be_highest).cards


#: For each trump suit, the suit each card counts as (`suit_of`: Pam's is trump).
_SUITS: Final[dict[str, dict[Card, str]]] = {trump: {card: suit_of(card, trump) for card in DECK} for trump in SUITS}
#: For each trump suit and each suit led, every card's `power` in that trick: all a trick asks of a card, in one look.
_POWERS: Final[dict[str, dict[str, dict[Card, int]]]] = {
    trump: {led: {card: power(card, trump, led) for card in DECK} for led in SUITS} for trump in SUITS
}


def _follow(hand: tuple[Card, ...], trick: tuple[Card, ...], trump: str, wild: bool, highest: bool) -> Follow:
    """`follow` for a hand in `DECK` order: the rule's one statement, which the legal decisions of a state read.

    The trick's cards come as a tuple, whose items the compiled build reads
    directly (a `Sequence`'s it reads through Python's general protocol).
    """
    if not trick:
        return Follow(hand, "lead")
    suits = _SUITS[trump]
    led = suits[trick[0]]
    powers = _POWERS[trump][led]
    at, top = _winning(trick, powers)
    winning = trick[at]
    # One plain loop over the hand (five cards at most; a comprehension is a call): the led suit's cards and
    # those that head the trick, then the trumps and those that overtrump.
    suited: list[Card] = []
    heading: list[Card] = []
    trumps: list[Card] = []
    over: list[Card] = []
    for card in hand:
        suit = suits[card]
        if suit == led:
            suited.append(card)
            if powers[card] > top:
                heading.append(card)
        elif suit == trump:
            trumps.append(card)
            if powers[card] > top:
                over.append(card)
    rule: Rule
    if suited:  # hold the led suit: head the trick if you can, else follow
        rule, cards = ("head", heading) if heading else ("follow", suited)
    elif not trumps:  # void in both: any card
        return Follow(hand, "discard", led, winning)
    elif highest:
        rule, cards = "highest_trump", [max(trumps, key=lambda card: powers[card])]
    else:  # overtrump if you can, else any trump
        rule, cards = ("overtrump", over) if over else ("trump", trumps)
    if wild and PAM in hand and PAM not in cards:
        cards = sorted((*cards, PAM), key=card_key)
    return Follow(tuple(cards), rule, led, winning)


#: One interned `TrickCard` per seat and card: ``PLAYED[seat][card]``.
PLAYED: Final[tuple[dict[Card, TrickCard], ...]] = tuple(
    {card: TrickCard(seat, card) for card in DECK} for seat in range(8)
)


@functools.lru_cache(maxsize=4096)
def trick_taker(trick: tuple[TrickCard, ...], trump: str) -> int:
    """The seat that won the finished ``trick`` (L10) under ``trump``.

    A finished trick passes unchanged from state to state until the round
    ends, and every view asks who won it, so the answer is kept.
    """
    return trick[trick_winner([play.card for play in trick], trump)].seat
