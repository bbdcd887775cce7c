"""Loo positions: what a Loo state holds, what follows from it and which decisions it allows.

`LooPosition` is the part of a state that the rules (`tablegames.loo.rules`)
and the views (`tablegames.loo.view.view_of`) read: its fields, the facts
that follow from them and its legal decisions; and it builds the positions
the rules make, of its own class: the first one of a round
(`begin_round`) and every one after it (`after`), the game's last among
them. `tablegames.loo.LooState` extends it with `apply`, which
calls the rules, and with what a player is told: why a decision is
refused, its view, the notation and the dict. Keeping the two apart lets
the rules build states without importing the state, which imports them.

Examples:
    >>> from tablegames.loo import Loo
    >>> state = Loo(players=4).start(seed=5)
    >>> isinstance(state, LooPosition), state.dealer, state.active, state.tricks_won
    (True, 0, (0, 1, 2, 3), (0, 0, 0, 0))
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Final, Self

from tablegames.core.plain import PlainState
from tablegames.core.seats import next_seat
from tablegames.loo import events as ev
from tablegames.loo.actions import DROP, PLAYS, STAY, TAKE_MISS
from tablegames.loo.deal import play_order
from tablegames.loo.tricks import TrickRules, playable, trick_taker

if TYPE_CHECKING:
    from tablegames.core.protocol import Action, Event
    from tablegames.loo.cards import Card
    from tablegames.loo.deal import Deal
    from tablegames.loo.options import LooOptions
    from tablegames.loo.tricks import TrickCard

__all__ = ["LooPosition"]


#: The decisions open while the seats decide (L5), and while the Miss can still be taken (L15).
_DECIDING: Final = (STAY, DROP)
_DECIDING_WITH_MISS: Final = (STAY, DROP, TAKE_MISS)
#: Each card's play (`PLAYS`), named here as final: the compiled build reads it without looking it up.
_PLAYS: Final = PLAYS


class LooPosition(PlainState):
    """A Loo position: every balance, the pot, the round in progress and whose decision is next.

    The base of `tablegames.loo.LooState`, the class of every Loo state:
    build states with `Loo.start`, `Loo.deal` or `Loo.from_dict`, which
    validate; the constructor trusts its arguments. Its last, ``trick_rules``,
    is the round's `TrickRules`, which each position of a round passes on to
    the next; without it the position reads them from ``turned`` and ``game``.

    Attributes:
        game: The game, of which a position reads the options (`LooOptions`).
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
        trick_rules: What the follow rule asks of the round besides the
            cards (`TrickRules`: the trump suit and the house rules), kept
            with the state.

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
    __slots__ = (*__match_args__, "_legal", "is_over", "trick_rules")

    game: Final[LooOptions[Self]]  # type: ignore[misc]  # the protocol's field, made final and typed by Self
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
    trick_rules: Final[TrickRules]
    _legal: tuple[Action, ...] | None

    def __init__(
        self,
        game: LooOptions[Self],
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
        trick_rules: TrickRules | None = None,
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
        if trick_rules is None:
            trick_rules = TrickRules(turned.suit, game.pam_is_wild, game.trump_must_be_highest)
        self.trick_rules = trick_rules

    @classmethod
    def begin_round(
        cls,
        game: LooOptions[Self],
        deal: Deal,
        *,
        seed: int,
        round_number: int,
        balances: tuple[int, ...],
        carry: int,
        events: list[Event] | None,
    ) -> Self:
        """The position at the start of round ``round_number``: the antes, the deal, the first decision.

        The antes (L3) go into a pot that starts with ``carry`` (L13); ``deal``
        is laid out and the seat after the dealer decides first. ``balances``
        are the balances before the antes. `Loo.start` calls it for a
        game's first round, `tablegames.loo.rules.end_round` for the next.

        Examples:
            >>> from tablegames.loo import Loo, LooState
            >>> from tablegames.loo.deal import shuffled_deal
            >>> game = Loo(players=3)
            >>> deal = shuffled_deal(game, seed=4, round_number=2)
            >>> before = (3, -1, -4)  # with the 2 chips carried over, the game's 0 chips
            >>> state = LooState.begin_round(game, deal, seed=4, round_number=2, balances=before, carry=2, events=None)
            >>> state.dealer, state.current_player, state.balances, state.pot, state.hands == deal.hands
            (1, 2, (2, -2, -5), 5, True)
        """
        players, ante = game.players, game.ante
        dealer = game.dealer_of(round_number)
        pot = carry + players * ante
        if events is not None:
            events.append(ev.RoundStarted(round_number=round_number, dealer=dealer, ante=ante, pot=pot, carried=carry))
            events.extend(ev.Dealt(seat=seat, cards=deal.hands[seat]) for seat in play_order(dealer, players))
            events.append(ev.TrumpTurned(card=deal.turned, trump=deal.turned.suit))
        return cls(
            game,
            seed,
            round_number,
            tuple(chips - ante for chips in balances),
            pot,
            0,
            deal.hands,
            deal.miss,
            deal.stock,
            deal.turned,
            (None,) * players,
            0,
            (),
            (),
            "decide",
            next_seat(dealer, players),
        )

    @abstractmethod
    def after(
        self,
        balances: tuple[int, ...],
        pot: int,
        carry: int,
        hands: tuple[tuple[Card, ...], ...],
        miss: tuple[Card, ...],
        decisions: tuple[str | None, ...],
        p0: int,
        tricks: tuple[tuple[TrickCard, ...], ...],
        trick: tuple[TrickCard, ...],
        phase: str,
        current_player: int | None,
    ) -> Self:
        """The next position of this round, as the rules (`tablegames.loo.rules`) build it: `LooState` makes its own.

        The game, seed, round, stock and turned card stay; the fields given
        change (the carry-over only as the game ends, in its last position).
        Like the constructor, it trusts its arguments.
        """

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
        return self.trick_rules.trump

    @property
    def miss_taker(self) -> int | None:
        """The seat that took the Miss this round, if any."""
        return self.decisions.index("miss") if "miss" in self.decisions else None

    @property
    def miss_open(self) -> bool:
        """True while the Miss may be taken: option ``miss`` on, seats deciding, and nobody has taken it.

        The Miss is dealt only with option ``miss``, so a position tells it
        from its own cards rather than from the options.
        """
        return self.phase == "decide" and bool(self.miss) and "miss" not in self.decisions

    @property
    def active(self) -> tuple[int, ...]:
        """The seats that have not dropped, in seat order."""
        return tuple(seat for seat, choice in enumerate(self.decisions) if choice != "drop")

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has won this round."""
        won = [0] * self.game.players
        trump = self.trick_rules.trump
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
            return _DECIDING_WITH_MISS if self.miss_open else _DECIDING
        cards, trick = self.hands[seat], self.trick
        if trick:  # a leader may play any card
            rules = self.trick_rules
            cards = playable(
                cards,
                tuple([play.card for play in trick]),
                rules.trump,
                pam_is_wild=rules.pam_is_wild,
                trump_must_be_highest=rules.trump_must_be_highest,
            )
        return tuple([_PLAYS[card] for card in cards])
