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
from tablegames.core.protocol import Action, Event, GameEnded, State
from tablegames.core.seats import next_seat
from tablegames.loo import events as ev
from tablegames.loo.actions import DROP, PLAYS, STAY, TAKE_MISS, PlayCard, TakeMiss, parse_action
from tablegames.loo.cards import PAM
from tablegames.loo.deal import shuffled_deal
from tablegames.loo.rules import PLAYED, TRICKS, Follow, follow, payouts, play_order, playable, trick_taker
from tablegames.loo.view import view_of

if TYPE_CHECKING:
    from tablegames.core.serial import JSONDict
    from tablegames.loo.cards import Card
    from tablegames.loo.game import Loo
    from tablegames.loo.rules import TrickCard
    from tablegames.loo.view import LooView

__all__ = ["LooState"]


#: The `PlayCard` of a card.
_PLAY_OF = PLAYS.__getitem__
#: Each decision's word in `LooState.decisions`, by the decision's class (looked up by type: cheaper than hashing it).
_DECISIONS: dict[type[Action], str] = {type(STAY): "play", type(DROP): "drop", type(TAKE_MISS): "miss"}


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
            return self._play(action.card, None)
        return self._decide(action, None)

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

    def explain_illegal(self, action: object) -> str:
        """Say in the rules' words why a card or a decision is refused."""
        if self.phase == "decide":
            if isinstance(action, TakeMiss):
                if not self.game.miss:
                    return "this table plays without the Miss"
                return f"the Miss is already taken, by seat {self.miss_taker}"
            return f"the tricks have not begun: {action} cannot be played until everyone has decided to stay in or drop"
        if not isinstance(action, PlayCard):
            return "everyone has decided whether to stay in: now play a card to the trick"
        seat = self.current_player
        assert seat is not None
        if action.card not in self.hands[seat]:
            return f"{action.card} is not in your hand"
        allowed = self.follow(seat)
        why = f"you may not play {action.card}: {allowed.explain(self.trump)}"
        if self.game.pam_is_wild and PAM in allowed.cards:
            why += "; at this table Pam may also be played to any trick"
        return why

    # -- transitions ------------------------------------------------------------

    def advance(self, action: Action, events: list[Event] | None) -> LooState:
        """Take the decision or play the card; a trick, a round or the game may end with it."""
        if isinstance(action, PlayCard):
            return self._play(action.card, events)
        return self._decide(action, events)

    def _then(
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
        """The next state of this round: the game, seed, round, carry-over, stock and turned card stay."""
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

    def _decide(self, action: Action, events: list[Event] | None) -> LooState:
        seat = self.current_player
        assert seat is not None
        choice = _DECISIONS[type(action)]
        decisions = [*self.decisions]
        decisions[seat] = choice
        hands, miss, pot, balances = self.hands, self.miss, self.pot, self.balances
        if choice == "miss":
            fee = self.game.miss_fee
            hands = (*hands[:seat], miss, *hands[seat + 1 :])
            miss = self.hands[seat]
            pot += fee
            balances = (*balances[:seat], balances[seat] - fee, *balances[seat + 1 :])
            if events is not None:
                events.append(ev.MissTaken(seat=seat, fee=fee, cards=hands[seat]))
        elif events is not None:
            events.append(ev.Decided(seat=seat, choice=choice))
        players = self.game.players
        phase, p0 = "decide", 0
        current: int | None = next_seat(seat, players)
        if decisions.count("drop") == players - 1:
            current = None
        elif seat == self.dealer:
            phase, p0 = "play", pot
            current = next(other for other in play_order(seat, players) if decisions[other] != "drop")
            if events is not None:
                events.append(ev.TricksBegin(leader=current, p0=pot, payouts=payouts(pot)))
        state = self._then(balances, pot, hands, miss, tuple(decisions), p0, self.tricks, self.trick, phase, current)
        if current is not None:
            return state
        (winner,) = (other for other, made in enumerate(decisions) if made != "drop")
        if events is not None:
            events.append(ev.PotWon(seat=winner, chips=pot))
        paid = (*balances[:winner], balances[winner] + pot, *balances[winner + 1 :])
        taken = tuple(pot if other == winner else 0 for other in range(players))
        return state._end_round(paid, pot=0, looed=(), won=taken, events=events)

    def _play(self, card: Card, events: list[Event] | None) -> LooState:
        seat = self.current_player
        assert seat is not None
        hands = [*self.hands]
        hand = hands[seat]
        at = hand.index(card)  # cards are interned: found by identity
        hands[seat] = hand[:at] + hand[at + 1 :]
        trick = (*self.trick, PLAYED[seat][card])
        if events is not None:
            events.append(ev.CardPlayed(seat=seat, card=card))
        decisions, players = self.decisions, self.game.players
        following = next_seat(seat, players)
        while decisions[following] == "drop":
            following = next_seat(following, players)
        if following != trick[0].seat:  # the trick is over when play comes round to its leader again
            balances, pot, miss, p0 = self.balances, self.pot, self.miss, self.p0
            return self._then(
                balances, pot, tuple(hands), miss, decisions, p0, self.tricks, trick, self.phase, following
            )
        winner = trick_taker(trick, self.turned.suit)  # kept for every later view and the round's end to find
        chips = payouts(self.p0)[len(self.tricks)]
        balances = (*self.balances[:winner], self.balances[winner] + chips, *self.balances[winner + 1 :])
        tricks = (*self.tricks, trick)
        if events is not None:
            card = next(play.card for play in trick if play.seat == winner)
            events.append(ev.TrickWon(seat=winner, trick=len(tricks), card=card, chips=chips))
        pot = self.pot - chips
        state = self._then(balances, pot, tuple(hands), self.miss, decisions, self.p0, tricks, (), self.phase, winner)
        if len(tricks) < TRICKS:
            return state
        takers = [trick_taker(each, self.turned.suit) for each in tricks]
        order = play_order(self.dealer, players)
        looed = tuple(other for other in order if decisions[other] != "drop" and other not in takers)
        taken = [0] * players
        for taker, chips in zip(takers, payouts(self.p0), strict=True):
            taken[taker] += chips
        return state._end_round(balances, pot=state.pot, looed=looed, won=tuple(taken), events=events)

    def _end_round(
        self,
        balances: tuple[int, ...],
        *,
        pot: int,
        looed: tuple[int, ...],
        won: tuple[int, ...],
        events: list[Event] | None,
    ) -> LooState:
        """Settle the loo (L12, L13) and deal the next round, or end the game after the last (L14)."""
        paid = list(balances)
        for seat in looed:
            paid[seat] -= self.p0
            if events is not None:
                events.append(ev.Looed(seat=seat, chips=self.p0, last_round=self.round_number >= self.game.rounds))
        carry = self.carry + self.p0 * len(looed)
        if events is not None:
            ended = ev.RoundEnded(
                round_number=self.round_number,
                balances=tuple(paid),
                carry=carry,
                tricks=self.tricks_won,
                won=won,
                looed=tuple(sorted(looed)),
                loo=self.p0 if looed else 0,
                last_round=self.round_number >= self.game.rounds,
            )
            events.append(ended)
        game = self.game
        if self.round_number < game.rounds:
            deal = shuffled_deal(game, self.seed, self.round_number + 1)
            return game.begin_round(
                deal,
                seed=self.seed,
                round_number=self.round_number + 1,
                balances=tuple(paid),
                carry=carry,
                events=events,
            )
        over = self.__replace__(balances=tuple(paid), pot=pot, carry=carry, phase="over", current_player=None)
        if events is not None:
            if carry:
                events.append(ev.Undistributed(chips=carry))
            events.append(GameEnded(scores=over.scores, winners=over.winners))
        return over

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
