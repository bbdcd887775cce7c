"""What Loo's events and views say, in players' words (rules/loo.md#deciding, rules/loo.md#the-loo).

Staying in is said as staying in, one chip is "1 chip", and a loo in the
last round goes to nobody, as ruling L13 has it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.loo import Loo, LooState
from tablegames.loo.events import Decided, Looed

if TYPE_CHECKING:
    from tablegames.core.protocol import Event

#: The short game of rules/loo.md#small-pot: seat 0 is looed; seat 1 takes the first three tricks.
HANDS = [["Qs", "Js", "10s", "9s", "8s"], ["Ah", "Kh", "Qh", "2c", "3c"], ["4h", "5h", "4c", "Ad", "Kd"]]
TRICKS = [
    "play",
    "play",
    "play",
    "Ah",
    "5h",
    "Qs",
    "Kh",
    "4h",
    "Js",
    "Qh",
    "Kd",
    "10s",
    "2c",
    "4c",
    "9s",
    "Ad",
    "8s",
    "3c",
]


def _played(rounds: int, moves: list[str]) -> tuple[LooState, list[Event]]:
    state = Loo(players=3, rounds=rounds).deal(HANDS, turned="2h")
    events: list[Event] = []
    for move in moves:
        transition = state.step(state.parse_action(move))
        events += transition.events
        state = transition.state
    return state, events


def test_staying_in_is_said_as_staying_in() -> None:
    """Deciding to play the round reads "stays in", so that "plays" only ever plays a card (rules/loo.md#deciding)."""
    _, events = _played(1, TRICKS[:4])
    decided = [str(event) for event in events if isinstance(event, Decided)]
    assert decided == ["seat 1 stays in", "seat 2 stays in", "seat 0 stays in"]
    assert "seat 1 plays Ah" in [str(event) for event in events]


def test_the_view_says_one_chip_and_staying_in() -> None:
    """After two tricks seat 1 has 1 chip, and the table says so: "1 chip", "stays in"."""
    state, _ = _played(1, TRICKS[:9])
    assert state.balances[1] == 1
    lines = str(state.view(1)).splitlines()
    assert "*seat 1 (you): 1 chip, stays in, 2 tricks  hand: 2c 3c Qh" in lines
    assert " seat 0: -1 chips, stays in, 0 tricks" in lines


def test_a_loo_in_the_last_round_goes_to_nobody() -> None:
    """After the last round there is no next pot: the looed player's chips go to nobody (rules/loo.md#carry-over)."""
    _, events = _played(1, TRICKS)
    looed = [event for event in events if isinstance(event, Looed)]
    assert looed == [Looed(seat=0, chips=3, last_round=True)]
    assert str(looed[0]) == "seat 0 is looed and pays 3 chips to nobody: this was the last round"


def test_a_loo_before_the_last_round_goes_into_the_next_pot() -> None:
    """Before the last round the loo is carried into the next pot (rules/loo.md#looed)."""
    _, events = _played(2, TRICKS)
    looed = [event for event in events if isinstance(event, Looed)]
    assert looed == [Looed(seat=0, chips=3)]
    assert str(looed[0]) == "seat 0 is looed and pays 3 chips into the next pot"


def test_the_last_round_carries_nothing_over() -> None:
    """The last round's end says no chips are carried over; the undistributed loo is said once (rules/loo.md#end)."""
    _, events = _played(1, TRICKS)
    said = [str(event) for event in events][-3:]
    assert said == [
        "round 1 ends",
        "3 chips of loo payments stay undistributed",
        "the game ends -4, 2, -1; seat 1 wins",
    ]
    _, first = _played(2, TRICKS)
    assert "round 1 ends; 3 chips carried over" in [str(event) for event in first]
