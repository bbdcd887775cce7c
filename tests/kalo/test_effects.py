"""Each effect of a 3, 4, 5 and 6 carried out step by step, the choices each step offers checked against the rules."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tablegames.kalo import Card, ChooseCard, ChooseSeat, ChooseSlot, Insert, KaloState, Play
from tablegames.kalo.events import Inserted
from tests.kalo.restated import allowed_plays, holders, plays_of
from tests.kalo.strategies import effect_plays


def carry_out(state: KaloState, play: Play, data: st.DataObject) -> list[tuple[Card, tuple[str, int], int]]:
    """Make ``play`` and carry out its effects with drawn decisions, checking the choices each step offers.

    Returns, for each card moved: the card, where it was (``("hand", seat)`` or
    ``("pile", 0)``) and who received it.
    """
    seat = state.current_player
    assert seat is not None
    assert plays_of(state.legal_actions()) == allowed_plays(state), "the plays whose effects can be carried out"
    state = state.apply(play)
    moved: list[tuple[Card, tuple[str, int], int]] = []
    card: Card | None = None
    source: tuple[str, int] = ("pile", 0)
    while state.phase == "effect":
        effect = state.effect
        assert effect is not None
        legal = state.legal_actions()
        if effect.step == "card":
            offered = [slot.card for slot in state.hands[seat]] if effect.rank == 3 else list(state.pile)
            assert legal == tuple(ChooseCard(each) for each in offered)
        elif effect.step == "seat":
            assert legal == tuple(ChooseSeat(other) for other in holders(state) if other != seat)
        elif effect.step == "slot":
            assert effect.target is not None
            assert legal == tuple(ChooseSlot(k) for k in range(len(state.hands[effect.target])))
        else:
            receiver = state.current_player
            assert receiver is not None
            assert legal == tuple(Insert(k) for k in range(len(state.hands[receiver]) + 1))
        action = data.draw(st.sampled_from(legal))
        transition = state.step(action)
        after = transition.state
        if isinstance(action, ChooseCard):
            card = action.card
            owners = [owner for owner, hand in enumerate(state.hands) if card in {slot.card for slot in hand}]
            if owners:
                source = ("hand", owners[0])
                assert card not in {slot.card for slot in after.hands[owners[0]]}, "it leaves the hand"
            else:
                source = ("pile", 0)
                assert card in state.pile
                assert card not in after.pile, "it leaves the discard pile"
        elif isinstance(action, ChooseSlot):
            assert effect.target is not None
            card, source = state.hands[effect.target][action.slot].card, ("hand", effect.target)
            assert card not in {slot.card for slot in after.hands[effect.target]}
        elif isinstance(action, Insert):
            (event,) = (event for event in transition.events if isinstance(event, Inserted))
            assert (event.slot, event.card) == (action.slot, card)
            assert card is not None
            moved.append((card, source, event.seat))
            if after.round_number == state.round_number:
                assert after.hands[event.seat][action.slot].card is card
                assert all(
                    after.view(viewer).hands[event.seat][action.slot].received for viewer in range(len(after.hands))
                )
        state = after
    return moved


@given(effect_plays(3), st.data())
def test_each_three_gives_a_card_from_what_its_players_hand_has_left(
    drawn: tuple[KaloState, Play], data: st.DataObject
) -> None:
    """rules/kalo.md#effect-3, rules/kalo.md#effects: once per 3, a card of the hand goes to another holder."""
    state, play = drawn
    seat = state.current_player
    moved = carry_out(state, play, data)
    assert len(moved) == len(play.cards)
    assert all(source == ("hand", seat) and receiver != seat for _, source, receiver in moved)


@given(effect_plays(4), st.data())
def test_each_four_takes_a_card_of_the_discard_pile(drawn: tuple[KaloState, Play], data: st.DataObject) -> None:
    """rules/kalo.md#effect-4, rules/kalo.md#effects: once per 4, its player takes a card of the pile into the hand."""
    state, play = drawn
    seat = state.current_player
    moved = carry_out(state, play, data)
    assert len(moved) == len(play.cards)
    assert all(source == ("pile", 0) and receiver == seat for _, source, receiver in moved)


@given(effect_plays(5), st.data())
def test_each_five_gives_a_card_of_the_discard_pile(drawn: tuple[KaloState, Play], data: st.DataObject) -> None:
    """rules/kalo.md#effect-5, rules/kalo.md#effects: once per 5, a card of the pile goes to another holder."""
    state, play = drawn
    seat = state.current_player
    moved = carry_out(state, play, data)
    assert len(moved) == len(play.cards)
    assert all(source == ("pile", 0) and receiver != seat for _, source, receiver in moved)


@given(effect_plays(6), st.data())
def test_each_six_takes_the_card_at_a_slot_of_another_hand(drawn: tuple[KaloState, Play], data: st.DataObject) -> None:
    """rules/kalo.md#effect-6, rules/kalo.md#effects: once per 6, its player takes the card at a slot of another."""
    state, play = drawn
    seat = state.current_player
    moved = carry_out(state, play, data)
    assert len(moved) == len(play.cards)
    assert all(source[0] == "hand" and source[1] != seat and receiver == seat for _, source, receiver in moved)


@given(st.sampled_from([3, 4, 5, 6]).flatmap(effect_plays), st.data())
def test_a_received_card_goes_to_the_slot_its_receiver_chooses_in_sight_of_all(
    drawn: tuple[KaloState, Play], data: st.DataObject
) -> None:
    """rules/kalo.md#receiving: any slot from the front to the end; every seat sees that slot marked received."""
    state, play = drawn
    assert carry_out(state, play, data)
