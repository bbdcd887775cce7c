"""Loo states: the balances, the pot, the round in progress and whose decision is next.

A round goes: antes and the deal (L3, L4), play-or-drop decisions from the
seat after the dealer round to the dealer (L5, L15), then five tricks (L7–L11)
and the loo (L12, L13); the next round starts at once with the next dealer.

Examples:
    >>> from tablegames.loo import Loo
    >>> state = Loo(players=4).start(seed=5)
    >>> state.phase, state.dealer, state.current_player, state.pot
    ('decide', 0, 1, 4)
    >>> [str(action) for action in state.legal_actions()]
    ['play', 'drop']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, final

from tablegames.core.plain import Plain
from tablegames.core.protocol import Action, Event, State
from tablegames.loo.actions import DROP, PLAYS, STAY, TAKE_MISS, PlayCard, TakeMiss, parse_action
from tablegames.loo.cards import PAM
from tablegames.loo.reasons import LOO_REASONS
from tablegames.loo.rules import decide, play
from tablegames.loo.tricks import Follow, follow, playable, trick_taker
from tablegames.loo.view import view_of

if TYPE_CHECKING:
    from tablegames.core.reasons import Reason
    from tablegames.core.serial import JSONDict
    from tablegames.loo.cards import Card
    from tablegames.loo.game import Loo
    from tablegames.loo.tricks import TrickCard
    from tablegames.loo.view import LooView

__all__ = ["LooState"]


#: The `PlayCard` of a card.
_PLAY_OF = PLAYS.__getitem__


@final
class LooState(State, Plain):
    """A Loo position: every balance, the pot, the round in progress and whose decision is next.

    Build states with `Loo.start`, `Loo.deal` or `Loo.from_dict`, which
    validate; the constructor trusts its arguments.

    Attributes:
        game: The game and its options.
        seed: Seeds the deal of every round.
        round_number: The round in progress, from 1.
        balances: Each seat's chips (they may go negative); these are the scores.
        pot: The chips in the pot now.
        carry: Loo payments waiting for the next pot (L13); nonzero only
            between rounds, so only once the game is over.
        hands: Every hand in `DECK` order; a dropped seat keeps its dead hand.
        miss: The Miss while nobody has taken it; once taken, the hand given
            up for it; empty without option ``miss``.
        stock: The cards under the turned-up card, in `DECK` order.
        turned: The turned-up card; its suit is trump.
        decisions: Per seat ``"play"``, ``"drop"``, ``"miss"`` (took the Miss
            and plays) or None (not decided yet).
        p0: The pot as trick play began (L11, L12); 0 before.
        tricks: The finished tricks of the round, each in play order.
        trick: The trick in progress, in play order.
        phase: ``"decide"``, ``"play"`` or ``"over"``.
        current_player: Whose decision is next, None once the game is over.
        is_over: True once the game is over, kept with the state.

    A plain class (see `tablegames.core.plain`): the value Loo makes at every
    decision. Its legal decisions are worked out once, when first asked for.
    """

    __match_args__ = (
        "game",
        "seed",
        "round_number",
        "balances",
        "pot",
        "carry",
        "hands",
        "miss",
        "stock",
        "turned",
        "decisions",
        "p0",
        "tricks",
        "trick",
        "phase",
        "current_player",
    )
    __slots__ = (*__match_args__, "_legal", "is_over")

    game: Final[Loo]  # type: ignore[misc]  # the protocol's field, made final
    seed: Final[int]
    round_number: Final[int]
    balances: Final[tuple[int, ...]]
    pot: Final[int]
    carry: Final[int]
    hands: Final[tuple[tuple[Card, ...], ...]]
    miss: Final[tuple[Card, ...]]
    stock: Final[tuple[Card, ...]]
    turned: Final[Card]
    decisions: Final[tuple[str | None, ...]]
    p0: Final[int]
    tricks: Final[tuple[tuple[TrickCard, ...], ...]]
    trick: Final[tuple[TrickCard, ...]]
    phase: Final[str]
    current_player: Final[int | None]
    is_over: Final[bool]
    _legal: tuple[Action, ...] | None

    def __init__(
        self,
        game: Loo,
        seed: int,
        round_number: int,
        balances: tuple[int, ...],
        pot: int,
        carry: int,
        hands: tuple[tuple[Card, ...], ...],
        miss: tuple[Card, ...],
        stock: tuple[Card, ...],
        turned: Card,
        decisions: tuple[str | None, ...],
        p0: int,
        tricks: tuple[tuple[TrickCard, ...], ...],
        trick: tuple[TrickCard, ...],
        phase: str,
        current_player: int | None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.round_number = round_number
        self.balances = balances
        self.pot = pot
        self.carry = carry
        self.hands = hands
        self.miss = miss
        self.stock = stock
        self.turned = turned
        self.decisions = decisions
        self.p0 = p0
        self.tricks = tricks
        self.trick = trick
        self.phase = phase
        self.current_player = current_player
        self.is_over = current_player is None
        self._legal = None

    def __eq__(self, other: object) -> bool:  # defined here, so that the compiled build compares values (see Plain)
        return Plain.__eq__(self, other)

    def __hash__(self) -> int:
        return Plain.__hash__(self)

    # -- what follows from the fields ------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """The chip balances."""
        return self.balances

    @property
    def dealer(self) -> int:
        """The dealer of the round (L2)."""
        return self.game.dealer_of(self.round_number)

    @property
    def trump(self) -> str:
        """The trump suit: the suit of the turned-up card (L4)."""
        return self.turned.suit

    @property
    def miss_taker(self) -> int | None:
        """The seat that took the Miss this round, if any."""
        return self.decisions.index("miss") if "miss" in self.decisions else None

    @property
    def active(self) -> tuple[int, ...]:
        """The seats that have not dropped, in seat order."""
        return tuple(seat for seat, choice in enumerate(self.decisions) if choice != "drop")

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has won this round."""
        won = [0] * self.game.players
        trump = self.turned.suit
        for trick in self.tricks:
            won[trick_taker(trick, trump)] += 1
        return tuple(won)

    @property
    def total_chips(self) -> int:
        """Balances, pot and carry-over together: always ``players x starting_chips``."""
        return sum(self.balances) + self.pot + self.carry

    def cards(self) -> tuple[Card, ...]:
        """Every card wherever it is: hands, the Miss, the stock, the turned card, the tricks."""
        played = [play.card for trick in (*self.tricks, self.trick) for play in trick]
        return (*(card for hand in self.hands for card in hand), *self.miss, *self.stock, self.turned, *played)

    # -- legal decisions -------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions open to `current_player`, in this order.

        Deciding: ``play``, ``drop``, then ``miss`` while the Miss can be taken.
        In a trick: the cards L9 allows, in `DECK` order.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        return legal

    def _legal_now(self) -> tuple[Action, ...]:
        seat = self.current_player
        if seat is None:
            return ()
        if self.phase == "decide":
            return (STAY, DROP, TAKE_MISS) if self.miss_open else (STAY, DROP)
        cards, trick = self.hands[seat], self.trick
        if trick:  # a leader may play any card
            game = self.game
            cards = playable(
                cards,
                [play.card for play in trick],
                self.turned.suit,
                pam_is_wild=game.pam_is_wild,
                trump_must_be_highest=game.trump_must_be_highest,
            )
        return tuple(map(_PLAY_OF, cards))

    def apply(self, action: Action) -> LooState:
        """Return the state after ``action``; this state is unchanged (`is_legal` and the transition, in one call).

        Raises:
            IllegalActionError: If ``action`` is not legal here; the message says why and lists what is legal.
        """
        legal = self.legal_actions()
        for each in legal:  # the decisions offered are interned: found by identity before any comparison
            if each is action:
                break
        else:
            if action not in legal:
                raise self._illegal(action)
        if type(action) is PlayCard:  # as advance dispatches, without its call
            return play(self, action.card, None)
        return decide(self, action, None)

    @property
    def miss_open(self) -> bool:
        """True while the Miss may be taken: option ``miss`` on, seats deciding, and nobody has taken it."""
        return self.game.miss and self.phase == "decide" and "miss" not in self.decisions

    def follow(self, seat: int) -> Follow:
        """The cards ``seat``'s hand may play to the trick in progress, and why (L9)."""
        return follow(
            self.hands[seat],
            [play.card for play in self.trick],
            self.trump,
            pam_is_wild=self.game.pam_is_wild,
            trump_must_be_highest=self.game.trump_must_be_highest,
        )

    def explain_illegal(self, action: object) -> Reason:
        """Say in the rules' words why a card or a decision is refused (`LOO_REASONS`)."""
        if self.phase == "decide":
            if isinstance(action, TakeMiss):
                if not self.game.miss:
                    return LOO_REASONS.reason("loo.no_miss")
                return LOO_REASONS.reason("loo.miss_taken", seat=self.miss_taker)
            return LOO_REASONS.reason("loo.not_begun", action=str(action))
        if not isinstance(action, PlayCard):
            return LOO_REASONS.reason("loo.play_now")
        seat = self.current_player
        assert seat is not None
        if action.card not in self.hands[seat]:
            return LOO_REASONS.reason("loo.not_in_hand", card=str(action.card))
        allowed = self.follow(seat)
        winning = allowed.winning
        return LOO_REASONS.reason(
            "loo.follow",
            card=str(action.card),
            rule=allowed.rule,
            led=allowed.led,
            trump=self.trump,
            winning=None if winning is None else str(winning),
            pam_wild=self.game.pam_is_wild and PAM in allowed.cards,
        )

    # -- transitions ------------------------------------------------------------

    def advance(self, action: Action, events: list[Event] | None) -> LooState:
        """Take the decision or play the card; a trick, a round or the game may end with it."""
        if isinstance(action, PlayCard):
            return play(self, action.card, events)
        return decide(self, action, events)

    def after(
        self,
        balances: tuple[int, ...],
        pot: int,
        hands: tuple[tuple[Card, ...], ...],
        miss: tuple[Card, ...],
        decisions: tuple[str | None, ...],
        p0: int,
        tricks: tuple[tuple[TrickCard, ...], ...],
        trick: tuple[TrickCard, ...],
        phase: str,
        current_player: int | None,
    ) -> LooState:
        """The next state of this round, which the rules (`tablegames.loo.rules`) build.

        The game, seed, round, carry-over, stock and turned card stay; the
        fields given change. Like the constructor, it trusts its arguments.
        """
        return LooState(
            self.game,
            self.seed,
            self.round_number,
            balances,
            pot,
            self.carry,
            hands,
            miss,
            self.stock,
            self.turned,
            decisions,
            p0,
            tricks,
            trick,
            phase,
            current_player,
        )

    # -- what is seen ------------------------------------------------------------

    def view(self, seat: object) -> LooView:
        """Return what ``seat`` may know (L16); None is a spectator, who sees no hand.

        Raises:
            SeatError: If ``seat`` is not a seat of this game or None.
        """
        seat = self.game.check_seat(seat)
        return view_of(self, seat)

    def parse_action(self, text: object) -> Action:
        """Read a decision from its notation: ``play``, ``drop``, ``miss``, or a card such as ``Qh``.

        Raises:
            InvalidActionError: If ``text`` is not Loo notation.
        """
        return parse_action(text)

    def json_fields(self) -> JSONDict:
        """The whole round and the game so far, for `State.to_dict`."""
        return {
            "seed": self.seed,
            "round": self.round_number,
            "balances": list(self.balances),
            "pot": self.pot,
            "carry": self.carry,
            "hands": [[str(card) for card in hand] for hand in self.hands],
            "miss": [str(card) for card in self.miss],
            "stock": [str(card) for card in self.stock],
            "turned": str(self.turned),
            "decisions": list(self.decisions),
            "p0": self.p0,
            "tricks": [[play.to_dict() for play in trick] for trick in self.tricks],
            "trick": [play.to_dict() for play in self.trick],
            "phase": self.phase,
            "current_player": self.current_player,
        }

    def __str__(self) -> str:
        return str(self.view(None))
