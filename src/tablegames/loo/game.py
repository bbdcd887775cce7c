"""The Loo game: its options, starting a game, starting a round from a given deal, reading dicts.

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

from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief
from tablegames.core.serial import JSONDict, check_header, check_keys, read_str
from tablegames.loo import encoding as _encoding
from tablegames.loo.actions import DROP, PLAYS, STAY, TAKE_MISS
from tablegames.loo.cards import DECK, parse_card
from tablegames.loo.deal import shuffled_deal
from tablegames.loo.io import read_deal, read_state
from tablegames.loo.options import LooOptions
from tablegames.loo.sampling import sample_state
from tablegames.loo.schema import json_schemas
from tablegames.loo.state import LooState
from tablegames.loo.tricks import TRICKS

if TYPE_CHECKING:
    import random
    from collections.abc import Mapping, Sequence

    from tablegames.core.protocol import Action, Event, View
    from tablegames.core.spaces import Encoding
    from tablegames.loo.cards import Card

__all__ = ["Loo"]


@attrs.frozen(kw_only=True, cache_hash=True)
class Loo(LooOptions[LooState]):
    """Five-card Loo (Lanterloo) with Pam, played for a pot of chips by 3 to 8 players.

    Its options are those of `LooOptions`; the game deals the rounds and lays out the deals you give.

    Examples:
        >>> Loo(players=3, miss=True).miss_fee
        1
    """

    encoding: ClassVar[Encoding] = _encoding

    def first_round(self, seed: int, events: list[Event] | None) -> LooState:
        """Take the antes and deal round 1 from ``seed`` (see `DealtGame`)."""
        balances = (self.starting_chips,) * self.players
        return LooState.begin_round(
            self, shuffled_deal(self, seed, 1), seed=seed, round_number=1, balances=balances, carry=0, events=events
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
            InvalidStateError: If a hand is not five cards, a card appears twice
                (the turned card included), the Miss does not match the option,
                the chips do not add up to ``players x starting_chips``, or the
                seed, the round number or the carry-over is out of range.

        Examples:
            >>> from tablegames.loo.cards import DECK
            >>> game = Loo(players=3)
            >>> state = game.deal([DECK[0:5], DECK[5:10], DECK[10:15]], turned="Kd")
            >>> state.trump, state.current_player, [str(card) for card in state.hands[1]]
            ('d', 1, ['7c', '8c', '9c', '10c', 'Jc'])
        """
        return read_deal(
            self, hands, turned, miss, round_number=round_number, balances=balances, carry=carry, seed=seed
        )

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

    def broken_laws(self, state: object) -> tuple[str, ...]:
        """Every card is in one place, the chips are conserved, and each hand is five cards less those played.

        See `Game.broken_laws`.
        """
        if not isinstance(state, LooState):
            return (f"{type(state).__name__} is not a Loo state",)
        broken = []
        cards = state.cards()
        if len(cards) != len(DECK) or len(set(map(str, cards))) != len(DECK):
            broken.append("Loo's 52 cards are not each in one place")
        if state.total_chips != self.total_chips:
            broken.append("Loo's chips are not conserved")
        played = [play.seat for trick in (*state.tricks, state.trick) for play in trick]
        if any(len(hand) + played.count(seat) != TRICKS for seat, hand in enumerate(state.hands)):
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
