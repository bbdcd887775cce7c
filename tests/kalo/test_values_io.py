"""Kalo actions, states and views as values: notation, dicts, and precise errors for bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tablegames import ConfigError, IllegalActionError, InvalidActionError, InvalidStateError, Match
from tablegames.kalo import DECK, KALO, Card, ChooseCard, ChooseSeat, ChooseSlot, Insert, Kalo, KaloState, Pass, Play
from tests.kalo.strategies import kalo_states, position_args

FOUR = Kalo(players=4)


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


@given(kalo_states())
def test_state_dicts_round_trip(state: KaloState) -> None:
    """to_dict is JSON-ready and from_dict gives an equal state, in every phase."""
    assert state.game.from_dict(json.loads(json.dumps(state.to_dict()))) == state


@given(st.one_of(kalo_states(), kalo_states(effect=True)))
def test_view_dicts_write_each_slot_as_the_seat_sees_it(state: KaloState) -> None:
    """Each seat's view as JSON writes every slot's card where that seat knows it, else null, and who knows it.

    Checks rules/kalo.md#what-each-player-knows in what the server sends.
    """
    for seat in (None, *range(state.game.players)):
        written = json.loads(json.dumps(state.view(seat).to_dict()))
        for owner, (hand, slots) in enumerate(zip(state.hands, written["hands"], strict=True)):
            assert slots == [
                {
                    "card": str(slot.card) if owner == seat or seat in slot.known_by else None,
                    "received": slot.received,
                    "known_by": sorted(slot.known_by),
                }
                for slot in hand
            ]


@given(st.one_of(kalo_states(), kalo_states(effect=True)))
def test_every_legal_decision_reads_back_and_comes_in_the_documented_order(state: KaloState) -> None:
    """Legal decisions read back from their notation, listed as the page says (rules/kalo.md#notation)."""
    legal = state.legal_actions()
    assert all(state.parse_action(str(action)) == action for action in legal)
    plays = [action for action in legal if isinstance(action, Play)]
    alone = not state.game.kalo_in_combinations

    def order(play: Play) -> tuple[bool, int, int, tuple[int, ...]]:
        return (
            alone and play.cards == (KALO,),
            play.rank,
            len(play.cards),
            tuple("cdhs".index(c.suit) for c in play.cards),
        )

    assert plays == sorted(plays, key=order), "by rank, then size, then suit; the lone Kalo last"
    if state.phase == "play":
        assert legal == (*plays, *([Pass()] if state.trick else [])), "pass at the end"
    elif state.effect is not None:
        effect = state.effect
        if effect.step == "card":
            offered = [slot.card for slot in state.hands[effect.seat]] if effect.rank == 3 else list(state.pile)
            assert [action.card for action in legal if isinstance(action, ChooseCard)] == offered, "hand or pile order"
        else:
            numbers = [
                action.seat if isinstance(action, ChooseSeat) else action.slot
                for action in legal
                if isinstance(action, (ChooseSeat, ChooseSlot, Insert))
            ]
            assert len(numbers) == len(legal)
            assert numbers == sorted(numbers), "seats in seat order, slots from 0"


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("8c 8h", Play(tuple(cards("8c 8h")))),
        ("play 10d", Play(tuple(cards("10d")))),
        ("pass", None),
        ("card Qh", ChooseCard(Card.parse("Qh"))),
        ("seat 2", ChooseSeat(2)),
        ("slot 4", ChooseSlot(4)),
        ("insert 0", Insert(0)),
    ],
)
def test_notation_round_trips(text: str, action: object) -> None:
    """Every decision reads from its notation and writes back to it (rules/kalo.md#notation)."""
    parsed = FOUR.start(seed=1).parse_action(text)
    if action is not None:
        assert parsed == action
    assert FOUR.start(seed=1).parse_action(str(parsed)) == parsed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a Kalo action"),
        ("8c 9c", "a play is cards of one rank"),
        ("8c 8c", "a play is 1 to 4 different cards"),
        ("1x", "'1x' is not a card"),
        ("seat x", "is not a Kalo action"),
    ],
)
def test_bad_notation(text: str, message: str) -> None:
    """Notation that names no decision is an InvalidActionError saying why (rules/kalo.md#notation)."""
    with pytest.raises(InvalidActionError, match=message):
        FOUR.start(seed=1).parse_action(text)


def _position() -> KaloState:
    return FOUR.position([cards("8c 8d 9c 6c"), cards("Ad 5d"), cards("Kd 10s"), []], out=[3], leader=0, kalo_holder=0)


@pytest.mark.parametrize(
    ("moves", "bad", "message"),
    [
        ([], "Ac", r"^Ac is not in your hand; legal: "),
        (["8c"], "Ad 5d", "a play is cards of one rank"),
        (
            ["8c 8d"],
            "Ad",
            r"^the last play is 2 8s, so a play on it has 2 cards, not 1: play 2 cards higher than 8, or pass",
        ),
        (["9c"], "5d", r"^a 5 is lower than a 9: play 1 card higher than 9, or pass; legal: Ad, pass$"),
        ([], "pass", "^you lead this trick, so you must play: a leader cannot pass; legal: "),
        (["6c"], "seat 0", r"must choose another player holding cards for the 6 .*; legal: seat 1, seat 2"),
        (["6c"], "seat 3", r"legal: seat 1, seat 2"),
        (["6c", "seat 1"], "slot 2", r"must choose a slot for the 6 .*; legal: slot 0, slot 1"),
        (["6c", "seat 1", "slot 0"], "insert 9", r"legal: insert 0, insert 1, insert 2, insert 3$"),
        (["6c"], "9c", "^first finish the effect of the cards just played; legal: seat 1, seat 2$"),
    ],
)
def test_bad_decisions_say_why_and_change_nothing(moves: list[str], bad: str, message: str) -> None:
    """Each illegal decision raises IllegalActionError (or InvalidActionError for unreadable notation).

    Checks rules/kalo.md#leading, rules/kalo.md#following, rules/kalo.md#effect-6, rules/kalo.md#receiving.
    """
    state = _position()
    for move in moves:
        state = state.apply(state.parse_action(move))
    before = state.to_dict()
    with pytest.raises((IllegalActionError, InvalidActionError), match=message):
        state.apply(state.parse_action(bad))
    assert state.to_dict() == before


def test_acting_out_of_turn() -> None:
    """A decision by a seat whose decision it is not is refused by the match."""
    match = Match(FOUR, state=_position())
    with pytest.raises(IllegalActionError, match="it is seat 0's decision, not seat 2's"):
        match.play("Kd", seat=2)
    assert match.history == ()


def _dict(**change: Any) -> dict[str, Any]:
    return {**_position().to_dict(), **change}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_dict(version=2), "state format version 2 is not readable"),
        (_dict(phase="bidding"), "phase must be arrange, play, effect or over"),
        (_dict(scores=[0, 0, 0]), "scores must have 4 entries"),
        (_dict(scores=[25, 0, 0, 0]), "the game is over exactly when a score reaches 20"),
        (_dict(pile=["2h"]), "lacks"),
        (_dict(pile=[*_position().to_dict()["pile"], "8c"]), "holds 8c more than once"),
        (_dict(current_player=3), "seat 3 is to lead, so it must be able to"),
        (_dict(current_player=None), "current_player is null exactly when the game is over"),
        (_dict(out=[]), r"out \[\] must be the seats with empty hands"),
        (_dict(leader=9), r"leader \(a seat\) must be an integer from 0 to 3"),
        (_dict(arranged=2), "arranged is 0 outside the arranging phase"),
        (
            _dict(trick=[{"seat": 1, "cards": ["2h"]}], pile=[c for c in _position().to_dict()["pile"] if c != "2h"]),
            "a trick in progress cannot hold it",
        ),
        (_dict(effect={"rank": 7}), "effect must be an object"),
        (
            _dict(hands=[[{"card": "8c", "received": False, "known_by": [0]}], [], [], []]),
            "known_by lists the hand's own seat",
        ),
        (_dict(extra=1), r"unknown state field\(s\) \['extra'\]"),
    ],
)
def test_bad_state_dicts(data: dict[str, Any], message: str) -> None:
    """from_dict checks every field and the whole, and says what is wrong."""
    with pytest.raises(InvalidStateError, match=message):
        FOUR.from_dict(data)


def test_nobody_knows_the_card_of_an_effect_that_has_none_on_its_way() -> None:
    """A 6 about to choose whom to rob has no card on its way, so no seat can be said to know one.

    Checks rules/kalo.md#effect-6, rules/kalo.md#what-each-player-knows.
    """
    state = FOUR.position([cards("6c 9c"), cards("Qd Jd"), cards("Kd"), cards("Ad")], leader=0, kalo_holder=0)
    data = state.apply(state.parse_action("6c")).to_dict()
    assert data["effect"]["card"] is None
    data["effect"]["origin"] = [1]
    with pytest.raises(InvalidStateError, match="with no card on its way, none"):
        FOUR.from_dict(data)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "pass", "x": 1}, r"unknown action field\(s\) \['x'\]"),
        ({"type": "play", "cards": "8c"}, "must be a list of 1 to 4 cards"),
        ({"type": "play", "cards": [8]}, "a card is written like 10d"),
        ({"type": "insert", "slot": -1}, "must be an integer from 0 to 63, got -1"),
        ({"type": "bid"}, "unknown Kalo action type 'bid'"),
    ],
)
def test_bad_action_dicts(data: dict[str, Any], message: str) -> None:
    """action_from_dict checks the type and every field."""
    with pytest.raises(InvalidActionError, match=message):
        FOUR.action_from_dict({"format": "tablegames.action", "version": 1, **data})


def test_deal_and_position_are_checked() -> None:
    """A deal must be the full, even deal of the game's cards; a position must account for every card.

    Checks rules/kalo.md#positions, rules/kalo.md#removed-cards.
    """
    with pytest.raises(InvalidStateError, match="a deal needs 4 hands, got 3"):
        FOUR.deal([[], [], []])
    with pytest.raises(InvalidStateError, match="7c, removed with 3 players"):
        Kalo(players=3).position([cards("7c 8c"), cards("9c"), cards("10c")], kalo_holder=0)
    with pytest.raises(InvalidStateError, match="at least two players must hold cards"):
        FOUR.position([cards("8c"), [], [], []], out=[1, 2, 3], kalo_holder=0)


@given(position_args())
def test_a_position_holds_what_it_was_given_and_the_rest_in_the_pile(drawn: tuple[Kalo, dict[str, Any]]) -> None:
    """The hands, the seats out and the leader are as given; every other card lies in the pile; those out scored.

    The scores default to the points of the places out (K10). Checks rules/kalo.md#positions.
    """
    game, args = drawn
    state = game.position(**args)
    # Else every leader was blocked and the round ended: the next round was dealt, or a game of one round is over.
    assume(state.round_number == 1 and not state.is_over)
    assert [[slot.card for slot in hand] for hand in state.hands] == args["hands"]
    assert not any(slot.received or slot.known_by for hand in state.hands for slot in hand)
    assert state.out == tuple(args["out"])
    held = {card for hand in args["hands"] for card in hand}
    assert state.pile == tuple(card for card in DECK if card not in held and card not in state.removed)
    points = [0] * game.players
    for place, seat in enumerate(args["out"]):
        points[seat] = game.players - place
    assert (state.phase, state.trick, state.scores) == ("play", (), tuple(points))


_HANDS = [["8c"], ["Ad"], ["Kd"], ["Qd"]]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: FOUR.position(None), "hands must be a list"),  # type: ignore[arg-type]
        (lambda: FOUR.position([None, [], [], []], kalo_holder=0), "a hand must be a list"),  # type: ignore[list-item]
        (lambda: FOUR.position(_HANDS, scores=5), "scores must be a list"),  # type: ignore[arg-type]
        (lambda: FOUR.position(_HANDS, out=None), "out must be a list"),  # type: ignore[arg-type]
        (lambda: FOUR.position(_HANDS, pile=5), "pile must be a list"),  # type: ignore[arg-type]
        (lambda: FOUR.position(_HANDS, seed="x"), "seed must be an integer"),  # type: ignore[arg-type]
        (lambda: FOUR.position(_HANDS, round_number=0), "round_number must be an integer of at least 1"),
        (lambda: FOUR.position(_HANDS, kalo_holder=9), "kalo_holder must be an integer from 0 to 3"),
        (lambda: FOUR.position(_HANDS, leader=True), "leader must be an integer from 0 to 3"),
        (lambda: FOUR.deal([DECK[seat::4] for seat in range(4)], round_number=True), "round_number"),
        (lambda: FOUR.deal([DECK[seat::4] for seat in range(4)], seed=1.5), "seed must be an integer"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_to_deal_and_position(call: Any, message: str) -> None:
    """Deal and position check every argument and raise InvalidStateError naming it (rules/kalo.md#positions)."""
    with pytest.raises(InvalidStateError, match=message):
        call()


def test_unicode_digits_are_not_slots() -> None:
    """Only ASCII digits name slots and seats."""
    with pytest.raises(InvalidActionError, match="is not a Kalo action"):
        FOUR.start(seed=1).parse_action("seat ²")


def test_a_saved_trick_keeps_the_kalo_alone_unless_the_option_allows() -> None:
    """A trick read from a dict may hold the Kalo in a combination only with kalo_in_combinations.

    Checks rules/kalo.md#the-kalo.
    """
    data = _dict(trick=[{"seat": 1, "cards": ["2h", "2s"]}])
    data["pile"] = [card for card in data["pile"] if card not in ("2h", "2s")]
    with pytest.raises(InvalidStateError, match="trick play 0: the Kalo is always played alone"):
        FOUR.from_dict(data)


def test_a_float_rank_is_refused_and_changes_no_card() -> None:
    """A rank must be an int: Card(10.0, "d") is refused and the one 10d keeps its rank 10."""
    ten = Card.parse("10d")
    with pytest.raises(InvalidActionError, match="a rank is 2 to 14"):
        Card(10.0, "d")  # type: ignore[arg-type]
    assert type(ten.rank) is int
    assert Card(10, "d") is ten


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("arrange 12 13", r"^'arrange 12 13' is not a Kalo action: arrange takes one slot number, e.g. 'arrange 3'$"),
        ("insert", r"insert takes one slot number, e.g. 'insert 3'$"),
        ("seat 1 2", r"seat takes one seat number, e.g. 'seat 2'$"),
        ("slot 100", r"slot takes one slot number"),
    ],
)
def test_numbered_decisions_say_what_they_take(text: str, message: str) -> None:
    """arrange, insert, seat and slot with no number, several or a long one say what they take.

    Checks rules/kalo.md#notation.
    """
    with pytest.raises(InvalidActionError, match=message):
        FOUR.start(seed=1).parse_action(text)


def test_the_options_and_their_defaults() -> None:
    """The defaults are 4 players, the Kalo alone and 500 plays; bad values are refused (rules/kalo.md#options)."""
    assert Kalo().options() == {"players": 4, "kalo_in_combinations": False, "play_limit": 500}
    assert Kalo(players=6, kalo_in_combinations=True, play_limit=9).options() == {
        "players": 6, "kalo_in_combinations": True, "play_limit": 9,
    }  # fmt: skip
    for bad in ({"players": 7}, {"kalo_in_combinations": "yes"}, {"play_limit": 0}):
        with pytest.raises(ConfigError):
            Kalo(**bad)
