"""Shortcuts: the commonest Kalo decisions built straight into the next state.

Most decisions of a round change two or three fields of the state: a pass
adds the seat to ``passed`` and moves the turn on; a play in the middle of
a trick takes the cards from the hand, puts them on the trick and moves the
turn on, or starts their effects; arranging moves one card; choosing the
other player of an effect names them. `KaloState.apply` builds those states
here in one step instead of copying the whole state into a
`tablegames.kalo.table.Table` and back: each builds the next state with a
changer (`tablegames.core.build.changer`) that takes only the fields the
decision changes and copies the others from the state before. The
changers are compiled on their first call, so loading the game compiles none.

Each shortcut returns None where the decision leads on to more than it
handles (the trick or the round ends, a seat goes out, the arranging is
done), and the table's rules take over. Transitions that yield
events (``KaloState.step``) always go through the table, so the tests check
the shortcuts against the rules by comparing ``apply`` with ``step``
(``tests/kalo/test_direct.py``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from tablegames.core.build import builder, changer
from tablegames.core.lazy import made_on_first_call
from tablegames.kalo.actions import Arrange, ChooseCard, ChooseSeat, ChooseSlot, Insert, Pass, Play
from tablegames.kalo.cards import KALO, card_key
from tablegames.kalo.model import Effect, TrickPlay, received
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
            return _passed_on(state, passed, following)
    # Everyone else has passed: the trick is won and goes to the pile (K6); the winner, or the next holder, leads.
    cards = [*state.pile]
    for play in trick:
        cards += play.cards
    cards.sort(key=card_key)
    pile = tuple(cards)
    leader = next_holder(hands, last, including=True)
    assert leader is not None
    if not lead_is_possible(hands[leader], len(pile), sum(map(len, hands)) - len(hands[leader])):
        return None
    return _trick_won(state, pile, (), _NONE_PASSED, leader, leader)


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
    return _played(state, hands, (*state.trick, _trick_play(seat, cards)), _NONE_PASSED, phase, turn, effect, plays)


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
    return _arranged(state, hands, arranged + 1)


def choosing_seat(state: KaloState, action: ChooseSeat) -> KaloState | None:
    """K8: the other player of a 3, 5 or 6 is named; a receiver (3, 5) places the card next."""
    effect = state.effect
    assert effect is not None
    target = action.seat
    step: Step = "slot" if effect.rank == 6 else "insert"
    turn = target if step == "insert" else state.current_player
    return _turn_effect(state, turn, _step(effect, step, effect.card, effect.origin, target))


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
        return _hands_effect(state, hands, _step(effect, "seat", card, origin, effect.target))
    pile = state.pile
    at = pile.index(card)  # cards compare by identity
    pile = (*pile[:at], *pile[at + 1 :])
    step: Step = "insert" if effect.rank == 4 else "seat"
    return _pile_effect(state, pile, _step(effect, step, card, frozenset({seat}), effect.target))


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
    return _hands_effect(state, hands, _step(effect, "insert", taken.card, taken.known_by | {victim}, victim))


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
    slot = received(effect.card, effect.origin - {receiver})
    hands = (*state.hands[:receiver], (*hand[: action.slot], slot, *hand[action.slot :]), *state.hands[receiver + 1 :])
    seat = effect.seat
    if effect.left > 1:
        following = _effect(effect.rank, seat, effect.left - 1, FIRST_STEP[effect.rank], None, frozenset(), None)
        return _hands_turn_effect(state, hands, seat, following)
    turn = next_holder(hands, seat) if hands[seat] else None
    if turn is None or turn == seat or state.plays >= state.game.play_limit:
        return None
    return _effect_done(state, hands, "play", turn, None)


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

#: Build the shortcuts' effects and trick plays from every field, without the attrs ``__init__`` (made on first use).
_effect: Callable[..., Effect] = made_on_first_call(lambda: builder(Effect), "_effect", globals())
_trick_play: Callable[..., TrickPlay] = made_on_first_call(lambda: builder(TrickPlay), "_trick_play", globals())

#: The module of the state class, which imports this one.
_STATE = "tablegames.kalo.state"


def _changer(name: str, *changed: str) -> Callable[..., KaloState]:
    """The changer of the state in the fields ``changed``, bound to ``name`` and made on its first call.

    By then the state's module, which imports this one, has its class.
    """
    return made_on_first_call(lambda: changer(import_module(_STATE).KaloState, *changed), name, globals())


#: The state after each shortcut: the state before with only the fields named changed.
_passed_on = _changer("_passed_on", "passed", "current_player")
_trick_won = _changer("_trick_won", "pile", "trick", "passed", "leader", "current_player")
_played = _changer("_played", "hands", "trick", "passed", "phase", "current_player", "effect", "plays")
_arranged = _changer("_arranged", "hands", "arranged")
_turn_effect = _changer("_turn_effect", "current_player", "effect")
_hands_effect = _changer("_hands_effect", "hands", "effect")
_pile_effect = _changer("_pile_effect", "pile", "effect")
_hands_turn_effect = _changer("_hands_turn_effect", "hands", "current_player", "effect")
_effect_done = _changer("_effect_done", "hands", "phase", "current_player", "effect")
