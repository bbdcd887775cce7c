"""The Kalo game: its options (`KaloOptions`), starting a game, from a given deal or position, reading dicts.

Examples:
    >>> from tablegames.kalo import Kalo
    >>> game = Kalo(players=4)
    >>> game.target
    20
    >>> state = game.start(seed=3)
    >>> [len(hand) for hand in state.hands]
    [13, 13, 13, 13]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief
from tablegames.core.seats import next_seat, seats_from
from tablegames.core.serial import JSONDict, check_header, check_keys, read_int, read_str
from tablegames.kalo import actions as act
from tablegames.kalo import encoding as _encoding
from tablegames.kalo.cards import DECK, Card
from tablegames.kalo.io import read_state
from tablegames.kalo.options import KaloOptions
from tablegames.kalo.positions import begin_round, deal_hands, lay_out, scores_of
from tablegames.kalo.rules import deal_round
from tablegames.kalo.sampling import sample_state
from tablegames.kalo.schema import json_schemas
from tablegames.kalo.state import KaloState

if TYPE_CHECKING:
    import random
    from collections.abc import Mapping, Sequence

    from tablegames.core.protocol import Action, Event, View
    from tablegames.core.spaces import Encoding

__all__ = ["Kalo"]


@attrs.frozen(kw_only=True, cache_hash=True)
class Kalo(KaloOptions[KaloState]):
    """Kalo, the climbing card game with card effects, for 3 to 6 players.

    Its options are those of `KaloOptions`; the game deals the rounds and sets up the positions you give.

    Examples:
        >>> one = Kalo(players=3, rounds=1)
        >>> one.options()
        {'players': 3, 'kalo_in_combinations': False, 'play_limit': 500, 'rounds': 1}
    """

    encoding: ClassVar[Encoding] = _encoding

    def first_round(self, seed: int, events: list[Event] | None) -> KaloState:
        """Shuffle and deal round 1 from ``seed``: the Kalo's holder is named, the seat after it arranges first."""
        return begin_round(
            self, deal_round(self, seed, 1), seed=seed, scores=(0,) * self.players, round_number=1, events=events
        )

    def deal(
        self,
        hands: Sequence[Sequence[Card | str]],
        *,
        seed: int = 0,
        scores: Sequence[int] | None = None,
        round_number: int = 1,
    ) -> KaloState:
        """Start a round from a given deal: every seat's hand, in order.

        The hands must hold every card but the removed ones (K1), evenly.
        Later rounds are shuffled from ``seed``.

        Args:
            hands: One hand per seat, cards or their notation, in slot order.
            seed: Seeds the deals of the rounds after this one.
            scores: The scores before this round (default all 0).
            round_number: Which round this deal starts.

        Raises:
            InvalidStateError: If the deal is not a full, even deal of this game's
                cards, or the seed, the scores or the round number are out of range.

        Examples:
            >>> from tablegames.kalo.cards import DECK
            >>> deal = [DECK[seat::4] for seat in range(4)]
            >>> Kalo().deal(deal).kalo_holder
            2
        """
        return deal_hands(self, hands, seed=seed, scores=scores, round_number=round_number)

    def position(
        self,
        hands: Sequence[Sequence[Card | str]],
        *,
        pile: Sequence[Card | str] | None = None,
        trick: Sequence[tuple[int, Sequence[Card | str]]] = (),
        passed: Sequence[int] = (),
        effect: Mapping[str, Any] | None = None,
        leader: int | None = None,
        scores: Sequence[int] | None = None,
        out: Sequence[int] = (),
        kalo_holder: int | None = None,
        seed: int = 0,
        round_number: int = 1,
    ) -> KaloState:
        """Set up a position for puzzles and tests: a trick to be led, a trick in progress, or an effect under way.

        The position is read back through the same reader as `from_dict`, so
        it is checked exactly as a saved game is.

        Args:
            hands: Every hand in slot order, as dealt; a seat that is out has an empty hand.
            pile: The discard pile. By default every card in no hand, not in the
                trick and not on its way in the effect (nor removed, K1). Given,
                the cards in none of those places are set aside: out of this
                round as if removed (`KaloState.aside`, public), back in the next deal.
            trick: The plays of the trick in progress, in order, each
                ``(seat, cards)``; empty for a trick about to be led.
            passed: The seats that passed since the trick's last play. The seat
                to play is the first seat holding cards after the last play that
                has not passed (K4, K6), and those before it must have passed.
            effect: An effect of the trick's last play being resolved (K8): a
                mapping of ``step`` (default: the rank's first, ``card`` or
                ``seat``), ``left`` (effects still to resolve, this one included;
                default: the cards played), ``card`` (the card on its way),
                ``target`` (the other player, once chosen) and ``origin`` (the
                seats that know the card on its way; default: whoever chose it or,
                for a 6, lost it). Its rank and seat are the last play's.
            leader: Who leads the trick. With a trick, its first player (the
                default). Without, the seat to lead (default 0); if it cannot
                lead, the rules move the lead on at once (K7), as in play.
            scores: The scores so far; by default the points the seats in
                ``out`` scored for their places this round (K10), 0 for the others.
                Scores must include those points.
            out: The seats already out this round, in order: exactly the empty
                hands (but the seat whose effect is under way, out once it is done).
            kalo_holder: Who was dealt the Kalo (K2): the seat holding it (a
                position's hands are as dealt); when no hand holds it (it was
                played, is on its way or set aside), it must be given.
            seed: Seeds the deals of later rounds.
            round_number: The round in progress.

        Raises:
            InvalidStateError: If a card is missing or appears twice, or the
                position is inconsistent.

        Examples:
            >>> state = Kalo(players=3).position([["3c"], ["Kd", "Ks"], ["4h"]], leader=0, kalo_holder=0)
            >>> state.current_player   # seat 0's lone 3 cannot be played: blocked, the lead moves on
            1
            >>> trick = Kalo(players=3).position(
            ...     [["9c", "Kh"], ["Qd"], ["5s", "Ah"]], pile=["4c"], trick=[(1, ["10d"]), (2, ["Jd"])], kalo_holder=0
            ... )
            >>> trick.current_player, [str(action) for action in trick.legal_actions()], len(trick.aside)
            (0, ['Kh', 'pass'], 43)
        """
        totals = None if scores is None else scores_of(self, scores)
        return lay_out(
            self,
            hands,
            pile=pile,
            trick=trick,
            passed=passed,
            effect=effect,
            leader=leader,
            scores=totals,
            out=out,
            kalo_holder=kalo_holder,
            seed=seed,
            round_number=round_number,
        )

    def action_from_dict(self, data: object) -> Action:
        """Read any Kalo action from its dict, checking every field against this game.

        Raises:
            InvalidActionError: If the dict is not a Kalo action, or names a
                seat this game does not have or a card it removed (K1).

        Examples:
            >>> Kalo(players=3).action_from_dict(
            ...     {"format": "tablegames.action", "version": 1, "type": "choose_seat", "seat": 3}
            ... )
            Traceback (most recent call last):
            ...
            tablegames.core.errors.InvalidActionError: action field 'seat' must be an integer from 0 to 2, got 3
        """
        checked = check_header(data, "action", InvalidActionError)
        kind = read_str(checked, "type", InvalidActionError, "action")
        fields = _ACTION_FIELDS.get(kind)
        if fields is None:
            raise InvalidActionError(f"unknown Kalo action type {brief(kind)}; types: {', '.join(_ACTION_FIELDS)}")
        check_keys(checked, ("type", *fields), InvalidActionError, "action")
        if kind in ("ready", "pass"):
            return act.READY if kind == "ready" else act.PASS
        if kind == "play":
            cards = checked.get("cards")
            if type(cards) is not list or len(cards) > 4:
                raise InvalidActionError(f"action field 'cards' must be a list of 1 to 4 cards, got {brief(cards)}")
            return self.fitting(
                act.Play(tuple(Card.parse(text) if type(text) is str else _bad(text) for text in cards))
            )
        if kind == "choose_card":
            text = read_str(checked, "card", InvalidActionError, "action")
            return self.fitting(act.ChooseCard(Card.parse(text)))
        (field,) = fields
        top = self.players - 1 if kind == "choose_seat" else act.MAX_SLOT
        number = read_int(checked, field, InvalidActionError, "action", minimum=0, maximum=top)
        return _NUMBERED[kind](number)

    def broken_laws(self, state: object) -> tuple[str, ...]:
        """Every card is in one place; hands being arranged are as dealt; in a trick the turn is where K6 puts it.

        In a trick, the seat to play is the first holder after the last play
        that has not passed, and exactly the holders in between have passed.
        See `Game.broken_laws`.
        """
        if not isinstance(state, KaloState):
            return (f"{type(state).__name__} is not a Kalo state",)
        broken = []
        cards = (*state.cards_in_play(), *state.removed)
        if len(cards) != len(DECK) or len(set(map(str, cards))) != len(DECK):
            broken.append(f"Kalo's 52 cards are not each in one place: {len(cards)} places")
        hands = state.hands
        if state.phase == "arrange" and (
            len({len(hand) for hand in hands}) != 1 or any(slot.received for hand in hands for slot in hand)
        ):
            broken.append("Kalo hands being arranged are not as dealt")
        if state.phase == "play" and state.trick:
            order = list(seats_from(next_seat(state.trick[-1].seat, self.players), self.players))[:-1]
            waiting = [seat for seat in order if hands[seat] and seat not in state.passed]
            current = state.current_player
            passed_over = order[: order.index(current)] if current in order else None
            if not waiting or waiting[0] != current or passed_over is None:
                broken.append("in a Kalo trick the turn is not with the first holder after the last play yet to pass")
            elif {seat for seat in passed_over if hands[seat]} != set(state.passed):
                broken.append("in a Kalo trick the seats passed are not exactly the holders passed over")
        return tuple(broken)

    def json_schemas(self) -> dict[str, JSONDict]:
        """JSON Schemas of this game's state, view, action, event and record dicts (`tablegames.kalo.schema`)."""
        return json_schemas(self.options())

    def read_state(self, data: Mapping[str, Any]) -> KaloState:
        """Read a Kalo state, checking every card and the laws (see `tablegames.kalo.io.read_state`)."""
        return read_state(self, data)

    def sample_state(self, view: View, rng: random.Random) -> KaloState:
        """Return a full state consistent with ``view``, the cards its seat cannot see dealt with ``rng``.

        Every public fact (K14) and every card the seat sees are kept; the
        other cards are dealt where it cannot see, as `tablegames.kalo.sampling`
        sets out (removed cards stay removed, K1; the Kalo only where it may be, K2).

        Raises:
            InvalidStateError: If ``view`` is not a view of this game's states.

        Examples:
            >>> import random
            >>> game = Kalo(players=4)
            >>> view = game.start(seed=2).view(0)
            >>> sample = game.sample_state(view, random.Random(1))
            >>> sample.view(0) == view, game.from_dict(sample.to_dict()) == sample
            (True, True)
        """
        return sample_state(self, view, rng)


def _bad(value: object) -> Card:
    raise InvalidActionError(f"a card is written like 10d, got {brief(value)}")


#: Each action type and its fields, in the order the actions are declared.
_ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    kind.kind: tuple(field.name for field in attrs.fields(kind) if field.init)
    for kind in (act.Arrange, act.Ready, act.Play, act.Pass, act.ChooseCard, act.ChooseSeat, act.ChooseSlot, act.Insert)
}
_NUMBERED: dict[str, type[act.Arrange | act.ChooseSeat | act.ChooseSlot | act.Insert]] = {
    kind.kind: kind for kind in (act.Arrange, act.ChooseSeat, act.ChooseSlot, act.Insert)
}
