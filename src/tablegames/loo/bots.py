"""Loo bots: `LooHeuristic`, which drops weak hands and heads tricks cheaply, and `search_bot`, an ISMCTS.

Both see only the view they are given. The heuristic reads its hand, the
turned-up card and the cards played; the search deals the cards it cannot see
with ``game.sample_state(view, rng)`` (`tablegames.loo.sampling`), looks ahead
to the end of the round with the heuristic playing every seat (reading those
deals directly, `LooHeuristic.choose_from_state`, deciding as from the mover's
view), and scores the round by its own chips won against the others'. The same
view and RNG state always give the same choice.

Examples:
    >>> import random
    >>> from tablegames.loo import Loo
    >>> game = Loo(players=3, rounds=1)
    >>> hands = ["Qs Js 10s 9s 8s", "Ah Kh Jc 3h 3c", "4h 5h 4c Ad Kd"]
    >>> state = game.deal([hand.split() for hand in hands], turned="2h")
    >>> str(game.bot("heuristic").choose(state.view(1), random.Random(0)))  # Pam and three trumps: it plays
    'play'
    >>> bot = game.bot("search", iterations=30)
    >>> bot.choose(state.view(1), random.Random(0)) in state.legal_actions()
    True
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tablegames.cards import round_over
from tablegames.core.bots import Bot, BotSpec, Position, Setting, game_validator, register_bots
from tablegames.core.errors import IllegalActionError
from tablegames.core.search import EXPLORATION, ITERATIONS, PAIRED, ISMCTSBot
from tablegames.loo.actions import DROP, PLAYS, STAY, TAKE_MISS, PlayCard
from tablegames.loo.cards import DECK, Card, card_key
from tablegames.loo.options import LooOptions
from tablegames.loo.state import LooState
from tablegames.loo.tricks import TRICKS, power, suit_of, trick_winner
from tablegames.loo.view import LooView

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Sequence

    from tablegames.core.protocol import Action, State, View
__all__ = [
    "HEURISTIC_SETTINGS",
    "SEARCH_SETTINGS",
    "LooHeuristic",
    "hand_strength",
    "loo_bots",
    "round_reward",
    "search_bot",
]

#: The settings ``game.bot("heuristic", ...)`` and ``game.bot("search", ...)`` take.
BOLDNESS = Setting("boldness", "number", 0.15, "how weak a hand it still plays (higher: bolder)")
HEURISTIC_SETTINGS = (BOLDNESS,)
SEARCH_SETTINGS = (ITERATIONS, EXPLORATION, PAIRED)


#: What `LooHeuristic` reads besides the mover's hand: public facts, alike in a `LooView` and a `LooState`.
_Table = LooView | LooState


@functools.cache
def _cheapness(trump: str) -> dict[Card, tuple[int, int]]:
    """Each card's place in the order the heuristic spends its cards in: Pam, then trumps, then the rest by rank.

    A card is as strong as it plays in a trick it leads (`power`); cards as strong go in `DECK` order.
    """
    return {card: (power(card, trump, card.suit), card_key(card)) for card in DECK}


@functools.cache
def _higher(card: Card, trump: str) -> tuple[Card, ...]:
    """The cards that beat ``card`` in a trick ``card`` leads (L10): trumps too, for a plain card."""
    led = suit_of(card, trump)
    mine = power(card, trump, led)
    return tuple(other for other in DECK if power(other, trump, led) > mine)


@functools.cache
def _above(card: Card, trump: str) -> tuple[Card, ...]:
    """The cards of ``card``'s own suit (Pam among the trumps) that beat it."""
    led = suit_of(card, trump)
    return tuple(other for other in _higher(card, trump) if suit_of(other, trump) == led)


def trick_chance(card: Card, trump: str, unseen: int, held: int, opponents: float, gone: frozenset[Card]) -> float:
    """A rough chance that ``card`` takes a trick: no other seat holds a card of its suit above it, nor trumps it.

    Args:
        card: The card.
        trump: The trump suit.
        unseen: How many cards the seat cannot see.
        held: How many cards each other seat in play holds.
        opponents: How many other seats play (or are likely to).
        gone: Cards that cannot be against it: played, or in the seat's own hand.
    """
    above = sum(1 for other in _above(card, trump) if other not in gone)
    share = min(1.0, held * opponents / max(unseen, 1))
    clear = math.pow(1.0 - share, above)
    if suit_of(card, trump) == trump:
        return clear + 0.25 * (1.0 - clear)
    return clear * math.pow(0.8, opponents)


def hand_strength(hand: Sequence[Card], trump: str, opponents: float, gone: frozenset[Card] = frozenset()) -> float:
    """Expected value of playing ``hand``, as a fraction of P0: tricks expected over five, less the chance of a loo.

    Each card's chance of a trick comes from `trick_chance`; the expected
    tricks are their sum (at most five), and the loo is the chance that none
    of them takes one, as if they were independent.

    Examples:
        >>> cards = [Card.parse(text) for text in "Jc Ah Kh 2h 3c".split()]
        >>> round(hand_strength(cards, "h", 3), 2) > 0
        True
        >>> weak = [Card.parse(text) for text in "2c 3d 4d 5s 7s".split()]
        >>> hand_strength(weak, "h", 3) < 0
        True
    """
    if not hand:
        return 0.0
    known = gone | frozenset(hand)
    unseen = len(DECK) - len(known)
    chances = [trick_chance(card, trump, unseen, len(hand), opponents, known) for card in hand]
    expected = min(float(TRICKS), sum(chances))
    none = math.prod(1.0 - chance for chance in chances)
    return expected / TRICKS - none


@attrs.frozen(kw_only=True)
class LooHeuristic(Bot):
    """Drops weak hands, heads tricks with the cheapest card that wins, and keeps Pam and high trumps.

    Deciding, it plays if `hand_strength` (tricks expected against the loo)
    reaches ``boldness`` below zero, lowered when the pot is large against
    the antes, and when dropping would hand the pot to the one other seat
    left. It takes the Miss instead when its hand is very weak and the
    Miss, a hand drawn blind from the cards it cannot see, is worth more than
    the fee. In a trick it leads a card sure to win if it has one (Pam, or a
    trump above every trump still out), else the top card left of a plain
    suit, else its cheapest plain card; following, it plays the cheapest card that
    wins the trick so far, or its cheapest legal card if none does.

    Attributes:
        game: The game it plays (``game.bot("heuristic")`` sets it).
        boldness: How far below zero a hand's strength may be and still play.

    Examples:
        >>> import random
        >>> from tablegames.loo import Loo
        >>> game = Loo(players=3, rounds=1)
        >>> hands = ["Qs Js 10s 9s 8s", "Ah Kh Qh 2c 3c", "4h 5h 4c Ad Kd"]
        >>> state = game.deal([hand.split() for hand in hands], turned="2h")
        >>> bot = game.bot("heuristic")
        >>> str(bot.choose(state.view(1), random.Random(0)))  # three top trumps
        'play'
        >>> for move in "play play play Ah".split():
        ...     state = state.apply(state.parse_action(move))
        >>> str(bot.choose(state.view(2), random.Random(0)))  # cannot head the Ah: its cheapest heart
        '4h'
    """

    name: ClassVar[str] = "heuristic"

    game: LooOptions[LooState] = attrs.field(validator=game_validator(LooOptions, "Loo"))
    boldness: float = attrs.field(default=0.15, validator=BOLDNESS.validator)

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return the decision the rules of thumb above pick; ``rng`` draws only the Miss's likely worth."""
        if not isinstance(view, LooView) or view.seat is None or not view.legal_actions:
            raise IllegalActionError("there is nothing to choose: the heuristic needs the Loo view of the seat to act")
        return self._choose(view, view.seat, view.hand, view.legal_actions, rng)

    def choose_from_state(self, state: Position, rng: random.Random) -> Action:
        """Return what `choose` returns from the mover's view of ``state``, reading ``state`` itself.

        The rules of thumb read the public facts (the phase, the decisions,
        the turned-up card, the pot, the tricks) and the mover's own hand, all
        alike in a state and in the mover's view. A search playing on its
        sampled states with the heuristic then builds no view.
        """
        assert isinstance(state, LooState)
        seat = state.current_player
        legal = state.legal_actions()
        if seat is None or not legal:
            raise IllegalActionError("there is nothing to choose: the game is over")
        return self._choose(state, seat, state.hands[seat], legal, rng)

    def _choose(
        self, table: _Table, seat: int, hand: tuple[Card, ...], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The decision from ``table``'s public facts, ``seat``'s ``hand`` and its ``legal`` decisions."""
        if table.phase == "decide":
            return self._decide(table, seat, hand, legal, rng)
        return PLAYS[self._card(table, seat, hand, legal)]

    # -- play or drop -------------------------------------------------------------

    def _decide(
        self, table: _Table, seat: int, hand: tuple[Card, ...], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        decisions = table.decisions
        playing = sum(1 for other, made in enumerate(decisions) if other != seat and made in ("play", "miss"))
        undecided = sum(1 for other, made in enumerate(decisions) if other != seat and made is None)
        opponents = max(1.0, playing + 0.6 * undecided)
        strength = hand_strength(hand, table.trump, opponents, frozenset((table.turned,)))
        game = self.game
        antes = game.players * game.ante
        bar = -self.boldness - 0.05 * min(2.0, max(0.0, table.pot / antes - 1.0))
        if playing == 1 and undecided == 0:
            bar -= 0.15  # dropping gives the pot to the one seat left
        if TAKE_MISS in legal and strength < bar:
            fee = game.miss_fee / max(table.pot + game.miss_fee, 1)
            if self._miss_worth(table, hand, opponents, rng) - fee > max(strength, 0.0) + 0.05:
                return TAKE_MISS
        return STAY if strength >= bar else DROP

    def _miss_worth(self, table: _Table, hand: tuple[Card, ...], opponents: float, rng: random.Random) -> float:
        """The mean strength of hands drawn from the cards this seat cannot see: what the Miss is likely worth."""
        seen = {table.turned, *hand}
        unseen = [card for card in DECK if card not in seen]
        draws = [hand_strength(rng.sample(unseen, TRICKS), table.trump, opponents, frozenset(seen)) for _ in range(24)]
        return sum(draws) / len(draws)

    # -- tricks ---------------------------------------------------------------------

    def _card(self, table: _Table, seat: int, hand: tuple[Card, ...], legal: Sequence[Action]) -> Card:
        trump = table.trump
        playable = [action.card for action in legal if isinstance(action, PlayCard)]
        cheapest = sorted(playable, key=_cheapness(trump).__getitem__)
        played = [play.card for trick in (*table.tricks, table.trick) for play in trick]
        gone = frozenset((*played, *hand))
        if not table.trick:
            return self._lead(trump, cheapest, gone)
        cards = [play.card for play in table.trick]
        winners = [card for card in cheapest if trick_winner([*cards, card], trump) == len(cards)]
        if not winners:
            return cheapest[0]
        last = len(cards) == sum(1 for made in table.decisions if made != "drop") - 1
        if last or table.tricks_won[seat]:
            return winners[0]
        # not won a trick yet: rather a card nobody left can beat
        return next((card for card in winners if gone.issuperset(_higher(card, trump))), winners[0])

    def _lead(self, trump: str, cheapest: list[Card], gone: frozenset[Card]) -> Card:
        sure = [card for card in cheapest if gone.issuperset(_higher(card, trump))]
        if sure:
            return sure[0]
        tops = [card for card in cheapest if gone.issuperset(_above(card, trump))]
        if tops:
            return tops[-1]
        plain = [card for card in cheapest if suit_of(card, trump) != trump]
        return plain[0] if plain else cheapest[0]


def round_reward(start: State, end: State, seat: int) -> float:
    """The search's score for ``seat``: its chips won from ``start`` to ``end`` less the others' mean, in [-1, 1].

    The difference is divided by the most a round can move it by: twice the
    round's P0 (the pot as tricks begin), and while the Miss may still be
    taken, its fee once more in P0 and once more for the seat that pays it;
    antes of a new round cancel out.
    Once the game is over, what counts is who won it: 1 for the winner, -1
    for everyone else, a win shared by ``k`` seats counting ``2/k - 1``. So
    the last round is played for the game, not for chips: a seat ahead plays
    safe and one behind takes its chances.

    Examples:
        >>> from tablegames.loo import Loo
        >>> game = Loo(players=3, rounds=2)
        >>> start = game.start(seed=1)
        >>> end = start.apply(start.parse_action("drop")).apply(start.parse_action("drop"))
        >>> round_reward(start, end, 0), round_reward(start, end, 1)
        (0.5, -0.25)
        >>> last = Loo(players=3, rounds=1).start(seed=1)
        >>> end = last.apply(last.parse_action("drop")).apply(last.parse_action("drop"))
        >>> end.is_over, end.winners, round_reward(last, end, 0), round_reward(last, end, 2)
        (True, frozenset({0}), 1.0, -1.0)
    """
    first: LooState = start  # type: ignore[assignment]
    last: LooState = end  # type: ignore[assignment]
    if last.is_over:
        winners = last.winners
        return 2 / len(winners) - 1 if seat in winners else -1.0
    changes = [after - before for before, after in zip(first.balances, last.balances, strict=True)]
    others = [change for other, change in enumerate(changes) if other != seat]
    difference = changes[seat] - sum(others) / len(others)
    fee = first.game.miss_fee if first.miss_open else 0  # taking the Miss puts its fee in the pot before P0
    scale = 2 * max(first.p0, first.pot + fee, 1) + fee
    return max(-1.0, min(1.0, difference / scale))


def search_bot(game: LooOptions[LooState], **settings: Any) -> ISMCTSBot:
    """An ISMCTS bot for Loo: searches to the end of the round, the heuristic playing on, scored by `round_reward`.

    ``game.bot("search", ...)`` takes the settings of `SEARCH_SETTINGS`
    (``iterations``, ``exploration``, ``paired``) and checks them; called
    directly, this takes any of `ISMCTSBot`'s fields, which override the
    rollout, horizon and reward given here.

    Args:
        game: The game.
        **settings: `ISMCTSBot` settings.

    Raises:
        ConfigError: If a setting is not one of `ISMCTSBot`'s, or its value is not allowed.
    """
    chosen: dict[str, Any] = {
        "rollout": LooHeuristic(game=game),
        "horizon": round_over,
        "reward": round_reward,
        **settings,
    }
    return ISMCTSBot.with_settings(game, chosen)


def loo_bots(game: LooOptions[LooState]) -> dict[str, Callable[..., Bot]]:
    """Loo's bots by name, each declared with its settings."""
    return {
        "heuristic": BotSpec(
            "heuristic",
            "drops weak hands, heads tricks as cheaply as it can, keeps Pam and high trumps",
            functools.partial(LooHeuristic, game=game),
            HEURISTIC_SETTINGS,
            game="loo",
        ),
        "search": BotSpec(
            "search",
            "Monte Carlo tree search over sampled deals to the end of the round",
            functools.partial(search_bot, game),
            SEARCH_SETTINGS,
            makes=ISMCTSBot,
            game="loo",
        ),
    }


register_bots("loo", loo_bots)
