"""Kalaha options, states, actions and views as values: dicts, notation, validation and drawing."""

from __future__ import annotations

import json
import re
import string
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames import ConfigError, IllegalActionError, InvalidActionError, InvalidStateError, SeatError
from tablegames.kalaha import Kalaha, KalahaState, Sow
from tests.kalaha.strategies import positions

GAME = Kalaha()


@given(positions())
def test_state_dict_round_trips(state: KalahaState) -> None:
    """to_dict is JSON-ready and from_dict gives an equal state back (rules/kalaha.md#setting-up-a-position)."""
    data = json.loads(json.dumps(state.to_dict()))
    assert state.game.from_dict(data) == state


def test_state_dict_layout() -> None:
    """The dict holds rows in each seat's own pit order, stores and the seat to move."""
    data = GAME.position(rows=((1, 2, 3, 4, 5, 6), (6, 5, 4, 3, 2, 1)), stores=(3, 3), to_move=1).to_dict()
    assert data == {
        "format": "tablegames.state",
        "version": 1,
        "game": "kalaha",
        "options": {"pits": 6, "seeds": 4, "empty_capture": True, "players": 2},
        "pits": [[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]],
        "stores": [3, 3],
        "current_player": 1,
    }


def _start_dict(**change: Any) -> dict[str, Any]:
    return {**GAME.start().to_dict(), **change}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "must be a JSON object"),
        (_start_dict(format="tablegames.view"), "expected 'format': 'tablegames.state'"),
        (_start_dict(version=0), "state format version 0 is not readable"),
        (_start_dict(game="loo"), "this is a state of 'loo', not of 'kalaha'"),
        (_start_dict(options={"pits": 5}), "differ from this game's"),
        (_start_dict(pits=[[4] * 6]), "rows must be two rows"),
        (_start_dict(pits=[[4] * 5, [4] * 6]), "seat 0's row must have 6 entries, got 5"),
        (_start_dict(pits=[[4] * 6, [4, 4, 4, 4, 5, -1]]), "seat 1's row must hold integers of at least 0, got -1"),
        (_start_dict(pits=[[4] * 6, [4, 4, 4, 4, 4, 1.5]]), "must hold integers only, got 1.5"),
        (_start_dict(stores=[0, True]), "stores must hold integers only, got True"),
        (_start_dict(current_player=2), "the seat to move must be 0 or 1"),
        (_start_dict(current_player=None), "the seat to move must be 0 or 1"),
        (_start_dict(pits=[[0] * 6, [4] * 6], stores=[24, 0]), "seat 0's row is empty but seat 1's is not"),
        (_start_dict(pits=[[0] * 6, [0] * 6], stores=[24, 24], current_player=0), "nobody is to move, got 0"),
        (_start_dict(pits=[[1] * 6, [1] * 6]), "the position holds 12 seeds; Kalaha with 6 pits of 4 holds 48"),
        (_start_dict(stores=[10**6, 0]), "holds 1000048 seeds"),
        (_start_dict(version=1.0), "state format version 1.0 is not readable"),
        (_start_dict(options={"pits": 6.0, "seeds": 4, "empty_capture": 1, "players": 2}), "differ from this game's"),
        (_start_dict(board=[]), r"unknown state field\(s\) \['board'\]"),
        ({k: v for k, v in _start_dict().items() if k != "stores"}, r"needs the field\(s\) \['stores'\]"),
    ],
)
def test_bad_state_dicts_are_rejected(data: object, message: str) -> None:
    """from_dict validates everything and names what is wrong (rules/kalaha.md#setting-up-a-position)."""
    with pytest.raises(InvalidStateError, match=message):
        GAME.from_dict(data)


def test_finished_positions_load() -> None:
    """Both rows empty is a finished game with nobody to move (rules/kalaha.md#setting-up-a-position)."""
    state = GAME.position(rows=((0,) * 6, (0,) * 6), stores=(20, 28), to_move=None)
    assert state.is_over
    assert state.winners == frozenset({1})
    assert GAME.from_dict(state.to_dict()) == state


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "tablegames.action", "version": 1, "type": "sow"}, "action field 'pit' is missing"),
        ({"format": "tablegames.action", "version": 1, "type": "pass", "pit": 0}, "one action type, 'sow'"),
        ({"format": "tablegames.action", "version": 1, "type": "sow", "pit": 6}, "from 0 to 5, got 6"),
        ({"format": "tablegames.action", "version": 1, "type": "sow", "pit": 0, "x": 1}, "unknown action field"),
    ],
)
def test_bad_action_dicts_are_rejected(data: object, message: str) -> None:
    """action_from_dict validates the type and the pit."""
    with pytest.raises(InvalidActionError, match=message):
        GAME.action_from_dict(data)


def test_notation_is_the_pit_letter() -> None:
    """Pit 0 is 'a' and so on; parse_action takes either case and rejects other text (rules/kalaha.md#pit-letters)."""
    state = GAME.start()
    assert [str(action) for action in state.legal_actions()] == ["a", "b", "c", "d", "e", "f"]
    assert state.parse_action(" F ") == Sow(5)
    for text in ("g", "1", "", "ab"):
        with pytest.raises(InvalidActionError, match="is not a pit; the pits are the letters a to f"):
            state.parse_action(text)


def test_actions_are_interned_values() -> None:
    """Sow(2) equals the listed action and its repr pastes back."""
    listed = GAME.start().legal_actions()[2]
    assert listed == Sow(2)
    assert repr(listed) == "Sow(pit=2)"
    with pytest.raises(InvalidActionError, match="a pit is an integer from 0 to 25"):
        Sow(-1)


def test_illegal_actions_say_why() -> None:
    """Applying a pit that does not exist, an empty pit, or after the end says why and what is legal."""
    small = Kalaha(pits=3).start()
    with pytest.raises(IllegalActionError, match=r"there is no pit e: the pits are a to c; legal: a, b, c") as caught:
        small.apply(Sow(4))
    assert caught.value.legal == small.legal_actions()
    with pytest.raises(IllegalActionError, match=r"apply takes an action, not text: read 'c' with parse_action"):
        small.apply("c")  # type: ignore[arg-type]
    done = GAME.position(rows=((0,) * 6, (0,) * 6), stores=(24, 24), to_move=None)
    with pytest.raises(IllegalActionError, match="the game is over"):
        done.apply(Sow(0))


def test_view_holds_the_whole_board() -> None:
    """Kalaha hides nothing: every view holds both rows and stores; legal actions go to the mover only."""
    state = GAME.start().apply(Sow(2))
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert mine.pits == theirs.pits == spectator.pits == state.pits
    assert mine.legal_actions == state.legal_actions()
    assert theirs.legal_actions == spectator.legal_actions == ()
    assert json.loads(json.dumps(mine.to_dict()))["legal_actions"] == ["a", "b", "d", "e", "f"]
    with pytest.raises(SeatError, match="seat must be 0 to 1 or None, got 2"):
        state.view(2)


def test_view_draws_the_board_from_the_seats_side() -> None:
    """str(view) puts the seat's own row at the bottom, its store on the right (rules/kalaha.md#board-drawing)."""
    rich = Kalaha(seeds=8).position(rows=((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12)), stores=(9, 9), to_move=1)
    state = rich
    assert str(state.view(1)).splitlines()[:5] == [
        "       f   e   d   c   b   a",
        "     [ 6][ 5][ 4][ 3][ 2][ 1]",
        "[ 9]                          [ 9]",
        "     [ 7][ 8][ 9][10][11][12]",
        "       a   b   c   d   e   f",
    ]
    assert str(state.view(1)).splitlines()[5] == "seat 1 to move: a b c d e f"


@given(st.integers(-2, 30), st.integers(-2, 10), st.sampled_from([True, False, 1, 0, None]))
def test_options_in_range_are_accepted_and_others_refused(pits: int, seeds: int, empty_capture: Any) -> None:
    """Pits from 1 to 26, seeds from 1, empty_capture True or False; anything else is a ConfigError naming the option.

    Checks rules/kalaha.md#options.
    """
    checks = (("pits", 1 <= pits <= 26), ("seeds", seeds >= 1), ("empty_capture", isinstance(empty_capture, bool)))
    bad = [name for name, ok in checks if not ok]
    if bad:
        with pytest.raises(ConfigError, match=f"^{bad[0]} must be"):
            Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
    else:
        game = Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
        assert game.options() == {"pits": pits, "seeds": seeds, "empty_capture": empty_capture, "players": 2}
        assert game.start().pits == ((seeds,) * pits,) * 2


def test_option_defaults_are_the_sheets_game() -> None:
    """By default six pits of four seeds, the sheet's capture rule and two players; only two may play.

    Checks rules/kalaha.md#options.
    """
    assert Kalaha().options() == {"pits": 6, "seeds": 4, "empty_capture": True, "players": 2}
    assert Kalaha(players=2) == Kalaha()
    for players in (1, 3):
        with pytest.raises(ConfigError, match=f"Kalaha is for exactly 2 players, got players={players}"):
            Kalaha(players=players)


@given(st.integers(1, 26), st.data())
def test_every_pit_has_its_letter(pits: int, data: st.DataObject) -> None:
    """Pit i is the i-th letter, read back in either case; the letters past the last pit are refused.

    Checks rules/kalaha.md#pit-letters.
    """
    state = Kalaha(pits=pits, seeds=1).start()
    assert [str(action) for action in state.legal_actions()] == list(string.ascii_lowercase[:pits])
    pit = data.draw(st.integers(0, pits - 1))
    letter = string.ascii_lowercase[pit]
    assert state.parse_action(letter) == state.parse_action(letter.upper()) == Sow(pit)
    for beyond in string.ascii_lowercase[pits:]:
        with pytest.raises(InvalidActionError, match="is not a pit"):
            state.parse_action(beyond)


@given(positions(), st.sampled_from((0, 1)))
def test_the_drawing_puts_the_seats_row_below_and_its_store_on_the_right(state: KalahaState, seat: int) -> None:
    """The seat's row is drawn at the bottom from pit a, its store on the right; the opponent's row on top, reversed.

    Checks rules/kalaha.md#board-drawing and rules/kalaha.md#the-board.
    """
    lines = str(state.view(seat)).splitlines()
    letters = list(string.ascii_lowercase[: state.game.pits])

    def numbers(line: str) -> list[int]:
        return [int(number) for number in re.findall(r"\d+", line)]

    assert lines[0].split() == letters[::-1]
    assert numbers(lines[1]) == list(state.pits[1 - seat])[::-1]
    assert numbers(lines[2]) == [state.stores[1 - seat], state.stores[seat]]
    assert numbers(lines[3]) == list(state.pits[seat])
    assert lines[4].split() == letters


@given(positions(), st.integers(1, 3), st.sampled_from((0, 1)))
def test_positions_that_could_not_occur_are_refused(state: KalahaState, extra: int, seat: int) -> None:
    """A position is refused when its seeds do not add up to 2*pits*seeds, or when one row alone is empty.

    Checks rules/kalaha.md#setting-up-a-position.
    """
    game, rows, stores = state.game, state.pits, state.stores
    assert isinstance(game, Kalaha)
    assert game.position(rows=rows, stores=stores, to_move=state.current_player) == state
    with pytest.raises(InvalidStateError, match=f"holds {2 * game.pits * game.seeds + extra} seeds"):
        game.position(rows=rows, stores=(stores[0] + extra, stores[1]), to_move=state.current_player)
    emptied = [list(rows[0]), list(rows[1])]
    swept = [stores[0], stores[1]]
    swept[seat] += sum(emptied[seat])
    emptied[seat] = [0] * game.pits
    with pytest.raises(InvalidStateError, match=f"seat {seat}'s row is empty but seat {1 - seat}'s is not"):
        game.position(rows=emptied, stores=swept, to_move=state.current_player)


@given(positions(), st.data())
def test_a_reached_position_equals_the_same_position_set_up(state: KalahaState, data: st.DataObject) -> None:
    """A position reached by a move equals, and hashes as, the same position set up; another seat to move differs.

    Checks rules/kalaha.md#equal-positions.
    """
    reached = state.apply(data.draw(st.sampled_from(state.legal_actions())))
    game = reached.game
    assert isinstance(game, Kalaha)
    set_up = game.position(rows=reached.pits, stores=reached.stores, to_move=reached.current_player)
    assert reached == set_up
    assert hash(reached) == hash(set_up)
    assert len({reached, set_up}) == 1
    if reached.current_player is not None:
        other = game.position(rows=reached.pits, stores=reached.stores, to_move=1 - reached.current_player)
        assert other != reached
