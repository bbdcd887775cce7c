"""Kalo.position for puzzles: a chosen discard pile, a trick in progress, an effect under way, who was dealt the Kalo.

Every position is read back through the same reader as a saved game, so one
set up by hand must equal the same position reached by play.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tablegames import InvalidStateError
from tablegames.kalo import DECK, KALO, Card, Kalo, KaloState, Pass, Play
from tablegames.kalo.cards import removed_cards
from tablegames.kalo.events import TargetChosen
from tests.kalo.strategies import effect_plays, position_args

FOUR = Kalo(players=4)


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def rebuilt(state: KaloState, *, origin: bool = True) -> KaloState:
    """The same position set up with ``Kalo.position`` from the state's own parts (its hands as dealt).

    With ``origin`` False the effect's origin is left to its default: whoever chose the card or lost it.
    """
    effect: dict[str, Any] | None = None
    if state.effect is not None:
        mine = state.effect
        effect = {"step": mine.step, "left": mine.left, "card": mine.card, "target": mine.target}
        if origin:
            effect["origin"] = sorted(mine.origin)
    game = state.game
    assert isinstance(game, Kalo)
    return game.position(
        [[slot.card for slot in hand] for hand in state.hands],
        pile=state.pile,
        trick=[(play.seat, play.cards) for play in state.trick],
        passed=sorted(state.passed),
        effect=effect,
        leader=state.leader,
        scores=state.scores,
        out=state.out,
        kalo_holder=state.kalo_holder,
        seed=state.seed,
        round_number=state.round_number,
    )


@given(position_args(), st.data())
def test_a_chosen_pile_sets_the_other_cards_aside_for_the_round(drawn: tuple[Kalo, dict[str, Any]], data: Any) -> None:
    """With a pile given, the cards in no hand and not piled are out of the round, as if removed, until the next deal.

    They are public (in every view's removed cards), never dealt by sample_state, kept by a saved game, and back
    in the next round's deal. Checks rules/kalo.md#positions.
    """
    game, args = drawn
    held = {card for hand in args["hands"] for card in hand}
    rest = [card for card in DECK if card not in held and card not in removed_cards(game.players)]
    pile = data.draw(st.lists(st.sampled_from(rest), unique=True)) if rest else []
    holder = [seat for seat, hand in enumerate(args["hands"]) if KALO in hand]
    args = {**args, "pile": pile, "kalo_holder": holder[0] if holder else data.draw(st.integers(0, game.players - 1))}
    state = game.position(**args)
    assume(state.round_number == 1)  # else every leader was blocked and the next round was dealt
    aside = tuple(card for card in rest if card not in pile)
    assert (state.pile, state.aside) == (tuple(card for card in DECK if card in pile), aside)
    assert set(aside) <= set(state.removed)
    assert set(state.removed) <= set(aside) | set(removed_cards(game.players))
    assert game.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    for seat in (None, *range(game.players)):
        view = state.view(seat)
        assert set(aside) <= set(view.removed)
        assert len(view.observation()) == game.observation_size, "cards set aside keep the observation's size"
        sample = game.sample_state(view, random.Random(1))
        assert sample.aside == state.aside
        assert sample.view(seat) == view
    rng = random.Random(2)
    while not state.is_over and state.round_number == 1:
        state = state.apply(rng.choice(state.legal_actions()))
    if not state.is_over:
        assert state.aside == ()
        assert state.removed == removed_cards(game.players)
        assert len(state.cards_in_play()) == len(DECK) - len(removed_cards(game.players))


def test_a_saved_state_without_cards_aside_reads_as_before() -> None:
    """A state dict has 'aside' only when cards are set aside; without it, none are (docs: reference/formats.md)."""
    state = FOUR.start(seed=4)
    data = state.to_dict()
    assert "aside" not in data
    assert FOUR.from_dict({**data}) == state == FOUR.from_dict({**data, "aside": []})
    puzzle = FOUR.position([cards("9c Kh"), cards("Qd"), cards("5s"), cards("Ah")], pile=cards("4c"), kalo_holder=0)
    assert puzzle.to_dict()["aside"] == [str(card) for card in puzzle.aside]
    with pytest.raises(InvalidStateError, match="none is set aside"):
        FOUR.from_dict(
            {
                **data,
                "aside": ["3c"],
                "hands": [[slot for slot in hand if slot["card"] != "3c"] for hand in data["hands"]],
            }
        )
    with pytest.raises(InvalidStateError, match="more than once"):
        FOUR.from_dict({**puzzle.to_dict(), "aside": [*puzzle.to_dict()["aside"], "4c"]})


@given(position_args(), st.data())
def test_a_trick_in_progress_set_up_is_the_trick_played(drawn: tuple[Kalo, dict[str, Any]], data: Any) -> None:
    """Plays and passes so far, set up as trick and passed, give the state that playing them gives (K4, K6).

    Checks rules/kalo.md#positions, rules/kalo.md#following.
    """
    game, args = drawn
    state = game.position(**args)
    assume(state.round_number == 1 and state.phase == "play")
    for _ in range(data.draw(st.integers(1, 6))):
        # Plays without effects only, so that no card changes hands and every slot stays as dealt.
        quiet = [
            action
            for action in state.legal_actions()
            if isinstance(action, Pass)
            or (isinstance(action, Play) and (action.rank not in (3, 4, 5, 6) or action.has_kalo))
        ]
        if not quiet:
            break
        after = state.apply(data.draw(st.sampled_from(quiet)))
        if after.is_over or after.round_number != 1 or not after.trick or after.phase != "play":
            break
        state = after
    assume(state.trick)
    assert rebuilt(state) == state.__replace__(plays=len(state.trick))


@pytest.mark.parametrize("rank", [3, 4, 5, 6])
@given(data=st.data())
def test_an_effect_under_way_set_up_is_the_effect_played(rank: int, data: Any) -> None:
    """An effect of a 3, 4, 5 or 6 part-way, set up with effect=, is the state that playing it so far gives (K8).

    Checks rules/kalo.md#positions, rules/kalo.md#effects.
    """
    state, lead = data.draw(effect_plays(rank))
    state = state.apply(lead)
    while state.phase == "effect":
        assert state.effect is not None
        assert rebuilt(state) == state == rebuilt(state, origin=False)
        legal = state.legal_actions()
        if state.effect.step == "insert" or not data.draw(st.booleans()):
            break  # a card inserted changes a hand's slots from as dealt: a position cannot say that
        state = state.apply(data.draw(st.sampled_from(legal)))


def test_a_position_says_whose_turn_it_is_and_refuses_what_play_could_not_give() -> None:
    """The seat to play follows the last play past those passed; a trick over, or passes out of turn, are refused.

    Checks rules/kalo.md#positions.
    """
    hands = [cards("9c Kh"), cards("Qd"), cards("5s Ah"), cards("Jc")]
    state = FOUR.position(hands, trick=[(1, cards("10d")), (2, cards("Jd"))], passed=[3], kalo_holder=0)
    assert (state.current_player, state.leader, state.passed) == (0, 1, frozenset({3}))
    assert [str(action) for action in state.legal_actions()] == ["Kh", "pass"]
    with pytest.raises(InvalidStateError, match="the trick is over"):
        FOUR.position(hands, trick=[(1, cards("10d")), (2, cards("Jd"))], passed=[3, 0, 1], kalo_holder=0)
    with pytest.raises(InvalidStateError, match="have passed; passed is"):
        FOUR.position(hands, trick=[(1, cards("10d")), (2, cards("Jd"))], passed=[1], kalo_holder=0)
    with pytest.raises(InvalidStateError, match="does not beat the play before it"):
        FOUR.position(hands, trick=[(1, cards("Jd")), (2, cards("10d"))], kalo_holder=0)
    with pytest.raises(InvalidStateError, match="the trick was led by seat 1, so the leader is 1"):
        FOUR.position(hands, trick=[(1, cards("10d"))], leader=0, kalo_holder=0)
    with pytest.raises(InvalidStateError, match="an effect belongs to the trick's last play"):
        FOUR.position(hands, effect={}, kalo_holder=0)
    with pytest.raises(InvalidStateError, match="10s, which have no effect"):
        FOUR.position(hands, trick=[(1, cards("10d"))], effect={}, kalo_holder=0)
    with pytest.raises(InvalidStateError, match="effect is a mapping of step, left, card, target, origin"):
        FOUR.position(hands, trick=[(1, cards("4d"))], effect={"rank": 4}, kalo_holder=0)
    with pytest.raises(InvalidStateError, match="at step 'insert' has card on its way"):
        FOUR.position(hands, trick=[(1, cards("4d"))], effect={"step": "insert"}, kalo_holder=0)


def test_who_was_dealt_the_kalo_is_said_when_no_hand_holds_it() -> None:
    """With the Kalo in no hand, kalo_holder must be given; with it in a hand (as dealt), that seat was dealt it (K2).

    Checks rules/kalo.md#positions, rules/kalo.md#opening.
    """
    hands = [cards("9c Kh"), cards("Qd"), cards("5s Ah"), cards("Jc")]
    with pytest.raises(InvalidStateError, match=r"no hand holds the Kalo, so say who was dealt it .*kalo_holder=SEAT"):
        FOUR.position(hands)
    assert FOUR.position(hands, kalo_holder=2).kalo_holder == 2
    with_kalo = [cards("9c 2h"), cards("Qd"), cards("5s Ah"), cards("Jc")]
    assert FOUR.position(with_kalo).kalo_holder == 0
    with pytest.raises(InvalidStateError, match=r"seat 0 holds the Kalo, .* kalo_holder is 0, not 3"):
        FOUR.position(with_kalo, kalo_holder=3)


def test_the_scores_of_those_out_must_hold_their_places_points() -> None:
    """Seats out scored their places' points (K10): by default they have them; scores lacking them are refused.

    Checks rules/kalo.md#positions, rules/kalo.md#points.
    """
    hands = [cards("9c Kh"), [], cards("5s Ah"), []]
    state = FOUR.position(hands, out=[3, 1], kalo_holder=0)
    assert state.scores == (0, 3, 0, 4)
    with pytest.raises(InvalidStateError, match=r"seat 1 went out 2. and scored 3 points this round \(K10\)"):
        FOUR.position(hands, out=[3, 1], scores=[0, 2, 0, 4], kalo_holder=0)


def test_choosing_whom_an_effect_goes_to_is_announced_without_its_card() -> None:
    """The seat k step of a 3, 5 or 6 is an event for everyone; the card given is named only to those who know it.

    They are its giver and its receiver, who sees it in the view from then on.
    Checks rules/kalo.md#effects, rules/kalo.md#what-each-player-knows.
    """
    state = FOUR.position([cards("3c 9c Kc"), cards("6d Qd"), cards("Kd 8s"), cards("Ad 8h")], leader=0, kalo_holder=0)
    for move in ["3c", "card 9c"]:
        state = state.apply(state.parse_action(move))
    transition = state.step(state.parse_action("seat 2"))
    (event,) = transition.events
    assert event == TargetChosen(seat=0, rank=3, target=2, card=Card.parse("9c"), seen_by=frozenset({0, 2}))
    for knower in (0, 2):
        assert str(event.for_seat(knower)) == "seat 0 gives 9c to seat 2"
        assert transition.state.view(knower).effect.card == Card.parse("9c")  # type: ignore[union-attr]
    for seat in (None, 1, 3):
        assert str(event.for_seat(seat)) == "seat 0 gives the card to seat 2"
        assert event.for_seat(seat).to_dict()["card"] is None  # type: ignore[union-attr]
    robbing = FOUR.position([cards("6c 9c"), cards("Qd Jd"), cards("Kd"), cards("Ad")], leader=0, kalo_holder=0)
    robbing = robbing.apply(robbing.parse_action("6c"))
    (rob,) = robbing.step(robbing.parse_action("seat 1")).events
    assert str(rob) == str(rob.for_seat(None)) == "seat 0 robs seat 1"
