"""The rules of a Loo round as plain functions of a position: deciding (L5, L15), the tricks (L7–L11), the loo.

`LooState.apply` checks that a decision is legal and calls `decide` or
`play`; each returns the next position, and appends what happened to
``events`` when it is a list. A round's last decision settles the loo and
deals the next round, or ends the game (`end_round`). The rules read and
build positions (`tablegames.loo.position`): each returns a position of the
class it is given, a `LooState` for a `LooState`. Which cards may be played
and who wins a trick are in `tablegames.loo.tricks`.

Examples:
    >>> payouts(7)
    (2, 2, 1, 1, 1)
    >>> from tablegames.loo import Loo
    >>> state = Loo(players=3).start(seed=1)
    >>> after = decide(state, state.legal_actions()[1], None)  # seat 1 drops
    >>> type(after).__name__, after.decisions, after.current_player
    ('LooState', (None, 'drop', None), 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

from tablegames.core.seats import next_seat
from tablegames.loo import events as ev
from tablegames.loo.actions import DROP, STAY, TAKE_MISS
from tablegames.loo.deal import play_order, shuffled_deal
from tablegames.loo.position import LooPosition
from tablegames.loo.tricks import PLAYED, TRICKS, trick_winner

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.core.protocol import Action, Event
    from tablegames.loo.cards import Card

__all__ = ["decide", "end_round", "first_leader", "next_player", "payouts", "play"]

#: The class of the positions the rules are given and build (`tablegames.loo.LooState`).
P = TypeVar("P", bound=LooPosition)

#: Each decision's word in `LooState.decisions`, by the decision's class (looked up by type: cheaper than hashing it).
_DECISIONS: Final[dict[type[Action], str]] = {type(STAY): "play", type(DROP): "drop", type(TAKE_MISS): "miss"}


def decide(state: P, action: Action, events: list[Event] | None) -> P:
    """The state after the current seat stays in, drops or takes the Miss (L5, L15).

    The dealer decides last; then the tricks begin, led by the first seat
    after the dealer still in (L7), or, if all but one dropped, that one
    takes the pot and the round ends (L6).
    """
    seat = state.current_player
    assert seat is not None
    choice = _DECISIONS[type(action)]
    decisions = list(state.decisions)
    decisions[seat] = choice
    hands, miss, pot, balances = state.hands, state.miss, state.pot, state.balances
    if choice == "miss":
        fee = state.game.miss_fee
        hands = (*hands[:seat], miss, *hands[seat + 1 :])
        miss = state.hands[seat]
        pot += fee
        balances = (*balances[:seat], balances[seat] - fee, *balances[seat + 1 :])
        if events is not None:
            events.append(ev.MissTaken(seat=seat, fee=fee, cards=hands[seat]))
    elif events is not None:
        events.append(ev.Decided(seat=seat, choice=choice))
    players = len(decisions)
    phase, p0 = "decide", 0
    current: int | None = next_seat(seat, players)
    if choice == "drop" and decisions.count("drop") == players - 1:  # only a drop leaves one seat in (L6)
        current = None
    elif None not in decisions:  # the dealer, who decides last, has decided
        phase, p0 = "play", pot
        current = first_leader(seat, decisions)
        if events is not None:
            events.append(ev.TricksBegin(leader=current, p0=pot, payouts=payouts(pot)))
    after = state.after(
        balances, pot, state.carry, hands, miss, tuple(decisions), p0, state.tricks, state.trick, phase, current
    )
    if current is not None:
        return after
    (winner,) = (other for other, made in enumerate(decisions) if made != "drop")
    if events is not None:
        events.append(ev.PotWon(seat=winner, chips=pot))
    paid = (*balances[:winner], balances[winner] + pot, *balances[winner + 1 :])
    taken = tuple(pot if other == winner else 0 for other in range(players))
    return end_round(after, paid, pot=0, looed=(), won=taken, events=events)


def first_leader(dealer: int, decisions: Sequence[str | None]) -> int:
    """Who leads the first trick (L7): the first seat after the dealer that has not dropped.

    Raises:
        ValueError: If every seat has dropped.

    Examples:
        >>> first_leader(0, ("drop", "play", "drop", "miss"))
        1
    """
    leader = next_player(dealer, tuple(decisions))
    if decisions[leader] == "drop":
        raise ValueError("every seat has dropped: nobody leads")
    return leader


def next_player(seat: int, decisions: tuple[str | None, ...]) -> int:
    """The seat that plays after ``seat`` (L7): the next one round the table that has not dropped.

    Play passes in seat order and skips the seats that dropped; the first
    seat after the dealer found this way leads the first trick. ``seat``
    itself is the answer when every other seat has dropped.

    Examples:
        >>> next_player(1, ("play", "play", "drop", "drop")), next_player(3, ("drop", None, None, "play"))
        (0, 1)
    """
    players = len(decisions)
    following = next_seat(seat, players)
    while decisions[following] == "drop" and following != seat:
        following = next_seat(following, players)
    return following


def play(state: P, card: Card, events: list[Event] | None) -> P:
    """The state after the current seat plays ``card`` to the trick (L9–L11).

    Play passes to the next seat still in; when it comes round to the
    trick's leader the trick is over, its winner is paid a fifth of the pot
    (L11) and leads the next trick, and after the fifth the round ends.
    """
    seat = state.current_player
    assert seat is not None
    hands = list(state.hands)
    hand = hands[seat]
    at = 0
    while hand[at] is not card:  # cards are interned: found by identity, never compared
        at += 1
    hands[seat] = hand[:at] + hand[at + 1 :]
    trick = (*state.trick, PLAYED[seat][card])
    if events is not None:
        events.append(ev.CardPlayed(seat=seat, card=card))
    decisions = state.decisions
    following = next_player(seat, decisions)
    if following != trick[0].seat:  # the trick is over when play comes round to its leader again
        balances, pot, miss, p0 = state.balances, state.pot, state.miss, state.p0
        return state.after(
            balances, pot, state.carry, tuple(hands), miss, decisions, p0, state.tricks, trick, state.phase, following
        )
    best = trick[trick_winner(tuple([each.card for each in trick]), state.trick_rules.trump)]
    winner = best.seat
    chips = payouts(state.p0)[len(state.tricks)]
    balances = (*state.balances[:winner], state.balances[winner] + chips, *state.balances[winner + 1 :])
    tricks = (*state.tricks, trick)
    if events is not None:
        events.append(ev.TrickWon(seat=winner, trick=len(tricks), card=best.card, chips=chips))
    pot = state.pot - chips
    after = state.after(
        balances, pot, state.carry, tuple(hands), state.miss, decisions, state.p0, tricks, (), state.phase, winner
    )
    if len(tricks) < TRICKS:
        return after
    takers = [each[0].seat for each in tricks[1:]]  # each trick's winner led the next (L11)
    takers.append(winner)
    players = len(decisions)
    order = play_order(state.dealer, players)
    looed = tuple(other for other in order if decisions[other] != "drop" and other not in takers)
    taken = [0] * players
    for taker, chips in zip(takers, payouts(state.p0), strict=True):
        taken[taker] += chips
    return end_round(after, balances, pot=after.pot, looed=looed, won=tuple(taken), events=events)


def end_round(
    state: P,
    balances: tuple[int, ...],
    *,
    pot: int,
    looed: tuple[int, ...],
    won: tuple[int, ...],
    events: list[Event] | None,
) -> P:
    """Settle the loo (L12, L13) and deal the next round, or end the game after the last (L14).

    ``state`` is the round's last state, ``balances`` the balances with the
    tricks paid, ``looed`` the seats looed and ``won`` what each seat took.
    """
    game, number, p0 = state.game, state.round_number, state.p0
    last = number >= game.rounds
    paid = list(balances)
    for seat in looed:
        paid[seat] -= p0
        if events is not None:
            events.append(ev.Looed(seat=seat, chips=p0, last_round=last))
    carry = state.carry + p0 * len(looed)
    if events is not None:
        ended = ev.RoundEnded(
            round_number=number,
            balances=tuple(paid),
            carry=carry,
            tricks=state.tricks_won,
            won=won,
            looed=tuple(sorted(looed)),
            loo=p0 if looed else 0,
            last_round=last,
        )
        events.append(ended)
    if not last:
        deal = shuffled_deal(game, state.seed, number + 1)
        return type(state).begin_round(
            game, deal, seed=state.seed, round_number=number + 1, balances=tuple(paid), carry=carry, events=events
        )
    over = state.after(
        tuple(paid), pot, carry, state.hands, state.miss, state.decisions, p0, state.tricks, state.trick, "over", None
    )
    if events is not None and carry:
        events.append(ev.Undistributed(chips=carry))
    return over


def payouts(p0: int) -> tuple[int, ...]:
    """What each of the five tricks pays from a pot of ``p0`` (L11): a fifth each, in whole chips.

    Each trick pays ``p0 // 5``, and the first ``p0 % 5`` tricks one chip more,
    so the five pay out exactly ``p0``.

    Examples:
        >>> payouts(5), payouts(7), payouts(3)
        ((1, 1, 1, 1, 1), (2, 2, 1, 1, 1), (1, 1, 1, 0, 0))
    """
    paid = _PAYOUTS.get(p0)
    if paid is None:
        share, extra = divmod(p0, TRICKS)
        paid = tuple(share + (1 if trick < extra else 0) for trick in range(TRICKS))
        if len(_PAYOUTS) < 4096:
            _PAYOUTS[p0] = paid
    return paid


#: Payouts already worked out, by pot.
_PAYOUTS: Final[dict[int, tuple[int, ...]]] = {}
