"""Loo states: Loo's positions, their decisions played by the rules, refused in the rules' words, and seen.

A round goes: antes and the deal (L3, L4), play-or-drop decisions from the
seat after the dealer round to the dealer (L5, L15), then five tricks (L7–L11)
and the loo (L12, L13); the next round starts at once with the next dealer.
What a state holds, what follows from it and which decisions it allows are
its `LooPosition`'s (`tablegames.loo.position`); the rules that make the next
state are `tablegames.loo.rules`.

Examples:
    >>> from tablegames.loo import Loo
    >>> state = Loo(players=4).start(seed=5)
    >>> state.phase, state.dealer, state.current_player, state.pot
    ('decide', 0, 1, 4)
    >>> [str(action) for action in state.legal_actions()]
    ['play', 'drop']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast, final

from tablegames.loo.actions import PlayCard, TakeMiss, parse_action
from tablegames.loo.cards import PAM, Card
from tablegames.loo.position import LooPosition
from tablegames.loo.reasons import LOO_REASONS
from tablegames.loo.rules import decide, play
from tablegames.loo.tricks import Follow, TrickCard, follow
from tablegames.loo.view import view_of

if TYPE_CHECKING:
    from tablegames.core.protocol import Action, Event
    from tablegames.core.reasons import Reason
    from tablegames.core.serial import JSONDict
    from tablegames.loo.view import LooView

__all__ = ["LooState"]


@final
class LooState(LooPosition):
    """A Loo state: a `LooPosition` whose decisions are played, refused in the rules' words, and seen.

    Its fields are described, and its states built, as `LooPosition` says.
    """

    __slots__ = ()

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
    ) -> LooState:
        """The next position of this round: a `LooState` with the fields given, the rest of this one's."""
        return LooState(
            self.game,
            self.seed,
            self.round_number,
            balances,
            pot,
            carry,
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
            self.trick_rules,
        )

    def apply(self, action: Action) -> LooState:
        """Return the state after ``action``; this state is unchanged (`advance`'s two ways, without its call).

        Raises:
            IllegalActionError: If ``action`` is not legal here; the message says why and lists what is legal.
        """
        if not self.is_legal(action):
            raise self._illegal(action)
        if self.phase == "play":  # a legal decision in a trick is a card
            return play(self, cast("PlayCard", action).card, None)
        return decide(self, action, None)

    def follow(self, seat: int) -> Follow:
        """The cards ``seat``'s hand may play to the trick in progress, and why (L9)."""
        rules = self.trick_rules
        return follow(
            self.hands[seat],
            [play.card for play in self.trick],
            rules.trump,
            pam_is_wild=rules.pam_is_wild,
            trump_must_be_highest=rules.trump_must_be_highest,
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
        return LOO_REASONS.reason(
            "loo.follow",
            card=str(action.card),
            rule=allowed.rule,
            led=allowed.led,
            trump=self.trump,
            winning=None if allowed.winning is None else str(allowed.winning),
            pam_wild=self.trick_rules.pam_is_wild and PAM in allowed.cards,
        )

    # -- transitions ------------------------------------------------------------

    def advance(self, action: Action, events: list[Event] | None) -> LooState:
        """Take the decision or play the card; a trick, a round or the game may end with it."""
        if self.phase == "play":  # a legal decision in a trick is a card
            return play(self, cast("PlayCard", action).card, events)
        return decide(self, action, events)

    # -- what is seen ------------------------------------------------------------

    def view(self, seat: object) -> LooView:
        """Return what ``seat`` may know (L16); None is a spectator, who sees no hand.

        Raises:
            SeatError: If ``seat`` is not a seat of this game or None.
        """
        return view_of(self, self.game.check_seat(seat))

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
