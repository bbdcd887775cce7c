"""Shortcuts: the commonest Kalo decisions built straight into the next state.

Most decisions of a round change two or three fields of the state: a pass
adds the seat to ``passed`` and moves the turn on; a play in the middle of
a trick takes the cards from the hand, puts them on the trick and moves the
turn on, or starts their effects; arranging moves one card; choosing the
other player of an effect names them. `KaloState.apply` builds those states
here in one step instead of copying the whole state into a
`tablegames.kalo.table.Table` and back. Passes and plays, the commonest,
call ``KaloState.build`` (`tablegames.core.build`) with every field in
order, the changed ones given and the rest read from the state; the rarer
decisions name only what they change (`_evolved`), which costs a keyword
call more.

Each shortcut returns None where the decision leads on to more than it
handles (the trick or the round ends, a seat goes out, the arranging is
done), and the table's rules take over. Transitions that yield
events (``KaloState.step``) always go through the table, so the tests check
the shortcuts against the rules by comparing ``apply`` with ``step``
(``tests/kalo/test_direct.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.core.build import builder
from tablegames.kalo.actions import Arrange, ChooseCard, ChooseSeat, ChooseSlot, Insert, Pass, Play
from tablegames.kalo.cards import KALO, card_key
from tablegames.kalo.model import Effect, Slot, TrickPlay
from tablegames.kalo.table import FIRST_STEP, lead_is_possible, next_holder

if TYPE_CHECKING:
    from collections.abc import Callable

    from tablegames.core.protocol import Action
    from tablegames.kalo.cards import Card
    from tablegames.kalo.model import Step
    from tablegames.kalo.state import KaloState

__all__ = ["SHORTCUTS"]

_NONE_PASSED: frozenset[int] = frozenset()


def passing(state: KaloState, _: Pass) -> KaloState | None:
    """K4, K6: a follower passes; once every other holder has, the trick goes to the pile and the winner leads.

    None if the trick ends and the seat to lead next cannot lead (K7: the
    lead moves on, or the round ends).
    """
    seat = state.current_player
    assert seat is not None
    passed = state.passed | {seat}
    trick = state.trick
    last = trick[-1].seat
    hands = state.hands
    for other, hand in enumerate(hands):
        if hand and other not in passed and other != last:  # a holder yet to pass: the turn moves on
            players = len(hands)  # to the next holder, `next_holder` written out: ``other`` holds, so one does
            following = (seat + 1) % players
            while not hands[following]:
                following = (following + 1) % players
            return type(state).build(
                state.game,
                state.seed,
                state.round_number,
                state.scores,
                hands,
                state.pile,
                state.kalo_holder,
                trick,
                passed,
                state.leader,
                state.phase,
                following,
                state.arranged,
                state.effect,
                state.out,
                state.plays,
                state.aside,
                False,  # is_over
            )
    # Everyone else has passed: the trick is won and goes to the pile (K6); the winner, or the next holder, leads.
    pile = tuple(sorted((*state.pile, *(card for play in trick for card in play.cards)), key=card_key))
    leader = next_holder(hands, last, including=True)
    assert leader is not None
    if not lead_is_possible(hands[leader], len(pile), sum(map(len, hands)) - len(hands[leader])):
        return None
    return type(state).build(
        state.game,
        state.seed,
        state.round_number,
        state.scores,
        state.hands,
        pile,
        state.kalo_holder,
        (),
        _NONE_PASSED,
        leader,
        state.phase,
        leader,
        state.arranged,
        state.effect,
        state.out,
        state.plays,
        state.aside,
        False,  # is_over
    )


def playing(state: KaloState, play: Play) -> KaloState | None:
    """K4, K5, K8: the cards go on the trick; their effects start, or, without any, the turn moves on.

    None if the play holds the Kalo, or has no effect and empties the hand,
    reaches the play limit or leaves no other seat holding cards.
    """
    cards = play.cards
    if KALO in cards:
        return None
    seat = state.current_player
    assert seat is not None
    plays = state.plays + 1
    hand = tuple([slot for slot in state.hands[seat] if slot.card not in cards])
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    rank = cards[0].rank
    effect: Effect | None
    if rank in FIRST_STEP:  # the player resolves the effects one by one, whatever the hand keeps (K8, K10)
        phase, turn, effect = "effect", seat, _effect(rank, seat, len(cards), FIRST_STEP[rank], None, frozenset(), None)
    else:
        if not hand or plays >= state.game.play_limit:
            return None
        players = len(hands)  # to the next holder, `next_holder` written out: ``seat`` holds, so one does
        turn = (seat + 1) % players
        while not hands[turn]:
            turn = (turn + 1) % players
        if turn == seat:
            return None
        phase, effect = state.phase, state.effect
    return type(state).build(
        state.game,
        state.seed,
        state.round_number,
        state.scores,
        hands,
        state.pile,
        state.kalo_holder,
        (*state.trick, _trick_play(seat, cards)),
        _NONE_PASSED,
        state.leader,
        phase,
        turn,
        state.arranged,
        effect,
        state.out,
        plays,
        state.aside,
        False,  # is_over
    )


def arranging(state: KaloState, action: Arrange) -> KaloState | None:
    """K3: the card at the slot comes next in the hand (None once only one slot is left: the seat is ready)."""
    seat = state.current_player
    assert seat is not None
    arranged = state.arranged
    hand = [*state.hands[seat]]
    if arranged + 1 >= len(hand) - 1:
        return None
    hand.insert(arranged, hand.pop(action.slot))
    hands = (*state.hands[:seat], tuple(hand), *state.hands[seat + 1 :])
    return _evolved(state, hands=hands, current_player=seat, arranged=arranged + 1)


def choosing_seat(state: KaloState, action: ChooseSeat) -> KaloState | None:
    """K8: the other player of a 3, 5 or 6 is named; a receiver (3, 5) places the card next."""
    effect = state.effect
    assert effect is not None
    target = action.seat
    step: Step = "slot" if effect.rank == 6 else "insert"
    turn = target if step == "insert" else state.current_player
    return _evolved(state, current_player=turn, effect=_step(effect, step, effect.card, effect.origin, target))


def choosing_card(state: KaloState, action: ChooseCard) -> KaloState | None:
    """K8: the card of a 3 is taken from the hand, that of a 4 or 5 from the discard pile."""
    effect = state.effect
    assert effect is not None
    card, seat = action.card, effect.seat
    if effect.rank == 3:
        hand = state.hands[seat]
        slot = next(index for index, each in enumerate(hand) if each.card is card)
        origin = hand[slot].known_by | {seat}
        hands = (*state.hands[:seat], (*hand[:slot], *hand[slot + 1 :]), *state.hands[seat + 1 :])
        return _evolved(state, hands=hands, effect=_step(effect, "seat", card, origin, effect.target))
    pile = tuple(each for each in state.pile if each is not card)
    step: Step = "insert" if effect.rank == 4 else "seat"
    return _evolved(state, pile=pile, effect=_step(effect, step, card, frozenset({seat}), effect.target))


def robbing(state: KaloState, action: ChooseSlot) -> KaloState | None:
    """K8: a 6 takes the card at the slot of the chosen hand (None if that was its last card: K10)."""
    effect = state.effect
    assert effect is not None
    victim = effect.target
    assert victim is not None
    hand = state.hands[victim]
    if len(hand) == 1:
        return None
    taken = hand[action.slot]
    hands = (*state.hands[:victim], (*hand[: action.slot], *hand[action.slot + 1 :]), *state.hands[victim + 1 :])
    return _evolved(state, hands=hands, effect=_step(effect, "insert", taken.card, taken.known_by | {victim}, victim))


def inserting(state: KaloState, action: Insert) -> KaloState | None:
    """K9: the receiver places the card; then the next effect of the play, or the turn moves on.

    None if the play is then over and the turn does not simply move on (the
    player is out, no other seat holds cards, or the play limit is reached).
    """
    effect = state.effect
    receiver = state.current_player
    assert effect is not None
    assert receiver is not None
    assert effect.card is not None
    hand = state.hands[receiver]
    slot = Slot(effect.card, received=True, known_by=effect.origin - {receiver})
    hands = (*state.hands[:receiver], (*hand[: action.slot], slot, *hand[action.slot :]), *state.hands[receiver + 1 :])
    seat = effect.seat
    if effect.left > 1:
        following = _effect(effect.rank, seat, effect.left - 1, FIRST_STEP[effect.rank], None, frozenset(), None)
        return _evolved(state, hands=hands, current_player=seat, effect=following)
    turn = next_holder(hands, seat) if hands[seat] else None
    if turn is None or turn == seat or state.plays >= state.game.play_limit:
        return None
    return _evolved(state, hands=hands, phase="play", current_player=turn, effect=None)


#: Stands for "unchanged" in `_evolved`.
_SAME: Any = object()


def _evolved(
    state: KaloState,
    *,
    hands: Any = _SAME,
    pile: Any = _SAME,
    phase: Any = _SAME,
    current_player: Any = _SAME,
    arranged: Any = _SAME,
    effect: Any = _SAME,
) -> KaloState:
    """``state`` with the fields given changed: `attrs.evolve` for the few fields an effect's step changes, in one call.

    Passes and plays, the commonest decisions, build their states in full instead: a keyword call costs them more.
    """
    player = state.current_player if current_player is _SAME else current_player
    return type(state).build(
        state.game,
        state.seed,
        state.round_number,
        state.scores,
        state.hands if hands is _SAME else hands,
        state.pile if pile is _SAME else pile,
        state.kalo_holder,
        state.trick,
        state.passed,
        state.leader,
        state.phase if phase is _SAME else phase,
        player,
        state.arranged if arranged is _SAME else arranged,
        state.effect if effect is _SAME else effect,
        state.out,
        state.plays,
        state.aside,
        player is None,
    )


def _step(effect: Effect, step: Step, card: Card | None, origin: frozenset[int], target: int | None) -> Effect:
    """The effect at its next ``step``, with the card on its way and who knows it."""
    return _effect(effect.rank, effect.seat, effect.left, step, card, origin, target)


#: The shortcut for each kind of decision that has one.
SHORTCUTS: dict[type[Action], Callable[[KaloState, Any], KaloState | None]] = {
    Pass: passing,
    Play: playing,
    Arrange: arranging,
    ChooseSeat: choosing_seat,
    ChooseCard: choosing_card,
    ChooseSlot: robbing,
    Insert: inserting,
}

#: Build the effects and trick plays of the shortcuts from every field, without the attrs ``__init__``.
_effect: Callable[..., Effect] = builder(Effect)
_trick_play: Callable[..., TrickPlay] = builder(TrickPlay)
