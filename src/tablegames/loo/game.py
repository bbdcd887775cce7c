"""The Loo game: options, starting a game, starting a round from a given deal, reading dicts.

Examples:
    >>> from tablegames.loo import Loo
    >>> game = Loo(players=5)
    >>> game.rounds, game.miss_fee
    (10, 1)
    >>> state = game.start(seed=3)
    >>> [len(hand) for hand in state.hands], state.pot, state.balances
    ([5, 5, 5, 5, 5], 5, (-1, -1, -1, -1, -1))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tablegames.core.errors import InvalidActionError, InvalidStateError
from tablegames.core.inputs import brief
from tablegames.core.options import bool_option, check_int_option, check_seed, int_option, new_seed, players_option
from tablegames.core.protocol import Action, Game, Transition
from tablegames.core.serial import JSONDict, check_header, check_int, check_keys, read_notated, read_sequence, read_str
from tablegames.loo import encoding as _encoding
from tablegames.loo.actions import DROP, PLAYS, STAY, TAKE_MISS
from tablegames.loo.cards import DECK, Card, parse_card
from tablegames.loo.deal import Deal, shuffled_deal
from tablegames.loo.io import read_state
from tablegames.loo.reasons import LOO_REASONS
from tablegames.loo.sampling import sample_state
from tablegames.loo.schema import json_schemas
from tablegames.loo.state import LooState
from tablegames.loo.tricks import TRICKS

if TYPE_CHECKING:
    import random
    from collections.abc import Mapping, Sequence

    from tablegames.core.protocol import Event, State, View
    from tablegames.core.reasons import Catalogue
    from tablegames.core.spaces import Encoding

__all__ = ["Loo"]


def _rounds_default(game: Any) -> int:
    # Defaults are computed before the validators run: a bad player count is left to its validator.
    return 2 * game.players if type(game.players) is int else 1


def _miss_fee_default(game: Any) -> int:
    return game.ante if type(game.ante) is int else 0


def _first_dealer(game: Any, _: Any, value: Any) -> None:
    check_int_option(value, "first_dealer", 0, game.players - 1)


@attrs.frozen(kw_only=True, cache_hash=True)
class Loo(Game[LooState]):
    """Five-card Loo (Lanterloo) with Pam, played for a pot of chips by 3 to 8 players.

    Attributes:
        players: 3 to 8.
        ante: What every seat pays into the pot before each deal (L3); 1 to 1,000,000.
        rounds: How many rounds the game lasts (L14), 1 to 1,000; by default
            two deals per seat, ``2 x players``, so that every seat deals equally often.
        starting_chips: Every seat's balance at the start (L3), 0 to 10**9; balances may go negative.
        miss: Deal the Miss, a sixth hand a player may take blind (L15).
        miss_fee: What taking the Miss costs (L15), 0 to 1,000,000; by default one ante.
        pam_is_wild: Pam may be played to any trick, even by a player who
            could follow the suit led (L8).
        trump_must_be_highest: A player void in the suit led who holds trumps
            must play the highest of them (the literal reading of L9).
        first_dealer: The dealer of the first round (L2); the deal passes to
            the next seat each round.
    """

    name: ClassVar[str] = "loo"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 8
    encoding: ClassVar[Encoding] = _encoding
    reasons: ClassVar[Catalogue] = LOO_REASONS

    players: int = attrs.field(default=5, validator=players_option("Loo", 3, 8))
    ante: int = attrs.field(default=1, validator=int_option(1, 1_000_000))
    rounds: int = attrs.field(default=attrs.Factory(_rounds_default, takes_self=True), validator=int_option(1, 1000))
    starting_chips: int = attrs.field(default=0, validator=int_option(0, 10**9))
    miss: bool = attrs.field(default=False, validator=bool_option)
    miss_fee: int = attrs.field(
        default=attrs.Factory(_miss_fee_default, takes_self=True), validator=int_option(0, 1_000_000)
    )
    pam_is_wild: bool = attrs.field(default=False, validator=bool_option)
    trump_must_be_highest: bool = attrs.field(default=False, validator=bool_option)
    first_dealer: int = attrs.field(default=0, validator=_first_dealer)

    def options(self) -> JSONDict:
        """Return the options as keyword arguments.

        Examples:
            >>> Loo(players=3, ante=2).options()  # doctest: +NORMALIZE_WHITESPACE
            {'players': 3, 'ante': 2, 'rounds': 6, 'starting_chips': 0, 'miss': False, 'miss_fee': 2,
             'pam_is_wild': False, 'trump_must_be_highest': False, 'first_dealer': 0}
        """
        return {field.name: getattr(self, field.name) for field in attrs.fields(type(self))}

    @property
    def total_chips(self) -> int:
        """The chips in the game, conserved at every step: ``players x starting_chips``."""
        return self.players * self.starting_chips

    def dealer_of(self, round_number: int) -> int:
        """The dealer of round ``round_number`` (L2): ``first_dealer``, then the next seat each round."""
        return (self.first_dealer + round_number - 1) % self.players

    def start(self, seed: int | None = None) -> LooState:
        """Take the antes and deal round 1; without a seed, draw one (it is kept in the state).

        Raises:
            ConfigError: If ``seed`` is neither an integer nor None.
        """
        return self._start(seed, None)

    def start_with_events(self, seed: int | None = None) -> Transition[LooState]:
        """Like `start`, with the first round's events: it starts, each seat is dealt its hand, trump is turned.

        Raises:
            ConfigError: If ``seed`` is neither an integer nor None.
        """
        events: list[Event] = []
        state = self._start(seed, events)
        return Transition(state=state, events=tuple(events))

    def _start(self, seed: int | None, events: list[Event] | None) -> LooState:
        seed = check_seed(seed)
        if seed is None:
            seed = new_seed()
        return self.begin_round(
            shuffled_deal(self, seed, 1),
            seed=seed,
            round_number=1,
            balances=(self.starting_chips,) * self.players,
            carry=0,
            events=events,
        )

    def begin_round(
        self,
        deal: Deal,
        *,
        seed: int,
        round_number: int,
        balances: tuple[int, ...],
        carry: int,
        events: list[Event] | None,
    ) -> LooState:
        """The state at the start of round ``round_number``: the antes, the deal, the first decision.

        The antes (L3) go into a pot that starts with ``carry`` (L13); ``deal``
        is laid out and the seat after the dealer decides first (see
        `LooPosition.begin_round`, which the rules call at the end of a round).
        """
        return LooState.begin_round(
            self, deal, seed=seed, round_number=round_number, balances=balances, carry=carry, events=events
        )

    def deal(
        self,
        hands: Sequence[Sequence[Card | str]],
        turned: Card | str,
        miss: Sequence[Card | str] | None = None,
        *,
        round_number: int = 1,
        balances: Sequence[int] | None = None,
        carry: int = 0,
        seed: int = 0,
    ) -> LooState:
        """Start a round from a given deal: every hand, the turned-up card and the Miss.

        The antes are taken as in play, from ``balances`` into a pot that starts
        with ``carry`` (the loo payments of the round before). The stock is
        every card not dealt. Later rounds are shuffled from ``seed``.

        Args:
            hands: Five cards per seat, cards or their notation.
            turned: The turned-up card; its suit is trump.
            miss: The Miss, five cards, with option ``miss`` only.
            round_number: Which round this deal starts (it sets the dealer, L2).
            balances: The balances before the antes (default ``starting_chips`` each).
            carry: Loo payments carried into this round's pot.
            seed: Seeds the deals of the rounds after this one.

        Raises:
            InvalidStateError: If a hand is not five cards, a card appears twice,
                the Miss does not match the option, or the chips do not add up
                to ``players x starting_chips``.

        Examples:
            >>> from tablegames.loo.cards import DECK
            >>> game = Loo(players=3)
            >>> state = game.deal([DECK[0:5], DECK[5:10], DECK[10:15]], turned="Kd")
            >>> state.trump, state.current_player, [str(card) for card in state.hands[1]]
            ('d', 1, ['7c', '8c', '9c', '10c', 'Jc'])
        """
        held = tuple(_cards(hand, "a hand") for hand in read_sequence(hands, "hands"))
        if len(held) != self.players:
            raise InvalidStateError(f"a deal needs {self.players} hands, got {len(held)}")
        if any(len(hand) != TRICKS for hand in held):
            raise InvalidStateError(f"every hand is {TRICKS} cards, got sizes {[len(hand) for hand in held]}")
        top = read_notated(turned, Card, "the turned-up card")
        if miss is None and self.miss:
            raise InvalidStateError("this game deals the Miss (option miss): give its five cards")
        if miss is not None and not self.miss:
            raise InvalidStateError("a Miss is dealt only with option miss")
        missed = _cards(miss or (), "the Miss")
        if self.miss and len(missed) != TRICKS:
            raise InvalidStateError(f"the Miss is {TRICKS} cards, got {len(missed)}")
        given = [*(card for hand in held for card in hand), *missed, top]
        twice = sorted({str(card) for card in given if given.count(card) > 1})
        if twice:
            raise InvalidStateError(f"a card may be dealt once only: {', '.join(twice)} twice")
        check_int(round_number, "round_number", InvalidStateError, minimum=1, maximum=self.rounds)
        check_int(seed, "seed", InvalidStateError, minimum=0)
        check_int(carry, "carry", InvalidStateError, minimum=0)
        if balances is not None and not isinstance(balances, (list, tuple)):
            raise InvalidStateError(f"balances must be a list of {self.players} integers, got {brief(balances)}")
        before = (self.starting_chips,) * self.players if balances is None else tuple(balances)
        for chips in before:
            check_int(chips, "a balance", InvalidStateError)
        if len(before) != self.players or sum(before) + carry != self.total_chips:
            raise InvalidStateError(
                f"balances {list(before)} and carry {carry} must be {self.players} balances that, with the carry, "
                f"add up to players x starting_chips = {self.total_chips}: chips are conserved"
            )
        stock = tuple(card for card in DECK if card not in set(given))
        deal = Deal(tuple(_in_order(hand) for hand in held), _in_order(missed), top, stock)
        state = self.begin_round(deal, seed=seed, round_number=round_number, balances=before, carry=carry, events=None)
        return read_state(self, state.to_dict())

    def action_from_dict(self, data: object) -> Action:
        """Read any Loo action from its dict, checking every field.

        Raises:
            InvalidActionError: If the dict is not a Loo action.
        """
        checked = check_header(data, "action", InvalidActionError)
        kind = read_str(checked, "type", InvalidActionError, "action")
        plain = {"stay": STAY, "drop": DROP, "take_miss": TAKE_MISS}
        if kind in plain:
            check_keys(checked, ("type",), InvalidActionError, "action")
            return plain[kind]
        if kind != "play_card":
            raise InvalidActionError(f"unknown Loo action type {brief(kind)}; types: stay, drop, take_miss, play_card")
        check_keys(checked, ("type", "card"), InvalidActionError, "action")
        return PLAYS[parse_card(read_str(checked, "card", InvalidActionError, "action"))]

    def broken_laws(self, state: State) -> tuple[str, ...]:
        """Every card is in one place, the chips are conserved, and each hand is five cards less those played.

        See `Game.broken_laws`.
        """
        loo: LooState = state  # type: ignore[assignment]
        broken = []
        cards = loo.cards()
        if len(cards) != len(DECK) or len(set(map(str, cards))) != len(DECK):
            broken.append("Loo's 52 cards are not each in one place")
        if loo.total_chips != self.total_chips:
            broken.append("Loo's chips are not conserved")
        played = [play.seat for trick in (*loo.tricks, loo.trick) for play in trick]
        if any(len(hand) + played.count(seat) != TRICKS for seat, hand in enumerate(loo.hands)):
            broken.append("a Loo hand is not the five cards dealt less those played")
        return tuple(broken)

    def json_schemas(self) -> dict[str, JSONDict]:
        """JSON Schemas of this game's state, view, action, event and record dicts (`tablegames.loo.schema`)."""
        return json_schemas(self.options())

    def read_state(self, data: Mapping[str, Any]) -> LooState:
        """Read a Loo state, checking every card and the pot (see `tablegames.loo.io.read_state`)."""
        return read_state(self, data)

    def sample_state(self, view: View, rng: random.Random) -> LooState:
        """Return a full state consistent with ``view``, the cards its seat cannot see dealt with ``rng``.

        Every public fact is kept, and so is the seat's hand (and the hand it
        gave up for the Miss); the unseen cards go at random to the other
        hands, the Miss and the stock, each keeping its size, and never to a
        hand the round's play proves cannot hold them (L9). See
        `tablegames.loo.sampling.sample_state`.

        Raises:
            InvalidStateError: If ``view`` is not a view of this game's states.

        Examples:
            >>> import random
            >>> game = Loo(players=4)
            >>> view = game.start(seed=2).view(0)
            >>> sample = game.sample_state(view, random.Random(1))
            >>> sample.view(0) == view, game.from_dict(sample.to_dict()) == sample
            (True, True)
        """
        return sample_state(self, view, rng)


def _cards(value: object, where: str) -> tuple[Card, ...]:
    return tuple(read_notated(card, Card, f"a card in {where}") for card in read_sequence(value, where))


def _in_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(card for card in DECK if card in cards)
