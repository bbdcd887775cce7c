"""What one seat may know of a Loo state (ruling L16).

A seat sees its own hand (also once dropped: it held those cards), and, if it
took the Miss, the hand it gave up; of everyone the hand sizes, decisions,
tricks won and balances; the turned-up card; every card played this round;
the pot, P0 and the carry-over. It never sees another seat's hand, live or
dropped, the Miss, or the stock. A spectator (seat None) sees no hand at all.

Examples:
    >>> from tablegames.loo import Loo
    >>> state = Loo(players=3).start(seed=2)
    >>> view = state.view(1)
    >>> len(view.hand), view.hand_sizes, view.pot
    (5, (5, 5, 5), 3)
    >>> state.view(None).hand
    ()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from tablegames.core.plurals import plural
from tablegames.core.protocol import View, result_text
from tablegames.loo.cards import DECK, SUIT_NAMES, SUITS, Card, card_key
from tablegames.loo.tricks import trick_winner

if TYPE_CHECKING:
    from tablegames.core.serial import JSONDict
    from tablegames.loo.position import LooPosition
    from tablegames.loo.tricks import TrickCard

__all__ = ["LooView", "view_of"]

#: The largest chip count an observation holds: larger ones (only games of very many rounds reach them) are
#: written as this, so that every entry is exact as a float64 and finite as a float32.
CHIP_CAP = 2**53
_DECISIONS = (None, "play", "drop", "miss")
_PHASES = ("decide", "play", "over")
#: Each decision as the table picture says it.
_SAID = {"play": "stays in", "drop": "dropped", "miss": "took the Miss", None: "to decide"}


@attrs.frozen
class LooView(View):
    """A Loo state as one seat may know it.

    Attributes:
        round_number: The round in progress (the last one once the game is over).
        rounds: How many rounds the game lasts.
        dealer: The dealer of the round.
        phase: ``"decide"``, ``"play"`` or ``"over"``.
        hand: This seat's cards, in `DECK` order; empty for a spectator.
        given_up: The hand this seat gave up for the Miss, if it took it.
        hand_sizes: How many cards each seat holds.
        decisions: Each seat's decision: ``"play"``, ``"drop"``, ``"miss"`` or None.
        miss_open: True while the Miss may still be taken.
        turned: The turned-up card.
        trump: The trump suit.
        pot: The chips in the pot.
        p0: The pot as trick play began; 0 before.
        carry: Loo payments not yet in a pot (after the last round: undistributed).
        tricks: The finished tricks of the round, in play order.
        trick: The trick in progress.
        tricks_won: Tricks won this round, per seat.
    """

    game_name: ClassVar[str] = "loo"

    round_number: int
    rounds: int
    dealer: int
    phase: str
    hand: tuple[Card, ...]
    given_up: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    decisions: tuple[str | None, ...]
    miss_open: bool
    turned: Card
    trump: str
    pot: int
    p0: int
    carry: int
    tricks: tuple[tuple[TrickCard, ...], ...]
    trick: tuple[TrickCard, ...]
    tricks_won: tuple[int, ...]

    def json_fields(self) -> JSONDict:
        """What the seat may know of the round, for `View.to_dict`."""
        return {
            "round": self.round_number,
            "rounds": self.rounds,
            "dealer": self.dealer,
            "phase": self.phase,
            "hand": [str(card) for card in self.hand],
            "given_up": [str(card) for card in self.given_up],
            "hand_sizes": list(self.hand_sizes),
            "decisions": list(self.decisions),
            "miss_open": self.miss_open,
            "turned": str(self.turned),
            "trump": self.trump,
            "pot": self.pot,
            "p0": self.p0,
            "carry": self.carry,
            "tricks": [[play.to_dict() for play in trick] for trick in self.tricks],
            "trick": [play.to_dict() for play in self.trick],
            "tricks_won": list(self.tricks_won),
        }

    def observation(self) -> tuple[int, ...]:
        """The view as numbers, in the layout that `tablegames.loo.encoding` sets out."""
        n = len(self.scores)
        me = self.seat or 0
        cards = [0] * (len(DECK) * 5)
        finished = [play.card for trick in self.tricks for play in trick]
        places = (self.hand, self.given_up, [play.card for play in self.trick], finished, (self.turned,))
        for place, held in enumerate(places):
            for card in held:
                cards[card_key(card) * 5 + place] = 1
        led = [0] * 4
        winning = [0] * len(DECK)
        winner = [0] * n
        if self.trick:
            led[SUITS.index(self.trick[0].card.suit)] = 1
            best = self.trick[trick_winner([play.card for play in self.trick], self.trump)]
            winning[card_key(best.card)] = 1
            winner[(best.seat - me) % n] = 1
        trump = [int(self.trump == suit) for suit in SUITS]
        in_trick = {play.seat for play in self.trick}
        seats = [0] * (10 * n)
        for seat in range(n):
            at = 10 * ((seat - me) % n)
            seats[at + _DECISIONS.index(self.decisions[seat])] = 1
            seats[at + 4 : at + 10] = (
                self.tricks_won[seat],
                _chips(self.scores[seat]),
                self.hand_sizes[seat],
                int(seat in in_trick),
                int(seat == self.dealer),
                int(seat == self.current_player),
            )
        phase = [int(self.phase == each) for each in _PHASES]
        table = (
            _chips(self.pot),
            _chips(self.p0),
            _chips(self.carry),
            self.round_number,
            self.rounds,
            int(self.miss_open),
            *phase,
        )
        return (*cards, *led, *winning, *winner, *trump, *seats, *table)

    def __str__(self) -> str:
        lines = [
            f"round {self.round_number} of {self.rounds} · seat {self.dealer} deals · "
            f"{self.turned} turned: {SUIT_NAMES[self.trump]} are trump · pot {self.pot}"
            + (f" (P0 {self.p0})" if self.p0 else "")
            + (f" · carry-over {self.carry}" if self.carry else "")
        ]
        for index, chips in enumerate(self.scores):
            marker = "*" if index == self.current_player else " "
            cards = ""
            if index == self.seat:
                cards = "  hand: " + (" ".join(map(str, self.hand)) or "-")
                if self.given_up:
                    cards += "  (gave up " + " ".join(map(str, self.given_up)) + ")"
            lines.append(
                f"{marker}seat {index}{' (you)' if index == self.seat else ''}: {plural(chips, 'chip')}, "
                f"{_SAID[self.decisions[index]]}, {plural(self.tricks_won[index], 'trick')}{cards}"
            )
        if self.phase == "play":
            lines.append("trick: " + ("  ".join(map(str, self.trick)) or "(to lead)"))
        if self.current_player is None:
            lines.append(f"game over {result_text(self.scores, self.winners)}")
        else:
            moves = " | ".join(str(action) for action in self.legal_actions)
            lines.append(f"seat {self.current_player} to {'decide' if self.phase == 'decide' else 'play'}")
            if moves:
                lines[-1] += f": {moves}"
        return "\n".join(lines)


def view_of(state: LooPosition, seat: int | None) -> LooView:
    """Build ``seat``'s view of ``state`` (L16); `LooState.view` checks the seat first, this trusts it.

    Examples:
        >>> from tablegames.loo import Loo
        >>> state = Loo(players=3).start(seed=2)
        >>> view_of(state, 1) == state.view(1), view_of(state, None).hand
        (True, ())
    """
    own = seat is not None
    return LooView(
        seat,
        state.current_player,
        state.scores,
        state.winners,
        state.legal_actions() if own and seat == state.current_player else (),
        state.round_number,
        state.game.rounds,
        state.dealer,
        state.phase,
        state.hands[seat] if seat is not None else (),
        state.miss if own and seat == state.miss_taker else (),
        tuple(map(len, state.hands)),
        state.decisions,
        state.miss_open,
        state.turned,
        state.trump,
        state.pot,
        state.p0,
        state.carry,
        state.tricks,
        state.trick,
        state.tricks_won,
    )


def _chips(count: int) -> int:
    return max(-CHIP_CAP, min(CHIP_CAP, count))
