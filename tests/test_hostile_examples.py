"""Hostile inputs found by trying the readers as a stranger would: each now gets a precise, typed error."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

import pytest

import tablegames
from tablegames import ConfigError, InvalidActionError, InvalidStateError, Match, SeatError, TablegamesError
from tablegames.kalaha import Kalaha
from tablegames.kalo import ChooseCard, Kalo
from tablegames.loo import Loo

if TYPE_CHECKING:
    from collections.abc import Callable

_ACTION = {"format": "tablegames.action", "version": 1}


def _loo_with_a_card_moved() -> dict[str, Any]:
    data = Loo(players=4).start(seed=3).to_dict()
    data["hands"][0].append(data["hands"][1].pop())
    return data


def _loo_with_an_empty_trick() -> dict[str, Any]:
    state = Loo(players=3).start(seed=1)
    while state.phase != "play" or not state.tricks:
        state = state.apply(state.legal_actions()[0])
    data = state.to_dict()
    data["tricks"].insert(0, [])
    return data


def _kalaha(**fields: Any) -> dict[str, Any]:
    return {**Kalaha().start().to_dict(), **fields}


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def _kalo_hand_moved_during_3s() -> dict[str, Any]:
    game = Kalo(players=3)
    state = game.position([["3c", "3d", "Qh", "Js"], ["5d", "6d"], ["9d", "2h", "Ks"]], leader=0)
    data = state.apply(state.parse_action("3c 3d")).to_dict()
    data["hands"][2] += data["hands"][0]
    data["hands"][0] = []
    return data


def _kalo_turn_skipped() -> dict[str, Any]:
    game = Kalo(players=3)
    state = game.position([["8c", "Qh", "4s"], ["9d", "5d", "Kc"], ["10h", "2h", "7s"]], leader=0)
    data = state.apply(state.parse_action("8c")).to_dict()
    data["current_player"] = 2
    return data


_cycle: dict[str, Any] = {}
_cycle["a"] = _cycle

EXAMPLES: list[tuple[str, Callable[[], object], type[TablegamesError], str]] = [
    ("a Loo card moved between hands", lambda: Loo(players=4).from_dict(_loo_with_a_card_moved()),
     InvalidStateError, r"hands of \[6, 4, 5, 5\] cards after \[0, 0, 0, 0\] played do not add up"),
    ("Kalaha's seat to move as a float", lambda: Kalaha().from_dict(_kalaha(current_player=0.0)),
     InvalidStateError, "the seat to move must be 0 or 1 while the game goes on, got 0.0"),
    ("an empty Loo trick", lambda: Loo(players=3).from_dict(_loo_with_an_empty_trick()),
     InvalidStateError, "a finished trick holds one card of each of the 3 seats"),
    ("nesting 900 deep", lambda: Kalaha().from_dict(_kalaha(pits=_nested(900))),
     InvalidStateError, "nested deeper than 32 levels"),
    ("nesting 900 deep, any game", lambda: tablegames.state_from_dict({**_kalaha(), "options": _nested(900)}),
     InvalidStateError, "nested deeper than 32 levels"),
    ("an integer of 5,001 digits", lambda: Kalaha().from_dict(_kalaha(current_player=10**5000)),
     InvalidStateError, "an integer of 5001 digits"),
    ("cyclic options", lambda: Kalaha().from_dict(_kalaha(options=_cycle)),
     InvalidStateError, "nested deeper than 32 levels"),
    ("a set in the options", lambda: Kalaha().from_dict(_kalaha(options={1, 2})),
     InvalidStateError, "holds a set at"),
    ("a game named by a list", lambda: tablegames.load(["loo"]),  # type: ignore[call-overload]
     ConfigError, r"a game is named by a string such as 'kalaha', got \['loo'\]"),
    ("infinitely many players", lambda: tablegames.load("loo", players=math.inf),
     ConfigError, "Loo is for 3 to 8 players, got players=inf"),
    ("players as an object", lambda: tablegames.load("loo", players={}),
     ConfigError, r"Loo is for 3 to 8 players, got players=\{\}"),
    ("a seed of 5,001 digits", lambda: Loo().start(seed=10**5000),
     ConfigError, "got <an integer of 5001 digits>"),
    ("seat True", lambda: Match(Kalaha(), seed=1).play("a", seat=True),
     SeatError, "seat must be 0 to 1 or None, got True"),
    ("seat False", lambda: Match(Kalaha(), seed=1).play("a", seat=False),
     SeatError, "seat must be 0 to 1 or None, got False"),
    ("control characters around notation", lambda: Kalaha().start().parse_action("\x1ca\x1c"),
     InvalidActionError, "notation holds U\\+001C, which is not printable"),
    ("a megabyte of notation", lambda: Kalo().start(seed=1).parse_action("8c " * 333_333),
     InvalidActionError, "notation is 999,999 characters long; no notation is longer than 200"),
    ("seat 3 of three", lambda: Kalo(players=3).action_from_dict({**_ACTION, "type": "choose_seat", "seat": 3}),
     InvalidActionError, "action field 'seat' must be an integer from 0 to 2, got 3"),
    ("seat 3 of three in notation", lambda: Kalo(players=3).start(seed=1).parse_action("seat 3"),
     InvalidActionError, "seat 3 is not a seat of this game: its seats are 0 to 2"),
    ("a Kalo card as text", lambda: ChooseCard("Qh"),  # type: ignore[arg-type]
     InvalidActionError, "an effect's card must be a Card, got 'Qh'"),
    ("a Kalo hand emptied while its 3s are given", lambda: Kalo(players=3).from_dict(_kalo_hand_moved_during_3s()),
     InvalidStateError, "a 3's effects still need 2 cards from seat 0's hand, which holds 0"),
    ("a Kalo turn that skips a seat", lambda: Kalo(players=3).from_dict(_kalo_turn_skipped()),
     InvalidStateError, r"seat 2 can be to play only when the holders before it, \[1\], have passed; passed is \[\]"),
]  # fmt: skip


@pytest.mark.parametrize(("read", "error", "message"), [example[1:] for example in EXAMPLES],
                         ids=[example[0] for example in EXAMPLES])  # fmt: skip
def test_each_hostile_example_gets_a_typed_error(
    read: Callable[[], object], error: type[TablegamesError], message: str
) -> None:
    """Every example of hostile input found earlier raises the right TablegamesError with a precise message."""
    with pytest.raises(error, match=message):
        read()


def test_the_seat_play_puts_to_turn_is_accepted_and_plays_on() -> None:
    """The same dict with the seat after the play to act loads, and what follows reads back: only the skip fails."""
    data = _kalo_turn_skipped()
    data["current_player"] = 1
    state = Kalo(players=3).from_dict(data)
    after = state.apply(state.parse_action("pass"))
    assert Kalo(players=3).from_dict(json.loads(json.dumps(after.to_dict()))) == after


def test_errors_never_quote_an_unbounded_value() -> None:
    """A huge value in a field is described, not printed: every message stays short."""
    game = Kalaha()
    for value in ("x" * 9_999, list(range(100_000)), [[[[[[[[1]]]]]]]], 10**19):
        with pytest.raises(InvalidStateError) as caught:
            game.from_dict(_kalaha(current_player=value))
        assert len(str(caught.value)) < 300
