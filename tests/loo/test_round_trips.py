"""Loo deals and round trips: bad deals refused precisely; state and action dicts, notation and deals round-trip."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import InvalidStateError
from tablegames.loo import DECK, Drop, Loo, LooState, PlayCard, Stay, TakeMiss
from tablegames.loo.actions import parse_action
from tablegames.testing.strategies import seeds
from tests.loo.strategies import games, loo_states

THREE = Loo(players=3)
MISS = Loo(players=3, miss=True)

# -- deals -------------------------------------------------------------------------


_GOOD = [DECK[0:5], DECK[5:10], DECK[10:15]]


@pytest.mark.parametrize(
    ("game", "arguments", "message"),
    [
        (THREE, {"hands": _GOOD[:2]}, r"^a deal needs 3 hands, got 2$"),
        (THREE, {"hands": [*_GOOD[:2], DECK[10:14]]}, r"^every hand is 5 cards, got sizes \[5, 5, 4\]$"),
        (THREE, {"hands": [*_GOOD[:2], DECK[10:16]]}, r"^every hand is 5 cards, got sizes \[5, 5, 6\]$"),
        (THREE, {"hands": [*_GOOD[:2], DECK[9:14]]}, r"^a card may be dealt once only: Jc twice$"),
        (THREE, {"turned": "2c"}, r"^a card may be dealt once only: 2c twice$"),
        (THREE, {"miss": DECK[20:25]}, r"^a Miss is dealt only with option miss$"),
        (MISS, {}, r"^this game deals the Miss \(option miss\): give its five cards$"),
        (MISS, {"miss": DECK[20:24]}, r"^the Miss is 5 cards, got 4$"),
        (MISS, {"miss": [*DECK[20:24], DECK[0]]}, r"^a card may be dealt once only: 2c twice$"),
        (MISS, {"miss": "2h 4h 5h 6h 7h"}, r"^the Miss must be a list, got '2h 4h 5h 6h 7h'$"),
        (
            THREE,
            {"balances": [0, 0, 1]},
            r"^balances \[0, 0, 1\] and carry 0 must be 3 balances .*: chips are conserved$",
        ),
        (THREE, {"balances": [0, 0]}, r"chips are conserved$"),
        (THREE, {"balances": [1, 0, 0], "carry": 1}, r"^balances \[1, 0, 0\] and carry 1 must be"),
        (THREE, {"balances": [True, 0, 0]}, r"^a balance must be an integer, got True$"),
        (THREE, {"balances": [0.0, 0, 0]}, r"^a balance must be an integer, got 0.0$"),
        (THREE, {"carry": -1}, r"^carry must be an integer of at least 0, got -1$"),
        (THREE, {"round_number": 0}, r"^round_number must be an integer from 1 to 6, got 0$"),
        (THREE, {"round_number": 7}, r"^round_number must be an integer from 1 to 6, got 7$"),
        (THREE, {"round_number": True}, r"^round_number must be an integer from 1 to 6, got True$"),
        (THREE, {"seed": 1.5}, r"^seed must be an integer of at least 0, got 1.5$"),
        (THREE, {"turned": "Zz"}, r"^the turned-up card: 'Zz' is not a card"),
        (THREE, {"turned": None}, r"^the turned-up card must be a card or its notation, got None$"),
        (THREE, {"hands": None}, r"^hands must be a list, got None$"),
        (THREE, {"hands": [*_GOOD[:2], "Kh 3h 2d 5s 6d"]}, r"^a hand must be a list, got 'Kh 3h 2d 5s 6d'$"),
        (THREE, {"hands": [*_GOOD[:2], ["Kh", "3h", "2d", "5s", 6]]}, r"^a card in a hand must be a card or its"),
    ],
)
def test_bad_deals(game: Loo, arguments: dict[str, Any], message: str) -> None:
    """Loo.deal checks hands, turned card, Miss and chips, raising InvalidStateError (rules/loo.md#deals)."""
    given_arguments: dict[str, Any] = {"hands": _GOOD, "turned": "Ks", **arguments}
    with pytest.raises(InvalidStateError, match=message):
        game.deal(**given_arguments)


def test_deal_balances_must_be_a_list() -> None:
    """Balances given to Loo.deal that are not a list raise InvalidStateError (rules/loo.md#deals)."""
    with pytest.raises(InvalidStateError, match="balances"):
        THREE.deal(_GOOD, "Ks", balances=5)  # type: ignore[arg-type]


# -- round trips -------------------------------------------------------------------


@given(loo_states())
def test_state_dicts_round_trip(state: LooState) -> None:
    """to_dict is JSON and from_dict gives an equal state, in every phase (rules/loo.md#bad-input)."""
    data = json.loads(json.dumps(state.to_dict()))
    again = state.game.from_dict(data)
    assert again == state
    assert again.to_dict() == data
    assert tablegames.state_from_dict(data) == state


@given(loo_states())
def test_legal_actions_round_trip(state: LooState) -> None:
    """Every legal action reads back from its dict and from its notation (rules/loo.md#notation)."""
    for action in state.legal_actions():
        assert state.game.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        assert state.parse_action(str(action)) == action


def test_every_action_round_trips() -> None:
    """Every Loo action, each card's play included, reads back from dict and notation (rules/loo.md#notation)."""
    for action in (Stay(), Drop(), TakeMiss(), *(PlayCard(card) for card in DECK)):
        assert THREE.action_from_dict(action.to_dict()) == action
        assert parse_action(str(action)) == action
    assert {str(PlayCard(card)) for card in DECK} == {str(card) for card in DECK}


@given(games(), seeds())
def test_a_deal_reproduces_a_start(game: Loo, seed: int) -> None:
    """Dealing the hands, turned card and Miss of a started game gives the same state (rules/loo.md#deals)."""
    state = game.start(seed=seed)
    miss = state.miss if game.miss else None
    assert game.deal(state.hands, state.turned, miss, seed=seed) == state
    written = [[str(card) for card in reversed(hand)] for hand in state.hands]
    assert game.deal(written, str(state.turned), miss, seed=seed) == state


@given(games(), seeds(), st.data())
def test_a_deal_reproduces_a_later_round(game: Loo, seed: int, data: st.DataObject) -> None:
    """Dealing a later round's cards with its balances and carry-over gives the same state (rules/loo.md#deals)."""
    target = data.draw(st.integers(1, game.rounds))
    state = game.start(seed=seed)
    while state.round_number < target and not state.is_over:
        state = state.apply(data.draw(st.sampled_from(state.legal_actions())))
    if state.is_over:
        return
    assert state.decisions == (None,) * game.players
    dealt = game.deal(
        state.hands,
        state.turned,
        state.miss if game.miss else None,
        round_number=state.round_number,
        balances=[chips + game.ante for chips in state.balances],
        carry=state.pot - game.players * game.ante,
        seed=seed,
    )
    assert dealt == state
